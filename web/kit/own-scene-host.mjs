// own-scene-host.mjs -- the part of own-scene.mjs every demo loads (issue 26 item 3, bytes):
// where a host's own scene may come from (resolveSceneUrl, hostScene, sceneParam: the host's
// thread), the drawing every such scene gets (prepareAny, drawAny), and the guard that keeps a
// world changed from outside the runtime drawable (createForeignWatch). The loader
// (loadOwnScene) and the drawing hints' checks are own-scene.mjs, imported only when a host has
// a scene of its own; it re-exports all of this.
import * as draw from './draw.mjs';

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

/** The drawing hints' defaults (own-scene.mjs checks a scene's own): the original pages' colours. */
export const HINT_DEFAULTS = Object.freeze({
  background: '#ffffff', highlight: '#4f545c', lines: 'strain', lineColour: '#8c959f', lineWidth: 1,
  dots: 2, dotColour: '#2dad8f', pins: true, polygonColour: '#cbd5e1', discs: true, cut: false,
});

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
