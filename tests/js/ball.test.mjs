// ball.test.mjs -- silk.ballRun(): seed 004's ball computed in wasm, checked against the closed
// form, the seed's own JS step functions (bit for bit), the energy laws, and bad arguments.
import test from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { importSilk, loadSilkForTests, firstDifference } from './helpers.mjs';

const silk = await loadSilkForTests();
const { INTEGRATORS, FLOOR_RULES } = await importSilk();
const G = 9.81;

// The seed's step functions (seed 004, 1.2-1.4), transcribed: the reference for bit-identity.
function stepExplicit(s, h) {
  const x0 = s.x, y0 = s.y, vx0 = s.vx, vy0 = s.vy;
  s.x = x0 + vx0 * h;
  s.y = y0 + vy0 * h;
  s.vx = vx0;
  s.vy = vy0 - G * h;
}
function stepSemi(s, h) {
  s.vy -= G * h;
  s.y += s.vy * h;
  s.x += s.vx * h;
}
function stepSub(s, h, n, step) {
  const hh = h / n;
  for (let i = 0; i < n; i++) step(s, hh);
}

const launch = { v0: 6, angle: 0.9, y0: 5 };
const closedY = (t) => 5 + 6 * Math.sin(0.9) * t - 0.5 * G * t * t;

test('exports the integrator and floor names in engine order', () => {
  assert.deepEqual([...INTEGRATORS], ['explicit', 'semi-implicit', 'verlet']);
  assert.deepEqual([...FLOOR_RULES], ['none', 'snap', 'mirror']);
});

test('a run has steps + 1 entries: t = k h, entry 0 is the launch', () => {
  const h = 1 / 120;
  const r = silk.ballRun({ ...launch, integrator: 'explicit', h, steps: 60, floor: 'none' });
  for (const name of ['t', 'x', 'y', 'vx', 'vy', 'E', 'preContactE']) {
    assert.ok(r[name] instanceof Float64Array, name);
    assert.equal(r[name].length, 61, name);
  }
  for (let k = 0; k <= 60; k++) assert.equal(r.t[k], k * h);
  assert.equal(r.y[0], 5);
  assert.equal(r.vx[0], 6 * Math.cos(0.9));
  assert.equal(r.vy[0], 6 * Math.sin(0.9));
  assert.equal(r.contacts, 0);
  assert.ok(r.preContactE.every(Number.isNaN));
});

test('E = (vx^2 + vy^2)/2 + g y in every entry, bit for bit', () => {
  const r = silk.ballRun({ ...launch, integrator: 'semi-implicit', h: 1 / 30, steps: 200 });
  for (let k = 0; k < r.t.length; k++) {
    assert.equal(r.E[k], 0.5 * (r.vx[k] * r.vx[k] + r.vy[k] * r.vy[k]) + G * r.y[k], `entry ${k}`);
  }
});

for (const [name, step] of [['explicit', stepExplicit], ['semi-implicit', stepSemi]]) {
  for (const substeps of [1, 4]) {
    test(`${name}, ${substeps} sub-step(s): bit-identical with the seed's JS step function`, () => {
      const h = 1 / 60, steps = 90;
      const r = silk.ballRun({ ...launch, integrator: name, h, substeps, steps, floor: 'none' });
      const s = { x: 0, y: 5, vx: 6 * Math.cos(0.9), vy: 6 * Math.sin(0.9) };
      const ys = new Float64Array(steps + 1), vys = new Float64Array(steps + 1);
      ys[0] = s.y;
      vys[0] = s.vy;
      for (let k = 1; k <= steps; k++) {
        stepSub(s, h, substeps, step);
        ys[k] = s.y;
        vys[k] = s.vy;
      }
      assert.equal(firstDifference(r.y, ys), -1);
      assert.equal(firstDifference(r.vy, vys), -1);
    });
  }
}

test('free fall: explicit errs by +g h t/2, semi-implicit by -g h t/2, Verlet not at all', () => {
  const h = 1 / 120;
  const expected = { explicit: 1, 'semi-implicit': -1, verlet: 0 };
  for (const integrator of INTEGRATORS) {
    const r = silk.ballRun({ ...launch, integrator, h, steps: 190, floor: 'none' });
    for (let k = 1; k <= 190; k++) {
      const law = expected[integrator] * 0.5 * G * h * r.t[k];
      // rounding of a few hundred additions of numbers below 10 m stays under 1e-12 m
      assert.ok(Math.abs(r.y[k] - closedY(r.t[k]) - law) < 1e-9, `${integrator} step ${k}`);
    }
  }
});

test('sub-steps: n = 1, 2, 4, 8 halve the explicit error at T = 0.6 s', () => {
  const errors = [1, 2, 4, 8].map((substeps) => {
    const r = silk.ballRun({ ...launch, integrator: 'explicit', h: 1 / 60, substeps, steps: 36, floor: 'none' });
    return Math.abs(r.y[36] - closedY(0.6));
  });
  for (let i = 1; i < errors.length; i++) assert.ok(Math.abs(errors[i] / errors[i - 1] - 0.5) < 1e-9);
});

function preContactEnergies(r) {
  return Array.from(r.preContactE).filter((e) => !Number.isNaN(e));
}

test('energy per bounce (snap floor, h = 1/15): explicit grows every bounce, semi-implicit shrinks', () => {
  const base = { v0: 2, angle: 0.9, y0: 5, h: 1 / 15, steps: 600, floor: 'snap' };
  const exp = silk.ballRun({ ...base, integrator: 'explicit' });
  const semi = silk.ballRun({ ...base, integrator: 'semi-implicit' });
  const ee = [exp.E[0], ...preContactEnergies(exp)].slice(0, 9);
  const es = [semi.E[0], ...preContactEnergies(semi)].slice(0, 9);
  assert.equal(ee.length, 9, 'eight bounces');
  assert.equal(es.length, 9, 'eight bounces');
  for (let n = 1; n < 9; n++) {
    assert.ok(ee[n] > ee[n - 1], `explicit bounce ${n}: ${ee[n]} > ${ee[n - 1]}`);
    assert.ok(es[n] < es[n - 1], `semi-implicit bounce ${n}: ${es[n]} < ${es[n - 1]}`);
  }
  assert.equal(exp.contacts, preContactEnergies(exp).length, 'one contact per frame at most');
});

test('in flight, explicit gains exactly g^2 h^2 / 2 per step and semi-implicit loses as much', () => {
  const h = 1 / 15, per = 0.5 * G * G * h * h;
  for (const [integrator, sign] of [['explicit', 1], ['semi-implicit', -1]]) {
    const r = silk.ballRun({ ...launch, integrator, h, steps: 20, floor: 'none' });
    for (let k = 1; k <= 20; k++) assert.ok(Math.abs(r.E[k] - r.E[k - 1] - sign * per) < 1e-9);
  }
});

test('the mirror floor keeps the ball above the floor after every frame', () => {
  for (const integrator of INTEGRATORS) {
    const r = silk.ballRun({ v0: 2, y0: 5, h: 1 / 60, steps: 2000, integrator, floor: 'mirror', floorY: 1 });
    assert.ok(r.contacts > 5, `${integrator} bounced`);
    assert.ok(r.y.every((y) => y >= 1), `${integrator} never ends a frame below the floor`);
  }
});

test('bad arguments: TypeError or RangeError naming the argument; the module still works', () => {
  const bad = [
    [null, TypeError, 'options'],
    [5, TypeError, 'options'],
    [{ integrator: 2 }, TypeError, 'integrator'],
    [{ integrator: 'rk4' }, RangeError, 'integrator'],
    [{ integrator: null }, TypeError, 'integrator'],
    [{ floor: true }, TypeError, 'floor'],
    [{ floor: 'bouncy' }, RangeError, 'floor'],
    [{ h: '0.1' }, TypeError, 'h'],
    [{ h: 0 }, RangeError, 'h'],
    [{ h: -1 / 60 }, RangeError, 'h'],
    [{ h: NaN }, RangeError, 'h'],
    [{ h: Infinity }, RangeError, 'h'],
    [{ h: 5e-324, substeps: 4 }, RangeError, 'h'],
    [{ substeps: 0 }, RangeError, 'substeps'],
    [{ substeps: 1.5 }, RangeError, 'substeps'],
    [{ substeps: 65537 }, RangeError, 'substeps'],
    [{ steps: 0 }, RangeError, 'steps'],
    [{ steps: -3 }, RangeError, 'steps'],
    [{ steps: 1e6 + 1 }, RangeError, 'steps'],
    [{ steps: 1e6, substeps: 1000 }, RangeError, 'steps'],
    [{ steps: 10n }, TypeError, 'steps'],
    [{ v0: NaN }, RangeError, 'v0'],
    [{ angle: -Infinity }, RangeError, 'angle'],
    [{ y0: '5' }, TypeError, 'y0'],
    [{ x0: Infinity }, RangeError, 'x0'],
    [{ g: NaN }, RangeError, 'g'],
    [{ floorY: {} }, TypeError, 'floorY'],
    [{ h: 1e300, v0: 1e300, steps: 3 }, RangeError, 'h'],
  ];
  for (const [options, Kind, name] of bad) {
    assert.throws(() => silk.ballRun(options), (e) => e instanceof Kind && e.message.includes(name),
      `ballRun(${inspect(options)}) should throw ${Kind.name} naming ${name}`);
  }
  const r = silk.ballRun({ steps: 3 });
  assert.equal(r.t.length, 4);
});

test('a long run grows wasm memory and still returns correct arrays', () => {
  // 10^5 rows (5.6 MB, past the 4 MB initial memory): the most one call admits since issue
  // 31.1 (10^6 rows took 4 s on a phone-class CPU)
  const r = silk.ballRun({ ...launch, integrator: 'verlet', h: 1 / 1000, steps: 100000, floor: 'none' });
  assert.equal(r.y.length, 100001);
  assert.ok(Math.abs(r.y[1000] - closedY(1)) < 1e-9);
});
