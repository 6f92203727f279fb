// targets.test.mjs -- the constraintTargets view (added for the page, issue 3): pin targets in
// solver order, and a dragged pin's target follows the pointer as the original's drag does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests } from './helpers.mjs';

const silk = await loadSilkForTests();

test('constraintTargets holds each pin target in solver order and (0, 0) for other kinds', () => {
  const w = silk.createWorld();
  w.buildScene('web');
  const kinds = w.constraintKinds;
  const t = w.constraintTargets;
  assert.equal(t.length, 2 * kinds.length);
  let pins = 0;
  const { begin, count } = w.compositeConstraints(0);
  for (let j = 0; j < count; j++) {
    const info = w.constraint(0, j);
    const g = begin + j;
    if (info.kind === 'pin') {
      pins++;
      assert.deepEqual([t[2 * g], t[2 * g + 1]], info.target);
    } else {
      assert.deepEqual([t[2 * g], t[2 * g + 1]], [0, 0]);
    }
  }
  assert.equal(pins, 5);
  w.destroy();
});

test('dragging a pinned particle moves its target in the view', () => {
  const w = silk.createWorld();
  w.buildScene('web');
  const kinds = w.constraintKinds;
  const pin = kinds.indexOf(2);
  const particle = w.constraintA[pin];
  w.dragBegin(particle, 123.5, 45.25);
  w.frame(16);
  w.dragEnd();
  assert.deepEqual([w.constraintTargets[2 * pin], w.constraintTargets[2 * pin + 1]], [123.5, 45.25]);
  w.destroy();
});
