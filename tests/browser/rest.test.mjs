// rest.test.mjs -- rest (web/kit/rest.mjs) in headless Chromium: a scene whose particles have
// stopped moving stops stepping and drawing (no animation frame, no step, no message from its
// Worker) until something can change it, and says "at rest"; in ?embed=1 and silk-embed.html
// (their Worker, and ?worker=0 on the main thread) and in <silk-demo> (Worker and
// worker="off"). It wakes on a pointer press, a hover, a setting or attribute, a resize, coming
// back into view; the crawling spider and the coupling lab never rest; rest="off" and the full
// page (rest=auto) keep running. The trees are the scene that settles soonest (about 10 s of
// simulated time: tests/js/rest.test.mjs); the CPU it saves is bench/idle-cpu.mjs's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, countMainThread, DESKTOP } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const SETTLE = 120000; // ms: ~10 s of simulated time, on a shared machine

/** silkApp.stats() after the runtime posted fresh ones (a Worker answers `refresh` after its stats). */
const fresh = (page) => page.evaluate(async () => { await window.silkApp.refresh(); return window.silkApp.stats(); });
const counted = (page) => page.evaluate(() => ({ ...window.__main }));

async function waitResting(page, what) {
  await page.waitForFunction(() => window.silkApp?.stats().resting === true, null, { timeout: SETTLE, polling: 250 });
  const s = await fresh(page);
  assert.equal(s.resting, true, `${what}: at rest`);
  assert.equal(s.running, false, `${what}: its loop stopped`);
  return s;
}

/** At rest, `action` wakes it: it steps again (its step count was frozen), then rests again. */
async function wakeBy(page, what, action) {
  const s0 = await fresh(page);
  await action();
  await page.waitForFunction((n) => window.silkApp.stats().physicsSteps > n, s0.physicsSteps, { timeout: 10000, polling: 50 })
    .catch(() => assert.fail(`${what} did not wake it`));
  await waitResting(page, `after ${what}`);
}

/** Over 1 s at rest: no step, no frame, no rAF callback (runtime's count), no stats message from
 *  its Worker, no animation frame asked for on this thread. */
async function assertStill(page, what) {
  const s0 = await fresh(page);
  const m0 = await counted(page);
  await page.waitForTimeout(1000);
  const m1 = await counted(page);
  const s1 = await fresh(page);
  for (const k of ['physicsSteps', 'framesRendered', 'rafCallbacks']) assert.equal(s1[k], s0[k], `${what}: ${k} frozen over 1 s`);
  assert.equal(m1.raf - m0.raf, 0, `${what}: no requestAnimationFrame on this thread`);
  // one stats message per refresh() call (its answer follows its stats), none of the loop's own
  assert.ok(m1.statsMessages - m0.statsMessages <= 1, `${what}: no stats posted by a loop (${m1.statsMessages - m0.statsMessages})`);
}

async function checkPage(url, what) {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  await page.addInitScript(countMainThread);
  await page.goto(url);
  await ready(page);
  const s = await waitResting(page, what);
  assert.match(await page.textContent('#compact'), /^tree · at rest · stable$/, `${what}: the line says so`);
  await assertStill(page, what);
  assert.ok(s.physicsSteps > 300, `${what}: it ran first (${s.physicsSteps} steps)`);

  // a hovering mouse, then a press (on an empty spot at the top left: nothing grabbed)
  const box = await page.evaluate(() => { const r = document.getElementById('view').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
  await wakeBy(page, `${what}: a hover`, () => page.mouse.move(box[0] + 4, box[1] + 4));
  await wakeBy(page, `${what}: a press`, async () => { await page.mouse.down(); await page.mouse.up(); });
  await page.mouse.move(box[0] + box[2] + 50, box[1] + box[3] + 50); // away: no hover keeps it up
  await waitResting(page, `${what}: the mouse gone`);
  await wakeBy(page, `${what}: a setting`, () => page.evaluate(() => window.silkApp.set('gravity', 0.3)));
  await wakeBy(page, `${what}: a resize`, () => page.setViewportSize({ width: 900, height: 600 }));
  await wakeBy(page, `${what}: Reset`, () => page.evaluate(() => window.silkApp.reset()));
  assert.deepEqual(errors, []);
  await context.close();
}

test('?embed=1 (its Worker): a settled scene rests, says so, and wakes on press, hover, setting, resize, Reset', async () => {
  await checkPage(`${server.origin}/?embed=1&scene=tree`, '?embed=1');
});

test('?embed=1&worker=0 (main thread): the same', async () => {
  await checkPage(`${server.origin}/?embed=1&scene=tree&worker=0`, '?embed=1&worker=0');
});

test('silk-embed.html: rests too', async () => {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  await page.addInitScript(countMainThread);
  await page.goto(`${server.origin}/silk-embed.html?scene=tree`);
  await ready(page);
  await waitResting(page, 'silk-embed.html');
  await assertStill(page, 'silk-embed.html');
  assert.deepEqual(errors, []);
  await context.close();
});

test('?embed=1&rest=0 and the full page (rest auto: off) keep running', async () => {
  const pages = [];
  for (const q of ['?embed=1&scene=tree&rest=0', '?scene=tree']) {
    const o = await openPage(browser, DESKTOP);
    await o.page.goto(`${server.origin}/${q}`);
    await ready(o.page);
    pages.push([q, o]);
  }
  // the same trees with rest on, beside them: once those rest, these have been still as long
  const { page: on, context } = await openPage(browser, DESKTOP);
  await on.goto(`${server.origin}/?embed=1&scene=tree`);
  await ready(on);
  await waitResting(on, 'the twin');
  for (const [q, o] of pages) {
    const s0 = await fresh(o.page);
    await o.page.waitForTimeout(500);
    const s1 = await fresh(o.page);
    assert.equal(s1.resting, false, q);
    assert.equal(s1.running, true, q);
    assert.ok(s1.physicsSteps > s0.physicsSteps, `${q}: steps on`);
    assert.deepEqual(o.errors, []);
    await o.context.close();
  }
  await context.close();
});

// ---- <silk-demo> ---------------------------------------------------------------------------

const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; style-src 'self'; img-src 'self'";
const HOST_CSS = 'body { margin: 0; font: 16px serif; } silk-demo { width: 300px; display: inline-block; } p.gap { height: 2000px; margin: 0; }';

async function openHost(body) {
  const o = await openPage(browser, DESKTOP);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<link rel="stylesheet" href="/host.css"><title>Resting demos</title>
<script type="module" src="/silk-demo.mjs"></script></head><body><main>${body}</main></body></html>`;
  await o.context.route(`${server.origin}/host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await o.context.route(`${server.origin}/host.css`, (route) => route.fulfill({ contentType: 'text/css', body: HOST_CSS }));
  await o.page.goto(`${server.origin}/host.html`);
  await o.page.waitForFunction(() => customElements.get('silk-demo') !== undefined);
  return o;
}

const statsOf = (page, id) => page.evaluate((i) => document.getElementById(i).stats(), id);
/** Until element `id` is at rest (its Worker or this thread posted resting: true). */
const waitRest = (page, id) => page.waitForFunction((i) => document.getElementById(i).stats().resting === true, id, { timeout: SETTLE, polling: 250 });

for (const worker of ['on', 'off']) {
  test(`<silk-demo worker="${worker}">: trees rest ("at rest"), wake on press, attribute, resize, coming into view; rest="off", the spider and coupling run on`, async () => {
    const body = `<silk-demo id="t" scene="tree" controls="full" worker="${worker}"></silk-demo>`
      + `<silk-demo id="off" scene="tree" controls="none" rest="off" worker="${worker}"></silk-demo>`
      + `<silk-demo id="web" scene="web" controls="none" worker="${worker}"></silk-demo>`
      + `<silk-demo id="coupling" scene="coupling" controls="none" worker="${worker}"></silk-demo>`
      + '<p class="gap">Prose.</p><p id="end">End.</p>';
    const { page, context, errors } = await openHost(body);
    await waitRest(page, 't');
    let s = await statsOf(page, 't');
    assert.equal(s.thread, worker === 'on' ? 'worker' : 'main');
    assert.equal(s.running, false);
    await page.waitForFunction(() => /at rest$/.test(document.getElementById('t').shadowRoot.querySelector('.readout').textContent), null, { timeout: 5000, polling: 100 });
    // the element's stats are what the runtime last posted: a loop would post them 4 times a second
    const frozen = [s.framesRendered, s.physicsSteps];
    await page.waitForTimeout(1000);
    s = await statsOf(page, 't');
    assert.deepEqual([s.framesRendered, s.physicsSteps], frozen, 'no frame and no step over 1 s');
    for (const id of ['off', 'web', 'coupling']) {
      const a = await statsOf(page, id);
      assert.equal(a.resting, false, `${id} is not at rest`);
      assert.equal(a.running, true, `${id} runs`);
    }
    const steps = (await statsOf(page, 'web')).physicsSteps;
    await page.waitForFunction(([n]) => document.getElementById('web').stats().physicsSteps > n + 30, [steps], { timeout: 10000, polling: 100 });

    /** At rest, `action` wakes it: it steps again (its count was frozen), then rests again. */
    const wake = async (what, action) => {
      const before = (await statsOf(page, 't')).physicsSteps;
      await action();
      await page.waitForFunction(([n]) => document.getElementById('t').stats().physicsSteps > n, [before], { timeout: 10000, polling: 50 })
        .catch(() => assert.fail(`${what} did not wake it`));
      await waitRest(page, 't');
    };
    // a press on the canvas (its top-left corner: nothing to grab there)
    const box = await page.evaluate(() => { const r = document.getElementById('t').shadowRoot.querySelector('canvas').getBoundingClientRect(); return [r.left, r.top]; });
    await wake('a press', async () => {
      await page.mouse.move(box[0] + 3, box[1] + 3);
      await page.mouse.down();
      await page.mouse.up();
      await page.mouse.move(box[0] + 1000, box[1] + 600);
    });
    await wake('a resize', () => page.evaluate(() => { document.getElementById('t').style.width = '360px'; }));
    await wake('coming back into view', async () => {
      await page.evaluate(() => document.getElementById('end').scrollIntoView());
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, 0));
    });
    // an attribute (the element starts again)
    await page.evaluate(() => document.getElementById('t').setAttribute('seed', '5'));
    await page.waitForFunction(() => { const st = document.getElementById('t').stats(); return st.started && !st.resting && st.physicsSteps > 0; }, null, { timeout: 20000, polling: 100 });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
