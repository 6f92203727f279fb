// robust.test.mjs -- the robust solver through the JS binding: options, live switching,
// health, hashes, snapshots, recording and replay, and verlet-js's two JavaScript defects.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { importSilk, repoRoot } from './helpers.mjs';

const mod = await importSilk();
const silk = await mod.loadSilk();
const { DIAG, SOLVERS, HEALTHS } = mod;

function run(w, steps, dt = 1 / 60) {
  for (let i = 0; i < steps; i++) w.advance(dt);
}

function robustWeb(seed = 1, extra = {}) {
  const w = silk.createWorld({ seed, solver: 'robust', ...extra });
  w.buildScene('web');
  return w;
}

test('createWorld: the default stays compat; solver, substeps and robust options apply', () => {
  const c = silk.createWorld();
  assert.equal(c.solver, 'compat');
  assert.equal(c.robust.substeps, 8);
  assert.equal(c.robust.gravity[1], 720); // 0.2 px/frame^2 at 60 Hz
  c.destroy();
  const r = silk.createWorld({ solver: 'robust', substeps: 4, iterations: 2, restitution: 0.5, ceiling: false, tethers: true });
  assert.equal(r.solver, 'robust');
  assert.deepEqual([r.robust.substeps, r.robust.iterations, r.robust.restitution, r.robust.ceiling, r.robust.tethers], [4, 2, 0.5, false, true]);
  r.setRobust({ tethers: false });
  assert.equal(r.robust.tethers, false);
  assert.throws(() => r.setRobust({ tethers: 1 }), (e) => e instanceof TypeError && /tethers/.test(e.message));
  r.destroy();
  // the robust settings follow the compat ones given
  const g = silk.createWorld({ gravity: [0, 0.1], friction: 1 });
  assert.equal(g.robust.gravity[1], 360);
  assert.equal(g.robust.damping, 0);
  g.destroy();
  assert.throws(() => silk.createWorld({ solver: 'xpbd' }), (e) => e instanceof RangeError && /solver/.test(e.message));
  assert.throws(() => silk.createWorld({ solver: 1 }), (e) => e instanceof TypeError && /solver/.test(e.message));
  assert.throws(() => silk.createWorld({ substeps: 0 }), (e) => e instanceof RangeError && /substeps/.test(e.message));
  assert.throws(() => silk.createWorld({ restitution: 2 }), (e) => e instanceof RangeError && /restitution/.test(e.message));
  assert.deepEqual([...SOLVERS], ['compat', 'robust']);
  assert.deepEqual([...HEALTHS], ['healthy', 'exploding', 'nonfinite']);
});

test('robustFromCompat maps per-frame settings to rates per second', () => {
  const r = silk.robustFromCompat({ gravity: [0, 0.2], friction: 0.99, groundFriction: 0.8 });
  assert.equal(r.gravity[1], 720);
  assert.ok(Math.abs(r.damping - -60 * Math.log(0.99)) < 1e-12);
  assert.ok(Math.abs(r.groundFriction - -60 * Math.log(0.8)) < 1e-12);
  assert.ok(silk.complianceFromStiffness(1) < silk.complianceFromStiffness(0.5));
  assert.equal(silk.complianceFromStiffness(4), 0);
});

test('setSolver switches live and keeps the motion', () => {
  const w = silk.createWorld({ gravity: [0, 0], friction: 1, width: 1e6, height: 1e6 });
  w.setRobust({ gravity: [0, 0], damping: 0 });
  const c = w.addComposite();
  const p = w.addParticle(c, 1000, 1000);
  w.setLastPosition(p, 997, 1000); // 3 px per frame
  run(w, 10);
  w.setSolver('robust');
  assert.equal(w.solver, 'robust');
  run(w, 10);
  w.solver = 'compat';
  run(w, 10);
  assert.ok(Math.abs(w.positions[0] - 1090) < 1e-9, `x = ${w.positions[0]}`);
  assert.throws(() => w.setSolver('fast'), RangeError);
  w.destroy();
});

test('addDistance / addAngle: positional signatures still work, options add compliance', () => {
  const w = silk.createWorld({ solver: 'robust' });
  const c = w.addComposite();
  const a = w.addParticle(c, 100, 100);
  const b = w.addParticle(c, 120, 100);
  const d = w.addParticle(c, 120, 130);
  const i0 = w.addDistance(c, a, b, 1); // rest = current length, compliance mapped from k
  const i1 = w.addDistance(c, a, b, 1, 25); // explicit rest
  const i2 = w.addDistance(c, a, b, 1, { compliance: 0 }); // options in rest's place
  const i3 = w.addDistance(c, a, b, 0.5, 30, { compliance: 1e-4 });
  const i4 = w.addAngle(c, a, b, d, 0.4);
  const i5 = w.addAngle(c, a, b, d, 0.4, { compliance: 0.25 });
  assert.deepEqual([i0, i1, i2, i3, i4, i5], [0, 1, 2, 3, 4, 5]);
  assert.equal(w.constraint(c, i0).rest, 20);
  assert.equal(w.constraint(c, i1).rest, 25);
  assert.equal(w.constraint(c, i2).rest, 20);
  assert.equal(w.compliance(c, i0), silk.complianceFromStiffness(1));
  assert.equal(w.compliance(c, i2), 0);
  assert.equal(w.constraint(c, i3).compliance, 1e-4);
  assert.equal(w.constraintCompliance[i5], 0.25);
  assert.ok(w.compliance(c, i4) > 0);
  w.setCompliance(c, i4, 0);
  assert.equal(w.compliance(c, i4), 0);
  assert.throws(() => w.addDistance(c, a, b, 1, { compliance: -1 }), (e) => e instanceof RangeError && /compliance/.test(e.message));
  assert.throws(() => w.addAngle(c, a, b, d, 1, { compliance: NaN }), (e) => e instanceof RangeError && /compliance/.test(e.message));
  assert.throws(() => w.addAngle(c, a, b, d, 1, 5), (e) => e instanceof TypeError && /options/.test(e.message));
  assert.throws(() => w.setCompliance(c, 99, 0), RangeError);
  w.setMass(b, 4);
  assert.equal(w.inverseMass(b), 0.25);
  w.setInverseMass(b, 0);
  assert.equal(w.inverseMass(b), 0);
  assert.throws(() => w.setMass(b, 0), (e) => e instanceof RangeError && /mass/.test(e.message));
  assert.throws(() => w.setInverseMass(b, -1), (e) => e instanceof RangeError && /inverseMass/.test(e.message));
  w.destroy();
});

test('health, stateHash and the new diagnostics fields', () => {
  const w = robustWeb(2);
  run(w, 120);
  assert.equal(w.health(), 'healthy');
  assert.match(w.stateHash(), /^[0-9a-f]{16}$/);
  const d = w.diagnostics();
  assert.equal(d.solver, 'robust');
  assert.equal(d.health, 'healthy');
  assert.equal(d.substeps, 8);
  assert.ok(d.speedMax > 0);
  assert.equal(w.diagnosticsView[DIAG.HEALTH], 0);
  // the same run twice gives the same hash; one more step does not
  const v = robustWeb(2);
  run(v, 120);
  assert.equal(v.stateHash(), w.stateHash());
  run(v, 1);
  assert.notEqual(v.stateHash(), w.stateHash());
  w.destroy();
  v.destroy();
  // compat at one pass per frame: the web explodes without NaN, and the watchdog says so
  const c = silk.createWorld({ step: 1 });
  c.buildScene('web');
  let first = -1;
  for (let f = 0; f < 200 && first < 0; f++) {
    c.advance(1 / 60);
    if (c.health() !== 'healthy') first = f;
  }
  assert.ok(first >= 0 && first < 150, `exploding detected at step ${first}`);
  assert.equal(c.health(), 'exploding');
  assert.ok(c.positions.every(Number.isFinite), 'no NaN yet: the silent explosion');
  c.destroy();
});

test('snapshot -> restore -> run equals run; corrupt bytes throw and change nothing', () => {
  const w = robustWeb(3);
  run(w, 200);
  const snap = w.snapshot();
  assert.ok(snap instanceof Uint8Array && snap.length > 1000);
  assert.equal(String.fromCharCode(...snap.subarray(0, 8)), 'SILKSNAP');
  run(w, 300);
  const straight = w.stateHash();
  const other = robustWeb(77);
  other.restore(snap);
  run(other, 300);
  assert.equal(other.stateHash(), straight);
  w.restore(snap.buffer.slice(0)); // an ArrayBuffer works too
  run(w, 300);
  assert.equal(w.stateHash(), straight);

  const before = other.stateHash();
  const bad = snap.slice();
  bad[snap.length >> 1] ^= 4;
  assert.throws(() => other.restore(bad), (e) => e instanceof Error && /not a valid snapshot/.test(e.message));
  assert.throws(() => other.restore(snap.subarray(0, 100)), Error);
  assert.throws(() => other.restore(new TextEncoder().encode('{"not": "a snapshot"}')), Error);
  assert.throws(() => other.restore('SILKSNAP'), TypeError);
  assert.equal(other.stateHash(), before);
  w.destroy();
  other.destroy();
});

test('a recording with drags and setting changes replays to the same hash', () => {
  const w = robustWeb(4);
  const info = w.spiderInfo();
  run(w, 60);
  w.startRecording();
  assert.equal(w.recording, true);
  for (let f = 0; f < 600; f++) {
    if (f === 50) w.dragBegin(info.thorax, 420, 220);
    if (f > 50 && f < 150) w.dragMove(420 + f / 2, 220 - f / 5);
    if (f === 150) w.dragEnd();
    if (f === 200) w.setRobust({ substeps: 12, gravity: [40, 720] });
    if (f === 300) w.setSolver('compat');
    if (f === 360) w.setSolver('robust');
    w.advance([1 / 60, 1 / 144, 0.03][f % 3]);
  }
  const file = w.stopRecording();
  assert.equal(w.recording, false);
  assert.equal(String.fromCharCode(...file.subarray(0, 8)), 'SILKREC1');
  const hash = w.stateHash();
  const other = silk.createWorld();
  const result = other.replay(file);
  assert.equal(result.matches, true);
  assert.equal(result.hash, hash);
  assert.equal(result.recordedHash, hash);
  assert.equal(other.stateHash(), hash);
  const bad = file.slice();
  bad[40] ^= 1;
  assert.throws(() => other.replay(bad), Error);
  assert.equal(other.stateHash(), hash);
  assert.throws(() => silk.createWorld().exportRecording(), /nothing recorded/);
  w.destroy();
  other.destroy();
});

test('watchdog options are checked and auto-restore brings the last healthy state back', () => {
  const w = silk.createWorld({ watchdog: { autoRestore: true, snapshotInterval: 30 } });
  w.buildScene('web');
  run(w, 120);
  w.step = 1;
  run(w, 200);
  const d = w.diagnostics();
  assert.ok(d.healthRestores >= 1, `restores ${d.healthRestores}`);
  assert.equal(w.step, 16);
  assert.equal(w.health(), 'healthy');
  assert.throws(() => w.setWatchdog({ window: 1 }), (e) => e instanceof RangeError && /window/.test(e.message));
  assert.throws(() => w.setWatchdog({ autoRestore: 'yes' }), (e) => e instanceof TypeError && /autoRestore/.test(e.message));
  w.destroy();
});

// verlet-js defect 5: lib/constraint.js uses a global Vec2 that only the browserify bundle
// provides. Silk's binding is an ES module: it reads no global but Math and WebAssembly and
// writes none. (Neither solver can "reproduce" a JavaScript packaging defect; this checks that
// the binding does not have it.)
test('defect 5: silk.mjs needs and leaves no globals', async () => {
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  const file = process.env.SILK_MODULE ?? path.join(repoRoot, 'build', 'wasm', 'silk.mjs');
  const fresh = await import(`${pathToFileURL(file).href}?isolated=1`); // a second instance
  const s = await fresh.loadSilk();
  const w = s.createWorld({ solver: 'robust' });
  w.buildScene('cloth');
  run(w, 10);
  w.destroy();
  const added = Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k));
  assert.deepEqual(added, []);
  assert.equal(globalThis.Vec2, undefined);
});

// verlet-js defect 6: for..in over arrays also visits enumerable properties inherited from
// Array.prototype / Object.prototype. Silk's loops are C loops and its binding uses indexed
// loops and typed arrays: polluted prototypes change nothing, in either solver.
test('defect 6: enumerable prototype pollution does not change a run', () => {
  const hashes = () => ['compat', 'robust'].map((solver) => {
    const w = silk.createWorld({ seed: 9, solver });
    w.buildScene('web');
    run(w, 300);
    const h = w.stateHash();
    w.destroy();
    return h;
  });
  const clean = hashes();
  // eslint-disable-next-line no-extend-native
  Array.prototype.polluted = () => 42;
  Object.prototype.alsoPolluted = 7;
  try {
    let visited = 0;
    for (const k in [1, 2]) if (k === 'polluted') visited++; // the hazard is real in JS
    assert.equal(visited, 1);
    assert.deepEqual(hashes(), clean);
  } finally {
    delete Array.prototype.polluted;
    delete Object.prototype.alsoPolluted;
  }
});

// docs/notes/2026-12-robust-stiff-cloth.md: the two opt-in stiffness settings, through the binding.
test('nearPasses and chains: defaults, options, setRobust, snapshots, and bad values throw', () => {
  const d = silk.createWorld({ solver: 'robust' });
  assert.deepEqual([d.robust.nearPasses, d.robust.chains], [1, false]);
  d.destroy();
  const w = silk.createWorld({ solver: 'robust', nearPasses: 4, chains: true, iterations: 2 });
  assert.deepEqual([w.robust.nearPasses, w.robust.chains, w.robust.iterations], [4, true, 2]);
  w.buildScene('cloth');
  run(w, 30);
  const snap = w.snapshot();
  run(w, 60);
  const hash = w.stateHash();
  const other = silk.createWorld(); // compat, default settings: the snapshot brings them
  other.restore(snap);
  assert.deepEqual([other.robust.nearPasses, other.robust.chains], [4, true]);
  run(other, 60);
  assert.equal(other.stateHash(), hash);
  assert.equal(other.health(), 'healthy');
  other.destroy();
  w.setRobust({ chains: false, nearPasses: 64 });
  assert.deepEqual([w.robust.nearPasses, w.robust.chains], [64, false]);
  assert.throws(() => w.setRobust({ nearPasses: 0 }), (e) => e instanceof RangeError && /nearPasses/.test(e.message));
  assert.throws(() => w.setRobust({ nearPasses: 65 }), (e) => e instanceof RangeError && /nearPasses/.test(e.message));
  assert.throws(() => w.setRobust({ nearPasses: 2.5 }), (e) => e instanceof RangeError && /nearPasses/.test(e.message));
  assert.throws(() => w.setRobust({ nearPasses: '2' }), (e) => e instanceof TypeError && /nearPasses/.test(e.message));
  assert.throws(() => w.setRobust({ chains: 1 }), (e) => e instanceof TypeError && /chains/.test(e.message));
  assert.throws(() => silk.createWorld({ chains: 'yes' }), (e) => e instanceof TypeError && /chains/.test(e.message));
  assert.deepEqual([w.robust.nearPasses, w.robust.chains], [64, false]); // a rejected call changes nothing
  w.destroy();
});

test('nearMobility: default 1, option, setRobust, snapshots carry it, and bad values throw', () => {
  const d = silk.createWorld({ solver: 'robust' });
  assert.equal(d.robust.nearMobility, 1);
  d.destroy();
  const w = silk.createWorld({ solver: 'robust', nearMobility: 0.25, substeps: 15 });
  assert.deepEqual([w.robust.nearMobility, w.robust.substeps], [0.25, 15]);
  w.buildScene('cloth');
  run(w, 30);
  const snap = w.snapshot();
  run(w, 60);
  const hash = w.stateHash();
  const other = silk.createWorld();
  other.restore(snap);
  assert.equal(other.robust.nearMobility, 0.25);
  run(other, 60);
  assert.equal(other.stateHash(), hash);
  // the same run at mobility 1 differs: the setting is applied
  const plain = silk.createWorld();
  plain.restore(snap);
  plain.setRobust({ nearMobility: 1 });
  run(plain, 60);
  assert.notEqual(plain.stateHash(), hash);
  plain.destroy();
  other.destroy();
  for (const bad of [0, -0.5, 1.5, 2]) {
    assert.throws(() => w.setRobust({ nearMobility: bad }),
      (e) => e instanceof RangeError && /^setRobust: nearMobility must be in \(0, 1\]/.test(e.message), String(bad));
  }
  for (const bad of [NaN, Infinity]) {
    assert.throws(() => w.setRobust({ nearMobility: bad }), (e) => e instanceof RangeError && /nearMobility/.test(e.message));
  }
  assert.throws(() => w.setRobust({ nearMobility: '0.5' }), (e) => e instanceof TypeError && /nearMobility/.test(e.message));
  assert.throws(() => silk.createWorld({ nearMobility: 0 }), (e) => e instanceof RangeError && /nearMobility/.test(e.message));
  assert.equal(w.robust.nearMobility, 0.25); // a rejected call changes nothing
  w.destroy();
});

test('chains: a 60-link rope at 2 substeps x 2 passes stays under 0.5 % stretch (plain passes do not)', () => {
  const stretch = (chains) => {
    const w = silk.createWorld({ width: 1e5, height: 1e5, solver: 'robust', substeps: 2, iterations: 2, chains,
      robust: { gravity: [0, 981], damping: 0 } });
    const c = w.addComposite();
    for (let i = 0; i <= 60; i++) w.addParticle(c, 5e4 + 10 * i, 1000);
    for (let i = 0; i < 60; i++) w.addDistance(c, i, i + 1, 1, { compliance: 0 });
    w.addPin(c, 0);
    let max = 0;
    for (let f = 0; f < 300; f++) {
      w.advance(1 / 60);
      const p = w.positions;
      for (let i = 0; i < 60 && f >= 180; i++) {
        max = Math.max(max, Math.abs(Math.hypot(p[2 * i] - p[2 * i + 2], p[2 * i + 1] - p[2 * i + 3]) - 10) / 10);
      }
    }
    w.destroy();
    return max;
  };
  const chained = stretch(true), plain = stretch(false);
  assert.ok(chained < 0.005, `chains: ${chained}`);
  assert.ok(plain > 10 * chained, `plain ${plain} vs chains ${chained}`);
});
