// loop.mjs -- the clock: requestAnimationFrame in, a list of display-frame durations out.
//
// Each real animation frame becomes zero or more *display frames* of the chosen display rate:
//   'device'        one display frame per rAF, dt = the real frame time
//   30/60/120/144   a simulated display: real time is resampled into frames of exactly 1/hz s
//                   (at 120 on a 60 Hz screen, two display frames per rAF; at 30, one every
//                   other rAF), so fixed and coupled loops can be compared at any rate
//   'jittery'       display frames of random length (4-50 ms), real time kept
// Every dt is clamped to maxDt (MAX_DT, 0.1 s, by default: a hidden tab or a stall must not come
// back as a catch-up burst); the clamped-off time is reported as dropped. In 'device' mode the
// frame time is also smoothed (smooth: true, the default), as sokol_app's frame-duration filter does: rAF timestamps of a 60 Hz screen jitter
// by a fraction of a millisecond, and fed raw to a 1/60 s fixed step they make frames of 0 and
// 2 steps (a visible stutter). The average of the last 8 frame times removes the jitter and
// keeps the total time (a moving average lags the raw sum by at most its window); a frame more
// than 50 % off the average (a rate change, a hitch) restarts the filter.
// The loop stops while the page is hidden and restarts without a jump. Given an `element` (an
// embed's canvas), it also stops while that element is outside the viewport: an
// IntersectionObserver with the implicit root reports intersection with the top-level viewport,
// even inside a cross-origin iframe, so seven embeds scrolled out of a blog post cost nothing
// (the browser throttles off-screen cross-origin iframes by itself, same-origin ones it does
// not). Coming back is a restart too: no catch-up burst. It also measures the
// device's rate (smoothed) and how long each rAF callback took, for the dashboard and the
// benchmark.
//
// The clock is injectable ({ now(), request(cb), cancel(id) }); by default it reads
// window.requestAnimationFrame and performance.now at call time, so a test can replace them.
//
// This is the canvas kit's one loop: createLoop is what the page, the element and the Workers
// run (onFrame(info): the display frames of one rAF), createFrameLoop is the same loop as
// silk-verlet/canvas documents it (onFrame(dt): one real frame time per rAF, 'device' rate).

import { MAX_DT, browserClock, createFrameFilter, watchActivity } from './kit-core.mjs';

export { MAX_DT, browserClock };
const MAX_FRAMES = 8; // display frames per rAF at most (the rest is dropped)
const RAF_SAMPLES = 512;

/**
 * Calls onFrame(info) once per animation frame: info.dts[0 .. info.count) are the display frames
 * it stands for (s), info.realDt the real time since the previous rAF, info.dropped the time cut
 * off this rAF. `where` names the caller in the errors (createFrameLoop passes its own name).
 */
export function createLoop({
  onFrame, maxDt = MAX_DT, smooth = true, element = null, clock = browserClock(), doc = globalThis.document,
  where = 'createLoop',
}) {
  if (typeof onFrame !== 'function') throw new TypeError(`${where}: onFrame must be a function`);
  if (!(maxDt > 0)) throw new RangeError(`${where}: maxDt must be > 0 s, got ${maxDt}`);
  const dts = new Float64Array(MAX_FRAMES);
  const info = { dts, count: 0, realDt: 0, dropped: 0 };
  const rafMs = new Float64Array(RAF_SAMPLES);
  let rafCount = 0;
  let rate = 'device';
  let id = 0;
  let running = false;
  let wanted = false; // start() was called (and stop() was not)
  let last = -1; // timestamp of the previous rAF (ms), -1 after a (re)start
  let backlog = 0; // s of real time not yet turned into simulated display frames
  let nextJitter = 1 / 60;
  let hzEma = 0; // smoothed real frame time (s)
  let droppedTotal = 0; // s cut off since the loop was made
  const filter = createFrameFilter(); // 'device' mode's frame-time filter

  function schedule(rateName) {
    info.count = 0;
    info.dropped = 0;
    const dt = info.realDt;
    if (rateName === 'device') {
      if (dt > 0) {
        const clamped = Math.min(dt, maxDt);
        info.dropped += dt - clamped;
        push(smooth ? filter.push(clamped) : clamped);
      }
      return;
    }
    backlog += dt;
    if (backlog > maxDt) { info.dropped += backlog - maxDt; backlog = maxDt; }
    for (;;) {
      const period = rateName === 'jittery' ? nextJitter : 1 / rateName;
      // 1 us of tolerance: rAF timestamps of a 60 Hz screen sum to 1/60 s only approximately
      if (backlog < period - 1e-6 || info.count === MAX_FRAMES) break;
      backlog = Math.max(0, backlog - period);
      push(period);
      if (rateName === 'jittery') nextJitter = 0.004 + Math.random() * 0.046;
    }
  }

  function push(dt) {
    if (dt > maxDt) { info.dropped += dt - maxDt; dt = maxDt; }
    dts[info.count++] = dt;
  }

  function tick(timestamp) {
    if (!running) return;
    const start = clock.now();
    id = clock.request(tick);
    info.realDt = last < 0 ? 0 : Math.max(0, (timestamp - last) / 1000);
    last = timestamp;
    if (info.realDt > 0 && info.realDt < 0.25) {
      hzEma = hzEma === 0 ? info.realDt : hzEma + (info.realDt - hzEma) * 0.05;
    }
    schedule(rate);
    droppedTotal += info.dropped;
    onFrame(info);
    rafMs[rafCount++ % RAF_SAMPLES] = clock.now() - start;
  }

  function run() {
    if (running || !wanted || activity.offscreen || doc?.visibilityState === 'hidden') return;
    running = true;
    last = -1;
    backlog = 0;
    filter.reset();
    id = clock.request(tick);
  }

  function halt() {
    if (!running) return;
    running = false;
    clock.cancel(id);
  }

  function start() {
    wanted = true;
    run();
  }

  function stop() {
    wanted = false;
    halt();
  }

  const activity = watchActivity(element, doc, (active) => (active ? run() : halt()));

  return {
    start,
    stop,
    get running() { return running; },
    /** True while the observed element is outside the viewport (the loop waits). */
    get offscreen() { return activity.offscreen; },
    /** 'device' | 30 | 60 | 120 | 144 | 'jittery' */
    get rate() { return rate; },
    set rate(r) { rate = r; backlog = 0; filter.reset(); },
    /** The device's display rate, smoothed (Hz); 0 until measured. */
    get measuredHz() { return hzEma > 0 ? 1 / hzEma : 0; },
    /** rAF callbacks run so far (frames: the canvas kit's name for it). */
    get rafCount() { return rafCount; },
    get frames() { return rafCount; },
    /** Seconds of real time cut off by maxDt so far. */
    get droppedSeconds() { return droppedTotal; },
    /** Durations (ms) of the last rAF callbacks (up to 512), oldest first. */
    rafSamples() {
      const n = Math.min(rafCount, RAF_SAMPLES);
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = rafMs[(rafCount - n + i) % RAF_SAMPLES];
      return out;
    },
    destroy() {
      stop();
      activity.dispose();
    },
  };
}

/**
 * silk-verlet/canvas's loop: onFrame(dt) once per animation frame with the real time since the
 * previous one, in seconds: 0 on the first frame after a start, clamped to maxDt (the cut-off
 * time is counted in `droppedSeconds`), smoothed unless smooth is false. It stops while the
 * document is hidden and, given an `element`, while that element is outside the viewport; it
 * comes back without a jump. The loop above at the 'device' rate, one display frame per rAF.
 */
export function createFrameLoop({ onFrame, ...options }) {
  if (typeof onFrame !== 'function') throw new TypeError('createFrameLoop: onFrame must be a function');
  return createLoop({ ...options, where: 'createFrameLoop', onFrame: (info) => onFrame(info.count > 0 ? info.dts[0] : 0) });
}

/**
 * Resolves once `element` is within `margin` of the viewport (at once where there is no
 * IntersectionObserver): an embed builds nothing and runs nothing before a reader scrolls near
 * it. The margin applies only where the browser allows it (not across origins).
 */
export function whenNear(element, margin = '200px') {
  const Observer = globalThis.IntersectionObserver;
  if (!Observer) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new Observer((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      resolve();
    }, { rootMargin: margin });
    observer.observe(element);
    // WebKit holds the first IntersectionObserver update back ~2 s while the document loads
    // unless something asks for a rendering update (WebCore's initial-update delay): an embed
    // started 2 s late. One animation frame asks for that update; it does nothing else.
    globalThis.requestAnimationFrame?.(() => {});
  });
}

/** True in an iframe (a guest in someone's page); comparing window.top works across origins. */
export function framed(win = globalThis) {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
