// protocol.mjs -- the one message protocol between a host (the thread that owns the DOM: the
// page, ?embed=1, silk-embed.html, <silk-demo>) and its runtime (runtime.mjs: the world, its
// loop and its drawing, in a Worker or on the same thread behind createInThreadChannel).
//
// Everything either side may receive is declared once, in the two tables below: a message's
// `type` and the shape of each of its fields. checkMessage() is the only validator: both sides
// pass every message through it before anything reads a field, and the lookup is an own-key
// lookup in a Map (so `constructor`, `toString`, `__proto__` ... are unknown names, never
// prototype hits). It never throws: it returns the reason a message is refused, which the
// runtime answers (`rejected`, or an `error` reply to a call that carried an id) and the host
// drops. To add a message or a call: one row here, one handler in runtime.mjs (or host.mjs).
//
//   TO_RUNTIME, TO_HOST      type -> { field -> check } (a check returns null or what is wrong)
//   CALLS                    the calls a host may make (`call { id, name, args }`), -> answer
//   checkMessage(table, m)   null if m is a well-formed message of the table, else the reason
//   createCaller(post)       call(name, ...args) -> promise, answer(reply) (late replies: ignored)
//   createHostReceiver(...)  the host's receive(data): checked, replies settled, one handler a type
//   workerFlag(value)        the page's ?worker= and the element's worker= -> { on, bad }
//   createInThreadChannel()  two ports of a MessagePort's shape: the runtime on this thread

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v) => typeof v === 'number' && Number.isFinite(v);

// ---- field checks: each returns null, or what is wrong ----------------------------------------
const check = {
  any: () => null,
  bool: (v) => (typeof v === 'boolean' ? null : `must be true or false, got ${typeof v}`),
  string: (v) => (typeof v === 'string' ? null : `must be a string, got ${typeof v}`),
  number: (v) => (finite(v) ? null : `must be a finite number, got ${typeof v === 'number' ? v : typeof v}`),
  id: (v) => (Number.isSafeInteger(v) && v > 0 ? null : 'must be a positive integer'),
  count: (v) => (Number.isSafeInteger(v) && v >= 0 ? null : 'must be an integer >= 0'),
  object: (v) => (isObject(v) ? null : 'must be an object'),
  objectOrNull: (v) => (v === null || isObject(v) ? null : 'must be an object or null'),
  array: (v) => (Array.isArray(v) ? null : 'must be an array'),
  theme: (v) => (v === 'light' || v === 'dark' ? null : "must be 'light' or 'dark'"),
  pair: (v) => ((Array.isArray(v) && v.length === 2 && finite(v[0]) && finite(v[1]) && v[0] > 0 && v[1] > 0) ? null : 'must be [w, h], two positive numbers'),
  size: (v) => (isObject(v) ? check.pair(v.dev) ?? check.pair(v.css) : 'must be { dev: [w, h], css: [w, h] }'),
  box: (v) => (v === null || (isObject(v) && ['x', 'y', 'w', 'h'].every((k) => finite(v[k]))) ? null : 'must be { x, y, w, h } or null'),
  point: (v) => (v === null || (isObject(v) && finite(v.x) && finite(v.y)) ? null : 'must be { x, y } or null'),
  samples: (v) => ((Array.isArray(v) || v instanceof Float64Array || v instanceof Float32Array) ? null : 'must be an array of numbers'),
  canvas: (v) => (typeof v === 'object' && v !== null && typeof v.getContext === 'function' ? null : 'must be a canvas'),
  module: (v) => (typeof v === 'object' && v !== null ? null : 'must be a compiled WebAssembly.Module'),
  points: (v) => (v instanceof Int16Array && v.length % 2 === 0 ? null : 'must be an Int16Array of x, y pairs (hitmap.mjs)'),
};
const optional = (f) => Object.assign((v) => (v === undefined ? null : f(v)), { optional: true });

/** One table: type -> frozen { field: check } in a Map (own keys only). */
const table = (rows) => new Map(Object.entries(rows).map(([type, fields]) => [type, Object.freeze(fields)]));

/**
 * The calls a host may make; the runtime's answer is `result { id, value }` or `error { id,
 * name, message }`. A Map: only these names are calls.
 */
export const CALLS = new Map([
  ['stateHash', 'the state hash, 16 hex digits'],
  ['diagnostics', 'world.diagnostics()'],
  ['runDiagnostic', '(frames) a silent run of the scene on a fresh world (runs.mjs)'],
  ['sweepRow', '(step, frames) one row of the step sweep on a fresh world (runs.mjs)'],
  ['replayLast', 'plays back the last 10-20 s; answers with the replay status'],
  ['replayStatus', "the replay's status (replay.mjs)"],
  ['replayDownloads', 'the recordings of the last replay'],
  ['rafSamples', "the runtime loop's rAF callback durations (ms)"],
  ['refresh', 'fresh diagnostics and stats, posted before the answer'],
  ['labReadouts', "the lab scene's readouts now, or null"],
  ['stats', 'nothing: the stats, posted before every answer, are what a host wants'],
]);

/** Messages a runtime takes (from its host). */
export const TO_RUNTIME = table({
  init: {
    canvas: check.canvas, module: check.module, settings: check.object, theme: check.theme,
    transparent: check.bool, paused: check.bool, size: check.size, focus: optional(check.box),
    lab: optional(check.bool), search: optional(check.string), ring: optional(check.bool), page: optional(check.bool),
    statsEvery: optional(check.number),
    own: optional(check.object), // the host's own scene: { url, kind } or { data } (own-scene.mjs)
  },
  size: { dev: check.pair, css: check.pair },
  active: { active: check.bool },
  pause: { paused: check.bool },
  step: {},
  reset: {},
  theme: { theme: check.theme },
  focus: { focus: check.box },
  down: { x: check.number, y: check.number, radius: check.number },
  move: { xs: check.samples, ys: check.samples },
  up: {},
  hover: { at: check.point },
  set: { name: check.string, value: check.any, seq: check.count },
  call: { id: check.id, name: (v) => (typeof v === 'string' && CALLS.has(v) ? null : `no call ${typeof v === 'string' ? v : typeof v}`), args: optional(check.array) },
  'lab-set': { name: check.string, value: check.any },
  'lab-act': { name: check.string },
});

/** Messages a host takes (from its runtime). */
export const TO_HOST = table({
  ready: {},
  stats: { stats: check.object },
  lab: { build: check.count, full: check.bool, readouts: check.objectOrNull },
  hitmap: { points: check.points, all: check.bool }, // where a touch grabs (hitmap.mjs)
  result: { id: check.id, value: check.any },
  error: { message: check.string, name: optional(check.string), id: optional(check.id) },
  rejected: { reason: check.string, id: optional(check.id) },
});

/** A value for a reason, short and safe to print whatever it is. */
function shown(v) {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (v === null || typeof v !== 'object') return typeof v === 'symbol' ? 'a symbol' : String(v);
  return Array.isArray(v) ? 'an array' : 'an object';
}

/**
 * The one validator: null if `m` is a message of `messages` (TO_RUNTIME or TO_HOST) with every
 * field of its row well-formed, else a sentence saying why not. Never throws (a getter that
 * throws, a Proxy, a revoked Proxy: all refused with a reason).
 */
export function checkMessage(messages, m) {
  try {
    if (!isObject(m)) return `a message must be an object with a type, got ${m === null ? 'null' : shown(m)}`;
    const type = m.type;
    if (typeof type !== 'string') return `a message's type must be a string, got ${shown(type)}`;
    const fields = messages.get(type);
    if (fields === undefined) return `unknown message type ${shown(type)}`;
    for (const name of Object.keys(fields)) {
      const wrong = fields[name](m[name]);
      if (wrong !== null) {
        // a call's name answers in the words a caller expects: "no call X"
        if (type === 'call' && name === 'name') return wrong;
        return `${type}.${name} ${wrong}`;
      }
    }
    return null;
  } catch (e) {
    return `a message that cannot be read (${e?.name ?? 'Error'})`;
  }
}

/** The id of a message if it has a well-formed one (for an answer to a refused call), else undefined. */
export function messageId(m) {
  try {
    return isObject(m) && check.id(m.id) === null ? m.id : undefined;
  } catch {
    return undefined;
  }
}

const ERRORS = new Map([['RangeError', RangeError], ['TypeError', TypeError]]);

/**
 * The host's side of the calls: call(name, ...args) posts `call` and returns a promise of the
 * answer, rejected after `timeout` ms; answer(reply) settles the pending call a `result` /
 * `error` / `rejected` reply belongs to and returns true if the reply carried an id (a late
 * reply, for a call that timed out, is then ignored: it is not an error of the running world).
 */
export function createCaller(post, { timeout = 60_000, setTimer = setTimeout, clearTimer = clearTimeout } = {}) {
  let nextId = 1;
  const pending = new Map();
  let waiting = null; // { id, reply } while callNow waits for its answer
  const settle = (m, resolve, reject) => (m.type === 'result' ? resolve(m.value)
    : reject(new (ERRORS.get(m.name) ?? Error)(m.type === 'rejected' ? m.reason : m.message)));
  return {
    call(name, ...args) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const timer = setTimer(() => { pending.delete(id); reject(new Error(`${name}: the runtime did not answer`)); }, timeout);
        pending.set(id, { resolve, reject, timer });
        post({ type: 'call', id, name, args });
      });
    },
    /**
     * The answer now, on an in-thread channel (createInThreadChannel delivers at once): the
     * main-thread page and element answer silkApp's calls synchronously, as they always did.
     * Throws the call's error, or an Error if no answer came (a Worker's port, or a call made
     * while another message is being delivered).
     */
    callNow(name, ...args) {
      const id = nextId++;
      waiting = { id, reply: null };
      let reply;
      try {
        post({ type: 'call', id, name, args });
      } finally {
        reply = waiting.reply;
        waiting = null;
      }
      if (reply === null) throw new Error(`${name}: no answer on this thread`);
      return settle(reply, (v) => v, (e) => { throw e; });
    },
    answer(m) {
      if (m.id === undefined) return false;
      if (waiting?.id === m.id) {
        waiting.reply = m;
        return true;
      }
      const p = pending.get(m.id);
      if (!p) return true; // late (timed out) or never asked: ignored
      pending.delete(m.id);
      clearTimer(p.timer);
      settle(m, p.resolve, p.reject);
      return true;
    },
    get pending() { return pending.size; },
  };
}

/**
 * The host's side of every message from its runtime: receive(data) checks it (checkMessage),
 * settles a call's reply through `caller` (a late one is ignored), and hands the rest to one
 * handler per type: { ready(), stats(stats), lab(m), hitmap(m), stopped(message) (the run failed: an
 * error without an id), dropped(reason) (a message that is not one, or a refusal of one this
 * side sent) }. Never throws for a bad message; returns the reason one was dropped, else null.
 */
export function createHostReceiver(caller, handlers) {
  const none = () => {};
  const on = { ready: none, stats: none, lab: none, hitmap: none, stopped: none, dropped: none, ...handlers };
  return function receive(data) {
    const wrong = checkMessage(TO_HOST, data);
    if (wrong !== null) {
      on.dropped(wrong);
      return wrong;
    }
    if (caller?.answer(data)) return null; // a reply to a call, or a late one (ignored)
    if (data.type === 'ready') on.ready();
    else if (data.type === 'stats') on.stats(data.stats);
    else if (data.type === 'lab') on.lab(data);
    else if (data.type === 'hitmap') on.hitmap(data);
    else if (data.type === 'rejected') on.dropped(data.reason);
    else if (data.type === 'error') on.stopped(data.message);
    // a result without a caller: nothing asked for it
    return null;
  };
}

// ---- the worker flag ----------------------------------------------------------------------------

const WORKER_OFF = new Set(['off', 'false', '0']);
const WORKER_ON = new Set(['', 'worker', 'on', 'true', '1']);

/**
 * The page's ?worker= and the element's worker= attribute, one word list: absent (null or
 * undefined) means on, the Worker being the default; "off", "false", "0" (any case, trimmed)
 * turn it off; "", "worker", "on", "true", "1" keep it on; anything else keeps it on and is
 * `bad` (each caller says so in its own words).
 */
export function workerFlag(value) {
  if (value === null || value === undefined) return { on: true, bad: false };
  const v = String(value).trim().toLowerCase();
  if (WORKER_OFF.has(v)) return { on: false, bad: false };
  return { on: true, bad: !WORKER_ON.has(v) };
}

// ---- the same protocol on one thread ------------------------------------------------------------

/**
 * Two ports of a MessagePort's shape ({ postMessage(m), onmessage, close() }): what one posts
 * the other receives as { data }. Delivery is synchronous (the main-thread page and element
 * read their world right after a set(), as they always could); a message posted while another
 * is being delivered waits for it, so each side sees messages in order and is never re-entered.
 */
export function createInThreadChannel() {
  const queue = [];
  let delivering = false;
  let closed = false;
  function deliver() {
    if (delivering) return;
    delivering = true;
    try {
      while (queue.length) {
        const [to, data] = queue.shift();
        if (closed) break;
        try {
          to.onmessage?.({ data });
        } catch (e) {
          queueMicrotask(() => { throw e; }); // uncaught, as it would be in a Worker: the next message still goes
        }
      }
    } finally {
      delivering = false;
    }
  }
  const port = () => ({ onmessage: null, postMessage: null, close() { closed = true; queue.length = 0; } });
  const host = port();
  const runtime = port();
  host.postMessage = (data) => { if (!closed) { queue.push([runtime, data]); deliver(); } };
  runtime.postMessage = (data) => { if (!closed) { queue.push([host, data]); deliver(); } };
  return { host, runtime };
}
