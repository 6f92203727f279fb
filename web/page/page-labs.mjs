// page-labs.mjs -- the lab scenes on the page's main thread, loaded only when the page can show
// one (issue 26 item 3, what a reader fetches). lab-host.mjs registers the lab scenes and builds
// their bar and panel; it and the five lab modules are ~18 KB gzipped that an ?embed=1 or
// silk-embed.html of a spider web never uses. So:
//   - the full page (its scene picker lists every scene) and an embed whose ?scene= is not one
//     of BASIC_SCENES load them before the page reads its URL (app.mjs), and its runtime is
//     started with them (init.lab);
//   - an embed of a basic scene loads neither them nor, in its Worker, lab-worker-host.mjs: it
//     can still switch to any scene of kit/scenes.mjs (web, cloth, shapes, tree: the plain
//     cloth, without the lab's mode); silkApp.set('scene', 'coupling') there throws the
//     RangeError of an unknown scene (open the embed with ?scene=coupling instead).
// The element decides the same way, per element (silk-demo.mjs, BASIC_SCENES).
//
//   BASIC_SCENES              the scenes an embed shows without the lab modules
//   wantsLabs(search, embed)  whether this page loads the lab scenes (embed: the page's default)
//   loadLabHost()             a promise of lab-host.mjs (once)
//   labsLoaded()              whether it has loaded
//   createLabBar(options)     lab-host.mjs's, or, without the lab scenes, a bar that never shows
import { parseParams, DEFAULTS } from '../kit/params.mjs';
import { sceneNames } from '../kit/scenes.mjs';

export const BASIC_SCENES = Object.freeze(['web', 'shapes', 'tree']);

let host = null;
let loading = null;

export function loadLabHost() {
  loading ??= import('../labs/lab-host.mjs').then((m) => { host = m; return m; });
  loading.catch(() => { loading = null; });
  return loading;
}

export const labsLoaded = () => host !== null;

/** The full page, or an embed (?embed=1, silk-embed.html) whose ?scene= is not a basic scene. */
export function wantsLabs(search, embed = DEFAULTS.embed) {
  // parseParams reads ?embed= as the page will; the scene is read raw (a lab scene's name is not
  // known before its module has loaded)
  const { settings } = parseParams(search, sceneNames(), { ...DEFAULTS, embed });
  if (!settings.embed) return true;
  const scene = new URLSearchParams(search).get('scene');
  return scene !== null && !BASIC_SCENES.includes(scene.trim());
}

/** lab-host.mjs createLabBar once the lab scenes have loaded; else a bar with nothing to show. */
export function createLabBar(options) {
  if (host) return host.createLabBar(options);
  return Object.freeze({ bar: null, readouts: () => null, hide() {}, show() {} });
}
