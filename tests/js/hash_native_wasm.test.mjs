// hash_native_wasm.test.mjs -- the robust solver gives the same bits natively and in wasm.
//
// Three builds of the same C run the same scenes: the native silk-lab (gcc, glibc), the wasm
// silk-lab.js (emscripten, musl; the C test harness's module) and silk.mjs over silk.wasm (the
// page's module, in this V8). Their state hashes must be equal after 10,000 steps of every
// scene, and a recording made through silk.mjs must replay natively to its own hash. A fourth
// build, silk-lab-scalar (native, SIMD off), must reach the SIMD build's hashes.
// The native binaries come from the native tree (scripts/build.sh builds it first); a missing
// binary fails the test rather than skipping it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importSilk, repoRoot } from './helpers.mjs';

const mod = await importSilk();
const silk = await mod.loadSilk();
const nativeLab = process.env.SILK_NATIVE_LAB ?? path.join(repoRoot, 'build', 'native', 'silk-lab');
const wasmLab = process.env.SILK_WASM_LAB ?? path.join(repoRoot, 'build', 'wasm', 'silk-lab.js');
const scalarLab = process.env.SILK_NATIVE_SCALAR_LAB ?? path.join(repoRoot, 'build', 'native', 'silk-lab-scalar');

function nativeHash(args, lab = nativeLab) {
  assert.ok(existsSync(lab), `native ${path.basename(lab)} not found at ${lab}: build the native tree first (scripts/build.sh)`);
  return execFileSync(lab, ['hash', ...args], { encoding: 'utf8' }).split('\n')[0].trim();
}

function wasmLabHash(args) {
  assert.ok(existsSync(wasmLab), `wasm silk-lab.js not found at ${wasmLab}`);
  return execFileSync(process.execPath, ['--no-experimental-fetch', wasmLab, 'hash', ...args], { encoding: 'utf8' })
    .split('\n')[0].trim();
}

function moduleHash({ scene, seed, frames, substeps, iterations, tethers, nearPasses, chains, nearMobility }) {
  const w = silk.createWorld({
    seed, solver: 'robust', ...(substeps ? { substeps } : {}), ...(iterations ? { iterations } : {}),
    ...(tethers !== undefined ? { tethers } : {}), ...(nearPasses ? { nearPasses } : {}),
    ...(chains !== undefined ? { chains } : {}), ...(nearMobility ? { nearMobility } : {}),
  });
  w.buildScene(scene);
  for (let f = 0; f < frames; f++) w.advance(1 / 60);
  const h = w.stateHash();
  assert.equal(w.health(), 'healthy');
  w.destroy();
  return h;
}

// The ball pit's 2,000 colliding balls cost ~50x the web's step: 1,200 steps (20 s, the pour
// and the pile settling) keep its three runs within the suite's time and still cross every
// contact path (particle-particle, particle-polygon, restitution).
const FRAMES = { 'ball-pit': 1200 };
for (const scene of mod.SCENES) {
  const frames = FRAMES[scene] ?? 10000;
  test(`${scene}: native, wasm C and silk.mjs agree after ${frames.toLocaleString('en')} robust steps`, () => {
    const args = ['--scene', scene, '--solver', 'robust', '--seed', '7', '--frames', String(frames)];
    const native = nativeHash(args);
    assert.match(native, /^[0-9a-f]{16}$/);
    assert.equal(moduleHash({ scene, seed: 7, frames }), native, 'silk.mjs');
    assert.equal(wasmLabHash(args), native, 'silk-lab.js');
  });
}

test('web: seeds and substeps agree too (600 steps)', () => {
  for (const seed of [1, 2, 12345]) {
    for (const substeps of [1, 4, 16]) {
      const native = nativeHash(['--scene', 'web', '--seed', String(seed), '--frames', '600', '--substeps', String(substeps)]);
      assert.equal(moduleHash({ scene: 'web', seed, frames: 600, substeps }), native, `seed ${seed} substeps ${substeps}`);
    }
  }
});

test('iterations and tethers agree too (600 steps; the multiplier-carrying passes)', () => {
  for (const scene of mod.SCENES) {
    for (const [iterations, tethers] of [[2, false], [3, true]]) {
      const args = ['--scene', scene, '--seed', '7', '--frames', '600', '--substeps', '4',
        '--iterations', String(iterations), '--tethers', tethers ? '1' : '0'];
      const native = nativeHash(args);
      assert.equal(moduleHash({ scene, seed: 7, frames: 600, substeps: 4, iterations, tethers }), native,
        `${scene} iterations ${iterations} tethers ${tethers}`);
    }
  }
});

// robust_batch.c solves two independent records per two-double register (SSE2 natively,
// simd128 in wasm) and promises the scalar loop's bits; silk-lab-scalar is the same engine
// built with SILK_NO_SIMD, so every lane path is checked against the scalar one here.
test('the engine without SIMD (silk-lab-scalar) reaches the same hashes as with it', () => {
  for (const scene of mod.SCENES) {
    for (const extra of [['--substeps', '1'], ['--substeps', '8'], ['--substeps', '3', '--iterations', '3', '--tethers', '1']]) {
      const args = ['--scene', scene, '--seed', '5', '--frames', '1500', ...extra];
      assert.equal(nativeHash(args, scalarLab), nativeHash(args), `${scene} ${extra.join(' ')}`);
    }
  }
});

test('a recording made in wasm replays natively to the same hash', () => {
  const w = silk.createWorld({ seed: 3, solver: 'robust' });
  w.buildScene('web');
  for (let f = 0; f < 90; f++) w.advance(1 / 60);
  const info = w.spiderInfo();
  w.startRecording();
  for (let f = 0; f < 900; f++) {
    if (f === 30) w.dragBegin(info.abdomen, 380, 260);
    if (f > 30 && f < 200) w.dragMove(380 + Math.sin(f / 20) * 60, 260 - f / 4);
    if (f === 200) w.dragEnd();
    if (f === 300) w.dragBegin(4, 500, 40); // a web pin
    if (f === 360) w.dragEnd();
    if (f === 400) w.setRobust({ substeps: 6, damping: 1.5 });
    w.advance([1 / 60, 1 / 120, 1 / 144, 0.05][f % 4]);
  }
  const file = w.stopRecording();
  const hash = w.stateHash();
  w.destroy();
  const dir = mkdtempSync(path.join(tmpdir(), 'silk-replay-'));
  try {
    const name = path.join(dir, 'recording.silkrec');
    writeFileSync(name, file);
    const out = execFileSync(nativeLab, ['replay', name], { encoding: 'utf8' });
    assert.equal(out.split('\n')[0].trim(), hash);
    assert.match(out, /same hash/);
    const corrupt = Uint8Array.from(file);
    corrupt[100] ^= 1;
    writeFileSync(name, corrupt);
    assert.throws(() => execFileSync(nativeLab, ['replay', name], { stdio: 'pipe' }), (e) => e.status === 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The opt-in stiffness settings (docs/notes/2026-12-robust-stiff-cloth.md): repeated near passes, and the
// chain solve (robust_chain.c: one tridiagonal solve per path, scalar everywhere, so the SIMD
// and scalar builds must agree as well as native and wasm).
test('near passes and chains agree too: native, scalar, wasm C and silk.mjs (600 steps)', () => {
  const settings = [
    { nearPasses: 4, args: ['--near-passes', '4'] },
    { nearMobility: 0.25, substeps: 15, args: ['--near-mobility', '0.25', '--substeps', '15'] },
    { chains: true, iterations: 2, substeps: 2, args: ['--chains', '1', '--iterations', '2', '--substeps', '2'] },
    { chains: true, tethers: true, substeps: 6, args: ['--chains', '1', '--tethers', '1', '--substeps', '6'] },
  ];
  // the ball pit has no links: near passes and chains have nothing there to act on
  for (const scene of mod.SCENES.filter((s) => s !== 'ball-pit')) {
    const plain = nativeHash(['--scene', scene, '--seed', '7', '--frames', '600']);
    for (const { args: extra, ...opts } of settings) {
      const args = ['--scene', scene, '--seed', '7', '--frames', '600', ...extra];
      const native = nativeHash(args);
      assert.notEqual(native, plain, `${scene} ${extra.join(' ')}: the setting changes the run`);
      assert.equal(nativeHash(args, scalarLab), native, `${scene} ${extra.join(' ')}: scalar build`);
      assert.equal(wasmLabHash(args), native, `${scene} ${extra.join(' ')}: silk-lab.js`);
      assert.equal(moduleHash({ scene, seed: 7, frames: 600, ...opts }), native, `${scene} ${extra.join(' ')}: silk.mjs`);
    }
  }
});

test('a recording that turns chains, near passes and near mobility on and off replays natively to its hash', () => {
  const w = silk.createWorld({ seed: 4, solver: 'robust', chains: true, iterations: 2, substeps: 3 });
  w.buildScene('cloth');
  for (let f = 0; f < 60; f++) w.advance(1 / 60);
  w.startRecording();
  for (let f = 0; f < 600; f++) {
    if (f === 100) w.setRobust({ chains: false, nearPasses: 5, nearMobility: 0.3 });
    if (f === 250) w.setRobust({ nearPasses: 1, chains: true });
    if (f === 400) w.setRobust({ chains: false, nearMobility: 1 });
    w.advance(1 / 60);
  }
  const file = w.stopRecording();
  const hash = w.stateHash();
  assert.deepEqual([w.robust.chains, w.robust.nearPasses], [false, 1]);
  w.destroy();
  const dir = mkdtempSync(path.join(tmpdir(), 'silk-replay-'));
  try {
    const name = path.join(dir, 'recording.silkrec');
    writeFileSync(name, file);
    const out = execFileSync(nativeLab, ['replay', name], { encoding: 'utf8' });
    assert.equal(out.split('\n')[0].trim(), hash);
    assert.match(out, /same hash/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
