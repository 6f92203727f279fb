// silk-world-collide.mjs -- World's members for collisions (robust solver; silk.h
// "Collisions"): a radius per particle and a collision filter per composite. silk-world.mjs
// adds them to World; `this` is the World.
import { num, int, obj, bool } from './silk-checks.mjs';

export class WorldCollide {
  /** Radius of particle i, px, finite in [0, LIMITS.MAX_RADIUS] (0: a point, no collisions). */
  setRadius(i, radius) {
    const w = 'setRadius';
    this._particle(w, 'i', i);
    num(w, 'radius', radius);
    this._call(w, this._x.silk_js_set_radius(this._ptr, i, radius), { arg: 'radius', value: radius });
  }

  radius(i) {
    this._particle('radius', 'i', i);
    return this._x.silk_js_get_radius(this._ptr, i);
  }

  /** The radii, one per particle (a view: read it before the world grows). */
  get radii() {
    const x = this._x;
    const ptr = x.silk_js_radii(this._ptr);
    return new Float64Array(this._silk.exports.memory.buffer, ptr, x.silk_js_particle_count(this._ptr));
  }

  /**
   * Which particles of composite c collide: { categoryBits, maskBits, selfCollide } (unsigned
   * 32-bit integers and a boolean; the ones not given keep their values). Two composites
   * collide when each one's category meets the other's mask; a composite's own particles only
   * with selfCollide (default false).
   */
  setCollisionFilter(composite, o = {}) {
    const w = 'setCollisionFilter';
    this._composite(w, composite);
    o = obj(w, 'options', o);
    const now = this.collisionFilter(composite);
    const bits = (name) => {
      const v = o[name] === undefined ? now[name] : o[name];
      int(w, name, v, 0, 4294967295);
      return v >>> 0;
    };
    const category = bits('categoryBits'), mask = bits('maskBits');
    const self = o.selfCollide === undefined ? now.selfCollide : o.selfCollide;
    bool(w, 'selfCollide', self);
    this._call(w, this._x.silk_js_set_collision_filter(this._ptr, composite, category, mask, self ? 1 : 0));
  }

  collisionFilter(composite) {
    const w = 'collisionFilter';
    this._composite(w, composite);
    const f = (k) => this._x.silk_js_get_collision_filter(this._ptr, composite, k);
    return { categoryBits: f(0), maskBits: f(1), selfCollide: f(2) === 1 };
  }
}
