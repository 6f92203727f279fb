// embed-worker.mjs -- the page's host, every kind of page (the full page, ?embed=1 and
// silk-embed.html) on either thread. The world, its loop and its drawing run in the runtime
// (kit/runtime.mjs): in page-worker.mjs on the page's #view, transferred
// (transferControlToOffscreen), by default; on this thread, on #view itself, behind an
// in-thread channel for ?worker=0 and every fallback. Same code, same messages
// (kit/protocol.mjs). This side keeps the DOM: size, visibility, pointer, hover, Pause and
// keys (kit/host.mjs), and through page-worker-host.mjs the controls, the dashboard (the
// embed's readout line is its compact line), the lab's bar and panel and silkApp's calls, all
// fed from the runtime's stats (a few times a second, never per frame).
//
// Why a Worker by default: an embed sits in someone else's post, and its iframe's main thread
// is, on a phone, the same thread as the post's (same-site iframes share the renderer's main
// thread); the full page drawing on the main thread cost 1.6 ms per frame above the floor of any
// canvas page. Why the fallback was taken is in silkApp.stats().problems and, for one the host
// did not ask for, one console.warn.
//
//   workerParam(search)       ?worker= -> { on, problem } (protocol.mjs workerFlag's words;
//                             anything else keeps the Worker and is reported like other bad params)
//   embedWorkerPlan(settings) whether this page starts in a Worker -> { worker, reason }
//   startEmbedWorker(...)     starts the host -> { app } or { reason } (inThread: on this thread)
//
// The Worker is page-worker.mjs beside this file, or whatever options.spawnWorker makes:
// silk-embed.html has no second file and starts it from a blob: URL holding the inlined modules
// (scripts/embed.mjs), which its CSP allows with worker-src blob:.
import { compileSilk, wasmURL } from '../lib/silk-wasm.mjs';
import { startsLite } from '../kit/lite.mjs';
import { createView, fitView, viewToCanvas } from '../kit/render.mjs';
import { wireHost, canvasSize, WORLD_SIZE } from '../kit/host.mjs';
import { getScene } from '../kit/scenes.mjs';
import { canvasLabel } from '../kit/describe.mjs';
import { shownValue } from '../kit/params.mjs';
import { createLabBar, labsLoaded } from './page-labs.mjs';
import { TO_HOST, checkMessage, createCaller, createHostReceiver, workerFlag } from '../kit/protocol.mjs';
import { startInThread } from '../kit/runtime.mjs';
import { wirePage } from './page-worker-host.mjs';

/** The lab scenes for the runtime on this thread (the page's Worker loads them itself). */
const loadLabs = () => import('../labs/lab-worker-host.mjs');

/** The box a frame of another shape than 8:5 is filled with: an embed's scene's, else none (the
 *  Worker fits its drawing the same way: page-worker.mjs). */
const embedFocus = (settings) => (settings.own ? settings.ownView ?? null : settings.embed ? getScene(settings.scene).focus ?? null : null);

/** The page's Worker: page-worker.mjs beside this file (same origin, as the page). */
export function spawnPageWorker() {
  return new Worker(new URL('./page-worker.mjs', import.meta.url), { type: 'module' });
}
const PAGE_WORKER_FROM = 'page-worker.mjs beside app.mjs';


/** ?worker= -> { on, problem: { param, value, message } | null }; absent means on (the word
 *  list is protocol.mjs workerFlag's, the element's too). */
export function workerParam(search) {
  const raw = new URLSearchParams(search).get('worker');
  const flag = workerFlag(raw);
  if (!flag.bad) return { on: flag.on, problem: null };
  return {
    on: true,
    problem: { param: 'worker', value: raw, message: `?worker=${shownValue(raw)} was ignored (worker must be 1 or 0: on, off, true or false); using on.` },
  };
}

/**
 * Whether the page starts in a Worker: the full page, ?embed=1 and silk-embed.html, with
 * ?worker on, in a browser that can hand a canvas to a Worker. { worker: true } or
 * { worker: false, reason, warn }: warn says whether the console hears of it.
 */
export function embedWorkerPlan(settings) {
  if (!settings.worker) return { worker: false, reason: '?worker=0 asked for it', warn: false };
  if (typeof Worker !== 'function') return { worker: false, reason: 'this browser has no Worker', warn: true };
  if (typeof globalThis.HTMLCanvasElement?.prototype.transferControlToOffscreen !== 'function') {
    return { worker: false, reason: 'this browser cannot hand a canvas to a Worker (no OffscreenCanvas)', warn: true };
  }
  return { worker: true, reason: null, warn: false };
}

/** The problem line stats().problems holds for a main-thread embed. */
export const fallbackProblem = (reason) => `worker: running on the main thread: ${reason}`;

function compileEngine(wasm, settings) {
  // an embed of a compat scene starts on silk-lite.wasm (kit/lite.mjs); the full page on silk.wasm
  if (wasm === undefined) return compileSilk(settings.embed && startsLite(settings, settings.own) ? 'lite' : 'full');
  if (wasm instanceof WebAssembly.Module) return Promise.resolve(wasm);
  if (wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm)) return WebAssembly.compile(wasm);
  return fetch(wasmURL(String(wasm))).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${r.statusText} for ${r.url}`);
    return r.arrayBuffer();
  }).then((bytes) => WebAssembly.compile(bytes));
}

/**
 * Starts the page's host and its runtime: in a Worker, or with `inThread` on this thread
 * (kit/runtime.mjs startInThread; `problems` then says why, for stats().problems). `dom` is the
 * page's elements ({ canvas, overlay, pause, compact, banner, notice, stage, side }), `theme`
 * dressDocument's, `spawn` (optional) makes the Worker and `from` says where its script comes
 * from. Resolves { app } once the runtime has built the scene, or { reason } if it could not
 * start; then a transferred canvas is replaced by a fresh one (it cannot be drawn on here) and
 * nothing of this run is left.
 */
export async function startEmbedWorker({ settings, theme, wasm, search = '', spawn, from, dom, guest = true, inThread = false, problems = [] }) {
  const full = !settings.embed; // the full page on its own keeps running off-screen
  spawn ??= spawnPageWorker;
  from ??= PAGE_WORKER_FROM;
  if (inThread) spawn = () => startInThread({ labs: loadLabs }); // the same runtime, here
  let module;
  try {
    module = await compileEngine(wasm, settings);
  } catch (e) {
    return { reason: `the engine did not compile (${e.message})` };
  }
  let worker;
  try {
    worker = spawn();
  } catch (e) {
    return { reason: `the Worker could not start (${e.name}: ${e.message}; it comes from ${from})` };
  }
  const { canvas } = dom;
  const focus = embedFocus(settings);
  const size = canvasSize(canvas);
  const view = fitView(createView(), size.css[0], size.css[1], ...WORLD_SIZE, focus);
  let resolved = 'light';
  let started = false;
  const post = (msg) => worker.postMessage(msg);
  theme.watch((t) => { resolved = t; if (started) post({ type: 'theme', theme: t }); });

  const first = new Promise((resolve) => {
    worker.onerror = (e) => {
      e.preventDefault?.();
      resolve(`the Worker failed to load${e.message ? ` (${e.message})` : ''}; it comes from ${from}`);
    };
    worker.onmessage = ({ data }) => {
      if (checkMessage(TO_HOST, data) !== null) return; // not a message of the protocol: dropped
      if (data.type === 'ready') resolve(null);
      else if (data.type === 'error') resolve(`the Worker stopped before it ran (${data.message})`);
    };
  });
  try {
    const offscreen = inThread ? canvas : canvas.transferControlToOffscreen();
    worker.postMessage({
      type: 'init', canvas: offscreen, module, settings, theme: resolved, transparent: settings.background === 'transparent',
      paused: settings.paused, size, focus,
      // the lab host: a page that loaded the lab scenes can switch to one (page-labs.mjs)
      lab: labsLoaded(), search,
      ring: true, // the hover ring of the main-thread page and embed
      page: true, // the replay recorder and the dashboard's samples
      ...(settings.own ? { own: settings.own } : {}), // ?scene=<path>: your own scene (own-scene.mjs)
      ...(inThread ? { statsEvery: 100 } : {}), // the dashboard's text as often as the main-thread page had it
    }, inThread ? [] : [offscreen]);
  } catch (e) {
    worker.terminate();
    canvas.replaceWith(canvas.cloneNode(false));
    return { reason: `the canvas could not be handed to the Worker (${e.name}: ${e.message})` };
  }
  started = true;
  const failed = await first;
  if (failed) {
    worker.terminate();
    if (!inThread) canvas.replaceWith(canvas.cloneNode(false)); // this one belongs to the dead Worker
    return { reason: failed };
  }
  const { app, shown } = wire({ settings, theme, worker, post, view, dom, full, guest, problems });
  await shown; // the page is ready once its controls are there (the full page)
  return { app };
}


/** The running page: this thread's half (DOM, input, visibility, size) and window.silkApp; the
 *  page's own DOM (controls, dashboard, lab panel, the calls) is page-worker-host.mjs's. */
function wire({ settings, theme, worker, post, view, dom, full, guest, problems }) {
  const here = worker.thread === 'main'; // the runtime on this thread (startInThread): its answers come at once
  const { canvas, overlay, pause, notice } = dom;
  const cleanups = [];
  const listen = (target, type, fn, options) => {
    target.addEventListener(type, fn, options);
    cleanups.push(() => target.removeEventListener(type, fn, options));
  };
  // the latest stats the Worker posted (its counters, a copy of its diagnostics)
  let last = { framesRendered: 0, physicsSteps: 0, running: false, dragging: false, measuredHz: 0, diag: null };
  const dropped = []; // reasons for messages dropped or refused, the last few (for a debugger)
  const drop = (reason) => { if (dropped.push(reason) > 16) dropped.shift(); };

  // a lab scene's bar and panel (hidden in an embed), here; the scene runs in the Worker
  const labBar = createLabBar({
    dom: { stage: dom.stage, side: dom.side, flags: document.body },
    set: (name, value) => post({ type: 'lab-set', name, value }),
    act: (name) => post({ type: 'lab-act', name }),
    rebuild: () => post({ type: 'reset' }),
    embed: settings.embed,
  });

  /** silkApp.stats(): fresh from a runtime on this thread (it posts its stats before it answers). */
  const stats = () => {
    if (here) now('stats');
    return page.stats({ thread: here ? 'main' : 'worker', offscreen: host.offscreen, problems: [...problems] });
  };


  const caller = createCaller(post); // silkApp's calls that need the world (page-worker-host.mjs)
  /** A call answered now (the runtime on this thread), or null if it cannot be (asked while a
   *  message is delivered: the last posted state serves then). */
  const now = (name, ...args) => { try { return caller.callNow(name, ...args); } catch (e) { if (/no answer on this thread/.test(e.message)) return undefined; throw e; } };
  // on this thread every call answers at once, as silkApp's calls always did here; a Worker's: promises
  const call = here ? caller.callNow : caller.call;
  const readouts = () => {
    const r = here ? now('labReadouts') : undefined;
    return r === undefined ? labBar.readouts() : r;
  };
  worker.onmessage = ({ data }) => receive(data);
  const receive = createHostReceiver(caller, { // a call's reply settles its promise (a late one: ignored)
    stats(st) { last = st; if (st.own) ownReport(st.own); page.onStats(last); },
    // a snapshot posted before a scene switch reached the Worker belongs to the old scene
    lab(m) { if (m.readouts?.scene === settings.scene) labBar.show(m); },
    hitmap: (m) => host.hits.update(m), // where a touch grabs (kit/hitmap.mjs)
    stopped(message) {
      problems.push(`Silk stopped: ${message}`);
      console.error(`Silk stopped: ${message}`);
    },
    dropped: drop, // not a message of the protocol, or a refusal of one sent from here: the run goes on
  });
  worker.onerror = (e) => { problems.push(`Silk stopped: ${e.message}`); };

  // size, visibility, pointer, hover, pause and keys: kit/host.mjs, as the element's. The full
  // page on its own keeps running while its dashboard is scrolled to (only a hidden tab stops
  // it); in an iframe, a guest, it waits off-screen like an embed.
  const host = wireHost({
    canvas, view, post, listen, overlay, pauseButton: pause, hover: true,
    focus: () => embedFocus(settings), keepRunning: full && !guest,
    onPaused(paused) {
      settings.paused = paused;
      page?.syncPaused(paused); // the controls' button, and the plain readout says "paused" at once
    },
  });
  cleanups.push(host.disconnect);
  const { setPaused, step, reset, refit } = host;
  /** Your own scene's report: its view box to the pointer's fit, its problem to the notice. */
  const ownReport = (o) => {
    // the canvas is named for the scene that runs, as the element's is (not the setting it replaced)
    const label = canvasLabel(o.name);
    if (canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
    if (JSON.stringify(o.view) !== JSON.stringify(settings.ownView ?? null)) { settings.ownView = o.view; refit(); }
    if (o.problem && !problems.includes(o.problem)) {
      problems.push(o.problem);
      notice.querySelector('.text').replaceChildren(Object.assign(document.createElement('p'), { textContent: o.problem }));
      notice.hidden = false;
    }
  };
  listen(notice.querySelector('button'), 'click', () => { notice.hidden = true; });
  const page = wirePage({ // (it also gives the canvas its scene's look and name)
    settings, theme, post, call, readouts, canvas, labBar, last: () => last, stats,
    setPaused, step, reset, refit,
  });
  setPaused(settings.paused);
  host.active();

  const app = {
    /** The live world on this thread (?worker=0, a fallback), or null: it is in the Worker. */
    get world() { return here ? worker.served.run()?.world ?? null : null; },
    get silk() { return here ? worker.served.run()?.silk ?? null : null; },
    get options() { return Object.freeze({ ...settings }); },
    stats,
    reset,
    singleStep: step,
    /** World px -> viewport (client) CSS px: where to point to touch a particle. */
    worldToClient(x, y) {
      const r = canvas.getBoundingClientRect();
      const [cx, cy] = viewToCanvas(view, x, y);
      return [r.left + cx, r.top + cy];
    },
    /** The lab scene's readouts: now on this thread; from a Worker, as it last posted them (at
     *  most about 400 ms old). */
    get lab() { return readouts(); },
    /** A lab setting: checked here (TypeError / RangeError: nothing changes), applied by the runtime. */
    labSet(name, value) {
      const r = readouts();
      if (!r) throw new RangeError('lab settings exist only on a lab scene');
      if (typeof name !== 'string') throw new TypeError(`name must be a string, got ${typeof name}`);
      if (!Object.hasOwn(r.settings, name)) throw new RangeError(`unknown lab setting ${JSON.stringify(name)} (${Object.keys(r.settings).join(', ')})`);
      post({ type: 'lab-set', name, value: getScene(r.scene).check(name, value) });
    },
    destroy() {
      for (const f of cleanups) f();
      worker.terminate();
    },
    // set() and the calls that need the world (promises): page-worker-host.mjs
    set: page.set,
    ...page.app,
  };
  return { app, shown: page.shown };
}
