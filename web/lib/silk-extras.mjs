// silk-extras.mjs -- the binding of engine/include/silk_extras.h, as silk-core.mjs is the binding
// of silk.h: the builders (spiderweb, spider, cloth, tire, line segments, tree), the original
// pages' scenes. It adds its methods to the core's World (installExtras), as silk_extras.h adds
// functions over silk_world; silk.mjs's loadSilk installs them, so every World from silk.mjs has
// them. The silent runs (stepSweep, the integrator lesson's ballRun) are silk-extras-runs.mjs's.
import { SCENES, INTEGRATOR_COUNT, LIMITS } from './silk-boundary.mjs';
import { INTERNAL } from './silk-core.mjs';

const {
  World, obj, pick, int, vec, oneOf, STATUS_OF, VEC2_BYTES,
} = INTERNAL;

/** Seed 004's integrators in silk_integrator order (the binding's short names). */
export const INTEGRATORS = Object.freeze(['explicit', 'semi-implicit', 'verlet']);
if (INTEGRATORS.length !== INTEGRATOR_COUNT) throw new Error('silk-extras.mjs: INTEGRATORS does not match silk_integrator');

const MAX_PARTICLES = LIMITS.MAX_PARTICLES;

export function sceneIndex(where, name) {
  return oneOf(where, 'scene', name, SCENES);
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
export function install(target, extras) {
  for (const name of Object.getOwnPropertyNames(extras.prototype)) {
    if (name === 'constructor') continue;
    if (Object.hasOwn(target.prototype, name)) throw new Error(`silk-extras.mjs: ${target.name}.${name} exists already`);
    Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(extras.prototype, name));
  }
}

let installed = false;

/** Adds the extras to the core's World, once. silk.mjs's loadSilk calls it (not this
 *  module's top level), so a bundler that drops the imports whose exports go unused keeps it. */
export function installExtras() {
  if (installed) return;
  install(World, WorldExtras);
  installed = true;
}
