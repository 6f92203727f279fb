// page-worker-host.mjs -- the page's own DOM when its world runs in the page's Worker
// (page-worker.mjs; embed-worker.mjs starts it and keeps what every page kind shares: the
// canvas's size, visibility, the pointer, Pause and the keys). This file adds: the control
// panel, the dashboard (its text, plots and the embed's compact line drawn here, at 2.5 Hz in
// idle time, from the diagnostics and plot samples the Worker posts with its stats a few times a
// second), the lab's panel across scene switches, and window.silkApp's set() and the calls
// that need the world (answered by the Worker: they return promises). The full page and its
// embeds share it, as they share app.mjs on the main thread.
import { DIAG } from '../lib/silk-base.mjs';
import { getScene, sceneNames } from '../kit/scenes.mjs';
import { checkSetting } from '../kit/params.mjs';
import { isLight } from '../kit/theme.mjs';
import { canvasLabel } from '../kit/describe.mjs';
import { createDashboard } from './dashboard.mjs';
import { settingRefusal } from '../kit/page-world.mjs';
import { createRateMeter, rateKey } from '../kit/rate.mjs';

/**
 * wire: embed-worker.mjs's half: { settings, theme, post, call (protocol.mjs createCaller's), canvas, labBar, last() (the Worker's
 * last stats), stats() (silkApp.stats), refit() (the pointer's fit, after a change of focus),
 * setPaused, step, reset }. Returns { onStats(stats), set, syncPaused, stats(base), app (silkApp's calls that need the world) }.
 */
export function wirePage(wire) {
  const { settings, theme, post, canvas, labBar, last } = wire;
  const $ = (s) => document.querySelector(s);
  const listeners = [];
  let seq = 0; // sets posted; the Worker's stats say how many it has applied
  let builds = -1;
  let feedMs = 0;
  let resting = false;
  const steps = createRateMeter(); // the measured stepping rate the readouts show (rate.mjs)

  const { call } = wire; // calls answered by the Worker (protocol.mjs createCaller)

  // ---- settings ---------------------------------------------------------------------------------
  const changed = () => { for (const fn of listeners) fn(settings); };
  /** The canvas's look and name for the scene; the old scene's lab panel goes (a lab scene's
   *  comes with the Worker's first readouts of it). */
  function showScene() {
    wire.refit(); // an embed's focus is the scene's
    const scene = getScene(settings.scene);
    canvas.classList.toggle('light-scene', isLight(scene.background));
    canvas.setAttribute('aria-label', canvasLabel(scene.name));
    if (labBar.readouts()?.scene !== scene.name) labBar.hide();
  }

  /** silkApp.set: checked here (TypeError / RangeError, as on the main thread), applied there. */
  function set(name, value) {
    const v = checkSetting(name, value, sceneNames());
    const refused = settingRefusal(name, v, { ownsWorld: last().ownsWorld, settings });
    if (refused) throw refused; // nothing has changed: the Worker never hears of it
    if (name === 'background') return;
    if (name === 'paused') wire.setPaused(v);
    else if (name === 'theme') { settings.theme = v; theme.follow(v); }
    else if (name === 'embed') {
      settings.embed = v;
      document.body.classList.toggle('embed', v);
      document.documentElement.classList.toggle('embed', v);
      dashboard.full = !v;
      if (!v) showControls();
      wire.refit();
    } else if (name === 'readout') {
      settings.readout = v;
      dashboard.readout = v;
    } else {
      settings[name] = v;
    }
    if (name === 'scene') showScene();
    if (name !== 'paused') post({ type: 'set', name, value: v, seq: ++seq });
    changed();
  }

  // the calls, for silkApp and the controls alike
  const app = {
    /** The silent runs (fresh worlds in the Worker; the one on screen is untouched): promises. */
    runDiagnostic: (frames = 300) => call('runDiagnostic', frames),
    sweepRow: (step, frames = 120) => call('sweepRow', step, frames),
    /** Replays the last 10-20 s of recorded inputs; resolves to stats().replay at its start. */
    replayLast: () => call('replayLast'),
    /** The current state hash, from the Worker: a promise of 16 hex digits. */
    stateHash: () => call('stateHash'),
    /** The Worker loop's rAF callback durations (ms), oldest first: a promise (the benchmark). */
    rafSamples: () => call('rafSamples'),
    /** world.diagnostics() of the world in the Worker: a promise. */
    diagnostics: () => call('diagnostics'),
    /** Every readout shows the Worker's current state: resolves once they do (the Worker posts
     *  its stats before it answers). */
    refresh: () => {
      const show = () => { dashboard.refresh(last().diag, stats(), performance.now() / 1000); };
      const answer = call('refresh'); // a promise from a Worker; on this thread the answer itself
      return answer instanceof Promise ? answer.then(show) : show();
    },
  };

  // ---- the dashboard and the controls ---------------------------------------------------------
  const stats = () => wire.stats();
  const dashboard = createDashboard({
    panel: $('#dashboard'), compact: $('#compact'), banner: $('#blowup'), onReset: wire.reset,
    diagnostics: () => last().diag, stats,
  });
  dashboard.full = !settings.embed;
  dashboard.readout = settings.readout;
  // The control panel (controls.mjs) is fetched when the full page shows it: an embed shows only
  // its readout line (issue 26 item 3, bytes), and gets the panel if set('embed', false) asks.
  let controls = null;
  let loadingControls = null;
  function showControls() {
    loadingControls ??= import('./controls.mjs').then(({ createControls }) => {
      controls = createControls(document, controlsApp);
      listeners.push(controls.sync);
      controls.sync(settings);
      controls.syncPaused(settings.paused);
    });
    return loadingControls;
  }
  const controlsApp = {
    get settings() { return settings; },
    set,
    singleStep: wire.step,
    reset: wire.reset,
    runDiagnostic: app.runDiagnostic,
    sweepRow: app.sweepRow,
    replayLast: app.replayLast,
    replayStatus: () => call('replayStatus'),
    replayDownloads: () => call('replayDownloads'),
    sceneList: () => sceneNames().map((n) => getScene(n)),
    currentScene: () => getScene(settings.scene),
  };

  /** The Worker's stats: the page's settings once it has applied every set, the dashboard's feed. */
  function onStats(s) {
    const t0 = performance.now();
    steps.sample(s.physicsSteps, s.at, rateKey(s));
    if (s.seq === seq && s.settings) {
      for (const k of ['friction', 'gravity', 'solver', 'substeps', 'step', 'loopMode']) settings[k] = s.settings[k];
    }
    if (s.builds !== builds) {
      builds = s.builds;
      dashboard.clearHistory();
      changed();
    }
    const origin = performance.timeOrigin / 1000;
    const samples = s.samples ?? new Float64Array(0);
    for (let k = 0; k < samples.length; k += 4) samples[k] -= origin; // the Worker's epoch seconds -> this page's clock
    dashboard.feed(s.diag, samples);
    // at rest no stats follow (kit/rest.mjs): the line says so now, not at a next feed
    if ((s.resting === true) !== resting) {
      resting = s.resting === true;
      dashboard.refresh(s.diag, stats(), performance.now() / 1000);
    }
    feedMs += (performance.now() - t0 - feedMs) * 0.1;
  }

  showScene();
  const shown = settings.embed ? Promise.resolve() : showControls();

  return {
    /** Settles once what this page shows at start is in place (the full page: its controls). */
    shown,
    onStats,
    set,
    /** The pause buttons follow; the embed's plain line says "paused" at once. */
    syncPaused(paused) {
      controls?.syncPaused(paused);
      if (settings.embed && last().diag) dashboard.refresh(last().diag, stats(), performance.now() / 1000);
    },
    /** silkApp.stats(): the runtime's last stats (runtime.mjs assembles them), the settings as
     *  this page holds them, and `host` (thread, offscreen, problems: embed-worker.mjs's). */
    stats(host) {
      const s = last();
      const d = s.diag;
      return {
        ...host,
        framesRendered: s.framesRendered, rafCallbacks: s.rafCallbacks ?? 0, physicsSteps: s.physicsSteps,
        stepsThisFrame: s.stepsThisFrame ?? 0, // in the last frame before the runtime's last stats
        measuredHz: s.measuredHz, running: s.running, dragging: s.dragging, resting: s.resting ?? false,
        stepsPerSecond: steps.rate, // fixed steps per second of real time, measured over the last second
        loopMode: settings.loopMode, simulatedHz: settings.simulatedHz, paused: settings.paused,
        scene: settings.scene, step: settings.step, solver: settings.solver,
        own: s.own ?? null, // ?embed=1&scene=<path>: { name, url, view, problem }, as the element's stats().own
        alpha: s.alpha ?? 0, droppedSeconds: s.droppedSeconds ?? 0,
        exploded: s.exploded ?? false, nanCount: d ? d[DIAG.NAN_COUNT] : 0,
        verdict: s.verdict, health: s.health, replay: s.replay, stateHash: s.stateHash,
        engine: s.engine ?? null, upgradeMs: s.upgradeMs ?? null, // silk-lite.wasm or silk.wasm (kit/lite.mjs)
        physicsMs: s.physicsMs ?? 0, renderMs: s.renderMs ?? 0,
        dashboardMs: feedMs, // this thread's share: feeding the dashboard the runtime's stats
        simSeconds: d ? d[DIAG.SIM_SECONDS] : 0,
        lab: wire.readouts(),
      };
    },
    app,
  };
}
