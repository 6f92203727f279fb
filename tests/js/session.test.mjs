// session.test.mjs -- web/kit/session.mjs, the one scene session of <silk-demo> on the main
// thread and in its Worker: its rebuild and frames give the same world as the steps they replaced
// (written out here by hand), a rebuild starts the same run again, paused frames step nothing,
// and the demo keys (Space / K, '.', R) do what the element's buttons do. No DOM: a counting
// renderer stands in for the canvas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests } from './helpers.mjs';
import { createSession, buildScene, keyAction, advanceFrames, NO_LAB } from '../../web/kit/session.mjs';
import { createDragQueue } from '../../web/kit/kit-core.mjs';
import { getScene, sceneNames } from '../../web/kit/scenes.mjs';
import { DEFAULTS, parseParams } from '../../web/kit/params.mjs';

const silk = await loadSilkForTests();

function fakeRenderer() {
  return {
    dirty: false, renders: 0,
    invalidate() { this.dirty = true; },
    render() { this.dirty = false; this.renders++; },
  };
}

const frame = (n = 1) => ({ dts: new Array(n).fill(1 / 60), count: n, realDt: n / 60, dropped: 0 });

function settingsFor(query) {
  return parseParams(query, sceneNames(), { ...DEFAULTS, embed: true }).settings;
}

function newWorld(settings) {
  return silk.createWorld({ seed: settings.seed, step: settings.step, loopMode: settings.loopMode, solver: settings.solver });
}

for (const query of ['scene=web', 'scene=shapes&solver=robust&substeps=4', 'scene=tree&seed=7']) {
  test(`${query}: the session's run is the hand-written rebuild and frames, bit for bit`, () => {
    const settings = settingsFor(query);
    // the steps the element and its Worker each wrote before session.mjs
    const ref = newWorld(settings);
    const drag = createDragQueue(ref);
    const scene = getScene(settings.scene);
    ref.setSeed(settings.seed);
    scene.build(ref, settings, {});
    ref.step = settings.step;
    ref.matchRobustToCompat();
    ref.setRobust({ substeps: settings.substeps });
    ref.resetClock();
    scene.prepare(ref, {});
    const record = { steps: 0, alpha: 0, dropped: 0 };
    const total = { steps: 0, dropped: 0 };
    let refSteps = 0;
    for (let k = 0; k < 90; k++) refSteps += advanceFrames(drag, frame(k % 3 === 0 ? 2 : 1), record, total).steps;

    const world = newWorld(settings);
    const renderer = fakeRenderer();
    const session = createSession({ world, scene, settings, renderer });
    session.rebuild();
    for (let k = 0; k < 90; k++) session.frame(frame(k % 3 === 0 ? 2 : 1));
    assert.ok(refSteps > 90, `${refSteps} steps`);
    assert.equal(session.counters.physicsSteps, refSteps);
    assert.equal(renderer.renders, 90, 'every frame that stepped is drawn');
    assert.equal(session.counters.framesRendered, 90);
    assert.equal(world.stateHash(), ref.stateHash());
    assert.equal(session.lab, NO_LAB);

    // a rebuild starts the same run again
    const first = world.stateHash();
    session.rebuild();
    for (let k = 0; k < 90; k++) session.frame(frame(k % 3 === 0 ? 2 : 1));
    assert.equal(world.stateHash(), first);
    ref.destroy();
    world.destroy();
  });
}

test('paused: frames step nothing and draw only what was asked for; the keys', () => {
  const settings = settingsFor('scene=web');
  const world = newWorld(settings);
  const renderer = fakeRenderer();
  const pauses = [];
  let rebuilt = 0;
  const session = createSession({
    world, scene: getScene('web'), settings, renderer, paused: true,
    onRebuilt: () => rebuilt++, onPause: (p) => pauses.push(p),
  });
  session.rebuild();
  assert.equal(rebuilt, 1);
  const built = world.stateHash();
  session.frame(frame()); // the rebuild asked for one drawing
  session.frame(frame());
  session.frame(frame(2));
  assert.equal(session.counters.physicsSteps, 0);
  assert.equal(renderer.renders, 1);
  assert.equal(world.stateHash(), built);

  assert.deepEqual([' ', 'k', '.', 'r', 'x', 'K'].map(keyAction), ['pause', 'pause', 'step', 'reset', null, null]);
  assert.equal(session.key('.'), true); // one 1/60 s step, still paused
  assert.equal(session.paused, true);
  assert.equal(session.counters.physicsSteps, 1);
  assert.notEqual(world.stateHash(), built);
  assert.equal(session.key('r'), true); // rebuilt: back to the built state
  assert.equal(rebuilt, 2);
  assert.equal(world.stateHash(), built);
  assert.equal(session.key('x'), false);
  assert.equal(session.key(' '), true);
  assert.equal(session.paused, false);
  assert.deepEqual(pauses, [false]);
  session.frame(frame());
  assert.equal(session.counters.physicsSteps, 2);
  session.key('.'); // pauses first, then steps
  assert.equal(session.paused, true);
  assert.deepEqual(pauses, [false, true]);
  assert.equal(session.counters.physicsSteps, 3);
  world.destroy();
});

test('buildScene reads the lab\'s ownsWorld after the build (a lab scene takes the world there)', () => {
  const settings = settingsFor('scene=web');
  const world = newWorld(settings);
  let mapped = 0;
  const match = world.matchRobustToCompat.bind(world);
  world.matchRobustToCompat = () => { mapped++; match(); };
  const lab = { ...NO_LAB, ownsWorld: false };
  const web = getScene('web');
  const takes = { ...web, build(w, s, c) { web.build(w, s, c); lab.ownsWorld = true; } };
  buildScene(world, web, settings, {}, { lab });
  assert.equal(mapped, 1, 'a scene without a lab gets the compat -> robust mapping');
  buildScene(world, takes, settings, {}, { lab });
  assert.equal(mapped, 1, 'a lab that took the world during the build keeps its solver settings');
  const seen = [];
  buildScene(world, web, settings, {}, { adjust: (w) => seen.push(w.step) });
  assert.deepEqual(seen, [settings.step], 'adjust runs after the step is set');
  world.destroy();
});
