// boundary.test.mjs -- the generated JS <-> wasm boundary (issue 9):
// - defs cross as C structs at the generated offsets, starting from the engine's own defaults;
// - the engine names the failing field and its rule, and the binding's errors say both;
// - the library restates no engine default or limit, and the page's pointer code no stepper
//   arithmetic (checked on the source);
// - queued pointer samples land on the fixed step their time falls in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { loadSilkForTests, firstDifference } from './helpers.mjs';
import { FIELDS, LAYOUT, LIMITS } from '../../web/lib/silk-boundary.mjs';

const silk = await loadSilkForTests();
const source = (file) => readFileSync(new URL(`../../web/${file}`, import.meta.url), 'utf8');
/** The hand-written binding: every module of web/lib but the generated boundary (the core is
 *  split by role into several files since issue 30). */
const LIB_FILES = readdirSync(new URL('../../web/lib/', import.meta.url))
  .filter((f) => f.endsWith('.mjs') && f !== 'silk-boundary.mjs').map((f) => `lib/${f}`);

test('FIELDS and LAYOUT agree for every boundary struct', () => {
  for (const name of ['silk_world_def', 'silk_stepper_def', 'silk_robust_def', 'silk_watchdog_def', 'silk_error_detail']) {
    assert.ok(FIELDS[name], name);
  }
  for (const name of Object.keys(FIELDS)) {
    assert.deepEqual(Object.keys(LAYOUT[name]).filter((k) => k !== 'size' && k !== 'align'), FIELDS[name].map(([f]) => f), name);
    for (const [field, , offset] of FIELDS[name]) assert.equal(LAYOUT[name][field], offset, `${name}.${field}`);
  }
});

test('the result records cross as structs in the generated list, read by name', () => {
  // the six records issue 20 named, and the spider's: generated, not kept by hand in silk.mjs
  const results = ['silk_play_status', 'silk_sweep_row', 'silk_replay_result', 'silk_js_ball_row', 'silk_setting_value',
    'silk_constraint_info', 'silk_spider_info'];
  for (const name of results) assert.ok(FIELDS[name], `${name} is in the generator's list`);
  assert.deepEqual(FIELDS.silk_spider_info.find(([f]) => f === 'feet').slice(1), ['int32_t', 20, 8]);
  // the wasm-only bounds come from engine/wasm/silk_js.h, not from a JS restatement
  assert.equal(LIMITS.JS_BALL_MAX_STEPS, 100000); // issue 31.1: 10^6 rows took 4 s on a phone-class CPU
  assert.equal(LIMITS.JS_BALL_MAX_SUBSTEPS, 2 ** 26);
  assert.throws(() => silk.ballRun({ steps: LIMITS.JS_BALL_MAX_STEPS + 1 }), RangeError);
  assert.throws(() => silk.ballRun({ steps: 4096, substeps: LIMITS.JS_BALL_MAX_SUBSTEPS / 4096 + 1 }),
    (e) => e instanceof RangeError && e.message.includes(String(LIMITS.JS_BALL_MAX_SUBSTEPS)));
  const lib = LIB_FILES.map(source).join('\n');
  for (const gone of ['SETTINGS_OUT', 'CONSTRAINT_OUT', 'SWEEP_ROW', 'BALL_ROW', 'PLAY_OUT', 'REPLAY_OUT', 'maxSteps: 1e6', '2 ** 27']) {
    assert.ok(!lib.includes(gone), `silk.mjs still holds ${gone}`);
  }
  // a field the engine adds reaches JS: silk_play_status.step_work
  const w = silk.createWorld();
  w.buildScene('cloth');
  w.startRecording();
  for (let k = 0; k < 5; k++) w.advance(1 / 60);
  const bytes = w.stopRecording();
  const hash = w.stateHash();
  const v = silk.createWorld();
  v.playBegin(bytes);
  const before = v.playStatus();
  assert.equal(before.playing, true);
  assert.equal(before.steps, 5);
  assert.ok(Number.isInteger(before.stepWork) && before.stepWork >= w.particleCount + w.constraintCount, `stepWork ${before.stepWork}`);
  while (v.playStatus().playing) v.advance(1 / 60);
  const after = v.playStatus();
  assert.deepEqual([after.finished, after.matches, after.hash, after.step], [true, true, hash, 5]);
  const r = silk.createWorld().replay(bytes);
  assert.deepEqual(r, { steps: 5, hash, recordedHash: hash, matches: true });
  // settings and a constraint's info, by field
  assert.deepEqual([v.width, v.height], [w.width, w.height]);
  const c = v.constraint(0, 0);
  assert.deepEqual(Object.keys(c), ['kind', 'a', 'b', 'c', 'stiffness', 'rest', 'target', 'compliance']);
  for (const x of [w, v]) x.destroy();
});

test('defaults come from the engine: a world made with no options has the default def', () => {
  const w = silk.createWorld();
  const def = silk._readStruct('silk_world_def', silk._defaultDef('silk_world_def'));
  assert.deepEqual([w.width, w.height], [def.width, def.height]);
  assert.deepEqual(w.gravity, def.gravity);
  assert.equal(w.friction, def.friction);
  assert.equal(w.groundFriction, def.ground_friction);
  assert.equal(w.step, def.relax_passes);
  // the robust settings are the engine's mapping of those compat settings
  assert.deepEqual(w.robust, silk.robustFromCompat());
  // what the caller gives wins; zero is a value, not "default", where zero is valid
  const z = silk.createWorld({ gravity: [0, 0], friction: 0, seed: 0 });
  assert.deepEqual(z.gravity, [0, 0]);
  assert.equal(z.friction, 0);
  assert.deepEqual(z.robust.gravity, [0, 0]);
  const s = silk.createStepper();
  const sd = silk._readStruct('silk_stepper_def', silk._defaultDef('silk_stepper_def'));
  assert.deepEqual([s.stepSeconds, s.maxStepsPerFrame], [sd.step_seconds, sd.max_steps_per_frame]);
  for (const x of [w, z, s]) x.destroy();
});

test('the engine names the failing field and its rule; the binding says both', () => {
  const cases = [
    [() => silk.createWorld({ width: 0.5 }), RangeError, /^createWorld: width must be >= 1 px, got 0\.5$/],
    [() => silk.createWorld({ step: 4097 }), RangeError, /^createWorld: step must be in \[1, 4096\], got 4097$/],
    [() => silk.createWorld({ stepSeconds: 20 }), RangeError, /^createWorld: stepSeconds must be > 0, in \[1e-6, 10\.0\] s, got 20$/],
    [() => silk.createStepper({ maxStepsPerFrame: 0 }), RangeError, /^createStepper: maxStepsPerFrame must be >= 1, got 0$/],
  ];
  const w = silk.createWorld();
  cases.push(
    [() => w.setRobust({ nearPasses: 65 }), RangeError, /^setRobust: nearPasses must be in \[1, 64\], got 65$/],
    [() => w.setRobust({ damping: -1 }), RangeError, /^setRobust: damping must be >= 0 \(1\/s\), got -1$/],
    [() => w.setWatchdog({ energyGrowth: 0.5 }), RangeError, /^setWatchdog: energyGrowth must be >= 1, got 0\.5$/],
    [() => w.setStepper({ stepSeconds: 1e-9 }), RangeError, /^setStepper: stepSeconds must be > 0/],
    [() => w.setSize(800, 0), RangeError, /^setSize: height must be >= 1 px, got 0$/],
    // the builders and polygons report through the world too (silk_world_report_error)
    [() => w.cloth({ segments: 2049 }), RangeError, /^cloth: segments must be in \[1, 2048\], got 2049$/],
    [() => w.spiderweb({ segments: 100000, depth: 100 }), RangeError, /^spiderweb: segments times depth must be <= SILK_MAX_PARTICLES, got 100000$/],
    [() => w.tree({ depth: 17 }), RangeError, /^tree: depth must be in \[0, 16\], got 17$/],
    [() => w.buildScene('web', { tensor: 0 }), RangeError, /^buildScene: tensor must be > 0, got 0$/],
    [() => w.addPolygon({ points: [[0, 0], [1, 1]] }), RangeError, /^addPolygon: points must hold 3 to 64 points$/],
    [() => w.addPolygon({ points: [[0, 0], [10, 0], [0, 10]], friction: -1 }), RangeError, /^addPolygon: friction must be >= 0, got -1$/],
    // a world setting: named as the caller spelled it, the rule from its table (settings.h)
    [() => { w.step = 0; }, RangeError, /^step: step must be in \[1, 4096\], got 0$/],
    [() => { w.relaxPasses = 4097; }, RangeError, /^relaxPasses: relaxPasses must be in \[1, 4096\], got 4097$/],
  );
  for (const [fn, Kind, message] of cases) assert.throws(fn, (e) => e instanceof Kind && message.test(e.message), String(message));
  w.destroy();
});

test('silk.mjs restates no engine default or limit; input.mjs no stepper arithmetic', () => {
  const lib = LIB_FILES.map(source).join('\n').split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line)).join('\n');
  // the numbers the issue named, and the defaults of the defs that cross the boundary
  for (const literal of ['800', '500', '0.99', '0.8', '0.2', '1 / 60', '4096', '1e7', '720720']) {
    const at = lib.search(new RegExp(`(?<![\\w.])${literal.replace(/[.*/ ]/g, (c) => (c === ' ' ? ' ' : `\\${c}`))}(?![\\w.])`));
    assert.equal(at, -1, `silk.mjs holds the literal ${literal}: ${lib.slice(at - 60, at + 20)}`);
  }
  const input = source('kit/input.mjs');
  for (const literal of ['720720', 'TICKS', 'STEP_SECONDS', '1 / 60', 'steps > 8']) {
    assert.ok(!input.includes(literal), `input.mjs holds ${literal}`);
  }
});

function chain() {
  const w = silk.createWorld();
  const c = w.addComposite();
  for (let i = 0; i < 8; i++) w.addParticle(c, 300 + 20 * i, 100);
  for (let i = 1; i < 8; i++) w.addDistance(c, i - 1, i, 1);
  w.addPin(c, 0);
  for (let k = 0; k < 30; k++) w.advance(1 / 60);
  return w;
}

test('queuePointer: samples land on the fixed step their time falls in', () => {
  const a = chain();
  const b = chain();
  a.dragBegin(7, 290, 195); b.dragBegin(7, 290, 195);
  const pts = [[300, 200], [310, 205], [320, 210], [330, 215]];
  pts.forEach(([x, y], k) => a.queuePointer(x, y, ((2 / 60) * (k + 1)) / 4));
  assert.equal(a.pointerQueueCount, 4);
  assert.equal(a.advance(2 / 60).steps, 2);
  assert.equal(a.pointerQueueCount, 0);
  b.dragMove(310, 205); b.advance(1 / 60);
  b.dragMove(330, 215); b.advance(1 / 60);
  assert.equal(firstDifference(a.positions, b.positions), -1);
  assert.equal(a.stateHash(), b.stateHash());
  // rules: no drag, bad numbers, time order; a full queue keeps LIMITS.MAX_POINTER_SAMPLES
  a.dragEnd();
  assert.throws(() => a.queuePointer(1, 1, 0), (e) => e.constructor === Error && /queuePointer: no drag/.test(e.message));
  a.dragBegin(7, 290, 195);
  assert.throws(() => a.queuePointer(1, 1, -1), (e) => e instanceof RangeError && /time/.test(e.message));
  assert.throws(() => a.queuePointer(NaN, 1, 0), (e) => e instanceof RangeError && /x/.test(e.message));
  assert.throws(() => a.queuePointer(1, 1, '0'), TypeError);
  a.queuePointer(1, 1, 0.5);
  assert.throws(() => a.queuePointer(1, 1, 0.25), RangeError);
  for (let k = 0; k < 2 * LIMITS.MAX_POINTER_SAMPLES; k++) a.queuePointer(1, 1, 0.5 + k);
  assert.equal(a.pointerQueueCount, LIMITS.MAX_POINTER_SAMPLES);
  a.flushPointer();
  assert.equal(a.pointerQueueCount, 0);
  a.destroy(); b.destroy();
});
