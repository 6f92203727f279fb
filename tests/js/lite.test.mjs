// lite.test.mjs -- the compat-only module silk-lite.wasm (silk.h silk_features; issue 26 item 3):
// the same exports as silk.wasm; every compat scene steps to the same bits on both; what needs
// the robust solver refuses with SILK_ERR_UNSUPPORTED and changes nothing; and silk.upgrade()
// moves a lite Silk's worlds to the full module keeping World objects, views and state hashes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importSilk, repoRoot } from './helpers.mjs';

const silkModule = process.env.SILK_MODULE ?? path.join(repoRoot, 'build', 'wasm', 'silk.mjs');
const liteFile = path.join(path.dirname(silkModule), 'silk-lite.wasm');
const fullFile = path.join(path.dirname(silkModule), 'silk.wasm');
const { loadSilk } = await importSilk();
const loadLite = () => loadSilk({ wasm: readFileSync(liteFile) });
const loadFull = () => loadSilk({ wasm: readFileSync(fullFile) });

const COMPAT_SCENES = ['web', 'cloth', 'tree'];
const FRAMES = 240;
const DT = 1 / 60;

function exportsOf(file) {
  return WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file)))
    .map((e) => `${e.name}:${e.kind}`).sort();
}

test('silk-lite.wasm exports exactly what silk.wasm exports, and is smaller', () => {
  assert.deepEqual(exportsOf(liteFile), exportsOf(fullFile));
  assert.ok(readFileSync(liteFile).length < readFileSync(fullFile).length * 0.8,
    `lite ${readFileSync(liteFile).length} bytes vs full ${readFileSync(fullFile).length}`);
});

test('silk.module says which module it is', async () => {
  assert.equal((await loadLite()).module, 'compat');
  assert.equal((await loadFull()).module, 'full');
});

/** Runs a scene FRAMES frames of advance(DT) with a drag in the middle; the hash after each 60. */
function run(silk, scene) {
  const w = silk.createWorld({ width: 800, height: 500 });
  w.buildScene(scene);
  const hashes = [];
  for (let f = 0; f < FRAMES; f++) {
    if (f === 60) w.dragBegin(w.particleCount >> 1, 400, 150);
    if (f > 60 && f < 90) w.dragMove(400 + f, 150 + f / 2);
    if (f === 90) w.dragEnd();
    w.advance(DT);
    if (f % 60 === 59) hashes.push(w.stateHash());
  }
  return hashes;
}

for (const scene of COMPAT_SCENES) {
  test(`${scene}: the same state hashes on silk-lite.wasm and silk.wasm over ${FRAMES} frames`, async () => {
    const lite = run(await loadLite(), scene);
    const full = run(await loadFull(), scene);
    assert.equal(lite.length, FRAMES / 60);
    assert.deepEqual(lite, full);
  });
}

test('what needs the robust solver refuses on lite with a clear error and changes nothing', async () => {
  const silk = await loadLite();
  const w = silk.createWorld({ width: 800, height: 500 });
  w.buildScene('web');
  w.advance(DT);
  const before = w.stateHash();
  assert.throws(() => w.setSolver('robust'), (e) => e instanceof Error && /compat solver only/.test(e.message));
  assert.equal(w.solver, 'compat');
  for (const scene of ['shapes', 'ball-pit', 'chain-cloth']) {
    assert.throws(() => w.buildScene(scene), (e) => /compat solver only|not in this module/.test(e.message), scene);
  }
  assert.equal(w.stateHash(), before, 'a refused build changes nothing');
  assert.throws(() => w.robustStep(DT), /compat solver only|not in this module/);
  assert.throws(() => silk.createWorld({ solver: 'robust' }), /compat solver only/);
  // static polygons are the robust solver's geometry: none on lite
  assert.throws(() => w.addPolygon({ points: [[0, 0], [50, 0], [0, 50]] }), /compat solver only/);
  assert.equal(w.polygonCount, 0);
  assert.equal(w.stateHash(), before);
  // a snapshot of a robust world from the full module is refused, naming why
  const full = await loadFull();
  const r = full.createWorld({ width: 800, height: 500, solver: 'robust' });
  r.buildScene('cloth');
  assert.throws(() => w.restore(r.snapshot()), /compat solver only/);
  assert.equal(w.stateHash(), before);
  // and so is a recording that switches to the robust solver
  const c = full.createWorld({ width: 800, height: 500 });
  c.buildScene('cloth');
  c.startRecording();
  c.advance(DT);
  c.setSolver('robust');
  c.advance(DT);
  const rec = c.stopRecording();
  assert.throws(() => w.playBegin(rec), /compat solver only|not in this module/);
  assert.equal(w.stateHash(), before);
});

test('upgrade moves every world to the full module: same objects, same hashes, then robust works', async () => {
  const silk = await loadLite();
  const ref = await loadFull();
  const worlds = COMPAT_SCENES.map((scene) => {
    const w = silk.createWorld({ width: 800, height: 500, friction: 0.98, watchdog: { autoRestore: true, speedLimit: 5000 } });
    w.buildScene(scene);
    return w;
  });
  const refs = COMPAT_SCENES.map((scene) => {
    const w = ref.createWorld({ width: 800, height: 500, friction: 0.98, watchdog: { autoRestore: true, speedLimit: 5000 } });
    w.buildScene(scene);
    return w;
  });
  // a fractional frame, so that the accumulator carries something over the move
  for (let f = 0; f < 100; f++) {
    for (const w of [...worlds, ...refs]) w.advance(DT * 0.7);
  }
  const positions = worlds[0].positions;
  const hashes = worlds.map((w) => w.stateHash());
  assert.deepEqual(hashes, refs.map((w) => w.stateHash()));
  const upgraded = await silk.upgrade();
  assert.equal(upgraded, silk);
  assert.equal(silk.module, 'full');
  assert.deepEqual(worlds.map((w) => w.stateHash()), hashes, 'the move keeps every state hash');
  // the watchdog's settings, which snapshots do not carry, came along
  const wd = (w) => w._silk._readStruct('silk_watchdog_def', (w._x.silk_js_get_watchdog(w._ptr, w._silk._scratch), w._silk._scratch));
  for (const w of worlds) assert.deepEqual(wd(w), wd(refs[0]));
  assert.equal(wd(worlds[0]).auto_restore, true);
  assert.equal(wd(worlds[0]).speed_limit, 5000);
  assert.notEqual(worlds[0].positions, positions, 'the views re-made themselves over the new memory');
  assert.equal(worlds[0].positions.length, positions.length);
  // and they keep stepping as the worlds that never moved
  for (let f = 0; f < 100; f++) {
    for (const w of [...worlds, ...refs]) w.advance(DT * 0.7);
  }
  assert.deepEqual(worlds.map((w) => w.stateHash()), refs.map((w) => w.stateHash()));
  assert.equal(worlds[1].diagnostics().totalSteps, refs[1].diagnostics().totalSteps);
  // the robust solver now works on the same World objects, with finite positions
  worlds[1].setSolver('robust');
  refs[1].setSolver('robust');
  for (let f = 0; f < 60; f++) {
    worlds[1].advance(DT);
    refs[1].advance(DT);
  }
  assert.equal(worlds[1].stateHash(), refs[1].stateHash());
  assert.ok(worlds[1].positions.every(Number.isFinite));
  worlds[2].buildScene('ball-pit');
  assert.equal(worlds[2].solver, 'robust');
  // a second upgrade does nothing
  assert.equal(await silk.upgrade(), silk);
  // a world created after the move lives in the full module
  const later = silk.createWorld({ solver: 'robust' });
  later.buildScene('chain-cloth');
  later.advance(DT);
  assert.ok(later.positions.every(Number.isFinite));
});

test('upgrade leaves a stepper on the module that made it: it goes on counting', async () => {
  const silk = await loadLite();
  const ref = await loadFull();
  const a = silk.createStepper({ stepSeconds: 1 / 60 });
  const b = ref.createStepper({ stepSeconds: 1 / 60 });
  const w = silk.createWorld();
  w.buildScene('web');
  for (let k = 0; k < 10; k++) assert.deepEqual({ ...a.advance(0.013) }, { ...b.advance(0.013) });
  await silk.upgrade();
  assert.equal(silk.module, 'full');
  for (let k = 0; k < 10; k++) assert.deepEqual({ ...a.advance(0.021) }, { ...b.advance(0.021) });
  w.advance(1 / 60); // the world's calls use the new module, the stepper's the old
  a.destroy();
  assert.equal(a.destroyed, true);
  const c = silk.createStepper();
  assert.equal(c.advance(1 / 60).steps, 1);
});

test('upgrade keeps a replay playing at the step it reached; refuses while recording', async () => {
  const full = await loadFull();
  const src = full.createWorld({ width: 800, height: 500 });
  src.buildScene('web');
  src.startRecording();
  for (let f = 0; f < 40; f++) {
    if (f === 10) src.dragBegin(src.particleCount >> 1, 400, 150);
    if (f === 20) src.dragEnd();
    src.advance(DT);
  }
  const rec = src.stopRecording();

  const silk = await loadLite();
  const w = silk.createWorld({ width: 800, height: 500 });
  w.playBegin(rec);
  for (let f = 0; f < 15; f++) w.advance(DT);
  const status = w.playStatus();
  assert.ok(status.playing && status.step > 0, JSON.stringify(status));
  const hash = w.stateHash();

  const recorder = silk.createWorld({ width: 800, height: 500 });
  recorder.buildScene('cloth');
  recorder.startRecording();
  await assert.rejects(silk.upgrade(), /recording/);
  assert.equal(silk.module, 'compat', 'a refused upgrade changes nothing');
  assert.equal(w.stateHash(), hash);
  recorder.stopRecording();

  await silk.upgrade();
  assert.equal(silk.module, 'full');
  assert.equal(w.stateHash(), hash);
  const moved = w.playStatus();
  assert.equal(moved.playing, true);
  assert.equal(moved.step, status.step);
  while (w.playStatus().playing) w.advance(DT);
  assert.equal(w.playStatus().matches, true, 'the replay finishes on the recorded hash');
});

test('upgrade with a compat-only module as its source refuses and changes nothing', async () => {
  const silk = await loadLite();
  const w = silk.createWorld();
  w.buildScene('cloth');
  const hash = w.stateHash();
  await assert.rejects(silk.upgrade(readFileSync(liteFile)), /compat solver only/);
  assert.equal(silk.module, 'compat');
  assert.equal(w.stateHash(), hash);
});

// ---- the runtime (web/kit/runtime.mjs, lite.mjs): starts on silk-lite.wasm, upgrades in order --

const { serveRuntime } = await import('../../web/kit/runtime.mjs');
const { createInThreadChannel } = await import('../../web/kit/protocol.mjs');
const { manualClock, fakeCanvas, RUNTIME_SETTINGS } = await import('./helpers.mjs');
const liteModule = await WebAssembly.compile(readFileSync(liteFile));
const fullModule = await WebAssembly.compile(readFileSync(fullFile));

async function startRun(module, { settings = RUNTIME_SETTINGS, fullWasm = fullModule, ...init } = {}) {
  const { host, runtime } = createInThreadChannel();
  const clock = manualClock();
  const replies = [];
  host.onmessage = ({ data }) => replies.push(data);
  const served = serveRuntime(runtime, { clock, fullWasm });
  host.postMessage({
    type: 'init', canvas: fakeCanvas(), module, settings, theme: 'light', transparent: false, paused: false,
    size: { dev: [800, 500], css: [800, 500] }, ...init,
  });
  for (let k = 0; k < 300 && !replies.some((r) => r.type === 'ready'); k++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(replies.some((r) => r.type === 'ready'), JSON.stringify(replies.filter((r) => r.type !== 'stats')));
  host.postMessage({ type: 'active', active: true });
  let id = 0;
  const call = async (name, args) => {
    const my = ++id;
    host.postMessage({ type: 'call', id: my, name, ...(args ? { args } : {}) });
    for (let k = 0; k < 300; k++) {
      const r = replies.find((m) => (m.type === 'result' || m.type === 'error') && m.id === my);
      if (r) { if (r.type === 'error') throw new Error(r.message); return r.value; }
      await new Promise((res) => setTimeout(res, 5));
    }
    throw new Error(`no answer to ${name}`);
  };
  const settle = async () => { for (let k = 0; k < 50; k++) await new Promise((r) => setTimeout(r, 5)); };
  return { host, clock, replies, served, call, settle, silk: () => served.run().silk, world: () => served.run().world };
}

test('runtime: a compat scene starts on silk-lite.wasm and a robust setting upgrades it in order, to the same bits', async () => {
  const a = await startRun(liteModule);
  const b = await startRun(fullModule);
  assert.equal(a.silk().module, 'compat');
  assert.equal(b.silk().module, 'full');
  let seq = 0;
  const both = (m) => { a.host.postMessage(m); b.host.postMessage(m); };
  for (const r of [a, b]) r.clock.tick(30);
  assert.equal(a.world().stateHash(), b.world().stateHash());
  // robust, then a setting right behind it: held until the upgrade, applied in order
  both({ type: 'set', name: 'solver', value: 'robust', seq: ++seq });
  both({ type: 'set', name: 'substeps', value: 6, seq: ++seq });
  await a.settle();
  assert.equal(a.silk().module, 'full', 'the run moved to silk.wasm');
  assert.equal(a.world().solver, 'robust');
  assert.equal(a.world().robust.substeps, 6, 'the setting behind it, applied after it');
  assert.equal(b.world().robust.substeps, 6);
  for (const r of [a, b]) r.clock.tick(30);
  assert.equal(a.world().stateHash(), b.world().stateHash(), 'the same state as a run that started on silk.wasm');
  assert.ok(a.world().positions.every(Number.isFinite));
  // a scene silk-lite.wasm does not have, on the moved run
  both({ type: 'set', name: 'scene', value: 'ball-pit', seq: ++seq });
  await a.settle();
  for (const r of [a, b]) r.clock.tick(10);
  assert.equal(a.world().stateHash(), b.world().stateHash());
  assert.ok(a.world().particleCount > 1000, 'the ball pit was built');
  assert.equal(a.replies.filter((m) => m.type === 'error' || m.type === 'rejected').length, 0,
    JSON.stringify(a.replies.filter((m) => m.type === 'error' || m.type === 'rejected')));
});

test('runtime: a scene that needs silk.wasm starts on it even when handed silk-lite.wasm', async () => {
  const r = await startRun(liteModule, { settings: { ...RUNTIME_SETTINGS, scene: 'shapes' } });
  assert.equal(r.silk().module, 'full');
  r.clock.tick(5);
  assert.ok(r.world().particleCount > 0);
});

test('runtime: the page recorder hands its window over an upgrade; "replay the last 10 s" matches', async () => {
  const r = await startRun(liteModule, { page: true });
  assert.equal(r.silk().module, 'compat');
  r.clock.tick(100);
  r.host.postMessage({ type: 'set', name: 'solver', value: 'robust', seq: 1 });
  await r.settle();
  assert.equal(r.silk().module, 'full');
  assert.equal(r.world().recording, true, 'recording again after the move');
  r.clock.tick(100);
  await r.call('replayLast');
  for (let k = 0; k < 400; k++) {
    r.clock.tick(1);
    if ((await r.call('replayStatus')).state === 'done') break;
  }
  const status = await r.call('replayStatus');
  assert.equal(status.state, 'done');
  assert.equal(status.parts.length, 2, 'the window before the move and the one after');
  assert.equal(status.matches, true, JSON.stringify(status.parts));
});

test('runtime: an upgrade that fails refuses what needed silk.wasm, applies the rest, and the run goes on', async () => {
  const r = await startRun(liteModule, { fullWasm: liteModule }); // "silk.wasm" that is not: the upgrade refuses
  r.clock.tick(10);
  const hash = r.world().stateHash();
  r.host.postMessage({ type: 'set', name: 'solver', value: 'robust', seq: 1 });
  r.host.postMessage({ type: 'set', name: 'friction', value: 0.9, seq: 2 });
  await r.settle();
  assert.equal(r.silk().module, 'compat');
  assert.equal(r.world().solver, 'compat');
  assert.equal(r.world().friction, 0.9, 'friction, behind it, was applied');
  assert.equal(r.world().stateHash(), hash, 'the refused solver changed nothing');
  const refused = r.replies.filter((m) => m.type === 'rejected');
  assert.equal(refused.length, 1, JSON.stringify(refused));
  assert.match(refused[0].reason, /set "solver": silk.wasm could not be loaded \(.*compat solver only.*\); nothing changed/);
  assert.equal(r.replies.filter((m) => m.type === 'error').length, 0);
  const f0 = r.served.run().world.diagnostics().totalSteps;
  r.clock.tick(10);
  assert.ok(r.world().diagnostics().totalSteps > f0, 'the run goes on');
});
