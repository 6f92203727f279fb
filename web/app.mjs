// app.mjs -- wires the page together. Data flows one way, once per animation frame:
//
//   loop (clock -> display-frame dts) -> advance (world, pointer samples) -> views
//     (positions, constraints, diagnostics: live typed arrays) -> draw (canvas) -> dashboard
//
// start() reads the URL, loads the wasm engine, builds the scene and exposes
//   window.silkApp = { world, options, set(name, value), stats(), ... }
// for hosts and tests. Settings have one entry point, set(); the controls call it too.
import { loadSilk, DIAG, VERDICTS, HEALTHS } from './silk.mjs';
import { DEFAULTS, checkSetting, parseParams } from './params.mjs';
import { getScene, sceneNames } from './scenes.mjs';
import { createLoop, browserClock, whenNear, framed } from './loop.mjs';
import { createRenderer } from './render.mjs';
import { createPointer } from './input.mjs';
import { createDashboard } from './dashboard.mjs';
import { createControls } from './controls.mjs';
import { createLab } from './lab.mjs';
import { createReplay } from './replay.mjs';
import { createLabHost } from './lab-host.mjs';
import { watchTheme, isLight } from './theme.mjs';
import { canvasLabel } from './describe.mjs';

const STEP_SECONDS = 1 / 60;
const SOLVER_SETTINGS = ['friction', 'gravity', 'solver', 'substeps']; // a lab scene that took the world sets these itself

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
 * location.search), embed (default for ?embed), clock (for tests) }.
 */
export async function start(options = {}) {
  const scenes = sceneNames();
  const { settings, problems } = parseParams(options.search ?? location.search, scenes, {
    ...DEFAULTS,
    embed: options.embed ?? DEFAULTS.embed,
  });
  if (problems.length) showNotice(problems.map((p) => p.message));
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  settings.paused = reduced;
  document.body.classList.toggle('embed', settings.embed);
  const html = document.documentElement;
  let unwatchTheme = watchTheme(settings.theme, (t) => { html.dataset.theme = t; });
  html.dataset.background = settings.background;

  // A guest (?embed=1, the single file, any page in an iframe) builds nothing until its canvas
  // comes near the viewport, and its loop waits while the canvas is off-screen (loop.mjs). The
  // full page on its own keeps running while its dashboard is scrolled to.
  const guest = settings.embed || framed();
  if (guest) await whenNear($('#view'));

  let silk;
  try {
    silk = await loadSilk(options.wasm === undefined ? {} : { wasm: options.wasm });
  } catch (e) {
    showNotice([`Silk could not start: ${e.message}`], 'error');
    throw e;
  }
  const world = silk.createWorld({
    width: 800, height: 500, seed: settings.seed, step: settings.step, loopMode: settings.loopMode, solver: settings.solver,
  });
  const canvas = $('#view');
  const renderer = createRenderer(canvas, world, { transparent: settings.background === 'transparent' });
  const pointer = createPointer(canvas, renderer, world);

  let scene = getScene(settings.scene);
  let sceneState = null;
  let overrides = {}; // friction / gravity the user set; kept across rebuilds of one scene
  const counters = {
    framesRendered: 0, physicsSteps: 0, stepsThisFrame: 0, alpha: 0, droppedSeconds: 0,
    physicsMs: 0, renderMs: 0, dashboardMs: 0,
  };
  const record = { steps: 0, alpha: 0, dropped: 0 };
  const clock = options.clock ?? browserClock();
  const now = () => clock.now();

  const replay = createReplay(world);

  const centre = [world.width / 2, world.height / 2]; // the world's size never changes
  const center = () => centre;

  // The timing lab's scenes (lab-host.mjs): their panels, settings, stepping and readouts.
  const labHost = createLabHost({
    silk, world, search: options.search ?? location.search, appSettings: () => settings, rebuild: () => rebuild(), now,
    toWorld: (x, y) => { const r = canvas.getBoundingClientRect(); return renderer.toWorld(x - r.left, y - r.top); },
  });
  const stepRecord = { steps: 0, alpha: 0, dropped: 0 };
  const stepWorld = (dt) => pointer.advance(dt, stepRecord);

  function rebuild() {
    pointer.cancel();
    labHost.unmount();
    const labContext = labHost.context(scene);
    world.setSeed(settings.seed);
    scene.build(world, settings, labContext);
    world.step = settings.step;
    if (overrides.friction !== undefined) world.friction = overrides.friction;
    if (overrides.gravity !== undefined) world.gravity = [0, overrides.gravity];
    settings.friction = world.friction;
    settings.gravity = world.gravity[1];
    if (!labHost.ownsWorld) { // a lab scene (rope, cloth lab) configured the solver itself
      matchRobustToCompat();
      world.setRobust({ substeps: settings.substeps });
    }
    world.setWatchdog({ autoRestore: settings.autoRestore });
    world.resetClock();
    replay.sceneBuilt();
    pointer.state.disabled = false;
    canvas.classList.toggle('light-scene', isLight(scene.background)); // inverted in the dark theme
    canvas.setAttribute('aria-label', canvasLabel(scene.name));
    sceneState = scene.prepare(world, labContext);
    labHost.mount(scene, sceneState);
    counters.alpha = 0;
    dashboard?.clearHistory();
    redrawNow();
  }

  /** The robust solver's gravity and damping in seconds, from the compat sliders (the engine's
   *  mapping: one compat frame per fixed step). */
  function matchRobustToCompat() {
    world.matchRobustToCompat();
  }

  // ---- the frame -------------------------------------------------------------------------
  const highlightAt = { x: 0, y: 0 };
  let lastHover = null;

  /** Where the ring goes: the dragged particle, or the one under a hovering mouse (or its pin). */
  function highlight() {
    let i = world.draggedParticle;
    const hover = pointer.state.hover;
    if (i < 0 && hover) i = world.findNearest(hover.x, hover.y, 20);
    if (i < 0) return null;
    const pin = i === world.draggedParticle ? world.draggedPin : world.particlePin(i);
    if (pin >= 0) {
      const t = world.constraintTargets;
      highlightAt.x = t[2 * pin];
      highlightAt.y = t[2 * pin + 1];
    } else {
      const cur = world.positions;
      const prev = world.previousPositions;
      highlightAt.x = prev[2 * i] + (cur[2 * i] - prev[2 * i]) * counters.alpha;
      highlightAt.y = prev[2 * i + 1] + (cur[2 * i + 1] - prev[2 * i + 1]) * counters.alpha;
    }
    return highlightAt;
  }

  function draw(running) {
    const [cx, cy] = center();
    const t0 = now();
    const d = world.updateDiagnostics(cx, cy);
    renderer.render(scene, sceneState, counters.alpha, highlight());
    const t1 = now();
    dashboard.frame(d, t1 / 1000, running);
    const t2 = now();
    counters.framesRendered++;
    counters.renderMs += (t1 - t0 - counters.renderMs) * 0.1;
    counters.dashboardMs += (t2 - t1 - counters.dashboardMs) * 0.1;
  }

  function redrawNow() {
    if (!dashboard) return;
    renderer.invalidate();
    const [cx, cy] = center();
    dashboard.refresh(world.updateDiagnostics(cx, cy), stats(), now() / 1000);
  }

  function onFrame(info) {
    const t0 = now();
    let steps = 0;
    let dropped = info.dropped;
    let labStepped = false;
    if (!settings.paused && labHost.stepping) {
      labStepped = labHost.advance(info, stepWorld, record);
      steps = record.steps;
      dropped += record.dropped;
      counters.alpha = record.alpha;
    } else if (!settings.paused) {
      for (let k = 0; k < info.count; k++) {
        pointer.advance(info.dts[k], record);
        steps += record.steps;
        dropped += record.dropped;
        counters.alpha = record.alpha;
      }
    } else {
      pointer.flush();
    }
    counters.stepsThisFrame = steps;
    counters.physicsSteps += steps;
    replay.afterSteps(steps);
    pointer.state.disabled = replay.playing;
    counters.droppedSeconds += dropped;
    if (info.count > 0 || settings.paused) counters.physicsMs += (now() - t0 - counters.physicsMs) * 0.1;

    const hover = pointer.state.hover;
    const hoverMoved = hover !== lastHover;
    lastHover = hover;
    if ((!settings.paused && (info.count > 0 || labStepped)) || renderer.dirty || hoverMoved || pointer.state.pointerId >= 0) {
      draw(!settings.paused);
    }
    labHost.frame();
  }

  // ---- settings --------------------------------------------------------------------------
  const listeners = [];
  function changed() {
    for (const fn of listeners) fn(settings);
  }

  function setPaused(paused) {
    settings.paused = paused;
    $('#play-overlay').hidden = !paused;
    controls?.syncPaused(paused);
    if (paused) pointer.flush();
  }

  function set(name, value) {
    const v = checkSetting(name, value, sceneNames());
    if (labHost.ownsWorld && SOLVER_SETTINGS.includes(name)) {
      throw new RangeError(`'${name}' does not apply to this lab scene: it runs the seed's own solver settings (see silkApp.labSet)`);
    }
    switch (name) {
      case 'scene':
        settings.scene = v;
        scene = getScene(v);
        overrides = {};
        rebuild();
        break;
      case 'tensor':
      case 'seed':
        settings[name] = v;
        rebuild();
        break;
      case 'step':
        settings.step = v;
        world.step = v;
        break;
      case 'friction':
        overrides.friction = settings.friction = world.friction = v;
        matchRobustToCompat();
        break;
      case 'gravity':
        overrides.gravity = settings.gravity = v;
        world.gravity = [0, v];
        matchRobustToCompat();
        break;
      case 'solver':
        settings.solver = v;
        world.setSolver(v);
        break;
      case 'substeps':
        settings.substeps = v;
        world.setRobust({ substeps: v });
        break;
      case 'autoRestore':
        settings.autoRestore = v;
        world.setWatchdog({ autoRestore: v });
        break;
      case 'loopMode':
        settings.loopMode = v;
        world.loopMode = v;
        break;
      case 'simulatedHz':
        settings.simulatedHz = v;
        loop.rate = v;
        break;
      case 'paused':
        setPaused(v);
        break;
      case 'theme':
        settings.theme = v;
        unwatchTheme();
        unwatchTheme = watchTheme(v, (t) => { html.dataset.theme = t; });
        break;
      case 'background':
        if (v !== settings.background) throw new RangeError('background is chosen when the page starts (?background=transparent)');
        break;
      case 'embed':
        settings.embed = v;
        document.body.classList.toggle('embed', v);
        dashboard.full = !v;
        break;
      default:
        break;
    }
    changed();
    renderer.invalidate();
  }

  function singleStep() {
    if (!settings.paused) set('paused', true);
    pointer.flush();
    let r = record;
    if (labHost.stepping) labHost.advance({ dts: [STEP_SECONDS], count: 1, realDt: STEP_SECONDS, dropped: 0 }, stepWorld, record);
    else r = world.advance(STEP_SECONDS);
    counters.physicsSteps += r.steps;
    counters.stepsThisFrame = r.steps;
    counters.alpha = r.alpha;
    redrawNow();
  }

  function reset() {
    rebuild();
  }

  /** "Replay the last 10 s": the loop keeps running; the recorded inputs drive the world. */
  function replayLast() {
    pointer.cancel();
    replay.replayLast();
    pointer.state.disabled = true;
    if (settings.paused) set('paused', false);
    renderer.invalidate();
  }

  const lab = createLab({
    silk,
    size: () => [world.width, world.height],
    current: () => ({ scene, settings, overrides }),
  });

  // ---- stats ------------------------------------------------------------------------------------
  function stats() {
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
      dashboardMs: counters.dashboardMs,
      lab: labHost.readouts(),
      offscreen: loop.offscreen,
    };
  }

  // ---- assembly -------------------------------------------------------------------------------
  const loop = createLoop({ onFrame, clock, element: guest ? canvas : null });
  loop.rate = settings.simulatedHz;
  let dashboard = null;
  let controls = null;
  const appForControls = {
    get settings() { return settings; },
    set, singleStep, reset, runDiagnostic: lab.runDiagnostic, sweepRow: lab.sweepRow,
    replayLast, replayStatus: () => replay.status(), replayDownloads: () => replay.downloads,
    sceneList: () => sceneNames().map((n) => getScene(n)),
    currentScene: () => scene,
  };
  dashboard = createDashboard({
    panel: $('#dashboard'), compact: $('#compact'), banner: $('#blowup'), onReset: reset,
    diagnostics: () => world.diagnosticsView, stats,
  });
  dashboard.full = !settings.embed;
  controls = createControls(document, appForControls);
  listeners.push(controls.sync);

  $('#play-overlay').addEventListener('click', () => set('paused', false));
  for (const b of document.querySelectorAll('button.reset-now')) b.addEventListener('click', reset);
  $('#notice button').addEventListener('click', () => { $('#notice').hidden = true; });
  canvas.addEventListener('keydown', (e) => {
    if (e.key === ' ' || e.key === 'k') set('paused', !settings.paused);
    else if (e.key === '.') singleStep();
    else if (e.key === 'r') reset();
    else return;
    e.preventDefault();
  });

  rebuild();
  if (labHost.problems.length) showNotice(labHost.problems);
  setPaused(settings.paused);
  changed();
  loop.start();

  const app = {
    world,
    silk,
    get options() { return Object.freeze({ ...settings }); },
    set,
    stats,
    reset,
    singleStep,
    /** The silent runs behind the lab buttons (fresh worlds; the one on screen is untouched). */
    runDiagnostic: lab.runDiagnostic,
    sweepRow: lab.sweepRow,
    /** Replays the last 10-20 s of recorded inputs; stats().replay follows it. */
    replayLast,
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
    refresh: () => { redrawNow(); labHost.refresh(); },
    /** The lab scene's readouts (lab-host.mjs; each lab module documents its shape), or null. */
    get lab() { return labHost.readouts(); },
    /** Changes a lab scene's setting (the lab panel calls this too); bad values throw. */
    labSet: (name, value) => labHost.set(name, value),
    destroy() { loop.destroy(); renderer.destroy(); world.destroy(); },
  };
  globalThis.silkApp = app;
  document.documentElement.dataset.silk = 'ready';
  return app;
}
