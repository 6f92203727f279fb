// silk-core.mjs -- the core binding, as engine/include/silk.h is the core engine: the module the
// rest of web/ imports for it, joining the files that hold its roles:
//
//   silk-load.mjs            loading the standalone WebAssembly module (loadSilk)
//   silk-memory.mjs          wasm memory I/O: structs by the generated layouts, defs, views
//   silk-checks.mjs          the argument checks and the options each def takes
//   silk-status.mjs          the one status check (checkStatus): engine status -> JS error
//   silk-module.mjs          Silk (createWorld, createStepper, ...) and Stepper
//   silk-world.mjs           World: views, settings, building, solving, dragging, runs
//   silk-world-robust.mjs    World's robust solver, polygons and health members
//   silk-world-records.mjs   World's hash, snapshot, recording and replay members
//   silk-world-collide.mjs   World's collision members (radius, filters)
//   silk-world-scene.mjs     World's load(scene) and toJSON() (scenes as data; silk-scene.mjs
//                            checks the format)
//   silk-world-settings.mjs  World's settings accessors, one per WORLD_SETTINGS entry
//
// The scenes, builders and lessons of silk_extras.h are silk-extras.mjs; silk.mjs is the public
// entry and joins the two (import from silk.mjs: a World from silk-core.mjs alone has no
// builders). Every method validates its arguments and throws TypeError (wrong type) or
// RangeError (out of range, NaN, infinite) naming the argument; engine status codes become
// errors too. The engine's numbers come from the generated silk-boundary.mjs
// (scripts/gen-boundary.mjs reads the headers): these files restate none of them.
import {
  VERDICTS, LOOP_MODES, SCENES, CONSTRAINT_KINDS, FLOOR_RULES, SOLVERS, HEALTHS, LIMITS, DEFAULTS,
} from './silk-boundary.mjs';
import { obj, pick, int, num, vec, oneOf, seedWords } from './silk-checks.mjs';
import { STATUS_OF } from './silk-status.mjs';
import { F64_BYTES, VEC2_BYTES } from './silk-memory.mjs';
import { Silk, Stepper } from './silk-module.mjs';
import { World, DIAG, DIAG_NAMES } from './silk-world.mjs';
import { loadSilk } from './silk-load.mjs';

export {
  loadSilk, World, Stepper, DIAG, DIAG_NAMES, VERDICTS, LOOP_MODES, SCENES, CONSTRAINT_KINDS, FLOOR_RULES, SOLVERS,
  HEALTHS, LIMITS, DEFAULTS,
};

/** What silk-extras.mjs builds on: the Silk class, the argument checks and the status codes.
 *  Not part of the public API (silk.mjs does not re-export it). */
export const INTERNAL = Object.freeze({
  Silk, World, obj, pick, int, num, vec, oneOf, seedWords, STATUS_OF, F64_BYTES, VEC2_BYTES,
});
