// silk-scene.mjs -- a scene as data (docs/library.md, "Scenes as data"): the JSON format's shape
// check, checkScene(data), pure JavaScript with no wasm, so a host can refuse a bad file before
// posting it to a Worker. It checks what JSON can get wrong -- types, missing and unknown
// fields, finite numbers, particle references, the format's size limits -- and names the field
// (`scene: composites[0].particles[12].x: not finite, got NaN`; load and checkScene put their own
// name in place of `scene`). The ranges the engine owns
// (a radius above LIMITS.MAX_RADIUS, a non-convex polygon, a robust substep count ...) are
// the engine's own checks: world.load (silk-world-scene.mjs) runs them and maps each refusal
// back to its field. Everything a check throws is a TypeError (wrong type, missing, unknown)
// or a RangeError (a bad value).
import { LIMITS, WORLD_SETTINGS, FIELDS } from './silk-boundary.mjs';
import { camel } from './silk-checks.mjs';

/** The format's name and version: `{ "format": "silk-scene", "version": 1, ... }`. */
export const SCENE_FORMAT = 'silk-scene';
export const SCENE_VERSION = 1;

/**
 * The format's own size limits, far below the engine's (LIMITS.MAX_PARTICLES is 4 million):
 * a scene is something a page downloads and builds on the main thread or in a Worker, and a
 * bound checked before anything is built keeps a huge or hostile file from costing more than
 * the parse (a 2000-ball pit is about 120 KB of JSON; these allow 60 times that).
 */
export const SCENE_LIMITS = Object.freeze({
  MAX_CHARS: 16 * 1024 * 1024, // a scene given as a string
  MAX_PARTICLES: 65536,
  MAX_CONSTRAINTS: 262144,
  MAX_COMPOSITES: 1024,
  MAX_POLYGONS: LIMITS.MAX_POLYGONS,
  MAX_POLYGON_POINTS: LIMITS.MAX_POLYGON_POINTS,
  MAX_NAME_CHARS: 200,
  MAX_DRAW_CHARS: 65536, // the drawing hints, as JSON
});

/** The world settings a scene may give (WORLD_SETTINGS' options: width, height, gravity, ...). */
const WORLD_KEYS = Object.freeze(WORLD_SETTINGS.map((s) => s.option));
const WORLD_TYPE = Object.freeze(Object.fromEntries(WORLD_SETTINGS.map((s) => [s.option, s.type])));
/** The robust settings (silk_robust_def's fields, camelCase) and their C types. */
const ROBUST_TYPE = Object.freeze(Object.fromEntries(FIELDS.silk_robust_def
  .filter(([field, type]) => type !== 'pointer' && !field.endsWith('internal_cookie'))
  .map(([field, type]) => [camel(field), type])));

const TOP_KEYS = ['format', 'version', 'name', 'solver', 'world', 'robust', 'random', 'extension',
  'composites', 'polygons', 'view', 'draw'];
const COMPOSITE_KEYS = ['name', 'particles', 'constraints', 'distance', 'angle', 'pins', 'collision'];
const PARTICLE_KEYS = ['x', 'y', 'px', 'py', 'vx', 'vy', 'mass', 'inverseMass', 'radius', 'pinned', 'sleep'];
const DISTANCE_KEYS = ['type', 'a', 'b', 'stiffness', 'rest', 'compliance'];
const ANGLE_KEYS = ['type', 'a', 'b', 'c', 'stiffness', 'rest', 'compliance'];
const PIN_KEYS = ['type', 'particle', 'x', 'y'];
const COLLISION_KEYS = ['categoryBits', 'maskBits', 'selfCollide'];
const POLYGON_KEYS = ['points', 'friction'];
const VIEW_KEYS = ['x', 'y', 'width', 'height'];

// ---- the checks: each names the field path ---------------------------------------------------

/** The checks' errors say `scene: <field>: ...`; the public calls say their own name instead,
 *  as every binding error does (`load: composites[0].particles[12].x: not finite, got NaN`). */
export function named(where, e) {
  if (!(e instanceof TypeError || e instanceof RangeError) || !e.message.startsWith('scene: ')) return e;
  const Kind = e instanceof TypeError ? TypeError : RangeError;
  return new Kind(`${where}: ${e.message.slice('scene: '.length)}`);
}

function fail(Kind, path, what) {
  return new Kind(`scene: ${path}: ${what}`);
}

function typeName(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function object(path, v) {
  if (!isObject(v)) throw fail(TypeError, path, `must be an object, got ${typeName(v)}`);
  return v;
}

function array(path, v) {
  if (!Array.isArray(v)) throw fail(TypeError, path, `must be an array, got ${typeName(v)}`);
  return v;
}

/** Refuses fields the format does not have (a typo would otherwise be ignored silently). */
function known(path, o, keys) {
  for (const k of Object.keys(o)) {
    if (!keys.includes(k)) throw fail(TypeError, path === '' ? k : `${path}.${k}`, `unknown field (known: ${keys.join(', ')})`);
  }
}

function number(path, v) {
  if (typeof v !== 'number') throw fail(TypeError, path, `must be a number, got ${typeName(v)}`);
  if (!Number.isFinite(v)) throw fail(RangeError, path, `not finite, got ${v}`);
  return v;
}

function integer(path, v, min, max) {
  number(path, v);
  if (!Number.isInteger(v)) throw fail(RangeError, path, `must be an integer, got ${v}`);
  if (v < min || v > max) throw fail(RangeError, path, `must be in [${min}, ${max}], got ${v}`);
  return v;
}

function boolean(path, v) {
  if (typeof v !== 'boolean') throw fail(TypeError, path, `must be true or false, got ${typeName(v)}`);
  return v;
}

function vec2(path, v) {
  if (!Array.isArray(v)) throw fail(TypeError, path, `must be [x, y], got ${typeName(v)}`);
  if (v.length !== 2) throw fail(RangeError, path, `must be [x, y], got ${v.length} numbers`);
  return [number(`${path}[0]`, v[0]), number(`${path}[1]`, v[1])];
}

function text(path, v, max) {
  if (typeof v !== 'string') throw fail(TypeError, path, `must be a string, got ${typeName(v)}`);
  if (v.length > max) throw fail(RangeError, path, `must be at most ${max} characters, got ${v.length}`);
  return v;
}

function optional(o, key, check, path, ...rest) {
  return o[key] === undefined ? undefined : check(`${path}.${key}`, o[key], ...rest);
}

/** A seed: a whole number >= 0 below 2^64, as a JSON number (exact up to 2^53) or a decimal
 *  string (any uint64). Returns a BigInt. */
function seed(path, v) {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) throw fail(RangeError, path, `must be a whole number in [0, 2^53) or a decimal string, got ${v}`);
    return BigInt(v);
  }
  if (typeof v !== 'string') throw fail(TypeError, path, `must be a number or a decimal string, got ${typeName(v)}`);
  if (!/^[0-9]{1,20}$/.test(v) || BigInt(v) >= 1n << 64n) throw fail(RangeError, path, `must be a decimal uint64, got '${v.slice(0, 40)}'`);
  return BigInt(v);
}

/** The generator's state: 16 hex digits (what toJSON writes). */
function randomState(path, v) {
  if (typeof v !== 'string') throw fail(TypeError, path, `must be a string of 16 hex digits, got ${typeName(v)}`);
  if (!/^[0-9a-fA-F]{16}$/.test(v)) throw fail(RangeError, path, `must be 16 hex digits, got '${v.slice(0, 40)}'`);
  return BigInt(`0x${v}`);
}

/** A value by its C type (the world and robust settings' tables). */
function byType(path, v, type) {
  switch (type) {
    case 'double': return number(path, v);
    case 'int32_t': return integer(path, v, -2147483648, 2147483647);
    case 'bool': return boolean(path, v);
    case 'silk_vec2': return vec2(path, v);
    case 'uint64_t': return seed(path, v);
    default: throw new Error(`silk: no scene check for ${type}`);
  }
}

/** JSON-shaped data only (the drawing hints pass through to the host as they are). */
function plainData(path, v, depth = 0) {
  if (depth > 16) throw fail(RangeError, path, 'nested more than 16 deep');
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
  if (typeof v === 'number') { number(path, v); return; }
  if (Array.isArray(v)) { v.forEach((x, i) => plainData(`${path}[${i}]`, x, depth + 1)); return; }
  if (isObject(v)) { for (const k of Object.keys(v)) plainData(`${path}.${k}`, v[k], depth + 1); return; }
  throw fail(TypeError, path, `must be JSON data, got ${typeName(v)}`);
}

// ---- the scene -------------------------------------------------------------------------------

/**
 * Checks a scene (a parsed object, or a JSON string) and returns it normalized for the loader:
 * { name, solver, world, robust, random, extension, composites: [{ name, particles, constraints,
 * collision }], polygons, view, draw, particleCount, constraintCount } with every particle
 * reference made world-wide. Throws TypeError / RangeError naming the field; changes nothing.
 */
export function checkScene(data) {
  if (typeof data === 'string') {
    if (data.length > SCENE_LIMITS.MAX_CHARS) {
      throw new RangeError(`scene: the JSON text is ${data.length} characters, more than the ${SCENE_LIMITS.MAX_CHARS} a scene may have`);
    }
    try {
      data = JSON.parse(data);
    } catch (e) {
      throw new TypeError(`scene: not JSON (${e.message})`);
    }
  }
  if (!isObject(data)) throw new TypeError(`scene: must be an object, got ${typeName(data)}`);
  const s = data;
  known('', s, TOP_KEYS);
  if (s.format !== SCENE_FORMAT) {
    throw fail(s.format === undefined || typeof s.format === 'string' ? RangeError : TypeError, 'format', `must be '${SCENE_FORMAT}', got ${JSON.stringify(s.format) ?? 'nothing'}`);
  }
  if (s.version !== SCENE_VERSION) {
    throw fail(typeof s.version === 'number' || s.version === undefined ? RangeError : TypeError, 'version',
      `must be ${SCENE_VERSION} (the only version this library reads), got ${JSON.stringify(s.version) ?? 'nothing'}`);
  }
  const out = {
    name: s.name === undefined ? null : text('name', s.name, SCENE_LIMITS.MAX_NAME_CHARS),
    solver: 'compat', world: {}, robust: {}, random: undefined, extension: undefined,
    composites: [], polygons: [], view: null, draw: null, particleCount: 0, constraintCount: 0,
  };
  if (s.solver !== undefined) {
    if (typeof s.solver !== 'string') throw fail(TypeError, 'solver', `must be 'compat' or 'robust', got ${typeName(s.solver)}`);
    if (s.solver !== 'compat' && s.solver !== 'robust') throw fail(RangeError, 'solver', `must be 'compat' or 'robust', got '${s.solver.slice(0, 40)}'`);
    out.solver = s.solver;
  }
  if (s.world !== undefined) {
    const w = object('world', s.world);
    known('world', w, WORLD_KEYS);
    for (const k of WORLD_KEYS) if (w[k] !== undefined) out.world[k] = byType(`world.${k}`, w[k], WORLD_TYPE[k]);
  }
  if (s.robust !== undefined) {
    const r = object('robust', s.robust);
    known('robust', r, Object.keys(ROBUST_TYPE));
    for (const k of Object.keys(ROBUST_TYPE)) if (r[k] !== undefined) out.robust[k] = byType(`robust.${k}`, r[k], ROBUST_TYPE[k]);
  }
  if (s.random !== undefined) out.random = randomState('random', s.random);
  if (s.extension !== undefined) out.extension = extension(s.extension);
  checkComposites(s.composites, out);
  if (s.polygons !== undefined) out.polygons = polygons(s.polygons);
  if (s.view !== undefined) out.view = view(s.view);
  if (s.draw !== undefined) {
    object('draw', s.draw);
    plainData('draw', s.draw);
    const size = JSON.stringify(s.draw).length;
    if (size > SCENE_LIMITS.MAX_DRAW_CHARS) throw fail(RangeError, 'draw', `is ${size} characters as JSON, more than ${SCENE_LIMITS.MAX_DRAW_CHARS}`);
    out.draw = JSON.parse(JSON.stringify(s.draw)); // a copy: the host's, not the caller's object
  }
  return out;
}

/** The extension block's state (the extras' spider crawl; toJSON writes it, authors omit it). */
function extension(v) {
  const e = object('extension', v);
  known('extension', e, ['tag', 'values']);
  const tag = integer('extension.tag', e.tag, 1, 4294967295);
  const values = array('extension.values', e.values);
  if (values.length < 1 || values.length > LIMITS.MAX_EXTENSION_VALUES) {
    throw fail(RangeError, 'extension.values', `must hold 1 to ${LIMITS.MAX_EXTENSION_VALUES} integers, got ${values.length}`);
  }
  return { tag, values: values.map((x, i) => integer(`extension.values[${i}]`, x, -2147483648, 2147483647)) };
}

function view(v) {
  const o = object('view', v);
  known('view', o, VIEW_KEYS);
  const r = {};
  for (const k of VIEW_KEYS) r[k] = number(`view.${k}`, o[k]);
  if (!(r.width > 0)) throw fail(RangeError, 'view.width', `must be > 0, got ${r.width}`);
  if (!(r.height > 0)) throw fail(RangeError, 'view.height', `must be > 0, got ${r.height}`);
  return r;
}

function polygons(v) {
  const list = array('polygons', v);
  if (list.length > SCENE_LIMITS.MAX_POLYGONS) throw fail(RangeError, 'polygons', `at most ${SCENE_LIMITS.MAX_POLYGONS} polygons, got ${list.length}`);
  return list.map((p, i) => {
    const path = `polygons[${i}]`;
    const o = object(path, p);
    known(path, o, POLYGON_KEYS);
    const pts = array(`${path}.points`, o.points);
    if (pts.length < 3 || pts.length > SCENE_LIMITS.MAX_POLYGON_POINTS) {
      throw fail(RangeError, `${path}.points`, `must hold 3 to ${SCENE_LIMITS.MAX_POLYGON_POINTS} points, got ${pts.length}`);
    }
    return { points: pts.map((q, k) => vec2(`${path}.points[${k}]`, q)), friction: optional(o, 'friction', number, path), path };
  });
}

/** Counts first (a huge file is refused before any element is read), then every element. */
function checkComposites(v, out) {
  const list = array('composites', v === undefined ? [] : v);
  if (list.length > SCENE_LIMITS.MAX_COMPOSITES) throw fail(RangeError, 'composites', `at most ${SCENE_LIMITS.MAX_COMPOSITES} composites, got ${list.length}`);
  const base = [];
  let particles = 0, constraints = 0;
  list.forEach((c, k) => {
    const path = `composites[${k}]`;
    object(path, c);
    known(path, c, COMPOSITE_KEYS);
    base.push(particles);
    particles += array(`${path}.particles`, c.particles).length;
    for (const key of ['constraints', 'distance', 'angle', 'pins']) {
      if (c[key] !== undefined) constraints += array(`${path}.${key}`, c[key]).length;
    }
  });
  if (particles > SCENE_LIMITS.MAX_PARTICLES) throw fail(RangeError, 'composites', `${particles} particles in all, more than the ${SCENE_LIMITS.MAX_PARTICLES} a scene may have`);
  if (constraints > SCENE_LIMITS.MAX_CONSTRAINTS) throw fail(RangeError, 'composites', `${constraints} constraints in all, more than the ${SCENE_LIMITS.MAX_CONSTRAINTS} a scene may have`);
  const sizes = list.map((c) => c.particles.length);
  out.composites = list.map((c, k) => composite(c, k, base, sizes));
  out.particleCount = particles;
  out.constraintCount = out.composites.reduce((n, c) => n + c.constraints.length, 0);
  if (out.constraintCount > SCENE_LIMITS.MAX_CONSTRAINTS) throw fail(RangeError, 'composites', `${out.constraintCount} constraints in all (pinned particles add one each), more than ${SCENE_LIMITS.MAX_CONSTRAINTS}`);
}

function composite(c, k, base, sizes) {
  const path = `composites[${k}]`;
  const ref = (p, v) => particleRef(p, v, k, base, sizes);
  const particles = c.particles.map((p, i) => particle(`${path}.particles[${i}]`, p));
  const constraints = [];
  (c.constraints === undefined ? [] : c.constraints).forEach((x, i) => {
    const p = `${path}.constraints[${i}]`;
    object(p, x);
    if (x.type === 'distance') constraints.push(distance(p, x, ref));
    else if (x.type === 'angle') constraints.push(angle(p, x, ref));
    else if (x.type === 'pin') constraints.push(pin(p, x, ref));
    else throw fail(x.type === undefined || typeof x.type === 'string' ? RangeError : TypeError, `${p}.type`, `must be 'distance', 'angle' or 'pin', got ${JSON.stringify(x.type) ?? 'nothing'}`);
  });
  (c.distance ?? []).forEach((x, i) => constraints.push(distance(typed(`${path}.distance[${i}]`, x, 'distance'), x, ref)));
  (c.angle ?? []).forEach((x, i) => constraints.push(angle(typed(`${path}.angle[${i}]`, x, 'angle'), x, ref)));
  (c.pins ?? []).forEach((x, i) => constraints.push(pin(typed(`${path}.pins[${i}]`, x, 'pin'), x, ref)));
  particles.forEach((p, i) => {
    if (p.pinned) constraints.push({ kind: 'pin', a: base[k] + i, x: undefined, y: undefined, path: `${path}.particles[${i}].pinned` });
  });
  let collision;
  if (c.collision !== undefined) {
    const o = object(`${path}.collision`, c.collision);
    known(`${path}.collision`, o, COLLISION_KEYS);
    collision = {
      categoryBits: optional(o, 'categoryBits', integer, `${path}.collision`, 0, 4294967295),
      maskBits: optional(o, 'maskBits', integer, `${path}.collision`, 0, 4294967295),
      selfCollide: optional(o, 'selfCollide', boolean, `${path}.collision`),
    };
  }
  return { name: c.name === undefined ? null : text(`${path}.name`, c.name, SCENE_LIMITS.MAX_NAME_CHARS), particles, constraints, collision, path };
}

/** A shorthand list's entry may say its type, and then it must be the list's. */
function typed(path, x, type) {
  if (isObject(x) && x.type !== undefined && x.type !== type) {
    throw fail(typeof x.type === 'string' ? RangeError : TypeError, `${path}.type`, `must be '${type}' in this list, got ${JSON.stringify(x.type)}`);
  }
  return path;
}

/** [x, y] or { x, y, px?, py?, vx?, vy?, mass? | inverseMass?, radius?, pinned?, sleep? }. */
function particle(path, p) {
  if (Array.isArray(p)) {
    const [x, y] = vec2(path, p);
    return { x, y, px: x, py: y, path };
  }
  object(path, p);
  known(path, p, PARTICLE_KEYS);
  const x = number(`${path}.x`, p.x), y = number(`${path}.y`, p.y);
  if (p.mass !== undefined && p.inverseMass !== undefined) throw fail(TypeError, `${path}.mass`, 'give mass or inverseMass, not both');
  const mass = optional(p, 'mass', number, path);
  if (mass !== undefined && !(mass > 0)) throw fail(RangeError, `${path}.mass`, `must be > 0 (use inverseMass 0 for an immovable particle), got ${mass}`);
  return {
    x, y, px: optional(p, 'px', number, path) ?? x, py: optional(p, 'py', number, path) ?? y,
    vx: optional(p, 'vx', number, path), vy: optional(p, 'vy', number, path),
    mass, inverseMass: optional(p, 'inverseMass', number, path), radius: optional(p, 'radius', number, path),
    pinned: optional(p, 'pinned', boolean, path) ?? false,
    // robust sleep (silk.h "Sleeping"): k > 0 resting steps, -(root + 1) asleep in the island
    // of particle root (its lowest index, so root <= this particle's: checked when built)
    sleep: optional(p, 'sleep', integer, path, -SCENE_LIMITS.MAX_PARTICLES, 1000000), path,
  };
}

/** A particle: its index in this composite, or [composite, index] for another composite's. */
function particleRef(path, v, k, base, sizes) {
  if (Array.isArray(v)) {
    if (v.length !== 2) throw fail(RangeError, path, `must be an index or [composite, index], got ${v.length} numbers`);
    const c = integer(`${path}[0]`, v[0], 0, sizes.length - 1);
    return base[c] + integer(`${path}[1]`, v[1], 0, sizes[c] - 1);
  }
  if (sizes[k] === 0) throw fail(RangeError, path, 'composite has no particles to refer to');
  return base[k] + integer(path, v, 0, sizes[k] - 1);
}

/** [a, b, stiffness?] or { type?, a, b, stiffness?, rest?, compliance? }. */
function distance(path, x, ref) {
  if (Array.isArray(x)) {
    if (x.length < 2 || x.length > 3) throw fail(RangeError, path, `must be [a, b] or [a, b, stiffness], got ${x.length} values`);
    return { kind: 'distance', a: ref(`${path}[0]`, x[0]), b: ref(`${path}[1]`, x[1]), stiffness: x.length > 2 ? number(`${path}[2]`, x[2]) : undefined, path };
  }
  object(path, x);
  known(path, x, DISTANCE_KEYS);
  return {
    kind: 'distance', a: ref(`${path}.a`, x.a), b: ref(`${path}.b`, x.b), stiffness: optional(x, 'stiffness', number, path),
    rest: optional(x, 'rest', number, path), compliance: optional(x, 'compliance', number, path), path,
  };
}

/** [a, b, c, stiffness] or { type?, a, b, c, stiffness, rest?, compliance? } (rest: radians). */
function angle(path, x, ref) {
  if (Array.isArray(x)) {
    if (x.length !== 4) throw fail(RangeError, path, `must be [a, b, c, stiffness], got ${x.length} values`);
    return {
      kind: 'angle', a: ref(`${path}[0]`, x[0]), b: ref(`${path}[1]`, x[1]), c: ref(`${path}[2]`, x[2]),
      stiffness: number(`${path}[3]`, x[3]), path,
    };
  }
  object(path, x);
  known(path, x, ANGLE_KEYS);
  return {
    kind: 'angle', a: ref(`${path}.a`, x.a), b: ref(`${path}.b`, x.b), c: ref(`${path}.c`, x.c),
    stiffness: number(`${path}.stiffness`, x.stiffness), rest: optional(x, 'rest', number, path),
    compliance: optional(x, 'compliance', number, path), path,
  };
}

/** A particle (pinned where it is) or { type?, particle, x?, y? } (pinned at x, y). */
function pin(path, x, ref) {
  if (!isObject(x)) return { kind: 'pin', a: ref(path, x), x: undefined, y: undefined, path };
  known(path, x, PIN_KEYS);
  const has = x.x !== undefined || x.y !== undefined;
  return {
    kind: 'pin', a: ref(`${path}.particle`, x.particle),
    x: has ? number(`${path}.x`, x.x) : undefined, y: has ? number(`${path}.y`, x.y) : undefined, path,
  };
}
