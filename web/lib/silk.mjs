// silk.mjs -- load Silk's standalone WebAssembly module and drive it from JavaScript.
//
//   import { loadSilk } from './silk.mjs';
//   const silk = await loadSilk();                 // ./silk.wasm beside it (silk-wasm.mjs)
//   const w = silk.createWorld({ width: 800, height: 500 });
//   w.buildScene('web');                           // or w.spiderweb({...}), w.addParticle(...)
//   const { alpha } = w.advance(dt);               // dt: REAL seconds since the last display
//                                                  // frame; fixed steps of 1/60 s -> frame(16)
//   draw previousPositions + (positions - previousPositions) * alpha (canvas.mjs does both)
//   const xy = w.positions;                        // Float64Array view: x0 y0 x1 y1 ...
//   const d = w.diagnostics();                     // named fields; w.diagnosticsView is the raw
//                                                  // Float64Array (layout: DIAG, silk.h)
//
// Two solvers over the same world: 'compat' (verlet-js bit for bit, the default) and 'robust'
// (XPBD in seconds, the same bits on every platform):
//   const r = silk.createWorld({ solver: 'robust', substeps: 8 });
//   r.setSolver('compat');  r.health();  r.stateHash();  r.snapshot();  r.startRecording();
//
// Works in browsers (streaming compile, ArrayBuffer fallback) and in Node >= 20 (reads the
// .wasm file beside this module); the npm package carries the wasm inline (silk-wasm.mjs). No dependencies, no Emscripten glue: the module imports only
// Math.cos / Math.sin / Math.atan2 (so the compat solver is bit-identical with verlet-js in the
// same JS engine) and a memory-growth notice.
//
// The binding is two parts, as the engine is two headers: silk-core.mjs (silk.h: it joins the
// loader, memory I/O, checks, status, Silk, Stepper and World files listed at its top) and
// silk-extras.mjs and silk-extras-runs.mjs (silk_extras.h: builders and scenes; the step sweep
// and the ball lesson). This file is the public entry: it joins them and re-exports the API
// (silk.d.ts).
//
// The kit, the element and the page import silk-base.mjs (all of this but the scene format, which
// they load when a JSON scene asks for it, and the silent runs, installed where a run is asked
// for); this entry adds both, installed at once.
import { loadSilk as loadBase } from './silk-base.mjs';
import { installSceneFormat } from './silk-world-scene.mjs';
import { installRuns } from './silk-extras-runs.mjs';
import { checkScene as checkSceneData, named, SCENE_LIMITS } from './silk-scene.mjs';

installSceneFormat();
installRuns();

/** Loads the module (silk-core.mjs's loadSilk: options.wasm, see silk.d.ts) with the extras'
 *  methods and the scene format's (load, toJSON) on every Silk and World. */
export async function loadSilk(options = {}) {
  installSceneFormat(); // also here, not only at the top level: see silk-extras.mjs's installExtras
  installRuns();
  return loadBase(options);
}

/** Checks a scene (docs/library.md, "Scenes as data"; an object or a JSON string) without a
 *  world or the wasm module: throws the TypeError or RangeError world.load would, naming the
 *  field, for what the format's shape and size rules catch (the engine's range checks run in
 *  load). Returns nothing. */
export function checkScene(data) {
  try {
    checkSceneData(data);
  } catch (e) {
    throw named('checkScene', e);
  }
}

export { SCENE_LIMITS };
export {
  World, Stepper, DIAG, DIAG_NAMES, VERDICTS, LOOP_MODES, SCENES, CONSTRAINT_KINDS, FLOOR_RULES, SOLVERS,
  HEALTHS, LIMITS, DEFAULTS, INTEGRATORS,
} from './silk-base.mjs';
