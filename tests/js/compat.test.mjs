// compat.test.mjs -- Silk's compat solver in wasm against the plain-JS reference of verlet-js
// (tests/reference/verlet-ref.mjs, with the original's Vec2 coercion), bit for bit, frame by
// frame, in the same JS engine: both take cos/sin/atan2 from V8's Math.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests, firstDifference } from './helpers.mjs';
import * as ref from '../reference/verlet-ref.mjs';

const silk = await loadSilkForTests();

function sameState(label, frame, w, r) {
  const dp = firstDifference(w.positions, r.positions);
  assert.equal(dp, -1, `${label}: positions differ at frame ${frame}, element ${dp}: ` +
    `silk ${w.positions[dp]} vs reference ${r.positions[dp]}`);
  const dq = firstDifference(w.lastPositions, r.lastPositions);
  assert.equal(dq, -1, `${label}: last positions differ at frame ${frame}, element ${dq}`);
  assert.equal(w.constraintCount, r.constraintCount(), `${label}: constraint count at frame ${frame}`);
}

function spiderPair(seed) {
  const w = silk.createWorld({ seed });
  w.buildScene('web');
  const r = ref.spiderPage({ seed, originalVec2: true });
  return { w, r };
}

for (const seed of [1, 2, 3]) {
  test(`spider page, seed ${seed}: 1500 frames of spiderTick + frame(16) are bit-identical`, () => {
    const { w, r } = spiderPair(seed);
    sameState('build', 0, w, r);
    for (let f = 1; f <= 1500; f++) {
      const crawledSilk = w.spiderTick();
      const before = r.constraintCount();
      r.spiderTick();
      w.frame(16);
      r.frame(16);
      if (f % 50 === 0 || crawledSilk) sameState(`seed ${seed}`, f, w, r);
      assert.ok(before >= 0);
    }
    sameState(`seed ${seed}`, 1500, w, r);
    w.destroy();
  });
}

for (const step of [1, 2, 3, 4]) {
  test(`spider page at frame(${step}): identical through the blow-up (400 frames)`, () => {
    const { w, r } = spiderPair(2);
    for (let f = 1; f <= 400; f++) {
      w.spiderTick();
      r.spiderTick();
      w.frame(step);
      r.frame(step);
      sameState(`step ${step}`, f, w, r);
    }
    w.destroy();
  });
}

test('cloth, shapes and tree pages: 1000 frames identical', () => {
  for (const name of ['cloth', 'shapes', 'tree']) {
    const w = silk.createWorld({ seed: 7 });
    w.buildScene(name);
    const r = ref.createWorld({ seed: 7, originalVec2: true });
    const W = 800, H = 500;
    if (name === 'cloth') {
      r.friction = 1;
      r.cloth({ x: W / 2, y: H / 3, width: 250, height: 250, segments: 20, pinMod: 6, stiffness: 0.9 });
    } else if (name === 'shapes') {
      r.friction = 1;
      const c = r.lineSegments({ points: [[20, 10], [40, 10], [60, 10], [80, 10], [100, 10]], stiffness: 0.02 });
      const first = r.compositeParticles(c)[0];
      r.addPin(c, first);
      r.addPin(c, first + 4);
      r.tire({ x: 200, y: 50, radius: 50, segments: 30, spokeStiffness: 0.3, treadStiffness: 0.9 });
      r.tire({ x: 400, y: 50, radius: 70, segments: 7, spokeStiffness: 0.1, treadStiffness: 0.2 });
      r.tire({ x: 600, y: 50, radius: 70, segments: 3, spokeStiffness: 1, treadStiffness: 1 });
    } else {
      r.gravity = [0, 0];
      r.friction = 0.98;
      const t = { depth: 5, branchLength: 70, segmentCoef: 0.95, theta: Math.PI / 2 / 3 };
      r.tree({ x: W / 4, y: H - 120, ...t });
      r.tree({ x: W - W / 4, y: H - 120, ...t });
    }
    sameState(name, 0, w, r);
    for (let f = 1; f <= 1000; f++) {
      w.frame(16);
      r.frame(16);
      if (f % 25 === 0) sameState(name, f, w, r);
    }
    w.destroy();
  }
});

test('dragging a web pin and a spider particle: identical', () => {
  const { w, r } = spiderPair(5);
  const info = w.spiderInfo();
  for (let f = 1; f <= 600; f++) {
    if (f === 100) {
      // a pinned web particle: the pin's target follows the pointer
      w.dragBegin(0, 300, 120);
      r.drag(0, 300, 120);
    }
    if (f > 100 && f < 200) {
      w.dragMove(300 + f, 120);
      r.drag(0, 300 + f, 120);
    }
    if (f === 200) { w.dragEnd(); r.release(); }
    if (f === 300) { w.dragBegin(info.thorax, 420, 200); r.drag(info.thorax, 420, 200); }
    if (f === 400) { w.dragEnd(); r.release(); }
    w.spiderTick();
    r.spiderTick();
    w.frame(16);
    r.frame(16);
    sameState('drag', f, w, r);
  }
  w.destroy();
});

function coincident(withAngle) {
  const w = silk.createWorld();
  const r = ref.createWorld({ originalVec2: true });
  for (const x of [w, r]) {
    const c = x.addComposite();
    const a = x.addParticle(c, 100, 100);
    const b = x.addParticle(c, 100, 100);
    const d = x.addParticle(c, 130, 100);
    x.addDistance(c, a, b, 1, 10);
    x.addDistance(c, b, d, 1);
    if (withAngle) x.addAngle(c, a, b, d, 0.5);
  }
  return { w, r };
}

test('coincident points give NaN (defect #1), and it spreads as in the original', () => {
  const { w, r } = coincident(false);
  for (let f = 1; f <= 5; f++) {
    w.frame(16);
    r.frame(16);
    sameState('coincident', f, w, r);
  }
  assert.ok(w.positions.every(Number.isNaN), 'all three particles are NaN after the first frame');
  w.destroy();
});

test("an angle constraint sends NaN points to (0, 0), as the original's Vec2 coercion does", () => {
  const { w, r } = coincident(true);
  for (let f = 1; f <= 5; f++) {
    w.frame(16);
    r.frame(16);
    sameState('coincident + angle', f, w, r);
  }
  assert.ok(!w.positions.some(Number.isNaN), 'rotate() returns coerced vectors: no NaN survives');
  w.destroy();
});

test('relax(iterations, coef) matches the reference', () => {
  const w = silk.createWorld();
  const r = ref.createWorld({ originalVec2: true });
  for (const x of [w, r]) {
    const c = x.addComposite();
    x.addParticle(c, 0, 0);
    x.addParticle(c, 102, 0);
    x.addParticle(c, 150, 40);
    x.addDistance(c, 0, 1, 0.99, 100);
    x.addAngle(c, 0, 1, 2, 0.3);
    x.setPosition(2, 170, 10);
  }
  for (const [it, coef] of [[1, 0.05], [3, 0.3], [200, 0.49], [5, 0.99]]) {
    w.relax(it, coef);
    r.relax(it, coef);
    sameState(`relax ${it} ${coef}`, 0, w, r);
  }
  w.destroy();
});

// The solver keeps the two particles the last distance relaxation wrote in registers and hands
// them to the next one (solver_compat.c, silk_carry). Every way a relaxation can meet the one
// before it: the same a, a as b, b as a, the same b, both reversed, none, a pin or an angle
// between them, and a constraint from a particle to itself (a == b: NaN, as the original).
test('distance chains that reuse particles in every position: identical (the carry cases)', () => {
  const w = silk.createWorld({ seed: 3 });
  const r = ref.createWorld({ seed: 3, originalVec2: true });
  // a small deterministic generator for the pattern, independent of both worlds
  let s = 12345;
  const next = (n) => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return (s >>> 8) % n; };
  const pairs = [[0, 1], [0, 2], [3, 0], [3, 4], [4, 3], [4, 5], [6, 5], [6, 7], [7, 6], [1, 7]];
  for (let i = 0; i < 60; i++) {
    const a = next(8);
    let b = next(8);
    if (b === a) b = (a + 1) % 8;
    pairs.push([a, b]);
  }
  // a pin, then an angle, on particles the relaxation before them wrote and the one after reads
  pairs[20] = [2, 5];
  pairs[21] = [2, 6];
  pairs[35] = [3, 1];
  pairs[36] = [1, 3];
  for (const x of [w, r]) {
    const c = x.addComposite();
    for (let i = 0; i < 8; i++) x.addParticle(c, 300 + 37 * (i % 4) + 3 * i, 100 + 41 * Math.floor(i / 4) + (i % 3));
    pairs.forEach(([a, b], i) => {
      x.addDistance(c, a, b, 0.3 + (i % 7) / 10);
      if (i === 20) x.addPin(c, 2);
      if (i === 35) x.addAngle(c, 1, 3, 5, 0.5);
    });
  }
  for (let f = 1; f <= 300; f++) {
    w.frame(f % 3 === 0 ? 16 : 3);
    r.frame(f % 3 === 0 ? 16 : 3);
    sameState('carry', f, w, r);
  }
  assert.ok(!w.positions.some(Number.isNaN), 'a finite run stays finite');
  w.destroy();
});

test('a distance constraint from a particle to itself gives NaN there, as in the original', () => {
  const w = silk.createWorld();
  const r = ref.createWorld({ originalVec2: true });
  for (const x of [w, r]) {
    const c = x.addComposite();
    x.addParticle(c, 100, 100);
    x.addParticle(c, 130, 100);
    x.addParticle(c, 160, 110);
    x.addDistance(c, 0, 1, 0.5);
    x.addDistance(c, 1, 1, 0.5, 10); // a == b, right after a relaxation that wrote 1
    x.addDistance(c, 2, 2, 0.5);
  }
  for (let f = 1; f <= 3; f++) {
    w.frame(16);
    r.frame(16);
    sameState('self', f, w, r);
  }
  assert.ok(Number.isNaN(w.positions[2]) && Number.isNaN(w.positions[4]), 'particles 1 and 2 are NaN');
  w.destroy();
});
