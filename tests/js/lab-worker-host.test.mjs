// lab-worker-host.test.mjs -- web/labs/lab-worker-host.mjs, the lab host in <silk-demo>'s Worker,
// in Node (no DOM at all: what the Worker has): every lab scene builds, steps and reads out
// through session.mjs; readouts are posted at most every 250 ms (a fake clock and timers), never
// per frame; a setting and an action reach the scene; the pointer goes to the scene's tool
// (rope's cut, coupling's drag of both worlds) before the session's drag.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests } from './helpers.mjs';
import { createSession } from '../../web/kit/session.mjs';
import { getScene, sceneNames } from '../../web/kit/scenes.mjs';
import { DEFAULTS, parseParams } from '../../web/kit/params.mjs';
import { createWorkerLabHost } from '../../web/labs/lab-worker-host.mjs';

const silk = await loadSilkForTests();
const renderer = { dirty: false, invalidate() { this.dirty = true; }, render() { this.dirty = false; } };
const frame = (n = 1) => ({ dts: new Array(n).fill(1 / 60), count: n, realDt: n / 60, dropped: 0 });

/** A session of `query` on the Worker's lab host, with a clock and timers the test drives. */
function run(query) {
  const { settings } = parseParams(query, sceneNames(), { ...DEFAULTS, embed: true });
  const world = silk.createWorld({ seed: settings.seed, step: settings.step, loopMode: settings.loopMode, solver: settings.solver });
  const clock = { t: 0, timers: [] };
  const posts = [];
  let session = null;
  const lab = createWorkerLabHost({
    silk, world, search: query, appSettings: () => settings, rebuild: () => session.rebuild(), now: () => clock.t,
    post: (m) => posts.push({ at: clock.t, ...structuredClone(m) }), // structured-clonable, as postMessage needs
    setTimer: (fn, ms) => { clock.timers.push({ at: clock.t + ms, fn }); return clock.timers.length; },
    clearTimer: () => {},
  });
  session = createSession({ world, scene: getScene(settings.scene), settings, renderer, lab });
  session.rebuild();
  /** ms of frames at 60 Hz, the timers run when their time comes. */
  const play = (ms) => {
    for (const end = clock.t + ms; clock.t < end;) {
      clock.t += 1000 / 60;
      for (const timer of clock.timers.filter((x) => x.at <= clock.t)) { clock.timers.splice(clock.timers.indexOf(timer), 1); timer.fn(); }
      session.frame(frame());
    }
  };
  return { world, lab, session, posts, play, clock, destroy: () => { lab.unmount(); world.destroy(); } };
}

for (const query of ['scene=coupling', 'scene=spiral', 'scene=integrators', 'scene=rope', 'scene=cloth&mode=seed003']) {
  test(`${query}: runs on the Worker's lab host without a DOM; readouts posted at most every 250 ms`, () => {
    const r = run(query);
    r.play(3000);
    const scene = new URLSearchParams(query).get('scene');
    assert.ok(r.posts.length >= 6, `readouts posted: ${r.posts.length} in 3 s`);
    assert.ok(r.posts.length <= 13, `at most 4 a second: ${r.posts.length} in 3 s`);
    for (let k = 1; k < r.posts.length; k++) assert.ok(r.posts[k].at - r.posts[k - 1].at >= 250, `posts ${k - 1}, ${k}: ${r.posts[k - 1].at} -> ${r.posts[k].at} ms`);
    const last = r.posts[r.posts.length - 1];
    assert.equal(last.readouts.scene, scene);
    assert.equal(last.build, 1);
    assert.deepEqual(last.readouts, r.lab.readouts() && { ...last.readouts }); // a plain snapshot
    assert.equal(typeof document, 'undefined', 'no DOM here');
    r.destroy();
  });
}

test('a setting from the bar reaches the scene: rope particles 10 rebuilds with 9 links, the next snapshot says so', () => {
  const r = run('scene=rope');
  r.play(500);
  r.lab.set('particles', 10);
  r.play(600);
  const last = r.posts[r.posts.length - 1];
  assert.equal(last.build, 2, 'a rebuild: the bar rebuilds its controls');
  assert.equal(last.readouts.settings.particles, 10);
  assert.equal(last.readouts.live.links, 9);
  assert.throws(() => r.lab.set('particles', 11), RangeError);
  assert.equal(r.lab.readouts().settings.particles, 10, 'a bad value changes nothing');
  r.destroy();
});

test('an action from the bar: rope collapses onto one point; coupling stalls one second', () => {
  const r = run('scene=rope');
  r.play(300);
  r.lab.act('collapse');
  const p = r.world.positions;
  assert.deepEqual([p[2], p[3]], [p[4], p[5]], 'particles 1 and 2 on one point');
  assert.throws(() => r.lab.act('nope'), RangeError);
  r.destroy();
  const c = run('scene=coupling&rate=60');
  c.play(500);
  const before = c.lab.readouts();
  c.lab.act('stall');
  const t0 = c.clock.t;
  while (c.lab.readouts().displayFrames === before.displayFrames && c.clock.t - t0 < 2000) c.play(1);
  assert.ok(c.clock.t - t0 >= 1000 - 2 * 1000 / 60, `the stalled frame ended after ${c.clock.t - t0} ms`);
  const after = c.lab.readouts();
  assert.equal(after.displayFrames, before.displayFrames + 1, 'one display frame of 1 s');
  assert.ok(Math.abs(after.wallSeconds - before.wallSeconds - 1) < 1e-9, `the frame lasted ${after.wallSeconds - before.wallSeconds} s`);
  c.destroy();
});

test('the pointer: rope\'s cut tool takes a press and cuts; with tool drag the session\'s drag gets it', () => {
  const r = run('scene=rope');
  r.play(1000);
  const links = r.lab.readouts().live.links;
  assert.equal(r.lab.pointerDown(240, 40, 20), true, 'the cut tool takes the press');
  r.lab.pointerMove([240, 240], [120, 330]);
  r.lab.pointerUp();
  assert.ok(r.lab.readouts().live.cuts > 0, 'a cut');
  r.play(100);
  assert.ok(r.lab.readouts().live.links < links);
  r.lab.set('tool', 'drag');
  assert.equal(r.lab.pointerDown(240, 40, 20), false, 'drags: the session\'s drag gets the press');
  assert.equal(r.lab.holding, false);
  r.destroy();
});

test('the pointer: coupling holds the same particle in both worlds, the plot below takes nothing', () => {
  const c = run('scene=coupling');
  c.play(1500);
  assert.equal(c.lab.pointerDown(200, 400, 20), false, 'the plot is not a web');
  assert.equal(c.lab.pointerDown(200, 125, 20), true, 'the left web');
  c.lab.pointerMove([210], [130]);
  const [a, b] = c.lab.readouts().dragging;
  assert.ok(a >= 0 && a === b, `held: ${a}, ${b}`);
  c.lab.pointerUp();
  assert.deepEqual(c.lab.readouts().dragging, [-1, -1]);
  c.destroy();
});
