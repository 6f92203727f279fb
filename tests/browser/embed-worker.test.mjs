// embed-worker.test.mjs -- issue 19: ?embed=1 and silk-embed.html simulate and draw in a Worker
// (web/page/embed-worker.mjs, the page's page-worker.mjs) wherever the browser can hand
// a canvas to one:
//   - by default the thread is 'worker', and the page's main thread runs no world: no wasm
//     instance there, no requestAnimationFrame, while the counters advance from the Worker,
//     whose stats arrive at most 4 times a second;
//   - ?worker=0 (off, false) runs on the main thread and says so; a bad ?worker= is a notice;
//   - a forced fallback (no transferControlToOffscreen, a Worker that throws, a site CSP that
//     forbids blob: Workers for the single file) runs on the main thread and gives the reason,
//     in stats().problems and one console.warn;
//   - a drag (mouse and touch) reaches the Worker's world, through the embed's focus fit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, launch, openPage, ready, dist, countMainThread as instrument, assertOffMainThread } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const VIEW = { viewport: { width: 560, height: 360 }, deviceScaleFactor: 2 };
const stats = (page) => page.evaluate(() => window.silkApp.stats());
const running = (page, n = 30) => page.waitForFunction((k) => window.silkApp?.stats().framesRendered > k, n, { timeout: 60000, polling: 100 });

async function checkInWorker(url) {
  const { page, context, errors } = await openPage(browser, VIEW);
  await page.addInitScript(instrument);
  await page.goto(url);
  await ready(page);
  await running(page);
  await assertOffMainThread(page);
  assert.match(await page.textContent('#compact'), /^web · 60 steps\/s · stable$/);
  assert.deepEqual(errors, []);
  await context.close();
}

test('?embed=1 runs in a Worker by default: no world and no rAF on the main thread', async () => {
  await checkInWorker(`${server.origin}/?embed=1`);
});

test('silk-embed.html runs in a Worker by default, over http and from file://', async () => {
  await checkInWorker(`${server.origin}/silk-embed.html`);
  await checkInWorker(pathToFileURL(path.join(dist, 'silk-embed.html')).href);
});

test('?worker=0 (off, false) runs on the main thread and says so; a bad value is a notice', async () => {
  const { page, context, errors } = await openPage(browser, VIEW);
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  for (const v of ['0', 'off', 'false']) {
    await page.goto(`${server.origin}/?embed=1&worker=${v}`);
    await ready(page);
    await running(page, 5);
    const s = await stats(page);
    assert.equal(s.thread, 'main', v);
    assert.deepEqual(s.problems, ['worker: running on the main thread: ?worker=0 asked for it'], v);
    assert.equal(await page.evaluate(() => window.silkApp.world !== null), true, v);
  }
  assert.deepEqual(warnings, [], 'asked for: no warning');
  await page.goto(`${server.origin}/?embed=1&worker=maybe`);
  await ready(page);
  await running(page, 5);
  assert.equal((await stats(page)).thread, 'worker');
  assert.equal(await page.isVisible('#notice'), true);
  assert.match(await page.textContent('#notice .text'), /\?worker=maybe was ignored \(worker must be 1 or 0: on, off, true or false\); using on\./);
  // the full page runs in its own Worker too (page-worker.test.mjs), and ?worker=0 keeps it here
  await page.goto(`${server.origin}/`);
  await ready(page);
  const full = await stats(page);
  assert.equal(full.thread, 'worker');
  assert.deepEqual(full.problems, []);
  await page.goto(`${server.origin}/?worker=0`);
  await ready(page);
  const fullMain = await stats(page);
  assert.equal(fullMain.thread, 'main');
  assert.deepEqual(fullMain.problems, ['worker: running on the main thread: ?worker=0 asked for it']);
  assert.deepEqual(errors, []);
  await context.close();
});

// The lab scenes run in the embed's Worker too: their bar on the page, fed the readouts the
// Worker posts (at most 4 a second); a bar setting reaches the Worker's scene and comes back.
for (const [where, url] of [['?embed=1', '/?embed=1&scene='], ['silk-embed.html', '/silk-embed.html?scene=']]) {
  test(`${where}: the lab scenes run in the Worker, their bar on the page`, async () => {
    const { page, context, errors } = await openPage(browser, VIEW);
    await page.addInitScript(instrument);
    for (const scene of ['coupling', 'spiral', 'integrators', 'rope', 'cloth']) {
      await page.goto(`${server.origin}${url}${scene}`);
      await ready(page);
      await running(page, 10);
      const s = await stats(page);
      assert.equal(s.thread, 'worker', `${scene}: ${JSON.stringify(s)}`);
      assert.deepEqual(s.problems, [], scene);
      await page.waitForFunction((n) => window.silkApp.lab?.scene === n, scene, { timeout: 30000, polling: 100 });
      assert.equal(await page.evaluate(() => window.__main.instances), 0, `${scene}: no wasm instance on the main thread`);
      // the bar shows under the canvas for the lab scenes (cloth's original mode keeps the compact line)
      assert.equal(await page.isVisible('#lab-bar'), scene !== 'cloth', scene);
    }
    // a setting from the page's script, checked here and applied in the Worker
    await page.goto(`${server.origin}${url}spiral`);
    await ready(page);
    await page.waitForFunction(() => window.silkApp.lab?.scene === 'spiral', null, { timeout: 30000, polling: 100 });
    await assert.rejects(page.evaluate(() => window.silkApp.labSet('cost', 99)), /cost must be from 0\.1 to 4/);
    await assert.rejects(page.evaluate(() => window.silkApp.labSet('nope', 1)), /unknown lab setting "nope"/);
    await page.evaluate(() => window.silkApp.labSet('cost', 0.5));
    await page.waitForFunction(() => window.silkApp.lab.settings.cost === 0.5, null, { timeout: 10000, polling: 100 });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

async function fallback(url, prepare) {
  const o = await openPage(browser, VIEW);
  o.warnings = [];
  o.page.on('console', (m) => { if (m.type() === 'warning') o.warnings.push(m.text()); });
  await prepare?.(o);
  await o.page.goto(url);
  await ready(o.page);
  await running(o.page, 30);
  o.stats = await stats(o.page);
  await o.context.close();
  return o;
}

test('a forced fallback runs on the main thread and gives the reason', async () => {
  const cases = [
    ['no OffscreenCanvas', `${server.origin}/?embed=1`, (o) => o.page.addInitScript(() => { delete HTMLCanvasElement.prototype.transferControlToOffscreen; }),
      /^worker: running on the main thread: this browser cannot hand a canvas to a Worker \(no OffscreenCanvas\)$/],
    ['new Worker() throws', `${server.origin}/?embed=1`, (o) => o.page.addInitScript(() => {
      window.Worker = class { constructor() { throw new DOMException('blocked by the test', 'SecurityError'); } };
    }), /^worker: running on the main thread: the Worker could not start \(SecurityError: blocked by the test; it comes from page-worker\.mjs beside app\.mjs\)$/],
    ['its script does not load', `${server.origin}/?embed=1`, (o) => o.context.route(/page-worker\.mjs$/, (r) => r.fulfill({ status: 404, body: '' })),
      /^worker: running on the main thread: the Worker failed to load/],
    ['silk-embed.html, no Worker', `${server.origin}/silk-embed.html`, (o) => o.page.addInitScript(() => { delete window.Worker; }),
      /^worker: running on the main thread: this browser has no Worker$/],
  ];
  for (const [name, url, prepare, reason] of cases) {
    const o = await fallback(url, prepare);
    assert.equal(o.stats.thread, 'main', name);
    assert.equal(o.stats.problems.length, 1, `${name}: ${o.stats.problems}`);
    assert.match(o.stats.problems[0], reason, name);
    assert.deepEqual(o.warnings, [`Silk: ${o.stats.problems[0]}`], `${name}: one console.warn`);
    assert.deepEqual(o.errors, [], name);
  }
});

test('silk-embed.html under a site CSP that allows its code but not blob: Workers falls back and says why', async () => {
  const body = await readFile(path.join(dist, 'silk-embed.html'), 'utf8');
  const own = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(body)[1];
  assert.match(own, /; worker-src blob:$/, 'the file asks for blob: Workers');
  // the site's header: the file's own policy without worker-src (script-src then decides)
  const header = own.replace(/; worker-src blob:$/, '');
  const o = await fallback(`${server.origin}/strict/silk-embed.html`, (p) => p.context.route(`${server.origin}/strict/silk-embed.html`, (route) => route.fulfill({
    contentType: 'text/html', body, headers: { 'content-security-policy': header },
  })));
  assert.equal(o.stats.thread, 'main');
  assert.match(o.stats.problems[0], /^worker: running on the main thread: the Worker (could not start|failed to load).*blob: URL.*worker-src blob:/);
  assert.equal(o.warnings.length, 1);
});

/** Where a free (unpinned, uncovered) particle of the paused web is, in client px, read from a main-thread
 *  embed of the same size (the same seed builds the same web). */
async function aParticle(contextOptions) {
  const { page, context } = await openPage(browser, { ...contextOptions, reducedMotion: 'reduce' });
  await page.goto(`${server.origin}/?embed=1&worker=0`);
  await ready(page);
  const at = await page.evaluate(() => {
    const w = window.silkApp.world;
    const p = w.positions;
    for (let i = w.particleCount - 1; i >= 0; i--) {
      const client = window.silkApp.worldToClient(p[2 * i], p[2 * i + 1]);
      // unpinned, and not under the Play button (paused: reduced motion)
      if (w.particlePin(i) < 0 && document.elementFromPoint(...client)?.id === 'view') return { i, world: [p[2 * i], p[2 * i + 1]], client };
    }
    return null;
  });
  await context.close();
  return at;
}

test('dragging reaches the Worker: mouse and touch, through the embed\'s fit', async () => {
  for (const [name, options] of [['mouse', VIEW], ['touch', { viewport: { width: 358, height: 430 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true }]]) {
    const at = await aParticle(options);
    assert.ok(at, 'a free particle');
    const { page, context, errors } = await openPage(browser, { ...options, reducedMotion: 'reduce' });
    await page.goto(`${server.origin}/?embed=1`);
    await ready(page);
    await running(page, 0);
    assert.equal((await stats(page)).thread, 'worker');
    // this thread's fit is the main-thread embed's (the focus fill of a portrait frame included)
    const client = await page.evaluate((w) => window.silkApp.worldToClient(w[0], w[1]), at.world);
    assert.ok(Math.abs(client[0] - at.client[0]) < 0.01 && Math.abs(client[1] - at.client[1]) < 0.01, `${name}: ${client} vs ${at.client}`);
    const [x, y] = at.client;
    const cdp = name === 'touch' ? await context.newCDPSession(page) : null;
    const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    // a press on empty canvas grabs nothing
    const box = await page.evaluate(() => document.getElementById('view').getBoundingClientRect().toJSON());
    if (cdp) await touch('touchStart', [{ x: box.left + 3, y: box.top + 3 }]);
    else { await page.mouse.move(box.left + 3, box.top + 3); await page.mouse.down(); }
    await page.waitForTimeout(400);
    assert.equal((await stats(page)).dragging, false, `${name}: nothing under an empty corner`);
    if (cdp) await touch('touchEnd', []);
    else await page.mouse.up();
    // a press on the particle grabs it; Play, a move and the release reach the Worker's world
    if (cdp) await touch('touchStart', [{ x, y }]);
    else { await page.mouse.move(x, y); await page.mouse.down(); }
    await page.waitForFunction(() => window.silkApp.stats().dragging, null, { timeout: 5000, polling: 50 });
    await page.evaluate(() => window.silkApp.set('paused', false));
    const steps0 = (await stats(page)).physicsSteps;
    for (let k = 1; k <= 10; k++) {
      if (cdp) await touch('touchMove', [{ x: x + 4 * k, y: y + 3 * k }]);
      else await page.mouse.move(x + 4 * k, y + 3 * k);
      await page.waitForTimeout(30);
    }
    await page.waitForFunction((s) => window.silkApp.stats().physicsSteps > s + 10, steps0, { timeout: 5000, polling: 50 });
    assert.equal((await stats(page)).dragging, true, `${name}: held while it moves`);
    if (cdp) await touch('touchEnd', []);
    else await page.mouse.up();
    await page.waitForFunction(() => !window.silkApp.stats().dragging, null, { timeout: 5000, polling: 50 });
    assert.deepEqual(errors, [], name);
    await context.close();
  }
});

test('a hovering mouse gets the ring in a Worker embed, as on the main thread', async () => {
  const at = await aParticle(VIEW);
  assert.ok(at, 'a free particle');
  const clip = { x: at.client[0] - 14, y: at.client[1] - 14, width: 28, height: 28 };
  const shots = {};
  for (const worker of ['1', '0']) {
    const { page, context, errors } = await openPage(browser, { ...VIEW, reducedMotion: 'reduce' });
    await page.goto(`${server.origin}/?embed=1&worker=${worker}`);
    await ready(page);
    await page.waitForTimeout(300);
    assert.equal((await stats(page)).thread, worker === '1' ? 'worker' : 'main');
    const before = await page.screenshot({ clip });
    const f0 = (await stats(page)).framesRendered;
    // paused: only the hover can ask for a drawing
    await page.mouse.move(at.client[0] + 6, at.client[1] + 2);
    await page.mouse.move(at.client[0] + 3, at.client[1] + 1);
    await page.waitForFunction((f) => window.silkApp.stats().framesRendered > f, f0, { timeout: 5000, polling: 50 });
    await page.waitForTimeout(400); // the Worker's frame reaches the screen, its stats the page
    const hovered = await page.screenshot({ clip });
    assert.notDeepEqual(hovered, before, `worker=${worker}: the ring is drawn`);
    // away from the web: the ring goes
    await page.mouse.move(3, 3);
    await page.waitForTimeout(400);
    shots[worker] = { before, hovered, after: await page.screenshot({ clip }) };
    assert.deepEqual(shots[worker].after, before, `worker=${worker}: and goes`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.deepEqual(shots['1'].hovered, shots['0'].hovered, 'the same ring on both threads');
});
