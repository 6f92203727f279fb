// runtime.mjs -- the one runtime of every Silk host: one scene in one world, its loop, its
// drawing, the pointer's drag, the settings, pause, single step, the stats, the replay
// recorder, the dashboard's samples, the silent runs and a lab scene's host, driven by the
// messages of protocol.mjs. It runs in a Worker on a transferred OffscreenCanvas (the page's
// page-worker.mjs, the element's silk-demo-worker.mjs: the default), or on the main thread on
// the page's own canvas behind createInThreadChannel (?worker=0, worker="off", every
// fallback): the same code, the same messages. Nothing here reads the DOM; the host
// (host.mjs) owns the DOM, visibility, the canvas's size and the pointer's hit point.
//
// Messages in: protocol.mjs TO_RUNTIME, each checked there before it is read. init starts the
// run; messages that arrive while it starts (the wasm instance, a lab scene's modules) are
// kept and handled in order once it runs. A message that is not one (null, an unknown type, a
// call that is not in CALLS, a field of the wrong shape) is answered with `rejected { reason }`
// (or `error { id }` for a call with an id) and changes nothing. A set, lab-set or lab-act
// whose value is refused (TypeError / RangeError) changes nothing either: every check runs
// before the first change (checkSetting, settingRefusal).
// Messages out: protocol.mjs TO_HOST: ready; stats { stats } at most every STATS_EVERY ms and
// on each change of state, never per frame (posting every frame halved the Worker's frame rate
// in the bench); lab { build, full, readouts } (lab-worker-host.mjs); result / error for calls;
// rejected; error { message } when the run stops.
//
// The lab scenes are the labs/ layer's (kit imports only lib and kit): the entry that starts
// the runtime passes a loader of lab-worker-host.mjs as options.labs, called when init asks.
import { loadSilk, loadSilentRuns, DIAG, VERDICTS, HEALTHS } from '../lib/silk-base.mjs';
import { createLoop, browserClock } from './loop.mjs';
import { createRenderer } from './render.mjs';
import { createSession, NO_LAB } from './session.mjs';
import { getScene, sceneNames } from './scenes.mjs';
import { highlightPoint } from './input.mjs';
import { checkSetting } from './params.mjs';
import { TO_RUNTIME, checkMessage, messageId, createInThreadChannel } from './protocol.mjs';
import { createOverrides, applyWorldSetting, settingRefusal } from './page-world.mjs';
import { createHitSender } from './hitmap.mjs';
import { createRestWatch, restEnabled, wakes } from './rest.mjs';
import { createForeignWatch } from './own-scene-host.mjs';
import { startsLite, createUpgradeGate } from './lite.mjs';

const STATS_EVERY = 250; // ms
const MAX_EARLY = 1024; // messages kept while the run starts (a flood beyond is refused)
const MAX_SAMPLES = 256; // dashboard samples kept between two stats (~4 s at 60 Hz)
const SAMPLE = 4; // t s (epoch), strain p97, error p99, bounding radius

/**
 * Serves the runtime on `port` ({ postMessage, onmessage }: a Worker's `self`, or
 * createInThreadChannel().runtime). options: { labs (a loader of lab-worker-host.mjs), clock
 * (loop.mjs's; the browser's by default), loadSilk({ wasm }) (an instance from elsewhere: the
 * element's pool), release(silk) (given the instance back at close), fullWasm (what an upgrade
 * from silk-lite.wasm loads, as loadSilk's options.wasm: silk.wasm by default, kit/lite.mjs) }. Returns { receive(data)
 * (what port.onmessage calls), run() (the running runtime, or null), close() }.
 */
export function serveRuntime(port, options = {}) {
  const post = (m, transfer) => port.postMessage(m, transfer);
  let run = null;
  let starting = false;
  let closed = false;
  let early = [];
  // a run on silk-lite.wasm moves to silk.wasm before a message that needs it (lite.mjs)
  const gate = createUpgradeGate({
    run: () => run, apply: (m) => run?.handle(m), fail: (reason) => post({ type: 'rejected', reason }),
    source: options.fullWasm, // silk.wasm from elsewhere (tests); by default silk-wasm.mjs's
  });

  function refuse(data, reason) {
    const id = messageId(data);
    if (id !== undefined && data.type === 'call') post({ type: 'error', id, name: 'RangeError', message: reason });
    else post({ type: 'rejected', reason, ...(id !== undefined ? { id } : {}) });
  }

  function receive(data) {
    const wrong = checkMessage(TO_RUNTIME, data);
    if (wrong !== null) return refuse(data, wrong);
    if (data.type === 'init') {
      if (starting || run) return refuse(data, 'init: the runtime has started already');
      starting = true;
      startRuntime(data, post, options).then((r) => {
        if (closed) { options.release?.(r.destroy()); return; }
        run = r;
        const queued = early;
        early = null;
        for (const m of queued) if (!gate.take(m)) run.handle(m);
        post({ type: 'ready' });
        run.stats();
      }).catch((e) => post({ type: 'error', message: e?.message ?? String(e) }));
    } else if (run) {
      if (!gate.take(data)) run.handle(data);
    } else if (early.length < MAX_EARLY) {
      early.push(data);
    } else {
      refuse(data, `${data.type}: the runtime is still starting and holds ${MAX_EARLY} messages already`);
    }
    return undefined;
  }

  port.onmessage = (e) => receive(e?.data);
  return {
    receive,
    run: () => run,
    /** Stops and frees the run (main thread; options.release(silk) gets its instance back). A
     *  run still starting is freed as soon as it has started. */
    close() {
      port.onmessage = null;
      closed = true;
      if (run) options.release?.(run.destroy());
      run = null;
    },
  };
}

/**
 * The runtime on this thread, in a Worker's shape ({ postMessage(m, transfer), onmessage,
 * onerror, terminate() }) so a host starts it as it starts a Worker: ?worker=0, worker="off"
 * and every fallback. options are serveRuntime's. `served` is serveRuntime's answer: the host
 * on this thread reads its world (silkApp.world, element.world) through served.run().
 */
export function startInThread(options = {}) {
  const { host, runtime } = createInThreadChannel();
  const served = serveRuntime(runtime, options);
  return {
    served,
    thread: 'main',
    postMessage: (m) => host.postMessage(m), // nothing to transfer: the canvas stays here
    set onmessage(f) { host.onmessage = f; },
    get onmessage() { return host.onmessage; },
    onerror: null, // an exception here is this thread's own, not a Worker's load error
    terminate() {
      served.close();
      host.close();
    },
  };
}

/**
 * Builds the run from init's message (protocol.mjs TO_RUNTIME.init): { canvas, module,
 * settings (parseParams's), theme, transparent, paused, size, focus, lab (load the lab host),
 * search (the lab scenes' URL parameters), ring (the hover ring), page (the replay recorder and
 * the dashboard's samples: the full page and its embeds), statsEvery (ms between stats posted
 * from the frames; STATS_EVERY by default) }. Returns { handle(msg), stats(),
 * world, silk }.
 */
async function startRuntime(init, post, options) {
  const { canvas, module, theme, transparent, paused, size, focus = null, search = '' } = init;
  const settings = { ...init.settings };
  // the lab scenes register themselves with lab-core.mjs: loaded before the scene is looked up
  const labs = init.lab && options.labs ? await options.labs() : null;
  const silk = await (options.loadSilk ?? loadSilk)({ wasm: module });
  // handed silk-lite.wasm (or a pooled instance of it) for a scene that needs more: lite.mjs
  if (silk.module === 'compat' && !startsLite(settings, init.own)) await silk.upgrade(options.fullWasm);
  // the host's own scene (init.own: <silk-demo src>, ?embed=1&scene=<path>): own-scene.mjs
  // own-scene.mjs (the loader) is fetched only for a host's own scene (issue 26 item 3)
  const ownScene = init.own ? await import('./own-scene.mjs') : null;
  const own = ownScene ? await ownScene.loadOwnScene(init.own, { silk, settings, ...(options.ownLoaders ?? ownScene.browserLoaders) }) : null;
  const scene0 = own ?? getScene(String(settings.scene));
  const world = silk.createWorld({
    seed: settings.seed, step: settings.step, loopMode: settings.loopMode, solver: settings.solver,
  });
  const renderer = createRenderer(canvas, world, { transparent, observe: false });
  renderer.fit(size.dev[0], size.dev[1], size.css[0], size.css[1]);
  renderer.setTheme(theme);
  renderer.setFocus(focus);
  const now = () => performance.now();
  let session = null;
  let loop = null;
  const lab = labs ? labs.createWorkerLabHost({
    silk, world, search, appSettings: () => settings, rebuild: () => session.rebuild(), now,
    post: (m) => post({ type: 'lab', ...m }),
  }) : NO_LAB;
  const overrides = createOverrides(world, settings);
  const foreign = createForeignWatch(world); // element.world changed the world: draw what is there
  // the recorder is the page's and its embeds' only: the element never fetches it (issue 26 item 3)
  const replay = init.page ? (await import('./replay.mjs')).createReplay(world) : null;
  // where a touch grabs, for the host's touchstart (hitmap.mjs): a tool that takes any press takes every touch
  const hits = createHitSender(world, post, {
    anywhere: () => lab.takesAnyPress === true || session?.scene?.takesAnyPress === true,
  });
  let runs = null; // the silent runs, made at their first call
  let upgradeMs = null; // how long the move to silk.wasm took (lite.mjs), once it has happened
  let builds = 0;
  let seq = 0; // the host's sets applied so far (its settings wait for this to catch up)
  let lastStats = -Infinity;
  // a Worker posts its stats at most every STATS_EVERY ms (posting per frame halved its frame
  // rate); on the main thread a message costs nothing to copy, and the dashboard reads it sooner
  const statsEvery = Math.max(16, init.statsEvery ?? STATS_EVERY);

  // the dashboard's samples since the last stats, SAMPLE numbers each: no allocation per frame
  const samples = init.page ? new Float64Array(MAX_SAMPLES * SAMPLE) : null;
  let sampled = 0;
  function takeSamples() {
    if (!samples) return undefined;
    const out = samples.slice(0, sampled * SAMPLE);
    sampled = 0;
    return out;
  }

  // the hover ring: the dragged particle, or the one under a hovering mouse (the page's)
  const ringAt = { x: 0, y: 0 };
  let hover = null;
  let hoverMoved = false;
  const ring = init.ring ? {
    redrawIf() { const moved = hoverMoved; hoverMoved = false; return moved; },
    highlight: () => highlightPoint(world, hover, session.counters.alpha, ringAt),
  } : {};

  /** A frame of another shape than 8:5 is filled with the scene's content (an embed's rule;
   *  not while a lab scene steps itself). */
  const refocus = () => renderer.setFocus(settings.embed && !lab.stepping ? session.scene.focus ?? null : null);

  session = createSession({
    world, scene: scene0, settings, renderer, paused, lab, now, ...ring,
    adjust: overrides.apply,
    onBuilt() {
      foreign.restore(session);
      world.setWatchdog({ autoRestore: settings.autoRestore === true });
      replay?.sceneBuilt();
    },
    onRebuilt() {
      foreign.built();
      builds++;
      sampled = 0;
      if (init.page) refocus();
      if (session.scene.own) renderer.setFocus(session.scene.focus); // its view box, in any host
      stats();
    },
    onAdvanced: (steps) => replay?.afterSteps(steps),
    onDrawn(d, running, t) {
      if (!samples || !running) return;
      if (sampled === MAX_SAMPLES) { // no stats for a while: the oldest goes
        samples.copyWithin(0, SAMPLE);
        sampled--;
      }
      const k = sampled++ * SAMPLE;
      // t on the epoch's clock: the host puts it on its own (the two timeOrigins differ)
      samples[k] = (performance.timeOrigin + t) / 1000;
      samples[k + 1] = d[DIAG.STRAIN_P97];
      samples[k + 2] = d[DIAG.ERROR_P99];
      samples[k + 3] = d[DIAG.BOUNDING_RADIUS];
    },
  });
  const { counters, drag } = session; // the host's pointer messages feed the session's drag queue

  /** The stats: every field a host's stats() and readouts read, assembled here only. */
  function collectStats() {
    const dv = world.diagnosticsView;
    const d = world.diagnostics();
    return {
      framesRendered: counters.framesRendered, physicsSteps: counters.physicsSteps,
      at: now(), // ms on this thread's clock: a host measures the stepping rate between two (rate.mjs)
      stepsThisFrame: counters.stepsThisFrame, alpha: counters.alpha, droppedSeconds: counters.droppedSeconds,
      physicsMs: counters.physicsMs, renderMs: counters.renderMs,
      paused: session.paused, running: loop.running, dragging: world.draggedParticle >= 0, resting: rest.resting,
      measuredHz: loop.measuredHz, rafCallbacks: loop.rafCount, relaxPasses: world.step, strainP97: d.strainP97,
      // the raw diagnostics (DIAG layout) for a host's readout line and dashboard
      diag: dv.slice(),
      exploded: dv[DIAG.EXPLODED] !== 0 || dv[DIAG.NAN_COUNT] > 0, nanCount: dv[DIAG.NAN_COUNT],
      verdict: VERDICTS[dv[DIAG.VERDICT]], health: HEALTHS[dv[DIAG.HEALTH]], simSeconds: dv[DIAG.SIM_SECONDS],
      stateHash: world.stateHash(),
      replay: replay?.status() ?? null, replaying: replay?.playing ?? false,
      builds, seq, ownsWorld: lab.ownsWorld, samples: takeSamples(),
      own: session.scene.own ? session.scene.info() : null, // the own scene: name, url, view, problem
      settings: { ...settings },
      // 'compat' on silk-lite.wasm, 'full' on silk.wasm, and how long the upgrade took (lite.mjs)
      engine: silk.module, upgradeMs,
    };
  }
  function stats() {
    hits.changed(); // a change of state: the hit map is looked at on the next frame
    if (!loop) return; // the first rebuild, before the loop exists: init's stats follow
    lastStats = now();
    post({ type: 'stats', stats: collectStats() });
  }

  function setPaused(p) {
    session.setPaused(p);
    settings.paused = p;
    stats();
  }

  // ---- set: the one dispatch of a setting ---------------------------------------------------
  const target = {
    world, settings, overrides,
    show: (name) => { session.scene = getScene(name); session.rebuild(); },
    rebuild: () => session.rebuild(),
    setRate: (hz) => { loop.rate = hz; },
  };
  /** set(name, value): every check first (nothing changes when one throws), then the change. */
  function set({ name, value, seq: n }) {
    const v = checkSetting(name, value, sceneNames());
    const refused = settingRefusal(name, v, { ownsWorld: lab.ownsWorld, settings });
    if (refused) throw refused;
    seq = n;
    if (name === 'paused') return setPaused(v);
    if (!applyWorldSetting(target, name, v)) {
      settings[name] = v; // the host's own (theme, readout, embed, background): it draws them
      if (name === 'embed' && init.page) refocus();
    }
    renderer.invalidate();
    return stats();
  }

  // ---- the calls (protocol.mjs CALLS): one handler each, in a Map ---------------------------
  // the silent runs (the page's diagnostics and sweep): the page and its embeds import them at
  // start (their main thread answers a call at once); any other host (the element, which makes
  // none) at the first call, which then answers when the module is there (issue 26 item 3)
  // (the page also hands its Silk out, silkApp.silk, with the library's whole API: stepSweep and
  // ballRun load beside runs.mjs, not after it)
  let runsModule = init.page ? (await Promise.all([import('./runs.mjs'), loadSilentRuns()]))[0] : null;
  const makeRuns = (m) => (runs ??= m.createRuns({
    silk,
    size: () => [world.width, world.height],
    current: () => ({ scene: session.scene, settings, overrides: overrides.values }),
    labSettings: () => lab.readouts()?.settings,
  }));
  const withRuns = (f) => (runsModule ? f(makeRuns(runsModule))
    : import('./runs.mjs').then((m) => { runsModule = m; return f(makeRuns(m)); }));
  const noReplay = () => { throw new RangeError('replay: this host records no replay'); };
  const calls = new Map([
    ['stateHash', () => world.stateHash()],
    ['diagnostics', () => world.diagnostics()],
    ['runDiagnostic', (frames = 300) => withRuns((r) => r.runDiagnostic(frames))],
    ['sweepRow', (step, frames = 120) => withRuns((r) => r.sweepRow(step, frames))],
    ['replayLast', () => {
      if (!replay) return noReplay();
      drag.cancel();
      replay.replayLast();
      if (session.paused) setPaused(false);
      renderer.invalidate();
      return replay.status();
    }],
    ['replayStatus', () => (replay ? replay.status() : noReplay())],
    ['replayDownloads', () => (replay ? replay.downloads.map((b) => b.slice()) : noReplay())],
    ['rafSamples', () => loop.rafSamples()],
    ['refresh', () => {
      world.updateDiagnostics(world.width / 2, world.height / 2);
      return null;
    }],
    ['labReadouts', () => lab.readouts()],
    ['stats', () => null], // the stats are posted before every answer: this one asks for nothing else
  ]);
  function call({ id, name, args = [] }) {
    const value = calls.get(name)(...args); // checkMessage let only CALLS' names through
    if (value instanceof Promise) { // a call whose module loads on demand (the silent runs)
      value.then((v) => { stats(); post({ type: 'result', id, value: v }); },
        (e) => post({ type: 'error', id, name: e?.name ?? 'Error', message: e?.message ?? String(e) }));
      return;
    }
    stats(); // the answer comes after the state it answers about
    post({ type: 'result', id, value });
  }

  let rest = null; // rest.mjs: a still scene stops its loop until a message can change it
  let frameFailed = false;
  const onFrame = (info) => {
    try {
      if (foreign.check(session)) renderer.invalidate();
      if (!session.paused && info.count > 0) session.scene.beforeFrame?.(world, world.diagnosticsView[DIAG.SIM_SECONDS]);
      session.frame(info);
    } catch (e) { // one report and a stopped loop, never one error per frame
      loop.stop();
      if (frameFailed) return;
      frameFailed = true;
      post({ type: 'error', message: `the frame failed: ${e?.name ?? 'Error'}: ${e?.message ?? String(e)}` });
      return;
    }
    const positions = world.positions; // one read a frame, shared by the hit map and rest
    hits.frame(positions);
    rest.afterFrame(counters.stepsThisFrame, positions); // may stop the loop: the stats below say so
    if (rest.resting) hits.check(positions); // the last map before the frames stop is the exact one
    if (!rest.resting && now() - lastStats >= statsEvery) stats();
  };
  // no document and no element here: the host reports visibility (`active`)
  loop = createLoop({ onFrame, clock: options.clock ?? browserClock(globalThis), doc: null });
  loop.rate = settings.simulatedHz;
  rest = createRestWatch({
    world, loop, onChange: () => stats(),
    canRest: () => restEnabled(settings.rest, settings.embed) && session.scene.rests !== false && !session.paused
      && drag.state.pointerId < 0 && world.draggedParticle < 0 && !lab.holding && !replay?.playing,
  });

  // ---- the handlers: one per message type of TO_RUNTIME (init is serveRuntime's) ------------
  const handlers = new Map([
    ['size', ({ dev, css }) => renderer.fit(dev[0], dev[1], css[0], css[1])],
    ['active', ({ active }) => { rest.active(active); stats(); }],
    ['pause', ({ paused: p }) => setPaused(p)],
    ['step', () => { session.singleStep(); settings.paused = true; stats(); }],
    ['reset', () => session.rebuild()],
    ['theme', ({ theme: t }) => renderer.setTheme(t)],
    ['focus', ({ focus: box }) => renderer.setFocus(box)],
    // a lab scene's pointer tool (rope's cut, coupling's drag of both worlds) sees a press first;
    // recorded inputs drive the world during a replay: a press does not grab then
    ['down', ({ x, y, radius }) => {
      if (replay?.playing) return;
      if (lab !== NO_LAB && lab.pointerDown(x, y, radius)) return;
      if (session.scene.pointerDown?.(world, x, y, radius)) return; // an own scene's cut (own-scene.mjs)
      if (drag.begin(x, y, radius)) stats();
    }],
    ['move', ({ xs, ys }) => {
      const n = Math.min(xs.length, ys.length);
      if (lab.holding) lab.pointerMove(xs, ys);
      else if (session.scene.holding) session.scene.pointerMove(world, xs, ys);
      else if (drag.state.pointerId >= 0) {
        for (let k = 0; k < n; k++) if (Number.isFinite(xs[k]) && Number.isFinite(ys[k])) drag.queue(xs[k], ys[k]);
      }
    }],
    ['up', () => { if (lab.holding) lab.pointerUp(); else if (session.scene.holding) session.scene.pointerUp(); else if (drag.state.pointerId >= 0) drag.end(); }],
    ['hover', ({ at }) => { hover = at; hoverMoved = true; }],
    ['set', set],
    ['call', call],
    ['lab-set', ({ name, value }) => {
      if (lab === NO_LAB) throw new RangeError('lab settings exist only on a lab scene');
      lab.set(name, value);
    }],
    ['lab-act', ({ name }) => {
      if (lab === NO_LAB) throw new RangeError('lab actions exist only on a lab scene');
      lab.act(name);
    }],
  ]);
  // a refused value (TypeError / RangeError) is the sender's mistake: answered, the run goes on
  const REFUSABLE = new Set(['set', 'lab-set', 'lab-act']);

  session.rebuild();
  return {
    world,
    silk,
    // around an upgrade to silk.wasm (lite.mjs): the recorder's window cannot move, it hands over
    beforeUpgrade: () => replay?.beforeUpgrade(),
    afterUpgrade: () => replay?.afterUpgrade(),
    upgraded: (ms) => { upgradeMs = ms; },
    /** Stops the loop and frees the world (a Worker is terminated instead; on the main thread
     *  the host calls it through serveRuntime's close()). Returns the silk instance. */
    destroy() {
      loop.destroy();
      renderer.destroy();
      try { lab.unmount(); } catch { /* a half-built lab scene: the world goes anyway */ }
      world.destroy();
      return silk;
    },
    handle(msg) {
      try {
        if (wakes(msg)) rest.wake();
        handlers.get(msg.type)(msg);
      } catch (e) {
        const name = e?.name ?? 'Error';
        const message = e?.message ?? String(e);
        if (msg.type === 'call') post({ type: 'error', id: msg.id, name, message });
        else if (REFUSABLE.has(msg.type) && (e instanceof TypeError || e instanceof RangeError)) {
          post({ type: 'rejected', reason: `${msg.type} ${JSON.stringify(String(msg.name))}: ${message}` });
        } else post({ type: 'error', message, name });
      }
    },
    stats,
  };
}
