// play.test.mjs -- a replay you can watch (playBegin) reaches the same state as the recorded
// run and as the batch replay, whatever display rate drives it, and says so by hash.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests } from './helpers.mjs';

const silk = await loadSilkForTests();

/** A run with drags and a setting change, recorded; returns the recording and the final hash. */
function recordRun(solver) {
  const w = silk.createWorld({ solver, seed: 3 });
  w.buildScene('web');
  w.startRecording();
  for (let f = 0; f < 240; f++) {
    if (f === 30) w.dragBegin(0, 300, 120);
    if (f > 30 && f < 90) w.dragMove(300 + f, 120 + f / 3);
    if (f === 90) w.dragEnd();
    if (f === 120) w.friction = 0.97;
    w.advance(1 / 60);
  }
  const bytes = w.stopRecording();
  const hash = w.stateHash();
  w.destroy();
  return { bytes, hash };
}

for (const solver of ['compat', 'robust']) {
  test(`${solver}: watching a replay at 144 Hz with jitter ends on the recorded hash`, () => {
    const { bytes, hash } = recordRun(solver);
    const batch = silk.createWorld();
    const r = batch.replay(bytes);
    assert.equal(r.matches, true);
    assert.equal(r.hash, hash);

    const w = silk.createWorld();
    w.buildScene('cloth'); // whatever it showed before: the recording's snapshot replaces it
    w.playBegin(bytes);
    let s = w.playStatus();
    assert.equal(s.playing, true);
    assert.equal(s.steps, 240);
    let frames = 0;
    while (w.playStatus().playing && frames < 10000) {
      w.advance((1 / 144) * (1 + 0.3 * Math.sin(frames * 1.7)));
      frames++;
    }
    s = w.playStatus();
    assert.equal(s.finished, true);
    assert.equal(s.step, 240);
    assert.equal(s.hash, hash, 'the watched replay ends where the recorded run ended');
    assert.equal(s.matches, true);
    // after the end, the world runs on normally
    w.advance(1 / 60);
    assert.notEqual(w.stateHash(), hash);
    w.destroy();
    batch.destroy();
  });
}

test('playBegin rejects corrupt bytes and leaves the world as it was', () => {
  const { bytes } = recordRun('robust');
  const w = silk.createWorld();
  w.buildScene('web');
  const before = w.stateHash();
  const bad = bytes.slice();
  bad[60] ^= 0xff;
  assert.throws(() => w.playBegin(bad), /playBegin: .*(snapshot|recording|format)/);
  assert.equal(w.stateHash(), before);
  assert.equal(w.playStatus().playing, false);
  w.destroy();
});

test('playStop stops applying inputs; a scene rebuild stops it too', () => {
  const { bytes } = recordRun('robust');
  const w = silk.createWorld();
  w.playBegin(bytes);
  w.advance(1 / 60);
  assert.equal(w.playStatus().step, 1);
  w.playStop();
  assert.equal(w.playStatus().playing, false);
  w.playBegin(bytes);
  w.buildScene('tree');
  assert.equal(w.playStatus().playing, false);
  w.destroy();
});
