// timing.test.mjs -- the loop under a test-controlled clock (requestAnimationFrame and
// performance.now replaced before the page runs). The laws: with the fixed-step accumulator the
// simulation runs 60 steps per simulated second whatever the display rate; coupled, it runs one
// step per display frame, so 120 Hz runs twice as fast as 60 Hz (the original's behaviour); a
// stall is clamped, not caught up in a burst.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, installClock, frames, framesOf, gap, stats, mainThread } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** A page on the test clock with the given settings, warmed up by a few frames. */
async function clocked(settings = {}) {
  const p = await openPage(browser);
  await installClock(p.page);
  await p.page.goto(`${server.origin}/${mainThread()}`); // the test clock drives the main thread
  await ready(p.page);
  await p.page.evaluate((s) => { for (const [k, v] of Object.entries(s)) window.silkApp.set(k, v); }, settings);
  await frames(p.page, 3, 60);
  return p;
}

/** Physics steps and rendered frames during `seconds` of display frames at `hz`. */
async function measure(page, hz, seconds = 10) {
  const a = await stats(page);
  await frames(page, Math.round(hz * seconds), hz);
  const b = await stats(page);
  return { steps: b.physicsSteps - a.physicsSteps, rendered: b.framesRendered - a.framesRendered, last: b };
}

for (const hz of [60, 120]) {
  test(`fixed step: 60 physics steps per simulated second on a ${hz} Hz display`, async () => {
    const { page, context, errors } = await clocked({ loopMode: 'fixed' });
    const m = await measure(page, hz);
    assert.ok(Math.abs(m.steps - 600) <= 1, `${m.steps} steps in 10 s at ${hz} Hz`);
    assert.equal(m.rendered, hz * 10);
    assert.ok(Math.abs(m.last.measuredHz - hz) < 0.5, `measured ${m.last.measuredHz} Hz`);
    assert.equal(m.last.droppedSeconds, 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('coupled: one step per display frame, so 120 Hz runs twice as fast as 60 Hz', async () => {
  const { page, context } = await clocked({ loopMode: 'coupled' });
  const at60 = await measure(page, 60);
  const at120 = await measure(page, 120);
  assert.equal(at60.steps, 600);
  assert.equal(at120.steps, 1200);
  await context.close();
});

test('simulated display rates on a 60 Hz screen: 120 and 30 Hz', async () => {
  const { page, context } = await clocked({ simulatedHz: 120, loopMode: 'coupled' });
  let m = await measure(page, 60);
  assert.ok(Math.abs(m.steps - 1200) <= 1, `coupled at simulated 120 Hz: ${m.steps} steps in 10 s`);
  await page.evaluate(() => window.silkApp.set('loopMode', 'fixed'));
  m = await measure(page, 60);
  assert.ok(Math.abs(m.steps - 600) <= 1, `fixed at simulated 120 Hz: ${m.steps}`);
  await page.evaluate(() => window.silkApp.set('simulatedHz', 30));
  m = await measure(page, 60);
  assert.ok(Math.abs(m.steps - 600) <= 1, `fixed at simulated 30 Hz: ${m.steps}`);
  assert.ok(Math.abs(m.rendered - 300) <= 1, `30 Hz shows 30 frames a second: ${m.rendered}`);
  await page.evaluate(() => window.silkApp.set('loopMode', 'coupled'));
  m = await measure(page, 60);
  assert.ok(Math.abs(m.steps - 300) <= 1, `coupled at simulated 30 Hz: ${m.steps}`);
  await context.close();
});

test('jittery display: the accumulator still gives 60 steps a second, coupled does not', async () => {
  const { page, context } = await clocked({ simulatedHz: 'jittery' });
  let m = await measure(page, 60, 20);
  // 20 s of real time; jittery frames carry at most one unfinished frame (<= 50 ms) over
  assert.ok(Math.abs(m.steps - 1200) <= 4, `fixed, jittery: ${m.steps} steps in 20 s`);
  await page.evaluate(() => window.silkApp.set('loopMode', 'coupled'));
  m = await measure(page, 60, 20);
  // one step per simulated frame of 4..50 ms (mean 27 ms): about 740 in 20 s, not 1200. Short
  // frames can fall two to one real rAF, which shows only the last, so steps >= frames shown.
  assert.ok(m.steps > 600 && m.steps < 900 && m.steps >= m.rendered, `coupled, jittery: ${m.steps} steps, ${m.rendered} frames in 20 s`);
  await context.close();
});

test('a stall is clamped (dropped), not caught up in a burst; alpha stays in [0, 1)', async () => {
  const { page, context } = await clocked();
  const a = await stats(page);
  await gap(page, 2000); // a 2 s hitch (a hidden tab, a GC pause, a slow device)
  await frames(page, 1, 60);
  const b = await stats(page);
  const steps = b.physicsSteps - a.physicsSteps;
  assert.ok(steps >= 1 && steps <= 7, `${steps} steps after a 2 s stall`);
  assert.ok(Math.abs(b.droppedSeconds - a.droppedSeconds - (2 + 1 / 60 - 0.1)) < 0.02, `dropped ${b.droppedSeconds - a.droppedSeconds} s`);
  assert.ok(b.alpha >= 0 && b.alpha < 1);
  // then back to normal
  const m = await measure(page, 60, 5);
  assert.ok(Math.abs(m.steps - 300) <= 1);
  await context.close();
});

test('paused: no steps, single step runs exactly one', async () => {
  const { page, context } = await clocked({ paused: true });
  let m = await measure(page, 60, 2);
  assert.equal(m.steps, 0);
  await page.evaluate(() => window.silkApp.singleStep());
  m = await measure(page, 60, 1);
  assert.equal(m.steps, 0);
  const s = await stats(page);
  await page.evaluate(() => window.silkApp.singleStep());
  assert.equal((await stats(page)).physicsSteps, s.physicsSteps + 1);
  await context.close();
});

test('alpha interpolates between the last two fixed steps at 144 Hz', async () => {
  const { page, context } = await clocked();
  const alphas = [];
  for (let k = 0; k < 12; k++) {
    await frames(page, 1, 144);
    alphas.push((await stats(page)).alpha);
  }
  // 144 Hz frames are 60/144 = 0.41667 of a step: alpha walks 0.417, 0.833, 0.25, ...
  for (let k = 1; k < alphas.length; k++) {
    const expected = (alphas[k - 1] + 60 / 144) % 1;
    assert.ok(Math.abs(alphas[k] - expected) < 1e-6, `alpha ${alphas[k]} after ${alphas[k - 1]}`);
  }
  await context.close();
});

test('a hidden page stops the loop and comes back without a jump', async () => {
  const { page, context } = await clocked();
  const setVisibility = (state) => page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
  await setVisibility('hidden');
  const a = await stats(page);
  await frames(page, 120, 60);
  await gap(page, 5000);
  const b = await stats(page);
  assert.equal(b.framesRendered, a.framesRendered, 'no frames while hidden');
  assert.equal(await page.evaluate(() => window.__testClock.pending), 0, 'no rAF pending while hidden');
  await setVisibility('visible');
  await frames(page, 1, 60); // the first frame after the return only sets the time base
  const c = await stats(page);
  assert.equal(c.physicsSteps, b.physicsSteps, 'no catch-up after 7 s hidden');
  assert.equal(c.droppedSeconds, b.droppedSeconds);
  const m = await measure(page, 60, 2);
  assert.ok(Math.abs(m.steps - 120) <= 1);
  await context.close();
});

test('a jittery 60 Hz clock still gives one step per frame (the frame-time filter), and keeps time', async () => {
  const { page, context } = await clocked();
  // rAF timestamps of a real 60 Hz screen wander by a fraction of a millisecond
  const durations = Array.from({ length: 600 }, (_, k) => 1000 / 60 + 0.45 * Math.sin(k * 1.7) + (k % 2 ? 0.3 : -0.3));
  const steps = [];
  for (let k = 0; k < durations.length; k += 1) {
    await framesOf(page, [durations[k]]);
    if (k >= 10) steps.push((await stats(page)).stepsThisFrame);
  }
  const counts = steps.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});
  assert.deepEqual(counts, { 1: steps.length }, `steps per frame: ${JSON.stringify(counts)}`);
  // Unfiltered, the same durations would give 0- and 2-step frames (an accumulator fed raw):
  let acc = 0;
  let irregular = 0;
  for (const ms of durations.slice(10)) {
    acc += ms;
    let n = 0;
    while (acc >= 1000 / 60 - 1e-9) { acc -= 1000 / 60; n++; }
    if (n !== 1) irregular++;
  }
  assert.ok(irregular > 50, `raw: ${irregular} irregular frames`);
  // and the filter keeps the total time
  const total = durations.reduce((a, b) => a + b, 0) / 1000;
  const s = await stats(page);
  assert.ok(Math.abs(s.physicsSteps - total * 60) <= 2, `${s.physicsSteps} steps for ${total} s`);
  await context.close();
});
