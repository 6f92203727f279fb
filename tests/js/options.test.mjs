// options.test.mjs -- issue 21, "smaller": option bags are read as own properties only
// (Object.prototype.width must not change createWorld), a huge bad value is quoted once and
// capped, and the element reads worker="false" / "off" / "0" as off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSilkForTests } from './helpers.mjs';
import { parseParams, shownValue, SHOWN_MAX } from '../../web/kit/params.mjs';
import { workerAttribute } from '../../web/element/silk-demo.mjs';

const silk = await loadSilkForTests();

// Every option name any reader of silk.mjs takes, each polluted with a value that would change
// the result (or throw) if it were read through the prototype chain.
const POLLUTION = {
  width: 123, height: 77, gravity: [0, 5], friction: 0.5, groundFriction: 0.2, seed: 99, step: 3,
  relaxPasses: 3, loopMode: 'coupled', solver: 'robust', robust: { substeps: 3 }, substeps: 3,
  iterations: 2, watchdog: { autoRestore: true }, stepSeconds: 0.5, maxStepsPerFrame: 1,
  scene: 'cloth', tensor: 1.5, frames: 3, count: 3, frameSeconds: 0.1, integrator: 'euler',
  floor: 'mirror', compliance: 5, wasm: 'nowhere.wasm', rings: 3, spokes: 3, x: 1, y: 1,
  damping: 3, nearPasses: 5, chains: true, points: 'not points', autoRestore: true, h: 0.5, steps: 5,
};

function withPollution(fn) {
  for (const [k, v] of Object.entries(POLLUTION)) Object.prototype[k] = v; // eslint-disable-line no-extend-native
  try {
    return fn();
  } finally {
    for (const k of Object.keys(POLLUTION)) delete Object.prototype[k];
  }
}

function describeWorld(w) {
  return {
    width: w.width, height: w.height, solver: w.solver, loopMode: w.loopMode, robust: w.robust,
    particles: w.particleCount, hash: w.stateHash(),
  };
}

test('createWorld() reads its options as own properties only (issue 21)', () => {
  const clean = silk.createWorld();
  const expected = describeWorld(clean);
  clean.destroy();
  const polluted = withPollution(() => silk.createWorld());
  assert.deepEqual(describeWorld(polluted), expected);
  // own properties still count, and a class's prototype getters do not
  class Options { get width() { return 10; } }
  const fromClass = silk.createWorld(new Options());
  assert.equal(fromClass.width, expected.width);
  const own = silk.createWorld({ width: 300 });
  assert.equal(own.width, 300);
  for (const w of [polluted, fromClass, own]) w.destroy();
});

test('every options reader of silk.mjs ignores inherited properties', () => {
  const runs = {
    sweep: () => silk.stepSweep({ frames: 2, count: 2 }),
    robustFromCompat: () => silk.robustFromCompat(),
    stepper: () => { const s = silk.createStepper(); const r = JSON.stringify(s.state?.() ?? s); s.destroy?.(); return r; },
    ballRun: () => silk.ballRun({ steps: 10 }),
    scene: () => { const w = silk.createWorld(); w.buildScene('web', {}); const r = [w.particleCount, w.constraintCount]; w.destroy(); return r; },
    builders: () => {
      const w = silk.createWorld();
      w.spiderweb({}); w.cloth({}); w.tree({});
      const r = [w.particleCount, w.constraintCount];
      w.destroy();
      return r;
    },
    setters: () => {
      const w = silk.createWorld();
      w.setRobust({}); w.setStepper({}); w.setWatchdog({});
      const r = describeWorld(w);
      w.destroy();
      return r;
    },
    distance: () => {
      const w = silk.createWorld();
      const c = w.addComposite(); const a = w.addParticle(c, 10, 10); const b = w.addParticle(c, 20, 10);
      w.addDistance(c, a, b, 1, {}); w.addAngle(c, a, b, a, 1, {});
      const r = w.snapshot().length;
      w.destroy();
      return r;
    },
  };
  for (const [name, run] of Object.entries(runs)) {
    let clean, polluted;
    try { clean = run(); } catch (e) { clean = `throws ${e.name}`; }
    try { polluted = withPollution(run); } catch (e) { polluted = `throws ${e.name}: ${e.message}`; }
    assert.deepEqual(polluted, clean, name);
  }
});

test('a 20,000-character bad value is quoted once, capped at 80 characters and "…" (issue 21)', () => {
  const huge = 'x'.repeat(20000);
  for (const param of ['scene', 'step', 'solver', 'theme', 'hz', 'tensor']) {
    const { problems } = parseParams(`?${param}=${huge}`, ['web']);
    assert.equal(problems.length, 1, param);
    const m = problems[0].message;
    assert.ok(m.length < 300, `${param}: ${m.length} characters`);
    assert.equal(m.split('x'.repeat(SHOWN_MAX)).length - 1, 1, `${param}: the value once`);
    assert.ok(m.includes(`${'x'.repeat(SHOWN_MAX)}…`), param);
  }
  assert.equal(shownValue(''), '(empty)');
  assert.equal(shownValue('a'.repeat(SHOWN_MAX)), 'a'.repeat(SHOWN_MAX));
  // short values are still quoted in full, once
  const { problems } = parseParams('?scene=moon', ['web']);
  assert.match(problems[0].message, /^\?scene=moon was ignored \(scene must be one of web\); using web\.$/);
});

test('the element reads worker="false", "off", "0" as off, and presence and absence as on', () => {
  for (const v of ['off', 'false', '0', 'OFF', ' False ']) assert.deepEqual(workerAttribute(v), { on: false, message: null }, v);
  assert.deepEqual(workerAttribute(null), { on: true, message: null }, 'absent: the Worker is the default');
  for (const v of ['', 'worker', 'on', 'true', '1', 'WORKER']) assert.deepEqual(workerAttribute(v), { on: true, message: null }, v);
  const odd = workerAttribute('y'.repeat(20000));
  assert.equal(odd.on, true); // the HTML boolean rule: present is on
  assert.ok(odd.message.length < 250 && odd.message.includes('worker="off"'), odd.message);
});
