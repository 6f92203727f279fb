// lab.test.mjs -- what the timing lab's pages call in wasm: the standalone stepper (seed 002),
// polygons and cutting, and seed 003's rope on the robust solver checked against a plain-JS
// transcription of the seed's own stepPhysics (web/reference/seed003.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSilkForTests, repoRoot } from './helpers.mjs';

const silk = await loadSilkForTests();
const seed = await import(pathToFileURL(path.join(repoRoot, 'web', 'reference', 'seed003.mjs')).href);

// ---- the stepper ---------------------------------------------------------------------------

test('createStepper validates its options and advance its dt', () => {
  assert.throws(() => silk.createStepper(null), TypeError);
  assert.throws(() => silk.createStepper({ stepSeconds: 0 }), /stepSeconds must be > 0/);
  assert.throws(() => silk.createStepper({ stepSeconds: NaN }), RangeError);
  assert.throws(() => silk.createStepper({ stepSeconds: '1' }), TypeError);
  assert.throws(() => silk.createStepper({ maxStepsPerFrame: 0 }), /maxStepsPerFrame/);
  assert.throws(() => silk.createStepper({ maxStepsPerFrame: 1.5 }), RangeError);
  const s = silk.createStepper();
  assert.equal(s.stepSeconds, 1 / 60);
  assert.equal(s.maxStepsPerFrame, 8);
  assert.throws(() => s.advance(-1), /seconds must be >= 0/);
  assert.throws(() => s.advance(Infinity), RangeError);
  assert.throws(() => s.advance('0.1'), TypeError);
  s.destroy();
  assert.equal(s.destroyed, true);
  assert.throws(() => s.advance(0.1), /destroyed/);
  s.destroy(); // twice is harmless
});

test('seed 002: uneven 16.6/33/8 ms frames give floor(T/h) steps, alpha in [0, 1)', () => {
  const s = silk.createStepper({ stepSeconds: 1 / 60, maxStepsPerFrame: 8 });
  const ms = [16.6, 33, 8];
  let steps = 0;
  let total = 0;
  for (let i = 0; i < 90; i++) {
    const r = s.advance(ms[i % 3] / 1000);
    assert.ok(r.alpha >= 0 && r.alpha < 1, `alpha ${r.alpha}`);
    assert.equal(r.droppedSeconds, 0);
    steps += r.steps;
    total += ms[i % 3];
  }
  assert.equal(steps, Math.floor(total / 1000 * 60));
  s.destroy();
});

test('seed 002: the spiral doubles unclamped and is held at the clamp, dropping time', () => {
  const h = 1 / 60;
  const free = silk.createStepper({ stepSeconds: h, maxStepsPerFrame: 2 ** 31 - 1 });
  let dt = h;
  const trace = [];
  for (let i = 0; i < 12; i++) {
    const r = free.advance(dt);
    trace.push(r.steps);
    dt = r.steps * 2 * h;
  }
  assert.deepEqual(trace, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
  const held = silk.createStepper({ stepSeconds: h, maxStepsPerFrame: 5 });
  dt = h;
  let max = 0;
  let dropped = 0;
  for (let i = 0; i < 1000; i++) {
    const r = held.advance(dt);
    max = Math.max(max, r.steps);
    dropped += r.droppedSeconds;
    assert.ok(r.alpha >= 0 && r.alpha < 1);
    dt = r.steps * 2 * h;
  }
  assert.equal(max, 5);
  assert.ok(Math.abs(dropped - (3 + 996 * 5) * h) < 1e-6, `dropped ${dropped}`);
  free.destroy();
  held.destroy();
});

test('the stepper returns the same record object (no allocation per frame)', () => {
  const s = silk.createStepper();
  const a = s.advance(0.01);
  const b = s.advance(0.01);
  assert.equal(a, b);
  assert.equal(b.steps, 1);
  s.reset();
  assert.equal(s.advance(0).accumulatorSeconds, 0);
  s.destroy();
});

// ---- polygons and cutting --------------------------------------------------------------------

function robustWorld(o = {}) {
  return silk.createWorld({ width: 800, height: 500, solver: 'robust', substeps: 1, iterations: 5, ...o });
}

test('addPolygon validates and stores the outline with positive area', () => {
  const w = robustWorld();
  assert.throws(() => w.addPolygon(), TypeError);
  assert.throws(() => w.addPolygon({ points: [[0, 0], [1, 1]] }), /3 to 64/);
  assert.throws(() => w.addPolygon({ points: [[0, 0], [1, 0], ['a', 1]] }), TypeError);
  assert.throws(() => w.addPolygon({ points: [[0, 0], [10, 0], [20, 0]] }), /convex/);
  assert.throws(() => w.addPolygon({ points: [[0, 0], [10, 0], [5, 2], [10, 10], [0, 10]] }), /convex/);
  assert.throws(() => w.addPolygon({ points: [[0, 0], [10, 0], [0, 10]], friction: -1 }), /friction/);
  assert.equal(w.polygonCount, 0);
  assert.equal(w.addPolygon({ points: [[0, 0], [0, 10], [10, 0]] }), 0);
  const pts = w.polygon(0);
  let area2 = 0;
  for (let k = 0; k < pts.length; k++) {
    const [x0, y0] = pts[k];
    const [x1, y1] = pts[(k + 1) % pts.length];
    area2 += x0 * y1 - x1 * y0;
  }
  assert.ok(area2 > 0);
  assert.throws(() => w.polygon(1), RangeError);
  w.clear();
  assert.equal(w.polygonCount, 0);
  w.destroy();
});

test('a rope dropped on a box drapes over it: nothing inside after any frame, no NaN', () => {
  const w = robustWorld();
  w.setStepper({ stepSeconds: 1 / 120, maxStepsPerFrame: 13 });
  const c = w.addComposite();
  for (let i = 0; i < 40; i++) {
    w.addParticle(c, 200 + 10 * i, 150);
    if (i > 0) w.addDistance(c, i - 1, i, 1, { compliance: 0 });
  }
  w.setInverseMass(0, 0);
  w.addPolygon({ points: [[300, 250], [500, 250], [500, 320], [300, 320]] });
  let worst = 0;
  for (let f = 0; f < 300; f++) {
    w.advance(1 / 60);
    worst = Math.max(worst, w.polygonPenetration().depth);
  }
  assert.ok(worst < 1e-9, `deepest ${worst}`);
  assert.equal(w.diagnostics().nanCount, 0);
  const p = w.positions;
  let onTop = 0;
  for (let i = 0; i < 40; i++) if (Math.abs(p[2 * i + 1] - 250) < 0.5 && p[2 * i] > 300 && p[2 * i] < 500) onTop++;
  assert.ok(onTop >= 3, `${onTop} particles on the box`);
  w.destroy();
});

test('cut removes the links a swipe crosses, keeps the order and the pins', () => {
  const w = robustWorld();
  const c = w.addComposite();
  for (let i = 0; i < 10; i++) w.addParticle(c, 100 + 20 * i, 100);
  w.addPin(c, 0);
  for (let i = 1; i < 10; i++) w.addDistance(c, i - 1, i, 1);
  assert.throws(() => w.cut(0, 0, NaN, 1), RangeError);
  assert.throws(() => w.cut(0, 0, 1), TypeError);
  assert.equal(w.cut(190, 0, 190, 200), 1);
  assert.equal(w.constraintCount, 9);
  assert.deepEqual([...w.constraintA], [0, 0, 1, 2, 3, 5, 6, 7, 8]);
  assert.equal(w.cut(160, 0, 160, 100), 0, 'ending on a particle does not cut');
  assert.equal(w.cut(95, 95, 105, 105), 0, 'a pin is never cut');
  assert.equal(w.cut(0, 50, 400, 150), 0, 'parallel-ish miss');
  assert.equal(w.cut(0, 100, 400, 100), 0, 'along the links: no proper crossing');
  assert.equal(w.cut(105, 0, 300, 200), 1, 'a diagonal crosses the line once');
  w.destroy();
});

// ---- seed 003 on the robust solver -----------------------------------------------------------

const H = 1 / 120;

/** The rope lab's world: the seed's step on the robust solver (lab/seed003.c explains g / 0.99). */
function seedRopeWorld(n, iterations, { horizontal = false } = {}) {
  const w = silk.createWorld({ width: 2000, height: 2000, stepSeconds: H, maxStepsPerFrame: 13, solver: 'robust' });
  w.setRobust({ gravity: [0, 980 / 0.99], damping: -Math.log(0.99) / H, groundFriction: 0, substeps: 1, iterations, ceiling: false, nearPass: false });
  const c = w.addComposite();
  for (let i = 0; i < n; i++) {
    if (horizontal) w.addParticle(c, 200 + 10 * i, 100);
    else w.addParticle(c, 200, 100 + 10 * i);
    if (i > 0) w.addDistance(c, i - 1, i, 1, { compliance: 0 });
  }
  w.setInverseMass(0, 0);
  return w;
}

function transcription(n, horizontal) {
  const rope = seed.createRope(n, 10, 200, 100);
  if (horizontal) rope.particles.forEach((p, i) => { p.x = p.oldX = 200 + 10 * i; p.y = p.oldY = 100; });
  return rope;
}

function maxDifference(world, rope) {
  const p = world.positions;
  let d = 0;
  rope.particles.forEach((q, i) => { d = Math.max(d, Math.abs(p[2 * i] - q.x), Math.abs(p[2 * i + 1] - q.y)); });
  return d;
}

for (const horizontal of [false, true]) {
  test(`robust (compliance 0, 1 substep, 5 iterations, h 1/120) = the seed's stepPhysics with inverse-mass weighting, ${horizontal ? 'swinging' : 'hanging'}`, () => {
    const n = 30;
    const w = seedRopeWorld(n, 5, { horizontal });
    const weighted = transcription(n, horizontal);
    const printed = transcription(n, horizontal);
    let worst = 0;
    for (let step = 0; step < 600; step++) {
      w.advance(H);
      seed.stepPhysics(weighted, H, { iterations: 5, weighting: 'inverse-mass' });
      seed.stepPhysics(printed, H, { iterations: 5, weighting: 'printed' });
      worst = Math.max(worst, maxDifference(w, weighted));
    }
    // Equal to rounding: the robust step keeps v = displacement / h and multiplies it back, the
    // seed keeps the displacement; after 600 steps the drift is ~1e-10 px, not physics.
    assert.ok(worst < 1e-6, `engine vs inverse-mass transcription: ${worst} px`);
    console.log(`${horizontal ? 'swinging' : 'hanging'}: engine vs inverse-mass transcription ${worst.toExponential(2)} px`);
    // The seed's printed code corrects a link to its pin only halfway: a different rope.
    const printedGap = maxDifference(w, printed);
    assert.ok(printedGap > 0.1 && printedGap > 1e4 * worst, `engine vs printed code: ${printedGap} px (vs ${worst} px)`);
    const ours = seed.ropeStretch(weighted).max;
    const theirs = seed.ropeStretch(printed).max;
    if (!horizontal) assert.ok(theirs > ours, `printed stretches more: ${theirs} vs ${ours}`);
    w.destroy();
  });
}

test("the seed's coincident-point guard skips the link (no NaN, they stay together); the robust solver separates them", () => {
  const rope = seed.createRope(3, 10, 200, 100);
  rope.particles[2].x = rope.particles[1].x;
  rope.particles[2].y = rope.particles[2].oldY = rope.particles[1].y;
  rope.particles[2].oldX = rope.particles[1].oldX;
  seed.stepPhysics(rope, H, { iterations: 5, gravityY: 0 });
  const [, a, b] = rope.particles;
  assert.ok(Number.isFinite(a.x + a.y + b.x + b.y));
  assert.equal(Math.hypot(a.x - b.x, a.y - b.y), 0, 'the guard never separates them');
  const w = seedRopeWorld(3, 5);
  w.setRobust({ gravity: [0, 0] });
  w.setPosition(2, 200, 110);
  w.setLastPosition(2, 200, 110);
  w.advance(H);
  const p = w.positions;
  assert.ok(Math.abs(Math.hypot(p[4] - p[2], p[5] - p[3]) - 10) < 1e-9);
  w.destroy();
});

test("'Verlet never gains energy': the seed's updateVerlet holds at a fixed dt, not when the dt shrinks", () => {
  const fixed = seed.pendulumRise(H, H, 1);
  assert.ok(fixed <= 0, `fixed 1/120 s: ${fixed} px`);
  const drop = seed.pendulumRise(1 / 30, H, 0.5);
  assert.ok(drop > 50, `1/30 -> 1/120 s mid-swing: ${drop} px above the pivot`);
});
