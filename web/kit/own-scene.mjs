// own-scene.mjs -- a scene the host page wrote itself, in <silk-demo src="..."> and
// ?embed=1&scene=<path>: where it may come from (resolveSceneUrl, on the host's thread), how the
// runtime loads it (loadOwnScene: a module's documented exports, or the JSON scene format of
// world.load), the drawing every such scene gets (composites, pins, lines, dots or discs,
// polygons; per-scene hints), and the guard that keeps a world changed from outside the
// runtime (element.world on the main thread) drawable (createForeignWatch).
//
// The module's contract (docs/embedding.md, "Your own scene"):
//   export function build(world, silk, options)   fills the empty world (required)
//   export const name = 'Bridge'                  shown in the readout and the canvas's label
//   export const view = { x, y, width, height }   world px kept in view (the canvas is 8:5)
//   export const draw = { background, lines, ... } drawing hints (DRAW_HINTS below)
//   export function update(world, t)              once per displayed frame that steps, before
//                                                 its steps; t = the world's simulated seconds
// A JSON scene ({ "format": "silk-scene", ... }) is handed to world.load(data), which validates
// it before it changes anything and returns { name, view, draw } from the file.
//
// Nothing here throws at the runtime once a scene has loaded: a build or an update that throws,
// or hints that are wrong, become `problem` (a sentence naming the scene's URL and the error),
// the world is left empty (or as the update left it, the hook switched off), and the run goes on.
import { loadSceneFormat } from '../lib/silk-base.mjs';
import { HINT_DEFAULTS, prepareAny, drawAny } from './own-scene-host.mjs';

// Where a scene may come from, the generic drawing and the foreign watch are own-scene-host.mjs,
// which every demo loads; this file (the loader and the hints' checks) is imported by the
// runtime only when a host has a scene of its own (issue 26 item 3: a basic demo never fetches
// it). Every name stays importable from here.
export { resolveSceneUrl, hostScene, sceneParam, prepareAny, drawAny, createForeignWatch } from './own-scene-host.mjs';

// ---- the drawing hints ---------------------------------------------------------------------------

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const colour = (k, v) => (typeof v === 'string' && HEX.test(v) ? v : bad(k, 'must be a colour #rgb, #rrggbb or #rrggbbaa'));
const size = (max) => (k, v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max ? v : bad(k, `must be a number from 0 to ${max}`));
const flag = (k, v) => (typeof v === 'boolean' ? v : bad(k, 'must be true or false'));
function bad(k, why) { throw new RangeError(`draw.${k}: ${why}`); }

/** The drawing hints a scene may give (`draw`), each with its check; the defaults are the
 *  original pages' colours. */
export const DRAW_HINTS = Object.freeze({
  background: colour, // the world's ground (light theme; the dark theme draws its own)
  highlight: colour, // the ring under the pointer
  lines: (k, v) => (['strain', 'plain', 'none'].includes(v) ? v : bad(k, "must be 'strain', 'plain' or 'none'")),
  lineColour: colour, // lines: 'plain'
  lineWidth: size(20),
  dots: size(50), // the radius of a particle's dot (px; 0: none); particles with a radius are discs
  dotColour: colour,
  pins: flag, // the pale disc round each pinned particle
  polygonColour: colour,
  // the JSON examples' words (docs/examples/*.json): stroke = lineColour with plain lines,
  // fill = dotColour, discs (particles with a radius are discs anyway), cut: a swipe that starts
  // away from every particle cuts the links it crosses (world.cut); a press on one still drags
  stroke: colour,
  fill: colour,
  discs: flag,
  cut: flag,
});

/**
 * The checked hints (defaults filled in); a known hint with a bad value throws a RangeError
 * naming it. Other keys are left alone: a JSON scene's `draw` is passed through by world.load
 * and may carry hints for another host.
 */
export function checkDrawHints(hints) {
  if (hints === undefined || hints === null) return { ...HINT_DEFAULTS };
  if (typeof hints !== 'object' || Array.isArray(hints)) throw new TypeError('draw: must be an object of drawing hints');
  const out = { ...HINT_DEFAULTS };
  for (const [k, v] of Object.entries(hints)) {
    if (Object.hasOwn(DRAW_HINTS, k)) out[k] = DRAW_HINTS[k](k, v);
  }
  if (out.stroke !== undefined) {
    out.lineColour = hints.lineColour ?? out.stroke;
    if (hints.lines === undefined) out.lines = 'plain';
  }
  if (out.fill !== undefined && hints.dotColour === undefined) out.dotColour = out.fill;
  return out;
}

/** { x, y, width, height } in world px -> the renderer's focus box { x, y, w, h }; null: none. */
export function checkView(view) {
  if (view === undefined || view === null) return null;
  if (typeof view !== 'object') throw new TypeError('view: must be { x, y, width, height }');
  for (const k of ['x', 'y', 'width', 'height']) {
    if (typeof view[k] !== 'number' || !Number.isFinite(view[k])) throw new RangeError(`view.${k}: must be a finite number`);
  }
  if (!(view.width > 0) || !(view.height > 0)) throw new RangeError('view: width and height must be > 0');
  return { x: view.x, y: view.y, w: view.width, h: view.height };
}

// ---- loading a scene in the runtime -------------------------------------------------------------------

const describe = (e) => (e && typeof e === 'object' && 'message' in e ? `${e.name ?? 'Error'}: ${e.message}` : String(e));

/** What a module must export, checked before its build runs; throws TypeError / RangeError. */
function checkModule(m) {
  if (typeof m.build !== 'function') throw new TypeError('it has no export build(world, silk, options)');
  if (m.name !== undefined && (typeof m.name !== 'string' || m.name.length > 80)) throw new TypeError('name: must be a string of at most 80 characters');
  if (m.update !== undefined && typeof m.update !== 'function') throw new TypeError('update: must be a function (world, t)');
  return { name: m.name, view: checkView(m.view), hints: checkDrawHints(m.draw) };
}

/** The label of a scene: its name, else its file's name. */
function fileName(url) {
  try { return decodeURIComponent(new URL(url).pathname.split('/').pop()) || url; } catch { return url; }
}

/**
 * Loads the host's own scene in the runtime and returns a scene of scenes.mjs's shape (build,
 * prepare, draw; name 'own') plus { own: true, ownsWorld: true, info(), beforeFrame(world, t) }.
 * `own` is { url, kind } (resolveSceneUrl's answer) or { data } (a JSON scene object: element.load).
 * options: { silk (given to a module's build), loadModule(url), fetchJson(url), settings }.
 * Never rejects: a scene that fails to load is an empty scene whose info().problem says why.
 */
export async function loadOwnScene(own, { silk, loadModule, fetchJson, settings = {} }) {
  const url = own.url ?? 'element.load(data)';
  const label = own.url ? fileName(own.url) : 'element.load(data)';
  const info = { name: label, url, view: null, problem: null };
  let mod = null; // { build, update } of a module
  let data = null; // a JSON scene
  let hints = { ...HINT_DEFAULTS };
  let loaded = false;
  try {
    if (own.data !== undefined) data = own.data;
    else if (own.kind === 'json') data = await fetchJson(own.url);
    else {
      const m = await loadModule(own.url);
      const checked = checkModule(m);
      mod = m;
      hints = checked.hints;
      info.view = checked.view;
      if (checked.name) info.name = checked.name;
    }
    // world.load and toJSON are the library's lazy part (silk-base.mjs): fetched for an own
    // scene (a JSON one needs load; a module's build may use either), never for a built-in one
    await loadSceneFormat();
    loaded = true;
  } catch (e) {
    info.problem = `scene ${url} did not load: ${describe(e)}`;
  }
  if (typeof data === 'string') {
    try { data = JSON.parse(data); } catch (e) { loaded = false; info.problem = `scene ${url} is not JSON: ${describe(e)}`; }
  }

  let update = mod?.update ?? null;
  let swipe = null; // { x, y }: the last point of a cutting swipe (draw.cut)
  const scene = {
    name: 'own',
    label: info.name,
    own: true,
    ownsWorld: true, // its settings are its own: no compat -> robust mapping after its build
    uses: [],
    get background() { return hints.background; },
    get highlight() { return hints.highlight; },
    get focus() { return info.view; },
    info: () => ({ ...info }),
    build(world) {
      world.clear();
      if (!loaded) return; // it never loaded: an empty world, and info().problem says why
      update = mod?.update ?? null; // a Reset gives a hook that stopped another chance
      try {
        if (mod) {
          mod.build(world, silk, {
            seed: settings.seed, solver: settings.solver, step: settings.step, substeps: settings.substeps,
            width: world.width, height: world.height,
          });
        } else if (data !== null) {
          if (typeof world.load !== 'function') throw new TypeError('this Silk has no world.load() (the JSON scene format)');
          const r = world.load(data) ?? {};
          hints = checkDrawHints(r.draw);
          info.view = checkView(r.view);
          if (typeof r.name === 'string' && r.name) info.name = r.name.slice(0, 80);
          scene.label = info.name;
        }
        info.problem = null;
      } catch (e) {
        info.problem = `scene ${url}: build failed: ${describe(e)}`;
        update = null;
        try { world.clear(); } catch { /* a destroyed world: the runtime is going */ }
      }
    },
    prepare: (world) => prepareAny(world, hints),
    // the pointer tool of `cut: true` (runtime.mjs asks it before the drag)
    pointerDown(world, x, y, radius) {
      if (!hints.cut || world.findNearest(x, y, radius) >= 0) return false;
      swipe = { x, y };
      return true;
    },
    get holding() { return swipe !== null; },
    pointerMove(world, xs, ys) {
      const n = Math.min(xs.length, ys.length);
      for (let k = 0; k < n && swipe; k++) {
        if (!Number.isFinite(xs[k]) || !Number.isFinite(ys[k])) continue;
        world.cut(swipe.x, swipe.y, xs[k], ys[k]);
        swipe = { x: xs[k], y: ys[k] };
      }
    },
    pointerUp() { swipe = null; },
    draw: drawAny,
    /** A scene with an update hook may move things on a clock: it never rests (rest.mjs). */
    get rests() { return update === null; },
    /** With `cut: true` a press anywhere may start a cut: every touch is the scene's, none
     *  scrolls (hitmap.mjs, as rope's cut tool). */
    get takesAnyPress() { return hints.cut === true; },
    /** The module's update(world, t) before a frame's steps; off after it throws, until a Reset. */
    beforeFrame(world, t) {
      if (!update) return;
      try {
        update(world, t);
      } catch (e) {
        update = null;
        info.problem = `scene ${url}: update stopped: ${describe(e)}`;
      }
    },
  };
  return scene;
}

/** The browser's own loaders: a module by import(), a JSON scene by fetch(). */
export const browserLoaders = {
  loadModule: (url) => import(/* @vite-ignore */ url),
  async fetchJson(url) {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`.trim());
    return res.json();
  },
};

