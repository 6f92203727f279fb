// page-worker.mjs -- the full page's Worker (the default where the browser can hand a canvas to
// a Worker; ?worker=0 keeps it all on the main thread, app.mjs). It runs worker-demo.mjs's demo
// (the world, its loop, its drawing, a lab scene's host) and adds what only the page has, each
// kept as on the main thread through page-world.mjs: the settings of the control panel, the
// user's friction and gravity, the watchdog and the replay recorder, the dashboard's per-frame
// samples, and the silent runs (runs.mjs) on fresh worlds.
//
// Why a Worker for a page that is Silk's own: on the phone profile (bench/host.mjs) the page
// drawing and stepping on the main thread cost 1.6 ms per frame above the floor of any canvas
// page; the browser rasterises a main-thread canvas on the main thread. Here the main thread
// keeps the DOM: controls, the dashboard's text and plots, the lab's panel.
//
// Messages in, beside worker-demo.mjs's:
//   set   { name, value }    a setting, already checked on the page (params.mjs checkSetting)
//   call  { id, name, args } stateHash, diagnostics, runDiagnostic, sweepRow, replayLast,
//                            replayStatus, replayDownloads, rafSamples, refresh (stats now,
//                            before the answer): answered by result { id, value } (or error
//                            { id, message })
// Stats out add: the page's stats() fields (replay, stateHash, alpha, timings, ...), `builds`
// (counts rebuilds: the dashboard clears its history), `ownsWorld` and `samples`: the
// dashboard's plot samples since the last stats, a Float64Array of t s (epoch), strain p97,
// error p99, radius, four numbers a sample.
import { DIAG, VERDICTS, HEALTHS } from '../lib/silk.mjs';
import { serveWorkerDemo } from '../element/worker-demo.mjs';
import { getScene } from '../kit/scenes.mjs';
import { createReplay } from './replay.mjs';
import { createLab } from './runs.mjs';
import { SOLVER_SETTINGS, ownedMessage, createOverrides, applyWorldSetting } from './page-world.mjs';

const MAX_SAMPLES = 256; // plot samples kept between two stats (~4 s at 60 Hz)
const SAMPLE = 4; // t s (epoch), strain p97, error p99, bounding radius

serveWorkerDemo(pageExtension);

function pageExtension({ silk, world, settings, renderer, lab, post, session, loop, stats }) {
  const overrides = createOverrides(world, settings);
  const replay = createReplay(world);
  const runs = createLab({
    silk,
    size: () => [world.width, world.height],
    current: () => ({ scene: session().scene, settings, overrides: overrides.values }),
    labSettings: () => lab.readouts()?.settings,
  });
  let builds = 0;
  let seq = 0; // the page's sets applied so far (its settings wait for this to catch up)
  // the dashboard's samples since the last stats, SAMPLE numbers each: no allocation per frame
  const samples = new Float64Array(MAX_SAMPLES * SAMPLE);
  let sampled = 0;

  /** The samples since the last stats (a copy, posted with them); the buffer starts over. */
  function takeSamples() {
    const out = samples.slice(0, sampled * SAMPLE);
    sampled = 0;
    return out;
  }

  const target = {
    world, settings, overrides,
    show: (name) => { session().scene = getScene(name); session().rebuild(); },
    rebuild: () => session().rebuild(),
    setRate: (hz) => { loop().rate = hz; },
  };

  /** An embed of another shape than 8:5 is filled with its scene (app.mjs's rule: not while a
   *  lab scene steps itself). */
  const refocus = () => renderer.setFocus(settings.embed && !lab.stepping ? session().scene.focus ?? null : null);

  /** set(name, value) for what the world has; the page's own settings (theme ...) are the page's. */
  function set({ name, value, seq: n }) {
    seq = n;
    if (lab.ownsWorld && SOLVER_SETTINGS.includes(name)) throw new RangeError(ownedMessage(name));
    if (name === 'embed') { // the page's layout changed: an embed fills a frame of another shape
      settings.embed = value;
      refocus();
    } else if (name === 'readout' || name === 'theme') {
      settings[name] = value;
    } else {
      applyWorldSetting(target, name, value);
    }
    renderer.invalidate();
    stats();
  }

  const calls = {
    stateHash: () => world.stateHash(),
    diagnostics: () => world.diagnostics(),
    runDiagnostic: (frames) => runs.runDiagnostic(frames),
    sweepRow: (step, frames) => runs.sweepRow(step, frames),
    replayLast() {
      session().drag.cancel();
      replay.replayLast();
      if (session().paused) session().setPaused(false);
      renderer.invalidate();
      return replay.status();
    },
    replayStatus: () => replay.status(),
    replayDownloads: () => replay.downloads.map((b) => b.slice()),
    rafSamples: () => loop().rafSamples(),
    /** Every readout current: fresh diagnostics and stats, posted before this call's answer. */
    refresh() {
      world.updateDiagnostics(world.width / 2, world.height / 2);
      stats();
      return null;
    },
  };

  return {
    hooks: {
      adjust: overrides.apply,
      onBuilt() {
        world.setWatchdog({ autoRestore: settings.autoRestore });
        replay.sceneBuilt();
      },
      onRebuilt() {
        builds++;
        sampled = 0;
        refocus();
        stats();
      },
      onAdvanced: (steps) => replay.afterSteps(steps),
      onDrawn(d, running, t) {
        if (!running) return;
        if (sampled === MAX_SAMPLES) { // no stats for a while: the oldest goes
          samples.copyWithin(0, SAMPLE);
          sampled--;
        }
        const k = sampled++ * SAMPLE;
        // t on the epoch's clock: the page puts it on its own (the two timeOrigins differ)
        samples[k] = (performance.timeOrigin + t) / 1000;
        samples[k + 1] = d[DIAG.STRAIN_P97];
        samples[k + 2] = d[DIAG.ERROR_P99];
        samples[k + 3] = d[DIAG.BOUNDING_RADIUS];
      },
    },
    handlers: (base) => ({
      set,
      // recorded inputs drive the world during a replay: a press does not grab then
      down: (m) => { if (!replay.playing) base.down(m); },
      call({ id, name, args = [] }) {
        const fn = calls[name];
        if (!fn) throw new RangeError(`no call ${name}`);
        const value = fn(...args);
        post({ type: 'result', id, value });
        if (name === 'replayLast') stats();
      },
    }),
    stats() {
      const c = session().counters;
      const d = world.diagnosticsView;
      return {
        builds, seq, ownsWorld: lab.ownsWorld, samples: takeSamples(),
        rafCallbacks: loop().rafCount, alpha: c.alpha, droppedSeconds: c.droppedSeconds,
        physicsMs: c.physicsMs, renderMs: c.renderMs,
        exploded: d[DIAG.EXPLODED] !== 0 || d[DIAG.NAN_COUNT] > 0, nanCount: d[DIAG.NAN_COUNT],
        verdict: VERDICTS[d[DIAG.VERDICT]], health: HEALTHS[d[DIAG.HEALTH]],
        replay: replay.status(), replaying: replay.playing, stateHash: world.stateHash(), simSeconds: d[DIAG.SIM_SECONDS],
        settings: { ...settings },
      };
    },
  };
}
