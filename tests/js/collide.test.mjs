// collide.test.mjs -- the collision API of the JS binding (issue 29): radii, filters, the
// contact settings, diagnostics, snapshots and the scenes; bad arguments throw and change nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { importSilk } from './helpers.mjs';

const mod = await importSilk();
const silk = await mod.loadSilk();

function pair(selfCollide) {
  const w = silk.createWorld({ solver: 'robust', robust: { gravity: [0, 0], damping: 0 } });
  const c = w.addComposite();
  if (selfCollide !== undefined) w.setCollisionFilter(c, { selfCollide });
  const a = w.addParticle(c, 400, 250);
  const b = w.addParticle(c, 404, 250);
  w.setRadius(a, 5);
  w.setRadius(b, 5);
  return { w, a, b };
}

const gap = (w, a, b) => {
  const p = w.positions;
  return Math.hypot(p[2 * a] - p[2 * b], p[2 * a + 1] - p[2 * b + 1]);
};

test('radii: set, read back, the view; a self-colliding pair is pushed apart, momentum kept', () => {
  const { w, a, b } = pair(true);
  assert.equal(w.radius(a), 5);
  assert.deepEqual(Array.from(w.radii), [5, 5]);
  w.advance(1 / 60);
  assert.ok(gap(w, a, b) >= 10 - 1e-9, `gap ${gap(w, a, b)}`);
  const p = w.positions;
  assert.ok(Math.abs((p[0] + p[2]) / 2 - 402) < 1e-9, 'the centre of mass stays');
  w.destroy();
});

test('a composite\'s own particles do not collide unless selfCollide', () => {
  const { w, a, b } = pair(undefined);
  assert.deepEqual(w.collisionFilter(0), { categoryBits: 1, maskBits: 0xffffffff, selfCollide: false });
  w.advance(1 / 60);
  assert.ok(Math.abs(gap(w, a, b) - 4) < 1e-9);
  w.destroy();
});

test('filters: categories and masks round trip as unsigned 32-bit', () => {
  const w = silk.createWorld({ solver: 'robust' });
  const c = w.addComposite();
  w.setCollisionFilter(c, { categoryBits: 0x80000000, maskBits: 0xfffffffe });
  assert.deepEqual(w.collisionFilter(c), { categoryBits: 0x80000000, maskBits: 0xfffffffe, selfCollide: false });
  w.destroy();
});

test('bad arguments throw, naming the value, and change nothing', () => {
  const { w, a } = pair(true);
  const h = w.stateHash();
  assert.throws(() => w.setRadius(a, -1), RangeError);
  assert.throws(() => w.setRadius(a, NaN), RangeError);
  assert.throws(() => w.setRadius(a, 'big'), TypeError);
  assert.throws(() => w.setRadius(99, 1), RangeError);
  assert.throws(() => w.setRadius(a, mod.LIMITS.MAX_RADIUS * 2), /radius/);
  assert.throws(() => w.setCollisionFilter(0, { categoryBits: -1 }), RangeError);
  assert.throws(() => w.setCollisionFilter(0, { maskBits: 2 ** 32 }), RangeError);
  assert.throws(() => w.setCollisionFilter(0, { selfCollide: 1 }), TypeError);
  assert.throws(() => w.setCollisionFilter(5, {}), RangeError);
  assert.throws(() => w.setRobust({ contactFriction: -1 }), RangeError);
  assert.throws(() => w.setRobust({ contactRestitution: 2 }), RangeError);
  assert.equal(w.stateHash(), h);
  w.setRobust({ contactFriction: 0.5, contactRestitution: 0.2 });
  assert.equal(w.robust.contactFriction, 0.5);
  assert.equal(w.robust.contactRestitution, 0.2);
  w.destroy();
});

test('snapshots carry radii, filters and contact settings; diagnostics report contacts', () => {
  const w = silk.createWorld({});
  w.buildScene('ball-pit');
  assert.equal(w.solver, 'robust');
  assert.equal(w.particleCount, 2000);
  assert.ok(w.polygonCount === 3);
  for (let s = 0; s < 120; s++) w.advance(1 / 60);
  const d = w.diagnostics();
  assert.ok(d.contacts > 0 && d.overlapMax >= d.overlapP99 && d.overlapRatioMax < 0.5, JSON.stringify(d));
  const bytes = w.snapshot();
  const h = w.stateHash();
  const other = silk.createWorld({});
  other.buildScene('ball-pit');
  other.restore(bytes);
  assert.equal(other.stateHash(), h);
  assert.equal(other.radius(10), 4);
  assert.equal(other.collisionFilter(0).selfCollide, true);
  w.destroy();
  other.destroy();
});

test('sleep: off by default, on in the ball pit; its settings are checked; the pile sleeps and a drag wakes it', () => {
  const plain = silk.createWorld({ solver: 'robust' });
  assert.equal(plain.robust.sleep, false);
  assert.equal(plain.robust.sleepSpeed, 12);
  assert.equal(plain.robust.sleepSteps, 30);
  const h = plain.stateHash();
  assert.throws(() => plain.setRobust({ sleepSpeed: -1 }), RangeError);
  assert.throws(() => plain.setRobust({ sleepSteps: 0 }), RangeError);
  assert.throws(() => plain.setRobust({ sleep: 1 }), TypeError);
  assert.equal(plain.stateHash(), h);
  assert.equal(plain.robust.sleepSpeed, 12);
  plain.destroy();
  const w = silk.createWorld({});
  w.buildScene('ball-pit');
  assert.equal(w.robust.sleep, true);
  for (let s = 0; s < 600; s++) w.advance(1 / 60);
  const asleep = w.diagnostics().sleeping;
  assert.ok(asleep >= 1900, `asleep ${asleep}`);
  // a snapshot restores the sleep state: the same hash and the same next steps
  const bytes = w.snapshot();
  const other = silk.createWorld({});
  other.buildScene('ball-pit');
  other.restore(bytes);
  assert.equal(other.stateHash(), w.stateHash());
  assert.equal(other.diagnostics().sleeping, asleep);
  for (let s = 0; s < 30; s++) { w.advance(1 / 60); other.advance(1 / 60); }
  assert.equal(other.stateHash(), w.stateHash());
  w.dragBegin(100, 400, 100);
  assert.equal(w.diagnostics().sleeping, 0);
  w.destroy();
  other.destroy();
});
