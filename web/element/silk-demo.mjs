// silk-demo.mjs -- <silk-demo>: Silk as a drop-in element for someone else's page.
//
//   <script type="module" src="https://example.org/silk/silk-demo.mjs"></script>
//   <silk-demo scene="coupling" rate="120"></silk-demo>
//
// Attributes (the page's URL parameters, validated the same way: a bad value shows a message
// inside the element and falls back to the default; nothing is ever thrown at the host page):
//   scene     web | cloth | shapes | tree | coupling | spiral | integrators | rope   (web)
//   solver    compat | robust          step   1..32          loop   fixed | coupled
//   hz        device | 30 | 60 | 120 | 144 | jittery          seed   0..2^53-1
//   tensor    0.05..2 (web)            substeps 1..32 (robust)
//   controls  none | bar | full        (bar: the lab scene's control bar, or play / reset)
//   worker    on (the default) | off: every scene runs in a Worker on the transferred canvas
//             (silk-demo-worker.mjs) wherever the browser can hand a canvas to a Worker
//             (transferControlToOffscreen): the host's main thread keeps only input, the status
//             line and a lab scene's bar (its controls post to the Worker, its text follows the
//             readouts the Worker posts at most 4 times a second: lab-worker-host.mjs).
//             worker="off" (also "false", "0") runs them on the main thread; any other value,
//             or none, means on. Falls back to the main thread where there is no OffscreenCanvas
//             transfer or the Worker cannot start (a CSP, a blocked script): then
//             stats().problems says why, and so does one console.warn (silk-demo-spawn.mjs says
//             where the Worker's script comes from; from another origin, a CDN, it starts from
//             a same-origin blob: URL, which a CSP must allow with worker-src blob:).
//   src       your own scene instead of a built-in one: a module (.mjs, .js: export build(world,
//             silk, options), optional name, view, draw, update) or a JSON scene (.json, for
//             world.load), resolved against the page, from the page's origin or the origin of
//             these files only (any other is refused, with a message); kit/own-scene.mjs. From
//             script: element.load(url | JSON scene object).
//   theme     light | dark | auto | page   background  default | transparent
//             (page: dark or light as the page around the element is: page-theme.mjs)
//   rest      on (the default) | off: a scene that has stopped moving stops stepping and
//             drawing until a press, a hover, an attribute, a resize, a theme change or coming
//             back into view wakes it (kit/rest.mjs); the readout says "at rest"
//   and the lab scenes' own parameters: rate, crawl (coupling); cost, clamp, maxsteps
//   (spiral); h, floor (integrators); particles, iterations, weight, tool (rope); mode (cloth).
// Changing an attribute rebuilds the demo.
//
// What it does as a guest:
//   - Shadow DOM: its styles are one constructed stylesheet adopted by the shadow root (no
//     <style> element, so a page with `style-src 'self'` renders it; no inline script, no
//     eval; WebAssembly needs 'wasm-unsafe-eval' in script-src under a strict CSP).
//   - Nothing is fetched, built or run until the element first comes near the viewport; the
//     loop pauses while the canvas is off-screen or the tab is hidden and resumes without a
//     catch-up burst (loop.mjs); prefers-reduced-motion starts it paused, with a Play button.
//   - Width follows the container, height keeps the world's 8:5; the canvas backing store
//     follows the device pixel ratio (render.mjs, ResizeObserver). The bars under the canvas
//     have fixed heights (SIZES), so the element takes its final size as soon as it is
//     connected, before the lab module or the wasm arrive; silk-demo.css gives a host the same
//     size before this module has loaded (no layout shift).
//   - The dark theme draws the canvas in dark colours (theme.mjs inkCanvas), on the same
//     #0d1117 as its frame; no CSS filter.
//   - All elements of a page share one compiled WebAssembly.Module (silk-wasm.mjs: fetched once
//     from silk.wasm beside silk.mjs; in the npm package, inline); each has its own instance. Removing an
//     element destroys its world and returns its instance to a pool, so adding and removing
//     elements does not grow memory.
//
// For hosts and tests: element.stats() (frames rendered, running, offscreen, thread, problems
// ...), element.world (the live world, or null; always null in a Worker, so a host or test that
// reads the world sets worker="off"; what a page changes in it is drawn as it is, and Reset
// rebuilds the element's own scene), element.load(scene), element.worldToClient(x, y), and SilkDemo.shared()
// (compiles, instances, pooled, wasm bytes, workers).
import { loadSilk } from '../lib/silk-base.mjs';
import { compileSilk } from '../lib/silk-wasm.mjs';
import { startsLite } from '../kit/lite.mjs';
import { spawnWorker, WORKER_FROM, filesOrigin } from './silk-demo-spawn.mjs';
import { whenNear } from '../kit/loop.mjs';
import { createView, fitView, viewToCanvas } from '../kit/render.mjs';
import { NO_LAB } from '../kit/session.mjs';
import { wireHost, canvasSize, WORLD_SIZE } from '../kit/host.mjs';
import { getScene, sceneNames } from '../kit/scenes.mjs';
import { DEFAULTS, parseParams, shownValue } from '../kit/params.mjs';
import { PALETTE, isLight } from '../kit/theme.mjs';
import { resolveHostTheme, watchHostTheme } from '../kit/page-theme.mjs';
import { canvasLabel } from '../kit/describe.mjs';
import { el } from '../kit/dom.mjs';
import { createCaller, createHostReceiver, workerFlag } from '../kit/protocol.mjs';
import { startInThread } from '../kit/runtime.mjs';
import { createRateMeter, rateKey, sceneRate } from '../kit/rate.mjs';
import { hostScene } from '../kit/own-scene-host.mjs';

const TAG = 'silk-demo';
const CONTROLS = ['none', 'bar', 'full'];
const PAGE_ATTRIBUTES = ['scene', 'solver', 'step', 'loop', 'hz', 'seed', 'tensor', 'substeps', 'theme', 'background', 'rest'];
const warned = new Set(); // fallback reasons already said on the console (once per page)

/** The `worker` attribute: a Worker unless the host opted out (absent means on). */
function workerOn(element) {
  return workerAttribute(element.getAttribute('worker')).on;
}

/**
 * Heights (CSS px) of the parts under the canvas, fixed so that the element's height is known
 * from its width and attributes alone: canvas width * 5 / 8, then, 6 px apart, the lab's bar
 * (a lab scene, unless controls="none"), the Play / Reset bar (controls="bar" on web, shapes
 * and tree; controls="full"), the readout line (controls="full"). silk-demo.css gives a host
 * page the same figures for the moment before this module has loaded.
 *
 * Narrower than `narrow` px (a phone's column), nothing is cut or scrolled sideways: the lab's
 * controls wrap onto a second row, its headline and the readout onto a second line, into the
 * taller labNarrow and readoutNarrow (a CSS container query on the element's width, here and in
 * silk-demo.css). Wider, the lab's bar is one row of controls and a headline of up to two lines.
 * tests/browser/phone-bars.test.mjs measures every lab scene's bar at 390 and 1280 px.
 */
export const SIZES = Object.freeze({ gap: 6, bar: 36, lab: 92, readout: 16, narrow: 560, labNarrow: 146, readoutNarrow: 32 });

// The lab scenes (lab-host.mjs and the five lab modules: about half of the element's script)
// load only when an element asks for one: a page of spider webs never fetches them.
const BASIC_SCENES = ['web', 'shapes', 'tree'];
let labModule = null;
function loadLab() {
  labModule ??= import('../labs/lab-host.mjs');
  labModule.catch(() => { labModule = null; });
  return labModule;
}

/** The lab scenes' parameters: attribute name (lower case) -> parameter name (lab-*.mjs). */
const LAB_ATTRIBUTES = new Map([
  ['rate', 'rate'], ['crawl', 'crawl'], // coupling
  ['cost', 'cost'], ['clamp', 'clamp'], ['maxsteps', 'maxSteps'], // spiral
  ['h', 'h'], ['floor', 'floor'], // integrators
  ['particles', 'particles'], ['iterations', 'iterations'], ['weight', 'weight'], ['tool', 'tool'], // rope
  ['mode', 'mode'], // cloth
]);

// ---- one compiled module for the page, a pool of instances ------------------------------------

const shared = { module: null, lite: null, compiles: 0, instances: 0, pool: [], live: new Set(), workers: new Set() };

/** which: 'full' (silk.wasm) or 'lite' (silk-lite.wasm: a compat scene starts on it, kit/lite.mjs). */
function compileOnce(which = 'full') {
  const key = which === 'lite' ? 'lite' : 'module';
  if (!shared[key]) {
    shared.compiles++;
    shared[key] = compileSilk(which); // also loadSilk()'s default: one compile for the page
    shared[key].catch(() => { shared[key] = null; }); // a later element may retry
  }
  return shared[key];
}

async function acquire(wasm) {
  const pooled = shared.pool.pop();
  if (pooled) return pooled; // a pooled silk-lite instance upgrades itself if its scene needs it
  const silk = await loadSilk({ wasm: wasm ?? await compileOnce() });
  shared.instances++;
  return silk;
}

/** The `controls="full"` readout, on either thread: the loop and the stepping rate measured
 *  (rate.mjs), not the display's rAF rate (that read "29 Hz" under hz="120" on a busy machine);
 *  "at rest" while a still scene waits (kit/rest.mjs). */
function readoutLine(settings, relaxPasses, strainP97, paused, stepsPerSecond, resting = false, name = settings.scene) {
  // a lab scene steps on its own clock (both loops side by side, h = 1/120 s ...): its bar says which
  const rate = sceneRate(!BASIC_SCENES.includes(settings.scene), settings.loopMode, stepsPerSecond);
  return `${name} · ${settings.solver} · step ${relaxPasses} · strain ${(strainP97 * 100).toFixed(2)} % · ${paused ? 'paused' : resting ? 'at rest' : rate}`;
}

// ---- styles ---------------------------------------------------------------------------------

const CSS = `
:host { display: block; position: relative; max-width: 100%; color: ${PALETTE.light.text};
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
/* Every part has a height known before anything loads (SIZES): the element takes its final
   size at once, and nothing below it moves when the lab module or the wasm arrive. */
.stage, .reserve-stage { aspect-ratio: 8 / 5; }
.reserve-stage { border-radius: 4px; background: ${PALETTE.light.surface}; }
.dark .reserve-stage { background: ${PALETTE.dark.surface}; }
.transparent .reserve-stage { background: transparent; }
.bar, .reserve-bar { height: ${SIZES.bar}px; }
.lab-bar, .reserve-lab { height: ${SIZES.lab}px; overflow: hidden; }
.readout, .reserve-readout { height: ${SIZES.readout}px; line-height: ${SIZES.readout}px; overflow: hidden; }
:host([hidden]) { display: none; }
.frame { display: grid; gap: 6px; background: ${PALETTE.light.surface}; }
.frame.dark { background: ${PALETTE.dark.surface}; }
.frame.transparent { background: transparent; }
.stage { position: relative; }
canvas { display: block; width: 100%; height: 100%; touch-action: pan-y pinch-zoom;
  background: ${PALETTE.light.surface}; border-radius: 4px; }
.transparent canvas { background: transparent; }
/* color-scheme: the form controls' own paint follows it (WebKitGTK paints a <select> light,
   about 1.1:1 behind the light text, unless its scheme is dark; most pages declare none) */
.dark { color: ${PALETTE.dark.text}; color-scheme: dark; }
.dark:not(.transparent) canvas { background: ${PALETTE.dark.surface}; }
.message { margin: 0; padding: 4px 8px; border-radius: 4px; font-size: 0.85rem;
  background: #fde7ea; color: ${PALETTE.light.error}; border: 1px solid ${PALETTE.light.error}; }
.dark .message { background: #3a1d22; color: ${PALETTE.dark.error}; border-color: ${PALETTE.dark.error}; }
.message[hidden], .bar[hidden], .lab-bar[hidden], .readout[hidden], .play-overlay[hidden], .side { display: none; }
.bar { display: flex; flex-wrap: wrap; align-items: end; gap: 6px; }
.readout { margin: 0; font-size: 12px; color: ${PALETTE.light.muted}; font-variant-numeric: tabular-nums; }
.dark .readout { color: ${PALETTE.dark.muted}; }
button, select { font: inherit; min-height: 36px; border-radius: 6px; border: 1px solid #6b7580;
  background: #f7f9fb; color: ${PALETTE.light.text}; padding: 0 12px; cursor: pointer; }
.dark button, .dark select { background: #21262d; color: ${PALETTE.dark.text}; border-color: #8b949e; }
:focus-visible { outline: 3px solid ${PALETTE.light.focus}; outline-offset: 2px; }
.dark :focus-visible { outline-color: ${PALETTE.dark.focus}; }
.play-overlay { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%);
  min-height: 44px; font-size: 1rem; }
/* The lab's bar: one row of controls and a headline of up to two lines, in a fixed height (a
   phone's column: two rows, below). */
.lab-bar { display: grid; grid-template-rows: auto auto; align-content: start; gap: 2px; width: 100%; }
.lab-controls { display: flex; flex-wrap: nowrap; align-items: end; gap: 6px; overflow-x: auto; overflow-y: hidden;
  padding: 0 4px 4px; scrollbar-width: thin; row-gap: 2px; }
.lab-controls > * { flex: 0 0 auto; }
.lab-controls .lab-field { flex: 1 0 9em; min-width: 9em; }
.lab-field { display: grid; gap: 2px; min-width: 0; }
.lab-field label, .lab-radios legend { font-size: 12px; line-height: 16px; white-space: nowrap; }
.lab-field select { width: 100%; }
.lab-radios { display: flex; flex-wrap: nowrap; gap: 2px 12px; border: 0; margin: 0; padding: 0; }
label.choice { display: inline-flex; align-items: center; gap: 6px; min-height: 32px; white-space: nowrap; }
.range { display: flex; align-items: center; gap: 8px; }
.range input { flex: 1; min-width: 0; }
.lab-headline { margin: 0; padding: 0 4px; font-size: 12px; line-height: 16px; font-variant-numeric: tabular-nums;
  max-height: 32px; overflow: hidden; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
/* A phone's column (SIZES.narrow): the lab's controls wrap, the headline and the readout take
   two lines, in the taller boxes silk-demo.css also reserves. The element's width decides, not
   the viewport's: a container query on the frame; last, so that it wins over the rules above. */
.frame { container-type: inline-size; }
@container (max-width: ${SIZES.narrow - 0.02}px) {
  .lab-bar, .reserve-lab { height: ${SIZES.labNarrow}px; }
  .readout, .reserve-readout { height: ${SIZES.readoutNarrow}px; }
  .lab-controls { flex-wrap: wrap; overflow: visible; }
}
`;

let sheet = null;
function styles() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

// ---- the element ----------------------------------------------------------------------------

/**
 * The `worker` attribute's value (null when absent) -> { on, message }. The Worker is the
 * default, so an absent attribute is on, and so is a present one (the HTML boolean rule); but
 * worker="false" reads as "off" to everyone who writes it, so "off", "false" and "0" (any case,
 * trimmed) turn it off. Any other value keeps the Worker on and says so.
 */
export function workerAttribute(value) {
  const flag = workerFlag(value); // the page's ?worker= reads the same words (protocol.mjs)
  return {
    on: flag.on,
    message: flag.bad ? `worker="${shownValue(value)}" is not on or off; the Worker stays on (worker="off" turns it off).` : null,
  };
}

const BaseElement = globalThis.HTMLElement ?? class {};

export class SilkDemo extends BaseElement {
  static get observedAttributes() {
    return [...PAGE_ATTRIBUTES, 'controls', 'worker', 'src', ...LAB_ATTRIBUTES.keys()];
  }

  /** Shared across the page's elements: { compiles, instances, pooled, live, wasmBytes }. */
  static shared() {
    let wasmBytes = 0;
    for (const s of [...shared.pool, ...shared.live]) wasmBytes += s.memory.buffer.byteLength;
    return {
      compiles: shared.compiles, instances: shared.instances, pooled: shared.pool.length, live: shared.live.size, wasmBytes,
      workers: shared.workers.size, // elements running in their own Worker (the `worker` attribute)
    };
  }

  #root;
  #generation = 0;
  #run = null; // the running demo (see #start), or null
  #problems = [];
  #restartQueued = false;
  #workerProblem = null; // why `worker` fell back to the main thread, for good (stats().problems)
  #data = null; // a JSON scene given to load(): wins over src until src changes
  #waiting = []; // load()'s promises, settled by the runtime's report on the scene

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [styles()];
  }

  connectedCallback() {
    this.#reserve();
    this.#restart();
  }

  /**
   * The element's final size, now: the parts #start will build, empty, from the raw attributes
   * (the lab scenes' names are known without loading them). Also the theme's ground, so a dark
   * page never sees a white box while the demo loads.
   */
  #reserve() {
    const scene = (this.getAttribute('scene') ?? 'web').trim();
    const controls = (this.getAttribute('controls') ?? 'bar').trim();
    const lab = !this.#ownScene().own && !this.hasAttribute('src') && !BASIC_SCENES.includes(scene);
    const frame = el('div', { className: 'frame reserve' }, el('div', { className: 'reserve-stage' }));
    if (lab && controls !== 'none') frame.append(el('div', { className: 'reserve-lab' }));
    if (controls === 'full' || (!lab && controls !== 'none')) frame.append(el('div', { className: 'reserve-bar' }));
    if (controls === 'full') frame.append(el('div', { className: 'reserve-readout' }));
    frame.classList.toggle('dark', resolveHostTheme((this.getAttribute('theme') ?? 'light').trim(), this) === 'dark');
    frame.classList.toggle('transparent', (this.getAttribute('background') ?? '').trim() === 'transparent');
    this.#root.replaceChildren(frame);
  }

  disconnectedCallback() {
    this.#generation++;
    this.#teardown();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (name === 'src' && oldValue !== newValue) this.#data = null; // a new src replaces load(data)
    if (oldValue === newValue || !this.isConnected || this.#restartQueued) return;
    this.#restartQueued = true;
    queueMicrotask(() => { this.#restartQueued = false; if (this.isConnected) this.#restart(); });
  }

  /** The live world, or null before the element has started (or after it was removed). */
  get world() { return this.#run?.world ?? null; }

  /**
   * Shows your own scene (docs/embedding.md, "Your own scene"), in the Worker or here: a URL
   * (a module .mjs / .js or a JSON scene .json, as src=: it sets src) or a JSON scene object
   * (world.load's format). Resolves { name, url } once the runtime has built it; rejects with
   * the problem (also shown in the element) if it did not. Reset rebuilds it.
   */
  load(scene) {
    if (typeof scene === 'string') {
      if (this.getAttribute('src') === scene) this.#restart();
      else this.setAttribute('src', scene);
    } else if (scene !== null && typeof scene === 'object') {
      let data;
      try { data = JSON.parse(JSON.stringify(scene)); } catch (e) { return Promise.reject(new TypeError(`load: the scene is not JSON data (${e.message})`)); }
      this.#data = data;
      if (this.isConnected) this.#restart();
    } else {
      return Promise.reject(new TypeError(`load: a scene is a URL string or a JSON scene object, got ${scene === null ? 'null' : typeof scene}`));
    }
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  /** The own scene's src or load() data -> init's `own`, or the reason src is refused. */
  #ownScene() {
    const origins = [globalThis.location?.origin, filesOrigin()].filter((o) => o && o !== 'null');
    return hostScene(this.getAttribute('src'), this.#data, { base: globalThis.document?.baseURI, origins });
  }

  /** The runtime's report on the own scene: load()'s promises settle on the first one. */
  #ownReport(own) {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const w of waiting) {
      if (own.problem) w.reject(new Error(own.problem));
      else w.resolve({ name: own.name, url: own.url });
    }
  }

  /** Counters for hosts and tests. */
  stats() {
    const r = this.#run;
    r?.refresh();
    return {
      started: r !== null,
      framesRendered: r?.counters.framesRendered ?? 0,
      physicsSteps: r?.counters.physicsSteps ?? 0,
      running: r?.loop.running ?? false,
      resting: r?.resting ?? false, // at rest: stopped until something can change it (the `rest` attribute)
      offscreen: r?.loop.offscreen ?? false,
      paused: r?.paused ?? false,
      scene: r?.own?.name ?? r?.settings.scene ?? null,
      own: r?.own ?? null, // your own scene (src, load()): { name, url, view, problem }, as last reported
      builds: r?.builds ?? 0, // the scene's builds so far (Reset adds one), as last reported
      stateHash: r?.stateHash ?? null, // the world's state hash, as last reported
      engine: r?.engine ?? null, // 'compat' (silk-lite.wasm) or 'full' (silk.wasm), as last reported
      upgradeMs: r?.upgradeMs ?? null, // the move to silk.wasm, once it happened (kit/lite.mjs)
      thread: r?.thread ?? null, // 'worker' (the default, where supported), or 'main'
      stepsPerSecond: r?.steps.rate ?? 0, // measured over the last second (what controls="full" shows)
      dragging: r?.dragging ?? null, // worker only: a particle is held (as of the last stats)
      theme: r?.resolvedTheme ?? null,
      problems: this.#workerProblem && workerOn(this) ? [...this.#problems, this.#workerProblem] : this.#problems.slice(),
      lab: r?.labHost.readouts() ?? null,
    };
  }

  /** World px -> viewport (client) CSS px. */
  worldToClient(x, y) {
    const r = this.#run;
    if (!r) return null;
    const box = r.canvas.getBoundingClientRect();
    const [cx, cy] = r.renderer.toCanvas(x, y);
    return [box.left + cx, box.top + cy];
  }

  #restart() {
    this.#generation++;
    this.#teardown();
    const generation = this.#generation;
    this.#start(generation).catch((e) => {
      if (generation !== this.#generation) return;
      this.#teardown();
      this.#showProblems([`Silk could not start: ${e.message}`]);
    });
  }

  /** Reads the attributes like the page reads its URL; never throws. */
  #readAttributes() {
    const query = new URLSearchParams();
    for (const a of PAGE_ATTRIBUTES) if (this.hasAttribute(a)) query.set(a, this.getAttribute(a));
    for (const [a, p] of LAB_ATTRIBUTES) if (this.hasAttribute(a)) query.set(p, this.getAttribute(a));
    const { settings, problems } = parseParams(query.toString(), sceneNames(), { ...DEFAULTS, embed: true });
    const messages = problems.map((p) => p.message.replace(/^\?(\w+)=/, '$1="').replace(/ was ignored/, '" was ignored'));
    let controls = 'bar';
    if (this.hasAttribute('controls')) {
      const v = this.getAttribute('controls').trim();
      if (CONTROLS.includes(v)) controls = v;
      else messages.push(`controls="${shownValue(v)}" was ignored (controls must be one of ${CONTROLS.join(', ')}); using bar.`);
    }
    const worker = workerAttribute(this.getAttribute('worker'));
    if (worker.message) messages.push(worker.message);
    return { settings, controls, worker: worker.on, messages, search: query.toString() };
  }

  #showProblems(messages) {
    this.#problems = messages;
    const box = this.#root.querySelector('.message');
    if (!box) return;
    box.replaceChildren(...messages.map((m) => el('span', { textContent: m }, el('br'))));
    box.hidden = messages.length === 0;
  }

  async #start(generation) {
    // your own scene (src, load()): no lab; a src from elsewhere is refused before anything loads
    const { own, problem: refused } = this.#ownScene();
    // A lab scene (or a name to check against all of them) needs the lab modules first.
    const lab = own || refused || BASIC_SCENES.includes((this.getAttribute('scene') ?? 'web').trim()) ? null : await loadLab();
    if (generation !== this.#generation) return;
    const { settings, controls, messages, search } = this.#readAttributes();
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

    // The skeleton (rebuilt on every start: the pointer's listeners go with the old canvas).
    const canvas = el('canvas', { tabIndex: 0 });
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', canvasLabel(settings.scene));
    canvas.setAttribute('aria-keyshortcuts', 'Space K Period R');
    const overlay = el('button', { type: 'button', className: 'play-overlay', textContent: '▶ Play', hidden: true });
    const stage = el('div', { className: 'stage' }, canvas, overlay);
    const isLab = !own && !refused && !BASIC_SCENES.includes(settings.scene);
    const bar = el('div', { className: 'bar', hidden: controls === 'none' || (isLab && controls !== 'full') });
    bar.setAttribute('role', 'group');
    bar.setAttribute('aria-label', 'Demo controls');
    const message = el('p', { className: 'message', hidden: true });
    message.setAttribute('role', 'status');
    const readout = el('p', { className: 'readout', hidden: controls !== 'full' });
    const side = el('div', { className: 'side' });
    // the lab's bar comes with the world; until then an empty box of its height holds its place
    const reserveLab = el('div', { className: 'reserve-lab', hidden: !isLab || controls === 'none' });
    const frame = el('div', { className: 'frame' }, message, stage, reserveLab, bar, readout, side);
    frame.classList.add('embed');
    frame.classList.toggle('transparent', settings.background === 'transparent');
    frame.classList.toggle('dark', resolveHostTheme(settings.theme, this) === 'dark');
    this.#root.replaceChildren(frame);
    this.#showProblems(messages);
    if (refused) { // nothing is fetched from an origin the element does not trust
      this.#showProblems([...messages, refused]);
      this.#ownReport({ problem: refused });
      return;
    }

    await whenNear(this);
    if (generation !== this.#generation) return;
    // the one runtime (kit/runtime.mjs): in a Worker, or here behind an in-thread channel
    const inWorker = this.#workerWanted();
    const module = await compileOnce(startsLite(settings, own) ? 'lite' : 'full');
    if (generation !== this.#generation) return;
    const onFail = (reason) => {
      if (generation !== this.#generation) return;
      if (!inWorker) { this.#teardown(); this.#showProblems([`Silk could not start: ${reason}`]); return; }
      this.#workerFallback(reason); // once: the element runs on the main thread from now on
      queueMicrotask(() => { if (generation === this.#generation) this.#restart(); });
    };
    this.#run = startRuntime({
      module, settings, controls, reduced, onFail, onProblem: (m) => this.#showProblems([m]), lab, search, inWorker, anchor: this,
      own, onOwn: (o) => { this.#showProblems(o.problem ? [...messages, o.problem] : messages); this.#ownReport(o); },
      dom: { canvas, overlay, stage, bar, readout, frame, side, reserveLab },
    });
    if (this.#run) this.dispatchEvent(new CustomEvent('silk-ready', { bubbles: true, composed: true }));
    // (or onFail restarts it on the main thread)
  }

  /** A Worker (the default, unless worker="off"), lab scenes included, in a browser that can
   *  run it (else the reason is recorded: the element falls back to the main thread). */
  #workerWanted() {
    if (!workerOn(this) || this.#workerProblem) return false;
    const missing = typeof Worker !== 'function' ? 'this browser has no Worker'
      : typeof HTMLCanvasElement.prototype.transferControlToOffscreen !== 'function'
        ? 'this browser cannot hand a canvas to a Worker (no OffscreenCanvas)' : null;
    if (missing) this.#workerFallback(missing);
    return missing === null;
  }

  /** Why `worker` runs on the main thread: in stats().problems from now on, and once on the
   *  console (not inside the element: the demo itself works). */
  #workerFallback(reason) {
    if (this.#workerProblem) return;
    this.#workerProblem = `worker: running on the main thread: ${reason}`;
    // once per page for each reason: seven elements in a browser without OffscreenCanvas say it once
    if (!warned.has(this.#workerProblem)) console.warn(`<silk-demo>: ${this.#workerProblem}`);
    warned.add(this.#workerProblem);
  }

  #teardown() {
    const r = this.#run;
    if (!r) return;
    this.#run = null;
    r.destroy();
  }
}

// ---- the element's runtime, in its Worker or here (the `worker` attribute) ----------------------

/** The runtime on this thread (worker="off", a fallback): an instance from the page's pool. */
function startHere() {
  return startInThread({
    labs: () => import('../labs/lab-worker-host.mjs'),
    loadSilk: async ({ wasm } = {}) => { const silk = await acquire(wasm); shared.live.add(silk); return silk; },
    release: (silk) => { shared.live.delete(silk); shared.pool.push(silk); },
  });
}

/**
 * Starts the demo's runtime (kit/runtime.mjs) on the element's canvas: in a Worker
 * (silk-demo-worker.mjs) on the canvas transferred, or, with inWorker false, on this thread on
 * the canvas itself. The world, its loop and its drawing run there; this thread keeps the DOM,
 * visibility, the buttons and the pointer's hit point (world px, from its own copy of the
 * canvas's fit). Returns the run (the shape #teardown and stats() read), or null when the Worker
 * cannot be created (a CSP, a cross-origin script): onFail(reason) is called then, and when the
 * runtime fails to start; onProblem(message) if it reports an error later (shown inside the element).
 */
function startRuntime({ module, settings, controls, reduced, onFail, onProblem, lab, search, dom, inWorker, anchor, own = null, onOwn }) {
  const { canvas, overlay, stage, bar, readout, frame, side, reserveLab } = dom;
  let worker;
  try {
    worker = inWorker ? spawnWorker() : startHere();
  } catch (e) {
    onFail(`the Worker could not start (${e.name}: ${e.message}; it comes from ${WORKER_FROM})`);
    return null;
  }
  const here = !inWorker;
  const scene = own ? { background: '#fff' } : getScene(settings.scene); // an own scene: its hints come later
  const view = fitView(createView(), 1, 1, ...WORLD_SIZE);
  const post = (msg) => worker.postMessage(msg);
  const caller = createCaller(post);
  const run = {
    thread: here ? 'main' : 'worker', settings,
    /** The live world on this thread (worker="off"), else null: it is in the Worker. */
    get world() { return here ? worker.served.run()?.world ?? null : null; },
    /** Fresh stats from a runtime on this thread (it posts them before it answers). */
    refresh() {
      if (!here) return;
      try { caller.callNow('stats'); } catch { /* asked mid-delivery: the last ones serve */ }
    },
    paused: reduced, resolvedTheme: 'light', labHost: NO_LAB, dragging: false, resting: false, own: null,
    counters: { framesRendered: 0, physicsSteps: 0 },
    loop: { running: false, offscreen: false, measuredHz: 0 },
    steps: createRateMeter(), // the stepping rate the readout shows, measured
    renderer: { toCanvas: (x, y) => viewToCanvas(view, x, y) },
    canvas, unwatch: () => {}, cleanups: [],
    destroy() {
      for (const f of run.cleanups) f();
      run.unwatch();
      worker.terminate(); // the world and its wasm memory go with the Worker (here: back to the pool)
      shared.workers.delete(run);
    },
  };
  if (!here) shared.workers.add(run);
  try {
    const listen = (target, type, fn, options) => {
      target.addEventListener(type, fn, options);
      run.cleanups.push(() => target.removeEventListener(type, fn, options));
    };

    let ready = false;
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (!ready) onFail(`the Worker failed to load${e.message ? ` (${e.message})` : ''}; it comes from ${WORKER_FROM}`);
    };
    const receive = createHostReceiver(caller, {
      ready: () => { ready = true; },
      stopped: (message) => (ready ? onProblem(`Silk stopped: ${message}`) : onFail(`the runtime stopped before it ran (${message})`)),
      stats: (st) => showStats(st),
      lab: (m) => showLab(m),
      hitmap: (m) => host.hits.update(m), // where a touch grabs (kit/hitmap.mjs)
    });
    worker.onmessage = ({ data }) => receive(data);
    // a lab scene's bar, here; its scene in the runtime (lab-worker-host.mjs)
    const labBar = scene.panel && lab ? lab.createLabBar({
      dom: { stage, side, flags: frame }, hidden: controls === 'none',
      set: (name, value) => post({ type: 'lab-set', name, value }),
      act: (name) => post({ type: 'lab-act', name }),
      rebuild: () => post({ type: 'reset' }),
    }) : null;
    if (labBar) run.labHost = { ...NO_LAB, readouts: () => labBar.readouts() };
    const showLab = (m) => {
      if (!labBar) return;
      labBar.show(m);
      reserveLab.remove(); // the bar has its place now
    };
    const showStats = (s) => {
      run.counters.framesRendered = s.framesRendered;
      run.counters.physicsSteps = s.physicsSteps;
      run.loop.running = s.running;
      run.loop.measuredHz = s.measuredHz;
      run.steps.sample(s.physicsSteps, s.at, rateKey(s));
      run.dragging = s.dragging;
      run.resting = s.resting === true;
      run.builds = s.builds;
      run.stateHash = s.stateHash;
      run.engine = s.engine; // silk-lite.wasm ('compat') or silk.wasm ('full'): kit/lite.mjs
      run.upgradeMs = s.upgradeMs;
      if (s.own) showOwn(s.own);
      if (controls === 'full') {
        readout.textContent = readoutLine(settings, s.relaxPasses, s.strainP97, run.paused, run.steps.rate, run.resting,
          run.own ? run.own.name : settings.scene);
      }
    };

    // your own scene's report (own-scene.mjs info()): its name, view box and any problem
    const showOwn = (o) => {
      const last = run.own;
      run.own = o;
      if (last && last.problem === o.problem && last.name === o.name && JSON.stringify(last.view) === JSON.stringify(o.view)) return;
      canvas.setAttribute('aria-label', canvasLabel(o.name));
      host.refit(); // the pointer's fit follows the scene's view box
      onOwn(o);
    };

    // the canvas's box: its first size now, then every change, to both fits (here and there)
    const size = canvasSize(canvas);
    fitView(view, size.css[0], size.css[1], ...WORLD_SIZE);
    const offscreen = here ? canvas : canvas.transferControlToOffscreen();
    const theme = resolveHostTheme(settings.theme, anchor); // a Worker has no matchMedia and no page: the element resolves 'auto' and 'page'
    worker.postMessage({
      type: 'init', canvas: offscreen, module, settings, theme, transparent: settings.background === 'transparent', paused: reduced, size,
      lab: labBar !== null, search, ...(own ? { own } : {}),
    }, here ? [] : [offscreen]);

    // size, visibility, pointer, pause and keys: kit/host.mjs, as the page's
    const playButton = el('button', { type: 'button', className: 'play', textContent: 'Pause' });
    const resetButton = el('button', { type: 'button', className: 'reset', textContent: 'Reset' });
    const host = wireHost({
      canvas, view, post, listen, overlay, pauseButton: playButton, focus: () => run.own?.view ?? null,
      onPaused: (p) => { run.paused = p; },
      onOffscreen: (o) => { run.loop.offscreen = o; },
    });
    run.cleanups.push(host.disconnect);
    listen(resetButton, 'click', host.reset);
    bar.replaceChildren(...(controls === 'none' ? [] : [playButton, resetButton]));
    run.unwatch = watchHostTheme(settings.theme, (t) => {
      run.resolvedTheme = t;
      frame.classList.toggle('dark', t === 'dark');
      post({ type: 'theme', theme: t }); // the runtime draws in the theme's colours
    }, anchor);
    canvas.classList.toggle('light-scene', isLight(scene.background));
    host.setPaused(reduced);
    host.active();
  } catch (e) {
    run.destroy(); // a half-wired Worker must not outlive the element
    throw e;
  }
  return run;
}


if (globalThis.customElements && !customElements.get(TAG)) customElements.define(TAG, SilkDemo);
