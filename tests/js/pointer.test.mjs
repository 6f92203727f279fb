// pointer.test.mjs -- the page's pointer-to-step mapping (web/kit/input.mjs advanceWithPointer):
// when one display frame runs several fixed steps, the queued (coalesced) pointer samples are
// spread over the steps, exactly as if each step had been fed its own sample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests, firstDifference } from './helpers.mjs';
import { advanceWithPointer } from '../../web/kit/input.mjs';

const silk = await loadSilkForTests();

function webWorld() {
  const w = silk.createWorld();
  w.buildScene('web');
  for (let k = 0; k < 90; k++) w.advance(1 / 60);
  return w;
}

const xs = Float64Array.of(300, 310, 320, 330);
const ys = Float64Array.of(200, 205, 210, 215);

test('two steps in one frame: step 1 gets sample 2, step 2 gets sample 4', () => {
  const a = webWorld();
  const b = webWorld();
  const c = webWorld();
  for (const w of [a, b, c]) w.dragBegin(100, 290, 195);
  const out = {};
  advanceWithPointer(a, 2 / 60, xs, ys, 4, out);
  assert.equal(out.steps, 2);
  // by hand: one sample per step
  b.dragMove(310, 205); b.advance(1 / 60);
  b.dragMove(330, 215); b.advance(1 / 60);
  assert.equal(firstDifference(a.positions, b.positions), -1);
  // the plain way (newest sample for the whole frame) is a different trajectory
  c.dragMove(330, 215); c.advance(2 / 60);
  assert.notEqual(firstDifference(a.positions, c.positions), -1);
});

test('the split keeps the clock: same steps, alpha and accumulator as one plain advance', () => {
  const a = webWorld();
  const b = webWorld();
  a.advance(0.4 / 60); b.advance(0.4 / 60); // a remainder in the accumulator
  a.dragBegin(100, 290, 195); b.dragBegin(100, 290, 195);
  const out = {};
  advanceWithPointer(a, 2.9 / 60, xs, ys, 4, out);
  const r = b.advance(2.9 / 60);
  assert.equal(out.steps, 3);
  assert.equal(r.steps, 3);
  assert.equal(out.alpha, r.alpha);
  assert.equal(a.diagnosticsView[31], b.diagnosticsView[31]); // DIAG.ACCUMULATOR
});

test('one step, coupled mode, or no drag: a plain advance with the newest sample', () => {
  const a = webWorld();
  const b = webWorld();
  a.loopMode = 'coupled'; b.loopMode = 'coupled';
  a.dragBegin(100, 290, 195); b.dragBegin(100, 290, 195);
  const out = {};
  advanceWithPointer(a, 2 / 60, xs, ys, 4, out);
  b.dragMove(330, 215); b.advance(2 / 60);
  assert.equal(out.steps, 1);
  assert.equal(firstDifference(a.positions, b.positions), -1);
});
