// rate.test.mjs -- the readouts' measured stepping rate (web/kit/rate.mjs) and the pure parts of
// theme="page" (web/kit/page-theme.mjs: colour parsing, the dark/light threshold).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRateMeter, loopRate, rateKey, SPAN_MS } from '../../web/kit/rate.mjs';
import { parseComputedColour, rgbLuminance, DARK_LUMINANCE, resolveHostTheme } from '../../web/kit/page-theme.mjs';

/** Feeds the meter `seconds` of stats every 250 ms at `perSecond` steps/s from t0. */
function feed(meter, { from = 0, steps = 0, perSecond, seconds, key = '' }) {
  let t = from;
  let n = steps;
  for (let k = 0; k <= seconds * 4; k++) {
    meter.sample(Math.round(n), t, key);
    t += 250;
    n += perSecond / 4;
  }
  return { t, n };
}

test('rate: steps per second over the last second, 0 until measured', () => {
  const m = createRateMeter();
  assert.equal(m.rate, 0);
  m.sample(0, 0);
  assert.equal(m.rate, 0, 'one sample measures nothing');
  feed(m, { perSecond: 60, seconds: 3 });
  assert.equal(m.rate, 60);
  assert.ok(m.spanMs >= SPAN_MS && m.spanMs < SPAN_MS + 250, `window ${m.spanMs} ms`);
});

test('rate: follows a change within a second; a 120 Hz coupled loop reads 120', () => {
  const m = createRateMeter();
  const { t, n } = feed(m, { perSecond: 60, seconds: 3 });
  feed(m, { from: t, steps: n, perSecond: 120, seconds: 2 });
  assert.equal(m.rate, 120);
});

test('rate: a stop (gap), a counter that went back or a new key starts afresh', () => {
  const m = createRateMeter();
  let { t, n } = feed(m, { perSecond: 60, seconds: 2 });
  m.sample(n, t + 5000); // the loop stopped 5 s (off-screen): not averaged in
  assert.equal(m.rate, 0);
  ({ t, n } = feed(m, { from: t + 5250, steps: n, perSecond: 60, seconds: 2 }));
  assert.equal(m.rate, 60);
  m.sample(3, t + 250); // a rebuild: the counter restarted
  assert.equal(m.rate, 0);
  feed(m, { from: t + 500, steps: 3, perSecond: 30, seconds: 2, key: 'paused' });
  assert.equal(m.rate, 30);
  m.sample(10_000, t + 3000, 'other');
  assert.equal(m.rate, 0, 'a new key');
  m.sample(Number.NaN, t + 3250, 'other');
  assert.equal(m.rate, 0, 'non-finite samples are ignored');
});

test('rate: the readout words', () => {
  assert.equal(loopRate('fixed', 59.6), 'fixed loop · 60 steps/s');
  assert.equal(loopRate('coupled', 0), 'coupled loop · … steps/s');
  assert.equal(rateKey({ paused: false, builds: 2, settings: { loopMode: 'fixed', simulatedHz: 120 } }), 'false|fixed|120|2');
});

test('page theme: computed colours parse; the threshold sits where black and white text tie', () => {
  assert.deepEqual(parseComputedColour('rgb(13, 17, 23)'), [13, 17, 23, 1]);
  assert.deepEqual(parseComputedColour('rgba(0, 0, 0, 0)'), [0, 0, 0, 0]);
  assert.deepEqual(parseComputedColour('rgb(255 255 255 / 50%)'), [255, 255, 255, 0.5]);
  assert.deepEqual(parseComputedColour('transparent'), [0, 0, 0, 0]);
  assert.equal(parseComputedColour('oklch(0.2 0 0)'), null);
  // at DARK_LUMINANCE, contrast with black equals contrast with white
  assert.ok(Math.abs((DARK_LUMINANCE + 0.05) / 0.05 - 1.05 / (DARK_LUMINANCE + 0.05)) < 1e-9);
  assert.ok(rgbLuminance([13, 17, 23]) < DARK_LUMINANCE, '#0d1117 is dark');
  assert.ok(rgbLuminance([255, 255, 255]) > DARK_LUMINANCE);
  assert.ok(rgbLuminance([117, 117, 117]) < DARK_LUMINANCE && rgbLuminance([118, 118, 118]) > DARK_LUMINANCE, 'mid grey splits at 117/118 (early.js: < 118)');
});

test('page theme: with no page to read (Node, no frame), page is auto; light and dark stay', () => {
  const win = { matchMedia: (q) => ({ matches: q.includes('dark') }) };
  assert.equal(resolveHostTheme('page', null, win), 'dark');
  assert.equal(resolveHostTheme('page', null, { matchMedia: () => ({ matches: false }) }), 'light');
  assert.equal(resolveHostTheme('light', null, win), 'light');
  assert.equal(resolveHostTheme('dark', null, {}), 'dark');
  assert.equal(resolveHostTheme('auto', null, win), 'dark');
});
