// worker-demo.mjs -- one scene running in a Worker on a transferred OffscreenCanvas: the world,
// its loop, its drawing, the pointer's drag and a lab scene's host, driven by messages from the
// thread that owns the DOM. Two Workers are made of it: the <silk-demo> element's and the
// embed's (silk-demo-worker.mjs), and the full page's (page/page-worker.mjs), which adds what
// only the page has (its settings, the replay recorder, the hover ring, the dashboard's
// samples, the silent runs) through `extend`. Nothing here reads the DOM.
//
// Messages in, one object each, `type` first:
//   init    { canvas (OffscreenCanvas, transferred), module (the page's compiled WebAssembly.Module),
//             settings (parseParams's), transparent, paused, size: { dev: [w, h], css: [w, h] },
//             focus (optional: { x, y, w, h } world px, renderer.setFocus; the page's ?embed=1),
//             lab (load the lab host), search (the lab scenes' URL parameters), ring (draw the
//             hover ring, as the page and its embed do; the element does not) }
//   focus   { focus }                        the box a frame of another shape is filled with, or null
//   size    { dev: [w, h], css: [w, h] }     the canvas's box changed
//   active  { active }                       on screen and the tab visible (else the loop waits)
//   pause   { paused }                       the play / pause button
//   step                                     one 1/60 s step, paused (the '.' key)
//   reset                                    rebuild the scene
//   theme   { theme }                        'light' | 'dark'
//   down    { x, y, radius }                 a press, world px (grab the nearest particle)
//   move    { xs, ys }                       the samples of one pointermove, world px
//   up                                       the release
//   hover   { at: { x, y } | null }          a hovering mouse, world px: the ring (highlightPoint)
//   lab-set { name, value }, lab-act { name }  a lab scene's bar (lab-host.mjs createLabBar)
// Messages that arrive while the engine is still loading are kept and handled, in order, once
// it runs (the owner posts its first size, pause and visibility right after init).
// A lab scene runs here too, on the lab host of lab-worker-host.mjs (loaded only when init's
// `lab` is true): its pointer tool sees a press first.
// Messages out: ready; stats { stats } at most every STATS_EVERY ms and on each change of
// state, never per frame (posting every frame halved the Worker's frame rate in the bench);
// lab { build, full, readouts } (a lab scene's readouts, at most 4 a second); error { message }.
import { loadSilk } from '../lib/silk.mjs';
import { createLoop, browserClock } from '../kit/loop.mjs';
import { createRenderer } from '../kit/render.mjs';
import { createSession, NO_LAB } from '../kit/session.mjs';
import { getScene } from '../kit/scenes.mjs';
import { highlightPoint } from '../kit/input.mjs';

const STATS_EVERY = 250; // ms

/**
 * Installs the Worker's message handler: `init` starts the demo (with `extend`, see
 * runWorkerDemo), every other message goes to it, queued until it runs.
 */
export function serveWorkerDemo(extend = null) {
  let demo = null;
  // Messages that arrive while the demo starts (the wasm instance; a lab scene's modules, which
  // take a while to load): handled in order once it exists, so no `active` or `size` is lost.
  let early = [];
  self.onmessage = (m) => {
    const msg = m.data;
    if (msg.type === 'init') {
      runWorkerDemo(msg, extend).then((d) => {
        demo = d;
        for (const e of early) demo.handle(e);
        early = null;
        self.postMessage({ type: 'ready' });
        demo.stats();
      }).catch((e) => self.postMessage({ type: 'error', message: e.message }));
    } else if (demo) {
      demo.handle(msg);
    } else {
      early.push(msg);
    }
  };
}

/**
 * Builds the demo from init's message and returns { handle(msg), stats() }. extend(ctx), if
 * given, adds to it: ctx is { silk, world, settings, renderer, lab, post(msg), session(),
 * loop(), stats() (posts stats now) }; it returns { hooks (createSession's), handlers(base) ->
 * more or replaced message handlers, stats() -> more stats fields }.
 */
export async function runWorkerDemo({ canvas, module, settings, theme, transparent, paused, size, focus = null, lab: isLab = false, search = '', ring: withRing = false }, extend = null) {
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
  const post = (m) => self.postMessage(m);
  const lab = labs ? labs.createWorkerLabHost({
    silk, world, search, appSettings: () => settings, rebuild: () => session.rebuild(), now: () => performance.now(),
    post: (m) => post({ type: 'lab', ...m }),
  }) : NO_LAB;
  const ext = extend?.({
    silk, world, settings, renderer, lab, post, session: () => session, loop: () => loop, stats: () => stats(performance.now()),
  }) ?? {};
  // the hover ring: the dragged particle, or the one under a hovering mouse (the page's embed)
  const ringAt = { x: 0, y: 0 };
  let hover = null;
  let hoverMoved = false;
  const ring = {
    redrawIf() { const moved = hoverMoved; hoverMoved = false; return moved; },
    highlight: () => highlightPoint(world, hover, session.counters.alpha, ringAt),
  };
  const session = createSession({ world, scene: getScene(settings.scene), settings, renderer, paused, lab, ...(withRing ? ring : {}), ...ext.hooks });
  const { counters, drag } = session; // the owner's pointer messages feed the session's drag queue
  let lastStats = -Infinity;

  const stats = (now) => {
    lastStats = now;
    const d = world.diagnostics();
    post({
      type: 'stats',
      stats: {
        framesRendered: counters.framesRendered, physicsSteps: counters.physicsSteps,
        paused: session.paused, running: loop.running, dragging: world.draggedParticle >= 0,
        measuredHz: loop.measuredHz, relaxPasses: world.step, strainP97: d.strainP97,
        // the raw diagnostics (DIAG layout) for a host's readout line (the page's embed)
        diag: world.diagnosticsView.slice(), stepsThisFrame: counters.stepsThisFrame,
        ...ext.stats?.(),
      },
    });
  };

  const onFrame = (info) => {
    session.frame(info);
    const now = performance.now();
    if (now - lastStats >= STATS_EVERY) stats(now);
  };
  // no document and no element here: the owner reports visibility (`active`)
  const loop = createLoop({ onFrame, clock: browserClock(self), doc: null });
  loop.rate = settings.simulatedHz;

  const base = {
    size: ({ dev, css }) => renderer.fit(dev[0], dev[1], css[0], css[1]),
    active: ({ active }) => { if (active) loop.start(); else loop.stop(); stats(performance.now()); },
    pause: ({ paused: p }) => { session.setPaused(p); stats(performance.now()); },
    step: () => { session.singleStep(); stats(performance.now()); },
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
    hover: ({ at }) => { hover = at ?? null; hoverMoved = true; },
    'lab-set': ({ name, value }) => lab.set(name, value),
    'lab-act': ({ name }) => lab.act(name),
  };
  const handlers = { ...base, ...ext.handlers?.(base) };
  session.rebuild();
  return {
    handle(msg) {
      try {
        handlers[msg.type]?.(msg);
      } catch (e) {
        post({ type: 'error', message: e.message, name: e.name, ...(msg.id !== undefined ? { id: msg.id } : {}) });
      }
    },
    stats: () => stats(performance.now()),
  };
}
