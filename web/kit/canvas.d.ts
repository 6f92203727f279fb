// Types for silk-verlet/canvas (web/kit/canvas.mjs): the canvas kit. Units: seconds (dt, maxDt),
// CSS px (sizes on screen, radii, line widths), world px (positions). docs/library.md
// "Canvas kit" is the manual.
//
// The kit takes any object with the World members it uses (CanvasWorld below), so this file
// imports nothing: a World from silk.createWorld() fits it.

/** The members of a World (silk.d.ts) that the kit reads and calls. */
export interface CanvasWorld {
  readonly destroyed: boolean;
  readonly width: number;
  readonly height: number;
  readonly particleCount: number;
  readonly positions: Float64Array;
  readonly previousPositions: Float64Array;
  /** read by `rest` (the coupled loop, where previousPositions equals positions) when present */
  readonly lastPositions?: Float64Array;
  readonly constraintKinds: Uint8Array;
  readonly constraintA: Int32Array;
  readonly constraintB: Int32Array;
  readonly constraintC: Int32Array;
  readonly constraintTargets: Float64Array;
  readonly polygonCount: number;
  polygon(i: number): [number, number][];
  readonly draggedParticle: number;
  advance(seconds: number): { steps: number; alpha: number; droppedSeconds: number; accumulatorSeconds: number };
  findNearest(x: number, y: number, radius?: number): number;
  dragBegin(i: number, x: number, y: number): void;
  dragMove(x: number, y: number): void;
  dragEnd(): void;
  queuePointer(x: number, y: number, time: number): void;
}

/** A colour set: CSS colour strings; background null leaves the canvas transparent. */
export interface CanvasColors {
  background: string | null;
  /** distance constraints */
  line: string;
  particle: string;
  /** pins, drawn at their targets */
  pin: string;
  /** the ring around the dragged particle */
  dragged: string;
  /** angle constraints (options.angles) */
  angle: string;
  /** static polygons */
  polygon: string;
}

/** 'auto': the reader's prefers-color-scheme; 'page': dark or light as the page behind the
 *  canvas is (its ancestors' background colour, else the page's color-scheme), followed live. */
export type CanvasTheme = 'light' | 'dark' | 'auto' | 'page';

/** The presets: THEMES.light and THEMES.dark. */
export declare const THEMES: Readonly<{ light: Readonly<CanvasColors>; dark: Readonly<CanvasColors> }>;

/** The largest real gap (s) one frame passes on, by default: 0.1. */
export declare const MAX_DT: number;

/** Where the world sits in the canvas: CSS px per world px, offsets of its top-left in CSS px. */
export interface CanvasView {
  dpr: number;
  cssWidth: number;
  cssHeight: number;
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** What onDraw receives after the kit has drawn (ctx is in world px). */
export interface DrawInfo {
  alpha: number;
  /** interpolated positions x0 y0 x1 y1 ... (a scratch array the renderer reuses) */
  positions: Float64Array;
  /** CSS px per world px */
  scale: number;
  view: CanvasView;
}

export interface RendererOptions {
  /** default 'light'; 'auto' follows prefers-color-scheme, 'page' the page behind the canvas, live */
  theme?: CanvasTheme;
  /** colours over the theme's */
  colors?: Partial<CanvasColors>;
  /** 'contain' (default): the world's width x height fitted, uniform scale, centred; 'none': 1 world px per CSS px */
  fit?: 'contain' | 'none';
  /** CSS px, default 1 (0: no lines) */
  lineWidth?: number;
  /** CSS px, default 2 (0: no dots) */
  particleRadius?: number;
  /** CSS px, default 4 (0: no pin discs) */
  pinRadius?: number;
  /** draw angle constraints too; default false */
  angles?: boolean;
  /** called after each draw, with the context transformed to world px */
  onDraw?: ((ctx: CanvasRenderingContext2D, info: DrawInfo) => void) | null;
}

export interface CanvasRenderer {
  readonly view: CanvasView;
  /** the colours in use */
  readonly colors: CanvasColors;
  /** draws the world at interpolation weight alpha in [0, 1] (default 1: the newest step) */
  draw(alpha?: number): void;
  /** sizes the backing store by hand (device px, CSS px) */
  resize(deviceWidth: number, deviceHeight: number, cssWidth: number, cssHeight: number): void;
  /** re-reads the world's size (after setSize) and fits it again */
  refit(): void;
  /** CSS px relative to the canvas's content box -> world px */
  toWorld(cx: number, cy: number): [number, number];
  /** world px -> CSS px relative to the canvas's content box */
  toCanvas(x: number, y: number): [number, number];
  destroy(): void;
}

export interface FrameLoopOptions {
  /** called once per animation frame with the real time since the previous one (s; 0 on the first) */
  onFrame: (dt: number) => void;
  /** s, default 0.1: a longer gap is cut to this (a stall is not caught up) */
  maxDt?: number;
  /** average the last 8 frame times (removes rAF jitter, keeps the total); default true */
  smooth?: boolean;
  /** stop while this element is outside the viewport */
  element?: Element | null;
  clock?: { now(): number; request(cb: (t: number) => void): number; cancel(id: number): void };
  doc?: Document | null;
}

export interface FrameLoop {
  start(): void;
  stop(): void;
  /** true while frames are being requested (started, the document visible, the element on screen) */
  readonly running: boolean;
  /** true while the observed element is outside the viewport (the loop waits) */
  readonly offscreen: boolean;
  readonly frames: number;
  readonly droppedSeconds: number;
  /** the display's rate (Hz), smoothed; 0 until measured */
  readonly measuredHz: number;
  destroy(): void;
}

export interface PointerOptions {
  /** CSS px around a mouse press, default 20 */
  grabRadius?: number;
  /** CSS px around a finger or pen press, default 32 */
  touchGrabRadius?: number;
  /** world px: the selection radius is at least this, default 0 (the demo page's pointer: 20) */
  minRadius?: number;
  /** called after each pointer input */
  onChange?: (() => void) | null;
}

export interface CanvasPointer {
  readonly dragging: number;
  /** applies queued samples now (a paused host) */
  flush(): void;
  cancel(): void;
  /** world.advance(dt) with this frame's pointer samples applied at their steps */
  advance(dt: number, out: { steps: number; alpha: number; dropped: number; accumulator?: number }): { steps: number; alpha: number; dropped: number; accumulator?: number };
  destroy(): void;
}

export interface CanvasDemoOptions extends RendererOptions {
  /** s, default 0.1 */
  maxDt?: number;
  /** default true */
  smooth?: boolean;
  /** stop the loop while the canvas is scrolled out of view; default true */
  pauseOffscreen?: boolean;
  /** pointer dragging; default true */
  drag?: boolean;
  /** CSS px, default 20 */
  grabRadius?: number;
  /** CSS px, default 32 */
  touchGrabRadius?: number;
  /** start the loop at once; default true */
  autoStart?: boolean;
  /**
   * stop the loop once the world is still: no particle moved more than `epsilon` world px
   * (default 0.01) per step for `steps` steps in a row (default 30); a grab, resume() or wake()
   * runs it again. Default false: the kit does not see changes its caller makes to the world
   * (call wake() after one).
   */
  rest?: boolean | { epsilon?: number; steps?: number };
}

export interface CanvasDemoStats {
  /** animation frames the loop ran */
  frames: number;
  /** draws, in and out of the loop */
  drawn: number;
  /** of those, draws outside the loop: a drag while paused or at rest, a resize, a theme change, redraw() */
  redrawn: number;
  /** fixed steps taken */
  steps: number;
  /** seconds the steps simulated (steps x the step length) */
  simulatedSeconds: number;
  /** real time not simulated: gaps over maxDt and the engine's step cap */
  droppedSeconds: number;
  /** the last frame's interpolation weight */
  alpha: number;
  /** measured display rate */
  hz: number;
  paused: boolean;
  running: boolean;
  /** the loop is stopped at rest (options.rest) */
  resting: boolean;
  /** the dragged particle, or -1 */
  dragging: number;
}

export interface CanvasDemo<W extends CanvasWorld = CanvasWorld> {
  readonly world: W;
  readonly canvas: HTMLCanvasElement;
  readonly renderer: CanvasRenderer;
  readonly pointer: CanvasPointer | null;
  readonly loop: FrameLoop;
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** runs the loop again after a rest (options.rest): call it after changing the world */
  wake(): void;
  /** the loop is stopped at rest (options.rest) */
  readonly resting: boolean;
  /** ends the loop, the listeners and the observers; the world stays the caller's */
  stop(): void;
  redraw(): void;
  stats(): CanvasDemoStats;
}

/** Runs a world on a canvas: the fixed-step loop, the renderer and pointer dragging. */
export declare function createCanvasDemo<W extends CanvasWorld>(world: W, canvas: HTMLCanvasElement, options?: CanvasDemoOptions): CanvasDemo<W>;
export declare function createCanvasRenderer(canvas: HTMLCanvasElement, world: CanvasWorld, options?: RendererOptions): CanvasRenderer;
export declare function createFrameLoop(options: FrameLoopOptions): FrameLoop;
export declare function createCanvasPointer(canvas: HTMLCanvasElement, world: CanvasWorld, view: CanvasView, options?: PointerOptions): CanvasPointer;

export declare function fitView(view: CanvasView, cssWidth: number, cssHeight: number, worldW: number, worldH: number): CanvasView;
export declare function viewToWorld(view: CanvasView, cx: number, cy: number): [number, number];
export declare function viewToCanvas(view: CanvasView, x: number, y: number): [number, number];
export declare function observeCanvasSize(canvas: Element, onSize: (deviceWidth: number, deviceHeight: number, cssWidth: number, cssHeight: number) => void): ResizeObserver;
export declare function pinIntrinsicWidth(canvas: HTMLCanvasElement): void;
export declare function createFrameFilter(size?: number): { push(dt: number): number; reset(): void };
export declare function browserClock(win?: Window): { now(): number; request(cb: (t: number) => void): number; cancel(id: number): void };
/**
 * The selection radius in world px for a pointer type, given world px per CSS px: grabRadius CSS
 * px for a mouse, touchGrabRadius for a finger or a pen, at least minRadius world px. The defaults
 * are the demo page's (20, 32, 20); createCanvasPointer passes its options and minRadius 0.
 */
export declare function pickRadius(pointerType: string, worldPerCss: number, radii?: { grabRadius?: number; touchGrabRadius?: number; minRadius?: number }): number;

/** The drag as the engine sees it, without the DOM (the element's Worker drives it from posted samples). */
export interface DragQueue {
  readonly state: { count: number; ending: boolean; pointerId: number; hover: { x: number; y: number } | null; disabled: boolean };
  begin(x: number, y: number, radius: number, pointerId?: number): boolean;
  queue(x: number, y: number): void;
  end(): void;
  flush(): void;
  cancel(): void;
  advance(dt: number, out: { steps: number; alpha: number; dropped: number; accumulator?: number }): { steps: number; alpha: number; dropped: number; accumulator?: number };
}
export declare function createDragQueue(world: CanvasWorld): DragQueue;
export declare function advanceWithPointer(world: CanvasWorld, dt: number, xs: Float64Array, ys: Float64Array, count: number, out: { steps: number; alpha: number; dropped: number; accumulator?: number }): { steps: number; alpha: number; dropped: number; accumulator?: number };
