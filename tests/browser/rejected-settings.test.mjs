// rejected-settings.test.mjs -- issue 31.4 in the browser: every silkApp.set and labSet that
// throws (TypeError or RangeError) leaves the world's state hash, the settings (silkApp.options)
// and the stats unchanged, with the world in the page's Worker (the default) and on the main
// thread (?worker=0, the same runtime behind an in-thread channel); and a <silk-demo> attribute
// with a rejected value builds exactly the world the attribute's absence builds (attributes
// never throw at the host page: the element shows a message and uses the default).
// tests/js/rejected-settings.test.mjs posts the same classes of value straight to the runtime.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// [name, value as JSON-able source]: every class of rejected value
const REJECTED = [
  ['step', '"16"'], ['step', 'NaN'], ['step', 'Infinity'], ['step', '0'], ['step', '33'], ['step', '2.5'],
  ['tensor', '-1'], ['friction', '2'], ['gravity', 'NaN'], ['seed', '-1'], ['seed', '2 ** 60'],
  ['scene', '"nope"'], ['scene', '"__proto__"'], ['loopMode', '1'], ['simulatedHz', '59'], ['solver', '"magic"'],
  ['substeps', '99'], ['theme', '"purple"'], ['background', '"transparent"'], ['readout', '"loud"'],
  ['paused', '1'], ['autoRestore', '"yes"'], ['embed', '0'],
  ['nope', '1'], ['constructor', '1'], ['toString', '1'], ['__proto__', '{}'],
];

/** The page paused on seed 9; for each rejected value: the error's class, and whether the hash,
 *  options and stats stayed the same. */
async function rejectAll(page, cases, call) {
  return page.evaluate(async ({ cases, call }) => {
    const app = window.silkApp;
    const hash = async () => app.stateHash();
    const still = (s) => ({ ...s, problems: null, framesRendered: 0, rafCallbacks: 0, measuredHz: 0, at: 0, stepsPerSecond: 0, physicsMs: 0, renderMs: 0, dashboardMs: 0, offscreen: false, lab: null, running: false, alpha: 0, droppedSeconds: 0 });
    const out = [];
    for (const [name, src] of cases) {
      // (the page's CSP allows no eval: the few non-JSON values by name)
      const value = { NaN, Infinity, '2 ** 60': 2 ** 60, '{}': {} }[src] ?? JSON.parse(src);
      const before = { hash: await hash(), options: JSON.stringify(app.options), stats: JSON.stringify(still(app.stats())) };
      let error = null;
      try { app[call](name, value); } catch (e) { error = e.name; }
      await new Promise((r) => setTimeout(r, 30)); // a Worker's answer, had there been one
      const after = { hash: await hash(), options: JSON.stringify(app.options), stats: JSON.stringify(still(app.stats())) };
      out.push({ name, src, error, hash: before.hash === after.hash, options: before.options === after.options, stats: before.stats === after.stats, before, after });
    }
    return out;
  }, { cases, call });
}

for (const worker of ['1', '0']) {
  test(`?worker=${worker}: every rejected silkApp.set and labSet leaves hash, options and stats unchanged`, async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.origin}/?seed=9&worker=${worker}`);
    await ready(page);
    await page.evaluate(() => window.silkApp.set('paused', true));
    await page.waitForFunction(() => window.silkApp.stats().paused, null, { timeout: 20000, polling: 100 });
    await page.waitForTimeout(400); // the Worker's stats after the pause have arrived
    for (const r of await rejectAll(page, REJECTED, 'set')) {
      assert.ok(r.error === 'TypeError' || r.error === 'RangeError', `set(${r.name}, ${r.src}) throws: ${r.error}`);
      assert.ok(r.hash && r.options && r.stats, `set(${r.name}, ${r.src}) changed nothing: ${JSON.stringify([r.before, r.after])}`);
    }
    // a lab scene: the solver settings it owns, and bad lab values
    await page.evaluate(() => window.silkApp.set('scene', 'rope'));
    await page.waitForFunction(() => window.silkApp.lab?.scene === 'rope', null, { timeout: 30000, polling: 100 });
    await page.evaluate(() => window.silkApp.set('paused', true));
    await page.waitForTimeout(400);
    const owned = await rejectAll(page, [['friction', '0.95'], ['gravity', '0.1'], ['solver', '"robust"'], ['substeps', '2']], 'set');
    const lab = await rejectAll(page, [['particles', '-5'], ['particles', 'NaN'], ['iterations', '"many"'], ['nope', '1'], ['constructor', '1'], ['__proto__', '1'], ['toString', '1']], 'labSet');
    for (const r of [...owned, ...lab]) {
      assert.ok(r.error === 'TypeError' || r.error === 'RangeError', `${r.name} = ${r.src} throws: ${r.error}`);
      assert.ok(r.hash && r.options && r.stats, `${r.name} = ${r.src} changed nothing: ${JSON.stringify([r.before, r.after])}`);
    }
    // the comparison can fail: an accepted value does change the hash
    const h0 = await page.evaluate(() => window.silkApp.stateHash());
    await page.evaluate(() => window.silkApp.set('seed', 10));
    await page.waitForFunction(async (h) => (await window.silkApp.stateHash()) !== h, h0, { timeout: 20000, polling: 100 });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('<silk-demo worker="off">: an attribute with a rejected value builds the world its absence builds', async () => {
  const { page, context } = await openPage(browser);
  const pairs = [['step="99"', ''], ['seed="-4"', ''], ['tensor="NaN"', ''], ['solver="magic"', ''], ['scene="__proto__"', '']];
  const body = pairs.map(([bad], k) => `<silk-demo id="b${k}off" ${bad} worker="off" controls="none"></silk-demo><silk-demo id="g${k}off" worker="off" controls="none"></silk-demo>`).join('');
  const html = `<!doctype html><html lang="en"><head><title>host</title><link rel="icon" href="data:,"><script type="module" src="/silk-demo.mjs"></script><style>body { display: flex; flex-wrap: wrap; } silk-demo { width: 120px; }</style></head><body>${body}</body></html>`;
  await context.route(`${server.origin}/host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${server.origin}/host.html`);
  // the same world as without the attribute (a Worker element runs the same runtime, whose world
  // this thread cannot read)
  const same = await page.evaluate(async (n) => {
    const out = [];
    for (let k = 0; k < n; k++) {
      const b = document.getElementById(`b${k}off`);
      const g = document.getElementById(`g${k}off`);
      const t0 = performance.now();
      while ((!b.world || !g.world) && performance.now() - t0 < 30000) await new Promise((r) => setTimeout(r, 50));
      out.push({ step: [b.world.step, g.world.step], particles: [b.world.particleCount, g.world.particleCount], problems: b.stats().problems.length });
    }
    return out;
  }, pairs.length);
  for (const [k, s] of same.entries()) {
    assert.equal(s.step[0], s.step[1], `${pairs[k][0]}: step`);
    assert.equal(s.particles[0], s.particles[1], `${pairs[k][0]}: particles`);
    assert.ok(s.problems >= 1, `${pairs[k][0]} is reported in stats().problems`);
  }
  await context.close();
});
