// silk-extras-runs.mjs -- the silent runs of silk_extras.h on Silk: stepSweep (the step sweep,
// run inside wasm on fresh scenes) and ballRun (the integrator lesson's ball). silk.mjs installs
// them with the rest of the library. The kit, the element and the page (silk-base.mjs) install
// them only where a run may be asked for -- the page and its embeds, whose Silk is silkApp.silk
// (silk-base.mjs loadSilentRuns()), and the integrators lab -- so an element that never runs one
// does not fetch them (issue 26 item 3, bytes).
import { FLOOR_RULES, VERDICTS, LIMITS, LAYOUT, FIELDS } from './silk-boundary.mjs';
import { INTERNAL } from './silk-core.mjs';
import { INTEGRATORS, sceneIndex, install } from './silk-extras.mjs';

const { Silk, obj, pick, int, oneOf, seedWords, STATUS_OF, F64_BYTES } = INTERNAL;

/** stepSweep's run when not given: the page's sweep (seed 000 row 15, steps 1..32 of 120
 *  frames), and the binding's cap on frames per row (a sweep runs count x frames frames). */
const SWEEP = Object.freeze({ frames: 120, count: 32, maxFrames: 1e6 });
/** ballRun's launch when not given (seed 004's lesson: 120 frames, 0.9 rad, at rest; the
 *  ball's own defaults are the engine's silk_default_ball_def). The bounds of a run are
 *  exports.c's (LIMITS.JS_BALL_MAX_*, from engine/wasm/silk_js.h): the output rows are
 *  allocated here before the call. */
const BALL_RUN = Object.freeze({ steps: 120, substeps: 1, v0: 0, angle: 0.9 });
/** ballRun's columns: the binding's name of each silk_js_ball_row field. */
const BALL_COLUMNS = new Map([['energy', 'E'], ['pre_contact_energy', 'preContactE']]);

/** Silk's silent runs: inside wasm, on worlds of their own. */
class SilkRuns {
  /**
   * The step sweep (seed 000 row 15) run inside wasm: for step = 1..count a fresh scene, `frames`
   * frames of frame(step), the bounding radius about the canvas centre. Returns rows.
   */
  stepSweep(options = {}) {
    const where = 'stepSweep';
    options = obj(where, 'options', options);
    const world = this._defaultsOf('silk_world_def');
    const sceneDef = this._defaultsOf('silk_scene_def');
    const width = pick(where, options, 'width', world.width);
    const height = pick(where, options, 'height', world.height);
    this._checkSize(where, width, height);
    const scene = options.scene === undefined ? sceneDef.scene : sceneIndex(where, options.scene);
    const tensor = pick(where, options, 'tensor', sceneDef.tensor);
    const frames = pick(where, options, 'frames', SWEEP.frames, (w, n, v) => int(w, n, v, 0, SWEEP.maxFrames));
    const count = pick(where, options, 'count', SWEEP.count, (w, n, v) => int(w, n, v, 1, LIMITS.SWEEP_MAX_COUNT));
    const [lo, hi] = options.seed === undefined ? seedWords(where, world.seed) : seedWords(where, options.seed);
    const rowBytes = LAYOUT.silk_sweep_row.size;
    const out = this._alloc(count * rowBytes);
    try {
      // size, scene, frames and count are checked above: the engine's objections left are the
      // tensor and the sweep's work (frames x count, bounded like runFrames: LAB_MAX_PASSES).
      // The defs are filled in wasm memory, so the export only marshals (silk_js_calls.h).
      const fillWorld = () => this._fillDef('silk_world_def', { width, height, seed: [lo, hi] });
      const fillScene = () => this._fillDef('silk_scene_def', { scene, tensor });
      const result = this.exports.silk_js_step_sweep(fillWorld(), fillScene(), frames, count, out);
      if (result === STATUS_OF.SILK_ERR_RANGE && Number.isFinite(tensor) && tensor > 0) {
        const most = this._call(where, this.exports.silk_js_step_sweep_max_frames(fillWorld(), fillScene(), count));
        throw new RangeError(`${where}: ${frames} frames for each of ${count} steps is more work than one call may block for ` +
          `(frames x (sum of step + 1) x elements must be <= ${LIMITS.LAB_MAX_PASSES}); sweep at most ${most} frames of ${count} steps per call`);
      }
      this._call(where, result, { arg: 'tensor', value: tensor });
      const rows = [];
      for (let i = 0; i < count; i++) {
        const r = this._readStruct('silk_sweep_row', out + i * rowBytes);
        rows.push({
          step: r.step, kEffective: r.k_effective, stabilityMargin: r.stability_margin, verdict: VERDICTS[r.verdict],
          boundingRadius: r.bounding_radius, nanCount: r.nan_count, exploded: r.exploded,
        });
      }
      return rows;
    } finally {
      this.exports.silk_js_free(out);
    }
  }

  /**
   * Seed 004's ball, run inside wasm (silk_ball in silk.h): `steps` frames of h seconds, each
   * `substeps` steps of h / substeps, launched from (x0, y0) at v0 m/s and `angle` rad.
   * Returns typed arrays of steps + 1 entries (entry 0 = the launch): t, x, y, vx, vy, E (J, 1 kg)
   * and preContactE (E just before the floor rule at the frame's last contact, NaN if none),
   * plus `contacts`, the number of floor contacts.
   */
  ballRun(options = {}) {
    const where = 'ballRun';
    options = obj(where, 'options', options);
    const o = options;
    const d = this._defaultsOf('silk_ball_def');
    const integrator = o.integrator === undefined ? d.integrator : oneOf(where, 'integrator', o.integrator, INTEGRATORS);
    const floor = o.floor === undefined ? d.floor_rule : oneOf(where, 'floor', o.floor, FLOOR_RULES);
    // h defaults to one fixed step of the engine's default stepper (a 60 Hz frame)
    const h = pick(where, o, 'h', this._defaultsOf('silk_stepper_def').step_seconds);
    if (!(h > 0)) throw new RangeError(`${where}: h must be > 0, got ${h}`);
    const substeps = pick(where, o, 'substeps', BALL_RUN.substeps, (w, n, v) => int(w, n, v, 1, LIMITS.BALL_MAX_SUBSTEPS));
    const steps = pick(where, o, 'steps', BALL_RUN.steps, (w, n, v) => int(w, n, v, 1, LIMITS.JS_BALL_MAX_STEPS));
    if (steps * substeps > LIMITS.JS_BALL_MAX_SUBSTEPS) {
      throw new RangeError(`${where}: steps * substeps must be <= ${LIMITS.JS_BALL_MAX_SUBSTEPS}, got ${steps * substeps}; ` +
        `run at most ${Math.floor(LIMITS.JS_BALL_MAX_SUBSTEPS / substeps)} steps of ${substeps} substeps per call`);
    }
    if (!(h / substeps > 0)) throw new RangeError(`${where}: h / substeps underflows to 0 (h ${h})`);
    const v0 = pick(where, o, 'v0', BALL_RUN.v0);
    const angle = pick(where, o, 'angle', BALL_RUN.angle);
    const x0 = pick(where, o, 'x0', d.x);
    const y0 = pick(where, o, 'y0', d.y);
    const g = pick(where, o, 'g', d.gravity);
    const floorY = pick(where, o, 'floorY', d.floor_y);
    const rows = steps + 1;
    const rowBytes = LAYOUT.silk_js_ball_row.size;
    const out = this._alloc(rows * rowBytes);
    try {
      const result = this.exports.silk_js_ball_run(integrator, floor, floorY, g, x0, y0,
        v0 * Math.cos(angle), v0 * Math.sin(angle), h, substeps, steps, out);
      if (result === STATUS_OF.SILK_ERR_NONFINITE) {
        throw new RangeError(`${where}: the ball left the finite numbers (h, v0, g or y0 too large)`);
      }
      const contacts = this._call(where, result);
      const v = this._f64(out, (rows * rowBytes) / F64_BYTES); // after the call: a view taken before could detach
      const run = { contacts };
      for (const [field, type, offset] of FIELDS.silk_js_ball_row) {
        if (type !== 'double') throw new Error(`silk: silk_js_ball_row.${field} is not a double`);
        const column = new Float64Array(rows);
        for (let k = 0; k < rows; k++) column[k] = v[(k * rowBytes + offset) / F64_BYTES];
        run[BALL_COLUMNS.get(field) ?? field] = column;
      }
      return run;
    } finally {
      this.exports.silk_js_free(out);
    }
  }
}

let installed = false;

/** Adds stepSweep and ballRun to the core's Silk, once (called, not run at the top level, so a
 *  bundler that drops unused imports keeps it: see silk-extras.mjs's installExtras). */
export function installRuns() {
  if (installed) return;
  install(Silk, SilkRuns);
  installed = true;
}
