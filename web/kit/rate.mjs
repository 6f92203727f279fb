// rate.mjs -- the stepping rate a readout shows, measured: fixed steps per second of real time.
//
// The readouts used to print the device's rAF rate (loop.measuredHz) as "N Hz": on a slow or
// busy machine that was 29 while `hz="120"` simulated a 120 Hz display, and it said nothing of
// the physics. What a reader wants to know is how fast the world steps: a fixed loop steps at
// 1/step (60 steps/s) whatever the display does, as long as the machine keeps up; a coupled
// loop steps once per display frame (120 steps/s under hz=120). So the host feeds this meter
// the runtime's step counter and the time the runtime took it (stats.physicsSteps, stats.at:
// one clock, the runtime's, on either thread), and shows steps per second over the last second.
//
// A pause, a stop (off-screen, hidden tab), a rebuild or a new loop or rate restarts the
// measurement: a gap of more than RESTART_MS between two samples, a counter that went back, or a
// new `key` (the host's string of what the rate depends on: paused, loop, hz, the build) starts
// afresh, so neither the time the world did not run nor the old rate is averaged in.

export const SPAN_MS = 1000; // the window the rate is measured over
export const RESTART_MS = 1000; // a longer gap between samples: the loop stopped, start afresh
const MAX_SAMPLES = 64;

/**
 * A meter of steps per second: sample(steps, atMs, key) with a growing counter, its time and
 * what it depends on; rate is steps per second between the oldest and newest sample of the
 * last SPAN_MS (0 until two samples SPAN_MS / 4 apart).
 */
export function createRateMeter({ span = SPAN_MS, restart = RESTART_MS } = {}) {
  const t = new Float64Array(MAX_SAMPLES);
  const n = new Float64Array(MAX_SAMPLES);
  let count = 0;
  let was = '';
  return {
    sample(steps, at, key = '') {
      if (!Number.isFinite(steps) || !Number.isFinite(at)) return;
      if (key !== was) { was = key; count = 0; }
      if (count > 0) {
        const last = count - 1;
        if (at <= t[last]) return; // the same stats twice (an answer and a frame)
        if (steps < n[last] || at - t[last] > restart) count = 0;
      }
      if (count === MAX_SAMPLES) { t.copyWithin(0, 1); n.copyWithin(0, 1); count--; }
      t[count] = at;
      n[count] = steps;
      count++;
      // keep one sample at or beyond the window's start
      let drop = 0;
      while (count - drop > 2 && at - t[drop + 1] >= span) drop++;
      if (drop > 0) { t.copyWithin(0, drop, count); n.copyWithin(0, drop, count); count -= drop; }
    },
    reset() { count = 0; },
    /** Steps per second (0 until measured over at least a quarter of the span). */
    get rate() {
      if (count < 2) return 0;
      const dt = t[count - 1] - t[0];
      return dt >= span / 4 ? ((n[count - 1] - n[0]) * 1000) / dt : 0;
    },
    /** ms the rate is measured over now. */
    get spanMs() { return count < 2 ? 0 : t[count - 1] - t[0]; },
  };
}

/**
 * The loop and the measured rate, as a readout says them: "fixed loop · 60 steps/s",
 * "coupled loop · 120 steps/s" ("…" until measured).
 */
export function loopRate(loopMode, stepsPerSecond) {
  return `${loopMode} loop · ${stepsPerSecond > 0 ? Math.round(stepsPerSecond) : '…'} steps/s`;
}

/** A readout's rate for `scene`: the loop's, or the lab clock's for a lab scene (it steps on its
 *  own clock, whatever the loop setting says). `lab` is the host's own list test. */
export function sceneRate(lab, loopMode, stepsPerSecond) {
  if (!lab) return loopRate(loopMode, stepsPerSecond);
  return `lab clock · ${stepsPerSecond > 0 ? Math.round(stepsPerSecond) : '…'} steps/s`;
}

/** What a runtime's stats say the rate depends on (the meter restarts when it changes). */
export function rateKey(s) {
  const o = s.settings ?? {};
  return `${s.paused}|${o.loopMode}|${o.simulatedHz}|${s.builds}`;
}
