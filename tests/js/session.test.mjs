// session.test.mjs -- web/kit/session.mjs, the one scene session of the demo page, <silk-demo> on
// the main thread and in its Worker: its rebuild and frames give the same world as the steps
// they replaced (written out here by hand), a rebuild starts the same run again, paused frames
// step nothing, the demo keys (Space / K, '.', R) do what the element's buttons do, and the
// page's hooks are called in order with what the frame did. No DOM: a counting renderer stands
// in for the canvas.
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

test('the page\'s hooks: called in order, on the built world, with what a frame did', () => {
  const settings = settingsFor('scene=web');
  const world = newWorld(settings);
  const renderer = fakeRenderer();
  const calls = [];
  let t = 0;
  let hoverMoved = false;
  let builtHash = null;
  const ring = { x: 1, y: 2 };
  let ringSeen = null;
  renderer.render = function render(scene, state, alpha, extra) { this.dirty = false; this.renders++; ringSeen = extra; };
  const session = createSession({
    world, scene: getScene('web'), settings, renderer,
    now: () => (t += 2), // every reading 2 ms later
    adjust: (w) => { calls.push('adjust'); w.friction = 0.5; },
    onBuilt: () => { calls.push('built'); builtHash = world.stateHash(); },
    onRebuilt: () => calls.push('rebuilt'),
    onAdvanced: (steps) => calls.push(`advanced ${steps}`),
    redrawIf: () => { calls.push('redrawIf'); return hoverMoved; },
    highlight: () => ring,
    onDrawn: (d, running, at) => calls.push(`drawn ${running} ${at === t} ${d === world.diagnosticsView}`),
    onStep: () => calls.push('step'),
    onPause: (p) => calls.push(`pause ${p}`),
  });
  session.rebuild();
  assert.deepEqual(calls, ['adjust', 'built', 'rebuilt']);
  assert.equal(world.friction, 0.5, 'adjust ran on the built world');
  assert.notEqual(builtHash, null);
  assert.equal(session.counters.alpha, 0);

  calls.length = 0;
  session.frame({ dts: [1 / 60, 1 / 60], count: 2, realDt: 2 / 60, dropped: 0.25 });
  assert.deepEqual(calls, ['advanced 2', 'redrawIf', 'drawn true true true']);
  assert.equal(ringSeen, ring, 'the highlight is drawn');
  assert.equal(session.counters.stepsThisFrame, 2);
  assert.equal(session.counters.droppedSeconds, 0.25);
  assert.ok(Math.abs(session.counters.physicsMs - 0.2) < 1e-12, `physicsMs ${session.counters.physicsMs}`);
  assert.ok(Math.abs(session.counters.renderMs - 0.2) < 1e-12, `renderMs ${session.counters.renderMs}`);

  // paused: no steps, no drawing unless asked; the hook asks (a hover moved)
  session.setPaused(true);
  session.frame(frame()); // the pause asked for one drawing
  calls.length = 0;
  session.frame(frame());
  assert.deepEqual(calls, ['advanced 0', 'redrawIf']);
  hoverMoved = true;
  session.frame(frame());
  assert.deepEqual(calls, ['advanced 0', 'redrawIf', 'advanced 0', 'redrawIf', 'drawn false true true']);

  // the '.' key: one step, its alpha and steps in the counters, then onStep
  calls.length = 0;
  const steps = session.counters.physicsSteps;
  session.key('.');
  assert.deepEqual(calls, ['step']);
  assert.equal(session.counters.physicsSteps, steps + 1);
  assert.equal(session.counters.stepsThisFrame, 1);

  // another scene: the session builds what it is given
  session.scene = getScene('tree');
  session.rebuild();
  const ref = newWorld(settings);
  buildScene(ref, getScene('tree'), settings, {}, { adjust: (w) => { w.friction = 0.5; } });
  ref.resetClock();
  getScene('tree').prepare(ref, {});
  assert.equal(world.stateHash(), ref.stateHash());
  ref.destroy();
  world.destroy();
});
