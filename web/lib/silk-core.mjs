// silk-core.mjs -- the core binding, as engine/include/silk.h is the core engine: loading the
// standalone WebAssembly module, structs in wasm memory by the generated layouts, the argument
// checks, and Silk (createWorld, createStepper, ...), Stepper and World. The scenes, builders
// and lessons of silk_extras.h are silk-extras.mjs; silk.mjs is the public entry and joins the
// two (import from silk.mjs: a World from silk-core.mjs alone has no builders).
//
// Every method validates its arguments and throws TypeError (wrong type) or RangeError
// (out of range, NaN, infinite) naming the argument; engine status codes become errors too.
// Views over wasm memory are re-created whenever memory grows or the arrays move.

// The engine's numbers (diagnostics layout, enums, status codes, limits) come from the
// generated silk-boundary.mjs (scripts/gen-boundary.mjs reads engine/include/silk.h): these files
// restates none of them.
import {
  DIAG as FIELD_INDEX, VERDICTS, LOOP_MODES, SCENES, CONSTRAINT_KINDS, FLOOR_RULES, SOLVERS, HEALTHS,
  STATUS as STATUS_CODES, LIMITS, LAYOUT, FIELDS, DEFAULTS, CALLS,
} from './silk-boundary.mjs';

export { DIAG, VERDICTS, LOOP_MODES, SCENES, CONSTRAINT_KINDS, FLOOR_RULES, SOLVERS, HEALTHS, LIMITS, DEFAULTS };

/** The diagnostics fields' indices. STEP is kept as verlet-js's name for RELAX_PASSES (the
 *  passes of the last frame, frame(step)'s `step`), for callers that index with it. */
const DIAG = Object.freeze({ ...FIELD_INDEX, STEP: FIELD_INDEX.RELAX_PASSES });

/** camelCase names of the diagnostics fields, in index order. */
export const DIAG_NAMES = Object.freeze(
  Object.keys(FIELD_INDEX).map((k) => k.toLowerCase().replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase())),
);

/** findNearest's default radius: the original's selection radius (silk.h SILK_DRAG_RADIUS). */
const NEAREST_RADIUS = LIMITS.DRAG_RADIUS;
/** Bytes of a silk_vec2 in wasm memory (two doubles), and of the out-parameter scratch (room
 *  for the widest struct that crosses the boundary, and for the small scalar results). */
const F64_BYTES = Float64Array.BYTES_PER_ELEMENT;
const VEC2_BYTES = 2 * F64_BYTES;
const SCRATCH_BYTES = Math.max(4 * F64_BYTES, ...Object.values(LAYOUT).map((l) => l.size));
/** Each boundary struct's fields by C name: { struct: { field: [type, offset] } }. */
const FIELD_OF = Object.freeze(Object.fromEntries(Object.entries(FIELDS).map(([struct, fields]) =>
  [struct, Object.freeze(Object.fromEntries(fields.map(([field, type, offset]) => [field, [type, offset]])))])));
/** Status name -> code ('SILK_ERR_STATE' -> -7). */
const STATUS_OF = Object.freeze(Object.fromEntries(Object.entries(STATUS_CODES).map(([code, { name }]) => [name, Number(code)])));

/** The JS error class of each engine status: a wrong kind of argument is a TypeError, a bad
 *  value a RangeError, a call the world's state or the bytes do not allow a plain Error. */
const ERROR_CLASS = Object.freeze({
  SILK_ERR_NULL: TypeError, SILK_ERR_DEF: TypeError, SILK_ERR_KIND: TypeError,
  SILK_ERR_STATE: Error, SILK_ERR_FORMAT: Error,
});
const STATUS = Object.freeze(Object.fromEntries(Object.entries(STATUS_CODES)
  .filter(([code]) => Number(code) < 0)
  .map(([code, { name }]) => [code, ERROR_CLASS[name] ?? RangeError])));

// ---- argument checks ----------------------------------------------------------------------

function num(where, name, v) {
  if (typeof v !== 'number') throw new TypeError(`${where}: ${name} must be a number, got ${typeof v}`);
  if (!Number.isFinite(v)) throw new RangeError(`${where}: ${name} must be finite, got ${v}`);
  return v;
}

function int(where, name, v, min = -2147483648, max = 2147483647) {
  if (typeof v !== 'number') throw new TypeError(`${where}: ${name} must be an integer, got ${typeof v}`);
  if (!Number.isInteger(v)) throw new RangeError(`${where}: ${name} must be an integer, got ${v}`);
  if (v < min || v > max) throw new RangeError(`${where}: ${name} must be in [${min}, ${max}], got ${v}`);
  return v;
}

/** A finite number > min (or >= min when `inclusive`). */
function above(where, name, v, min, inclusive = false) {
  num(where, name, v);
  if (inclusive ? !(v >= min) : !(v > min)) {
    throw new RangeError(`${where}: ${name} must be ${inclusive ? '>=' : '>'} ${min}, got ${v}`);
  }
  return v;
}

/**
 * An options bag as the binding reads it: its own enumerable properties only, copied into an
 * object without a prototype, so that neither `Object.prototype.width = 1` elsewhere on the page
 * nor a class's prototype changes what a call does.
 */
function obj(where, name, v) {
  if (v === undefined) return Object.create(null);
  if (v === null || typeof v !== 'object') throw new TypeError(`${where}: ${name} must be an object`);
  return Object.assign(Object.create(null), v);
}

function pick(where, o, key, fallback, check = num) {
  return o[key] === undefined ? fallback : check(where, key, o[key]);
}

function vec(where, name, v) {
  if (!Array.isArray(v) && !(v instanceof Float64Array)) {
    throw new TypeError(`${where}: ${name} must be [x, y]`);
  }
  if (v.length !== 2) throw new RangeError(`${where}: ${name} must have 2 numbers, got ${v.length}`);
  return [num(where, `${name}[0]`, v[0]), num(where, `${name}[1]`, v[1])];
}

function oneOf(where, name, v, names) {
  if (typeof v !== 'string') throw new TypeError(`${where}: ${name} must be a string, got ${typeof v}`);
  const i = names.indexOf(v);
  if (i < 0) throw new RangeError(`${where}: ${name} must be one of ${names.join(', ')}, got '${v}'`);
  return i;
}

function bool(where, name, v) {
  if (typeof v !== 'boolean') throw new TypeError(`${where}: ${name} must be a boolean, got ${typeof v}`);
  return v;
}

function solverIndex(where, name) {
  if (typeof name !== 'string') throw new TypeError(`${where}: solver must be 'compat' or 'robust', got ${typeof name}`);
  const i = SOLVERS.indexOf(name);
  if (i < 0) throw new RangeError(`${where}: solver must be 'compat' or 'robust', got '${name}'`);
  return i;
}

function bytesArg(where, name, v) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  throw new TypeError(`${where}: ${name} must be a Uint8Array, ArrayBuffer or typed array`);
}

/** A uint64_t as _readField returns it (a BigInt) -> 16 hex digits. */
function hexBig(v) {
  return v.toString(16).padStart(16, '0');
}

/** snake_case C field -> the binding's camelCase option ('stepper.step_seconds' -> 'stepSeconds'). */
function camel(field) {
  return field.slice(field.lastIndexOf('.') + 1).replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/** Option name -> C field for every field of a def struct but its cookie and pointers. */
function optionsOf(struct) {
  return Object.freeze(Object.fromEntries(FIELDS[struct]
    .filter(([field, type]) => type !== 'pointer' && !field.endsWith('internal_cookie'))
    .map(([field]) => [camel(field), field])));
}

/** createWorld's options and the silk_world_def fields they set (the rest keep the engine's
 *  defaults: capacities, allocator). */
const WORLD_OPTIONS = Object.freeze({
  width: 'width', height: 'height', gravity: 'gravity', friction: 'friction', groundFriction: 'ground_friction',
  seed: 'seed', relaxPasses: 'relax_passes', step: 'relax_passes', stepSeconds: 'stepper.step_seconds', maxStepsPerFrame: 'stepper.max_steps_per_frame',
});
const STEPPER_OPTIONS = optionsOf('silk_stepper_def');
const ROBUST_OPTIONS = optionsOf('silk_robust_def');
const WATCHDOG_OPTIONS = optionsOf('silk_watchdog_def');
/** createWorld's robust options that may also be given at the top level. */
const ROBUST_TOP_LEVEL = Object.freeze(['substeps', 'iterations', 'ceiling', 'restitution', 'tethers', 'nearPass', 'nearPasses', 'chains', 'nearMobility']);

/** The JS check of a value by its C type (the ranges are the engine's: C checks them). */
const CHECK_BY_TYPE = Object.freeze({
  double: num, int32_t: int, bool, silk_vec2: vec, uint64_t: (where, name, v) => seedWords(where, v),
});

function seedWords(where, seed) {
  let big;
  if (typeof seed === 'bigint') big = seed;
  else if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed) || seed < 0) {
      throw new RangeError(`${where}: seed must be a non-negative safe integer or a BigInt, got ${seed}`);
    }
    big = BigInt(seed);
  } else throw new TypeError(`${where}: seed must be a number or a BigInt, got ${typeof seed}`);
  if (big < 0n || big >= 1n << 64n) throw new RangeError(`${where}: seed must fit in a uint64_t`);
  return [Number(big & 0xffffffffn), Number(big >> 32n)];
}

// ---- loading --------------------------------------------------------------------------------

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

// The default module and the base of relative paths live in silk-wasm.mjs, imported only when
// needed: the npm package's version carries the wasm inline (~160 KB of base64), which an app
// that passes options.wasm should not have to load. Nor does this file read its own URL: a
// bundle has none (see silk-wasm.mjs).
const wasmHome = () => import('./silk-wasm.mjs');

async function readBytes(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source instanceof URL ? source : (await wasmHome()).wasmURL(String(source));
  if (isNode && url.protocol === 'file:') {
    // A variable specifier: bundlers building for the browser (esbuild, Vite) leave it alone.
    const fs = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fs);
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`loadSilk: ${url} answered ${response.status}`);
  return response.arrayBuffer();
}

async function instantiate(source, imports) {
  // the default: one compiled module for the page (silk-wasm.mjs), shared with <silk-demo>
  const module = source === undefined ? await (await wasmHome()).compileSilk() : source;
  if (module instanceof WebAssembly.Module) return WebAssembly.instantiate(module, imports);
  const isPath = typeof source === 'string' || source instanceof URL;
  if (isPath && !isNode && typeof WebAssembly.instantiateStreaming === 'function') {
    const url = source instanceof URL ? source : (await wasmHome()).wasmURL(source);
    try {
      return (await WebAssembly.instantiateStreaming(fetch(url), imports)).instance;
    } catch (e) {
      // A server that does not send application/wasm: fall back to bytes below.
      if (!(e instanceof TypeError)) throw e;
    }
  }
  const result = await WebAssembly.instantiate(await readBytes(source), imports);
  return result.instance;
}

/**
 * Loads the module. options.wasm: URL, path (relative to this module; in the npm package, to the
 * page), ArrayBuffer, typed array or WebAssembly.Module. Default: the module of silk-wasm.mjs,
 * compiled once per page (./silk.wasm beside this file; in the npm package, the bytes inline).
 */
export async function loadSilk(options = {}) {
  options = obj('loadSilk', 'options', options);
  const imports = {
    env: {
      silk_host_cos: Math.cos,
      silk_host_sin: Math.sin,
      silk_host_atan2: Math.atan2,
      // Views compare memory.buffer on every access, so growth needs no action here.
      emscripten_notify_memory_growth: () => {},
    },
  };
  const instance = await instantiate(options.wasm, imports);
  return new Silk(instance.exports);
}

// ---- the module ---------------------------------------------------------------------------

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

class Silk {
  constructor(exports) {
    checkExports(exports);
    this.exports = exports;
    if (typeof exports._initialize === 'function') exports._initialize();
    this.memory = exports.memory;
    this._scratch = this._alloc(SCRATCH_BYTES); // out-parameters of small calls
    this._advanceOut = this._alloc(LAYOUT.silk_advance_result.size); // shared: read at once
    // one def of each kind, filled and passed at once (defs never outlive the call)
    this._def = Object.fromEntries(Object.keys(FIELDS).filter((name) => name.endsWith('_def'))
      .map((name) => [name, this._alloc(LAYOUT[name].size)]));
    this._defaults = new Map(); // struct -> the engine's default def as { C field: value }
    this._detail = this._alloc(LAYOUT.silk_error_detail.size);
    this._heapBuffer = null;
    this._heapF64 = null;
    this._heapI32 = null;
    this._heapU32 = null;
    this._heapU8 = null;
  }

  /** Whole-memory views, re-made only when memory grows (reading a struct allocates nothing). */
  _heap() {
    const buffer = this.memory.buffer;
    if (this._heapBuffer !== buffer) {
      this._heapBuffer = buffer;
      this._heapF64 = new Float64Array(buffer);
      this._heapI32 = new Int32Array(buffer);
      this._heapU32 = new Uint32Array(buffer);
      this._heapU8 = new Uint8Array(buffer);
    }
  }

  // -- structs in wasm memory, by the generated FIELDS (scripts/gen-boundary.mjs) --

  _readField(type, p) {
    switch (type) {
      case 'double': return this._heapF64[p >> 3];
      case 'int32_t': return this._heapI32[p >> 2];
      case 'bool': return this._heapU8[p] !== 0;
      case 'silk_vec2': return [this._heapF64[p >> 3], this._heapF64[(p >> 3) + 1]];
      case 'uint64_t': return (BigInt(this._heapU32[(p >> 2) + 1]) << 32n) | BigInt(this._heapU32[p >> 2]);
      // counts of steps and work: exact as a Number up to 2^53 (the engine's are far below)
      case 'int64_t': return this._heapI32[(p >> 2) + 1] * 2 ** 32 + this._heapU32[p >> 2];
      case 'pointer': return this._heapU32[p >> 2];
      default: throw new Error(`silk: no reader for ${type}`);
    }
  }

  _writeField(type, p, v) {
    switch (type) {
      case 'double': this._heapF64[p >> 3] = v; break;
      case 'int32_t': this._heapI32[p >> 2] = v; break;
      case 'bool': this._heapU8[p] = v ? 1 : 0; break;
      case 'silk_vec2': this._heapF64[p >> 3] = v[0]; this._heapF64[(p >> 3) + 1] = v[1]; break;
      case 'uint64_t': this._heapU32[p >> 2] = v[0]; this._heapU32[(p >> 2) + 1] = v[1]; break; // [lo, hi]
      case 'pointer': this._heapU32[p >> 2] = v; break;
      default: throw new Error(`silk: no writer for ${type}`);
    }
  }

  /** The struct at p as { C field name: value }. */
  _readStruct(struct, p) {
    this._heap();
    const out = {};
    for (const [field, type, offset, count] of FIELDS[struct]) {
      if (count === undefined) out[field] = this._readField(type, p + offset);
      else out[field] = Array.from({ length: count }, (_, k) => this._readField(type, p + offset + k * this._sizeOf(type)));
    }
    return out;
  }

  /** Bytes of one array element in FIELDS (the arrays that cross are int32_t or double). */
  _sizeOf(type) {
    return type === 'double' ? F64_BYTES : Int32Array.BYTES_PER_ELEMENT;
  }

  /** The struct at p as the binding's options object ({ camelCase option: value }). */
  _readOptions(struct, p, names) {
    const c = this._readStruct(struct, p);
    return Object.fromEntries(Object.entries(names).map(([option, field]) => [option, c[field]]));
  }

  /**
   * Writes the options the caller gave (names: option -> C field) over the def at p, each
   * checked for its JS type first; fields not given keep what p holds (the engine's default or
   * the current setting). The engine checks the ranges when the def is used.
   */
  _overlay(where, struct, p, options, names) {
    const types = new Map(FIELDS[struct].map(([field, type, offset]) => [field, [type, offset]]));
    const checked = [];
    for (const [option, field] of Object.entries(names)) {
      if (options[option] === undefined) continue;
      const [type, offset] = types.get(field);
      checked.push([type, offset, CHECK_BY_TYPE[type](where, option, options[option])]);
    }
    this._heap();
    for (const [type, offset, v] of checked) this._writeField(type, p + offset, v);
  }

  /** Throws naming width or height when the engine would refuse that world size. */
  _checkSize(where, width, height) {
    const def = this._defaultDef('silk_world_def');
    this._overlay(where, 'silk_world_def', def, { width, height }, WORLD_OPTIONS);
    const status = this.exports.silk_js_check_world_def(def, this._detail);
    if (status < 0) this._throwDetail(where, status, this._detail, 'silk_world_def', def, WORLD_OPTIONS);
  }

  /** The engine's default def of `struct` as { C field: value } (read once: defaults are constant). */
  _defaultsOf(struct) {
    if (!this._defaults.has(struct)) this._defaults.set(struct, Object.freeze(this._readStruct(struct, this._defaultDef(struct))));
    return this._defaults.get(struct);
  }

  /**
   * The engine's default def of `struct` in its buffer with `values` ({ C field: value }, the
   * values already checked) written over it: what a generated export that takes a def is
   * given. The builders and addPolygon fill their def here, so their exports only marshal
   * (the per-constraint add calls pass scalars instead: cheaper than a def per call).
   */
  _fillDef(struct, values) {
    const p = this._defaultDef(struct);
    const fields = FIELD_OF[struct];
    this._heap();
    for (const field in values) {
      if (!Object.hasOwn(values, field)) continue; // own properties only: see obj()
      const [type, offset] = fields[field];
      this._writeField(type, p + offset, values[field]);
    }
    return p;
  }

  /** A fresh default def of `struct` in its buffer (the engine writes its own defaults). */
  _defaultDef(struct) {
    const p = this._def[struct];
    this.exports[`silk_js_default_${struct.slice('silk_'.length)}`](p);
    return p;
  }

  /**
   * Throws for a negative status with the silk_error_detail at `detail`: the message names the
   * option (names: option -> C field), says the engine's rule and the value the def held.
   */
  _throwDetail(where, status, detail, struct, p, names, given = {}) {
    const d = this._readStruct('silk_error_detail', detail);
    const field = d.field ? this._string(d.field) : '';
    const rule = d.rule ? this._string(d.rule) : '';
    if (!field) this._check(where, status);
    const Kind = STATUS[status] ?? Error;
    // the option's name as the caller spelled it (relaxPasses or its verlet-js name, step)
    const options = Object.keys(names).filter((k) => names[k] === field);
    const option = options.find((k) => given && k in given) ?? options[0] ?? camel(field);
    const known = FIELDS[struct].find(([f]) => f === field);
    const got = known ? this._readField(known[1], p + known[2]) : undefined;
    const shown = Array.isArray(got) ? `[${got.join(', ')}]` : got;
    throw new Kind(`${where}: ${option} ${rule}${got === undefined ? '' : `, got ${shown}`}`);
  }

  /** Throws for a negative status of a call with one engine-checked argument, naming it. */
  _checkArg(where, name, value, result) {
    if (result >= 0) return result;
    const Kind = STATUS[result] ?? Error;
    throw new Kind(`${where}: ${name} was refused by the engine (${this._string(this.exports.silk_js_status_string(result))}), got ${value}`);
  }

  /** Copies the silk_advance_result at _advanceOut into `record` (camelCase fields). */
  _readAdvance(record) {
    const L = LAYOUT.silk_advance_result;
    const p = this._advanceOut;
    this._heap();
    record.steps = this._heapI32[(p + L.steps) >> 2];
    record.alpha = this._heapF64[(p + L.alpha) >> 3];
    record.droppedSeconds = this._heapF64[(p + L.dropped_seconds) >> 3];
    record.accumulatorSeconds = this._heapF64[(p + L.accumulator_seconds) >> 3];
    return record;
  }

  _alloc(bytes) {
    const p = this.exports.silk_js_alloc(bytes);
    if (!p) throw new RangeError(`silk: out of memory allocating ${bytes} bytes`);
    return p;
  }

  _f64(ptr, length) {
    return new Float64Array(this.memory.buffer, ptr, length);
  }

  _string(ptr) {
    const bytes = new Uint8Array(this.memory.buffer, ptr);
    let end = 0;
    while (bytes[end] !== 0) end++;
    return new TextDecoder().decode(bytes.subarray(0, end));
  }

  /** Throws the error a negative engine status stands for; returns non-negative results. */
  _check(where, result) {
    if (result >= 0) return result;
    const Kind = STATUS[result] ?? Error;
    throw new Kind(`${where}: ${this._string(this.exports.silk_js_status_string(result))}`);
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
    if (ptr < 0) this._throwDetail(where, ptr, this._detail, 'silk_world_def', def, WORLD_OPTIONS, options);
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
    this._check(where, this.exports.silk_js_robust_from_compat(gx, gy, friction, groundFriction, frameSeconds, out));
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
    if (ptr < 0) this._throwDetail(where, ptr, this._detail, 'silk_stepper_def', def, STEPPER_OPTIONS);
    const { stepSeconds, maxStepsPerFrame } = this._readOptions('silk_stepper_def', def, STEPPER_OPTIONS);
    return new Stepper(this, ptr, stepSeconds, maxStepsPerFrame);
  }

}

function complianceOption(where, o) {
  if (o.compliance === undefined) return undefined;
  const c = num(where, 'compliance', o.compliance);
  if (c < 0 || c > LIMITS.MAX_COMPLIANCE) throw new RangeError(`${where}: compliance must be in [0, ${LIMITS.MAX_COMPLIANCE}], got ${c}`);
  return c;
}

// ---- def setters (module functions: the fuzz tests call every World method) ------------------

/** A failed def setter: the world's silk_error_detail names the field (values: what was passed). */
function callDetail(world, where, result, values) {
  if (result >= 0) return result;
  const silk = world._silk;
  world._x.silk_js_last_error_detail(world._ptr, silk._detail);
  const d = silk._readStruct('silk_error_detail', silk._detail);
  if (d.status !== result || !d.field) return world._call(where, result);
  const name = camel(silk._string(d.field));
  const Kind = STATUS[result] ?? Error;
  const got = values[name] === undefined ? '' : `, got ${values[name]}`;
  throw new Kind(`${where}: ${name} ${silk._string(d.rule)}${got}`);
}

/**
 * Sets a def: starts from the current one (`fromCurrent`: the get export fills it first) or
 * the engine's default, writes the options given over it and passes it to `set`; a failure
 * names the option from the world's error detail.
 */
function setDef(world, where, struct, names, options, fromCurrent, set) {
  const silk = world._silk;
  const o = obj(where, 'options', options);
  world._x; // a destroyed world throws here
  let p;
  if (fromCurrent) {
    p = silk._def[struct];
    world._call(where, world._x[`silk_js_get_${struct.slice('silk_'.length, -'_def'.length)}`](world._ptr, p));
  } else {
    p = silk._defaultDef(struct);
  }
  silk._overlay(where, struct, p, o, names);
  const result = set(p);
  if (result < 0) {
    world._x.silk_js_last_error_detail(world._ptr, silk._detail);
    silk._throwDetail(where, result, silk._detail, struct, p, names);
  }
}

// ---- a standalone stepper ---------------------------------------------------------------------

class Stepper {
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
    silk._check('advance', this._x.silk_js_stepper_advance(this._ptr, seconds, silk._advanceOut));
    return silk._readAdvance(this._result);
  }

  /** Empties the accumulator. */
  reset() { this._x.silk_js_stepper_reset(this._ptr); }

  destroy() {
    if (this._ptr !== 0) {
      this._silk.exports.silk_js_stepper_destroy(this._ptr);
      this._ptr = 0;
    }
  }

  get destroyed() { return this._ptr === 0; }
}

// ---- a world ---------------------------------------------------------------------------------

class View {
  // A typed-array view over wasm memory, re-created when memory grows or the array moves.
  constructor(silk, Type, locate) {
    this.silk = silk;
    this.Type = Type;
    this.locate = locate; // () => [ptr, length]
    this.array = null;
    this.ptr = 0;
  }

  get() {
    const [ptr, length] = this.locate();
    const buffer = this.silk.memory.buffer;
    if (this.array === null || this.array.buffer !== buffer || this.ptr !== ptr || this.array.length !== length) {
      this.array = new this.Type(buffer, ptr, length);
      this.ptr = ptr;
    }
    return this.array;
  }
}

class World {
  constructor(silk, ptr) {
    this._silk = silk;
    this._ptr = ptr;
    const x = silk.exports;
    const n2 = () => 2 * x.silk_js_particle_count(this._ptr);
    const nc = () => x.silk_js_constraint_count(this._ptr);
    this._views = {
      positions: new View(silk, Float64Array, () => [x.silk_js_positions(this._ptr), n2()]),
      last: new View(silk, Float64Array, () => [x.silk_js_last_positions(this._ptr), n2()]),
      previous: new View(silk, Float64Array, () => [x.silk_js_previous_positions(this._ptr), n2()]),
      kinds: new View(silk, Uint8Array, () => [x.silk_js_constraint_kinds(this._ptr), nc()]),
      a: new View(silk, Int32Array, () => [x.silk_js_constraint_a(this._ptr), nc()]),
      b: new View(silk, Int32Array, () => [x.silk_js_constraint_b(this._ptr), nc()]),
      c: new View(silk, Int32Array, () => [x.silk_js_constraint_c(this._ptr), nc()]),
      rest: new View(silk, Float64Array, () => [x.silk_js_constraint_rest(this._ptr), nc()]),
      compliance: new View(silk, Float64Array, () => [x.silk_js_constraint_compliance(this._ptr), nc()]),
      targets: new View(silk, Float64Array, () => [x.silk_js_constraint_targets(this._ptr), 2 * nc()]),
      diagnostics: new View(silk, Float64Array, () => [x.silk_js_diagnostics(this._ptr), x.silk_js_diagnostics_capacity()]),
    };
    this._advance = { steps: 0, alpha: 0, droppedSeconds: 0, accumulatorSeconds: 0 };
  }

  // -- plumbing --
  get _x() {
    if (this._ptr === 0) throw new TypeError('silk: this world was destroyed');
    return this._silk.exports;
  }

  _call(where, result) {
    return this._silk._check(where, result);
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
  _settings() {
    const x = this._x;
    const s = this._silk._scratch;
    x.silk_js_get_settings(this._ptr, s);
    return this._silk._readStruct('silk_js_settings', s);
  }
  get gravity() { return this._settings().gravity; }
  set gravity(g) { const [gx, gy] = vec('gravity', 'gravity', g); this._call('gravity', this._x.silk_js_set_gravity(this._ptr, gx, gy)); }
  get friction() { return this._settings().friction; }
  set friction(f) { this._call('friction', this._x.silk_js_set_friction(this._ptr, num('friction', 'friction', f))); }
  get groundFriction() { return this._settings().ground_friction; }
  set groundFriction(f) { this._call('groundFriction', this._x.silk_js_set_ground_friction(this._ptr, num('groundFriction', 'groundFriction', f))); }
  get width() { return this._settings().world_size[0]; }
  get height() { return this._settings().world_size[1]; }
  setSize(width, height) {
    num('setSize', 'width', width); num('setSize', 'height', height);
    callDetail(this, 'setSize', this._x.silk_js_set_size(this._ptr, width, height), { width, height });
  }
  /** Relaxation passes per frame that advance() uses (the original's frame(16)). */
  get relaxPasses() { return this._settings().relax_passes; }
  set relaxPasses(n) {
    this._silk._checkArg('relaxPasses', 'relaxPasses', n, this._x.silk_js_set_relax_passes(this._ptr, int('relaxPasses', 'relaxPasses', n)));
  }
  /** verlet-js's name for relaxPasses (its frame(step)); kept for the page and old callers. */
  get step() { return this._settings().relax_passes; }
  set step(s) { this._silk._checkArg('step', 'step', s, this._x.silk_js_set_relax_passes(this._ptr, int('step', 'step', s))); }
  get loopMode() { return LOOP_MODES[this._settings().loop_mode]; }
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
    this._silk._checkArg('frame', 'step', step, this._x.silk_js_frame(this._ptr, step));
  }

  /** Relaxation only: `iterations` passes per composite with coefficient `coef`. */
  relax(iterations, coef) {
    int('relax', 'iterations', iterations); num('relax', 'coef', coef);
    // coef is finite (checked above), so the engine's only objection can be to iterations
    this._silk._checkArg('relax', 'iterations', iterations, this._x.silk_js_relax(this._ptr, iterations, coef));
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
    this._call('advance', this._x.silk_js_advance(this._ptr, seconds, silk._advanceOut));
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
    return r === -1 ? -1 : this._silk._checkArg(w, 'radius', radius, r); // -1: none in range
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
    this._silk._checkArg(w, 'time', time, r);
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
   * run is bounded by work, not frames: frames x (step + 1) x (particles + constraints + 1) must
   * be at most LIMITS.LAB_MAX_PASSES (a few seconds), or it throws RangeError before running.
   */
  runFrames(frames, step = this.step, center) {
    const w = 'runFrames';
    int(w, 'frames', frames, 0, LIMITS.LAB_MAX_FRAMES); int(w, 'step', step, 1, LIMITS.MAX_RELAX_PASSES);
    const [cx, cy] = center === undefined ? [this.width / 2, this.height / 2] : vec(w, 'center', center);
    const elements = this.particleCount + this.constraintCount + 1;
    const work = frames * (step + 1) * elements;
    if (work > LIMITS.LAB_MAX_PASSES) {
      const most = Math.floor(LIMITS.LAB_MAX_PASSES / ((step + 1) * elements));
      throw new RangeError(`${w}: frames ${frames} of ${step} passes over ${elements - 1} particles and constraints is ` +
        `${work.toExponential(2)} element passes, more than one call may block for (${LIMITS.LAB_MAX_PASSES}); ` +
        `run at most ${most} frames per call`);
    }
    this._call(w, this._x.silk_js_run_frames(this._ptr, frames, step, cx, cy));
    return this.diagnostics([cx, cy]);
  }

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
    this._call('robust', this._x.silk_js_get_robust(this._ptr, p));
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
    this._silk._checkArg('robustStep', 'seconds', seconds, this._x.silk_js_robust_step(this._ptr, seconds));
  }

  /** Mass of particle i (robust solver; default 1). Infinity makes it immovable. */
  setMass(i, mass) {
    const w = 'setMass';
    this._particle(w, 'i', i);
    if (typeof mass !== 'number' || Number.isNaN(mass)) throw new TypeError(`${w}: mass must be a number`);
    this._silk._checkArg(w, 'mass', mass, this._x.silk_js_set_mass(this._ptr, i, mass));
  }

  /** Inverse mass of particle i, >= 0 (0 = immovable). */
  setInverseMass(i, inverseMass) {
    const w = 'setInverseMass';
    this._particle(w, 'i', i);
    num(w, 'inverseMass', inverseMass);
    this._silk._checkArg(w, 'inverseMass', inverseMass, this._x.silk_js_set_inverse_mass(this._ptr, i, inverseMass));
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

  // -- collisions (robust solver; silk.h "Collisions"): radius per particle, filter per
  // composite. Kept together in one block (issue 29). --
  /** Radius of particle i, px, finite in [0, LIMITS.MAX_RADIUS] (0: a point, no collisions). */
  setRadius(i, radius) {
    const w = 'setRadius';
    this._particle(w, 'i', i);
    num(w, 'radius', radius);
    this._silk._checkArg(w, 'radius', radius, this._x.silk_js_set_radius(this._ptr, i, radius));
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
      return callDetail(this, w, this._x.silk_js_add_polygon(this._ptr, def), { friction });
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

  // -- hash, snapshots, recording --
  /** FNV-1a 64 of positions, last positions, masses, constraints, generator: 16 hex digits. */
  stateHash() {
    const s = this._silk._scratch;
    this._call('stateHash', this._x.silk_js_state_hash(this._ptr, s));
    return hexBig(this._silk._readStruct('silk_js_hash', s).hash);
  }

  _bytesOut(where, sizeFn, writeFn) {
    const size = this._call(where, sizeFn());
    const silk = this._silk;
    const mem = silk._alloc(size);
    try {
      this._call(where, writeFn(mem, size));
      return new Uint8Array(silk.memory.buffer, mem, size).slice();
    } finally {
      silk.exports.silk_js_free(mem);
    }
  }

  _bytesIn(where, bytes, fn) {
    const silk = this._silk;
    const mem = silk._alloc(Math.max(bytes.length, 1));
    try {
      new Uint8Array(silk.memory.buffer, mem, bytes.length).set(bytes);
      return fn(mem, bytes.length);
    } finally {
      silk.exports.silk_js_free(mem);
    }
  }

  /** The whole world as bytes (silk.h: snapshot format). */
  snapshot() {
    const x = this._x;
    return this._bytesOut('snapshot', () => x.silk_js_snapshot_size(this._ptr), (mem, size) => x.silk_js_snapshot(this._ptr, mem, size));
  }

  /** Restores snapshot() bytes. Foreign or corrupt bytes throw and leave the world unchanged. */
  restore(bytes) {
    const data = bytesArg('restore', 'bytes', bytes);
    const x = this._x;
    this._call('restore', this._bytesIn('restore', data, (mem, size) => x.silk_js_restore(this._ptr, mem, size)));
  }

  /** Snapshots the world now and records the inputs (drag, settings) of every following step. */
  startRecording() { this._call('startRecording', this._x.silk_js_record_begin(this._ptr)); }

  /** Stops recording and returns the recording file (silk.h: recording format). */
  stopRecording() {
    this._call('stopRecording', this._x.silk_js_record_end(this._ptr));
    return this.exportRecording();
  }

  get recording() { return this._x.silk_js_recording(this._ptr) === 1; }

  /** The recording so far (it keeps running) as the file `silk-lab replay FILE` reads. */
  exportRecording() {
    const x = this._x;
    return this._bytesOut('exportRecording', () => {
      const n = x.silk_js_recording_size(this._ptr);
      if (n === 0) throw new Error('exportRecording: nothing recorded (call startRecording first)');
      return n;
    }, (mem, size) => x.silk_js_recording_export(this._ptr, mem, size));
  }

  /**
   * A replay to watch: restores the recording's snapshot and, from the next advance() on, every
   * step applies the recording's inputs of that step until the recording is done (then
   * playStatus().matches compares the state hash with the recorded one). Bad bytes throw;
   * the world is unchanged.
   */
  playBegin(bytes) {
    const data = bytesArg('playBegin', 'bytes', bytes);
    const x = this._x;
    this._call('playBegin', this._bytesIn('playBegin', data, (mem, size) => x.silk_js_play_begin(this._ptr, mem, size)));
  }

  /**
   * { playing, finished, step, steps, hash, recordedHash, matches, stepWork } of the replay in
   * progress or just done (stepWork: the most one of its steps may cost, in element passes).
   */
  playStatus() {
    const s = this._silk._scratch;
    this._call('playStatus', this._x.silk_js_play_status(this._ptr, s));
    const p = this._silk._readStruct('silk_play_status', s);
    return {
      playing: p.playing, finished: p.finished, step: p.step, steps: p.steps,
      hash: p.finished ? hexBig(p.hash) : null, recordedHash: hexBig(p.recorded_hash),
      matches: p.matches, stepWork: p.step_work,
    };
  }

  /** Stops a replay in progress; the world keeps the state it reached. */
  playStop() { this._x.silk_js_play_stop(this._ptr); }

  /**
   * Runs at most maxSteps (integer >= 0) steps of the replay playBegin armed, without the wall
   * clock, and returns how many ran (0 when nothing plays): a long replay in slices that a
   * host can stop between (playStop).
   */
  playRun(maxSteps) {
    int('playRun', 'maxSteps', maxSteps);
    const s = this._silk._scratch;
    this._silk._checkArg('playRun', 'maxSteps', maxSteps, this._x.silk_js_play_run(this._ptr, maxSteps, s));
    return this._silk._readStruct('silk_js_play_run_result', s).steps;
  }

  /**
   * Restores a recording's snapshot into this world and replays its inputs step by step.
   * Returns { steps, hash, recordedHash, matches }. Bad bytes throw; the world is unchanged.
   */
  replay(bytes) {
    const data = bytesArg('replay', 'bytes', bytes);
    const x = this._x;
    const s = this._silk._scratch;
    this._call('replay', this._bytesIn('replay', data, (mem, size) => x.silk_js_replay(this._ptr, mem, size, s)));
    const r = this._silk._readStruct('silk_replay_result', s);
    return { steps: r.steps, hash: hexBig(r.hash), recordedHash: hexBig(r.recorded_hash), matches: r.matches };
  }
}

export { World, Stepper };

/** What silk-extras.mjs builds on: the Silk class, the argument checks and the error paths. Not
 *  part of the public API (silk.mjs does not re-export it). */
export const INTERNAL = Object.freeze({
  Silk, World, obj, pick, int, num, vec, oneOf, seedWords, callDetail, STATUS_OF, F64_BYTES, VEC2_BYTES,
});
