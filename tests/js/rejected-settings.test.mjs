// rejected-settings.test.mjs -- issue 31.4 in node: a setting the runtime refuses leaves the
// world's state hash, its settings and its stats exactly as they were. The runtime
// (web/kit/runtime.mjs) is what silkApp.set and labSet reach on either thread (a Worker, or this
// thread behind the in-thread channel), and it trusts no message: the host checks first (to
// throw at its caller), and the runtime checks again before its first change. Here each class of
// rejected value is posted straight to the runtime, as a hostile or buggy host would.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, fakeCanvas } from './helpers.mjs';
import { serveRuntime } from '../../web/kit/runtime.mjs';
import { createInThreadChannel, createCaller, createHostReceiver } from '../../web/kit/protocol.mjs';
import { checkSetting } from '../../web/kit/params.mjs';
import { sceneNames } from '../../web/kit/scenes.mjs';

const wasm = await WebAssembly.compile(readFileSync(process.env.SILK_WASM ?? path.join(repoRoot, 'build', 'wasm', 'silk.wasm')));

/** A runtime on this thread, stepped by hand; host() is what a host sees of it. */
async function start(scene) {
  const { host, runtime } = createInThreadChannel();
  let t = 0;
  let cb = null;
  const clock = { now: () => t, request: (f) => { cb = f; return 1; }, cancel: () => { cb = null; } };
  const tick = (n) => { for (let k = 0; k < n && cb; k++) { t += 1000 / 60; const f = cb; cb = null; f(t); } };
  const caller = createCaller((m) => host.postMessage(m));
  let last = null;
  let ready = false;
  const rejected = [];
  const receive = createHostReceiver(caller, { ready: () => { ready = true; }, stats: (s) => { last = s; }, dropped: (r) => rejected.push(r) });
  host.onmessage = ({ data }) => receive(data);
  serveRuntime(runtime, { clock, labs: () => import('../../web/labs/lab-worker-host.mjs') });
  host.postMessage({
    type: 'init', canvas: fakeCanvas(), module: wasm,
    settings: { scene, seed: 11, step: 16, loopMode: 'fixed', solver: 'compat', substeps: 4, simulatedHz: 'device', tensor: 1, embed: false, theme: 'light', background: 'default', readout: 'plain', autoRestore: false, paused: false },
    theme: 'light', transparent: false, paused: false, size: { dev: [800, 500], css: [800, 500] }, page: true, lab: true,
  });
  for (let k = 0; k < 300 && !ready; k++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(ready, 'the runtime started');
  host.postMessage({ type: 'active', active: true });
  tick(10);
  host.postMessage({ type: 'pause', paused: true }); // a still world: any change is the set's
  /** What must not change: the hash, the settings and the stats (the same call answers all). */
  const state = () => {
    caller.callNow('stats');
    // samples are the dashboard's feed since the last stats; `at` is when these stats were
    // assembled (a clock reading for rate.mjs), not state
    const { samples, at, ...s } = last;
    void samples; void at;
    return s;
  };
  return { host, caller, state, rejected, tick };
}

// every class of rejected value, per setting (checkSetting must refuse each: asserted below)
const REJECTED = [
  ['step', '16'], ['step', NaN], ['step', Infinity], ['step', 0], ['step', 33], ['step', 2.5], ['step', null],
  ['tensor', -1], ['tensor', NaN], ['tensor', '1'],
  ['friction', 2], ['friction', -Infinity], ['friction', {}],
  ['gravity', 0.6], ['gravity', NaN], ['gravity', true],
  ['seed', -1], ['seed', 1.5], ['seed', 2 ** 60], ['seed', '7'],
  ['scene', 'nope'], ['scene', 5], ['scene', '__proto__'], ['scene', 'constructor'],
  ['loopMode', 'sometimes'], ['loopMode', 1],
  ['simulatedHz', 59], ['simulatedHz', 'fast'], ['simulatedHz', []],
  ['solver', 'magic'], ['solver', undefined],
  ['substeps', 0], ['substeps', 99], ['substeps', NaN],
  ['theme', 'purple'], ['background', 'transparent'], ['readout', 'loud'],
  ['paused', 1], ['autoRestore', 'yes'], ['embed', 0],
  ['nope', 1], ['constructor', 1], ['toString', 1], ['__proto__', {}], ['hasOwnProperty', 1],
];

test('every rejected silkApp.set value leaves the state hash, settings and stats unchanged (runtime)', async () => {
  const { host, state, rejected } = await start('web');
  let seq = 1;
  for (const [name, value] of REJECTED) {
    if (name !== 'background') assert.throws(() => checkSetting(name, value, sceneNames()), /Error/, `checkSetting refuses ${name} = ${String(value)}`);
    const before = state();
    const n = rejected.length;
    host.postMessage({ type: 'set', name, value, seq: seq++ });
    assert.equal(rejected.length, n + 1, `${name} = ${String(value)} is refused with a reason`);
    assert.match(rejected.at(-1), /^set "/);
    const after = state();
    assert.equal(after.stateHash, before.stateHash, `${name} = ${String(value)}: state hash`);
    assert.deepEqual(after.settings, before.settings, `${name} = ${String(value)}: settings`);
    assert.deepEqual({ ...after, seq: 0 }, { ...before, seq: 0 }, `${name} = ${String(value)}: stats`);
  }
  // and an accepted one does change it (the comparison can fail)
  const before = state();
  host.postMessage({ type: 'set', name: 'seed', value: 12, seq: seq++ });
  assert.notEqual(state().stateHash, before.stateHash);
});

test('a solver setting on a lab scene that owns the world, and bad labSet values, change nothing (runtime)', async () => {
  const { host, state, rejected } = await start('rope');
  let seq = 1;
  assert.equal(state().ownsWorld, true, 'rope owns its world');
  const cases = [
    ['set', 'friction', 0.95], ['set', 'gravity', 0.1], ['set', 'solver', 'robust'], ['set', 'substeps', 2],
    ['lab-set', 'particles', -5], ['lab-set', 'particles', NaN], ['lab-set', 'iterations', 'many'],
    ['lab-set', 'nope', 1], ['lab-set', 'constructor', 1], ['lab-set', '__proto__', 1], ['lab-act', 'nope'],
    ['lab-act', 'constructor'], ['lab-act', 'toString'], ['lab-act', '__proto__'],
  ];
  for (const [type, name, value] of cases) {
    const before = state();
    const n = rejected.length;
    host.postMessage(type === 'set' ? { type, name, value, seq: seq++ } : { type, name, value });
    assert.equal(rejected.length, n + 1, `${type} ${name} = ${String(value)} is refused: ${rejected.at(-1)}`);
    assert.match(rejected.at(-1), /unknown lab (setting|action)|must|does not apply|only on/, rejected.at(-1));
    const after = state();
    assert.equal(after.stateHash, before.stateHash, `${type} ${name}: state hash`);
    assert.deepEqual(after.settings, before.settings, `${type} ${name}: settings`);
  }
});
