// silk-world.mjs -- World, the binding of a silk_world: its arrays as live views, settings,
// building, solving, dragging, diagnostics and the silent runs. Its robust-solver, polygon and
// health members are silk-world-robust.mjs, its hash, snapshot, recording and replay members
// silk-world-records.mjs: class bodies whose members are added to World here (one prototype,
// so `Object.getOwnPropertyNames(World.prototype)` lists every member). The scene format's
// members (load, toJSON: silk-world-scene.mjs) are added by installSceneFormat, which silk.mjs
// calls and silk-base.mjs's loadSceneFormat() runs after a lazy import: the element, the page and
// the kit (silk-base.mjs) carry the format only once a JSON scene asks for it. A new group of members
// goes in a file of its own the same way; silk-extras.mjs adds the builders.
import {
  DIAG as FIELD_INDEX, VERDICTS, LOOP_MODES, CONSTRAINT_KINDS, SOLVERS, HEALTHS, LIMITS,
} from './silk-boundary.mjs';
import {
  num, int, obj, vec, oneOf, seedWords, complianceOption, STEPPER_OPTIONS,
} from './silk-checks.mjs';
import { checkStatus, STATUS_OF } from './silk-status.mjs';
import { checkStepWork, framePassesMost } from './silk-work.mjs';
import { View, setDef } from './silk-memory.mjs';
import { WorldRobust } from './silk-world-robust.mjs';
import { WorldRecords } from './silk-world-records.mjs';
import { WorldCollide } from './silk-world-collide.mjs';
import { addSettings, getSetting, setSetting } from './silk-world-settings.mjs';

/** The diagnostics fields' indices. STEP is kept as verlet-js's name for RELAX_PASSES (the
 *  passes of the last frame, frame(step)'s `step`), for callers that index with it. */
export const DIAG = Object.freeze({ ...FIELD_INDEX, STEP: FIELD_INDEX.RELAX_PASSES });

/** camelCase names of the diagnostics fields, in index order. */
export const DIAG_NAMES = Object.freeze(
  Object.keys(FIELD_INDEX).map((k) => k.toLowerCase().replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase())),
);

/** findNearest's default radius: the original's selection radius (silk.h SILK_DRAG_RADIUS). */
const NEAREST_RADIUS = LIMITS.DRAG_RADIUS;

export class World {
  constructor(silk, ptr) {
    this._silk = silk;
    this._ptr = ptr;
    silk._worlds.add(this);
    const n2 = () => 2 * silk.exports.silk_js_particle_count(this._ptr);
    const nc = () => silk.exports.silk_js_constraint_count(this._ptr);
    this._views = {
      positions: new View(silk, Float64Array, () => [silk.exports.silk_js_positions(this._ptr), n2()]),
      last: new View(silk, Float64Array, () => [silk.exports.silk_js_last_positions(this._ptr), n2()]),
      previous: new View(silk, Float64Array, () => [silk.exports.silk_js_previous_positions(this._ptr), n2()]),
      kinds: new View(silk, Uint8Array, () => [silk.exports.silk_js_constraint_kinds(this._ptr), nc()]),
      a: new View(silk, Int32Array, () => [silk.exports.silk_js_constraint_a(this._ptr), nc()]),
      b: new View(silk, Int32Array, () => [silk.exports.silk_js_constraint_b(this._ptr), nc()]),
      c: new View(silk, Int32Array, () => [silk.exports.silk_js_constraint_c(this._ptr), nc()]),
      rest: new View(silk, Float64Array, () => [silk.exports.silk_js_constraint_rest(this._ptr), nc()]),
      compliance: new View(silk, Float64Array, () => [silk.exports.silk_js_constraint_compliance(this._ptr), nc()]),
      targets: new View(silk, Float64Array, () => [silk.exports.silk_js_constraint_targets(this._ptr), 2 * nc()]),
      diagnostics: new View(silk, Float64Array, () => [silk.exports.silk_js_diagnostics(this._ptr), silk.exports.silk_js_diagnostics_capacity()]),
    };
    this._advance = { steps: 0, alpha: 0, droppedSeconds: 0, accumulatorSeconds: 0 };
  }

  // -- plumbing --
  get _x() {
    if (this._ptr === 0) throw new TypeError('silk: this world was destroyed');
    return this._silk.exports;
  }

  /** The one status check (silk-status.mjs): the value, or the error a status < 0 stands for. */
  _call(where, result, how) {
    return checkStatus(this._silk, where, result, how);
  }

  _particle(where, name, i) {
    return int(where, name, i, 0, this.particleCount - 1);
  }

  _composite(where, c) {
    return int(where, 'composite', c, 0, this.compositeCount - 1);
  }

  _constraintIndex(where, composite, index) {
    this._composite(where, composite);
    const count = this._call(where, this._x.silk_js_composite_constraint_count(this._ptr, composite));
    return int(where, 'index', index, 0, count - 1);
  }

  /** Frees the world's memory; any later call throws TypeError. */
  destroy() {
    if (this._ptr !== 0) {
      this._silk.exports.silk_js_world_destroy(this._ptr);
      this._ptr = 0;
      this._silk._worlds.delete(this);
    }
  }

  get destroyed() {
    return this._ptr === 0;
  }

  /** Removes everything; keeps the settings. */
  clear() {
    this._x.silk_js_world_clear(this._ptr);
  }

  // -- counts and views --
  get particleCount() { return this._x.silk_js_particle_count(this._ptr); }
  get constraintCount() { return this._x.silk_js_constraint_count(this._ptr); }
  get compositeCount() { return this._x.silk_js_composite_count(this._ptr); }
  /** Current positions p: live Float64Array view, x0 y0 x1 y1 ... */
  get positions() { this._x; return this._views.positions.get(); }
  /** Last positions q (velocity = p - q, px/frame). */
  get lastPositions() { this._x; return this._views.last.get(); }
  /** Positions before the last fixed step of advance(): draw prev + (cur - prev) * alpha. */
  get previousPositions() { this._x; return this._views.previous.get(); }
  /** Constraint arrays in solver order (composite 0's, then 1's ...): kinds (1 distance, 2 pin, 3 angle), particles a, b, c, rest. */
  get constraintKinds() { this._x; return this._views.kinds.get(); }
  get constraintA() { this._x; return this._views.a.get(); }
  get constraintB() { this._x; return this._views.b.get(); }
  get constraintC() { this._x; return this._views.c.get(); }
  get constraintRest() { this._x; return this._views.rest.get(); }
  /** Robust compliance per constraint, solver order (0 = rigid). */
  get constraintCompliance() { this._x; return this._views.compliance.get(); }
  /** Pin targets, x0 y0 x1 y1 ... per constraint (pins only; (0, 0) for other kinds). */
  get constraintTargets() { this._x; return this._views.targets.get(); }
  /** The raw diagnostics array (index with DIAG); filled by updateDiagnostics / diagnostics / advance. */
  get diagnosticsView() { this._x; return this._views.diagnostics.get(); }

  // -- settings --
  // the world settings' accessors (gravity, friction, ...): silk-world-settings.mjs
  setSize(width, height) {
    num('setSize', 'width', width); num('setSize', 'height', height);
    this._call('setSize', this._x.silk_js_set_size(this._ptr, width, height), { world: this, values: { width, height } });
  }
  /** verlet-js's name for relaxPasses (its frame(step)); kept for the page and old callers. */
  get step() { return getSetting(this, 'relax_passes'); }
  set step(s) { setSetting(this, 'step', 'relax_passes', s); }
  get loopMode() { return LOOP_MODES[this._x.silk_js_get_loop_mode(this._ptr)]; }
  set loopMode(m) {
    const i = oneOf('loopMode', 'loopMode', m, LOOP_MODES);
    this._call('loopMode', this._x.silk_js_set_loop_mode(this._ptr, i));
  }
  /** When on, advance() runs spiderTick() before each frame, as the web page does. */
  get autoCrawl() { return this._x.silk_js_get_auto_crawl(this._ptr) === 1; }
  set autoCrawl(on) {
    if (typeof on !== 'boolean') throw new TypeError(`autoCrawl: autoCrawl must be a boolean, got ${typeof on}`);
    this._call('autoCrawl', this._x.silk_js_set_auto_crawl(this._ptr, on ? 1 : 0));
  }
  /** Re-seeds the world's SplitMix64 generator. */
  setSeed(seed) {
    const [lo, hi] = seedWords('setSeed', seed);
    this._call('setSeed', this._x.silk_js_set_seed(this._ptr, lo, hi));
  }
  /** One draw in [0, 1) from the world's generator. */
  random() { return this._x.silk_js_random(this._ptr); }
  /** Fixed step (seconds) and the cap on steps per advance; what is not given is the engine's default. */
  setStepper(options = {}) {
    setDef(this, 'setStepper', 'silk_stepper_def', STEPPER_OPTIONS, options, false, (p) => this._x.silk_js_set_stepper(this._ptr, p));
  }

  // -- building --
  addComposite() { return this._call('addComposite', this._x.silk_js_add_composite(this._ptr)); }

  addParticle(composite, x, y) {
    const w = 'addParticle';
    this._composite(w, composite); num(w, 'x', x); num(w, 'y', y);
    return this._call(w, this._x.silk_js_add_particle(this._ptr, composite, x, y));
  }

  setPosition(i, x, y) {
    const w = 'setPosition';
    this._particle(w, 'i', i); num(w, 'x', x); num(w, 'y', y);
    this._call(w, this._x.silk_js_set_position(this._ptr, i, x, y));
  }

  setLastPosition(i, x, y) {
    const w = 'setLastPosition';
    this._particle(w, 'i', i); num(w, 'x', x); num(w, 'y', y);
    this._call(w, this._x.silk_js_set_last_position(this._ptr, i, x, y));
  }

  /**
   * Distance constraint; rest omitted = the current length. Returns its index in the composite.
   * A trailing options object { compliance } sets the robust compliance (default: mapped from
   * stiffness); it may also stand in for rest: addDistance(c, a, b, k, { compliance: 0 }).
   */
  addDistance(composite, a, b, stiffness, rest, options) {
    const w = 'addDistance';
    if (rest !== null && typeof rest === 'object' && options === undefined) { options = rest; rest = undefined; }
    this._composite(w, composite); this._particle(w, 'a', a); this._particle(w, 'b', b); num(w, 'stiffness', stiffness);
    const o = obj(w, 'options', options);
    const has = rest !== undefined;
    if (has && num(w, 'rest', rest) < 0) throw new RangeError(`${w}: rest must be >= 0, got ${rest}`);
    const compliance = complianceOption(w, o);
    const index = this._call(w, this._x.silk_js_add_distance(this._ptr, composite, a, b, stiffness, has ? rest : 0, has ? 1 : 0));
    if (compliance !== undefined) this._x.silk_js_set_compliance(this._ptr, composite, index, compliance);
    return index;
  }

  /** Pin constraint; target omitted = where the particle is now. */
  addPin(composite, i, x, y) {
    const w = 'addPin';
    this._composite(w, composite); this._particle(w, 'i', i);
    const has = x !== undefined || y !== undefined;
    if (has) { num(w, 'x', x); num(w, 'y', y); }
    return this._call(w, this._x.silk_js_add_pin(this._ptr, composite, i, has ? x : 0, has ? y : 0, has ? 1 : 0));
  }

  /** Angle constraint a-b-c (measured at b); the rest angle is taken now. Options: { compliance }. */
  addAngle(composite, a, b, cc, stiffness, options) {
    const w = 'addAngle';
    this._composite(w, composite); this._particle(w, 'a', a); this._particle(w, 'b', b); this._particle(w, 'cc', cc);
    num(w, 'stiffness', stiffness);
    const compliance = complianceOption(w, obj(w, 'options', options));
    const index = this._call(w, this._x.silk_js_add_angle(this._ptr, composite, a, b, cc, stiffness));
    if (compliance !== undefined) this._x.silk_js_set_compliance(this._ptr, composite, index, compliance);
    return index;
  }

  /** Order-preserving removal of a composite's constraint. */
  removeConstraint(composite, index) {
    const w = 'removeConstraint';
    this._constraintIndex(w, composite, index);
    this._call(w, this._x.silk_js_remove_constraint(this._ptr, composite, index));
  }

  /** { kind, a, b, c, stiffness, rest, target: [x, y] } of a composite's constraint. */
  constraint(composite, index) {
    const w = 'constraint';
    this._constraintIndex(w, composite, index);
    const s = this._silk._scratch;
    this._call(w, this._x.silk_js_get_constraint(this._ptr, composite, index, s));
    const v = this._silk._readStruct('silk_constraint_info', s);
    const compliance = this._x.silk_js_get_compliance(this._ptr, composite, index);
    return { kind: CONSTRAINT_KINDS[v.kind], a: v.a, b: v.b, c: v.c, stiffness: v.stiffness, rest: v.rest, target: v.target, compliance };
  }

  /** { begin, count }: the composite's run in the constraint arrays. */
  compositeConstraints(composite) {
    const w = 'compositeConstraints';
    this._composite(w, composite);
    return {
      begin: this._call(w, this._x.silk_js_composite_constraint_begin(this._ptr, composite)),
      count: this._call(w, this._x.silk_js_composite_constraint_count(this._ptr, composite)),
    };
  }

  /** The composite a particle belongs to. */
  particleComposite(i) {
    this._particle('particleComposite', 'i', i);
    return this._call('particleComposite', this._x.silk_js_particle_composite(this._ptr, i));
  }

  // -- solving --
  /** One verlet-js frame: integrate, drag, `step` relaxation passes (coef 1/step), bounds. */
  frame(step) {
    int('frame', 'step', step);
    const most = step > 1 ? framePassesMost(this.workElements) : 1;
    if (step > most) {
      throw new RangeError(`frame: step ${step} over ${this.workElements} elements is more work than one call may ` +
        `block for ((step + 1) x elements <= ${LIMITS.CALL_MAX_PASSES}); step at most ${most} per call`);
    }
    this._call('frame', this._x.silk_js_frame(this._ptr, step), { arg: 'step', value: step });
  }

  /** Relaxation only: `iterations` passes per composite with coefficient `coef`. */
  relax(iterations, coef) {
    int('relax', 'iterations', iterations); num('relax', 'coef', coef);
    // bounded by work as runFrames is: iterations x elements <= LIMITS.LAB_MAX_PASSES
    const most = Math.floor(LIMITS.LAB_MAX_PASSES / this.workElements);
    if (iterations > most) {
      throw new RangeError(`relax: iterations ${iterations} over ${this.workElements} elements is more work than one call ` +
        `may block for (iterations x elements <= ${LIMITS.LAB_MAX_PASSES}); relax at most ${most} iterations per call`);
    }
    // coef is finite (checked above), so the engine's only objection can be to iterations
    this._call('relax', this._x.silk_js_relax(this._ptr, iterations, coef), { arg: 'iterations', value: iterations });
  }

  /**
   * Feeds wall time (seconds) to the stepper. Returns the world's advance record
   * { steps, alpha, droppedSeconds, accumulatorSeconds } -- the same object every call (no
   * allocation per frame): copy it to keep it.
   */
  advance(seconds) {
    num('advance', 'seconds', seconds);
    if (seconds < 0) throw new RangeError(`advance: seconds must be >= 0, got ${seconds}`);
    const silk = this._silk;
    const status = this._x.silk_js_advance(this._ptr, seconds, silk._advanceOut);
    // one step heavier than a call may be (silk.h SILK_CALL_MAX_PASSES): name the setting
    if (status === STATUS_OF.SILK_ERR_RANGE) checkStepWork('advance', this);
    this._call('advance', status, { world: this });
    return silk._readAdvance(this._advance);
  }

  /** Forgets accumulated time (after a pause). */
  resetClock() { this._x.silk_js_reset_clock(this._ptr); }

  // -- dragging --
  /** Nearest particle within radius of (x, y), or -1. */
  findNearest(x, y, radius = NEAREST_RADIUS) {
    const w = 'findNearest';
    num(w, 'x', x); num(w, 'y', y); num(w, 'radius', radius);
    const r = this._x.silk_js_find_nearest(this._ptr, x, y, radius);
    return r === -1 ? -1 : this._call(w, r, { arg: 'radius', value: radius }); // -1: none in range
  }

  /** Drags particle i (or its pin's target) to (x, y) at step 2 of each frame. */
  dragBegin(i, x, y) {
    const w = 'dragBegin';
    this._particle(w, 'i', i); num(w, 'x', x); num(w, 'y', y);
    this._call(w, this._x.silk_js_drag_begin(this._ptr, i, x, y));
  }

  dragMove(x, y) {
    const w = 'dragMove';
    num(w, 'x', x); num(w, 'y', y);
    this._call(w, this._x.silk_js_drag_move(this._ptr, x, y));
  }

  dragEnd() { this._x.silk_js_drag_end(this._ptr); }

  /**
   * Queues a pointer sample for the drag in progress: (x, y) world px at `time` seconds from the
   * start of the time the next advance(dt) feeds (0 .. dt is that call; times in queue order).
   * advance() applies each sample at the fixed step its time falls in (silk.h,
   * silk_world_queue_pointer), so a fast stroke is followed step by step.
   */
  queuePointer(x, y, time) {
    const w = 'queuePointer';
    num(w, 'x', x); num(w, 'y', y); num(w, 'time', time);
    const r = this._x.silk_js_queue_pointer(this._ptr, x, y, time);
    if (r === STATUS_OF.SILK_ERR_STATE) throw new Error(`${w}: no drag in progress (call dragBegin first)`);
    this._call(w, r, { arg: 'time', value: time });
  }

  /** Samples queued by queuePointer that no step has taken yet. */
  get pointerQueueCount() { return this._x.silk_js_pointer_queue_count(this._ptr); }

  /** Applies the newest queued sample now and empties the queue (a paused host). */
  flushPointer() { this._call('flushPointer', this._x.silk_js_flush_pointer(this._ptr)); }

  get draggedParticle() { return this._x.silk_js_dragged_particle(this._ptr); }

  /** The pin the current drag moves (an index into the constraint views), or -1. */
  get draggedPin() { return this._x.silk_js_dragged_pin(this._ptr); }

  /** The pin a drag of particle i would move instead of it (an index into the constraint
   *  views: its target is constraintTargets[2k], [2k + 1]), or -1 when it has none. */
  particlePin(i) {
    const w = 'particlePin';
    this._particle(w, 'i', i);
    return this._call(w, this._x.silk_js_particle_pin(this._ptr, i)) - 1; // 0 = none
  }

  // -- diagnostics --
  /** Measures now; fills diagnosticsView. center defaults to the canvas centre. */
  updateDiagnostics(cx = this.width / 2, cy = this.height / 2) {
    num('updateDiagnostics', 'cx', cx); num('updateDiagnostics', 'cy', cy);
    this._call('updateDiagnostics', this._x.silk_js_update_diagnostics(this._ptr, cx, cy));
    return this.diagnosticsView;
  }

  /** Measures now and returns the fields by name (plus verdict and loopMode as strings). */
  diagnostics(center) {
    const [cx, cy] = center === undefined ? [this.width / 2, this.height / 2] : vec('diagnostics', 'center', center);
    const v = this.updateDiagnostics(cx, cy);
    const out = {};
    DIAG_NAMES.forEach((name, i) => { out[name] = v[i]; });
    out.step = out.relaxPasses; // verlet-js's name, kept for callers of the Diagnostics type
    out.verdict = VERDICTS[v[DIAG.VERDICT]];
    out.loopMode = LOOP_MODES[v[DIAG.LOOP_MODE]];
    out.exploded = v[DIAG.EXPLODED] !== 0;
    out.solver = SOLVERS[v[DIAG.SOLVER]];
    out.health = HEALTHS[v[DIAG.HEALTH]];
    return out;
  }

  /**
   * Runs `frames` frames of frame(step) (with the crawl rule if autoCrawl), then measures. The
   * run is bounded by work, not frames: frames x (step + 1) x workElements must be at most
   * LIMITS.LAB_MAX_PASSES (silk_extras.h: at most about 2 s on a phone-class CPU), or it throws
   * a RangeError naming the most frames one call may run (runFramesMax(step)) before running.
   */
  runFrames(frames, step = this.step, center) {
    const w = 'runFrames';
    int(w, 'frames', frames, 0, LIMITS.LAB_MAX_FRAMES); int(w, 'step', step, 1, LIMITS.MAX_RELAX_PASSES);
    const [cx, cy] = center === undefined ? [this.width / 2, this.height / 2] : vec(w, 'center', center);
    const most = this.runFramesMax(step);
    if (frames > most) {
      throw new RangeError(`${w}: frames ${frames} of ${step} passes over ${this.workElements} elements is more work than ` +
        `one call may block for (frames x (step + 1) x elements <= ${LIMITS.LAB_MAX_PASSES}); run at most ${most} frames per call`);
    }
    this._call(w, this._x.silk_js_run_frames(this._ptr, frames, step, cx, cy));
    return this.diagnostics([cx, cy]);
  }

  /** The most frames of `step` passes one runFrames call may run (the engine's work bound). */
  runFramesMax(step = this.step) {
    const w = 'runFramesMax';
    int(w, 'step', step, 1, LIMITS.MAX_RELAX_PASSES);
    return this._call(w, this._x.silk_js_run_frames_max(this._ptr, step));
  }

  /** The elements a pass is counted over by the work bound: particles + constraints + 7 per
   *  angle + the grips the crawl may still add + 1 (silk_world_work_elements). */
  get workElements() { return this._call('workElements', this._x.silk_js_work_elements(this._ptr)); }
  /** Element passes one step of this world costs at its settings now: advance runs at most
   *  LIMITS.CALL_MAX_PASSES / stepWork steps per call (silk.h), dropping the rest. */
  get stepWork() { return this._call('stepWork', this._x.silk_js_step_work(this._ptr)); }
}

/** Adds the members (methods and accessors) of a class body to World's prototype (exported for
 *  silk-world-scene.mjs, whose members are added when the scene format is first wanted). */
export function addMembers(from) {
  for (const name of Object.getOwnPropertyNames(from.prototype)) {
    if (name !== 'constructor') Object.defineProperty(World.prototype, name, Object.getOwnPropertyDescriptor(from.prototype, name));
  }
}
addMembers(WorldRobust);
addMembers(WorldRecords);
addMembers(WorldCollide);
addSettings(World);
