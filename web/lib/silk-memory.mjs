// silk-memory.mjs -- the binding's wasm memory I/O: whole-memory views re-made when memory grows,
// the boundary structs read and written field by field at the offsets scripts/gen-boundary.mjs
// generated (FIELDS, LAYOUT: no offset is written by hand), the engine's default defs filled in
// wasm memory, and typed-array views over the world's arrays (View). SilkMemory is the base of
// Silk (silk-module.mjs): the classes call these methods on their Silk.
import { LAYOUT, FIELDS } from './silk-boundary.mjs';
import { obj, CHECK_BY_TYPE } from './silk-checks.mjs';
import { checkStatus } from './silk-status.mjs';

/** Bytes of a silk_vec2 in wasm memory (two doubles), and of the out-parameter scratch (room
 *  for the widest struct that crosses the boundary, and for the small scalar results). */
export const F64_BYTES = Float64Array.BYTES_PER_ELEMENT;
export const VEC2_BYTES = 2 * F64_BYTES;
const SCRATCH_BYTES = Math.max(4 * F64_BYTES, ...Object.values(LAYOUT).map((l) => l.size));
/** Each boundary struct's fields by C name: { struct: { field: [type, offset] } }. */
const FIELD_OF = Object.freeze(Object.fromEntries(Object.entries(FIELDS).map(([struct, fields]) =>
  [struct, Object.freeze(Object.fromEntries(fields.map(([field, type, offset]) => [field, [type, offset]])))])));

export class SilkMemory {
  constructor(exports) {
    this._worlds = new Set(); // the live worlds: an upgrade moves each (silk-upgrade.mjs)
    this._steppers = new Set(); // the live steppers: they stay on the module that made them
    this._attach(exports);
  }

  /** Takes the module's exports and makes the scratch every call uses in its memory: at
   *  creation, and again when an upgrade swaps the module under the same Silk. */
  _attach(exports) {
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
}

// ---- defs set on a world (module functions: the fuzz tests call every World method) ----------

/**
 * Sets a def: starts from the current one (`fromCurrent`: the get export fills it first) or
 * the engine's default, writes the options given over it and passes it to `set`; a failure
 * names the option from the world's error detail.
 */
export function setDef(world, where, struct, names, options, fromCurrent, set) {
  const silk = world._silk;
  const o = obj(where, 'options', options);
  world._x; // a destroyed world throws here
  let p;
  if (fromCurrent) {
    p = silk._def[struct];
    // the generated getter returns nothing: it writes the def (the world is live: _x checked it)
    world._x[`silk_js_get_${struct.slice('silk_'.length, -'_def'.length)}`](world._ptr, p);
  } else {
    p = silk._defaultDef(struct);
  }
  silk._overlay(where, struct, p, o, names);
  checkStatus(silk, where, set(p), { world, def: [struct, p, names] });
}

export class View {
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
