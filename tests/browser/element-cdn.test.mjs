// element-cdn.test.mjs -- <silk-demo> served from another origin (a CDN): the host page on one
// local origin (127.0.0.1:A), silk-demo.mjs and its files on a second (127.0.0.1:B, which sends
// Access-Control-Allow-Origin as a CDN does). A browser refuses new Worker(url) for a
// cross-origin script, so the element starts its Worker from a same-origin blob: URL that
// imports the CDN's silk-demo-worker.mjs (web/element/silk-demo-spawn.mjs):
//   - with worker-src blob: <the CDN> in the page's CSP, the default element runs in the Worker
//     (a module Worker's imports are "worker" requests: worker-src must allow the CDN too);
//   - without a worker-src, or with worker-src blob: alone, the element runs on the main thread
//     and says why (stats().problems, one console.warn), naming the blob: URL and the CSP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, dist, DESKTOP } from './helpers.mjs';
import { createServer } from '../../scripts/serve.mjs';

let server; // the host page's origin
let cdn; // the second origin, serving dist/ with CORS
let browser;
const pages = new Map(); // path -> html the host origin serves

/** scripts/serve.mjs's server for dist/, with `extra(req, res)` first (true: handled). */
async function listen(extra) {
  const files = createServer(dist);
  const handle = files.listeners('request')[0];
  files.removeAllListeners('request');
  files.on('request', (req, res) => { if (!extra(req, res)) handle(req, res); });
  await new Promise((resolve) => files.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${files.address().port}`, close: () => new Promise((resolve) => files.close(resolve)) };
}

// Both are real servers on 127.0.0.1: a page fulfilled by the test (route.fulfill) has no
// address, and Chromium's Local Network Access then refuses its requests to 127.0.0.1.
before(async () => {
  server = await listen((req, res) => {
    const html = pages.get(new URL(req.url, 'http://x').pathname);
    if (html === undefined) return false;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
    return true;
  });
  cdn = await listen((req, res) => { res.setHeader('access-control-allow-origin', '*'); return false; });
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); await cdn?.close(); });

const csp = (workerSrc) => `default-src 'none'; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'; connect-src 'self' ${cdn.origin}; style-src 'self'; img-src 'self'${workerSrc ? `; worker-src ${workerSrc}` : ''}`;

async function openHost(policy) {
  const o = await openPage(browser, DESKTOP);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>A post with Silk from a CDN</title>
<script type="module" src="${cdn.origin}/silk-demo.mjs"></script></head>
<body><main><silk-demo id="w" scene="web" controls="none"></silk-demo></main></body></html>`;
  const name = `/host-${pages.size}.html`;
  pages.set(name, html);
  o.warnings = [];
  o.page.on('console', (m) => { if (m.type() === 'warning') o.warnings.push(m.text()); });
  o.scripts = [];
  o.page.on('request', (r) => o.scripts.push(r.url()));
  await o.page.goto(`${server.origin}${name}`);
  await o.page.waitForFunction(() => customElements.get('silk-demo') !== undefined, null, { timeout: 30000, polling: 100 })
    .catch((e) => { throw new Error(`${e.message}\n${o.errors.join('\n')}`); });
  await o.page.waitForFunction(() => document.getElementById('w').stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  return o;
}

test('silk-demo.mjs from another origin: the Worker starts from a blob: URL (worker-src blob: <the CDN>)', async () => {
  assert.notEqual(new URL(server.origin).port, new URL(cdn.origin).port, 'two origins');
  const { page, context, errors, warnings, scripts } = await openHost(csp(`blob: ${cdn.origin}`));
  const s = await page.evaluate(() => document.getElementById('w').stats());
  assert.equal(s.thread, 'worker', `runs in its Worker (problems: ${s.problems})`);
  assert.deepEqual(s.problems, []);
  assert.equal(await page.evaluate(() => document.getElementById('w').world), null);
  assert.equal(await page.evaluate(() => customElements.get('silk-demo').shared().workers), 1);
  assert.ok(scripts.includes(`${cdn.origin}/silk-demo-worker.mjs`), 'the Worker imports the CDN\'s silk-demo-worker.mjs');
  assert.equal(scripts.filter((u) => u.startsWith(server.origin) && /\.(mjs|wasm)$/.test(u)).length, 0, 'nothing of Silk from the page\'s origin');
  // it keeps running: frames go on in the Worker
  const f0 = s.framesRendered;
  await page.waitForFunction((n) => document.getElementById('w').stats().framesRendered > n + 10, f0, { timeout: 10000, polling: 100 });
  assert.deepEqual(warnings.filter((w) => /silk/i.test(w)), []);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [what, workerSrc] of [['no worker-src', null], ['worker-src blob: without the CDN', 'blob:']]) test(`silk-demo.mjs from another origin, ${what}: the main thread, and it says why`, async () => {
  const { page, context, errors, warnings } = await openHost(csp(workerSrc));
  const s = await page.evaluate(() => document.getElementById('w').stats());
  assert.equal(s.thread, 'main');
  assert.equal(s.problems.length, 1, `${s.problems}`);
  assert.ok(s.problems[0].startsWith('worker: running on the main thread: '), s.problems[0]);
  assert.ok(s.problems[0].includes(`a blob: URL importing ${cdn.origin}/silk-demo-worker.mjs`), s.problems[0]);
  assert.ok(s.problems[0].includes(`a CSP needs worker-src blob: ${cdn.origin}`), s.problems[0]);
  assert.equal(await page.evaluate(() => document.getElementById('w').world !== null), true, 'the world runs here');
  assert.deepEqual(warnings.filter((w) => /silk/i.test(w)), [`<silk-demo>: ${s.problems[0]}`], 'said once on the console');
  assert.deepEqual(errors.filter((e) => !/Content Security Policy/.test(e)), [], 'no error but the CSP report');
  await context.close();
});
