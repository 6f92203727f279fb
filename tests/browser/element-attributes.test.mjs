// element-attributes.test.mjs -- issue 21, "smaller": <silk-demo>'s attribute messages and its
// `worker` boolean, in the browser under a strict CSP:
//   - worker="false" / "off" / "0" run on the main thread; worker, worker="" run in a Worker;
//   - a 20,000-character bad attribute is quoted once, capped at 80 characters and "…".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, DESKTOP } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; style-src 'self'; img-src 'self'";

async function openHost(body) {
  const o = await openPage(browser, DESKTOP);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<link rel="stylesheet" href="/host.css"><title>Attributes</title><script type="module" src="/silk-demo.mjs"></script></head><body><main>${body}</main></body></html>`;
  await o.context.route(`${server.origin}/host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  // small enough that every element is on screen (each starts when it comes near the viewport)
  await o.context.route(`${server.origin}/host.css`, (route) => route.fulfill({ contentType: 'text/css', body: 'silk-demo { display: inline-block; width: 180px; }' }));
  await o.page.goto(`${server.origin}/host.html`);
  await o.page.waitForFunction(() => customElements.get('silk-demo') !== undefined);
  return o;
}

test('worker="false", "off", "0" stay on the main thread; worker and worker="" use a Worker', async () => {
  const cases = [['f', 'false', 'main'], ['o', 'off', 'main'], ['z', '0', 'main'], ['e', '', 'worker'], ['p', null, 'worker']];
  const body = cases.map(([id, v]) => `<silk-demo id="${id}" scene="web" controls="none" ${v === null ? 'worker' : `worker="${v}"`}></silk-demo>`).join('');
  const { page, context, errors } = await openHost(body);
  for (const [id, v, thread] of cases) {
    await page.waitForFunction((i) => document.getElementById(i).stats().thread !== null, id, { timeout: 60000, polling: 100 });
    const s = await page.evaluate((i) => document.getElementById(i).stats(), id);
    assert.equal(s.thread, thread, `worker=${JSON.stringify(v)}`);
    assert.deepEqual(s.problems, [], `worker=${JSON.stringify(v)}: no message`);
  }
  assert.equal(await page.evaluate(() => customElements.get('silk-demo').shared().workers), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 20,000-character bad attribute: one message, the value quoted once and capped', async () => {
  const huge = 'q'.repeat(20000);
  const body = `<silk-demo id="h" scene="${huge}" controls="${huge}" step="${'9'.repeat(20000)}"></silk-demo>`;
  const { page, context, errors } = await openHost(body);
  await page.waitForFunction(() => document.getElementById('h').stats().problems.length > 0, null, { timeout: 60000, polling: 100 });
  const s = await page.evaluate(() => document.getElementById('h').stats());
  const shown = await page.evaluate(() => document.getElementById('h').shadowRoot.querySelector('.message').textContent);
  assert.ok(s.problems.length >= 3, s.problems.join('\n'));
  for (const m of s.problems) assert.ok(m.length < 300, `${m.length} characters: ${m.slice(0, 200)}`);
  for (const [name, ch] of [['scene', 'q'], ['controls', 'q'], ['step', '9']]) {
    const m = s.problems.find((p) => p.startsWith(`${name}="`));
    assert.ok(m, `a message for ${name}`);
    assert.equal(m.split(ch.repeat(80)).length - 1, 1, `${name}: the value appears once`);
    assert.ok(m.includes(`${ch.repeat(80)}…`), `${name}: capped with an ellipsis`);
  }
  assert.ok(shown.length < 1000, `the element shows ${shown.length} characters`);
  assert.deepEqual(errors, []);
  await context.close();
});
