// fuzz.test.mjs -- the JS binding attacked as a careless or hostile host would (issue 11).
//
// - Every method and setter of World, with a wrong value in each argument position: the call
//   either succeeds or throws TypeError / RangeError (Error for bytes that are not a file)
//   whose message starts with the method's name, and a throwing call leaves the world exactly
//   as it was (snapshot bytes and replay status compared).
// - Every method and accessor of a destroyed world throws TypeError.
// - Position views held across wasm memory growth are re-created with the right values.
// - 10,000 create/destroy cycles leave wasm memory flat.
// - 20,000 mutated snapshots and recordings through restore / replay / playBegin: rejected
//   bytes change nothing (not even a replay in progress), accepted snapshot bytes round-trip.
// Seeded (SplitMix64), so a failure names the input that caused it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fnv1a, loadSilkForTests, rng } from './helpers.mjs';

const silk = await loadSilkForTests();


function putChecksum(bytes, at, [lo, hi]) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  v.setUint32(at, lo, true);
  v.setUint32(at + 4, hi, true);
}

function sameBytes(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function fixture() {
  const w = silk.createWorld({ seed: 5 });
  const comp = w.addComposite();
  for (let i = 0; i < 5; i++) w.addParticle(comp, 100 + 30 * i, 100);
  w.addDistance(comp, 0, 1, 1);
  w.addDistance(comp, 1, 2, 0.5);
  w.addPin(comp, 0);
  w.addAngle(comp, 1, 2, 3, 0.5);
  w.advance(0.05);
  return w;
}

const BAD = [undefined, null, NaN, Infinity, -Infinity, '1', '', {}, [], [1, 2], () => 1, Symbol('x'), 1n, true,
  -1, -0, 1e308, -1e308, 2 ** 31, 2 ** 53, 0.5, 5e-324, new Uint8Array(3), { valueOf: () => 1 }, { length: 2 }];

function describe(v) {
  if (typeof v === 'symbol') return 'Symbol';
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'function') return 'function';
  try { return JSON.stringify(v) ?? String(v); } catch { return String(v); }
}

const SKIP = new Set(['constructor', 'destroy', '_x', '_call', '_particle', '_composite', '_constraintIndex',
  '_settings', '_bytesOut', '_bytesIn']);

function methods() {
  const proto = Object.getPrototypeOf(fixture());
  const out = [];
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (SKIP.has(name)) continue;
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (typeof d.value === 'function') out.push({ name, kind: 'method', arity: Math.max(d.value.length, 1) });
    if (d.set) out.push({ name, kind: 'setter', arity: 1 });
  }
  return out;
}

test('wrong values in every argument of every method: TypeError or RangeError naming the method, world unchanged', () => {
  const w = fixture();
  const list = methods();
  assert.ok(list.length > 60, `found ${list.length} methods and setters`);
  let calls = 0;
  let threw = 0;
  for (const m of list) {
    for (let pos = 0; pos < Math.min(m.arity, 4); pos++) {
      for (const bad of BAD) {
        // plausible values elsewhere: 0 for numbers is in range for most indices
        const args = Array.from({ length: m.arity }, (_, k) => (k === pos ? bad : 0));
        const before = w.snapshot();
        const playBefore = JSON.stringify(w.playStatus());
        calls++;
        try {
          if (m.kind === 'setter') w[m.name] = bad;
          else w[m.name](...args);
        } catch (e) {
          threw++;
          const label = `${m.name}(${args.map(describe).join(', ')})`;
          assert.ok(e instanceof TypeError || e instanceof RangeError || e.constructor === Error,
            `${label} threw ${e?.constructor?.name}: ${e?.message}`);
          assert.ok(!(e instanceof WebAssembly.RuntimeError), `${label}: a wasm trap`);
          const setter = `set${m.name[0].toUpperCase()}${m.name.slice(1)}`; // gravity = x -> 'gravity:' or 'setGravity:'
          assert.match(e.message, new RegExp(`^(${m.name}|${setter}|silk)\\b`), `${label}: message '${e.message}' names the call`);
          assert.ok(sameBytes(before, w.snapshot()), `${label} threw and changed the world`);
          assert.equal(JSON.stringify(w.playStatus()), playBefore, `${label} threw and changed the replay`);
        }
        // whatever happened, the world still snapshots and restores (its own state is valid)
        if (calls % 25 === 0) {
          const s = w.snapshot();
          const twin = silk.createWorld();
          twin.restore(s);
          assert.ok(sameBytes(s, twin.snapshot()), `after ${m.name}: own snapshot round-trips`);
          twin.destroy();
        }
        if (w.particleCount > 2000) { w.clear(); } // a builder took a big value: keep it quick
      }
    }
  }
  assert.ok(threw > 500, `${threw} of ${calls} calls threw`);
  w.destroy();
});

// Arguments that pass each method's own checks, for the methods that check them before they
// reach the world: with these, only the world's being destroyed is left to fail.
const VALID = {
  gravity: [[0, 0.2]], setSize: [100, 100], loopMode: ['fixed'], autoCrawl: [true], setStepper: [{}],
  frame: [1], spiderweb: [{}], spider: [{}], cloth: [{}], tire: [{}], lineSegments: [{ points: [[0, 0], [10, 0]] }],
  tree: [{}], buildScene: ['web'], diagnostics: [[0, 0]], runFrames: [1, 1], runFramesMax: [1], solver: ['robust'],
  setSolver: ['robust'], robust: [{}], setRobust: [{}], robustStep: [1 / 60], setWatchdog: [{}],
  addPolygon: [{ points: [[0, 0], [10, 0], [0, 10]] }], restore: [new Uint8Array(8)],
  playBegin: [new Uint8Array(8)], replay: [new Uint8Array(8)],
};

test('use after destroy(): every method and accessor throws TypeError', () => {
  const w = fixture();
  w.destroy();
  w.destroy(); // twice is fine
  assert.equal(w.destroyed, true);
  const proto = Object.getPrototypeOf(w);
  let checked = 0;
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (SKIP.has(name) || name === 'destroyed') continue;
    const d = Object.getOwnPropertyDescriptor(proto, name);
    const attempts = [];
    const args = VALID[name] ?? [0, 0, 0, 0];
    if (typeof d.value === 'function') attempts.push(() => w[name](...args));
    if (d.get) attempts.push(() => w[name]);
    if (d.set) attempts.push(() => { w[name] = args[0]; });
    for (const f of attempts) {
      checked++;
      assert.throws(f, (e) => e instanceof TypeError && /destroyed/.test(e.message), `${name} after destroy`);
    }
  }
  assert.ok(checked > 60, `${checked} members checked`);
});

test('views held across memory growth are re-created with the right values', () => {
  const w = fixture();
  const held = w.positions;
  const values = Array.from(held);
  const pages = silk.memory.buffer.byteLength;
  const big = silk.createWorld({ width: 4000, height: 4000 });
  big.cloth({ segments: 300, width: 3000, height: 3000 }); // 90,000 particles: memory grows
  assert.ok(silk.memory.buffer.byteLength > pages, 'memory grew');
  assert.equal(held.length, 0, 'the old view is detached, as the JS engine does');
  const fresh = w.positions;
  assert.deepEqual(Array.from(fresh), values, 'the getter gives a new view over the same values');
  w.setPosition(1, 12.5, 34.5);
  assert.equal(w.positions[2], 12.5);
  big.destroy();
  w.destroy();
});

test('10,000 create/destroy cycles: wasm memory stays flat', () => {
  const cycle = () => {
    const w = silk.createWorld({ seed: 9 });
    w.buildScene('cloth');
    w.advance(1 / 60);
    w.startRecording();
    w.advance(1 / 60);
    w.stopRecording();
    w.destroy();
  };
  for (let i = 0; i < 200; i++) cycle(); // let the allocator reach its working size
  const before = silk.memory.buffer.byteLength;
  for (let i = 0; i < 10000; i++) cycle();
  assert.equal(silk.memory.buffer.byteLength, before, 'no growth over 10,000 cycles');
});

/** A valid snapshot and a valid recording of small worlds, in both solvers. */
function corpus() {
  const items = [];
  for (const solver of ['compat', 'robust']) {
    const w = fixture();
    w.solver = solver;
    items.push({ bytes: w.snapshot(), recording: false });
    w.startRecording();
    w.dragBegin(2, 150, 140);
    w.advance(2 / 60);
    w.gravity = [0, 0.3];
    w.dragEnd();
    w.advance(1 / 60);
    items.push({ bytes: w.stopRecording(), recording: true });
    w.destroy();
  }
  return items;
}

function mutate(bytes, random, recording) {
  let b = new Uint8Array(bytes);
  const v = () => new DataView(b.buffer);
  const words = [0, 1, 0xffffffff, 0x7ff80000, 0x7ff00000, 0x80000000, 0x3ff00000, 0x00100000];
  const n = 1 + Math.floor(random() * 4);
  for (let k = 0; k < n && b.length > 0; k++) {
    const at = Math.floor(random() * b.length);
    const kind = Math.floor(random() * 6);
    if (kind === 0) b[at] ^= 1 << Math.floor(random() * 8);
    else if (kind === 1) b[at] = Math.floor(random() * 256);
    else if (kind === 2 || kind === 3) {
      const a = at - (at % 4);
      if (a + 4 <= b.length) v().setUint32(a, words[Math.floor(random() * words.length)], true);
    } else if (kind === 4) b = b.slice(0, at);
    else {
      const extra = Uint8Array.from({ length: 1 + Math.floor(random() * 16) }, () => Math.floor(random() * 256));
      const c = new Uint8Array(b.length + extra.length);
      c.set(b.subarray(0, at));
      c.set(extra, at);
      c.set(b.subarray(at), at + extra.length);
      b = c;
    }
  }
  if (random() < 0.85) {
    // reseal the checksums, so that most mutants reach the validation behind them
    if (recording && b.length >= 56) {
      const snapSize = v().getUint32(32, true);
      if (snapSize >= 32 && 48 + snapSize <= b.length - 8) putChecksum(b, 48 + 24, fnv1a(b, 48 + 32, 48 + snapSize));
      putChecksum(b, b.length - 8, fnv1a(b, 0, b.length - 8));
    } else if (!recording && b.length >= 32) {
      putChecksum(b, 24, fnv1a(b, 32, b.length));
    }
  }
  return b;
}

test('20,000 mutated snapshots and recordings through restore / replay / playBegin', () => {
  const items = corpus();
  const random = rng(11);
  const w = fixture();
  const own = items[3].bytes; // a robust recording: the world is watching it while attacked
  const twin = silk.createWorld();
  const tally = { accepted: 0, rejected: 0 };
  for (let i = 0; i < 20000; i++) {
    if (i % 500 === 0) { w.playBegin(own); w.advance(1 / 60); }
    const item = items[Math.floor(random() * items.length)];
    const bytes = mutate(item.bytes, random, item.recording);
    const target = item.recording ? ['restore', 'replay', 'playBegin'][Math.floor(random() * 3)] : 'restore';
    const before = w.snapshot();
    const playBefore = JSON.stringify(w.playStatus());
    try {
      w[target](bytes);
      tally.accepted++;
      if (target === 'restore') {
        assert.ok(sameBytes(bytes, w.snapshot()), `input ${i}: accepted snapshot bytes round-trip`);
      }
      const s = w.snapshot();
      twin.restore(s); // a world's own snapshot always restores
      w.advance(1 / 60);
    } catch (e) {
      tally.rejected++;
      assert.ok(e.constructor === Error || e instanceof RangeError, `input ${i} (${target}): ${e?.constructor?.name} ${e?.message}`);
      assert.match(e.message, new RegExp(`^${target}: `), `input ${i}: the message names the call`);
      assert.ok(sameBytes(before, w.snapshot()), `input ${i} (${target}) was rejected and changed the world`);
      assert.equal(JSON.stringify(w.playStatus()), playBefore, `input ${i} (${target}) was rejected and changed the replay`);
    }
  }
  assert.ok(tally.accepted > 100 && tally.rejected > 10000, JSON.stringify(tally));
  twin.destroy();
  w.destroy();
});

test('fuzz: robust sleep settings with any values, while a pit settles, wakes and is dragged', () => {
  let s = 0x2545f491;
  const next = () => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; return (s >>> 0) / 2 ** 32; };
  const pick = (a) => a[Math.floor(next() * a.length)];
  const values = [...BAD, 0, 1, 12, 30, 1e6, 1e6 + 1, 3.5, -12];
  const w = silk.createWorld({ width: 300, height: 200, solver: 'robust' });
  const c = w.addComposite();
  w.setCollisionFilter(c, { selfCollide: true });
  for (let i = 0; i < 120; i++) w.setRadius(w.addParticle(c, 20 + (i % 20) * 12, 20 + Math.floor(i / 20) * 12), 5);
  let applied = 0;
  for (let k = 0; k < 300; k++) {
    const o = { [pick(['sleep', 'sleepSpeed', 'sleepSteps'])]: pick(values) };
    const before = w.snapshot();
    try {
      w.setRobust(o);
      applied++;
    } catch (e) {
      assert.ok(e instanceof TypeError || e instanceof RangeError, `${describe(o)}: ${e}`);
      assert.ok(sameBytes(before, w.snapshot()), `${describe(o)} threw and changed the world`);
    }
    for (let f = 0; f < 5; f++) w.advance(1 / 60);
    if (k % 40 === 39) { w.dragBegin(k % 120, 150, 50); w.advance(1 / 60); w.dragEnd(); }
    const own = w.snapshot();
    const twin = silk.createWorld();
    twin.restore(own);
    assert.equal(twin.stateHash(), w.stateHash());
    twin.destroy();
  }
  assert.ok(applied > 30, `${applied} settings applied`);
  assert.equal(w.health(), 'healthy');
  w.destroy();
});
