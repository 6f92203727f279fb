// element-worker.test.mjs -- <silk-demo worker> (web/element/silk-demo-worker.mjs): the world,
// its loop and its drawing in a Worker on the transferred canvas, on a host page with a strict
// CSP (script-src 'self' 'wasm-unsafe-eval', style-src 'self'):
//   - it runs in the Worker (no wasm instance on the page's thread) and draws;
//   - a mouse drag grabs a particle there and releases it;
//   - the buttons reach it (pause stops the steps, play resumes them);
//   - off-screen it renders nothing; removing it ends the Worker;
//   - a lab scene with `worker` runs in the Worker too (element-labs-worker.test.mjs has more);
//   - `worker` is the default: the fallbacks below hold for an element without the attribute;
//   - where the Worker cannot run (new Worker() throws, its script does not load, no
//     OffscreenCanvas), the element runs on the main thread and says why: in stats().problems
//     and in one console.warn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, screenshot, DESKTOP, elementInk } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; style-src 'self'; img-src 'self'";
const HOST_CSS = 'body { margin: 0; font: 16px serif; } silk-demo { width: 480px; } p.gap { height: 1500px; margin: 0; }';

async function openHost(body, prepare) {
  const o = await openPage(browser, DESKTOP);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<link rel="stylesheet" href="/host.css"><title>A post with a Silk element in a Worker</title>
<script type="module" src="/silk-demo.mjs"></script></head><body><main>${body}</main></body></html>`;
  await o.context.route(`${server.origin}/host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await o.context.route(`${server.origin}/host.css`, (route) => route.fulfill({ contentType: 'text/css', body: HOST_CSS }));
  o.wasm = [];
  o.page.on('request', (r) => { if (r.url().endsWith('.wasm')) o.wasm.push(r.url()); });
  o.warnings = [];
  o.page.on('console', (m) => { if (m.type() === 'warning') o.warnings.push(m.text()); });
  await prepare?.(o);
  await o.page.goto(`${server.origin}/host.html`);
  await o.page.waitForFunction(() => customElements.get('silk-demo') !== undefined);
  return o;
}

const statsOf = (page, id) => page.evaluate((i) => document.getElementById(i).stats(), id);
const shared = (page) => page.evaluate(() => customElements.get('silk-demo').shared());


test('<silk-demo worker>: steps and draws in a Worker, drags, pauses, stops off-screen, ends on removal', async () => {
  // a main-thread element of the same scene beside it: its world says where a particle is
  const body = '<silk-demo id="w" worker scene="web" controls="full"></silk-demo><silk-demo id="m" scene="web" controls="none" worker="off"></silk-demo><p class="gap">Prose.</p><p id="end">End.</p>';
  const { page, context, errors, wasm } = await openHost(body);
  await page.waitForFunction(() => document.getElementById('w').stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  let s = await statsOf(page, 'w');
  assert.equal(s.thread, 'worker');
  assert.equal(s.running, true);
  assert.equal(await page.evaluate(() => document.getElementById('w').world), null, 'no world on this thread');
  assert.equal((await statsOf(page, 'm')).thread, 'main');
  let sh = await shared(page);
  assert.equal(sh.workers, 1);
  assert.equal(sh.live, 1, 'one wasm instance on the page: the main-thread element\'s');
  assert.equal(sh.compiles, 1);
  assert.equal(wasm.length, 1, `silk.wasm fetched once for both (the Worker gets the compiled module): ${wasm}`);
  assert.ok(await elementInk(page, 'w') > 200, 'the Worker draws on the transferred canvas');
  await page.waitForFunction(() => /fixed loop · \d+ steps\/s$/.test(document.getElementById('w').shadowRoot.querySelector('.readout').textContent), null, { timeout: 5000 });

  // the drag: press on a particle (found in the main-thread twin's world), move, release
  await page.waitForTimeout(1000); // let the web settle
  const at = await page.evaluate(() => {
    const m = document.getElementById('m').world;
    const p = m.findNearest(400, 250, 400);
    const [x, y] = [m.positions[2 * p], m.positions[2 * p + 1]];
    return document.getElementById('w').worldToClient(x, y);
  });
  await page.mouse.move(at[0], at[1]);
  await page.mouse.down();
  await page.mouse.move(at[0] + 25, at[1] + 15, { steps: 5 });
  await page.waitForFunction(() => document.getElementById('w').stats().dragging === true, null, { timeout: 5000, polling: 50 });
  await page.mouse.up();
  await page.waitForFunction(() => document.getElementById('w').stats().dragging === false, null, { timeout: 5000, polling: 50 });

  // pause: the steps stop; play: they go on
  const play = async () => page.evaluate(() => document.getElementById('w').shadowRoot.querySelector('button.play').click());
  await play();
  await page.waitForTimeout(600);
  const p0 = (await statsOf(page, 'w')).physicsSteps;
  await page.waitForTimeout(800);
  assert.equal((await statsOf(page, 'w')).physicsSteps, p0, 'paused: no steps');
  await play();
  await page.waitForFunction((n) => document.getElementById('w').stats().physicsSteps > n + 10, p0, { timeout: 5000, polling: 100 });

  // off-screen: the Worker's loop waits
  await page.evaluate(() => document.getElementById('end').scrollIntoView());
  await page.waitForFunction(() => document.getElementById('w').stats().running === false, null, { timeout: 5000, polling: 100 });
  const f0 = (await statsOf(page, 'w')).framesRendered;
  await page.waitForTimeout(1000);
  s = await statsOf(page, 'w');
  assert.equal(s.framesRendered, f0, 'off-screen: no frames');
  assert.equal(s.offscreen, true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction((n) => document.getElementById('w').stats().framesRendered > n, f0, { timeout: 5000, polling: 100 });
  await screenshot(page, 'element-worker.png');

  // removal ends the Worker
  await page.evaluate(() => document.getElementById('w').remove());
  sh = await shared(page);
  assert.equal(sh.workers, 0);
  assert.deepEqual(errors, [], 'no CSP violation, no error');
  await context.close();
});

test('<silk-demo worker> with a lab scene runs in the Worker too (issue 19: its bar stays here)', async () => {
  const { page, context, errors } = await openHost('<silk-demo id="c" worker scene="coupling"></silk-demo>');
  await page.waitForFunction(() => document.getElementById('c').stats().framesRendered > 5, null, { timeout: 60000, polling: 100 });
  const s = await statsOf(page, 'c');
  assert.equal(s.thread, 'worker');
  assert.deepEqual(s.problems, []);
  assert.equal((await shared(page)).workers, 1);
  assert.equal((await shared(page)).live, 0, 'no wasm instance on the page\'s thread');
  assert.deepEqual(errors, []);
  await context.close();
});

// the three ways a Worker cannot run, each made to happen before the page loads
const FALLBACKS = {
  'new Worker() throws': {
    prepare: ({ page }) => page.addInitScript(() => {
      window.Worker = function Worker() { throw new DOMException('refused by the test', 'SecurityError'); };
    }),
    why: /^worker: running on the main thread: the Worker could not start \(SecurityError: refused by the test; it comes from silk-demo-worker\.mjs beside silk-demo\.mjs\)$/,
    allowed: null,
  },
  'the Worker script does not load': {
    prepare: ({ context }) => context.route(`${server.origin}/silk-demo-worker.mjs`, (route) => route.fulfill({ status: 404, body: 'blocked' })),
    why: /^worker: running on the main thread: the Worker failed to load.*; it comes from silk-demo-worker\.mjs beside silk-demo\.mjs$/,
    allowed: /404/, // Chromium may log the failed fetch
  },
  'no OffscreenCanvas transfer': {
    prepare: ({ page }) => page.addInitScript(() => { delete HTMLCanvasElement.prototype.transferControlToOffscreen; }),
    why: /^worker: running on the main thread: this browser cannot hand a canvas to a Worker \(no OffscreenCanvas\)$/,
    allowed: null,
  },
};

// `worker` written out, and the default (no attribute: a Worker too, since issue 19)
for (const [how, { prepare, why, allowed }] of Object.entries(FALLBACKS)) for (const attr of ['worker', '']) {
  test(`<silk-demo${attr ? ` ${attr}` : ''}> when ${how}: runs on the main thread and says why (stats().problems, one console.warn)`, async () => {
    const { page, context, errors, warnings } = await openHost(`<silk-demo id="w" ${attr} scene="web"></silk-demo>`, prepare);
    await page.waitForFunction(() => document.getElementById('w').stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
    const s = await statsOf(page, 'w');
    assert.equal(s.thread, 'main');
    assert.equal(s.problems.length, 1, `one reason: ${s.problems}`);
    assert.match(s.problems[0], why);
    assert.equal(await page.evaluate(() => document.getElementById('w').world !== null), true, 'the world runs here');
    assert.equal((await shared(page)).workers, 0);
    // the demo works, so nothing is shown inside the element: the console and stats() say it
    assert.equal(await page.evaluate(() => document.getElementById('w').shadowRoot.querySelector('.message').hidden), true);
    // once on the console, also after a restart (an attribute change rebuilds the demo)
    await page.evaluate(() => document.getElementById('w').setAttribute('controls', 'full'));
    await page.waitForFunction(() => document.getElementById('w').stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
    assert.match((await statsOf(page, 'w')).problems.join('\n'), why, 'still said after the restart');
    const said = warnings.filter((w) => w.includes('silk-demo'));
    assert.equal(said.length, 1, `one console.warn: ${said}`);
    assert.equal(said[0], `<silk-demo>: ${s.problems[0]}`);
    assert.deepEqual(errors.filter((e) => !allowed?.test(e)), [], 'no other error');
    // opted out (worker="off") there is nothing to explain
    await page.evaluate(() => document.getElementById('w').setAttribute('worker', 'off'));
    await page.waitForFunction(() => document.getElementById('w').stats().problems.length === 0, null, { timeout: 10000, polling: 100 });
    await context.close();
  });
}
