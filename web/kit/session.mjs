// session.mjs -- running one scene in one world: rebuild it, advance it per display frame with
// the pointer's queue, redraw it, pause it, single-step it, and the keys that do so. The one
// runner inside the runtime (runtime.mjs) of the page, its embeds and <silk-demo>, in a Worker or
// on the main thread: before, each spelled the same rebuild (seed, build, step, compat -> robust
// mapping, substeps, clock, prepare), the same frame, pause, single step and keys. What only the page does
// (the dashboard, the replay recorder, the hover ring, the user's friction and gravity) comes in
// through small named hooks. Touches no DOM and imports only kit-core.mjs: the world, the scene,
// the drag queue (a bare createDragQueue by default, or input.mjs's pointer over one), the
// renderer and a lab host are passed in, so it runs as well in a Worker as beside a document.
import { createDragQueue } from './kit-core.mjs';

/** A scene without a lab: the lab host's hooks, doing nothing (lab-host.mjs has the real ones). */
export const NO_LAB = Object.freeze({
  context: () => ({}), mount() {}, unmount() {}, ownsWorld: false, stepping: false,
  advance: () => false, frame() {}, readouts: () => null,
});

/** The demo keys (Space / K pause, '.' single step, R reset) -> 'pause' | 'step' | 'reset' | null. */
export function keyAction(key) {
  if (key === ' ' || key === 'k') return 'pause';
  if (key === '.') return 'step';
  if (key === 'r') return 'reset';
  return null;
}

/**
 * Runs the display frames of one rAF (loop.mjs's `info`) through drag.advance: `total` gets
 * the steps and dropped seconds summed, `record` the last frame's { steps, alpha, dropped }.
 */
export function advanceFrames(drag, info, record, total) {
  total.steps = 0;
  total.dropped = 0;
  for (let k = 0; k < info.count; k++) {
    drag.advance(info.dts[k], record);
    total.steps += record.steps;
    total.dropped += record.dropped;
  }
  return total;
}

/**
 * Builds `scene` into `world` from `settings` (seed, step, substeps): the part of every rebuild
 * that decides the run, shared by the session and the page (app.mjs). `adjust(world)` runs after
 * the build and before the compat -> robust mapping (the page applies the user's friction and
 * gravity there, so the mapping sees them); a `lab` host whose scene configured the solver itself
 * during the build (ownsWorld) skips the mapping. The caller then resets the clock and prepares the scene.
 */
export function buildScene(world, scene, settings, context, { lab = NO_LAB, adjust = null } = {}) {
  world.setSeed(settings.seed);
  scene.build(world, settings, context);
  if (!scene.ownsWorld) world.step = settings.step; // an own scene keeps the passes it set
  adjust?.(world);
  // read after the build: a lab scene's build takes the world (takeWorld); an own scene
  // (own-scene.mjs) set its solver itself
  if (!lab.ownsWorld && !scene.ownsWorld) {
    world.matchRobustToCompat(); // the engine's compat -> robust mapping
    world.setRobust({ substeps: settings.substeps });
  }
}

/** The fixed step of the '.' key (one 1/60 s frame, paused). */
const STEP_SECONDS = 1 / 60;

/**
 * createSession(options): one scene in one world, run by the runtime (runtime.mjs) of every
 * host, in a Worker or on the main thread.
 *   world     the live world                 scene     a scenes.mjs / lab scene object
 *   settings  parseParams's settings (seed, step, substeps ...)
 *   drag      { advance(dt, record), flush(), cancel(), state: { pointerId } }: input.mjs's
 *             pointer on a canvas; by default a bare drag queue (createDragQueue) that the
 *             caller feeds (the runtime, from its host's pointer messages) as session.drag
 *   renderer  { invalidate(), render(scene, state, alpha, extra), dirty }
 *   lab       the lab host (lab-host.mjs), or NO_LAB (the default)
 *   paused    the first pause state         now   the clock of the timings (ms; performance.now)
 * Hooks, each optional; the runtime passes the ones its host asked for (the page's replay
 * recorder and dashboard samples, the hover ring). None is given the DOM.
 *   adjust(world)   buildScene's: after the build, before the compat -> robust mapping
 *   onBuilt()       after the build and the clock reset, before prepare (the page's watchdog
 *                   setting and replay recorder start here, on the state the run starts from)
 *   onRebuilt()     after each rebuild, before the redraw is asked for
 *   onPause(paused) after each change of pause (the buttons follow it)
 *   onAdvanced(steps) after each frame's steps, inside the physics time (the replay recorder)
 *   redrawIf()      asked every frame, true asks for a drawing (the page: a hover ring moved)
 *   highlight()     { x, y } world px of the ring to draw, or null
 *   onDrawn(diagnostics, running, t) after each drawing, at `now` t (the dashboard's sample
 *                   and its blow-up check)
 *   onStep()        after a single step ('.')
 * Returns { rebuild, frame(info), setPaused, singleStep, key(key), paused, scene, state, lab,
 * counters, drag }: scene and lab may be replaced before a rebuild; counters are
 * { framesRendered, physicsSteps, stepsThisFrame, alpha, droppedSeconds, physicsMs, renderMs }
 * (the two times are smoothed over about ten frames).
 */
export function createSession({
  world, scene, settings, drag = createDragQueue(world), renderer, lab = NO_LAB, paused = false,
  now = () => performance.now(), adjust = null, onBuilt = null, onRebuilt = null, onPause = null,
  onAdvanced = null, redrawIf = null, highlight = null, onDrawn = null, onStep = null,
}) {
  const counters = {
    framesRendered: 0, physicsSteps: 0, stepsThisFrame: 0, alpha: 0, droppedSeconds: 0,
    physicsMs: 0, renderMs: 0,
  };
  const record = { steps: 0, alpha: 0, dropped: 0 };
  const stepRecord = { steps: 0, alpha: 0, dropped: 0 };
  const total = { steps: 0, dropped: 0 };
  const stepWorld = (dt) => drag.advance(dt, stepRecord);
  const centre = [world.width / 2, world.height / 2]; // the world's size never changes

  /** This frame's fixed steps (the lab's own stepping, or the drag's), unless paused. */
  function advance(info) {
    const t0 = now();
    let steps = 0;
    let dropped = info.dropped;
    let labStepped = false;
    if (!session.paused && session.lab.stepping) {
      labStepped = session.lab.advance(info, stepWorld, record);
      steps = record.steps;
      dropped += record.dropped;
      counters.alpha = record.alpha;
    } else if (!session.paused) {
      advanceFrames(drag, info, record, total);
      steps = total.steps;
      dropped += total.dropped;
      if (info.count > 0) counters.alpha = record.alpha;
    } else {
      drag.flush();
    }
    counters.stepsThisFrame = steps;
    counters.physicsSteps += steps;
    counters.droppedSeconds += dropped;
    onAdvanced?.(steps);
    if (info.count > 0 || session.paused) counters.physicsMs += (now() - t0 - counters.physicsMs) * 0.1;
    return labStepped;
  }

  function draw(running) {
    const t0 = now();
    const d = world.updateDiagnostics(centre[0], centre[1]);
    renderer.render(session.scene, session.state, counters.alpha, highlight ? highlight() : null);
    const t1 = now();
    onDrawn?.(d, running, t1);
    counters.framesRendered++;
    counters.renderMs += (t1 - t0 - counters.renderMs) * 0.1;
  }

  const session = {
    counters,
    drag,
    paused,
    scene,
    state: null,
    lab,

    /** Builds the scene afresh: the same world, seed and settings give the same run. */
    rebuild() {
      drag.cancel();
      session.lab.unmount();
      const context = session.lab.context(session.scene);
      buildScene(world, session.scene, settings, context, { lab: session.lab, adjust });
      world.resetClock();
      onBuilt?.();
      session.state = session.scene.prepare(world, context);
      session.lab.mount(session.scene, session.state);
      counters.alpha = 0;
      onRebuilt?.();
      renderer.invalidate();
    },

    /** One rAF: advance (unless paused), then redraw when anything moved or was asked for. */
    frame(info) {
      const labStepped = advance(info);
      const asked = redrawIf?.() === true; // asked every frame: the hook may track what it saw
      const running = !session.paused;
      const rendered = (running && (info.count > 0 || labStepped)) || renderer.dirty || asked || drag.state.pointerId >= 0;
      if (rendered) draw(running);
      session.lab.frame();
      return rendered;
    },

    setPaused(p) {
      session.paused = p;
      if (p) drag.flush();
      renderer.invalidate();
      onPause?.(p);
    },

    /** One 1/60 s step, paused: the '.' key. */
    singleStep() {
      if (!session.paused) session.setPaused(true);
      drag.flush();
      let r = record;
      if (session.lab.stepping) {
        session.lab.advance({ dts: [STEP_SECONDS], count: 1, realDt: STEP_SECONDS, dropped: 0 }, stepWorld, record);
      } else {
        r = world.advance(STEP_SECONDS);
      }
      counters.physicsSteps += r.steps;
      counters.stepsThisFrame = r.steps;
      counters.alpha = r.alpha;
      renderer.invalidate();
      onStep?.();
    },

    /** A demo key (keyAction); returns whether it was one. */
    key(k) {
      const action = keyAction(k);
      if (action === 'pause') session.setPaused(!session.paused);
      else if (action === 'step') session.singleStep();
      else if (action === 'reset') session.rebuild();
      return action !== null;
    },
  };
  return session;
}
