// world-settings.test.mjs -- every world setting crosses the JS boundary from its one
// declaration (engine/src/settings.h SILK_WORLD_SETTINGS, written into silk-boundary.mjs as
// WORLD_SETTINGS by scripts/gen-boundary.mjs): its default reaches DEFAULTS, createWorld and the
// World's accessors; a value set from JS goes through the engine's table (the refusal quotes
// the table's rule), is recorded and replayed; and silk.d.ts's WorldOptions line says the same
// default. A setting added to the table is walked here without a line of its own.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadSilkForTests, repoRoot } from './helpers.mjs';
import { WORLD_SETTINGS, DEFAULTS, CALLS } from '../../web/lib/silk-boundary.mjs';

const silk = await loadSilkForTests();

/** The World accessor of a setting: its option name (seed: setSeed only; width and height are
 *  read-only, set together by setSize). */
const WRITABLE = (s) => !['width', 'height', 'seed'].includes(s.name);

/** A valid value other than the default, and one the engine's validator refuses (not one the
 *  JS type check already stops), by type. */
function samples(s) {
  switch (s.type) {
    case 'double': return { good: s.default === 0.5 ? 0.25 : 0.5 };
    case 'silk_vec2': return { good: [0.01, 0.25] };
    case 'int32_t': return { good: s.default === 12 ? 8 : 12, bad: 0 };
    default: return { good: 2 };
  }
}

test('WORLD_SETTINGS is the table: indices in order, the generic exports, defaults in DEFAULTS', () => {
  assert.ok(WORLD_SETTINGS.length >= 7);
  WORLD_SETTINGS.forEach((s, i) => {
    assert.equal(s.index, i, s.name);
    assert.deepEqual(DEFAULTS.silk_world_def[s.name], s.default, s.name);
    assert.equal(typeof s.rule, 'string');
    assert.equal(s.option, s.name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()));
  });
  assert.deepEqual(WORLD_SETTINGS.map((s) => s.name),
    ['width', 'height', 'gravity', 'friction', 'ground_friction', 'seed', 'relax_passes']);
  assert.deepEqual(WORLD_SETTINGS.filter((s) => s.event).map((s) => s.option),
    ['gravity', 'friction', 'groundFriction', 'relaxPasses']);
  assert.equal(CALLS.silk_js_world_set_setting, 'iii');
  assert.equal(CALLS.silk_js_world_get_setting, 'iii');
});

test('a new world reads every default; each writable setting round-trips through the engine', () => {
  const w = silk.createWorld();
  for (const s of WORLD_SETTINGS) {
    if (s.name === 'seed') continue; // no getter: random() shows it (below)
    assert.deepEqual(w[s.option], s.default, s.option);
    if (!WRITABLE(s)) continue;
    const { good, bad } = samples(s);
    w[s.option] = good;
    assert.deepEqual(w[s.option], good, s.option);
    if (bad !== undefined) {
      assert.throws(() => { w[s.option] = bad; },
        (e) => e instanceof RangeError && e.message.includes(s.option) && e.message.includes(s.rule) && e.message.includes(String(bad)),
        s.option);
      assert.deepEqual(w[s.option], good, `${s.option} unchanged after a refusal`);
    }
  }
  const seeded = silk.createWorld({ seed: 7 });
  w.setSeed(7);
  assert.equal(w.random(), seeded.random());
  w.destroy();
  seeded.destroy();
});

test('createWorld takes every setting by its option name', () => {
  const options = Object.fromEntries(WORLD_SETTINGS.filter(WRITABLE).map((s) => [s.option, samples(s).good]));
  const w = silk.createWorld({ ...options, width: 640, height: 420 });
  for (const [option, value] of Object.entries(options)) assert.deepEqual(w[option], value, option);
  assert.equal(w.width, 640);
  assert.equal(w.height, 420);
  w.destroy();
});

test('a setting changed from JS during a recording is replayed', () => {
  for (const s of WORLD_SETTINGS.filter((e) => e.event)) {
    const w = silk.createWorld();
    w.buildScene('cloth');
    w.startRecording();
    w.advance(1 / 60);
    w[s.option] = samples(s).good;
    for (let k = 0; k < 3; k++) w.advance(1 / 60);
    const bytes = w.stopRecording();
    const r = silk.createWorld();
    const result = r.replay(bytes);
    assert.ok(result.matches, s.option);
    assert.deepEqual(r[s.option], samples(s).good, s.option);
    w.destroy();
    r.destroy();
  }
});

test('silk.d.ts WorldOptions has each setting with the generated default', () => {
  const dts = readFileSync(path.join(repoRoot, 'web', 'lib', 'silk.d.ts'), 'utf8');
  const body = /export interface WorldOptions \{([\s\S]*?)\n\}/.exec(dts)[1];
  for (const s of WORLD_SETTINGS) {
    const line = body.split('\n').find((l) => new RegExp(`^\\s*${s.option}\\?:`).test(l));
    assert.ok(line, `WorldOptions.${s.option}`);
    const shown = Array.isArray(s.default) ? `[${s.default.join(', ')}]` : String(s.default);
    assert.ok(line.includes(`default ${shown}`), `WorldOptions.${s.option}: ${line.trim()} says default ${shown}`);
  }
});
