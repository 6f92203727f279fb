// silk-base.mjs -- the library without the scene format: what the kit, the element and the page
// import (issue 26 item 3, bytes). The same loadSilk, World and constants as silk.mjs, minus
// checkScene and SCENE_LIMITS; world.load and world.toJSON (silk-world-scene.mjs, with the format's
// checks in silk-scene.mjs: about a fifth of the library) arrive only when loadSceneFormat() has
// run, which the kit does before it loads a JSON scene (own-scene.mjs). A bundler gives the
// format a chunk of its own, so a page that never loads a JSON scene never fetches it.
//
// The silent runs (silk.stepSweep, silk.ballRun: silk-extras-runs.mjs) arrive the same way, with
// loadSilentRuns() (the page, whose silkApp.silk has the library's whole API), or by
// installRuns() where a module imports them (the integrators lab).
//
// Library users import silk.mjs: it re-exports all of this and installs both at once.
import {
  loadSilk as loadCore, World, Stepper, DIAG, DIAG_NAMES, VERDICTS, LOOP_MODES, SCENES, CONSTRAINT_KINDS, FLOOR_RULES,
  SOLVERS, HEALTHS, LIMITS, DEFAULTS,
} from './silk-core.mjs';
import { installExtras, INTEGRATORS } from './silk-extras.mjs';

/** Loads the module (silk-core.mjs's loadSilk: options.wasm, see silk.d.ts) with the extras'
 *  methods on every Silk and World. */
export async function loadSilk(options = {}) {
  installExtras();
  return loadCore(options);
}

let format = null;

/** Adds world.load and world.toJSON (the JSON scene format) to every World, importing them on
 *  the first call; resolves when they are there. Any number of calls import once. */
export function loadSceneFormat() {
  format ??= import('./silk-world-scene.mjs').then((m) => { m.installSceneFormat(); });
  return format;
}

let silentRuns = null;

/** Adds silk.stepSweep and silk.ballRun (silk-extras-runs.mjs) to every Silk, importing them on
 *  the first call; resolves when they are there. Any number of calls import once. */
export function loadSilentRuns() {
  silentRuns ??= import('./silk-extras-runs.mjs').then((m) => { m.installRuns(); });
  return silentRuns;
}

export {
  World, Stepper, DIAG, DIAG_NAMES, VERDICTS, LOOP_MODES, SCENES, CONSTRAINT_KINDS, FLOOR_RULES, SOLVERS,
  HEALTHS, LIMITS, DEFAULTS, INTEGRATORS,
};
