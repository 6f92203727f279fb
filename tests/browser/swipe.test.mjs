// swipe.test.mjs -- on a phone a swipe over a demo scrolls the post; a touch on the web drags it
// (web/kit/input.mjs, web/kit/hitmap.mjs). Phone profile (390 x 844, DPR 3, touch), headless
// Chromium, real touch events (CDP Input.dispatchTouchEvent: touchStart, 30 moves of 10 px,
// touchEnd; Input.synthesizeScrollGesture does not scroll a headless page by touch), on a long
// post holding each kind of demo: the page itself, ?embed=1 and silk-embed.html in an iframe,
// <silk-demo> in its Worker and with worker="off", and the canvas kit (the README's quick start).
// For each:
//   - a 300 px swipe up that starts in an empty corner of the canvas scrolls the post at least
//     80 % of what the same swipe scrolls when it starts on the post's text;
//   - a swipe that starts on a particle (one of the web's pins, which sit where the scene put
//     them, so the main thread knows where they are even when the world is in a Worker) grabs it
//     (stats().dragging, mid-swipe), scrolls 0 px, and, where the world is on this thread,
//     moves it towards the finger.
// The figures (scroll px over text, over the corner, on the particle) are printed per kind.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { launch, serve, root, PHONE } from './helpers.mjs';
import { openPost, demoRunning } from './post.mjs';
import { createServer } from '../../scripts/serve.mjs';
import { webPins } from './web-pins.mjs';

let browser;
let server; // dist/
let repo; // the repository (the kit's post: /dist/ and /tests/browser/kit/)
let pins; // the default web's pin targets, world px: where its pinned particles are
const figures = [];

const KINDS = [
  { name: 'page', page: '/' },
  { name: 'iframe ?embed=1', frame: '/?embed=1&theme=dark' },
  { name: 'silk-embed.html', frame: '/silk-embed.html?theme=dark' },
  { name: 'element (Worker)', element: '' },
  { name: 'element worker="off"', element: 'worker="off"' },
  { name: 'kit', kit: true },
];

before(async () => {
  server = await serve();
  repo = createServer(root);
  await new Promise((resolve) => repo.listen(0, '127.0.0.1', resolve));
  browser = await launch();
  pins = await webPins(); // the web every host starts with: its pins do not move unless dragged
  assert.ok(pins.length >= 3, 'the web has pins');
});
after(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => repo?.close(resolve));
  if (figures.length) {
    console.log('scroll px of a 300 px swipe up (phone 390 x 844, DPR 3):');
    console.log('| demo | over text | from an empty corner | corner / text | from a particle |');
    for (const f of figures) console.log(`| ${f.name} | ${f.text} | ${f.corner} | ${(f.corner / f.text).toFixed(2)} | ${f.particle} (${f.dragDistance} px drag) |`);
  }
});

const LOREM = 'A fixed step keeps the physics on its own clock; the renderer interpolates between the last two states with alpha. ';

/** The kit in a long post: text, the README's quick start on a canvas, more text. */
async function kitPost(readme) {
  const block = /## Use the library[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)[1];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>kit post</title><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "silk-verlet": "/dist/silk.mjs", "silk-verlet/canvas": "/tests/browser/kit/spy-canvas.mjs" } }</script>
<style>body { margin: 0; font: 17px/1.6 Georgia, serif; } main { padding: 12px 16px; } canvas { display: block; max-width: 100%; } .gap { height: 1400px; }</style>
</head><body><main><h1>A rope you can drag</h1><p>${LOREM.repeat(3)}</p><canvas width="400" height="250"></canvas>
<p class="after">${LOREM.repeat(4)}</p><p class="gap"></p></main>
<script type="module">${block}</script></body></html>`;
  return html;
}

/** Opens a kind; returns { page, context, errors, frame (the demo's document: the page or the
 *  iframe's), canvas() (its client rect in the top page), particle() (client point and how to
 *  read it) }. */
async function open(kind) {
  if (kind.kit) {
    const o = await (await import('./helpers.mjs')).openPage(browser, PHONE);
    const origin = `http://127.0.0.1:${repo.address().port}`;
    const html = await kitPost(await readFile(path.join(root, 'README.md'), 'utf8'));
    await o.context.route(`${origin}/post.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await o.page.goto(`${origin}/post.html`);
    await o.page.waitForFunction(() => window.demo?.stats().running === true, null, { timeout: 60000, polling: 50 });
    return { ...o, frame: o.page };
  }
  if (kind.page) {
    const o = await (await import('./helpers.mjs')).openPage(browser, PHONE);
    await o.page.goto(`${server.origin}${kind.page}`);
    await o.page.waitForFunction(() => window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
    return { ...o, frame: o.page };
  }
  const o = await openPost(browser, server, kind, PHONE);
  const frame = await demoRunning(o.page, kind, 10);
  return { ...o, frame };
}

/** The demo canvas's client rect in the top page. */
async function canvasRect(o, kind) {
  const inner = await o.frame.evaluate((k) => {
    const c = k.element !== undefined ? document.querySelector('silk-demo').shadowRoot.querySelector('canvas')
      : document.querySelector(k.kit ? 'canvas' : '#view');
    return c.getBoundingClientRect().toJSON();
  }, kind);
  if (kind.frame === undefined) return inner;
  const f = await o.page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().toJSON());
  return { ...inner, left: inner.left + f.left, top: inner.top + f.top, right: inner.right + f.left, bottom: inner.bottom + f.top };
}

/** A particle to touch: its client point in the top page. The web's pins (their particles sit on
 *  them), the lowest one well inside the canvas; the kit's rope: its pinned first particle. */
async function particlePoint(o, kind, rect) {
  if (kind.kit) {
    const [x, y] = await o.page.evaluate(() => {
      const r = document.querySelector('canvas').getBoundingClientRect();
      const [cx, cy] = window.demo.renderer.toCanvas(window.demo.world.positions[0], window.demo.world.positions[1]);
      return [r.left + cx, r.top + cy];
    });
    return { i: 0, x, y };
  }
  const points = [];
  for (const p of pins) {
    let c;
    if (kind.element !== undefined) { // the element fits the 800 x 500 world into its canvas, centred
      const w = rect.right - rect.left;
      const h = rect.bottom - rect.top;
      const s = Math.min(w / 800, h / 500);
      c = [rect.left + (w - 800 * s) / 2 + p.x * s, rect.top + (h - 500 * s) / 2 + p.y * s];
    } else {
      c = await o.frame.evaluate(([x, y]) => window.silkApp.worldToClient(x, y), [p.x, p.y]);
      if (kind.frame !== undefined) c = [c[0] + rect.left - (await o.frame.evaluate(() => document.querySelector('#view').getBoundingClientRect().left)), c[1] + rect.top - (await o.frame.evaluate(() => document.querySelector('#view').getBoundingClientRect().top))];
    }
    if (c[0] > rect.left + 12 && c[0] < rect.right - 12 && c[1] > rect.top + 12 && c[1] < rect.bottom - 12) points.push({ ...p, x: c[0], y: c[1] });
  }
  assert.ok(points.length > 0, `${kind.name}: a pin inside the canvas`);
  return points.reduce((a, b) => (b.y > a.y ? b : a));
}

/** The demo's world on this thread, or null (a Worker's). */
async function worldPosition(o, kind, i) {
  return o.frame.evaluate(([k, idx]) => {
    const w = k.kit ? window.demo.world : k.element !== undefined ? document.querySelector('silk-demo').world : window.silkApp.world;
    return w ? [w.positions[2 * idx], w.positions[2 * idx + 1]] : null;
  }, [kind, i]);
}

async function dragging(o, kind) {
  return o.frame.evaluate((k) => (k.kit ? window.demo.stats().dragging >= 0 // the kit: the particle held, or -1
    : k.element !== undefined ? document.querySelector('silk-demo').stats().dragging : window.silkApp.stats().dragging), kind);
}

/** Waits until the post's scroll has not moved for 300 ms; returns scrollY. */
async function settledScroll(page) {
  let last = await page.evaluate(() => window.scrollY);
  for (let k = 0; k < 40; k++) {
    await page.waitForTimeout(150);
    const y = await page.evaluate(() => window.scrollY);
    if (y === last && k >= 1) return y;
    last = y;
  }
  return last;
}

/**
 * A swipe up of `distance` CSS px from (x, y): touchStart, 30 equal moves, a still moment (so no
 * fling adds to it), touchEnd. `during()` runs after the moves, before the finger lifts.
 * Returns how far the post scrolled.
 */
async function swipe(o, cdp, x, y, distance = 300, during = null) {
  await o.page.evaluate(() => window.scrollTo(0, 0));
  const y0 = await settledScroll(o.page);
  const send = (type, px, py) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py, radiusX: 4, radiusY: 4, force: 1, id: 1 }],
  });
  await send('touchStart', x, y);
  for (let k = 1; k <= 30; k++) {
    await send('touchMove', x, y - (distance * k) / 30);
    await o.page.waitForTimeout(8);
  }
  await o.page.waitForTimeout(150);
  const seen = await during?.();
  await send('touchEnd');
  return { scrolled: (await settledScroll(o.page)) - y0, seen };
}

for (const kind of KINDS) {
  test(`phone, ${kind.name}: a swipe from an empty corner scrolls the post; one from a particle drags it`, async () => {
    const o = await open(kind);
    try {
      const cdp = await o.context.newCDPSession(o.page);
      await o.page.waitForTimeout(500); // the runtime's first hit maps have reached the host
      const rect = await canvasRect(o, kind);
      // over text: a line of the post below the demo (the page: its panels below the canvas)
      const textAt = await o.page.evaluate((bottom) => {
        for (let y = Math.max(bottom + 30, 340); y < 830; y += 10) {
          const e = document.elementFromPoint(40, y);
          if (e && !['CANVAS', 'IFRAME', 'SILK-DEMO', 'BUTTON', 'INPUT', 'SELECT', 'LABEL'].includes(e.tagName) && /\S/.test(e.textContent)) return [40, y];
        }
        return null;
      }, rect.bottom);
      assert.ok(textAt, `${kind.name}: text below the demo`);
      const text = (await swipe(o, cdp, ...textAt)).scrolled;
      assert.ok(text > 200, `${kind.name}: a swipe over text scrolls (${text} px)`);
      // an empty corner: the canvas's bottom corner on the side away from the scene's content
      const cornerX = kind.kit ? rect.right - 10 : rect.left + 10;
      const corner = (await swipe(o, cdp, cornerX, rect.bottom - 10)).scrolled;
      assert.ok(corner >= 0.8 * text, `${kind.name}: from the corner ${corner} px, over text ${text} px`);
      // on a particle: grabbed, no scroll, and it follows the finger
      await o.page.evaluate(() => window.scrollTo(0, 0)); // where swipe() starts from
      await settledScroll(o.page);
      const p = await particlePoint(o, kind, await canvasRect(o, kind));
      const distance = Math.min(300, Math.floor(p.y - 10));
      const before = await worldPosition(o, kind, p.i);
      const { scrolled, seen } = await swipe(o, cdp, p.x, p.y, distance, async () => ({ dragging: await dragging(o, kind), at: await worldPosition(o, kind, p.i) }));
      figures.push({ name: kind.name, text, corner, particle: scrolled, dragDistance: distance });
      assert.equal(seen.dragging, true, `${kind.name}: the touch on particle ${p.i} grabbed it`);
      assert.equal(scrolled, 0, `${kind.name}: a drag does not scroll`);
      // (world px per CSS px is above 1 on a phone: the pin follows the finger all the way)
      if (before) assert.ok(before[1] - seen.at[1] > 0.3 * distance, `${kind.name}: particle ${p.i} moved up from ${before} to ${seen.at}`);
      assert.deepEqual(o.errors, [], kind.name);
    } finally {
      await o.context.close();
    }
  });
}
