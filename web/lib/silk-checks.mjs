// silk-checks.mjs -- the binding's argument checks: every public method validates its arguments
// with these and throws TypeError (wrong type) or RangeError (out of range, NaN, infinite)
// naming the argument, before anything reaches wasm; and the options each def takes (camelCase
// option -> the C field of the generated FIELDS). The engine checks the ranges of what it is
// given (silk-status.mjs turns its refusals into errors).
import { LIMITS, FIELDS, SOLVERS, WORLD_SETTINGS } from './silk-boundary.mjs';

export function num(where, name, v) {
  if (typeof v !== 'number') throw new TypeError(`${where}: ${name} must be a number, got ${typeof v}`);
  if (!Number.isFinite(v)) throw new RangeError(`${where}: ${name} must be finite, got ${v}`);
  return v;
}

export function int(where, name, v, min = -2147483648, max = 2147483647) {
  if (typeof v !== 'number') throw new TypeError(`${where}: ${name} must be an integer, got ${typeof v}`);
  if (!Number.isInteger(v)) throw new RangeError(`${where}: ${name} must be an integer, got ${v}`);
  if (v < min || v > max) throw new RangeError(`${where}: ${name} must be in [${min}, ${max}], got ${v}`);
  return v;
}

/** A finite number > min (or >= min when `inclusive`). */
export function above(where, name, v, min, inclusive = false) {
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
export function obj(where, name, v) {
  if (v === undefined) return Object.create(null);
  if (v === null || typeof v !== 'object') throw new TypeError(`${where}: ${name} must be an object`);
  return Object.assign(Object.create(null), v);
}

export function pick(where, o, key, fallback, check = num) {
  return o[key] === undefined ? fallback : check(where, key, o[key]);
}

export function vec(where, name, v) {
  if (!Array.isArray(v) && !(v instanceof Float64Array)) {
    throw new TypeError(`${where}: ${name} must be [x, y]`);
  }
  if (v.length !== 2) throw new RangeError(`${where}: ${name} must have 2 numbers, got ${v.length}`);
  return [num(where, `${name}[0]`, v[0]), num(where, `${name}[1]`, v[1])];
}

export function oneOf(where, name, v, names) {
  if (typeof v !== 'string') throw new TypeError(`${where}: ${name} must be a string, got ${typeof v}`);
  const i = names.indexOf(v);
  if (i < 0) throw new RangeError(`${where}: ${name} must be one of ${names.join(', ')}, got '${v}'`);
  return i;
}

export function bool(where, name, v) {
  if (typeof v !== 'boolean') throw new TypeError(`${where}: ${name} must be a boolean, got ${typeof v}`);
  return v;
}

export function solverIndex(where, name) {
  if (typeof name !== 'string') throw new TypeError(`${where}: solver must be 'compat' or 'robust', got ${typeof name}`);
  const i = SOLVERS.indexOf(name);
  if (i < 0) throw new RangeError(`${where}: solver must be 'compat' or 'robust', got '${name}'`);
  return i;
}

export function bytesArg(where, name, v) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  throw new TypeError(`${where}: ${name} must be a Uint8Array, ArrayBuffer or typed array`);
}


/** A uint64_t as _readField returns it (a BigInt) -> 16 hex digits. */
export function hexBig(v) {
  return v.toString(16).padStart(16, '0');
}

/** snake_case C field -> the binding's camelCase option ('stepper.step_seconds' -> 'stepSeconds'). */
export function camel(field) {
  return field.slice(field.lastIndexOf('.') + 1).replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/** Option name -> C field for every field of a def struct but its cookie and pointers. */
export function optionsOf(struct) {
  return Object.freeze(Object.fromEntries(FIELDS[struct]
    .filter(([field, type]) => type !== 'pointer' && !field.endsWith('internal_cookie'))
    .map(([field]) => [camel(field), field])));
}

/** createWorld's options and the silk_world_def fields they set: every world setting by its
 *  option name (WORLD_SETTINGS, from engine/src/settings.h), verlet-js's `step`, the stepper's
 *  two (the rest keep the engine's defaults: capacities, allocator). */
export const WORLD_OPTIONS = Object.freeze({
  ...Object.fromEntries(WORLD_SETTINGS.map((s) => [s.option, s.name])),
  step: 'relax_passes', stepSeconds: 'stepper.step_seconds', maxStepsPerFrame: 'stepper.max_steps_per_frame',
});
export const STEPPER_OPTIONS = optionsOf('silk_stepper_def');
export const ROBUST_OPTIONS = optionsOf('silk_robust_def');
export const WATCHDOG_OPTIONS = optionsOf('silk_watchdog_def');
/** createWorld's robust options that may also be given at the top level. */
export const ROBUST_TOP_LEVEL = Object.freeze(['substeps', 'iterations', 'ceiling', 'restitution', 'tethers', 'nearPass', 'nearPasses', 'chains', 'nearMobility']);

/** The JS check of a value by its C type (the ranges are the engine's: C checks them). */
export const CHECK_BY_TYPE = Object.freeze({
  double: num, int32_t: int, bool, silk_vec2: vec, uint64_t: (where, name, v) => seedWords(where, v),
});

export function seedWords(where, seed) {
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

export function complianceOption(where, o) {
  if (o.compliance === undefined) return undefined;
  const c = num(where, 'compliance', o.compliance);
  if (c < 0 || c > LIMITS.MAX_COMPLIANCE) throw new RangeError(`${where}: compliance must be in [0, ${LIMITS.MAX_COMPLIANCE}], got ${c}`);
  return c;
}
