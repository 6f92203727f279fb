// lab-worker-host.mjs -- the lab host inside <silk-demo>'s Worker (silk-demo-worker.mjs): the
// lab scene's worlds, stepping, drawing and pointer tool run there, on the transferred canvas;
// its bar stays on the element's main thread (lab-host.mjs createLabBar). Touches no DOM.
//
// What crosses between the threads:
//   out  post({ build, full, readouts }) -- the scene's readouts snapshot (lab-core.mjs), every
//        UPDATE_EVERY ms from the frames, and soon after a build, a setting or context.refresh();
//        never closer than MIN_GAP ms (at most 4 a second: the bar's text is read, not watched;
//        posting per frame cost the Worker half its frame rate in bench/worker.mjs). `build`
//        counts the scene's builds: the bar rebuilds its controls when it changes.
//   in   set(name, value) and act(name) (the bar's controls), and the pointer in the app world's
//        px: pointerDown(x, y, radius) -> true when the scene's tool takes the press (else the
//        session's drag gets it), pointerMove(xs, ys), pointerUp().
import { createLabCore, UPDATE_EVERY } from './lab-core.mjs';

const MIN_GAP = 250; // ms between two posted snapshots at least

/**
 * createWorkerLabHost({ silk, world, search, appSettings, rebuild, now, post, setTimer, clearTimer })
 * returns the lab host session.mjs drives (context, mount, unmount, ownsWorld, stepping,
 * advance, frame, readouts) with set, act and the pointer above.
 */
export function createWorkerLabHost({ silk, world, search, appSettings, rebuild, now, post, setTimer = setTimeout, clearTimer = clearTimeout }) {
  const core = createLabCore({ silk, world, search, appSettings, rebuild, now, embed: () => true, onRefresh: () => soon() });
  let build = 0;
  let last = -Infinity; // when the last snapshot was posted
  let timer = 0;
  let holding = false; // the scene's tool holds the pointer

  function send() {
    if (timer) { clearTimer(timer); timer = 0; }
    if (!core.scene) return;
    last = now();
    post({ build, full: core.full(), readouts: core.readouts() });
  }

  /** A snapshot as soon as MIN_GAP allows. */
  function soon() {
    if (timer || !core.scene) return;
    const wait = Math.max(0, last + MIN_GAP - now());
    timer = setTimer(() => { timer = 0; send(); }, wait);
  }

  return {
    context: core.context,
    mount(s, state) {
      if (!core.mount(s, state)) return;
      build++;
      soon();
    },
    unmount() {
      if (holding) { holding = false; core.tool?.up(); }
      core.unmount();
    },
    set(name, value) {
      core.set(name, value);
      soon();
    },
    act(name) {
      core.act(name);
      soon();
    },
    problems: core.problems,
    get ownsWorld() { return core.ownsWorld; },
    get stepping() { return core.stepping; },
    advance: core.advance,
    /** After a frame: a snapshot every UPDATE_EVERY ms. */
    frame() {
      if (core.scene && !timer && now() - last >= UPDATE_EVERY) send();
    },
    refresh: soon,
    readouts: core.readouts,
    /** True while the scene's pointer tool holds the pointer. */
    get holding() { return holding; },
    /** The scene's tool may take a press anywhere (its anywhere() is not false): every touch
     *  is taken then, not only one on the app world's particles (kit/hitmap.mjs). */
    get takesAnyPress() { return core.tool !== null && core.tool.anywhere?.() !== false; },
    pointerDown(x, y, radius) {
      const tool = core.tool;
      holding = tool !== null && tool.down(x, y, radius) === true;
      return holding;
    },
    pointerMove(xs, ys) {
      const tool = core.tool;
      if (!holding || !tool) return;
      for (let k = 0; k < xs.length; k++) if (Number.isFinite(xs[k]) && Number.isFinite(ys[k])) tool.move(xs[k], ys[k]);
    },
    pointerUp() {
      if (!holding) return;
      holding = false;
      core.tool?.up();
    },
  };
}
