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
import * as draw from './draw.mjs';
import { loadSceneFormat } from '../lib/silk-base.mjs';

/** A scene's URL is refused for these reasons before anything is fetched. */
const MAX_URL = 2048;
const KINDS = new Map([['.mjs', 'module'], ['.js', 'module'], ['.json', 'json']]);

/**
 * Resolves `src` (a scene's URL as the host wrote it) -> { url (absolute), kind: 'module' |
 * 'json' }, or throws a TypeError saying why it is refused. `base` is what a relative src is
 * resolved against (the page's URL); `origins` the origins a scene may come from (the page's,
 * and the origin of Silk's own files). `relativeOnly` (a URL parameter: ?embed=1&scene=) also
 * refuses anything but a path: a scheme, `//host`, a backslash.
 */
export function resolveSceneUrl(src, { base, origins, relativeOnly = false }) {
  if (typeof src !== 'string') throw new TypeError(`scene URL must be a string, got ${typeof src}`);
  const s = src.trim();
  const shown = JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
  const refuse = (why) => { throw Object.assign(new TypeError(`scene ${shown} was refused: ${why}`), { reason: why, shown }); };
  if (s === '') refuse('it is empty');
  if (s.length > MAX_URL) refuse(`it is longer than ${MAX_URL} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(s)) refuse('it holds a control character');
  if (relativeOnly) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(s)) refuse('a URL parameter takes a path on this site, not a URL with a scheme');
    if (s.startsWith('//') || s.includes('\\')) refuse('a URL parameter takes a path on this site, not another host');
  }
  let url;
  try {
    url = new URL(s, base);
  } catch {
    return refuse('it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(`only http: and https: scenes load, not ${url.protocol}`);
  const allowed = [...new Set(origins)];
  if (!allowed.includes(url.origin)) {
    refuse(`${url.origin} is not ${relativeOnly ? 'this page\'s origin' : 'the page\'s origin or the origin of Silk\'s files'} (${allowed.join(', ')})`);
  }
  const ext = /\.[a-z]+$/i.exec(url.pathname)?.[0]?.toLowerCase() ?? '';
  const kind = KINDS.get(ext);
  if (!kind) refuse('a scene is a module (.mjs, .js) or a JSON scene (.json)');
  return { url: url.href, kind };
}

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
const HINT_DEFAULTS = Object.freeze({
  background: '#ffffff', highlight: '#4f545c', lines: 'strain', lineColour: '#8c959f', lineWidth: 1,
  dots: 2, dotColour: '#2dad8f', pins: true, polygonColour: '#cbd5e1', discs: true, cut: false,
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

// ---- the drawing every own scene gets --------------------------------------------------------------

/** The drawing state of whatever is in `world` now (read once per build; constraint ranges are
 *  read live each frame, so a scene that removes links as it runs draws what is left). */
export function prepareAny(world, hints = HINT_DEFAULTS) {
  const n = world.particleCount;
  const composites = [];
  for (let k = 0; k < world.compositeCount; k++) composites.push({ first: n, last: 0, begin: 0, end: 0 });
  for (let i = 0; i < n; i++) {
    const c = composites[world.particleComposite(i)];
    if (!c) continue;
    c.first = Math.min(c.first, i);
    c.last = i + 1;
  }
  for (const c of composites) if (c.last === 0) c.first = 0;
  const polygons = [];
  for (let i = 0; i < (world.polygonCount ?? 0); i++) polygons.push(world.polygon(i));
  const radii = Float64Array.from(world.radii ?? []);
  return { world, hints, composites, polygons, radii, discs: radii.some((r) => r > 0) };
}

/** Draws prepareAny's state: polygons, then per composite its pins, lines and dots (discs). */
export function drawAny(ctx, f, st) {
  const { world, hints, composites, polygons, radii } = st;
  if (world.destroyed) return;
  if (polygons.length) draw.polygons(ctx, polygons, hints.polygonColour);
  const count = Math.min(composites.length, world.compositeCount);
  for (let k = 0; k < count; k++) {
    const c = composites[k];
    const { begin, count: links } = world.compositeConstraints(k);
    c.begin = begin;
    c.end = begin + links;
    if (hints.pins) draw.pinDiscs(ctx, f, c.begin, c.end);
    if (hints.lines === 'strain') draw.strainLines(ctx, f, c.begin, c.end, hints.lineWidth);
    else if (hints.lines === 'plain') draw.plainLines(ctx, f, c.begin, c.end, hints.lineColour, hints.lineWidth);
    draw.anglePolylines(ctx, f, c.begin, c.end);
    if (st.discs && hints.discs) draw.discs(ctx, f, c.first, c.last, radii, undefined, hints.dotColour);
    else if (hints.dots > 0) draw.dots(ctx, f, c.first, c.last, hints.dots, hints.dotColour);
  }
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

// ---- a world changed from outside the runtime --------------------------------------------------

/**
 * element.world on the main thread lets a page change the world between two frames (clear it,
 * add its own particles). A scene's drawing state is prepared once per build (the web's spider
 * composite, the cloth's grid): drawn over another world's content it read composites that no
 * longer exist, one error per frame. check() compares what the state was prepared for (the
 * particle, composite and polygon counts) with the world now; when they differ it draws the
 * world's content with the generic drawing until the next rebuild (Reset rebuilds the scene).
 */
export function createForeignWatch(world) {
  let seen = null;
  const counts = () => [world.particleCount, world.compositeCount, world.polygonCount ?? 0];
  return {
    /** After a rebuild's prepare: these counts are the scene's own. */
    built() { seen = counts(); },
    /** Before a frame: true if the session's drawing was replaced by the generic one. */
    check(session) {
      if (seen === null || world.destroyed) return false;
      const now = counts();
      if (now[0] === seen[0] && now[1] === seen[1] && now[2] === seen[2]) return false;
      seen = now;
      const original = session.scene.foreignOf ?? session.scene;
      session.scene = Object.freeze({ ...original, prepare: (w) => prepareAny(w), draw: drawAny, foreignOf: original });
      session.state = prepareAny(world);
      return true;
    },
    /** Before a rebuild prepares: the scene's own drawing again. */
    restore(session) {
      if (session.scene.foreignOf) session.scene = session.scene.foreignOf;
    },
  };
}

// ---- the host's side ----------------------------------------------------------------------------

/**
 * What a host sends as init's `own`, from a `src` (attribute or URL parameter; null: none) or
 * `data` (element.load(object); wins over src): { own } (null when neither), or { problem } (the
 * src refused: nothing is loaded). options are resolveSceneUrl's (base, origins, relativeOnly).
 */
export function hostScene(src, data, options) {
  if (data !== undefined && data !== null) return { own: { data } };
  if (src === null || src === undefined) return { own: null };
  try {
    return { own: resolveSceneUrl(src, options) };
  } catch (e) {
    return { problem: e.message };
  }
}

/** A ?scene= value with one of these is a path to a scene of your own; any other is a scene's
 *  name (scenes.mjs: [a-z0-9-]+), which parseParams checks as before. */
const PATHLIKE = /[./:\\%]/;

/**
 * The page's ?scene=: a registered scene's name is left to parseParams; anything else is a path
 * to the host's own scene, same-origin and relative only (a URL parameter must never load a
 * script from another origin). Returns { search (without that ?scene=), own, problem }.
 */
export function sceneParam(search, location) {
  const query = new URLSearchParams(search);
  const value = query.get('scene');
  if (value === null || !PATHLIKE.test(value)) return { search, own: null, problem: null };
  query.delete('scene');
  try {
    const own = resolveSceneUrl(value, { base: location.href, origins: [location.origin], relativeOnly: true });
    return { search: `?${query}`, own, problem: null };
  } catch (e) { // in the words of the page's other parameters (params.mjs)
    return { search: `?${query}`, own: null, problem: `?scene=${e.shown ?? '""'} was ignored (refused: ${e.reason ?? e.message}); using the default scene.` };
  }
}
