// silk-demo-worker.mjs -- the Worker of <silk-demo worker>: the world, its loop and its drawing,
// off the host page's main thread, on the OffscreenCanvas the element transferred.
//
// Why: on a phone the main thread is shared with the whole blog post. Measured
// (docs/notes/2026-12-page-on-a-phone.md), the element's drawing and physics move here and the main thread
// keeps only input forwarding and a status line: 2.7 -> ~1 ms of main-thread CPU per 1/60 s on
// the throttled phone profile. The element (silk-demo.mjs) owns the DOM, the attributes, the
// theme, visibility and the pointer's hit point in world px; this file owns everything that
// touches the world. Nothing here reads the DOM.
//
// Messages in (from silk-demo.mjs), one object each, `type` first:
//   init    { canvas (OffscreenCanvas, transferred), module (the page's compiled WebAssembly.Module),
//             settings (parseParams's), transparent, paused, size: { dev: [w, h], css: [w, h] },
//             focus (optional: { x, y, w, h } world px, renderer.setFocus; the page's ?embed=1) }
//   focus   { focus }                        the box a frame of another shape is filled with, or null
//   size    { dev: [w, h], css: [w, h] }     the element's box changed
//   active  { active }                       on screen and the tab visible (else the loop waits)
//   pause   { paused }                       the play / pause button
//   step                                     one 1/60 s step, paused (the '.' key)
//   reset                                    rebuild the scene
//   down    { x, y, radius }                 a press, world px (grab the nearest particle)
//   move    { xs, ys }                       the samples of one pointermove, world px
//   up                                       the release
// Messages that arrive while the engine is still loading are kept and handled, in order, once
// it runs (the element posts its first size, pause and visibility right after init).
//   lab-set { name, value }, lab-act { name }  a lab scene's bar (lab-host.mjs createLabBar)
// A lab scene (init's `lab` true; `search` holds its parameters) runs here too, on the lab host
// of lab-worker-host.mjs (loaded only for a lab scene): its pointer tool sees a press first.
// Messages out: ready; stats { stats } at most every STATS_EVERY ms and on each change of
// state, never per frame (posting every frame halved the worker's frame rate in the bench);
// lab { build, full, readouts } (a lab scene's readouts, at most 4 a second); error { message }.
import { loadSilk } from '../lib/silk.mjs';
import { createLoop, browserClock } from '../kit/loop.mjs';
import { createRenderer } from '../kit/render.mjs';
import { createSession, NO_LAB } from '../kit/session.mjs';
import { getScene } from '../kit/scenes.mjs';

const STATS_EVERY = 250; // ms

let demo = null;
// Messages that arrive while start() awaits (the wasm instance; a lab scene's modules, which
// take a while to load): handled in order once the demo exists, so no `active` or `size` is lost.
let early = [];

self.onmessage = (m) => {
  const msg = m.data;
  if (msg.type === 'init') {
    start(msg).catch((e) => self.postMessage({ type: 'error', message: e.message }));
  } else if (demo) {
    demo.handle(msg);
  } else {
    early.push(msg);
  }
};

async function start({ canvas, module, settings, theme, transparent, paused, size, focus = null, lab: isLab = false, search = '' }) {
  // the lab scenes register themselves with lab-core.mjs: loaded before the scene is looked up
  const labs = isLab ? await import('../labs/lab-worker-host.mjs') : null;
  const silk = await loadSilk({ wasm: module });
  const world = silk.createWorld({
    seed: settings.seed, step: settings.step, loopMode: settings.loopMode, solver: settings.solver,
  });
  const renderer = createRenderer(canvas, world, { transparent, observe: false });
  renderer.fit(size.dev[0], size.dev[1], size.css[0], size.css[1]);
  renderer.setTheme(theme ?? 'light');
  renderer.setFocus(focus);
  const lab = labs ? labs.createWorkerLabHost({
    silk, world, search, appSettings: () => settings, rebuild: () => session.rebuild(), now: () => performance.now(),
    post: (m) => self.postMessage({ type: 'lab', ...m }),
  }) : NO_LAB;
  const session = createSession({ world, scene: getScene(settings.scene), settings, renderer, paused, lab });
  const { counters, drag } = session; // the element's pointer messages feed the session's drag queue
  let lastStats = -Infinity;

  const stats = (now) => {
    lastStats = now;
    const d = world.diagnostics();
    self.postMessage({
      type: 'stats',
      stats: {
        framesRendered: counters.framesRendered, physicsSteps: counters.physicsSteps,
        paused: session.paused, running: loop.running, dragging: world.draggedParticle >= 0,
        measuredHz: loop.measuredHz, relaxPasses: world.step, strainP97: d.strainP97,
        // the raw diagnostics (DIAG layout) for a host's readout line (the page's embed)
        diag: world.diagnosticsView.slice(), stepsThisFrame,
      },
    });
  };

  let stepsThisFrame = 0;
  const onFrame = (info) => {
    const steps = counters.physicsSteps;
    session.frame(info);
    stepsThisFrame = counters.physicsSteps - steps;
    const now = performance.now();
    if (now - lastStats >= STATS_EVERY) stats(now);
  };
  // no document and no element here: the element reports visibility (`active`)
  const loop = createLoop({ onFrame, clock: browserClock(self), doc: null });
  loop.rate = settings.simulatedHz;

  const handlers = {
    size: ({ dev, css }) => renderer.fit(dev[0], dev[1], css[0], css[1]),
    active: ({ active }) => { if (active) loop.start(); else loop.stop(); stats(performance.now()); },
    pause: ({ paused: p }) => { session.setPaused(p); stats(performance.now()); },
    step: () => session.singleStep(),
    reset: () => session.rebuild(),
    theme: ({ theme: t }) => renderer.setTheme(t),
    focus: ({ focus: box }) => renderer.setFocus(box),
    // a lab scene's pointer tool (rope's cut, coupling's drag of both worlds) sees a press first
    down: ({ x, y, radius }) => { if (lab !== NO_LAB && lab.pointerDown(x, y, radius)) return; if (drag.begin(x, y, radius)) stats(performance.now()); },
    move: ({ xs, ys }) => {
      if (lab.holding) lab.pointerMove(xs, ys);
      else if (drag.state.pointerId >= 0) for (let k = 0; k < xs.length; k++) drag.queue(xs[k], ys[k]);
    },
    up: () => { if (lab.holding) lab.pointerUp(); else if (drag.state.pointerId >= 0) drag.end(); },
    'lab-set': ({ name, value }) => lab.set(name, value),
    'lab-act': ({ name }) => lab.act(name),
  };
  demo = {
    handle(msg) {
      try {
        handlers[msg.type]?.(msg);
      } catch (e) {
        self.postMessage({ type: 'error', message: e.message });
      }
    },
  };
  session.rebuild();
  for (const msg of early) demo.handle(msg);
  early = null;
  self.postMessage({ type: 'ready' });
  stats(performance.now());
}
