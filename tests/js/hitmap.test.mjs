// hitmap.test.mjs -- the hit map a runtime posts its host so a touch is decided at touchstart on
// the main thread (web/kit/hitmap.mjs): "on a particle" there must be a grab in the runtime.
// - encode / decode: quantised to 1/HIT_UNIT px, within HIT_ERROR of the particle; what Int16
//   cannot hold (NaN, beyond +-8191 px) is left out;
// - the decision (claimsTouch) against the engine's own pick (world.findNearest) on a real web,
//   10,000 seeded touches and radii: every touch it claims grabs; every touch that grabs with
//   room to spare (radius - 2 HIT_ERROR) is claimed; no map: no; `all`: yes;
// - the runtime's sender, through the real runtime on the in-thread channel: the message is one
//   of the protocol (checkMessage), its buffer is transferred, it is posted at most every
//   HIT_EVERY frames and only when the map changed (a paused scene posts nothing more), and a
//   rope whose tool cuts sends `all`.
import test from 'node:test';
import assert from 'node:assert/strict';
import { rng, compileSilkWasm, startInThreadRuntime, RUNTIME_SETTINGS } from './helpers.mjs';
import { HIT_UNIT, HIT_EVERY, HIT_ERROR, encodeHits, decodeHit, claimsTouch, createHitMap, createHitSender } from '../../web/kit/hitmap.mjs';
import { TO_HOST, checkMessage } from '../../web/kit/protocol.mjs';
import { loadSilk } from '../../web/lib/silk.mjs';
import { getScene } from '../../web/kit/scenes.mjs';

const wasm = await compileSilkWasm();

test('encode / decode: a quarter px, and what Int16 cannot hold is left out', () => {
  const random = rng(26);
  const count = 500;
  const pos = new Float64Array(2 * count);
  for (let k = 0; k < pos.length; k++) pos[k] = (random() - 0.5) * 16000;
  pos[10] = NaN;
  pos[21] = Infinity;
  pos[30] = 8200; // beyond +-8191.75
  pos[41] = -9000;
  const out = new Int16Array(2 * count);
  const n = encodeHits(pos, count, out);
  const kept = [];
  for (let i = 0; i < count; i++) {
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    if (Number.isFinite(x) && Number.isFinite(y) && Math.abs(x) <= 8191.75 && Math.abs(y) <= 8191.75) kept.push([x, y]);
  }
  assert.equal(n, kept.length, 'every particle Int16 can hold, and no other');
  assert.ok(n < count - 3, 'the four bad ones are out');
  for (let k = 0; k < n; k++) {
    const [x, y] = decodeHit(out, k);
    assert.ok(Math.hypot(x - kept[k][0], y - kept[k][1]) <= HIT_ERROR, `point ${k}: ${[x, y]} vs ${kept[k]}`);
  }
  assert.equal(HIT_UNIT, 4);
  assert.equal(encodeHits(pos, 0, out), 0);
});

test('the decision: a claimed touch grabs in the engine, a touch that grabs with room is claimed', async () => {
  const silk = await loadSilk({ wasm });
  const world = silk.createWorld({ seed: 3 });
  getScene('web').build(world, { seed: 3 }, {});
  world.advance(0.5); // the web settles a little: positions are not on any grid
  const count = world.particleCount;
  const points = new Int16Array(2 * count);
  const n = encodeHits(world.positions, count, points);
  assert.equal(n, count);
  const map = createHitMap();
  assert.equal(map.claims(400, 250, 50), false, 'no map yet: every touch scrolls');
  assert.equal(map.size, -1);
  map.update({ type: 'hitmap', points: points.slice(0, 2 * n), all: false });
  assert.equal(map.size, count);
  const random = rng(7);
  let claimed = 0;
  let grabbed = 0;
  for (let k = 0; k < 10000; k++) {
    const x = random() * 900 - 50;
    const y = random() * 600 - 50;
    const radius = 2 + random() * 70;
    const claims = map.claims(x, y, radius);
    const grabs = world.findNearest(x, y, radius) >= 0;
    if (claims) {
      claimed++;
      assert.ok(grabs, `claimed at ${x}, ${y} r ${radius}: the engine grabs there`);
    }
    if (grabs) grabbed++;
    if (!claims && world.findNearest(x, y, radius - 2 * HIT_ERROR) >= 0) assert.fail(`${x}, ${y} r ${radius}: a grab with room was not claimed`);
  }
  assert.ok(claimed > 1000 && claimed < 9000, `both answers occur (${claimed} claimed, ${grabbed} grab)`);
  assert.ok(claimed >= 0.98 * grabbed, `the map misses only touches at the radius's edge (${claimed} / ${grabbed})`);
  // the decision function itself: no map, all, bad input
  assert.equal(claimsTouch(null, 0, 0, 10), false);
  assert.equal(claimsTouch({ points: new Int16Array(0), all: true }, -5000, 7, 1), true, 'a tool that takes any press');
  assert.equal(claimsTouch({ points: new Int16Array([0, 0]), all: false }, 0, 0, 0), false, 'radius 0 is not a grab');
  assert.equal(claimsTouch({ points: new Int16Array([0, 0]), all: false }, NaN, 0, 10), false);
  assert.equal(claimsTouch({ points: new Int16Array([4, 0]), all: false }, 0, 0, 1.2), true, '1 px away, radius 1.2 (1.2 - HIT_ERROR >= 1)');
  assert.equal(claimsTouch({ points: new Int16Array([4, 0]), all: false }, 0, 0, 1), false, 'exactly at the radius: left to scroll (within the error)');
  world.destroy();
});

test('the sender: only when changed, every few frames, transferred, a message of the protocol', async () => {
  const silk = await loadSilk({ wasm });
  const world = silk.createWorld({ seed: 3 });
  getScene('web').build(world, { seed: 3 }, {});
  const posted = [];
  let anywhere = false;
  const sender = createHitSender(world, (m, transfer) => posted.push({ m, transfer }), { anywhere: () => anywhere });
  assert.equal(sender.frame(), true, 'the first frame posts the first map');
  for (let k = 1; k < 3 * HIT_EVERY; k++) assert.equal(sender.frame(), false, 'nothing moved: nothing posted');
  world.advance(1 / 60);
  const looked = [];
  for (let k = 0; k < HIT_EVERY; k++) looked.push(sender.frame());
  assert.deepEqual(looked.filter(Boolean).length, 1, `one post in ${HIT_EVERY} frames: ${looked}`);
  sender.changed();
  world.advance(1 / 60);
  assert.equal(sender.frame(), true, 'changed(): the next frame looks');
  anywhere = true;
  assert.equal(sender.check(), true, 'a tool that takes any press: posted');
  assert.equal(sender.check(), false);
  assert.equal(sender.check(world.positions), false, 'the frame\'s read of the positions, passed in: the same map');
  for (const { m, transfer } of posted) {
    assert.equal(checkMessage(TO_HOST, m), null, 'a message of the protocol');
    assert.deepEqual(transfer, [m.points.buffer], 'its points are transferred');
    assert.equal(m.points.length, 2 * world.particleCount);
  }
  assert.deepEqual(posted.map((p) => p.m.all), [false, false, false, true]);
  assert.equal(checkMessage(TO_HOST, { type: 'hitmap', points: [1, 2], all: false }), 'hitmap.points must be an Int16Array of x, y pairs (hitmap.mjs)');
  assert.match(checkMessage(TO_HOST, { type: 'hitmap', points: new Int16Array(3), all: false }), /^hitmap\.points/);
  assert.match(checkMessage(TO_HOST, { type: 'hitmap', points: new Int16Array(2) }), /^hitmap\.all/);
  world.destroy();
});

test('the runtime posts its hit map: at most every few frames, none while paused and still; rope\'s cut takes every touch', async () => {
  for (const scene of ['web', 'rope']) {
    const { host, clock, replies, served } = await startInThreadRuntime(wasm, { settings: { ...RUNTIME_SETTINGS, scene, embed: true } });
    const maps = () => replies.filter((r) => r.type === 'hitmap');
    assert.ok(served.run(), `${scene}: the runtime started`);
    clock.tick(4 * HIT_EVERY);
    assert.ok(maps().length >= 1 && maps().length <= 5, `${scene}: ${maps().length} maps in ${4 * HIT_EVERY} frames`);
    for (const m of maps()) assert.equal(checkMessage(TO_HOST, m), null);
    const world = served.run().world;
    const last = maps().at(-1);
    assert.equal(last.points.length, 2 * world.particleCount, `${scene}: every particle`);
    assert.equal(last.all, scene === 'rope', `${scene}: all is ${scene === 'rope'} (rope's first tool cuts)`);
    host.postMessage({ type: 'pause', paused: true });
    clock.tick(2);
    const n = maps().length;
    clock.tick(5 * HIT_EVERY);
    assert.equal(maps().length, n, `${scene}: a paused, still scene posts no map`);
    if (scene === 'rope') {
      host.postMessage({ type: 'lab-set', name: 'tool', value: 'drag' });
      clock.tick(HIT_EVERY + 1);
      assert.equal(maps().at(-1).all, false, 'rope with its drag tool: only the particles take a touch');
    }
    served.close();
  }
});

/** A canvas of the shape readPointer reads (400 x 250 CSS px at the viewport's origin). */
function eventCanvas() {
  const on = new Map();
  return {
    style: { touchAction: 'pan-y pinch-zoom' }, clientLeft: 0, clientTop: 0,
    addEventListener(type, fn) { on.set(type, [...(on.get(type) ?? []), fn]); },
    getBoundingClientRect: () => ({ left: 0, top: 0, width: 400, height: 250 }),
    setPointerCapture() {},
    fire(type, fields = {}) {
      const e = { type, button: 0, pointerId: 1, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; }, ...fields };
      for (const fn of on.get(type) ?? []) fn(e);
      return e;
    },
  };
}

test('the host decides at touchstart: on a particle the touch drags (no scroll), elsewhere it scrolls; mouse and pen as before', async () => {
  globalThis.getComputedStyle ??= () => ({ paddingLeft: '0', paddingTop: '0' });
  const { forwardPointer } = await import('../../web/kit/input.mjs');
  const { fitView, createView } = await import('../../web/kit/kit-core.mjs');
  const canvas = eventCanvas();
  const view = fitView(createView(), 400, 250, 800, 500); // 0.5 CSS px per world px
  const posted = [];
  const hits = createHitMap();
  forwardPointer(canvas, view, (m) => posted.push(m), (t, type, fn) => t.addEventListener(type, fn), hits);
  // one particle at world (400, 250): CSS (200, 125); a finger's radius is 32 CSS px = 64 world px
  const touch = (x, y) => {
    const down = canvas.fire('pointerdown', { pointerType: 'touch', clientX: x, clientY: y });
    const start = canvas.fire('touchstart');
    return { down: down.defaultPrevented, start: start.defaultPrevented };
  };
  assert.deepEqual(touch(200, 125), { down: false, start: false }, 'no map yet: the touch scrolls');
  assert.equal(posted.length, 0, 'and is not posted');
  hits.update({ type: 'hitmap', points: Int16Array.of(400 * HIT_UNIT, 250 * HIT_UNIT), all: false });
  assert.deepEqual(touch(260, 125), { down: false, start: false }, '60 CSS px away: scrolls');
  assert.equal(posted.length, 0);
  assert.deepEqual(touch(225, 125), { down: true, start: true }, '25 CSS px away: taken, no scroll');
  assert.deepEqual(posted.map((m) => m.type), ['down']);
  assert.equal(posted[0].radius, 64, 'the radius posted is the one decided with');
  assert.equal(canvas.fire('touchstart').defaultPrevented, true, 'a second finger during the drag does not scroll');
  canvas.fire('pointerup', { pointerType: 'touch' });
  assert.deepEqual(posted.map((m) => m.type), ['down', 'up']);
  // a mouse press far from the particle is posted as before (the runtime grabs, or not)
  canvas.fire('pointerdown', { pointerType: 'mouse', clientX: 10, clientY: 10 });
  canvas.fire('pointerup', { pointerType: 'mouse' });
  assert.deepEqual(posted.map((m) => m.type), ['down', 'up', 'down', 'up']);
  // a pen: touch-action none while it hovers (it never scrolls), the canvas's own after
  canvas.fire('pointerover', { pointerType: 'pen' });
  assert.equal(canvas.style.touchAction, 'none');
  canvas.fire('pointerdown', { pointerType: 'pen', clientX: 10, clientY: 10 });
  assert.equal(posted.at(-1).type, 'down', 'a pen press anywhere is posted, as before');
  canvas.fire('pointerup', { pointerType: 'pen' });
  canvas.fire('pointerout', { pointerType: 'pen' });
  assert.equal(canvas.style.touchAction, 'pan-y pinch-zoom');
  // a tool that takes any press: every touch is taken
  hits.update({ type: 'hitmap', points: new Int16Array(0), all: true });
  assert.deepEqual(touch(5, 5), { down: true, start: true });
});
