// rest.mjs -- rest: a scene whose particles have stopped moving stops stepping and drawing until
// something can change it. The host's choice (the library's advance, runFrames, replays and
// silk-lab know nothing of it): on by default in the embeds (?embed=1, silk-embed.html) and
// <silk-demo>, off by default on the full page and in the canvas kit (createCanvasDemo's `rest`
// option). docs/performance.md "Rest" has the figures.
//
// The rule (REST): after each animation frame that ran fixed steps, the largest distance a
// particle moved over the last step, in world px, is measured over the positions views:
// max over particles of |p - prev| (the last fixed step: what the renderer interpolates) and
// |p - last| (the last verlet frame or robust substep: the coupled loop, where prev == p). When
// it stays below `epsilon` (0.01 world px per step: 0.6 px/s at 60 steps/s, a tenth of a device
// pixel per second on a 390 px phone, nothing a reader sees move) for `steps` consecutive steps
// (30: half a second), the scene is at rest. A frame samples its last step only (a frame of
// several steps counts them all, when its last was still). The measurement allocates nothing and
// reads the positions the engine already has; no engine result changes (rest only stops calling
// advance). While a pointer holds a particle (or a lab tool), while paused, during a replay, and
// on a scene registered with `rests: false` (the crawling spider, which never stops; the timing
// labs, which measure time: coupling, spiral, integrators) nothing rests.
//
// What wakes a resting scene (wakes(msg), the runtime's messages): a press, a pointer move, a
// hover, a setting, a lab setting or action, a resize, a focus or theme change, pause / play,
// single step, reset, becoming active (visible and on screen) again, a replay. Waking restarts
// the loop without a catch-up burst (loop.mjs starts afresh) and counts the still steps from 0.
//
//   REST                          { epsilon, steps }: the defaults above
//   maxStepDisplacement(world, p) world px: the largest particle move over the last step
//   createRestDetector(options)   the counter: observe(displacement, steps) -> resting
//   restEnabled(value, embed)     a host's rest setting (true | false | 'auto') -> boolean
//   wakes(msg)                    true if a runtime message can change what is drawn
//   createRestWatch(options)      the runtime's: rests the loop, wakes it, says so

export const REST = Object.freeze({ epsilon: 0.01, steps: 30 });

/**
 * The largest distance (world px) a particle of `world` moved over its last step: the max of
 * |p - prev| and |p - last| over every particle (a non-finite coordinate gives Infinity: a
 * blown-up scene never rests). Reads the live views (`positions`: world.positions, when the
 * caller has read it this frame already); allocates nothing.
 */
export function maxStepDisplacement(world, positions = world.positions) {
  const n = world.particleCount;
  if (n === 0) return 0;
  const p = positions;
  const prev = world.previousPositions;
  const last = world.lastPositions ?? prev; // the kit's CanvasWorld may not have it
  let max2 = 0;
  for (let k = 0, end = 2 * n; k < end; k += 2) {
    const x = p[k];
    const y = p[k + 1];
    let dx = x - prev[k];
    let dy = y - prev[k + 1];
    let d2 = dx * dx + dy * dy;
    dx = x - last[k];
    dy = y - last[k + 1];
    const e2 = dx * dx + dy * dy;
    if (e2 > d2) d2 = e2;
    if (!(d2 <= max2)) { // NaN fails every comparison: it must not hide as "still"
      if (!Number.isFinite(d2)) return Infinity;
      max2 = d2;
    }
  }
  return Math.sqrt(max2);
}

function checkOptions(where, { epsilon = REST.epsilon, steps = REST.steps } = {}) {
  if (typeof epsilon !== 'number' || !Number.isFinite(epsilon)) throw new TypeError(`${where}: epsilon must be a finite number of world px, got ${typeof epsilon === 'number' ? epsilon : typeof epsilon}`);
  if (!(epsilon > 0)) throw new RangeError(`${where}: epsilon must be > 0 world px, got ${epsilon}`);
  if (typeof steps !== 'number') throw new TypeError(`${where}: steps must be a number, got ${typeof steps}`);
  if (!Number.isSafeInteger(steps) || steps < 1) throw new RangeError(`${where}: steps must be a whole number >= 1, got ${steps}`);
  return { epsilon, steps };
}

/**
 * The rest counter. observe(displacement, steps) after a frame that ran `steps` fixed steps
 * whose last moved a particle `displacement` world px: still steps add up while displacement <
 * epsilon, any other resets them; returns whether `steps` (options.steps) have been still in a
 * row. A frame of 0 steps changes nothing. reset() starts over (a wake). `where` names the
 * caller in the errors (createCanvasDemo passes its own name).
 */
export function createRestDetector(options = {}, where = 'createRestDetector') {
  const { epsilon, steps } = checkOptions(where, options);
  let still = 0;
  return {
    epsilon,
    steps,
    observe(displacement, stepsRun) {
      if (stepsRun > 0) still = displacement < epsilon ? Math.min(still + stepsRun, Number.MAX_SAFE_INTEGER) : 0;
      return still >= steps;
    },
    reset() { still = 0; },
    get stillSteps() { return still; },
    get resting() { return still >= steps; },
  };
}

/** A host's rest setting -> on or off: 'auto' (the default) is on in an embed (?embed=1,
 *  silk-embed.html, <silk-demo>) and off on the full page (its dashboard, benchmarks and rate
 *  readouts watch a running world). */
export function restEnabled(value, embed) {
  return value === 'auto' || value === undefined ? embed === true : value === true;
}

// The runtime's messages (protocol.mjs TO_RUNTIME) that can change what is drawn: a resting
// scene wakes before it handles one. Not init, move (it follows a press, which woke it already),
// nor the calls that read (stateHash, diagnostics, the silent runs on their own worlds, stats).
const WAKING = new Set(['size', 'pause', 'step', 'reset', 'theme', 'focus', 'down', 'move', 'up', 'hover', 'set', 'lab-set', 'lab-act']);
const WAKING_CALLS = new Set(['replayLast']);

/** True if the runtime message `msg` (already checked) can change what is drawn. */
export function wakes(msg) {
  if (msg.type === 'call') return WAKING_CALLS.has(msg.name);
  if (msg.type === 'active') return msg.active === true;
  return WAKING.has(msg.type);
}

/**
 * The runtime's rest (runtime.mjs): { world, loop (loop.mjs's: start, stop), canRest() (this
 * frame may count: the setting is on, the scene rests, nothing is held, not paused, no replay),
 * onChange(resting) (post the stats), options ({ epsilon, steps }) }. Returns
 *   afterFrame(steps, positions)  after each frame: measures (positions: this frame's read of
 *                       world.positions, optional), and stops the loop once at rest
 *   wake()              a message that can change the picture came: run again (if active)
 *   active(on)          the host's visibility: on wakes and starts the loop, off stops it
 *   resting             true while the loop is stopped at rest
 */
export function createRestWatch({ world, loop, canRest, onChange = () => {}, options }) {
  const detector = createRestDetector(options);
  let resting = false;
  let active = false; // the host's last `active`: visible and on screen
  return {
    detector,
    afterFrame(steps, positions) {
      if (resting) return;
      if (!canRest()) { detector.reset(); return; }
      if (steps === 0 || !detector.observe(maxStepDisplacement(world, positions), steps)) return;
      resting = true;
      loop.stop();
      onChange(true);
    },
    wake() {
      detector.reset();
      if (!resting) return;
      resting = false;
      if (active) loop.start();
      onChange(false);
    },
    active(on) {
      active = on;
      if (on) {
        this.wake();
        loop.start();
      } else loop.stop();
    },
    get resting() { return resting; },
  };
}
