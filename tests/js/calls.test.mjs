// calls.test.mjs -- the generated half of the wasm exports (issue 20, item 2):
// - the pure-marshalling wrappers come from one table, engine/wasm/silk_js_calls.h, and none is
//   also written by hand in exports.c;
// - the JS call table (CALLS) names every export of the module, with the arity the module has;
// - results that were read by position (stateHash, polygonPenetration, playRun) cross as
//   generated structs read by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { importSilk, loadSilkForTests, repoRoot } from './helpers.mjs';
import { CALLS, FIELDS } from '../../web/lib/silk-boundary.mjs';

const silk = await loadSilkForTests();
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');

test('CALLS is every silk_js_* export of the module, with its arity', () => {
  const exported = Object.keys(silk.exports).filter((k) => k.startsWith('silk_js_')).sort();
  assert.deepEqual(exported, Object.keys(CALLS).sort());
  for (const [name, types] of Object.entries(CALLS)) {
    assert.match(types, /^[if]*$/, name);
    assert.equal(silk.exports[name].length, types.length, `${name}: ${types}`);
  }
});

test('a module that does not match CALLS is refused at load', async () => {
  const { loadSilk } = await importSilk();
  const bytes = readFileSync(path.join(repoRoot, 'build', 'wasm', 'silk.wasm'));
  const module = new WebAssembly.Module(bytes);
  assert.ok(await loadSilk({ wasm: module }));
  // the same module, with one export seen through a wrapper of another arity
  assert.equal(CALLS.silk_js_cloth, 'ii');
  const real = WebAssembly.instantiate;
  WebAssembly.instantiate = async (m, imports) => {
    const instance = await real(m, imports);
    return { exports: { ...instance.exports, silk_js_cloth: (a, b, c) => instance.exports.silk_js_cloth(a, b, c) } };
  };
  try {
    await assert.rejects(loadSilk({ wasm: module }),
      (e) => e instanceof Error && /silk_js_cloth takes 2 parameters here, the module takes 3/.test(e.message));
  } finally {
    WebAssembly.instantiate = real;
  }
});

test('the marshalling wrappers are generated from silk_js_calls.h, the rest are in exports.c', () => {
  const table = read('engine/wasm/silk_js_calls.h').replace(/\/\*[\s\S]*?\*\//g, ' ');
  const listed = [...table.matchAll(/X\(\s*(\w+)\s*,\s*(\w+)\s*\)/g)].map((m) => `silk_js_${m[1]}`).sort();
  assert.ok(listed.length >= 90, `${listed.length} generated wrappers`);
  const hand = read('engine/wasm/exports.c');
  const wrappers = read('engine/wasm/exports_generated.c');
  const defined = (text) => [...text.matchAll(/^EXPORT [^\n(]*\b(silk_js_\w+)\(/gm)].map((m) => m[1]);
  assert.deepEqual(defined(wrappers).sort(), listed);
  for (const name of defined(hand)) assert.ok(!listed.includes(name), `${name} is generated and also in exports.c`);
  assert.deepEqual([...defined(hand), ...listed].sort(), Object.keys(CALLS).sort());
  // the marshalling rules, seen from JS: a silk_vec2 is two doubles, a uint64_t two words, an
  // out-parameter the result
  assert.equal(CALLS.silk_js_set_gravity, 'iff');
  assert.equal(CALLS.silk_js_set_seed, 'iii');
  assert.equal(CALLS.silk_js_add_particle, 'iiff');
  assert.match(wrappers, /EXPORT int32_t silk_js_set_gravity\(silk_world\* world, double gravity_x, double gravity_y\)/);
});

test('stateHash, polygonPenetration and playRun read generated structs by name', () => {
  for (const name of ['silk_js_hash', 'silk_js_penetration', 'silk_js_play_run_result']) {
    assert.ok(FIELDS[name], `${name} is in the generator's list`);
  }
  const lib = readdirSync(path.join(repoRoot, 'web', 'lib')).filter((f) => f.endsWith('.mjs') && f !== 'silk-boundary.mjs')
    .map((f) => read(`web/lib/${f}`)).join('\n');
  assert.ok(lib.includes('silk_js_polygon_penetration') && lib.includes('silk_js_state_hash'), 'the binding files were read');
  for (const positional of ['_f64(s, 2)', '_f64(s, 1)', 'Uint32Array(this._silk.memory.buffer, s']) {
    assert.ok(!lib.includes(positional), `the binding still reads ${positional}`);
  }
  const w = silk.createWorld({ seed: 3 });
  w.buildScene('cloth');
  for (let k = 0; k < 3; k++) w.advance(1 / 60);
  assert.match(w.stateHash(), /^[0-9a-f]{16}$/);
  // the hash moves with the state and nothing else
  const before = w.stateHash();
  assert.equal(w.stateHash(), before);
  w.advance(1 / 60);
  assert.notEqual(w.stateHash(), before);
  w.solver = 'robust';
  assert.deepEqual(w.polygonPenetration(), { depth: 0, particle: -1 });
  // a particle 7 px inside a square's nearest edge (placed, not stepped)
  const p = silk.createWorld({ solver: 'robust' });
  const c = p.addComposite();
  p.addParticle(c, 10, 10);
  p.addParticle(c, 100, 103);
  p.addPolygon({ points: [[90, 90], [110, 90], [110, 110], [90, 110]] });
  assert.deepEqual(p.polygonPenetration(), { depth: 7, particle: 1 });
  p.destroy();
  w.startRecording();
  for (let k = 0; k < 4; k++) w.advance(1 / 60);
  const bytes = w.stopRecording();
  const v = silk.createWorld();
  v.playBegin(bytes);
  assert.equal(v.playRun(3), 3);
  assert.equal(v.playRun(10), 1);
  assert.equal(v.playStatus().matches, true);
  assert.equal(v.stateHash(), w.stateHash());
  for (const x of [w, v]) x.destroy();
});
