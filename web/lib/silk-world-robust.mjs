// silk-world-robust.mjs -- World's members for the robust solver (settings, masses,
// compliance), static polygons and cutting, and health (the watchdog). silk-world.mjs adds them
// to World; `this` is the World.
import { SOLVERS, HEALTHS, LIMITS } from './silk-boundary.mjs';
import {
  num, int, obj, vec, pick, solverIndex, complianceOption, ROBUST_OPTIONS, WATCHDOG_OPTIONS,
} from './silk-checks.mjs';
import { setDef, VEC2_BYTES } from './silk-memory.mjs';
import { STATUS_OF } from './silk-status.mjs';
import { checkStepWork } from './silk-work.mjs';

export class WorldRobust {
  // -- the robust solver --
  /** 'compat' (verlet-js, the default) or 'robust' (XPBD in seconds); switching keeps the motion. */
  get solver() { return SOLVERS[this._x.silk_js_get_solver(this._ptr)]; }
  set solver(name) { this.setSolver(name); }
  setSolver(name) {
    const i = solverIndex('setSolver', name);
    this._call('setSolver', this._x.silk_js_set_solver(this._ptr, i));
  }

  /** { gravity px/s^2, damping 1/s, groundFriction 1/s, substeps, iterations, ceiling, restitution, maxStepSeconds, tethers, nearPass, nearPasses, chains, nearMobility } */
  get robust() {
    const p = this._silk._def.silk_robust_def;
    this._x.silk_js_get_robust(this._ptr, p); // writes the def, returns nothing
    return this._silk._readOptions('silk_robust_def', p, ROBUST_OPTIONS);
  }
  set robust(o) { this.setRobust(o); }

  /** Changes the robust settings given; the others keep their values. */
  setRobust(o) {
    setDef(this, 'setRobust', 'silk_robust_def', ROBUST_OPTIONS, o, true, (p) => this._x.silk_js_set_robust(this._ptr, p));
  }

  /** The robust gravity, damping and ground friction that match the compat settings now
   *  (silk_world_match_robust_to_compat: one compat frame per fixed step). */
  matchRobustToCompat() { this._call('matchRobustToCompat', this._x.silk_js_match_robust_to_compat(this._ptr)); }

  /** One robust step of `seconds`, whatever solver is selected (advance() is the usual way). */
  robustStep(seconds) {
    num('robustStep', 'seconds', seconds);
    const status = this._x.silk_js_robust_step(this._ptr, seconds);
    // one step heavier than a call may be (silk.h SILK_CALL_MAX_PASSES): name the setting
    if (status === STATUS_OF.SILK_ERR_RANGE) checkStepWork('robustStep', this, 'robust');
    this._call('robustStep', status, { arg: 'seconds', value: seconds });
  }

  /** Mass of particle i (robust solver; default 1). Infinity makes it immovable. */
  setMass(i, mass) {
    const w = 'setMass';
    this._particle(w, 'i', i);
    if (typeof mass !== 'number' || Number.isNaN(mass)) throw new TypeError(`${w}: mass must be a number`);
    this._call(w, this._x.silk_js_set_mass(this._ptr, i, mass), { arg: 'mass', value: mass });
  }

  /** Inverse mass of particle i, >= 0 (0 = immovable). */
  setInverseMass(i, inverseMass) {
    const w = 'setInverseMass';
    this._particle(w, 'i', i);
    num(w, 'inverseMass', inverseMass);
    this._call(w, this._x.silk_js_set_inverse_mass(this._ptr, i, inverseMass), { arg: 'inverseMass', value: inverseMass });
  }

  inverseMass(i) {
    this._particle('inverseMass', 'i', i);
    return this._x.silk_js_get_inverse_mass(this._ptr, i);
  }

  /** XPBD compliance of a composite's constraint (px per unit force; 0 = rigid). */
  setCompliance(composite, index, compliance) {
    const w = 'setCompliance';
    this._composite(w, composite); int(w, 'index', index, 0);
    const c = complianceOption(w, { compliance });
    this._call(w, this._x.silk_js_set_compliance(this._ptr, composite, index, c));
  }

  compliance(composite, index) {
    const w = 'compliance';
    this._composite(w, composite); int(w, 'index', index, 0);
    const c = this._x.silk_js_get_compliance(this._ptr, composite, index);
    if (c < 0) this._call(w, c);
    return c;
  }

  // -- static polygons and cutting (robust solver; silk.h "Static polygons and cutting") --
  /**
   * Adds a static convex polygon the robust solver keeps particles out of: { points: [[x, y],
   * ...] (3..LIMITS.MAX_POLYGON_POINTS, either winding), friction (default 0.5) }. Returns its id.
   */
  addPolygon(o = {}) {
    const w = 'addPolygon';
    o = obj(w, 'options', o);
    if (!Array.isArray(o.points)) throw new TypeError(`${w}: points must be an array of [x, y]`);
    if (o.points.length > LIMITS.MAX_POLYGON_POINTS) { // checked here: the points are copied into wasm first
      throw new RangeError(`${w}: points must hold at most ${LIMITS.MAX_POLYGON_POINTS} points, got ${o.points.length}`);
    }
    const pts = o.points.map((p, i) => vec(w, `points[${i}]`, p));
    const friction = pick(w, o, 'friction', this._silk._defaultsOf('silk_polygon_def').friction);
    const silk = this._silk;
    const mem = silk._alloc(Math.max(pts.length, 1) * VEC2_BYTES);
    try {
      const v = silk._f64(mem, pts.length * 2);
      pts.forEach(([x, y], i) => { v[2 * i] = x; v[2 * i + 1] = y; });
      // the engine checks the count, friction and the outline, and names what failed
      const def = silk._fillDef('silk_polygon_def', { points: mem, count: pts.length, friction });
      return this._call(w, this._x.silk_js_add_polygon(this._ptr, def), { world: this, values: { friction } });
    } finally {
      silk.exports.silk_js_free(mem);
    }
  }

  get polygonCount() { return this._x.silk_js_polygon_count(this._ptr); }

  /** A polygon's vertices [[x, y], ...], as stored (positive signed area: clockwise on screen). */
  polygon(i) {
    const w = 'polygon';
    int(w, 'i', i, 0, this.polygonCount - 1);
    const silk = this._silk;
    const mem = silk._alloc(LIMITS.MAX_POLYGON_POINTS * VEC2_BYTES);
    try {
      const n = this._call(w, this._x.silk_js_get_polygon(this._ptr, i, mem));
      const v = silk._f64(mem, 2 * n);
      return Array.from({ length: n }, (_, k) => [v[2 * k], v[2 * k + 1]]);
    } finally {
      silk.exports.silk_js_free(mem);
    }
  }

  /** { depth, particle }: the deepest particle inside any polygon (0 and -1 when none is). */
  polygonPenetration() {
    const s = this._silk._scratch;
    this._call('polygonPenetration', this._x.silk_js_polygon_penetration(this._ptr, s));
    const { depth, particle } = this._silk._readStruct('silk_js_penetration', s);
    return { depth, particle };
  }

  /**
   * Cuts every distance constraint whose segment crosses the segment (ax, ay)-(bx, by) (a pointer
   * swipe); returns how many were removed. Pins and angles stay.
   */
  cut(ax, ay, bx, by) {
    const w = 'cut';
    num(w, 'ax', ax); num(w, 'ay', ay); num(w, 'bx', bx); num(w, 'by', by);
    return this._call(w, this._x.silk_js_cut(this._ptr, ax, ay, bx, by));
  }

  // -- health --
  /** The watchdog's verdict after the last step: 'healthy' | 'exploding' | 'nonfinite'. */
  health() { return HEALTHS[this._x.silk_js_health(this._ptr)]; }

  /** Measures now (without adding to the watchdog's history). */
  checkHealth() { return HEALTHS[this._x.silk_js_check_health(this._ptr)]; }

  /** { enabled, window, radiusFactor, speedLimit, energyGrowth, autoRestore, snapshotInterval };
   *  what is not given is the engine's default (silk_default_watchdog_def). */
  setWatchdog(o = {}) {
    setDef(this, 'setWatchdog', 'silk_watchdog_def', WATCHDOG_OPTIONS, o, false, (p) => this._x.silk_js_set_watchdog(this._ptr, p));
  }
}
