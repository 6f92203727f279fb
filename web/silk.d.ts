// Types for web/silk.mjs. Units: px, px/frame (compat velocities), px/frame^2 (gravity),
// factors per frame (friction), seconds (advance, stepper), radians (angles).

export declare const DIAG: Readonly<Record<
  | 'FRAME_COUNT' | 'PARTICLES' | 'CONSTRAINTS' | 'DISTANCES' | 'GRIPS' | 'ANGLES' | 'PINS'
  | 'RELAXATIONS_PER_FRAME' | 'ERROR_MEDIAN' | 'ERROR_P99' | 'ERROR_MAX' | 'STRAIN_MEDIAN'
  | 'STRAIN_P97' | 'STRAIN_MAX' | 'GRIP_ERROR_MEDIAN' | 'GRIP_ERROR_MAX' | 'ANGLE_ERROR_MEDIAN'
  | 'ANGLE_ERROR_MAX' | 'K_MAX' | 'STEP' | 'K_EFFECTIVE' | 'STABILITY_MARGIN' | 'VERDICT'
  | 'NAN_COUNT' | 'CENTER_X' | 'CENTER_Y' | 'BOUNDING_RADIUS' | 'KINETIC_ENERGY'
  | 'ADVANCE_STEPS' | 'ADVANCE_ALPHA' | 'ADVANCE_DROPPED' | 'ACCUMULATOR' | 'TOTAL_STEPS'
  | 'SIM_SECONDS' | 'LOOP_MODE' | 'EXPLODED', number>>;
export declare const DIAG_NAMES: readonly string[];
export declare const VERDICTS: readonly ['stable', 'marginal', 'unstable'];
export declare const LOOP_MODES: readonly ['fixed', 'coupled'];
export declare const SCENES: readonly ['web', 'cloth', 'shapes', 'tree'];

export type Verdict = 'stable' | 'marginal' | 'unstable';
export type LoopMode = 'fixed' | 'coupled';
export type SceneName = 'web' | 'cloth' | 'shapes' | 'tree';
export type Vec2 = [number, number];

export interface LoadOptions {
  /** URL, path relative to silk.mjs, bytes or a compiled module. Default: ./silk.wasm */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
}

export interface WorldOptions {
  width?: number;            // px, default 800
  height?: number;           // px, default 500
  gravity?: Vec2;            // px/frame^2, default [0, 0.2]
  friction?: number;         // per frame, default 0.99
  groundFriction?: number;   // per frame on the floor line, default 0.8
  seed?: number | bigint;    // SplitMix64 seed, default 1
  step?: number;             // relaxation passes per frame used by advance(), default 16
  stepSeconds?: number;      // fixed step, default 1/60
  maxStepsPerFrame?: number; // clamp, default 8
  loopMode?: LoopMode;       // default 'fixed'
}

export interface AdvanceResult {
  steps: number;
  /** in [0, 1) */
  alpha: number;
  droppedSeconds: number;
  accumulatorSeconds: number;
}

export interface Diagnostics {
  frameCount: number; particles: number; constraints: number; distances: number; grips: number;
  angles: number; pins: number; relaxationsPerFrame: number;
  /** |len - rest| in px over distance constraints with rest > 0 */
  errorMedian: number; errorP99: number; errorMax: number;
  /** |len - rest| / rest */
  strainMedian: number; strainP97: number; strainMax: number;
  /** grip (rest 0) lengths, px */
  gripErrorMedian: number; gripErrorMax: number;
  /** degrees, shortest wrapped angle */
  angleErrorMedian: number; angleErrorMax: number;
  kMax: number; step: number; kEffective: number; stabilityMargin: number;
  verdict: Verdict;
  nanCount: number; centerX: number; centerY: number; boundingRadius: number;
  /** sum of 0.5 |p - q|^2, px^2/frame^2 */
  kineticEnergy: number;
  advanceSteps: number; advanceAlpha: number; advanceDropped: number; accumulator: number;
  totalSteps: number; simSeconds: number; loopMode: LoopMode; exploded: boolean;
}

export interface ConstraintInfo {
  kind: 'distance' | 'pin' | 'angle';
  a: number; b: number; c: number; stiffness: number;
  /** distance: rest length; angle: rest angle (rad) */
  rest: number;
  target: Vec2;
}

export interface SpiderInfo {
  webComposite: number; spiderComposite: number; thorax: number; head: number; abdomen: number;
  feet: number[]; legIndex: number;
}

export interface SweepRow {
  step: number; kEffective: number; stabilityMargin: number; verdict: Verdict;
  boundingRadius: number; nanCount: number; exploded: boolean;
}

export declare class World {
  readonly particleCount: number;
  readonly constraintCount: number;
  readonly compositeCount: number;
  readonly destroyed: boolean;
  /** live views over wasm memory, x0 y0 x1 y1 ...; re-fetch after adding */
  readonly positions: Float64Array;
  readonly lastPositions: Float64Array;
  readonly previousPositions: Float64Array;
  readonly constraintKinds: Uint8Array;
  readonly constraintA: Int32Array;
  readonly constraintB: Int32Array;
  readonly constraintC: Int32Array;
  readonly constraintRest: Float64Array;
  /** pin targets x0 y0 x1 y1 ... per constraint (pins only; 0, 0 for other kinds) */
  readonly constraintTargets: Float64Array;
  readonly diagnosticsView: Float64Array;
  gravity: Vec2;
  friction: number;
  groundFriction: number;
  readonly width: number;
  readonly height: number;
  step: number;
  loopMode: LoopMode;
  autoCrawl: boolean;
  readonly draggedParticle: number;

  destroy(): void;
  clear(): void;
  setSize(width: number, height: number): void;
  setSeed(seed: number | bigint): void;
  random(): number;
  setStepper(options?: { stepSeconds?: number; maxStepsPerFrame?: number }): void;

  addComposite(): number;
  addParticle(composite: number, x: number, y: number): number;
  setPosition(i: number, x: number, y: number): void;
  setLastPosition(i: number, x: number, y: number): void;
  addDistance(composite: number, a: number, b: number, stiffness: number, rest?: number): number;
  addPin(composite: number, i: number, x?: number, y?: number): number;
  addAngle(composite: number, a: number, b: number, cc: number, stiffness: number): number;
  removeConstraint(composite: number, index: number): void;
  constraint(composite: number, index: number): ConstraintInfo;
  compositeConstraints(composite: number): { begin: number; count: number };
  particleComposite(i: number): number;

  frame(step: number): void;
  relax(iterations: number, coef: number): void;
  /** returns the same record object every call */
  advance(seconds: number): AdvanceResult;
  resetClock(): void;

  findNearest(x: number, y: number, radius?: number): number;
  dragBegin(i: number, x: number, y: number): void;
  dragMove(x: number, y: number): void;
  dragEnd(): void;

  spiderweb(o?: { x?: number; y?: number; radius?: number; segments?: number; depth?: number; tensor?: number; stiffness?: number }): number;
  spider(o?: { x?: number; y?: number }): number;
  crawl(leg: number): void;
  spiderTick(): boolean;
  spiderInfo(): SpiderInfo;
  cloth(o?: { x?: number; y?: number; width?: number; height?: number; segments?: number; pinMod?: number; stiffness?: number }): number;
  tire(o?: { x?: number; y?: number; radius?: number; segments?: number; spokeStiffness?: number; treadStiffness?: number }): number;
  lineSegments(o: { points: Vec2[]; stiffness?: number }): number;
  tree(o?: { x?: number; y?: number; depth?: number; branchLength?: number; segmentCoef?: number; theta?: number }): number;
  buildScene(name: SceneName, o?: { tensor?: number }): void;

  updateDiagnostics(cx?: number, cy?: number): Float64Array;
  diagnostics(center?: Vec2): Diagnostics;
  runFrames(frames: number, step?: number, center?: Vec2): Diagnostics;
}

export interface Silk {
  readonly exports: WebAssembly.Exports;
  readonly memory: WebAssembly.Memory;
  createWorld(options?: WorldOptions): World;
  stepSweep(options?: { width?: number; height?: number; scene?: SceneName; tensor?: number; seed?: number | bigint; frames?: number; count?: number }): SweepRow[];
}

export declare function loadSilk(options?: LoadOptions): Promise<Silk>;
