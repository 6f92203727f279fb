// worker-protocol.test.mjs -- issue 31.3 in the browser: hostile messages posted to the page's
// real Worker (web/page/page-worker.mjs running kit/runtime.mjs). The test keeps a handle on the
// Worker the page starts (a wrapped window.Worker) and posts what the third fuzz round posted:
// null, calls named constructor / toString / valueOf / hasOwnProperty / __proto__, unknown
// types, fields of the wrong shape. Each is answered with a reason ("no call X", "unknown
// message type ..."), never a prototype hit or a TypeError; the page keeps running with no
// console error and nothing in stats().problems. (tests/js/fuzz-protocol.test.mjs fuzzes both
// directions against the same runtime in node.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, stats } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Wraps window.Worker: every Worker the page starts, and every message it posts back. */
const CAPTURE = () => {
  const Real = window.Worker;
  window.__workers = [];
  window.__fromWorker = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      window.__workers.push(this);
      this.addEventListener('message', (e) => window.__fromWorker.push(e.data));
    }
  };
};

const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

test('hostile messages to the page\'s Worker are answered with a reason; the page runs on', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.addInitScript(CAPTURE);
  await page.goto(`${server.origin}/?seed=3`);
  await ready(page);
  assert.equal((await stats(page)).thread, 'worker');
  const answers = await page.evaluate(async (names) => {
    const w = window.__workers[0];
    const hostile = [
      null, undefined, 7, 'stats', [], {}, { type: 42 },
      ...names.map((type) => ({ type })),
      ...names.map((name, k) => ({ type: 'call', id: 9000 + k, name, args: [] })),
      { type: 'call', id: 9100, name: 'stateHash', args: 'x' },
      { type: 'down', x: null, y: 1, radius: 5 },
      { type: 'set', name: 'step', value: NaN, seq: 1 },
      { type: 'set', name: '__proto__', value: {}, seq: 1 },
    ];
    const from = window.__fromWorker.length;
    for (const m of hostile) w.postMessage(m);
    // each is answered: wait until every one has its answer (rejected / error replies)
    const t0 = performance.now();
    const replies = () => window.__fromWorker.slice(from).filter((r) => r && (r.type === 'rejected' || (r.type === 'error' && r.id !== undefined)));
    while (replies().length < hostile.length && performance.now() - t0 < 20000) await new Promise((r) => setTimeout(r, 50));
    return { replies: replies(), stopped: window.__fromWorker.slice(from).filter((r) => r?.type === 'error' && r.id === undefined) };
  }, NAMES);
  assert.equal(answers.replies.length, 7 + NAMES.length * 2 + 4, JSON.stringify(answers.replies));
  assert.deepEqual(answers.stopped, [], 'no hostile message stops the run');
  for (const [k, name] of NAMES.entries()) {
    const r = answers.replies.find((x) => x.id === 9000 + k);
    assert.deepEqual(r, { type: 'error', id: 9000 + k, name: 'RangeError', message: `no call ${name}` }, name);
  }
  const reasons = answers.replies.filter((r) => r.type === 'rejected').map((r) => r.reason);
  assert.ok(reasons.includes('a message must be an object with a type, got null'), reasons.join('\n'));
  for (const name of NAMES) assert.ok(reasons.includes(`unknown message type "${name}"`), `${name}: ${reasons.join('\n')}`);
  assert.ok(reasons.some((r) => /^set "step": step must be a finite number/.test(r)), reasons.join('\n'));
  // the page runs on: frames still render, its calls still answer, nothing in problems
  const s0 = await stats(page);
  await page.waitForFunction((n) => window.silkApp.stats().framesRendered > n, s0.framesRendered, { timeout: 20000, polling: 100 });
  assert.match(await page.evaluate(() => window.silkApp.stateHash()), /^[0-9a-f]{16}$/);
  assert.deepEqual((await stats(page)).problems, []);
  assert.deepEqual(errors, []);
  await context.close();
});
