// page-theme.test.mjs -- theme="page" (web/kit/page-theme.mjs): a demo takes the look of the
// post it sits in, whatever the reader's system says. A dark post (dark body) read in a browser
// whose colour scheme is LIGHT gets a dark demo, a light post a light one, and a change of the
// post's class switches it live: <silk-demo> in its Worker and with worker="off" (the canvas's
// ground pixel, as shown, and stats().theme), and a same-origin ?embed=1 frame (its <html
// data-theme> and canvas). theme="auto" in the same dark post stays light: auto is the system's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, shownPixels } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const LIGHT_SYSTEM = { viewport: { width: 1000, height: 800 }, deviceScaleFactor: 1, colorScheme: 'light' };

// a post whose own stylesheet paints it dark (class "dark" on <body>) or light
const POST_CSS = 'body { margin: 0; padding: 16px; background: #ffffff; color: #1d2329; } body.dark { background: #0d1117; color: #e6edf3; }'
  + ' body.slow { transition: background-color 300ms; } silk-demo, iframe { display: block; width: 640px; } iframe { height: 420px; border: 0; }';

async function openPost(bodyClass, demo) {
  const o = await openPage(browser, LIGHT_SYSTEM);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/post.css"><link rel="stylesheet" href="/silk-demo.css">
<script type="module" src="/silk-demo.mjs"></script></head><body class="${bodyClass}"><main><p>A post.</p>${demo}</main></body></html>`;
  await o.context.route(`${server.origin}/post.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await o.context.route(`${server.origin}/post.css`, (r) => r.fulfill({ contentType: 'text/css', body: POST_CSS }));
  await o.page.goto(`${server.origin}/post.html`);
  return o;
}

/** The canvas's top-left ground pixel as shown ([r, g, b]): the web scene leaves the corner empty. */
async function groundPixel(page, canvasBox) {
  const box = await canvasBox();
  await shownPixels(page, { x: box.x + 3, y: box.y + 3, width: 4, height: 4 });
  return page.evaluate(() => [...window.__shownPixels.data.slice(0, 3)]);
}
const isDark = ([r, g, b]) => r < 40 && g < 40 && b < 50;
const isLight = ([r, g, b]) => r > 240 && g > 240 && b > 240;

async function elementState(page) {
  return page.evaluate(() => document.querySelector('silk-demo').stats());
}
const elementCanvas = (page) => () => page.evaluate(() => {
  const r = document.querySelector('silk-demo').shadowRoot.querySelector('canvas').getBoundingClientRect();
  return { x: r.left, y: r.top };
});

async function waitTheme(page, theme) {
  await page.waitForFunction((t) => document.querySelector('silk-demo').stats().theme === t, theme, { timeout: 10000, polling: 50 });
  await page.waitForTimeout(300); // a frame or two in the new colours (the Worker draws on its own clock)
}

for (const worker of ['', 'worker="off"']) {
  const where = worker ? 'worker="off"' : 'Worker';
  test(`theme="page" (${where}): dark post on a light system -> dark demo; light post -> light; a class change switches it`, async () => {
    const { page, context, errors } = await openPost('dark', `<silk-demo theme="page" controls="bar" ${worker}></silk-demo>`);
    await page.waitForFunction(() => document.querySelector('silk-demo')?.stats?.().framesRendered > 10, null, { timeout: 60000, polling: 100 });
    assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), false, 'the reader\'s system is light');
    const s = await elementState(page);
    assert.equal(s.thread, worker ? 'main' : 'worker');
    assert.equal(s.theme, 'dark', 'a dark post gets a dark demo');
    const dark = await groundPixel(page, elementCanvas(page));
    assert.ok(isDark(dark), `the canvas ground is dark: ${dark}`);

    await page.evaluate(() => document.body.classList.remove('dark')); // the post switches to light
    await waitTheme(page, 'light');
    const light = await groundPixel(page, elementCanvas(page));
    assert.ok(isLight(light), `the canvas ground is light after the switch: ${light}`);

    // an animated switch back: the demo reads the final colour once the transition ends
    await page.evaluate(() => { document.body.classList.add('slow'); document.body.classList.add('dark'); });
    await waitTheme(page, 'dark');
    assert.ok(isDark(await groundPixel(page, elementCanvas(page))), 'dark again after a 300 ms transition');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('theme="page" in a light post is light; theme="auto" in a dark post follows the system (light)', async () => {
  let o = await openPost('', '<silk-demo theme="page"></silk-demo>');
  await o.page.waitForFunction(() => document.querySelector('silk-demo')?.stats?.().framesRendered > 5, null, { timeout: 60000, polling: 100 });
  assert.equal((await elementState(o.page)).theme, 'light');
  assert.ok(isLight(await groundPixel(o.page, elementCanvas(o.page))));
  await o.context.close();
  o = await openPost('dark', '<silk-demo theme="auto"></silk-demo>');
  await o.page.waitForFunction(() => document.querySelector('silk-demo')?.stats?.().framesRendered > 5, null, { timeout: 60000, polling: 100 });
  assert.equal((await elementState(o.page)).theme, 'light', 'auto is the reader\'s system, not the page (kept as it was)');
  await o.context.close();
});

test('theme="page" through a translucent card and with no background at all (color-scheme)', async () => {
  const { page, context } = await openPost('', '<div id="card"><silk-demo theme="page" worker="off"></silk-demo></div>');
  await page.waitForFunction(() => document.querySelector('silk-demo')?.stats?.().framesRendered > 5, null, { timeout: 60000, polling: 100 });
  // a 90 % black card over the white body: dark; then no card and a dark color-scheme only
  await page.evaluate(() => { document.getElementById('card').style.background = 'rgba(0, 0, 0, 0.9)'; });
  await waitTheme(page, 'dark');
  await page.evaluate(() => {
    document.getElementById('card').style.background = '';
    document.body.style.background = 'transparent';
    document.documentElement.style.colorScheme = 'dark';
  });
  await waitTheme(page, 'dark');
  await page.evaluate(() => { document.documentElement.style.colorScheme = 'light'; });
  await waitTheme(page, 'light');
  await context.close();
});

test('?embed=1&theme=page in a same-origin frame reads the post around its <iframe>, live', async () => {
  const { page, context, errors } = await openPost('dark', '<iframe src="/?embed=1&theme=page" title="Silk"></iframe>');
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const canvas = async () => {
    const [f, c] = await Promise.all([
      page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().toJSON()),
      frame.evaluate(() => document.getElementById('view').getBoundingClientRect().toJSON()),
    ]);
    return { x: f.x + c.x, y: f.y + c.y };
  };
  await page.waitForTimeout(300);
  assert.ok(isDark(await groundPixel(page, canvas)), 'the frame\'s canvas is dark');
  await page.evaluate(() => document.body.classList.remove('dark'));
  await frame.waitForFunction(() => document.documentElement.dataset.theme === 'light', null, { timeout: 10000, polling: 50 });
  await page.waitForTimeout(300);
  assert.ok(isLight(await groundPixel(page, canvas)), 'light after the post switched');
  assert.deepEqual(errors, []);
  await context.close();
});
