// silk-extras.mjs -- the binding of engine/include/silk_extras.h, as silk-core.mjs is the binding
// of silk.h: the builders (spiderweb, spider, cloth, tire, line segments, tree), the original
// pages' scenes, the step sweep and the integrator lesson's ball. It adds its methods to the
// core's World and Silk (installExtras), as silk_extras.h adds functions over silk_world;
// silk.mjs's loadSilk installs them, so every World and Silk from silk.mjs has them.
import { SCENES, FLOOR_RULES, VERDICTS, INTEGRATOR_COUNT, LIMITS, LAYOUT, FIELDS } from './silk-boundary.mjs';
import { INTERNAL } from './silk-core.mjs';

const {
  Silk, World, obj, pick, int, vec, oneOf, seedWords, STATUS_OF, F64_BYTES, VEC2_BYTES,
} = INTERNAL;

/** Seed 004's integrators in silk_integrator order (the binding's short names). */
export const INTEGRATORS = Object.freeze(['explicit', 'semi-implicit', 'verlet']);
if (INTEGRATORS.length !== INTEGRATOR_COUNT) throw new Error('silk-extras.mjs: INTEGRATORS does not match silk_integrator');

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
const MAX_PARTICLES = LIMITS.MAX_PARTICLES;

function sceneIndex(where, name) {
  return oneOf(where, 'scene', name, SCENES);
}

/** Silk's extras: runs inside wasm that build their own worlds. */
class SilkExtras {
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

/** World's extras: the builders (each returns its composite id) and the scenes. */
class WorldExtras {
  spiderweb(o = {}) {
    const w = 'spiderweb';
    o = obj(w, 'options', o);
    const d = this._silk._defaultsOf('silk_spiderweb_def');
    const v = {
      x: pick(w, o, 'x', d.center[0]), y: pick(w, o, 'y', d.center[1]), radius: pick(w, o, 'radius', d.radius),
      segments: pick(w, o, 'segments', d.segments, int), depth: pick(w, o, 'depth', d.depth, int),
      tensor: pick(w, o, 'tensor', d.tensor), stiffness: pick(w, o, 'stiffness', d.stiffness),
    };
    const def = this._silk._fillDef('silk_spiderweb_def', {
      center: [v.x, v.y], radius: v.radius, segments: v.segments, depth: v.depth, tensor: v.tensor, stiffness: v.stiffness,
    });
    return this._call(w, this._x.silk_js_spiderweb(this._ptr, def), { world: this, values: v });
  }

  spider(o = {}) {
    const w = 'spider';
    o = obj(w, 'options', o);
    const d = this._silk._defaultsOf('silk_spider_def');
    const def = this._silk._fillDef('silk_spider_def', { origin: [pick(w, o, 'x', d.origin[0]), pick(w, o, 'y', d.origin[1])] });
    return this._call(w, this._x.silk_js_spider(this._ptr, def));
  }

  /** Moves leg 0..7 to a new foothold (needs a web and a spider). */
  crawl(leg) {
    int('crawl', 'leg', leg);
    const r = this._x.silk_js_crawl(this._ptr, leg);
    if (r === STATUS_OF.SILK_ERR_INDEX) this._call('crawl', r, { arg: 'leg', value: leg }); // no such leg
    this._call('crawl', r);
  }

  /** The page loop's rule: one draw, a crawl when floor(rand*4) == 0. Returns whether it crawled. */
  spiderTick() { return this._call('spiderTick', this._x.silk_js_spider_tick(this._ptr)) === 1; }

  /** { webComposite, spiderComposite, thorax, head, abdomen, feet: [8], legIndex } */
  spiderInfo() {
    const s = this._silk._scratch;
    this._call('spiderInfo', this._x.silk_js_spider_info(this._ptr, s));
    const v = this._silk._readStruct('silk_spider_info', s);
    return {
      webComposite: v.web_composite, spiderComposite: v.spider_composite, thorax: v.thorax, head: v.head,
      abdomen: v.abdomen, feet: v.feet, legIndex: v.leg_index,
    };
  }

  cloth(o = {}) {
    const w = 'cloth';
    o = obj(w, 'options', o);
    const d = this._silk._defaultsOf('silk_cloth_def');
    const v = {
      x: pick(w, o, 'x', d.center[0]), y: pick(w, o, 'y', d.center[1]), width: pick(w, o, 'width', d.width),
      height: pick(w, o, 'height', d.height), segments: pick(w, o, 'segments', d.segments, int),
      pinMod: pick(w, o, 'pinMod', d.pin_mod, int), stiffness: pick(w, o, 'stiffness', d.stiffness),
    };
    const def = this._silk._fillDef('silk_cloth_def', {
      center: [v.x, v.y], width: v.width, height: v.height, segments: v.segments, pin_mod: v.pinMod, stiffness: v.stiffness,
    });
    return this._call(w, this._x.silk_js_cloth(this._ptr, def), { world: this, values: v });
  }

  tire(o = {}) {
    const w = 'tire';
    o = obj(w, 'options', o);
    const d = this._silk._defaultsOf('silk_tire_def');
    const v = {
      x: pick(w, o, 'x', d.center[0]), y: pick(w, o, 'y', d.center[1]), radius: pick(w, o, 'radius', d.radius),
      segments: pick(w, o, 'segments', d.segments, int), spokeStiffness: pick(w, o, 'spokeStiffness', d.spoke_stiffness),
      treadStiffness: pick(w, o, 'treadStiffness', d.tread_stiffness),
    };
    const def = this._silk._fillDef('silk_tire_def', {
      center: [v.x, v.y], radius: v.radius, segments: v.segments, spoke_stiffness: v.spokeStiffness, tread_stiffness: v.treadStiffness,
    });
    return this._call(w, this._x.silk_js_tire(this._ptr, def), { world: this, values: v });
  }

  lineSegments(o = {}) {
    const w = 'lineSegments';
    o = obj(w, 'options', o);
    if (!Array.isArray(o.points)) throw new TypeError(`${w}: points must be an array of [x, y]`);
    if (o.points.length < 1 || o.points.length > MAX_PARTICLES) {
      throw new RangeError(`${w}: points must hold 1 to ${MAX_PARTICLES} points, got ${o.points.length}`);
    }
    const pts = o.points.map((p, i) => vec(w, `points[${i}]`, p));
    // a line's links are distance constraints: the distance def's default stiffness
    const stiffness = pick(w, o, 'stiffness', this._silk._defaultsOf('silk_distance_def').stiffness);
    const silk = this._silk;
    const mem = silk._alloc(pts.length * VEC2_BYTES);
    try {
      const v = silk._f64(mem, pts.length * 2);
      pts.forEach(([x, y], i) => { v[2 * i] = x; v[2 * i + 1] = y; });
      return this._call(w, this._x.silk_js_line_segments(this._ptr, mem, pts.length, stiffness));
    } finally {
      silk.exports.silk_js_free(mem);
    }
  }

  tree(o = {}) {
    const w = 'tree';
    o = obj(w, 'options', o);
    const d = this._silk._defaultsOf('silk_tree_def');
    const v = {
      x: pick(w, o, 'x', d.origin[0]), y: pick(w, o, 'y', d.origin[1]), depth: pick(w, o, 'depth', d.depth, int),
      branchLength: pick(w, o, 'branchLength', d.branch_length), segmentCoef: pick(w, o, 'segmentCoef', d.segment_coef),
      theta: pick(w, o, 'theta', d.theta),
    };
    const def = this._silk._fillDef('silk_tree_def', {
      origin: [v.x, v.y], depth: v.depth, branch_length: v.branchLength, segment_coef: v.segmentCoef, theta: v.theta,
    });
    return this._call(w, this._x.silk_js_tree(this._ptr, def), { world: this, values: v });
  }

  /** Clears the world and builds an original example page: 'web', 'cloth', 'shapes' or 'tree'. */
  buildScene(name, o = {}) {
    const w = 'buildScene';
    o = obj(w, 'options', o);
    const scene = sceneIndex(w, name);
    const tensor = pick(w, o, 'tensor', this._silk._defaultsOf('silk_scene_def').tensor);
    const def = this._silk._fillDef('silk_scene_def', { scene, tensor });
    this._call(w, this._x.silk_js_build_scene(this._ptr, def), { world: this, values: { scene: name, tensor } });
  }
}

/** Adds the methods of `extras` to the core class `target` (as the class had declared them). */
function install(target, extras) {
  for (const name of Object.getOwnPropertyNames(extras.prototype)) {
    if (name === 'constructor') continue;
    if (Object.hasOwn(target.prototype, name)) throw new Error(`silk-extras.mjs: ${target.name}.${name} exists already`);
    Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(extras.prototype, name));
  }
}

let installed = false;

/** Adds the extras to the core's Silk and World, once. silk.mjs's loadSilk calls it (not this
 *  module's top level), so a bundler that drops the imports whose exports go unused keeps it. */
export function installExtras() {
  if (installed) return;
  install(Silk, SilkExtras);
  install(World, WorldExtras);
  installed = true;
}
