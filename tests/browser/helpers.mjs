// helpers.mjs -- shared by the browser suites. Builds nothing (scripts/test.sh builds dist/
// first): serves dist/ with scripts/serve.mjs on a free 127.0.0.1 port, launches Debian's
// chromium through playwright-core, records console errors and every request that leaves
// 127.0.0.1, and can replace requestAnimationFrame + performance.now with a clock the test
// drives (headless rAF runs at a fixed 60 Hz, so 120 Hz must be simulated).
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from '../../scripts/serve.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = path.join(root, 'dist');
export const artifacts = path.join(root, 'test-artifacts');

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export async function serve() {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: run scripts/build.sh first');
  const server = createServer(dist);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

export function launch() {
  return chromium.launch({ executablePath: process.env.SILK_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The phone profile of the issue: 390 x 844 CSS px at DPR 3, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

/**
 * A new page in a fresh context. Returns { page, context, errors, external }: console errors
 * and page errors, and URLs requested outside 127.0.0.1 (data:, file: and blob: are local).
 */
export async function openPage(browser, contextOptions = DESKTOP) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors = [];
  const external = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol === 'data:' || u.protocol === 'file:' || u.protocol === 'blob:') return; // blob: is this page's memory
    if (u.hostname !== '127.0.0.1') external.push(r.url());
  });
  return { page, context, errors, external };
}

/**
 * The full page's URL query on the main thread: `query` ('' or '?a=b...') with worker=0. The
 * page runs in a Worker by default (page-worker.test.mjs); the suites that read its world
 * (silkApp.world), drive its clock (installClock) or call silkApp synchronously examine the
 * main-thread page, which ?worker=0 and every fallback run.
 */
export function mainThread(query = '') {
  return query.includes('worker=') ? query : `${query}${query.includes('?') ? '&' : '?'}worker=0`;
}

/**
 * Waits until the app has started (window.silkApp exists). Polls on a timer: Playwright's default
 * polls in requestAnimationFrame, which installClock() hands to the test, so a page that was not
 * ready at the first check would be waited on until the timeout.
 */
export async function ready(page) {
  await page.waitForFunction(() => document.documentElement.dataset.silk === 'ready', null, { timeout: 60000, polling: 50 });
}

/**
 * Replaces requestAnimationFrame, cancelAnimationFrame and performance.now before any page
 * script runs. The page's time stands still until the test calls
 *   await frames(page, n, hz)   // n animation frames of 1000/hz ms each
 *   await gap(page, ms)         // time passes with no frame (a stall, a hidden tab)
 */
export async function installClock(page) {
  await page.addInitScript(() => {
    let now = 0;
    let queue = [];
    let nextId = 1;
    Object.defineProperty(performance, 'now', { value: () => now, configurable: true });
    window.requestAnimationFrame = (cb) => { const id = nextId++; queue.push([id, cb]); return id; };
    window.cancelAnimationFrame = (id) => { queue = queue.filter(([i]) => i !== id); };
    window.__testClock = {
      frames(n, hz) {
        for (let k = 0; k < n; k++) {
          now += 1000 / hz;
          const due = queue;
          queue = [];
          for (const [, cb] of due) cb(now);
        }
      },
      gap(ms) { now += ms; },
      durations(list) { // one frame per entry, each lasting that many ms
        for (const ms of list) {
          now += ms;
          const due = queue;
          queue = [];
          for (const [, cb] of due) cb(now);
        }
      },
      get pending() { return queue.length; },
    };
  });
}

export async function frames(page, n, hz) {
  await page.evaluate(([count, rate]) => window.__testClock.frames(count, rate), [n, hz]);
}

/** Frames of the given durations (ms), in order. */
export async function framesOf(page, durations) {
  await page.evaluate((list) => window.__testClock.durations(list), durations);
}

export async function gap(page, ms) {
  await page.evaluate((t) => window.__testClock.gap(t), ms);
}

export async function stats(page) {
  return page.evaluate(() => window.silkApp.stats());
}

export async function screenshot(page, name, options = {}) {
  await mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, name), ...options });
}

/**
 * The pixels of #view as shown, device px, into window.__viewPixels ({ data, width, height }):
 * read from its 2D context on the main thread, or -- a canvas transferred to a Worker (?embed=1,
 * silk-embed.html) has no context here -- from a screenshot of its box (omitBackground: the
 * browser's default white is left out, so a transparent canvas on a transparent page reads 0).
 */
export async function viewPixels(page, { omitBackground = false } = {}) {
  const box = await page.evaluate(() => {
    const c = document.getElementById('view');
    try {
      window.__viewPixels = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      return null;
    } catch {
      const r = c.getBoundingClientRect();
      return { x: r.left, y: r.top, width: r.width, height: r.height };
    }
  });
  if (box) await shownPixels(page, box, { omitBackground, into: '__viewPixels' });
}

/** The page's pixels inside `box` (CSS px), as shown (a screenshot: what a canvas handed to a
 *  Worker drew, which no 2D context here can read), decoded in the page into window[into] as
 *  an ImageData. */
export async function shownPixels(page, box, { omitBackground = false, into = '__shownPixels' } = {}) {
  const png = (await page.screenshot({ clip: box, omitBackground })).toString('base64');
  await page.evaluate(async ([b64, name]) => {
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    window[name] = ctx.getImageData(0, 0, c.width, c.height);
  }, [png, into]);
}

/** Pixels of a <silk-demo>'s canvas (element id `id`) that are not near-white, as shown. */
export async function elementInk(page, id) {
  const box = await page.evaluate((i) => {
    const r = document.getElementById(i).shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  }, id);
  await shownPixels(page, box);
  return page.evaluate(() => {
    const { data } = window.__shownPixels;
    let n = 0;
    for (let k = 0; k < data.length; k += 4) if (data[k] < 200 || data[k + 1] < 200 || data[k + 2] < 200) n++;
    return n;
  });
}

/**
 * Pixel census of the simulation canvas (device pixels): near-white, black (the spider),
 * green-dominant and red-dominant (the strain colours), anything else ("other").
 */
export async function canvasCensus(page) {
  await viewPixels(page);
  return page.evaluate(() => {
    const { data, width, height } = window.__viewPixels;
    const n = { white: 0, black: 0, green: 0, red: 0, other: 0, total: width * height, width, height };
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i], g = data[i + 1], b = data[i + 2];
      if (r > 235 && g > 235 && b > 235) n.white++;
      else if (r < 50 && g < 50 && b < 50) n.black++;
      else if (g > r + 40 && g > b + 40) n.green++;
      else if (r > g + 60 && r > b + 60) n.red++;
      else n.other++;
    }
    return n;
  });
}

/** For page.addInitScript: counts, from before the page's first script, in window.__main:
 *  main-thread rAF callbacks asked for, wasm instances made on this thread, and the stats
 *  messages Workers post to it (the Worker suites: nothing of the world runs here). */
export function countMainThread() {
  window.__main = { raf: 0, instances: 0, statsMessages: 0 };
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = (cb) => { window.__main.raf++; return raf.call(window, cb); };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const f = WebAssembly[name];
    if (f) WebAssembly[name] = function (...a) { window.__main.instances++; return f.apply(this, a); };
  }
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (e) => { if (e.data?.type === 'stats') window.__main.statsMessages++; });
    }
  };
}

/**
 * After countMainThread: asserts that a page reports thread 'worker' with no problems and no
 * world here, and that over 2 s its Worker draws and steps while this thread makes no wasm
 * instance and asks for no animation frame, and hears its stats at most 4 times a second.
 */
export async function assertOffMainThread(page) {
  const stats = () => page.evaluate(() => window.silkApp.stats());
  const s0 = await stats();
  assert.equal(s0.thread, 'worker', JSON.stringify(s0.problems));
  assert.deepEqual(s0.problems, []);
  assert.equal(await page.evaluate(() => window.silkApp.world), null, 'no world on this thread');
  const m0 = await page.evaluate(() => ({ ...window.__main }));
  await page.waitForTimeout(2000);
  const s1 = await stats();
  const m1 = await page.evaluate(() => ({ ...window.__main }));
  assert.ok(s1.framesRendered > s0.framesRendered + 30, `the Worker draws: ${s0.framesRendered} -> ${s1.framesRendered}`);
  assert.ok(s1.physicsSteps > s0.physicsSteps + 30, 'and steps');
  assert.equal(m1.instances, 0, 'no wasm instance on the main thread');
  assert.equal(m1.raf - m0.raf, 0, 'no requestAnimationFrame on the main thread while it runs');
  const messages = m1.statsMessages - m0.statsMessages;
  assert.ok(messages >= 2 && messages <= 10, `stats at most 4 times a second: ${messages} in 2 s`);
}
