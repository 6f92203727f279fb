// pin.test.mjs -- the engine says which pin a drag moves (silk_world_particle_pin /
// dragged_pin), so a renderer need not scan the constraint arrays for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests } from './helpers.mjs';

const silk = await loadSilkForTests();

/** Two composites: A has particles 0..2 with two pins on 1 (the last one counts), B pins 3. */
function world() {
  const w = silk.createWorld();
  const a = w.addComposite();
  for (let i = 0; i < 3; i++) w.addParticle(a, 100 + 10 * i, 100);
  w.addDistance(a, 0, 1, 1);
  w.addPin(a, 1, 5, 5); // flat index 1
  w.addDistance(a, 1, 2, 1);
  w.addPin(a, 1, 7, 7); // flat index 3: the last pin on 1 wins, as the original's loop
  const b = w.addComposite();
  w.addParticle(b, 300, 100);
  w.addPin(b, 3); // flat index 4
  return w;
}

test('particlePin finds the last pin on a particle in its composite, -1 for unpinned', () => {
  const w = world();
  assert.equal(w.particlePin(0), -1);
  assert.equal(w.particlePin(1), 3);
  assert.equal(w.particlePin(2), -1);
  assert.equal(w.particlePin(3), 4);
  // the index points into the constraint views: a pin on that particle
  assert.equal(w.constraintKinds[3], 2);
  assert.equal(w.constraintA[3], 1);
  assert.deepEqual([w.constraintTargets[6], w.constraintTargets[7]], [7, 7]);
  w.destroy();
});

test('draggedPin follows the drag: the pin whose target moves, -1 when none or not dragging', () => {
  const w = world();
  assert.equal(w.draggedPin, -1);
  w.dragBegin(1, 50, 60);
  assert.equal(w.draggedPin, 3);
  w.frame(1);
  assert.deepEqual([w.constraintTargets[6], w.constraintTargets[7]], [50, 60]); // the pin moved
  w.dragEnd();
  assert.equal(w.draggedPin, -1);
  w.dragBegin(0, 0, 0);
  assert.equal(w.draggedPin, -1); // an unpinned particle: the particle itself moves
  w.dragEnd();
  w.destroy();
});

test('particlePin rejects bad indices like every method', () => {
  const w = world();
  assert.throws(() => w.particlePin(4), RangeError);
  assert.throws(() => w.particlePin(-1), RangeError);
  assert.throws(() => w.particlePin(1.5), RangeError);
  assert.throws(() => w.particlePin('1'), TypeError);
  w.destroy();
  assert.throws(() => w.draggedPin, TypeError);
});
