// rest.test.mjs -- rest (web/kit/rest.mjs): the detector's rule on real worlds and by hand, what
// wakes a resting scene, and the runtime (web/kit/runtime.mjs, on this thread with a clock the
// test drives) stopping its loop at rest and starting it again on each kind of message. The
// browser side (Worker and main thread, the element, CPU) is tests/browser/rest.test.mjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests, compileSilkWasm, startInThreadRuntime } from './helpers.mjs';
import {
  REST, maxStepDisplacement, createRestDetector, restEnabled, wakes, createRestWatch,
} from '../../web/kit/rest.mjs';
import { TO_RUNTIME } from '../../web/kit/protocol.mjs';
import { getScene } from '../../web/kit/scenes.mjs';
import { parseParams, checkSetting, DEFAULTS } from '../../web/kit/params.mjs';
import '../../web/labs/lab-core.mjs'; // registers the lab scenes

const silk = await loadSilkForTests();
const wasm = await compileSilkWasm();

/** Steps `world` at 1/60 s until the detector says rest; returns the steps it took, or -1. */
function stepsToRest(world, detector, limit) {
  for (let s = 1; s <= limit; s++) {
    const r = world.advance(1 / 60);
    if (detector.observe(maxStepDisplacement(world), r.steps)) return s;
  }
  return -1;
}

test('maxStepDisplacement: the largest move of the last step, world px (prev and last)', () => {
  const w = silk.createWorld();
  const c = w.addComposite();
  w.addParticle(c, 100, 100);
  w.addParticle(c, 200, 100);
  w.gravity = [0, 0];
  w.friction = 1;
  assert.equal(maxStepDisplacement(w), 0, 'a world that never stepped');
  w.setPosition(1, 203, 104); // moved 5 px with no step: p - last = (3, 4)
  assert.equal(maxStepDisplacement(w), 5);
  assert.equal(maxStepDisplacement(w, w.positions), 5, 'the frame\'s read of the positions, passed in (runtime.mjs)');
  w.advance(1 / 60); // verlet keeps the velocity (3, 4) per step
  assert.ok(Math.abs(maxStepDisplacement(w) - 5) < 1e-9, `${maxStepDisplacement(w)}`);
  w.destroy();
  const empty = silk.createWorld();
  assert.equal(maxStepDisplacement(empty), 0);
  empty.destroy();
  // the kit's duck-typed world (canvas.d.ts CanvasWorld) may lack lastPositions
  const duck = { particleCount: 1, positions: Float64Array.of(1, 1), previousPositions: Float64Array.of(1, 0.5) };
  assert.equal(maxStepDisplacement(duck), 0.5);
  const blown = { particleCount: 2, positions: Float64Array.of(0, 0, Number.NaN, 0), previousPositions: new Float64Array(4), lastPositions: new Float64Array(4) };
  assert.equal(maxStepDisplacement(blown), Infinity, 'a NaN never reads as still');
});

test('maxStepDisplacement reads only: a measured run keeps every bit (state hash)', () => {
  const a = silk.createWorld();
  const b = silk.createWorld();
  a.buildScene('cloth');
  b.buildScene('cloth');
  for (let s = 0; s < 600; s++) {
    a.advance(1 / 60);
    b.advance(1 / 60);
    maxStepDisplacement(b);
  }
  assert.equal(b.stateHash(), a.stateHash());
  a.destroy();
  b.destroy();
});

test('createRestDetector counts still steps, resets on motion, ignores frames of 0 steps', () => {
  const d = createRestDetector({ epsilon: 0.01, steps: 4 });
  assert.equal(d.observe(0.001, 1), false);
  assert.equal(d.observe(0.001, 0), false, 'a frame of no step changes nothing');
  assert.equal(d.stillSteps, 1);
  assert.equal(d.observe(0.02, 1), false, 'motion starts over');
  assert.equal(d.stillSteps, 0);
  assert.equal(d.observe(0.0099, 2), false);
  assert.equal(d.observe(0.0099, 2), true, 'a frame of two still steps counts two');
  assert.equal(d.resting, true);
  assert.equal(d.observe(0.01, 1), false, 'epsilon itself is motion (strictly below rests)');
  assert.equal(d.observe(Number.NaN, 1), false, 'NaN is motion');
  d.observe(0, 4);
  d.reset();
  assert.equal(d.resting, false);
  assert.deepEqual([createRestDetector().epsilon, createRestDetector().steps], [REST.epsilon, REST.steps]);
  assert.deepEqual([REST.epsilon, REST.steps], [0.01, 30], 'the documented rule (docs/performance.md)');
  assert.throws(() => createRestDetector({ epsilon: 0 }), RangeError);
  assert.throws(() => createRestDetector({ epsilon: -1 }), RangeError);
  assert.throws(() => createRestDetector({ epsilon: '1' }), TypeError);
  assert.throws(() => createRestDetector({ epsilon: Infinity }), TypeError);
  assert.throws(() => createRestDetector({ steps: 0 }), RangeError);
  assert.throws(() => createRestDetector({ steps: 2.5 }), RangeError);
  assert.throws(() => createRestDetector({ steps: '3' }), TypeError);
});

test('the scenes: a tree settles within 20 s; the crawling spider never would (and is flagged)', () => {
  const tree = silk.createWorld();
  tree.buildScene('tree');
  const at = stepsToRest(tree, createRestDetector(), 60 * 20);
  assert.ok(at > 0, 'the trees come to rest');
  assert.ok(at > 60, `not at once: the trees fall and sway first (${at} steps)`);
  tree.destroy();
  const web = silk.createWorld();
  web.buildScene('web', { tensor: 1 });
  assert.equal(stepsToRest(web, createRestDetector(), 60 * 60), -1, 'the spider crawls on for a minute');
  web.destroy();
  assert.equal(getScene('web').rests, false);
  for (const name of ['coupling', 'spiral', 'integrators']) assert.equal(getScene(name).rests, false, `${name} measures time`);
  for (const name of ['cloth', 'shapes', 'tree', 'rope']) assert.notEqual(getScene(name).rests, false, `${name} may rest`);
});

test('restEnabled, ?rest= and set("rest"): auto is on in an embed, off on the full page', () => {
  assert.equal(restEnabled('auto', true), true);
  assert.equal(restEnabled('auto', false), false);
  assert.equal(restEnabled(undefined, true), true);
  assert.equal(restEnabled(false, true), false);
  assert.equal(restEnabled(true, false), true);
  assert.equal(DEFAULTS.rest, 'auto');
  for (const [q, want] of [['', 'auto'], ['?rest=1', true], ['?rest=on', true], ['?rest=TRUE', true], ['?rest=0', false], ['?rest=off', false], ['?rest=false', false], ['?rest=auto', 'auto']]) {
    const { settings, problems } = parseParams(q, ['web']);
    assert.equal(settings.rest, want, q);
    assert.deepEqual(problems, [], q);
  }
  for (const bad of ['?rest=2', '?rest=constructor', '?rest=']) {
    const { settings, problems } = parseParams(bad, ['web']);
    assert.equal(settings.rest, 'auto', bad);
    assert.match(problems[0].message, /rest must be 1 or 0/, bad);
  }
  assert.equal(checkSetting('rest', false, []), false);
  assert.equal(checkSetting('rest', 'auto', []), 'auto');
  assert.throws(() => checkSetting('rest', 1, []), TypeError);
  assert.throws(() => checkSetting('rest', 'on', []), TypeError);
});

test('wakes: what can change the picture wakes a resting scene; reading does not', () => {
  const waking = ['size', 'pause', 'step', 'reset', 'theme', 'focus', 'down', 'move', 'up', 'hover', 'set', 'lab-set', 'lab-act'];
  for (const type of waking) {
    assert.ok(TO_RUNTIME.has(type), `${type} is a message of the protocol`);
    assert.equal(wakes({ type }), true, type);
  }
  assert.equal(wakes({ type: 'active', active: true }), true, 'visible and on screen again');
  assert.equal(wakes({ type: 'active', active: false }), false);
  assert.equal(wakes({ type: 'init' }), false);
  assert.equal(wakes({ type: 'call', id: 1, name: 'replayLast' }), true);
  for (const name of ['stateHash', 'diagnostics', 'runDiagnostic', 'sweepRow', 'replayStatus', 'replayDownloads', 'rafSamples', 'refresh', 'labReadouts', 'stats']) {
    assert.equal(wakes({ type: 'call', id: 1, name }), false, name);
  }
});

test('createRestWatch: stops the loop at rest, wakes only into an active host', () => {
  const w = silk.createWorld();
  w.buildScene('tree');
  const calls = [];
  const loop = { start: () => calls.push('start'), stop: () => calls.push('stop') };
  let allowed = true;
  const changes = [];
  const watch = createRestWatch({ world: w, loop, canRest: () => allowed, onChange: (r) => changes.push(r), options: { steps: 10 } });
  watch.active(true);
  assert.deepEqual(calls, ['start']);
  let s = 0;
  for (; s < 60 * 20 && !watch.resting; s++) watch.afterFrame(w.advance(1 / 60).steps);
  assert.equal(watch.resting, true, 'the trees rest');
  assert.deepEqual(calls, ['start', 'stop']);
  assert.deepEqual(changes, [true]);
  watch.afterFrame(1); // a frame already running when it stopped: nothing more
  assert.deepEqual(calls, ['start', 'stop']);
  watch.wake();
  assert.equal(watch.resting, false);
  assert.deepEqual(calls, ['start', 'stop', 'start']);
  assert.deepEqual(changes, [true, false]);
  watch.wake(); // awake already: the count starts over, nothing else
  assert.deepEqual(calls, ['start', 'stop', 'start']);
  allowed = false; // held, paused, a restless scene ...: never rests
  for (let k = 0; k < 100; k++) watch.afterFrame(w.advance(1 / 60).steps);
  assert.equal(watch.resting, false);
  allowed = true;
  for (let k = 0; k < 9; k++) watch.afterFrame(w.advance(1 / 60).steps);
  assert.equal(watch.resting, false, 'the count started over when it could not rest');
  watch.afterFrame(w.advance(1 / 60).steps);
  assert.equal(watch.resting, true);
  watch.active(false); // hidden
  watch.wake(); // a message while hidden: no loop until visible again
  assert.equal(calls.at(-1), 'stop');
  watch.active(true);
  assert.equal(calls.at(-1), 'start');
  w.destroy();
});

// ---- the runtime: its loop stops at rest, and each kind of message starts it -----------------

/** A runtime on this thread (the page's, with the labs) at DEFAULTS and `settings`. */
async function startRuntime(settings) {
  const rt = await startInThreadRuntime(wasm, { settings: { ...DEFAULTS, ...settings }, page: true, ring: true });
  const { clock, replies } = rt;
  const lastStats = () => replies.filter((r) => r.type === 'stats').at(-1).stats;
  /** Runs frames until the runtime rests (the clock has nothing waiting), at most `limit`. */
  const settle = (limit = 60 * 30) => { let n = 0; while (clock.waiting && n < limit) { clock.tick(1); n++; } return n; };
  return { ...rt, lastStats, settle };
}

test('the runtime rests: no frame is asked for, the stats say so, and every waking message runs it again', async () => {
  const rt = await startRuntime({ scene: 'tree', embed: true });
  const frames = rt.settle();
  assert.equal(rt.clock.waiting, false, `at rest after ${frames} frames: no animation frame is requested`);
  const st = rt.lastStats();
  assert.equal(st.resting, true);
  assert.equal(st.running, false);
  const steps = st.physicsSteps;
  const posted = rt.replies.length;
  const world = rt.served.run().world;
  const hash = world.stateHash();
  rt.clock.tick(600); // ten seconds of display frames: none reaches the runtime
  assert.equal(rt.replies.length, posted, 'a resting runtime posts nothing');
  assert.equal(world.stateHash(), hash, 'and steps nothing');
  const wakeBy = [
    ['pointer press', { type: 'down', x: 10, y: 10, radius: 1 }, { type: 'up' }],
    ['hover', { type: 'hover', at: { x: 400, y: 300 } }],
    ['setting', { type: 'set', name: 'gravity', value: 0.3, seq: 1 }],
    ['resize', { type: 'size', dev: [640, 400], css: [640, 400] }],
    ['theme', { type: 'theme', theme: 'light' }], // (the fake canvas has no dark ink)
    ['visible again', { type: 'active', active: false }, { type: 'active', active: true }],
    ['reset', { type: 'reset' }],
  ];
  for (const [what, ...msgs] of wakeBy) {
    for (const m of msgs) rt.host.postMessage(m);
    assert.equal(rt.clock.waiting, true, `${what} wakes it`);
    assert.equal(rt.lastStats().resting, false, `${what}: the stats say it is awake`);
    const n = rt.settle();
    assert.ok(n >= REST.steps && n < 60 * 30, `${what}: rests again after ${n} frames`);
  }
  assert.ok(rt.lastStats().physicsSteps > steps, 'woken, it stepped');
  // a call that reads does not wake it
  rt.host.postMessage({ type: 'call', id: 9, name: 'stateHash' });
  rt.host.postMessage({ type: 'call', id: 10, name: 'refresh' });
  assert.equal(rt.clock.waiting, false);
  rt.served.close();
});

test('the runtime: off on the full page (auto), set("rest") turns it on and off; never while held or paused', async () => {
  const rt = await startRuntime({ scene: 'tree', embed: false });
  rt.clock.tick(60 * 20);
  assert.equal(rt.clock.waiting, true, 'the full page keeps running');
  rt.host.postMessage({ type: 'set', name: 'rest', value: true, seq: 1 });
  rt.settle();
  assert.equal(rt.clock.waiting, false, 'rest: true rests it');
  rt.host.postMessage({ type: 'set', name: 'rest', value: false, seq: 2 });
  rt.clock.tick(60 * 5);
  assert.equal(rt.clock.waiting, true, 'rest: false runs on');
  rt.host.postMessage({ type: 'set', name: 'rest', value: true, seq: 3 });
  rt.host.postMessage({ type: 'pause', paused: true });
  rt.clock.tick(60 * 5);
  assert.equal(rt.clock.waiting, true, 'paused is not at rest (its own state)');
  rt.host.postMessage({ type: 'pause', paused: false });
  // a press on a particle, held still: never at rest while held
  const world = rt.served.run().world;
  const p = world.positions;
  rt.host.postMessage({ type: 'down', x: p[2 * 5], y: p[2 * 5 + 1], radius: 20 });
  assert.ok(world.draggedParticle >= 0, 'grabbed');
  rt.clock.tick(60 * 10);
  assert.equal(rt.clock.waiting, true, 'held: runs on');
  rt.host.postMessage({ type: 'up' });
  rt.settle();
  assert.equal(rt.clock.waiting, false, 'let go, it rests');
  rt.served.close();
});

test('the runtime: the spider and the timing labs never rest', async () => {
  for (const scene of ['web', 'coupling', 'spiral']) {
    const rt = await startRuntime({ scene, embed: true, rest: true });
    rt.clock.tick(60 * 40);
    assert.equal(rt.clock.waiting, true, `${scene} runs on`);
    assert.equal(rt.lastStats().resting, false, scene);
    rt.served.close();
  }
});
