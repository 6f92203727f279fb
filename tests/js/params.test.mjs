// params.test.mjs -- the page's URL parameters and setting validators (web/kit/params.mjs), in node:
// every bad value is reported and falls back to its default; set() errors name the setting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseParams, checkSetting, DEFAULTS } from '../../web/kit/params.mjs';

const SCENES = ['web', 'cloth', 'shapes', 'tree'];

test('no parameters: the defaults, no problems', () => {
  const { settings, problems } = parseParams('', SCENES);
  assert.deepEqual(settings, { ...DEFAULTS });
  assert.deepEqual(problems, []);
});

test('good parameters are typed and applied', () => {
  const { settings, problems } = parseParams('?scene=tree&embed=1&step=32&tensor=.75&seed=9007199254740991&loop=coupled&hz=144', SCENES);
  assert.deepEqual(problems, []);
  assert.deepEqual(settings, { ...DEFAULTS, scene: 'tree', embed: true, step: 32, tensor: 0.75, seed: 9007199254740991, loopMode: 'coupled', simulatedHz: 144 });
  assert.equal(parseParams('?hz=jittery', SCENES).settings.simulatedHz, 'jittery');
  assert.equal(parseParams('?embed=0', SCENES, { ...DEFAULTS, embed: true }).settings.embed, false);
});

test('bad parameters: one message each, naming the parameter, and the default kept', () => {
  const bad = ['step=-3', 'step=0', 'step=33', 'step=1.5', 'step=', 'step=16px', 'tensor=abc', 'tensor=0', 'tensor=1e1',
    'tensor=NaN', 'tensor=Infinity', 'seed=-1', 'seed=1e3', 'seed=99999999999999999', 'loop=sideways', 'hz=75', 'hz=',
    'scene=moon', 'scene=', 'embed=yes'];
  for (const q of bad) {
    const [param, value] = q.split('=');
    const { settings, problems } = parseParams(`?${q}`, SCENES);
    assert.equal(problems.length, 1, q);
    assert.equal(problems[0].param, param);
    const prefix = `?${param}=${value || '(empty)'} was ignored (${param} `;
    assert.ok(problems[0].message.startsWith(prefix), problems[0].message);
    assert.doesNotMatch(problems[0].message.slice(prefix.length), /NaN|undefined/, q); // (the echoed value may be "NaN")
    assert.deepEqual(settings, { ...DEFAULTS }, q);
  }
});

test('checkSetting: TypeError for the wrong type, RangeError out of range, names the setting', () => {
  assert.throws(() => checkSetting('step', '8', SCENES), { name: 'TypeError', message: /^step /u });
  assert.throws(() => checkSetting('step', 0, SCENES), { name: 'RangeError', message: /^step must be from 1 to 32/ });
  assert.throws(() => checkSetting('tensor', NaN, SCENES), { name: 'RangeError', message: /^tensor / });
  assert.throws(() => checkSetting('paused', 1, SCENES), { name: 'TypeError', message: /^paused / });
  assert.throws(() => checkSetting('scene', 'moon', SCENES), { name: 'RangeError', message: /^scene must be one of web, cloth/ });
  assert.throws(() => checkSetting('simulatedHz', 59, SCENES), RangeError);
  assert.throws(() => checkSetting('gravity', 0.6, SCENES), RangeError);
  assert.throws(() => checkSetting('friction', 1.01, SCENES), RangeError);
  assert.throws(() => checkSetting('what', 1, SCENES), RangeError);
  assert.equal(checkSetting('simulatedHz', '120', SCENES), 120);
  assert.equal(checkSetting('gravity', -0.5, SCENES), -0.5);
});

test('?readout=plain|full|none (1 = plain, 0 = none): the embed line (issue 18)', () => {
  for (const [q, want] of [['', 'plain'], ['?readout=full', 'full'], ['?readout=none', 'none'], ['?readout=0', 'none'], ['?readout=1', 'plain']]) {
    assert.equal(parseParams(q, SCENES).settings.readout, want, q);
  }
  const bad = parseParams('?readout=loud', SCENES);
  assert.equal(bad.settings.readout, 'plain');
  assert.match(bad.problems[0].message, /readout must be one of plain, full, none/);
  assert.throws(() => checkSetting('readout', 3, SCENES), TypeError);
});
