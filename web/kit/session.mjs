// session.mjs -- running one scene in one world: rebuild it, advance it per display frame with
// the pointer's queue, redraw it, pause it, single-step it, and the keys that do so. Used by the
// <silk-demo> element on the main thread and in its Worker; the page (app.mjs) builds its scenes
// with buildScene. Before, each spelled the same rebuild (seed, build, step, compat -> robust
// mapping, substeps, clock, prepare) and the same frame. Touches no DOM and imports only
// kit-core.mjs: the world, the scene, the drag queue (a bare createDragQueue by default, or
// input.mjs's pointer over one), the renderer and a lab host are passed in, so it runs as well
// in a Worker as beside a document.
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
  world.step = settings.step;
  adjust?.(world);
  if (!lab.ownsWorld) { // read after the build: a lab scene's build takes the world (takeWorld)
    world.matchRobustToCompat(); // the engine's compat -> robust mapping
    world.setRobust({ substeps: settings.substeps });
  }
}

/**
 * createSession({ world, scene, settings, drag, renderer, lab, paused, onRebuilt, onPause })
 *   world     the live world                 scene     a scenes.mjs / lab scene object
 *   settings  parseParams's settings (seed, step, substeps ...)
 *   drag      { advance(dt, record), flush(), cancel(), state: { pointerId } }: input.mjs's
 *             pointer on a canvas; by default a bare drag queue (createDragQueue) that the
 *             caller feeds (a Worker, from the element's messages) as session.drag
 *   renderer  { invalidate(), render(scene, state, alpha, extra), dirty }
 *   lab       the lab host (lab-host.mjs), or NO_LAB (the default)
 *   onRebuilt() after each rebuild, before the redraw is asked for; onPause(paused) after each
 *   change of pause (the element's buttons follow it).
 * Returns { rebuild, frame(info), setPaused, singleStep, key(key), paused, state, counters, drag }:
 * counters are { framesRendered, physicsSteps, alpha }.
 */
export function createSession({ world, scene, settings, drag = createDragQueue(world), renderer, lab = NO_LAB, paused = false, onRebuilt = null, onPause = null }) {
  const counters = { framesRendered: 0, physicsSteps: 0, alpha: 0 };
  const record = { steps: 0, alpha: 0, dropped: 0 };
  const stepRecord = { steps: 0, alpha: 0, dropped: 0 };
  const total = { steps: 0, dropped: 0 };
  const stepWorld = (dt) => drag.advance(dt, stepRecord);
  const centre = [world.width / 2, world.height / 2];

  const session = {
    counters,
    drag,
    paused,
    state: null,
    lab,

    /** Builds the scene afresh: the same world, seed and settings give the same run. */
    rebuild() {
      drag.cancel();
      session.lab.unmount();
      const context = session.lab.context(scene);
      buildScene(world, scene, settings, context, { lab: session.lab });
      world.resetClock();
      session.state = scene.prepare(world, context);
      session.lab.mount(scene, session.state);
      onRebuilt?.();
      renderer.invalidate();
    },

    /** One rAF: advance (unless paused), then redraw when anything moved or was asked for. */
    frame(info) {
      let steps = 0;
      let labStepped = false;
      if (!session.paused && session.lab.stepping) {
        labStepped = session.lab.advance(info, stepWorld, record);
        steps = record.steps;
        counters.alpha = record.alpha;
      } else if (!session.paused) {
        steps = advanceFrames(drag, info, record, total).steps;
        if (info.count > 0) counters.alpha = record.alpha;
      } else {
        drag.flush();
      }
      counters.physicsSteps += steps;
      const rendered = (!session.paused && (info.count > 0 || labStepped)) || renderer.dirty || drag.state.pointerId >= 0;
      if (rendered) {
        world.updateDiagnostics(centre[0], centre[1]);
        renderer.render(scene, session.state, counters.alpha, null);
        counters.framesRendered++;
      }
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
      if (session.lab.stepping) {
        session.lab.advance({ dts: [1 / 60], count: 1, realDt: 1 / 60, dropped: 0 }, stepWorld, record);
        counters.physicsSteps += record.steps;
      } else {
        counters.physicsSteps += world.advance(1 / 60).steps;
      }
      renderer.invalidate();
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
