// Types for web/lib/silk.mjs. Units: px, px/frame (compat velocities), px/frame^2 (gravity),
// factors per frame (friction), seconds (advance, stepper), radians (angles); the robust
// solver uses px/s^2 and rates per second (RobustSettings).

export declare const DIAG: Readonly<Record<
  | 'FRAME_COUNT' | 'PARTICLES' | 'CONSTRAINTS' | 'DISTANCES' | 'GRIPS' | 'ANGLES' | 'PINS'
  | 'RELAXATIONS_PER_FRAME' | 'ERROR_MEDIAN' | 'ERROR_P99' | 'ERROR_MAX' | 'STRAIN_MEDIAN'
  | 'STRAIN_P97' | 'STRAIN_MAX' | 'GRIP_ERROR_MEDIAN' | 'GRIP_ERROR_MAX' | 'ANGLE_ERROR_MEDIAN'
  | 'ANGLE_ERROR_MAX' | 'K_MAX' | 'STEP' | 'K_EFFECTIVE' | 'STABILITY_MARGIN' | 'VERDICT'
  | 'NAN_COUNT' | 'CENTER_X' | 'CENTER_Y' | 'BOUNDING_RADIUS' | 'KINETIC_ENERGY'
  | 'ADVANCE_STEPS' | 'ADVANCE_ALPHA' | 'ADVANCE_DROPPED' | 'ACCUMULATOR' | 'TOTAL_STEPS'
  | 'SIM_SECONDS' | 'LOOP_MODE' | 'EXPLODED' | 'SOLVER' | 'SUBSTEPS' | 'HEALTH' | 'SPEED_MAX'
  | 'ENERGY_GROWTH' | 'UNHEALTHY_STEPS' | 'HEALTH_RESTORES' | 'CONTACTS' | 'OVERLAP_MAX'
  | 'OVERLAP_P99' | 'OVERLAP_RATIO_MAX' | 'SLEEPING', number>>;
export declare const DIAG_NAMES: readonly string[];
export declare const VERDICTS: readonly ['stable', 'marginal', 'unstable'];
export declare const LOOP_MODES: readonly ['fixed', 'coupled'];
export declare const SCENES: readonly ['web', 'cloth', 'shapes', 'tree', 'ball-pit', 'chain-cloth'];
export declare const INTEGRATORS: readonly ['explicit', 'semi-implicit', 'verlet'];
export declare const FLOOR_RULES: readonly ['none', 'snap', 'mirror'];
export declare const SOLVERS: readonly ['compat', 'robust'];
export declare const HEALTHS: readonly ['healthy', 'exploding', 'nonfinite'];
export declare const CONSTRAINT_KINDS: Readonly<Record<number, 'distance' | 'pin' | 'angle'>>;
/** Every numeric SILK_* #define of silk.h without its prefix (MAX_PARTICLES, MAX_RELAX_PASSES, ...),
 *  generated into silk-boundary.mjs by scripts/gen-boundary.mjs. */
export declare const LIMITS: Readonly<Record<string, number>>;
/** The engine's defaults of the defs' settings by C field (engine/src/settings.h, as
 *  silk_default_*_def() sets them), generated: e.g. DEFAULTS.silk_world_def.width. */
export declare const DEFAULTS: Readonly<Record<'silk_world_def' | 'silk_stepper_def' | 'silk_robust_def' | 'silk_watchdog_def',
  Readonly<Record<string, number | boolean | readonly [number, number]>>>>;

export type Verdict = 'stable' | 'marginal' | 'unstable';
export type LoopMode = 'fixed' | 'coupled';
export type SceneName = 'web' | 'cloth' | 'shapes' | 'tree' | 'ball-pit' | 'chain-cloth';
export type Vec2 = [number, number];
export type Integrator = 'explicit' | 'semi-implicit' | 'verlet';
export type FloorRule = 'none' | 'snap' | 'mirror';
export type SolverName = 'compat' | 'robust';
export type Health = 'healthy' | 'exploding' | 'nonfinite';

/** Robust solver settings: seconds and px (see silk.h "The robust solver"). */
export interface RobustSettings {
  gravity: Vec2;           // px/s^2, default [0, 720] (= 0.2 px/frame^2 at 60 Hz)
  damping: number;         // velocity decay rate, 1/s, default 0.603 (= friction 0.99 per 1/60 s)
  groundFriction: number;  // tangential decay on the floor, 1/s, default 13.39 (= 0.8 per frame)
  substeps: number;        // per step, 1..256, default 8
  iterations: number;      // Gauss-Seidel passes per substep, 1..64, default 1
  ceiling: boolean;        // one-way ceiling at y = 0, default true
  restitution: number;     // 0..1, default 0
  maxStepSeconds: number;  // coupled loop mode: longest step, default 1/30
  tethers: boolean;        // long-range attachments to the nearest pin (rigid hanging cloth/rope), default false
  nearPass: boolean;       // an extra scaled pass near the pins each substep, default true
  nearPasses: number;      // how many near passes (nearPass on), 1..64, default 1 (a hanging cloth: 4-6)
  chains: boolean;         // solve links path by path, one direct tridiagonal solve each (ropes), default false
  nearMobility: number;    // near passes: how far a link's end nearer the pins moves, (0, 1], default 1 (a hanging cloth: 0.25)
  contactFriction: number;    // particle contacts (radius > 0): positional Coulomb friction, >= 0, default 0.3
  contactRestitution: number; // particle contacts: normal bounce, [0, 1], default 0
  sleep: boolean;          // resting discs sleep (islands of touching discs), default false (the ball pit: true)
  sleepSpeed: number;      // a disc slower than this is resting, px/s, >= 0, default 12
  sleepSteps: number;      // steps every disc of an island must rest before it sleeps, 1..1000000, default 30
}

/** Which particles collide (per composite; silk.h "Collisions"). */
export interface CollisionFilter {
  categoryBits: number; // unsigned 32-bit, default 1
  maskBits: number;     // unsigned 32-bit, default 4294967295 (0xFFFFFFFF: every category)
  selfCollide: boolean; // the composite's own particles collide, default false
}

export interface WatchdogOptions {
  enabled?: boolean;          // default true
  window?: number;            // steps of energy history, 2..256, default 60
  radiusFactor?: number;      // canvas sizes, default 4
  speedLimit?: number;        // canvas sizes per second, default 4
  energyGrowth?: number;      // factor over the window, default 100
  autoRestore?: boolean;      // restore the last healthy snapshot, default false
  snapshotInterval?: number;  // steps between healthy snapshots, default 60
}

export interface ConstraintOptions {
  /** XPBD compliance, px per unit force, 0 = rigid; default: mapped from stiffness. */
  compliance?: number;
}

export interface PlayStatus {
  playing: boolean;
  finished: boolean;
  step: number;
  steps: number;
  /** 16 hex digits once finished, else null */
  hash: string | null;
  recordedHash: string;
  matches: boolean;
  /** the most one step of this recording may cost, in element passes (silk_play_status.step_work) */
  stepWork: number;
}

export interface ReplayResult {
  steps: number;
  /** 16 hex digits */
  hash: string;
  recordedHash: string;
  matches: boolean;
}

export interface LoadOptions {
  /** URL, path (relative to silk.mjs; in the npm package, to the page), bytes or a compiled
   *  module. Default: one module compiled once per page, from ./silk.wasm beside silk.mjs, or in
   *  the npm package from the bytes inline (no file to serve, nothing for a bundler to copy). */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
}

export interface WorldOptions {
  width?: number;            // px, default 800
  height?: number;           // px, default 500
  gravity?: Vec2;            // px/frame^2, default [0, 0.2]
  friction?: number;         // per frame, default 0.99
  groundFriction?: number;   // per frame on the floor line, default 0.8
  seed?: number | bigint;    // SplitMix64 seed, default 1
  relaxPasses?: number;      // relaxation passes per frame used by advance(), default 16
  step?: number;             // verlet-js's name for relaxPasses (frame(step)); either may be given
  stepSeconds?: number;      // fixed step, default 1/60
  maxStepsPerFrame?: number; // clamp, default 8
  loopMode?: LoopMode;       // default 'fixed'
  solver?: SolverName;       // default 'compat'
  substeps?: number;         // robust, default 8
  iterations?: number;       // robust, default 1
  ceiling?: boolean;         // robust, default true
  restitution?: number;      // robust, default 0
  tethers?: boolean;         // robust, default false
  nearPass?: boolean;        // robust, default true (false: exactly substeps x iterations passes)
  nearPasses?: number;       // robust, default 1
  chains?: boolean;          // robust, default false
  nearMobility?: number;     // robust, default 1
  /** robust settings; default: mapped from gravity, friction, groundFriction, stepSeconds */
  robust?: Partial<RobustSettings>;
  watchdog?: WatchdogOptions;
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
  kMax: number; relaxPasses: number; /** the same, verlet-js's name */ step: number;
  kEffective: number; stabilityMargin: number;
  verdict: Verdict;
  nanCount: number; centerX: number; centerY: number; boundingRadius: number;
  /** sum of 0.5 |p - q|^2, px^2/frame^2 */
  kineticEnergy: number;
  advanceSteps: number; advanceAlpha: number; advanceDropped: number; accumulator: number;
  totalSteps: number; simSeconds: number; loopMode: LoopMode; exploded: boolean;
  solver: SolverName; substeps: number; health: Health;
  /** fastest particle over the last step, px/s */
  speedMax: number;
  /** kinetic energy now / its minimum over the watchdog window */
  energyGrowth: number;
  unhealthySteps: number; healthRestores: number;
  /** overlapping colliding disc pairs now; deepest overlap and its 99th percentile (px); deepest / its pair's smaller radius */
  contacts: number; overlapMax: number; overlapP99: number; overlapRatioMax: number;
  /** sleeping particles (robust sleep) */
  sleeping: number;
}

export interface ConstraintInfo {
  kind: 'distance' | 'pin' | 'angle';
  a: number; b: number; c: number; stiffness: number;
  /** distance: rest length; angle: rest angle (rad) */
  rest: number;
  target: Vec2;
  /** robust compliance (0 = rigid) */
  compliance: number;
}

export interface SpiderInfo {
  webComposite: number; spiderComposite: number; thorax: number; head: number; abdomen: number;
  feet: number[]; legIndex: number;
}

export interface SweepRow {
  step: number; kEffective: number; stabilityMargin: number; verdict: Verdict;
  boundingRadius: number; nanCount: number; exploded: boolean;
}

/** The integrator-stability lesson's ball (silk_ball in silk.h). SI units: m, s, m/s, J (m = 1 kg). */
export interface BallRunOptions {
  integrator?: Integrator; // default 'semi-implicit'
  h?: number;              // frame step, s, > 0; default 1/60
  substeps?: number;       // integer 1..65536 steps of h / substeps per frame; default 1
  steps?: number;          // frames, integer 1..1e5 (steps * substeps <= 2^26); default 120
  v0?: number;             // launch speed, m/s; default 0
  angle?: number;          // launch angle above +x, rad; default 0.9 (the lesson's)
  x0?: number;             // m, default 0
  y0?: number;             // m, default 5
  g?: number;              // m/s^2 towards -y, default 9.81
  floor?: FloorRule;       // default 'snap' (the lesson's); 'mirror' reflects the penetration
  floorY?: number;         // m, default 0
}

/** steps + 1 entries each; entry 0 is the launch, entry k the state after frame k. */
export interface BallRun {
  t: Float64Array;  // k h, s
  x: Float64Array;
  y: Float64Array;
  vx: Float64Array;
  vy: Float64Array; // Verlet: its velocity estimate
  E: Float64Array;  // (vx^2 + vy^2)/2 + g y, J
  /** E just before the floor rule at the frame's last contact; NaN when none */
  preContactE: Float64Array;
  contacts: number;
}

export interface PolygonOptions {
  points: Vec2[];     // 3..64 vertices of a convex polygon, px, either winding
  friction?: number;  // >= 0, tangential correction per px of depth; default 0.5
}

/** A fixed-step accumulator in wasm (silk_stepper): the fixed-step loop article's FixedStepLoop. */
export declare class Stepper {
  readonly stepSeconds: number;
  readonly maxStepsPerFrame: number;
  readonly destroyed: boolean;
  /** returns the same record object every call */
  advance(seconds: number): AdvanceResult;
  reset(): void;
  destroy(): void;
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
  readonly constraintCompliance: Float64Array;
  /** pin targets x0 y0 x1 y1 ... per constraint (pins only; 0, 0 for other kinds) */
  readonly constraintTargets: Float64Array;
  readonly diagnosticsView: Float64Array;
  gravity: Vec2;
  friction: number;
  groundFriction: number;
  readonly width: number;
  readonly height: number;
  /** relaxation passes per frame that advance() uses */
  relaxPasses: number;
  /** verlet-js's name for relaxPasses (its frame(step)) */
  step: number;
  loopMode: LoopMode;
  autoCrawl: boolean;
  readonly draggedParticle: number;
  /** the pin the current drag moves (an index into the constraint views), or -1 */
  readonly draggedPin: number;
  /** pointer samples queued by queuePointer that no step has taken yet */
  readonly pointerQueueCount: number;

  destroy(): void;
  clear(): void;
  setSize(width: number, height: number): void;
  setSeed(seed: number | bigint): void;
  random(): number;
  setStepper(options?: { stepSeconds?: number; maxStepsPerFrame?: number }): void;

  addComposite(): number;
  /** Adds a particle to `composite`; returns its index in the WORLD (world-wide, not a position
   *  inside the composite): the index every particle argument below takes. */
  addParticle(composite: number, x: number, y: number): number;
  setPosition(i: number, x: number, y: number): void;
  setLastPosition(i: number, x: number, y: number): void;
  /** A distance between particles a and b: WORLD-WIDE indices (addParticle's), of any
   *  composites; `composite` only owns the constraint (its removal, the compat solver's relax
   *  order). addDistance(b, 0, 1, k) on a second composite joins the world's first two
   *  particles, not b's: pass the indices addParticle returned. */
  addDistance(composite: number, a: number, b: number, stiffness: number, rest?: number, options?: ConstraintOptions): number;
  addDistance(composite: number, a: number, b: number, stiffness: number, options: ConstraintOptions): number;
  /** Pins particle i (a world-wide index) at (x, y); without them, where it is now. */
  addPin(composite: number, i: number, x?: number, y?: number): number;
  /** The angle a-b-cc (world-wide indices, any composites). */
  addAngle(composite: number, a: number, b: number, cc: number, stiffness: number, options?: ConstraintOptions): number;
  removeConstraint(composite: number, index: number): void;
  constraint(composite: number, index: number): ConstraintInfo;
  compositeConstraints(composite: number): { begin: number; count: number };
  particleComposite(i: number): number;

  /** (step + 1) x workElements must be <= LIMITS.CALL_MAX_PASSES unless step is 1 (RangeError naming the most). */
  frame(step: number): void;
  /** iterations x workElements must be <= LIMITS.LAB_MAX_PASSES (RangeError naming the most per call). */
  relax(iterations: number, coef: number): void;
  /** returns the same record object every call. Runs at most LIMITS.CALL_MAX_PASSES / stepWork steps
   *  per call (fewer than maxStepsPerFrame on a very heavy world: the rest is dropped, as by the clamp);
   *  a world whose one step is more than that throws a RangeError naming the setting to lower. */
  advance(seconds: number): AdvanceResult;
  resetClock(): void;

  findNearest(x: number, y: number, radius?: number): number;
  dragBegin(i: number, x: number, y: number): void;
  dragMove(x: number, y: number): void;
  dragEnd(): void;
  /**
   * queues a pointer sample for the drag in progress: (x, y) px at `time` seconds from the start
   * of the time the next advance(dt) feeds (0..dt is that call; in queue order). advance() applies
   * each at the fixed step its time falls in. Throws Error without a drag; at most
   * LIMITS.MAX_POINTER_SAMPLES are kept (the oldest is forgotten).
   */
  queuePointer(x: number, y: number, time: number): void;
  /** applies the newest queued sample now and empties the queue (a paused host) */
  flushPointer(): void;
  /** the pin a drag of particle i moves instead of it (index into the constraint views), or -1 */
  particlePin(i: number): number;

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
  /** at most runFramesMax(step) frames: frames x (step + 1) x workElements <= LIMITS.LAB_MAX_PASSES
   *  (about 2 s on a phone-class CPU at worst), else a RangeError naming that most. */
  runFrames(frames: number, step?: number, center?: Vec2): Diagnostics;
  /** the most frames of `step` passes one runFrames call may run */
  runFramesMax(step?: number): number;
  /** particles + constraints + 7 per angle + the grips the crawl may still add + 1: what the work bound counts a pass over */
  readonly workElements: number;
  /** element passes one step costs at the settings now (the unit of LIMITS.CALL_MAX_PASSES) */
  readonly stepWork: number;

  /** 'compat' (verlet-js) or 'robust' (XPBD in seconds); switching keeps the motion */
  solver: SolverName;
  setSolver(name: SolverName): void;
  robust: RobustSettings;
  /** changes the given robust settings, keeps the others */
  setRobust(settings: Partial<RobustSettings>): void;
  /** sets the robust gravity, damping and groundFriction that match the compat settings now (one frame per fixed step) */
  matchRobustToCompat(): void;
  /** one robust step of `seconds`, whatever the selected solver; settings whose one step passes
   *  LIMITS.CALL_MAX_PASSES throw a RangeError naming the most substeps */
  robustStep(seconds: number): void;
  setMass(i: number, mass: number): void;
  setInverseMass(i: number, inverseMass: number): void;
  inverseMass(i: number): number;
  setCompliance(composite: number, index: number, compliance: number): void;
  compliance(composite: number, index: number): number;
  /** collisions (robust solver): radius px in [0, LIMITS.MAX_RADIUS], 0 = a point */
  setRadius(i: number, radius: number): void;
  radius(i: number): number;
  readonly radii: Float64Array;
  setCollisionFilter(composite: number, filter: Partial<CollisionFilter>): void;
  collisionFilter(composite: number): CollisionFilter;

  /** a static convex polygon the robust solver keeps particles out of; returns its id */
  addPolygon(options: PolygonOptions): number;
  readonly polygonCount: number;
  /** vertices as stored (positive signed area: clockwise on screen) */
  polygon(i: number): Vec2[];
  /** the deepest particle inside any polygon: depth px (0 when none), particle (-1 when none) */
  polygonPenetration(): { depth: number; particle: number };
  /** removes the distance constraints crossing the segment; returns how many */
  cut(ax: number, ay: number, bx: number, by: number): number;

  /** the watchdog's verdict after the last step */
  health(): Health;
  /** measures now */
  checkHealth(): Health;
  setWatchdog(options?: WatchdogOptions): void;

  /** FNV-1a 64 of the state: 16 hex digits, the same natively and in every browser (robust) */
  stateHash(): string;
  snapshot(): Uint8Array;
  /** throws on foreign or corrupt bytes, leaving the world unchanged */
  restore(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): void;
  startRecording(): void;
  /** stops and returns the recording file */
  stopRecording(): Uint8Array;
  readonly recording: boolean;
  /** the recording so far; `silk-lab replay FILE` reads it */
  exportRecording(): Uint8Array;
  /** a replay to watch: from the next advance() on, steps apply the recording's inputs */
  playBegin(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): void;
  playStatus(): PlayStatus;
  playStop(): void;
  /** Runs at most maxSteps steps of the armed replay (no wall clock); returns how many ran.
   *  maxSteps x stepWork must be <= LIMITS.LAB_MAX_PASSES (RangeError naming the most per call). */
  playRun(maxSteps: number): number;
  /** restores the recording's snapshot into this world and replays it; steps x stepWork must be
   *  <= LIMITS.LAB_MAX_PASSES (RangeError naming the most: play longer ones with playBegin + playRun) */
  replay(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): ReplayResult;

  /** replaces the content with a scene (object or JSON string); checked in full first: a bad
   *  scene throws TypeError / RangeError naming the field and changes nothing. Keeps the
   *  stepper, loop mode and watchdog. */
  load(scene: SilkScene | string): SilkSceneInfo;
  /** the world as a scene: load(world.toJSON()) gives the same stateHash() */
  toJSON(): SilkScene;
}

export interface Silk {
  readonly exports: WebAssembly.Exports;
  readonly memory: WebAssembly.Memory;
  createWorld(options?: WorldOptions): World;
  stepSweep(options?: { width?: number; height?: number; scene?: SceneName; tensor?: number; seed?: number | bigint; frames?: number; count?: number }): SweepRow[];
  ballRun(options?: BallRunOptions): BallRun;
  /** a standalone stepper: stepSeconds > 0 (default 1/60), maxStepsPerFrame >= 1 (default 8); defaults are the engine's */
  createStepper(options?: { stepSeconds?: number; maxStepsPerFrame?: number }): Stepper;
  /** Which module this is: 'full' (silk.wasm) or 'compat' (silk-lite.wasm: the compat solver
   *  only; robust calls throw until upgrade()). */
  readonly module: 'full' | 'compat';
  /** Moves this Silk and every live World to the full module in place (same objects, same
   *  state hashes); `source` as loadSilk's options.wasm. Refuses while a world records. */
  upgrade(source?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module): Promise<Silk>;
  /** robust settings that move like these compat ones (gravity px/frame^2, per-frame factors) */
  robustFromCompat(options?: { gravity?: Vec2; friction?: number; groundFriction?: number; frameSeconds?: number }): RobustSettings;
  /** compliance matching compat stiffness for a constraint with sum |grad C|^2 = w (2: distance) */
  complianceFromStiffness(stiffness: number, w?: number): number;
}

/** A scene as data (docs/library.md, "Scenes as data"): what world.load reads and toJSON writes.
 *  Particle references are indices within their composite, or [composite, index]. */
export interface SilkScene {
  format: 'silk-scene';
  version: 1;
  name?: string;
  solver?: SolverName;               // 'compat' when omitted
  /** the world settings by option name (WorldOptions' width ... relaxPasses); the engine's when omitted */
  world?: { width?: number; height?: number; gravity?: Vec2; friction?: number; groundFriction?: number; seed?: number | string; relaxPasses?: number };
  /** robust settings; omitted ones are mapped from `world` as createWorld maps them */
  robust?: Partial<RobustSettings>;
  /** the generator's state, 16 hex digits (toJSON writes it when it is not the seed) */
  random?: string;
  /** the extension's values (the extras' spider crawl): toJSON writes them, authors leave them out */
  extension?: { tag: number; values: number[] };
  composites?: SilkSceneComposite[];
  polygons?: PolygonOptions[];
  /** the part of the world a host shows, px; passed through */
  view?: { x: number; y: number; width: number; height: number };
  /** drawing hints for the host (JSON data), passed through */
  draw?: Record<string, unknown>;
}

/** A particle reference: an index within the composite, or [composite, index]. */
export type SilkSceneRef = number | [number, number];

export interface SilkSceneParticle {
  x: number;
  y: number;
  px?: number;               // last position (velocity = p - q per frame); x, y when omitted
  py?: number;
  vx?: number;               // the robust velocity kept between steps, px/s (toJSON writes it)
  vy?: number;
  mass?: number;             // > 0 (or inverseMass, 0 = immovable); 1 when omitted
  inverseMass?: number;
  radius?: number;           // px, [0, LIMITS.MAX_RADIUS]: a disc (robust collisions)
  pinned?: boolean;          // adds a pin where it is, after the composite's constraints
  sleep?: number;            // robust sleep state (toJSON writes it): k > 0 resting steps, -(root + 1) asleep
}

export type SilkSceneConstraint =
  | { type: 'distance'; a: SilkSceneRef; b: SilkSceneRef; stiffness?: number; rest?: number; compliance?: number }
  | { type: 'angle'; a: SilkSceneRef; b: SilkSceneRef; c: SilkSceneRef; stiffness: number; rest?: number; compliance?: number }
  | { type: 'pin'; particle: SilkSceneRef; x?: number; y?: number };

export interface SilkSceneComposite {
  name?: string;
  particles: (SilkSceneParticle | Vec2)[];
  /** in solver order; then distance, angle and pins are appended in that order */
  constraints?: SilkSceneConstraint[];
  distance?: ([SilkSceneRef, SilkSceneRef] | [SilkSceneRef, SilkSceneRef, number] | { a: SilkSceneRef; b: SilkSceneRef; stiffness?: number; rest?: number; compliance?: number })[];
  angle?: ([SilkSceneRef, SilkSceneRef, SilkSceneRef, number] | { a: SilkSceneRef; b: SilkSceneRef; c: SilkSceneRef; stiffness: number; rest?: number; compliance?: number })[];
  pins?: (SilkSceneRef | { particle: SilkSceneRef; x?: number; y?: number })[];
  collision?: Partial<CollisionFilter>;
}

/** What world.load returns for the host: the scene's name, view box and drawing hints, or null. */
export interface SilkSceneInfo {
  name: string | null;
  view: { x: number; y: number; width: number; height: number } | null;
  draw: Record<string, unknown> | null;
}

/** The scene format's own size limits (MAX_CHARS, MAX_PARTICLES, MAX_CONSTRAINTS, MAX_COMPOSITES, ...). */
export declare const SCENE_LIMITS: Readonly<Record<string, number>>;
/** Checks a scene's shape without a world: throws the TypeError / RangeError world.load would for
 *  it, naming the field. The engine's range checks (radius, polygon outline ...) run in load. */
export declare function checkScene(data: SilkScene | string | unknown): void;

export declare function loadSilk(options?: LoadOptions): Promise<Silk>;
