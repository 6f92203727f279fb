// fuzz-protocol.test.mjs -- the host <-> runtime message protocol attacked in both directions
// (issue 31.3), in node, against the real runtime (web/kit/runtime.mjs) behind the in-thread
// channel (protocol.mjs createInThreadChannel: the same code a Worker runs, the same messages).
//
// - Into the runtime: the messages the third fuzz round found (postMessage(null), calls named
//   constructor / toString / valueOf / hasOwnProperty / __proto__), then 3,000 seeded mutated
//   messages of every type: nothing throws, every malformed message is answered (`rejected`, or
//   an `error` reply to a call with an id) naming why, every reply is itself a well-formed
//   message, a refused message leaves the state hash and settings unchanged, and the run goes on.
// - Into the host: the same kinds of hostile replies into createHostReceiver, and a reply for a
//   call that already timed out: nothing throws, nothing is reported as "Silk stopped".
// Seeded (SplitMix64), so a failure names the input that caused it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { rng, compileSilkWasm, startInThreadRuntime } from './helpers.mjs';
import {
  TO_RUNTIME, TO_HOST, CALLS, checkMessage, createCaller, createHostReceiver,
} from '../../web/kit/protocol.mjs';

const wasm = await compileSilkWasm();

/** A runtime on this thread (the page's, with the labs) and everything it posted back. */
async function startRuntime() {
  const { host, clock, replies, served } = await startInThreadRuntime(wasm, { page: true });
  clock.tick(5);
  return { host, clock, replies, served, world: served.run().world };
}

const PROTO_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf', '__defineGetter__'];
const throwing = Object.defineProperty({}, 'type', { get() { throw new Error('a getter that throws'); } });
const revoked = Proxy.revocable({}, {});
revoked.revoke();
const BAD = [undefined, null, NaN, Infinity, -Infinity, -1, 0, 1.5, 2 ** 60, '', 'x', 'constructor', '__proto__', true, [], [1, 2],
  {}, { x: 1 }, () => 1, Symbol('s'), 1n, Object.create(null), new Float64Array(2), throwing, revoked.proxy];
const TYPES = [...TO_RUNTIME.keys(), ...PROTO_NAMES, '', 'stats', 'result'];

/** The hostile messages the third fuzz round named (issue 31.3), each with what must come back. */
const NAMED = [
  [null, /must be an object with a type, got null/],
  [undefined, /must be an object with a type/],
  [42, /must be an object with a type/],
  [{}, /type must be a string/],
  [throwing, /cannot be read/],
  [revoked.proxy, /cannot be read/],
  ...PROTO_NAMES.map((name) => [{ type: name }, /^unknown message type/]),
  ...PROTO_NAMES.map((name) => [{ type: 'call', id: 9000, name }, new RegExp(`^no call ${name.replace(/_/g, '_')}$`)]),
  [{ type: 'call', id: 9001, name: 'stateHash', args: 'x' }, /^call\.args must be an array$/],
  [{ type: 'call', name: 'stateHash' }, /^call\.id must be a positive integer$/],
  [{ type: 'down', x: NaN, y: 1, radius: 10 }, /^down\.x must be a finite number/],
  [{ type: 'move', xs: null, ys: [] }, /^move\.xs must be an array/],
  [{ type: 'size', dev: [0, 1], css: [1, 1] }, /^size\.dev must be/],
  [{ type: 'theme', theme: 'purple' }, /^theme\.theme must be/],
  [{ type: 'set', name: 'step', value: 5 }, /^set\.seq must be/],
  [{ type: 'init' }, /^init\./],
];

/** A message's type for an assertion's text, whatever the message is. */
function label(m) {
  try { return label(m); } catch { return 'unreadable'; }
}

test('messages into the runtime: the named cases are answered "no call X" / a reason, and change nothing', async () => {
  const { host, replies, world, clock } = await startRuntime();
  const hash = world.stateHash();
  for (const [m, expected] of NAMED) {
    replies.length = 0;
    assert.doesNotThrow(() => host.postMessage(m), label(m));
    assert.equal(replies.length, 1, `one answer for ${label(m)}: ${JSON.stringify(replies)}`);
    const r = replies[0];
    assert.equal(checkMessage(TO_HOST, r), null, 'the answer is a message of the protocol');
    assert.ok(r.type === 'rejected' || r.type === 'error', JSON.stringify(r));
    const text = r.type === 'rejected' ? r.reason : r.message;
    assert.match(text, expected, `${label(m)}: ${text}`);
    if (r.type === 'error') assert.equal(r.id, m.id, 'a refused call is answered with its id');
    assert.equal(world.stateHash(), hash, 'a refused message changes nothing');
  }
  // the run goes on: a real call is answered, frames step
  replies.length = 0;
  host.postMessage({ type: 'call', id: 1, name: 'stateHash', args: [] });
  assert.deepEqual(replies.find((r) => r.type === 'result'), { type: 'result', id: 1, value: world.stateHash() });
  clock.tick(3);
  assert.notEqual(world.stateHash(), hash, 'the world still runs');
});

test('3,000 seeded mutated messages into the runtime: none throws, every reply is well-formed, refused ones change nothing', async () => {
  const { host, replies, world } = await startRuntime();
  const random = rng(31);
  const pick = (list) => list[Math.floor(random() * list.length)];
  let refused = 0;
  for (let i = 0; i < 3000; i++) {
    const type = pick(TYPES);
    const fields = TO_RUNTIME.get(type) ?? { x: null };
    const m = { type };
    for (const f of Object.keys(fields)) m[f] = random() < 0.5 ? pick(BAD) : undefined;
    if (type === 'init' || type === 'reset' || type === 'step') continue; // valid ones rebuild or step: no hash to compare
    const valid = checkMessage(TO_RUNTIME, m) === null;
    const before = world.stateHash();
    replies.length = 0;
    assert.doesNotThrow(() => host.postMessage(m), `message ${i}: ${type}`);
    for (const r of replies) assert.equal(checkMessage(TO_HOST, r), null, `message ${i} (${type}): reply ${JSON.stringify(r)}`);
    assert.ok(!replies.some((r) => r.type === 'error' && r.id === undefined), `message ${i} (${type}) stopped the run: ${JSON.stringify(replies)}`);
    const answered = replies.some((r) => r.type === 'rejected' || (r.type === 'error' && r.id !== undefined));
    if (!valid || answered) {
      refused++;
      assert.ok(answered, `message ${i} (${type}) is malformed and was answered`);
      assert.equal(world.stateHash(), before, `message ${i} (${type}) was refused and changed nothing`);
    }
  }
  assert.ok(refused > 1000, `most mutated messages are refused (${refused})`);
});

test('messages into the host: hostile replies are dropped with a reason, a late reply is ignored', async () => {
  let timers = [];
  const caller = createCaller(() => {}, {
    timeout: 5,
    setTimer: (f) => { timers.push(f); return timers.length; },
    clearTimer: () => {},
  });
  const stopped = [];
  const dropped = [];
  const seen = { ready: 0, stats: 0, lab: 0 };
  const receive = createHostReceiver(caller, {
    ready: () => seen.ready++, stats: () => seen.stats++, lab: () => seen.lab++,
    stopped: (m) => stopped.push(m), dropped: (r) => dropped.push(r),
  });
  // a call that times out, then its late error reply: ignored, not "Silk stopped"
  const late = caller.call('runDiagnostic', 300);
  for (const f of timers) f();
  timers = [];
  await assert.rejects(late, /did not answer/);
  assert.equal(receive({ type: 'error', id: 1, name: 'RangeError', message: 'too late' }), null);
  assert.equal(receive({ type: 'result', id: 1, value: 5 }), null);
  assert.deepEqual(stopped, [], 'a late reply is not a stopped run');
  // a pending call is settled by its reply, with its error class
  const p = caller.call('stateHash');
  receive({ type: 'error', id: 2, name: 'RangeError', message: 'no call x' });
  await assert.rejects(p, RangeError);
  // hostile messages: every one dropped with a reason, none throws, none reaches a handler
  const random = rng(7);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const hostile = [null, undefined, 1, 'x', [], {}, throwing, revoked.proxy, ...PROTO_NAMES.map((type) => ({ type })),
    { type: 'stats', stats: null }, { type: 'lab', build: -1, full: true, readouts: null }, { type: 'error', message: 5 }];
  for (let i = 0; i < 2000; i++) {
    const type = pick([...TO_HOST.keys(), ...PROTO_NAMES]);
    const m = { type };
    for (const f of Object.keys(TO_HOST.get(type) ?? {})) m[f] = pick(BAD);
    hostile.push(m);
  }
  for (const m of hostile) {
    const before = dropped.length;
    let reason;
    assert.doesNotThrow(() => { reason = receive(m); });
    if (checkMessage(TO_HOST, m) !== null) {
      assert.equal(typeof reason, 'string');
      assert.equal(dropped.length, before + 1, 'dropped with its reason');
    }
  }
  assert.equal(caller.pending, 0);
  // an error without an id is the one thing that says the run stopped
  receive({ type: 'error', message: 'the engine failed' });
  assert.deepEqual(stopped, ['the engine failed']);
});

test('every call of CALLS is answered by the runtime', async () => {
  const { host, replies } = await startRuntime();
  let id = 100;
  for (const name of CALLS.keys()) {
    replies.length = 0;
    const args = name === 'sweepRow' ? [8, 10] : name === 'runDiagnostic' ? [10] : [];
    host.postMessage({ type: 'call', id: ++id, name, args });
    // the silent runs' module loads at their first call (runtime.mjs): that answer comes when it is there
    let r = replies.find((x) => x.id === id);
    for (let k = 0; k < 200 && !r; k++) {
      await new Promise((res) => setTimeout(res, 5));
      r = replies.find((x) => x.id === id);
    }
    assert.ok(r, `${name} answered`);
    assert.equal(r.type, 'result', `${name}: ${JSON.stringify(r)}`);
  }
});
