// embed.test.mjs -- embedding: ?embed=1 (canvas + one line, sized to its iframe), and the
// single-file dist/silk-embed.html over http and from file://, under its own hash-based CSP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, launch, openPage, ready, screenshot, canvasCensus, viewPixels, dist } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const EMBED_VIEW = { viewport: { width: 560, height: 360 }, deviceScaleFactor: 2 };

async function visible(page, selectors) {
  return page.evaluate((list) => Object.fromEntries(list.map((s) => {
    const e = document.querySelector(s);
    const r = e.getBoundingClientRect();
    return [s, getComputedStyle(e).display !== 'none' && r.width > 0 && r.height > 0];
  })), selectors);
}

test('?embed=1: only the canvas and a compact readout, filling the frame', async () => {
  const { page, context, errors, external } = await openPage(browser, EMBED_VIEW);
  // readout=full: the diagnostics line (issue 18 made a plain line the default; tested below)
  await page.goto(`${server.origin}/?embed=1&readout=full`);
  await ready(page);
  await page.waitForFunction(() => window.silkApp.stats().framesRendered > 60);
  const shown = await visible(page, ['#view', '#compact', '.top', '#dashboard', '#controls', '#lab']);
  assert.deepEqual(shown, { '#view': true, '#compact': true, '.top': false, '#dashboard': false, '#controls': false, '#lab': false });
  const fit = await page.evaluate(() => {
    const r = document.getElementById('view').getBoundingClientRect();
    const stage = document.getElementById('stage').getBoundingClientRect();
    return { w: r.width, h: r.height, stageW: stage.width, stageH: stage.height, bottom: document.getElementById('compact').getBoundingClientRect().bottom, sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight };
  });
  // the canvas keeps 8:5 and fills the frame's width or its height (less the readout line)
  assert.ok(Math.abs(fit.w / fit.h - 1.6) < 0.01, JSON.stringify(fit));
  assert.ok(Math.abs(fit.w - fit.stageW) < 1 || Math.abs(fit.h - fit.stageH) < 1, JSON.stringify(fit));
  assert.equal(fit.stageW, 560);
  assert.ok(fit.bottom <= 360 + 0.5 && fit.sh <= 360 && fit.sw <= 560, JSON.stringify(fit));
  assert.match(await page.textContent('#compact'), /^step 16 · k\/step 0\.0625 stable · strain p97 [\d.]+ % · r [\d.]+ px · fixed loop · (\d+|…) steps\/s$/); // the loop and the measured rate (was the device's Hz)
  assert.ok((await canvasCensus(page)).green > 2000);
  await screenshot(page, 'embed.png');
  assert.deepEqual(errors, []);
  assert.deepEqual(external, []);
  await context.close();
});

test('the <iframe> snippet works from another page', async () => {
  const { page, context, errors } = await openPage(browser, { viewport: { width: 900, height: 700 } });
  await page.setContent(`<!doctype html><p>A blog post.</p>
    <iframe src="${server.origin}/?embed=1" width="640" height="430" style="border:0" title="Silk: a spider web in WebAssembly" loading="lazy"></iframe>`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => window.silkApp?.stats().framesRendered > 30, null, { timeout: 60000 });
  const width = await frame.evaluate(() => document.getElementById('view').getBoundingClientRect().width);
  assert.equal(width, 640);
  await screenshot(page, 'embed-iframe.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('?embed=1: a plain readout (or none), a Pause button, and a portrait frame filled', async () => {
  const { page, context, errors } = await openPage(browser, { viewport: { width: 358, height: 430 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  await page.goto(`${server.origin}/?embed=1&theme=dark`);
  await ready(page);
  await page.waitForFunction(() => window.silkApp.stats().framesRendered > 60 && document.getElementById('compact').textContent !== '');
  assert.match(await page.textContent('#compact'), /^web · 60 steps\/s · stable$/);
  await viewPixels(page); // as shown: the canvas draws in a Worker
  const look = await page.evaluate(() => {
    const box = (s) => document.querySelector(s).getBoundingClientRect();
    const { data, width, height } = window.__viewPixels;
    // rows of device pixels with something drawn (not the ground): where the scene is
    let first = -1;
    let last = -1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x += 3) {
        const i = 4 * (y * width + x);
        if (Math.abs(data[i] - 13) + Math.abs(data[i + 1] - 17) + Math.abs(data[i + 2] - 23) > 60) { if (first < 0) first = y; last = y; break; }
      }
    }
    return {
      view: box('#view').toJSON(), pause: box('#embed-pause').toJSON(), compactFont: parseFloat(getComputedStyle(document.getElementById('compact')).fontSize),
      drawnRows: (last - first + 1) / 3, sh: document.documentElement.scrollHeight, sw: document.documentElement.scrollWidth,
    };
  });
  // the canvas fills the frame above the line, and the web fills most of its height
  assert.ok(look.view.width === 358 && look.view.height > 380, JSON.stringify(look));
  assert.ok(look.drawnRows > 300, `the scene spans ${look.drawnRows} of ${look.view.height} CSS px`);
  assert.ok(look.sh <= 430 && look.sw <= 358, JSON.stringify(look));
  assert.ok(look.compactFont >= 12, `readout ${look.compactFont} px`);
  // Pause: a real button, by keyboard
  assert.ok(look.pause.height >= 24 && look.pause.bottom <= 430, JSON.stringify(look.pause));
  await page.focus('#embed-pause');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.silkApp.stats().paused), true);
  assert.equal(await page.getAttribute('#embed-pause', 'aria-pressed'), 'true');
  await page.waitForFunction(() => document.getElementById('compact').textContent === 'web · paused');
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => window.silkApp.stats().paused), false);
  await screenshot(page, 'embed-portrait-dark.png');
  // readout=none (or 0): no line of text, the Pause stays
  for (const q of ['none', '0']) {
    await page.goto(`${server.origin}/?embed=1&readout=${q}`);
    await ready(page);
    assert.deepEqual(await visible(page, ['#compact', '#embed-pause']), { '#compact': false, '#embed-pause': true }, q);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

async function checkSingleFile(url, name) {
  const { page, context, errors, external } = await openPage(browser, EMBED_VIEW);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await ready(page);
  await page.waitForFunction(() => window.silkApp.stats().framesRendered > 60);
  assert.ok((await canvasCensus(page)).green > 2000, 'the web is drawn');
  assert.equal((await visible(page, ['#compact']))['#compact'], true);
  await screenshot(page, name);
  assert.deepEqual(errors, []); // a CSP violation would be a console error
  assert.deepEqual(external, []);
  // one request: the file itself; and its Worker's script is a blob: URL of the file's own code
  assert.deepEqual(requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:')), [url], 'one request: the file itself');
  assert.equal(await page.evaluate(() => window.silkApp.stats().thread), 'worker');
  assert.equal(requests.filter((u) => u.startsWith('blob:')).length, 1, 'the Worker, from a blob: URL');

  // The policy is enforced: injected inline script does not run.
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
    await new Promise((r) => setTimeout(r, 50));
    return window.__injected === true;
  });
  assert.equal(ran, false);
  await context.close();
}

test('dist/silk-embed.html loads over http with one request', async () => {
  await checkSingleFile(`${server.origin}/silk-embed.html`, 'embed-single-http.png');
});

test('dist/silk-embed.html loads from file://', async () => {
  await checkSingleFile(pathToFileURL(path.join(dist, 'silk-embed.html')).href, 'embed-single-file.png');
});

test('silk-embed.html: ?embed=0 shows the full page; its CSP allows only its own hashed code', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${pathToFileURL(path.join(dist, 'silk-embed.html')).href}?embed=0`);
  await ready(page);
  const shown = await visible(page, ['#dashboard', '#controls']);
  assert.deepEqual(shown, { '#dashboard': true, '#controls': true });
  assert.deepEqual(errors, []);
  await context.close();

  const html = await readFile(path.join(dist, 'silk-embed.html'), 'utf8');
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)[1];
  assert.match(csp, /default-src 'none'/);
  // two hashed scripts: early.js (embed mode and theme before the first paint, issue 18) and the app
  assert.match(csp, /script-src 'sha256-[A-Za-z0-9+/=]{44}' 'sha256-[A-Za-z0-9+/=]{44}' 'wasm-unsafe-eval';/);
  assert.match(csp, /style-src 'sha256-[A-Za-z0-9+/=]{44}';/);
  assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'|https?:|\*/);
  assert.equal((html.match(/<script/g) ?? []).length, 2);
  assert.equal((html.match(/<script>|<script type="module">/g) ?? []).length, 2, 'both inline');
  assert.doesNotMatch(html, /src="|href="(?!data:)/, 'no external references');
});

test('silk-embed.html under a site-wide CSP header that blocks it: a readable message, the header it needs', async () => {
  const { page, context } = await openPage(browser, { viewport: { width: 640, height: 430 } });
  const body = await readFile(path.join(dist, 'silk-embed.html'), 'utf8');
  // a blog's header for every page: scripts and styles from 'self' only (inline code blocked)
  await context.route(`${server.origin}/blocked/silk-embed.html`, (route) => route.fulfill({
    contentType: 'text/html', body,
    headers: { 'content-security-policy': "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'" },
  }));
  await page.goto(`${server.origin}/blocked/silk-embed.html`);
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => {
    const m = document.getElementById('csp-blocked');
    const r = m.getBoundingClientRect();
    return { text: m.innerText, visible: r.width > 0 && r.height > 0, started: document.documentElement.dataset.silk ?? null };
  });
  assert.equal(seen.started, null, 'the app did not run');
  assert.ok(seen.visible, 'the message shows');
  assert.match(seen.text, /scripts were blocked/);
  assert.match(seen.text, /Content-Security-Policy: default-src 'none'; script-src 'sha256-[^']+' 'sha256-[^']+' 'wasm-unsafe-eval'; style-src 'sha256-/);
  // and where the file runs, the message is hidden
  await page.goto(`${server.origin}/silk-embed.html`);
  await ready(page);
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('csp-blocked')).display), 'none');
  await context.close();
});

test('the page itself: CSP allows only this origin, and blocks inline script', async () => {
  const { page, context } = await openPage(browser);
  await page.goto(`${server.origin}/`);
  await ready(page);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /unsafe-inline|https?:|\*/);
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
    await new Promise((r) => setTimeout(r, 50));
    return window.__injected === true;
  });
  assert.equal(ran, false);
  await context.close();
});
