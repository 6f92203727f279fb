// silk-module.mjs -- the loaded module's API: Silk (createWorld, createStepper, robustFromCompat,
// complianceFromStiffness; the memory I/O it inherits is silk-memory.mjs) and Stepper, a
// fixed-step accumulator of its own. loadSilk (silk-load.mjs) makes the Silk; World is
// silk-world.mjs.
import { LOOP_MODES, LAYOUT, CALLS } from './silk-boundary.mjs';
import {
  num, obj, oneOf, pick, vec, WORLD_OPTIONS, STEPPER_OPTIONS, ROBUST_OPTIONS, ROBUST_TOP_LEVEL,
} from './silk-checks.mjs';
import { checkStatus } from './silk-status.mjs';
import { SilkMemory } from './silk-memory.mjs';
import { World } from './silk-world.mjs';

/** silk.h silk_feature: SILK_FEATURE_ROBUST. */
const FEATURE_ROBUST = 1;

/**
 * Throws unless the module has every export of CALLS with its number of parameters: a silk.wasm
 * from another build (a stale cache, a copy left beside a newer silk.mjs) would otherwise run
 * with its arguments shifted.
 */
function checkExports(exports) {
  for (const name in CALLS) {
    const arity = CALLS[name].length; // one letter per parameter
    const fn = exports[name];
    if (typeof fn !== 'function' || fn.length !== arity) {
      const has = typeof fn !== 'function' ? 'does not export it' : `takes ${fn.length} parameters`;
      throw new Error(`loadSilk: the wasm module is not the one this binding was built with: ${name} ` +
        `takes ${arity} parameters here, the module ${has} (serve silk.wasm and silk.mjs from the same build)`);
    }
  }
}

export class Silk extends SilkMemory {
  constructor(exports) {
    checkExports(exports);
    super(exports);
  }

  /** The one status check (silk-status.mjs): the value, or the error a status < 0 stands for. */
  _call(where, result, how) {
    return checkStatus(this, where, result, how);
  }

  /** Which module this is: 'full' (silk.wasm: both solvers) or 'compat' (silk-lite.wasm: the
   *  compat solver only; robust calls throw SILK_ERR_UNSUPPORTED until upgrade()). */
  get module() {
    return (this.exports.silk_js_features() & FEATURE_ROBUST) !== 0 ? 'full' : 'compat';
  }

  /**
   * Moves this Silk to the full module (silk-upgrade.mjs): every live World keeps its object,
   * views and state (the same state hash), now with the robust solver. `source`: as loadSilk's
   * options.wasm (default: the default module). Resolves at once on the full module; any number
   * of calls share one upgrade.
   */
  upgrade(source) {
    if (this.module === 'full') return Promise.resolve(this);
    this._upgrading ??= import('./silk-upgrade.mjs').then((m) => m.upgradeSilk(this, source))
      .finally(() => { this._upgrading = undefined; });
    return this._upgrading;
  }

  /** Throws naming width or height when the engine would refuse that world size. */
  _checkSize(where, width, height) {
    const def = this._defaultDef('silk_world_def');
    this._overlay(where, 'silk_world_def', def, { width, height }, WORLD_OPTIONS);
    const status = this.exports.silk_js_check_world_def(def, this._detail);
    checkStatus(this, where, status, { detail: this._detail, def: ['silk_world_def', def, WORLD_OPTIONS] });
  }

  /** Creates a world. All options are optional; see silk.d.ts for units and defaults. */
  createWorld(options = {}) {
    const where = 'createWorld';
    options = obj(where, 'options', options);
    // the engine's default def, with what the caller gave written over it
    const def = this._defaultDef('silk_world_def');
    this._overlay(where, 'silk_world_def', def, options, WORLD_OPTIONS);
    // checked before the world exists: throwing after creating it would leak it
    const loopMode = options.loopMode === undefined ? undefined : oneOf(where, 'loopMode', options.loopMode, LOOP_MODES);
    const robust = options.robust === undefined ? {} : { ...obj(where, 'robust', options.robust) };
    for (const key of ROBUST_TOP_LEVEL) {
      if (options[key] !== undefined) robust[key] = options[key];
    }
    const ptr = this.exports.silk_js_world_create(def, this._detail);
    checkStatus(this, where, ptr, { detail: this._detail, def: ['silk_world_def', def, WORLD_OPTIONS, options] });
    const world = new World(this, ptr);
    try {
      if (loopMode !== undefined) world.loopMode = LOOP_MODES[loopMode];
      // The robust settings follow the compat ones given here (silk.h, "the mapping"; the
      // engine applies it), then the explicit robust options override them.
      world._call(where, this.exports.silk_js_match_robust_to_compat(ptr));
      if (Object.keys(robust).length > 0) world.setRobust(robust);
      if (options.watchdog !== undefined) world.setWatchdog(options.watchdog);
      if (options.solver !== undefined) world.setSolver(options.solver);
    } catch (e) {
      world.destroy();
      throw e;
    }
    return world;
  }

  /**
   * Robust settings (gravity px/s^2, damping and groundFriction 1/s, ...) that move like the
   * compat settings given (gravity px/frame^2, friction and groundFriction per frame) at one
   * frame per frameSeconds; what is not given is the engine's default world's. Computed in
   * wasm, so the bits match native builds.
   */
  robustFromCompat(o = {}) {
    const where = 'robustFromCompat';
    o = obj(where, 'options', o);
    const d = this._readStruct('silk_world_def', this._defaultDef('silk_world_def'));
    const [gx, gy] = o.gravity === undefined ? d.gravity : vec(where, 'gravity', o.gravity);
    const friction = pick(where, o, 'friction', d.friction);
    const groundFriction = pick(where, o, 'groundFriction', d.ground_friction);
    const frameSeconds = pick(where, o, 'frameSeconds', d['stepper.step_seconds']);
    const out = this._def.silk_robust_def;
    this.exports.silk_js_robust_from_compat(gx, gy, friction, groundFriction, frameSeconds, out); // writes out, returns nothing
    return this._readOptions('silk_robust_def', out, ROBUST_OPTIONS);
  }

  /** The compliance matching compat stiffness k for a constraint with sum |grad C|^2 = w (2 for a distance). */
  complianceFromStiffness(stiffness, w = 2) {
    num('complianceFromStiffness', 'stiffness', stiffness); num('complianceFromStiffness', 'w', w);
    return this.exports.silk_js_compliance_from_stiffness(stiffness, w);
  }

  /**
   * A fixed-step accumulator of its own (silk_stepper, seed 002's FixedStepLoop) in wasm, for
   * driving something other than a world: { stepSeconds, maxStepsPerFrame } (defaults: the
   * engine's silk_default_stepper_def()). Its advance(dt) returns the record world.advance() returns.
   */
  createStepper(options = {}) {
    const where = 'createStepper';
    options = obj(where, 'options', options);
    const def = this._defaultDef('silk_stepper_def');
    this._overlay(where, 'silk_stepper_def', def, options, STEPPER_OPTIONS);
    const ptr = this.exports.silk_js_stepper_create(def, this._detail);
    checkStatus(this, where, ptr, { detail: this._detail, def: ['silk_stepper_def', def, STEPPER_OPTIONS] });
    const { stepSeconds, maxStepsPerFrame } = this._readOptions('silk_stepper_def', def, STEPPER_OPTIONS);
    const stepper = new Stepper(this, ptr, stepSeconds, maxStepsPerFrame);
    this._steppers.add(stepper);
    return stepper;
  }
}

// ---- a standalone stepper ---------------------------------------------------------------------

export class Stepper {
  constructor(silk, ptr, stepSeconds, maxStepsPerFrame) {
    this._silk = silk;
    this._ptr = ptr;
    this.stepSeconds = stepSeconds;
    this.maxStepsPerFrame = maxStepsPerFrame;
    this._result = { steps: 0, alpha: 0, droppedSeconds: 0, accumulatorSeconds: 0 };
  }

  get _x() {
    if (this._ptr === 0) throw new TypeError('silk: this stepper was destroyed');
    return this._silk.exports;
  }

  /**
   * Feeds dt seconds (>= 0, finite): runs the fixed steps that fit (at most maxStepsPerFrame,
   * dropping the rest). Returns { steps, alpha, droppedSeconds, accumulatorSeconds } -- the
   * same object every call: copy it to keep it.
   */
  advance(seconds) {
    num('advance', 'seconds', seconds);
    if (seconds < 0) throw new RangeError(`advance: seconds must be >= 0, got ${seconds}`);
    const silk = this._silk;
    silk._call('advance', this._x.silk_js_stepper_advance(this._ptr, seconds, silk._advanceOut));
    return silk._readAdvance(this._result);
  }

  /** Empties the accumulator. */
  reset() { this._x.silk_js_stepper_reset(this._ptr); }

  destroy() {
    if (this._ptr !== 0) {
      this._silk.exports.silk_js_stepper_destroy(this._ptr);
      this._ptr = 0;
      this._silk._steppers.delete(this);
    }
  }

  get destroyed() { return this._ptr === 0; }
}
