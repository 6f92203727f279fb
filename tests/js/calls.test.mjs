// calls.test.mjs -- the generated half of the wasm exports (issue 20, item 2):
// - the pure-marshalling wrappers come from one table, engine/wasm/silk_js_calls.h, and none is
//   also written by hand in exports.c;
// - the JS call table (CALLS) names every export of the module, with the arity the module has;
// - results that were read by position (stateHash, polygonPenetration, playRun) cross as
//   generated structs read by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadSilkForTests, repoRoot } from './helpers.mjs';
import { CALLS, FIELDS } from '../../web/lib/silk-boundary.mjs';

const silk = await loadSilkForTests();
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');

test('CALLS is every silk_js_* export of the module, with its arity', () => {
  const exported = Object.keys(silk.exports).filter((k) => k.startsWith('silk_js_')).sort();
  assert.deepEqual(exported, Object.keys(CALLS).sort());
  for (const [name, call] of Object.entries(CALLS)) {
    assert.equal(silk.exports[name].length, call.params.length, `${name}(${call.params.join(', ')})`);
    assert.equal(call.types.split(' ').filter(Boolean).length, call.params.length, name);
  }
});

test('the marshalling wrappers are generated from silk_js_calls.h, the rest are in exports.c', () => {
  const table = read('engine/wasm/silk_js_calls.h').replace(/\/\*[\s\S]*?\*\//g, ' ');
  const listed = [...table.matchAll(/X\(\s*(\w+)\s*,\s*(\w+)\s*\)/g)].map((m) => `silk_js_${m[1]}`).sort();
  const generated = Object.keys(CALLS).filter((k) => CALLS[k].gen).sort();
  assert.deepEqual(generated, listed);
  assert.ok(generated.length >= 80, `${generated.length} generated wrappers`);
  const hand = read('engine/wasm/exports.c');
  const wrappers = read('engine/wasm/exports_generated.c');
  for (const name of generated) {
    assert.ok(!new RegExp(`\\b${name}\\(`).test(hand), `${name} is generated and also in exports.c`);
    assert.ok(new RegExp(`EXPORT [^\\n]*\\b${name}\\(`).test(wrappers), `${name} in exports_generated.c`);
  }
  for (const name of Object.keys(CALLS).filter((k) => CALLS[k].hand)) {
    assert.ok(new RegExp(`EXPORT [^\\n]*\\b${name}\\(`).test(hand), `${name} in exports.c`);
  }
  // the marshalling rules, seen from JS: a silk_vec2 is two doubles, a uint64_t two words
  assert.deepEqual(CALLS.silk_js_set_gravity.params, ['world', 'gravity_x', 'gravity_y']);
  assert.equal(CALLS.silk_js_set_gravity.types, 'i32 f64 f64');
  assert.deepEqual(CALLS.silk_js_set_seed.params, ['world', 'seed_lo', 'seed_hi']);
  assert.equal(CALLS.silk_js_add_particle.params.length, 4); // out_particle became the result
});

test('stateHash, polygonPenetration and playRun read generated structs by name', () => {
  for (const name of ['silk_js_hash', 'silk_js_penetration', 'silk_js_play_run_result']) {
    assert.ok(FIELDS[name], `${name} is in the generator's list`);
  }
  const lib = read('web/lib/silk-core.mjs') + read('web/lib/silk-extras.mjs');
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
