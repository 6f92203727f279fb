// app.mjs -- wires the page together. Data flows one way, once per animation frame:
//
//   loop (clock -> display-frame dts) -> advance (world, pointer samples) -> views
//     (positions, constraints, diagnostics: live typed arrays) -> draw (canvas) -> dashboard
//
// start() reads the URL, loads the wasm engine, builds the scene and exposes
//   window.silkApp = { world, options, set(name, value), stats(), ... }
// for hosts and tests. Settings have one entry point, set(); the controls call it too.
//
// start() assembles the page from parts that each do one thing:
//   readSettings, dressDocument   the URL -> settings (and notices); embed class, theme, background
//   loadEngine                    the wasm module, or a notice that says why it failed
//   createPage                    the objects every part shares: world, canvas, renderer, pointer,
//                                 replay, the lab host and the clock
//   createScenes                  the scene lifecycle: switch, the user's overrides, what a
//                                 rebuild changes on the page
//   createFrames                  what a frame adds on the page: the replay recorder, the hover
//                                 ring, the dashboard (and its blow-up check)
//   createSetter                  set(name, value), what a pause changes, who hears of a change
//   createRun                     the session (kit/session.mjs) with the three parts' hooks: the
//                                 rebuild, frame, pause, single step and keys the element and its
//                                 Worker run too
//   readStats                     stats(): what the dashboard, hosts and tests read
//   wireControls, wireInput       the dashboard and control panel; keys and the page's buttons
//   createFacade                  window.silkApp
// The parts share one object, `page`. They read its fields when they are called, not when they
// are made, because they call one another in a cycle: a rebuild redraws the dashboard, the
// dashboard reads stats(), stats() reads the loop, and the loop calls the frame callback.
import { loadSilk, DIAG, VERDICTS, HEALTHS } from '../lib/silk.mjs';
import { DEFAULTS, checkSetting, parseParams } from '../kit/params.mjs';
import { getScene, sceneNames } from '../kit/scenes.mjs';
import { createLoop, browserClock, whenNear, framed } from '../kit/loop.mjs';
import { createRenderer } from '../kit/render.mjs';
import { createPointer, highlightPoint } from '../kit/input.mjs';
import { createSession } from '../kit/session.mjs';
import { createDashboard } from './dashboard.mjs';
import { createControls } from './controls.mjs';
import { createLab } from './runs.mjs';
import { createReplay } from './replay.mjs';
import { createLabHost } from '../labs/lab-host.mjs';
import { watchTheme, isLight } from '../kit/theme.mjs';
import { canvasLabel } from '../kit/describe.mjs';
import { SOLVER_SETTINGS, ownedMessage, createOverrides, applyWorldSetting } from './page-world.mjs';
import { workerParam, embedWorkerPlan, startEmbedWorker, fallbackProblem } from './embed-worker.mjs';


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
 * Starts the page. options: { wasm (bytes or URL for loadSilk), search (default
 * location.search), embed (default for ?embed), clock (for tests), spawnWorker and workerFrom
 * (silk-embed.html: how its Worker starts, embed-worker.mjs) }.
 */
export async function start(options = {}) {
  const search = options.search ?? location.search;
  const settings = readSettings(search, options.embed);
  const theme = dressDocument(settings);

  // A guest (?embed=1, the single file, any page in an iframe) builds nothing until its canvas
  // comes near the viewport, and its loop waits while the canvas is off-screen (loop.mjs). The
  // full page on its own keeps running while its dashboard is scrolled to.
  const guest = settings.embed || framed();
  if (guest) await whenNear($('#view'));

  // the page, ?embed=1 and silk-embed.html run in a Worker where they can (embed-worker.mjs,
  // page-worker.mjs); else here, saying why
  const problems = await startInWorker(settings, theme, options, guest);
  if (!Array.isArray(problems)) return problems; // the Worker's silkApp

  const silk = await loadEngine(options.wasm);
  const page = createPage(silk, settings, { search, theme, clock: options.clock ?? browserClock() });
  page.problems = problems;
  page.scenes = createScenes(page);
  page.frames = createFrames(page);
  page.setter = createSetter(page);
  page.session = createRun(page);
  page.counters = page.session.counters;
  page.lab = createLab({
    silk,
    size: () => [page.world.width, page.world.height],
    current: () => ({ scene: page.scenes.scene, settings, overrides: page.scenes.overrides }),
    labSettings: () => page.labHost.readouts()?.settings,
  });
  page.loop = createLoop({ onFrame: page.session.frame, clock: page.clock, element: guest ? page.canvas : null });
  page.loop.rate = settings.simulatedHz;
  wireControls(page);
  wireInput(page);

  page.scenes.rebuild();
  if (page.labHost.problems.length) showNotice(page.labHost.problems);
  page.session.setPaused(settings.paused);
  page.setter.changed();
  page.loop.start();

  const app = createFacade(page);
  globalThis.silkApp = app;
  document.documentElement.dataset.silk = 'ready';
  return app;
}

/** The page in a Worker (embed-worker.mjs): its window.silkApp, or the reasons this thread
 *  runs it instead (stats().problems), also said once on the console unless the URL asked. */
async function startInWorker(settings, theme, options, guest) {
  const plan = embedWorkerPlan(settings);
  let reason = plan.reason;
  let warn = plan.warn;
  if (plan.worker) {
    const dom = {
      canvas: $('#view'), overlay: $('#play-overlay'), pause: $('#embed-pause'), compact: $('#compact'),
      banner: $('#blowup'), notice: $('#notice'), stage: $('#stage'), side: $('.right'),
    };
    const run = await startEmbedWorker({
      settings, theme, wasm: options.wasm, dom, search: options.search ?? location.search, guest,
      ...(options.spawnWorker ? { spawn: options.spawnWorker, from: options.workerFrom } : {}),
    });
    if (run.app) {
      globalThis.silkApp = run.app;
      document.documentElement.dataset.silk = 'ready';
      return run.app;
    }
    reason = run.reason;
    warn = true;
  }
  if (reason === null) return [];
  const problem = fallbackProblem(reason);
  if (warn) console.warn(`Silk: ${problem}`);
  return [problem];
}

// ---- settings from the URL, the document's look, the engine ---------------------------------

/** The page's settings from its URL; what the URL got wrong is shown, not thrown. */
function readSettings(search, embed) {
  const { settings, problems } = parseParams(search, sceneNames(), {
    ...DEFAULTS,
    embed: embed ?? DEFAULTS.embed,
  });
  const worker = workerParam(search); // ?worker= (embed-worker.mjs)
  settings.worker = worker.on;
  if (worker.problem) problems.push(worker.problem);
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
  let unwatch = watchTheme(settings.theme, apply);
  html.dataset.background = settings.background;
  return {
    follow(theme) {
      unwatch();
      unwatch = watchTheme(theme, apply);
    },
    /** Calls fn(theme) now and at every change ('light' | 'dark'): the canvas's colours. */
    watch(fn) {
      listeners.add(fn);
      fn(current);
    },
  };
}

async function loadEngine(wasm) {
  try {
    return await loadSilk(wasm === undefined ? {} : { wasm });
  } catch (e) {
    showNotice([`Silk could not start: ${e.message}`], 'error');
    throw e;
  }
}

// ---- what the parts share -------------------------------------------------------------------

function createPage(silk, settings, { search, theme, clock }) {
  const world = silk.createWorld({
    seed: settings.seed, step: settings.step, loopMode: settings.loopMode, solver: settings.solver,
  });
  const canvas = $('#view');
  const renderer = createRenderer(canvas, world, { transparent: settings.background === 'transparent' });
  theme.watch((t) => renderer.setTheme(t)); // drawn in the theme's colours (theme.mjs), not filtered
  const pointer = createPointer(canvas, renderer, world);
  const page = {
    silk, settings, theme, world, canvas, renderer, pointer, clock,
    now: () => clock.now(),
    dashboardMs: 0, // the dashboard's share of a drawn frame (the session times the rest)
    centre: [world.width / 2, world.height / 2], // the world's size never changes
    stats: () => readStats(page),
    replay: createReplay(world),
    labHost: null,
    // the parts, made by start() in this order; counters are the session's
    scenes: null, frames: null, setter: null, session: null, counters: null, lab: null, loop: null,
    dashboard: null, controls: null,
  };
  // The timing lab's scenes (lab-host.mjs): their panels, settings, stepping and readouts.
  page.labHost = createLabHost({
    silk, world, search, appSettings: () => settings, rebuild: () => page.scenes.rebuild(), now: page.now,
    toWorld: (x, y) => { const r = canvas.getBoundingClientRect(); return renderer.toWorld(x - r.left, y - r.top); },
  });
  return page;
}

// ---- the scene lifecycle --------------------------------------------------------------------

/**
 * Which scene is on screen, the friction / gravity the user set for it, and what a rebuild
 * changes on the page. The session (createRun) holds the scene and its prepared state and runs
 * the rebuild: seed, build, the user's overrides (adjust), the compat -> robust mapping unless
 * a lab scene (rope, cloth lab) configured the solver itself, clock, prepare.
 */
function createScenes(page) {
  const { settings, world, canvas, pointer, replay, labHost } = page;
  const overrides = createOverrides(world, settings); // page-world.mjs: the same in the Worker

  /** In an embed, a frame of another shape than 8:5 is filled with the scene's content. */
  function focus() {
    page.renderer.setFocus(settings.embed && !labHost.stepping ? page.session.scene.focus : null);
  }

  const rebuild = () => page.session.rebuild();
  return {
    get scene() { return page.session.scene; },
    get state() { return page.session.state; },
    get overrides() { return overrides.values; },
    overridesOf: overrides,
    rebuild,
    focus,
    reset() {
      rebuild();
    },
    /** Shows another scene (applyWorldSetting has set settings.scene and dropped the overrides). */
    show(name) {
      page.session.scene = getScene(name);
      rebuild();
    },
    /** The session's rebuild hooks (createRun). */
    hooks: {
      adjust: overrides.apply,
      /** On the built world, before the scene's prepare: the recording starts from here. */
      onBuilt() {
        world.setWatchdog({ autoRestore: settings.autoRestore });
        replay.sceneBuilt();
        pointer.state.disabled = false;
        const scene = page.session.scene;
        canvas.classList.toggle('light-scene', isLight(scene.background));
        canvas.setAttribute('aria-label', canvasLabel(scene.name));
      },
      onRebuilt() {
        focus();
        page.dashboard?.clearHistory();
        page.frames.redrawNow();
      },
    },
  };
}

// ---- the frame: what the page adds to the session's ------------------------------------------

/**
 * The session (kit/session.mjs) runs the frame: advance (the lab's stepping or the pointer's),
 * then draw only when something on screen can have changed. The page adds, through its hooks:
 * the replay recorder after the steps, the hover ring, a redraw when the hover moved, and the
 * dashboard after each drawing.
 */
function createFrames(page) {
  const { world, renderer, pointer, replay, now } = page;
  const highlightAt = { x: 0, y: 0 };
  let lastHover = null;

  /** Where the ring goes (input.mjs): the dragged particle, or the one under a hovering mouse. */
  const highlight = () => highlightPoint(world, pointer.state.hover, page.counters.alpha, highlightAt);

  function redrawNow() {
    if (!page.dashboard) return;
    renderer.invalidate();
    const [cx, cy] = page.centre;
    page.dashboard.refresh(world.updateDiagnostics(cx, cy), page.stats(), now() / 1000);
  }

  /** "Replay the last 10 s": the loop keeps running; the recorded inputs drive the world. */
  function replayLast() {
    pointer.cancel();
    replay.replayLast();
    pointer.state.disabled = true;
    if (page.settings.paused) page.setter.set('paused', false);
    renderer.invalidate();
  }

  return {
    redrawNow,
    replayLast,
    /** The session's frame hooks (createRun). */
    hooks: {
      onAdvanced(steps) {
        replay.afterSteps(steps);
        pointer.state.disabled = replay.playing;
      },
      /** A hovering mouse that moved redraws the ring, paused too. */
      redrawIf() {
        const hover = pointer.state.hover;
        const moved = hover !== lastHover;
        lastHover = hover;
        return moved;
      },
      highlight,
      /** The dashboard's sample of this frame, and its blow-up check. */
      onDrawn(d, running, t1) {
        page.dashboard.frame(d, t1 / 1000, running);
        page.dashboardMs += (now() - t1 - page.dashboardMs) * 0.1;
      },
      /** The '.' key and singleStep(): the readouts show the step at once. */
      onStep: redrawNow,
    },
  };
}

// ---- settings: one entry point --------------------------------------------------------------

function createSetter(page) {
  const { settings, world, labHost } = page;
  const listeners = [];
  // what applyWorldSetting (page-world.mjs) changes: the world, the scene, the loop's rate
  const target = {
    world, settings, overrides: page.scenes.overridesOf, show: page.scenes.show, rebuild: page.scenes.rebuild,
    setRate: (hz) => { page.loop.rate = hz; },
  };
  function changed() {
    for (const fn of listeners) fn(settings);
  }

  /** The session's onPause: what a pause changes on the page (the session flushed the drag). */
  function onPause(paused) {
    settings.paused = paused;
    $('#play-overlay').hidden = !paused;
    const embedPause = $('#embed-pause'); // the embed's own Pause (the controls are hidden there)
    embedPause.textContent = paused ? 'Play' : 'Pause';
    embedPause.setAttribute('aria-pressed', String(paused));
    if (settings.embed) page.frames?.redrawNow(); // the plain readout says "paused" at once
    page.controls?.syncPaused(paused);
  }

  function set(name, value) {
    const v = checkSetting(name, value, sceneNames());
    if (labHost.ownsWorld && SOLVER_SETTINGS.includes(name)) throw new RangeError(ownedMessage(name));
    if (applyWorldSetting(target, name, v)) {
      changed();
      page.renderer.invalidate();
      return;
    }
    switch (name) {
      case 'paused':
        page.session.setPaused(v);
        break;
      case 'theme':
        settings.theme = v;
        page.theme.follow(v);
        break;
      case 'background':
        if (v !== settings.background) throw new RangeError('background is chosen when the page starts (?background=transparent)');
        break;
      case 'embed':
        settings.embed = v;
        document.body.classList.toggle('embed', v);
        document.documentElement.classList.toggle('embed', v);
        page.dashboard.full = !v;
        page.scenes.focus();
        break;
      case 'readout':
        settings.readout = v;
        page.dashboard.readout = v;
        break;
      default:
        break;
    }
    changed();
    page.renderer.invalidate();
  }

  return { set, changed, onChange: (fn) => listeners.push(fn), onPause };
}

// ---- the run: one session, the page's hooks ----------------------------------------------------

/** The session that rebuilds, advances, draws, pauses and single-steps the page's scene. */
function createRun(page) {
  const { world, settings, pointer, renderer, labHost } = page;
  return createSession({
    world, scene: getScene(settings.scene), settings, drag: pointer, renderer, lab: labHost,
    paused: settings.paused, now: page.now,
    ...page.scenes.hooks, ...page.frames.hooks, onPause: page.setter.onPause,
  });
}

// ---- stats ----------------------------------------------------------------------------------

function readStats(page) {
  const { world, settings, counters, loop, replay, labHost } = page;
  const d = world.diagnosticsView;
  return {
    framesRendered: counters.framesRendered,
    rafCallbacks: loop.rafCount,
    physicsSteps: counters.physicsSteps,
    measuredHz: loop.measuredHz,
    loopMode: settings.loopMode,
    simulatedHz: settings.simulatedHz,
    paused: settings.paused,
    scene: settings.scene,
    step: settings.step,
    stepsThisFrame: counters.stepsThisFrame,
    alpha: counters.alpha,
    droppedSeconds: counters.droppedSeconds,
    exploded: d[DIAG.EXPLODED] !== 0 || d[DIAG.NAN_COUNT] > 0,
    nanCount: d[DIAG.NAN_COUNT],
    verdict: VERDICTS[d[DIAG.VERDICT]],
    solver: settings.solver,
    health: HEALTHS[d[DIAG.HEALTH]],
    replay: replay.status(),
    stateHash: world.stateHash(),
    simSeconds: d[DIAG.SIM_SECONDS],
    physicsMs: counters.physicsMs,
    renderMs: counters.renderMs,
    dashboardMs: page.dashboardMs,
    lab: labHost.readouts(),
    offscreen: loop.offscreen,
    thread: 'main',
    problems: [...page.problems],
  };
}

// ---- the dashboard, the controls, keys and buttons ------------------------------------------

function wireControls(page) {
  const { settings, world, replay, scenes, frames, setter, session, lab } = page;
  const appForControls = {
    get settings() { return settings; },
    set: setter.set, singleStep: session.singleStep, reset: scenes.reset, runDiagnostic: lab.runDiagnostic, sweepRow: lab.sweepRow,
    replayLast: frames.replayLast, replayStatus: () => replay.status(), replayDownloads: () => replay.downloads,
    sceneList: () => sceneNames().map((n) => getScene(n)),
    currentScene: () => scenes.scene,
  };
  page.dashboard = createDashboard({
    panel: $('#dashboard'), compact: $('#compact'), banner: $('#blowup'), onReset: scenes.reset,
    diagnostics: () => world.diagnosticsView, stats: page.stats,
  });
  page.dashboard.full = !settings.embed;
  page.dashboard.readout = settings.readout;
  page.controls = createControls(document, appForControls);
  setter.onChange(page.controls.sync);
}

/** Keys on the canvas and the page's own buttons (pointer input is input.mjs's). */
function wireInput(page) {
  const { settings, canvas, scenes, setter, session } = page;
  $('#play-overlay').addEventListener('click', () => setter.set('paused', false));
  $('#embed-pause').addEventListener('click', () => setter.set('paused', !settings.paused));
  for (const b of document.querySelectorAll('button.reset-now')) b.addEventListener('click', scenes.reset);
  $('#notice button').addEventListener('click', () => { $('#notice').hidden = true; });
  canvas.addEventListener('keydown', (e) => {
    if (session.key(e.key)) e.preventDefault(); // Space / K, '.', R: the session's keys
  });
}

// ---- window.silkApp -------------------------------------------------------------------------

function createFacade(page) {
  const { world, silk, settings, canvas, renderer, loop, lab, labHost, scenes, frames, setter, session } = page;
  return {
    world,
    silk,
    get options() { return Object.freeze({ ...settings }); },
    set: setter.set,
    stats: page.stats,
    reset: scenes.reset,
    singleStep: session.singleStep,
    /** The silent runs behind the lab buttons (fresh worlds; the one on screen is untouched). */
    runDiagnostic: lab.runDiagnostic,
    sweepRow: lab.sweepRow,
    /** Replays the last 10-20 s of recorded inputs; stats().replay follows it. */
    replayLast: frames.replayLast,
    /** The current state hash (16 hex digits; robust runs give the same on every platform). */
    stateHash: () => world.stateHash(),
    /** rAF callback durations (ms), oldest first: for the benchmark. */
    rafSamples: () => loop.rafSamples(),
    /** World px -> viewport (client) CSS px: where to point to touch a particle. */
    worldToClient(x, y) {
      const r = canvas.getBoundingClientRect();
      const [cx, cy] = renderer.toCanvas(x, y);
      return [r.left + cx, r.top + cy];
    },
    /** Forces every readout to show the current state (tests compare them with diagnostics()). */
    refresh: () => { frames.redrawNow(); labHost.refresh(); },
    /** The lab scene's readouts (lab-host.mjs; each lab module documents its shape), or null. */
    get lab() { return labHost.readouts(); },
    /** Changes a lab scene's setting (the lab panel calls this too); bad values throw. */
    labSet: (name, value) => labHost.set(name, value),
    destroy() { loop.destroy(); renderer.destroy(); world.destroy(); },
  };
}
