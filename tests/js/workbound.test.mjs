// workbound.test.mjs -- issue 21 item 2 through the binding: a run or a replay is bounded by
// work (element passes), not by frames or steps, and says so with a RangeError before it runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests, fnv1a } from './helpers.mjs';

const silk = await loadSilkForTests();
const { LIMITS } = await import(process.env.SILK_MODULE ?? new URL('../../build/wasm/silk.mjs', import.meta.url).href);

test('runFrames(1e7, 4096) throws RangeError at once instead of blocking for hours', () => {
  const w = silk.createWorld();
  w.buildScene('web');
  const hash = w.stateHash();
  const t0 = performance.now();
  assert.throws(() => w.runFrames(1e7, 4096), (e) => e instanceof RangeError && /^runFrames: /.test(e.message) &&
    /frames/.test(e.message) && /at most \d+ frames per call/.test(e.message));
  assert.ok(performance.now() - t0 < 1000, 'refused before running');
  assert.equal(w.stateHash(), hash, 'nothing ran');
  // the largest run the bound allows per call is named in the message, and it runs
  const elements = w.particleCount + w.constraintCount + 1;
  const most = Math.floor(LIMITS.LAB_MAX_PASSES / ((4096 + 1) * elements));
  assert.throws(() => w.runFrames(most + 1, 4096), RangeError);
  assert.equal(w.stateHash(), hash);
  w.runFrames(Math.min(most, 2), 4096);
  w.runFrames(30, 16); // the page's buttons
  w.destroy();
});

test('a recording that claims more work than SILK_REPLAY_MAX_PASSES is refused', () => {
  const w = silk.createWorld();
  w.buildScene('web');
  w.solver = 'robust';
  w.setRobust({ substeps: 256, iterations: 64, nearPasses: 64 });
  w.startRecording();
  w.advance(1 / 60);
  const bytes = w.stopRecording();
  const other = silk.createWorld();
  other.playBegin(bytes);
  const steps = bytes.length * LIMITS.REPLAY_STEPS_PER_BYTE; // what the old bound allowed (~2 M)
  const patched = Uint8Array.from(bytes);
  const view = new DataView(patched.buffer);
  view.setBigUint64(16, BigInt(steps), true);
  const [lo, hi] = fnv1a(patched, 0, patched.length - 8);
  view.setUint32(patched.length - 8, lo, true);
  view.setUint32(patched.length - 4, hi, true);
  assert.throws(() => other.replay(patched), (e) => e instanceof Error && /replay/.test(e.message));
  assert.throws(() => other.playBegin(patched), Error);
  w.destroy();
  other.destroy();
});

test('stepSweep is bounded by work the same way (frames x count), with a RangeError', () => {
  const t0 = performance.now();
  assert.throws(() => silk.stepSweep({ frames: 1e6, count: 256 }), (e) => e instanceof RangeError &&
    /^stepSweep: /.test(e.message) && /more work than one call may block for/.test(e.message));
  assert.ok(performance.now() - t0 < 2000, 'refused after building one scene, before any row ran');
  assert.equal(silk.stepSweep({ frames: 2, count: 2 }).length, 2);
  assert.equal(silk.stepSweep().length, 32); // the page's sweep is far below the bound
  assert.throws(() => silk.stepSweep({ tensor: -1 }), (e) => e instanceof RangeError && /tensor/.test(e.message));
});
