// reliability.test.mjs -- the reliability issue's findings, through the JS binding (issue 11;
// tests/c/test_reliability.c has all ten in C). Each builds the bytes or the call that used
// to get in and checks that it now throws and leaves the world (and a replay in progress)
// exactly as it was.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fnv1a, loadSilkForTests } from './helpers.mjs';

const silk = await loadSilkForTests();

const SNAP_HEADER = 32;
const AT_FRAME_COUNT = 88;


function reseal(bytes, recording) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const put = (at, [lo, hi]) => { v.setUint32(at, lo, true); v.setUint32(at + 4, hi, true); };
  if (recording) {
    const snap = v.getUint32(32, true);
    put(48 + 24, fnv1a(bytes, 48 + 32, 48 + snap));
    put(bytes.length - 8, fnv1a(bytes, 0, bytes.length - 8));
  } else {
    put(24, fnv1a(bytes, SNAP_HEADER, bytes.length));
  }
  return bytes;
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function recorded() {
  const w = silk.createWorld({ seed: 2 });
  w.solver = 'robust';
  w.buildScene('cloth');
  w.startRecording();
  w.dragBegin(5, 300, 200);
  for (let i = 0; i < 20; i++) w.advance(1 / 60);
  w.dragEnd();
  const bytes = w.stopRecording();
  w.destroy();
  return bytes;
}

function rejects(w, method, bytes) {
  const before = w.snapshot();
  const play = JSON.stringify(w.playStatus());
  assert.throws(() => w[method](bytes), (e) => e.constructor === Error || e instanceof RangeError);
  assert.ok(same(before, w.snapshot()), `${method}: the world is unchanged`);
  assert.equal(JSON.stringify(w.playStatus()), play, `${method}: the replay is unchanged`);
}

test('finding 3: bad bytes given to playBegin or replay leave a replay in progress running', () => {
  const bytes = recorded();
  const w = silk.createWorld();
  w.playBegin(bytes);
  w.advance(1 / 60);
  const bad = bytes.slice();
  bad[200] ^= 1;
  rejects(w, 'playBegin', bad);
  rejects(w, 'replay', bad);
  rejects(w, 'playBegin', bytes.slice(0, 40));
  assert.equal(w.playStatus().playing, true);
  while (w.playStatus().playing) w.advance(1 / 60);
  assert.equal(w.playStatus().matches, true, 'and it still ends on the recorded hash');
  w.destroy();
});

test('finding 4: step lengths outside [1e-6, 10] s throw RangeError naming the argument', () => {
  const w = silk.createWorld();
  w.solver = 'robust';
  w.buildScene('web');
  const before = w.snapshot();
  for (const h of [1e-150, 5e-324, 1e-160, 1e100, 1e300, 0.99e-6, 10.01]) {
    assert.throws(() => w.robustStep(h), (e) => e instanceof RangeError && /robustStep: seconds/.test(e.message));
    assert.throws(() => w.setStepper({ stepSeconds: h }), (e) => e instanceof RangeError && /stepSeconds/.test(e.message));
    assert.throws(() => silk.createWorld({ stepSeconds: h }), (e) => e instanceof RangeError && /stepSeconds/.test(e.message));
    assert.throws(() => w.setRobust({ ...w.robust, maxStepSeconds: h }), (e) => e instanceof RangeError && /maxStepSeconds/.test(e.message));
  }
  assert.ok(same(before, w.snapshot()));
  for (const h of [1e-6, 1 / 60, 10]) {
    w.robustStep(h);
    assert.ok(w.positions.every(Number.isFinite), `finite after a ${h} s step`);
  }
  w.setRobust(w.robust); // a world accepts its own settings
  w.destroy();
});

test('finding 6: a snapshot whose frame counter would overflow is refused', () => {
  const w = silk.createWorld();
  w.buildScene('tree');
  const bytes = w.snapshot();
  const v = new DataView(bytes.buffer, bytes.byteOffset);
  v.setUint32(SNAP_HEADER + AT_FRAME_COUNT, 0xffffffff, true);
  v.setUint32(SNAP_HEADER + AT_FRAME_COUNT + 4, 0x7fffffff, true); // INT64_MAX
  const other = silk.createWorld();
  rejects(other, 'restore', reseal(bytes, false));
  other.destroy();
  w.destroy();
});

test('findings 7, 8, 10: recordings with bad events, impossible step counts or reserved bytes are refused', () => {
  const bytes = recorded();
  const w = silk.createWorld();
  // 7: a step-length event of NaN (the first event's x)
  const snapSize = new DataView(bytes.buffer, bytes.byteOffset).getUint32(32, true);
  const events = 48 + snapSize;
  for (const [type, x] of [[14, NaN], [14, -1], [12, 1e300], [12, NaN]]) {
    const bad = bytes.slice();
    const v = new DataView(bad.buffer);
    v.setUint32(events + 8, type, true);
    v.setFloat64(events + 16, x, true);
    rejects(w, 'replay', reseal(bad, true));
  }
  // 8: 2^40 steps claimed by a file of a few kilobytes
  const long = bytes.slice();
  new DataView(long.buffer).setUint32(16 + 4, 256, true);
  rejects(w, 'replay', reseal(long, true));
  rejects(w, 'playBegin', long);
  // 10: the reserved header word
  const reserved = bytes.slice();
  reserved[13] = 1;
  rejects(w, 'replay', reseal(reserved, true));
  const snap = w.snapshot();
  snap[14] = 1;
  rejects(w, 'restore', snap);
  w.destroy();
});

test('finding 8: playRun replays in slices that can stop', () => {
  const bytes = recorded();
  const w = silk.createWorld();
  w.playBegin(bytes);
  assert.equal(w.playRun(5), 5);
  assert.equal(w.playStatus().step, 5);
  w.playStop();
  assert.equal(w.playRun(5), 0);
  assert.throws(() => w.playRun(-1), RangeError);
  assert.throws(() => w.playRun('5'), TypeError);
  w.playBegin(bytes);
  while (w.playRun(7) > 0);
  assert.equal(w.playStatus().matches, true);
  w.destroy();
});

test('finding 9: polygons with overflowing edges are refused', () => {
  const w = silk.createWorld();
  for (const points of [[[0, 0], [1.5e154, 0], [1.5e154, 1]], [[-1e308, 0], [1e308, 0], [0, 1e308]]]) {
    assert.throws(() => w.addPolygon({ points }), RangeError);
  }
  assert.equal(w.polygonCount, 0);
  w.destroy();
});
