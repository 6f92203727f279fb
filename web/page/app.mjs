// app.mjs -- starts the page: the full page, ?embed=1 and silk-embed.html. It reads the URL,
// dresses the document (embed class, theme, background), waits for a guest's canvas to come
// near the viewport, and starts the one host (embed-worker.mjs, page-worker-host.mjs) over the
// one runtime (kit/runtime.mjs): in the page's Worker where the browser can hand it the canvas
// (the default), else on this thread behind an in-thread channel (?worker=0, and every fallback,
// whose reason is in stats().problems). Either way the same code runs the world, the settings,
// pause, stats, replay and the silent runs, and the same messages (kit/protocol.mjs) carry them.
//
//   window.silkApp = { world, options, set(name, value), stats(), ... }
// for hosts and tests: the world is null when it lives in the Worker, and the calls that need it
// answer with promises there (values on this thread). Settings have one entry point, set(); the
// controls call it too.
import { DEFAULTS, parseParams } from '../kit/params.mjs';
import { sceneNames } from '../kit/scenes.mjs';
import { whenNear, framed } from '../kit/loop.mjs';
import { watchHostTheme } from '../kit/page-theme.mjs';
import { workerParam, embedWorkerPlan, startEmbedWorker, fallbackProblem } from './embed-worker.mjs';
import { wantsLabs, loadLabHost } from './page-labs.mjs';
import { sceneParam } from '../kit/own-scene-host.mjs';


function $(selector) {
  const e = document.querySelector(selector);
  if (!e) throw new Error(`page markup is missing ${selector}`);
  return e;
}

function showNotice(lines, kind = 'warning') {
  const notice = $('#notice');
  notice.className = `notice ${kind}`;
  notice.querySelector('.text').replaceChildren(...lines.map((l) => Object.assign(document.createElement('p'), { textContent: l })));
  notice.hidden = false;
}

/**
 * Starts the page. options: { wasm (bytes, a compiled module or a URL), search (default
 * location.search), embed (default for ?embed), spawnWorker and workerFrom (silk-embed.html: how
 * its Worker starts, embed-worker.mjs) }.
 */
export async function start(options = {}) {
  const search = options.search ?? location.search;
  if (wantsLabs(search, options.embed)) await loadLabHost(); // registers the lab scenes here
  const settings = readSettings(search, options.embed);
  const theme = dressDocument(settings);

  // A guest (?embed=1, the single file, any page in an iframe) builds nothing until its canvas
  // comes near the viewport, and its loop waits while the canvas is off-screen. The full page on
  // its own keeps running while its dashboard is scrolled to.
  const guest = settings.embed || framed();
  if (guest) await whenNear($('#view'));

  const dom = {
    canvas: $('#view'), overlay: $('#play-overlay'), pause: $('#embed-pause'), compact: $('#compact'),
    banner: $('#blowup'), notice: $('#notice'), stage: $('#stage'), side: $('.right'),
  };
  const host = { settings, theme, wasm: options.wasm, dom, search, guest };
  const plan = embedWorkerPlan(settings);
  let reason = plan.reason;
  let warn = plan.warn;
  if (plan.worker) {
    const run = await startEmbedWorker({
      ...host, ...(options.spawnWorker ? { spawn: options.spawnWorker, from: options.workerFrom } : {}),
    });
    if (run.app) return ready(run.app);
    reason = run.reason;
    warn = true;
  }
  // this thread: the same runtime behind an in-thread channel, saying why
  const problems = [];
  if (reason !== null) {
    problems.push(fallbackProblem(reason));
    if (warn) console.warn(`Silk: ${problems[0]}`);
  }
  const dom2 = { ...dom, canvas: $('#view') }; // a fallback from a Worker left a fresh canvas
  const run = await startEmbedWorker({ ...host, dom: dom2, inThread: true, problems });
  if (!run.app) {
    showNotice([`Silk could not start: ${run.reason}`], 'error');
    throw new Error(run.reason);
  }
  return ready(run.app);
}

function ready(app) {
  globalThis.silkApp = app;
  document.documentElement.dataset.silk = 'ready';
  return app;
}

// ---- settings from the URL, the document's look, the engine ---------------------------------

/** The page's settings from its URL; what the URL got wrong is shown, not thrown. */
function readSettings(search, embed) {
  const own = sceneParam(search, location); // ?scene=<path>: your own scene (own-scene.mjs)
  const { settings, problems } = parseParams(own.search, sceneNames(), {
    ...DEFAULTS,
    embed: embed ?? DEFAULTS.embed,
  });
  const worker = workerParam(search); // ?worker= (embed-worker.mjs)
  settings.worker = worker.on;
  if (worker.problem) problems.push(worker.problem);
  if (own.problem) problems.push({ message: own.problem });
  if (own.own) settings.own = own.own;
  if (problems.length) showNotice(problems.map((p) => p.message));
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  settings.paused = reduced;
  return settings;
}

/** Embed mode, theme and background on the document; returns the theme, which set() changes. */
function dressDocument(settings) {
  document.body.classList.toggle('embed', settings.embed);
  const html = document.documentElement;
  html.classList.toggle('embed', settings.embed); // early.js set it before the first paint
  const listeners = new Set();
  let current = 'light';
  const apply = (t) => {
    current = t;
    html.dataset.theme = t;
    for (const f of listeners) f(t);
  };
  // 'page': a same-origin frame reads the post around its <iframe> (page-theme.mjs)
  let unwatch = watchHostTheme(settings.theme, apply);
  html.dataset.background = settings.background;
  return {
    follow(theme) {
      unwatch();
      unwatch = watchHostTheme(theme, apply);
    },
    /** Calls fn(theme) now and at every change ('light' | 'dark'): the canvas's colours. */
    watch(fn) {
      listeners.add(fn);
      fn(current);
    },
  };
}
