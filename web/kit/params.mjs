// params.mjs -- the page's settings: defaults, limits, and one validator per setting, shared by
// the URL parser (bad values become a visible message and fall back to the default) and by
// silkApp.set() (bad values throw TypeError / RangeError naming the setting).
//
// URL parameters and the setting each one feeds:
//   ?scene=web|cloth|shapes|tree (+ registered lab scenes)   scene
//   ?embed=1                                                 embed  (canvas + compact readout)
//   ?step=1..32                                              step   (relaxation passes per frame)
//   ?tensor=0.05..2                                          tensor (web rest-length factor)
//   ?seed=0..2^53-1                                          seed   (SplitMix64 seed)
//   ?loop=fixed|coupled                                      loopMode
//   ?hz=device|30|60|120|144|jittery                         simulatedHz
//   ?solver=compat|robust                                    solver (verlet-js or XPBD)
//   ?substeps=1..32                                          substeps (robust solver)
//   ?theme=light|dark|auto|page                              theme  (auto: prefers-color-scheme;
//                                                            page: the host page's, page-theme.mjs)
//   ?background=default|transparent                          background (transparent: the host
//                                                            page's own background shows through)
//   ?readout=plain|full|none (1 = plain, 0 = none)           readout: the embed's line under the
//                                                            canvas ("web · 60 steps/s · stable",
//                                                            the diagnostics, or nothing)
//   ?rest=auto|1|0 (on, off, true, false)                    rest: a still scene stops stepping
//                                                            and drawing (kit/rest.mjs); auto:
//                                                            on in an embed, off on the full page

//
// The engine's defaults and names are not restated here: step, seed and substeps are the
// engine's defaults (DEFAULTS of the generated silk-boundary.mjs, from engine/src/settings.h),
// the tensor its SILK_DEFAULT_TENSOR (silk_extras.h),
// the loop modes and solvers its enums; a fresh world runs the first of each (world.c, checked
// by tests/js/params.test.mjs). The ranges below are the page's own (its sliders), inside the
// engine's limits.
import { DEFAULTS as ENGINE, LIMITS as ENGINE_LIMITS, LOOP_MODES as ENGINE_LOOP_MODES, SOLVERS } from '../lib/silk-base.mjs';

export const DISPLAY_RATES = Object.freeze(['device', 30, 60, 120, 144, 'jittery']);
export const LOOP_MODES = ENGINE_LOOP_MODES;
export const SOLVER_NAMES = SOLVERS;
export const THEME_NAMES = Object.freeze(['light', 'dark', 'auto', 'page']);
export const BACKGROUND_NAMES = Object.freeze(['default', 'transparent']);
export const READOUT_NAMES = Object.freeze(['plain', 'full', 'none']);
const REST_WORDS = Object.freeze({ 1: true, true: true, on: true, 0: false, false: false, off: false, auto: 'auto' });

export const LIMITS = Object.freeze({
  step: Object.freeze({ min: 1, max: 32 }),
  tensor: Object.freeze({ min: 0.05, max: 2 }),
  friction: Object.freeze({ min: 0.9, max: 1 }),
  gravity: Object.freeze({ min: -0.5, max: 0.5 }),
  substeps: Object.freeze({ min: 1, max: 32 }),
});

export const DEFAULTS = Object.freeze({
  scene: 'web',
  embed: false,
  step: ENGINE.silk_world_def.relax_passes,
  tensor: ENGINE_LIMITS.DEFAULT_TENSOR,
  seed: ENGINE.silk_world_def.seed,
  loopMode: LOOP_MODES[0],
  simulatedHz: 'device',
  paused: false,
  solver: SOLVER_NAMES[0],
  substeps: ENGINE.silk_robust_def.substeps,
  autoRestore: ENGINE.silk_watchdog_def.auto_restore,
  theme: 'light',
  background: 'default',
  readout: 'plain',
  rest: 'auto',
});

function number(name, v) {
  if (typeof v !== 'number') throw new TypeError(`${name} must be a number, got ${typeof v}`);
  if (!Number.isFinite(v)) throw new RangeError(`${name} must be a finite number, got ${v}`);
  return v;
}

function within(name, v, { min, max }) {
  if (v < min || v > max) throw new RangeError(`${name} must be from ${min} to ${max}, got ${v}`);
  return v;
}

function oneOf(name, v, list) {
  if (!list.includes(v)) {
    throw new RangeError(`${name} must be one of ${list.join(', ')}, got ${JSON.stringify(v)}`);
  }
  return v;
}

/**
 * Validates one setting and returns its normalised value; throws TypeError (wrong type) or
 * RangeError (out of range). `scenes` lists the registered scene names.
 */
export function checkSetting(name, value, scenes) {
  switch (name) {
    case 'scene':
      if (typeof value !== 'string') throw new TypeError(`scene must be a string, got ${typeof value}`);
      return oneOf('scene', value, scenes);
    case 'step': {
      number('step', value);
      if (!Number.isInteger(value)) throw new RangeError(`step must be an integer, got ${value}`);
      return within('step', value, LIMITS.step);
    }
    case 'tensor':
      return within('tensor', number('tensor', value), LIMITS.tensor);
    case 'friction':
      return within('friction', number('friction', value), LIMITS.friction);
    case 'gravity':
      return within('gravity', number('gravity', value), LIMITS.gravity);
    case 'seed': {
      number('seed', value);
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new RangeError(`seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${value}`);
      }
      return value;
    }
    case 'loopMode':
      if (typeof value !== 'string') throw new TypeError(`loopMode must be a string, got ${typeof value}`);
      return oneOf('loopMode', value, LOOP_MODES);
    case 'simulatedHz': {
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new TypeError(`simulatedHz must be 'device', 'jittery' or a number, got ${typeof value}`);
      }
      const v = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      return oneOf('simulatedHz', v, DISPLAY_RATES);
    }
    case 'solver':
      if (typeof value !== 'string') throw new TypeError(`solver must be a string, got ${typeof value}`);
      return oneOf('solver', value, SOLVER_NAMES);
    case 'substeps': {
      number('substeps', value);
      if (!Number.isInteger(value)) throw new RangeError(`substeps must be an integer, got ${value}`);
      return within('substeps', value, LIMITS.substeps);
    }
    case 'theme':
      if (typeof value !== 'string') throw new TypeError(`theme must be a string, got ${typeof value}`);
      return oneOf('theme', value, THEME_NAMES);
    case 'background':
      if (typeof value !== 'string') throw new TypeError(`background must be a string, got ${typeof value}`);
      return oneOf('background', value, BACKGROUND_NAMES);
    case 'readout':
      if (typeof value !== 'string') throw new TypeError(`readout must be a string, got ${typeof value}`);
      return oneOf('readout', value, READOUT_NAMES);
    case 'rest':
      if (value !== 'auto' && typeof value !== 'boolean') throw new TypeError(`rest must be true, false or 'auto', got ${typeof value === 'string' ? JSON.stringify(value) : typeof value}`);
      return value;
    case 'paused':
    case 'autoRestore':
    case 'embed':
      if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${typeof value}`);
      return value;
    default:
      throw new RangeError(`unknown setting ${JSON.stringify(name)}`);
  }
}

// URL strings -> typed values. Strict on purpose: "16px", "1e1", "" and "abc" are all rejected.
const INTEGER = /^\d+$/;
const DECIMAL = /^\d*\.?\d+$/;

const URL_PARAMS = [
  // [url name, setting, parse string -> value (undefined = unreadable), what a good value looks like]
  ['scene', 'scene', (s) => s, null],
  ['embed', 'embed', (s) => ({ 1: true, true: true, 0: false, false: false })[s], '1 or 0'],
  ['step', 'step', (s) => (INTEGER.test(s) ? Number(s) : undefined), 'a whole number from 1 to 32'],
  ['tensor', 'tensor', (s) => (DECIMAL.test(s) ? Number(s) : undefined), 'a number from 0.05 to 2'],
  ['seed', 'seed', (s) => (INTEGER.test(s) ? Number(s) : undefined), 'a whole number ≥ 0'],
  ['loop', 'loopMode', (s) => s, null],
  ['hz', 'simulatedHz', (s) => s, null],
  ['solver', 'solver', (s) => s, null],
  ['substeps', 'substeps', (s) => (INTEGER.test(s) ? Number(s) : undefined), 'a whole number from 1 to 32'],
  ['theme', 'theme', (s) => s, null],
  ['background', 'background', (s) => s, null],
  ['readout', 'readout', (s) => ({ 0: 'none', 1: 'plain' })[s] ?? s, null],
  ['rest', 'rest', (s) => (Object.hasOwn(REST_WORDS, s.toLowerCase()) ? REST_WORDS[s.toLowerCase()] : undefined), '1 or 0 (on, off, true, false) or auto'],
];

/** The longest part of a bad value a message quotes: a 20,000-character value is shown as its
 *  first SHOWN_MAX characters and "…", once. */
export const SHOWN_MAX = 80;

/** `raw` as a message shows it: capped at SHOWN_MAX characters, "(empty)" for "". */
export function shownValue(raw) {
  const s = String(raw);
  if (s === '') return '(empty)';
  return s.length > SHOWN_MAX ? `${s.slice(0, SHOWN_MAX)}…` : s;
}

/** A validator's message without its ", got VALUE" tail: the notice quotes the value already. */
export function ruleOf(message) {
  return message.replace(/, got [\s\S]*$/u, '');
}

/**
 * Reads the page's URL parameters. Never throws: every unusable value is reported in
 * `problems` ({ param, value, message }) and its setting keeps the default.
 */
export function parseParams(search, scenes, defaults = DEFAULTS) {
  const query = new URLSearchParams(search);
  const settings = { ...defaults };
  const problems = [];
  for (const [param, name, parse, expected] of URL_PARAMS) {
    if (!query.has(param)) continue;
    const raw = query.get(param);
    try {
      const parsed = parse(raw.trim());
      if (parsed === undefined) throw new RangeError(`${param} must be ${expected}`);
      settings[name] = checkSetting(name, parsed, scenes);
    } catch (e) {
      const fallback = defaults[name];
      problems.push({
        param,
        value: raw,
        message: `?${param}=${shownValue(raw)} was ignored (${ruleOf(e.message).replace(/^\w+ /, `${param} `)}); using ${fallback}.`,
      });
    }
  }
  return { settings, problems };
}
