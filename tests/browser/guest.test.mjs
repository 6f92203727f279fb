// guest.test.mjs -- Silk as a guest in a blog post (issue 10): seven same-origin iframes (the
// main page, ?embed=1, silk-embed.html and the five lab scenes). Chromium throttles off-screen
// iframes only across origins, so a same-origin post is where the engine's own pause shows.
//   - before a reader scrolls near them, none builds a world (no wasm fetched, no silkApp);
//   - scrolled so that none is visible: main-thread task time (CDP Performance.getMetrics,
//     TaskDuration) <= 10 ms per second and 0 frames rendered by every embed;
//   - one visible: only that one renders, and the post costs about what a post with that one
//     embed alone costs.
// Desktop and the phone profile (390 x 844, DPR 3, CPU x4). The figures are written to
// test-artifacts/guest-figures.json (docs/embedding.md quotes them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { serve, launch, openPage, artifacts, DESKTOP, PHONE } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const EMBEDS = [
  '/',
  '/?embed=1',
  '/silk-embed.html',
  '/?scene=coupling&embed=1',
  '/?scene=spiral&embed=1',
  '/?scene=integrators&embed=1',
  '/?scene=rope&embed=1',
];
const WINDOW_MS = 2000; // each measurement

function post(urls, phone) {
  const size = phone ? 'width:100%;height:260px' : 'width:640px;height:430px';
  const gap = '<p style="height:1400px;margin:0">Some prose about game loops.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post about game loops</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font:16px sans-serif">${gap}
${urls.map((u, i) => `<iframe id="e${i}" src="${u}" title="Silk demo ${i}" style="${size};border:0;display:block"></iframe>\n${gap}`).join('\n')}
</body></html>`;
}

async function openPost(urls, profile, cpu) {
  const { page, context, errors } = await openPage(browser, profile);
  await context.route(`${server.origin}/post.html`, (route) => route.fulfill({ contentType: 'text/html', body: post(urls, profile === PHONE) }));
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(`${server.origin}/post.html`);
  await page.waitForLoadState('load');
  const handles = await Promise.all(urls.map((_, i) => page.$(`#e${i}`)));
  const list = await Promise.all(handles.map((h) => h.contentFrame()));
  const frames = () => list;
  return { page, context, errors, cdp, wasm, frames };
}

/** Frames rendered by each embed (0 when it never started). */
async function rendered(post) {
  const out = [];
  for (const f of post.frames()) {
    out.push(await f.evaluate(() => window.silkApp?.stats().framesRendered ?? 0));
  }
  return out;
}

async function taskMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration').value * 1000;
}

/** Main-thread task ms per second and frames rendered by each embed, over WINDOW_MS. */
async function measure(post) {
  const f0 = await rendered(post);
  const t0 = await taskMs(post.cdp);
  const w0 = Date.now();
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  const t1 = await taskMs(post.cdp);
  const seconds = (Date.now() - w0) / 1000;
  const f1 = await rendered(post);
  return { msPerSecond: (t1 - t0) / seconds, seconds, frames: f1.map((v, i) => v - f0[i]) };
}

async function scrollTo(post, i) {
  await post.page.evaluate((k) => document.getElementById(`e${k}`).scrollIntoView({ block: 'center' }), i);
}

async function scrollBetween(post) { // the middle of the prose after the fourth embed: none visible
  await post.page.evaluate(() => {
    const r = document.getElementById('e3').getBoundingClientRect();
    window.scrollTo(0, window.scrollY + r.bottom + 300);
  });
  // the observers report (IntersectionObserver runs in the rendering steps: later on a loaded machine)
  for (const f of post.frames()) {
    await f.waitForFunction(() => window.silkApp.stats().offscreen === true, null, { timeout: 30000, polling: 100 });
  }
  await post.page.waitForTimeout(200);
}

async function startedAll(post) {
  for (let i = 0; i < EMBEDS.length; i++) {
    await scrollTo(post, i);
    await post.frames()[i].waitForFunction(() => window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  }
}

const figures = {};

for (const [name, profile, cpu] of [['desktop', DESKTOP, 1], ['phone', PHONE, 4]]) {
  test(`${name}: a post with seven embeds costs nothing off-screen and the cost of one with one visible`, async () => {
    const one = await openPost([EMBEDS[1]], profile, cpu);
    await scrollTo(one, 0);
    await one.frames()[0].waitForFunction(() => window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
    // Contention from other jobs only ever adds task time, so the least of a few windows is
    // the best estimate of a cost (every window is recorded in the figures).
    const aloneWindows = [];
    for (let k = 0; k < 3; k++) aloneWindows.push(await measure(one));
    const alone = aloneWindows.reduce((a, b) => (b.msPerSecond < a.msPerSecond ? b : a));
    await one.context.close();

    const p = await openPost(EMBEDS, profile, cpu);
    await p.page.waitForTimeout(500);
    // Nothing near the viewport yet: no world, no wasm.
    const before = await Promise.all(p.frames().map((f) => f.evaluate(() => window.silkApp === undefined)));
    assert.deepEqual(before, EMBEDS.map(() => true), 'no embed starts before it comes near the viewport');
    assert.deepEqual(p.wasm, []);

    await startedAll(p);
    await scrollBetween(p);
    // Up to five windows: on a machine shared with other jobs a window can catch unrelated
    // stalls; the quietest is taken (all are recorded, and every one must render 0 frames).
    const windows = [];
    for (let k = 0; k < 5; k++) {
      const w = await measure(p);
      windows.push(w);
      assert.deepEqual(w.frames, EMBEDS.map(() => 0), `off-screen embeds render nothing: ${w.frames}`);
      if (w.msPerSecond <= 10) break;
    }
    const off = windows.reduce((a, b) => (b.msPerSecond < a.msPerSecond ? b : a));
    assert.deepEqual(off.frames, EMBEDS.map(() => 0), `off-screen embeds render nothing: ${off.frames}`);
    assert.ok(off.msPerSecond <= 10, `off-screen main-thread task time ${off.msPerSecond.toFixed(1)} ms/s`);
    const offscreen = await Promise.all(p.frames().map((f) => f.evaluate(() => window.silkApp.stats().offscreen)));
    assert.deepEqual(offscreen, EMBEDS.map(() => true));

    await scrollTo(p, 1);
    await p.frames()[1].waitForFunction(() => window.silkApp.stats().offscreen === false, null, { timeout: 30000, polling: 100 });
    await p.page.waitForTimeout(200);
    const visibleWindows = [];
    for (let k = 0; k < 3; k++) {
      const w = await measure(p);
      visibleWindows.push(w);
      assert.ok(w.frames[1] > 0, 'the visible embed runs');
      assert.deepEqual(w.frames.filter((_, i) => i !== 1), EMBEDS.slice(1).map(() => 0), `only the visible one renders: ${w.frames}`);
    }
    const oneVisible = visibleWindows.reduce((a, b) => (b.msPerSecond < a.msPerSecond ? b : a));
    // The cost of one: within 50 % (+5 ms/s of noise) of a post holding that embed alone.
    assert.ok(oneVisible.msPerSecond <= alone.msPerSecond * 1.5 + 5,
      `one of seven visible: ${oneVisible.msPerSecond.toFixed(1)} ms/s; alone: ${alone.msPerSecond.toFixed(1)} ms/s`);

    // Back: no catch-up burst (the loop restarts; at most the usual 8 steps in a frame).
    const steps = await p.frames()[1].evaluate(() => window.silkApp.stats().stepsThisFrame);
    assert.ok(steps <= 8);
    assert.deepEqual(p.errors, []);
    figures[name] = {
      offscreenMsPerSecond: +off.msPerSecond.toFixed(2),
      offscreenWindowsMsPerSecond: windows.map((w) => +w.msPerSecond.toFixed(2)),
      oneVisibleMsPerSecond: +oneVisible.msPerSecond.toFixed(2),
      oneVisibleWindowsMsPerSecond: visibleWindows.map((w) => +w.msPerSecond.toFixed(2)),
      aloneMsPerSecond: +alone.msPerSecond.toFixed(2),
      aloneWindowsMsPerSecond: aloneWindows.map((w) => +w.msPerSecond.toFixed(2)),
      oneVisibleFramesPerSecond: +(oneVisible.frames[1] / oneVisible.seconds).toFixed(1),
      cpuThrottle: cpu,
    };
    await p.context.close();
    await mkdir(artifacts, { recursive: true });
    const file = path.join(artifacts, 'guest-figures.json');
    const old = await readFile(file, 'utf8').then(JSON.parse, () => ({}));
    await writeFile(file, JSON.stringify({ ...old, post: { ...old.post, ...figures } }, null, 2));
  });
}

// A blog post's main thread belongs to the blog: a <silk-demo> with default attributes simulates
// and draws in a Worker wherever the browser can hand a canvas to one; worker="off" (and its
// false / 0 forms) opt out. Fails if a default element runs on the main thread here.
test('a default <silk-demo> runs in a Worker where the browser can; worker="off" | "false" | "0" opt out', async () => {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  const ids = { dflt: '', on: 'worker', off: 'worker="off"', no: 'worker="false"', zero: 'worker="0"' };
  const body = Object.entries(ids).map(([id, a]) => `<silk-demo id="${id}" scene="web" controls="none" ${a}></silk-demo>`).join('\n');
  await context.route(`${server.origin}/post-element.html`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post with elements</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/silk-demo.css">
<script type="module" src="/silk-demo.mjs"></script></head><body style="margin:0"><main style="width:320px">${body}</main></body></html>`,
  }));
  await page.goto(`${server.origin}/post-element.html`);
  const can = await page.evaluate(() => typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function' && typeof Worker === 'function');
  assert.equal(can, true, 'this Chromium can hand a canvas to a Worker (else this test checks nothing)');
  await page.waitForFunction((list) => list.every((i) => document.getElementById(i).stats().framesRendered > 3), Object.keys(ids), { timeout: 60000, polling: 100 });
  const seen = await page.evaluate((list) => Object.fromEntries(list.map((i) => {
    const e = document.getElementById(i);
    return [i, { thread: e.stats().thread, world: e.world !== null, problems: e.stats().problems }];
  })), Object.keys(ids));
  assert.deepEqual(seen.dflt, { thread: 'worker', world: false, problems: [] }, 'a default element runs in a Worker, not on the main thread');
  assert.deepEqual(seen.on, { thread: 'worker', world: false, problems: [] });
  for (const id of ['off', 'no', 'zero']) assert.deepEqual(seen[id], { thread: 'main', world: true, problems: [] }, `${ids[id]}: the main thread`);
  const shared = await page.evaluate(() => customElements.get('silk-demo').shared());
  assert.equal(shared.workers, 2);
  assert.equal(shared.live, 3);
  assert.deepEqual(errors, []);
  await context.close();
});
