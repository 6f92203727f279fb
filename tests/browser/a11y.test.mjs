// a11y.test.mjs -- axe-core (npm, dev) on the page, each lab scene, the embed, the single file
// and the <silk-demo> element, in the light and the dark theme: 0 violations (WCAG 2.x A and
// AA rules, colour contrast included). Also: the canvas has a role and a label saying what is
// shown, every control is reachable with Tab and shows a focus ring, and the live readouts are
// not in a live region (a screen reader would announce them every frame).
// axe is injected into a context with bypassCSP: the pages' own CSP blocks injected script.
// Results go to test-artifacts/guest-figures.json (a11y).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serve, launch, openPage, artifacts, DESKTOP } from './helpers.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const ELEMENT_HOST = (theme) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Silk element</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script type="module" src="/silk-demo.mjs"></script>
<style>silk-demo { max-width: 480px; margin-bottom: 1rem; }</style></head>
<body><main><h1>A post</h1><silk-demo id="a" scene="web" theme="${theme}" controls="full"></silk-demo>
<silk-demo id="b" scene="coupling" theme="${theme}"></silk-demo></main></body></html>`;

const PAGES = [
  ['page', '/'],
  ['coupling', '/?scene=coupling'],
  ['spiral', '/?scene=spiral'],
  ['integrators', '/?scene=integrators'],
  ['rope', '/?scene=rope'],
  ['ball-pit', '/?scene=ball-pit'],
  ['chain-cloth', '/?scene=chain-cloth'],
  ['cloth-lab', '/?scene=cloth&mode=seed003'],
  ['embed', '/?embed=1'],
  ['single-file', '/silk-embed.html'],
  ['element', '/element-host.html'],
];

async function axe(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return {
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).slice(0, 4) })),
      passes: r.passes.length,
    };
  });
}

const results = {};

for (const theme of ['light', 'dark']) {
  for (const [name, url] of PAGES) {
    test(`axe: ${name} (${theme}) has no violations`, async () => {
      const { page, context, errors } = await openPage(browser, { ...DESKTOP, bypassCSP: true });
      await context.route(`${server.origin}/element-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: ELEMENT_HOST(theme) }));
      const sep = url.includes('?') ? '&' : '?';
      await page.goto(`${server.origin}${url}${name === 'element' ? '' : `${sep}theme=${theme}`}`);
      if (name === 'element') {
        await page.waitForFunction(() => ['a', 'b'].every((id) => document.getElementById(id).stats().framesRendered > 2), null, { timeout: 60000, polling: 100 });
      } else {
        await page.waitForFunction(() => document.documentElement.dataset.silk === 'ready', null, { timeout: 60000, polling: 100 });
        await page.waitForTimeout(500); // a few frames: the readouts have text
      }
      const r = await axe(page);
      results[`${name}/${theme}`] = { violations: r.violations.length, passes: r.passes };
      assert.deepEqual(r.violations, [], `${name} (${theme})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('the canvas says what it shows; controls are reachable by Tab with a visible focus; readouts are not live', async () => {
  const { page, context } = await openPage(browser, DESKTOP);
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => document.documentElement.dataset.silk === 'ready', null, { timeout: 60000, polling: 100 });
  const canvas = await page.evaluate(() => {
    const c = document.getElementById('view');
    return { role: c.getAttribute('role'), label: c.getAttribute('aria-label') };
  });
  assert.equal(canvas.role, 'img');
  assert.match(canvas.label, /spider web/i);
  // Tab through the page: every button, select and input is reached, each with an outline
  const reached = new Set();
  const noRing = [];
  for (let k = 0; k < 80; k++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const s = getComputedStyle(e);
      // a radio group is one Tab stop (arrow keys move inside it): the group's name stands for it
      const key = e.type === 'radio' ? `radio:${e.name}` : e.id || `${e.tagName}.${e.className}:${e.textContent.slice(0, 20)}`;
      return { key, ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 };
    });
    if (!f) continue;
    reached.add(f.key);
    if (!f.ring) noRing.push(f.key);
  }
  const controls = await page.evaluate(() => [...document.querySelectorAll('button, select, input, canvas[tabindex]')]
    .filter((e) => e.offsetParent !== null && !e.disabled)
    .map((e) => (e.type === 'radio' ? `radio:${e.name}` : e.id || `${e.tagName}.${e.className}:${e.textContent.slice(0, 20)}`)));
  const missed = controls.filter((c) => !reached.has(c));
  assert.deepEqual(missed, [], 'every visible control is reached by Tab');
  assert.deepEqual(noRing, [], 'every focused control shows a focus ring');
  // live readouts: nothing that changes every frame sits in an aria-live region
  const live = await page.evaluate(() => [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="log"], [role="alert"]')]
    .filter((e) => e.closest('#dashboard, #compact')).map((e) => e.className || e.id));
  assert.deepEqual(live, []);
  assert.equal(await page.getAttribute('#compact', 'aria-live'), 'off');
  await context.close();
});

test('the element: its canvas is labelled, its buttons are reachable by Tab and work from the keyboard', async () => {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  await context.route(`${server.origin}/element-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: ELEMENT_HOST('light') }));
  await page.goto(`${server.origin}/element-host.html`);
  await page.waitForFunction(() => document.getElementById('a').stats().framesRendered > 2, null, { timeout: 60000, polling: 100 });
  const label = await page.evaluate(() => document.getElementById('a').shadowRoot.querySelector('canvas').getAttribute('aria-label'));
  assert.match(label, /spider web/);
  await page.keyboard.press('Tab'); // the canvas
  assert.equal(await page.evaluate(() => document.getElementById('a').shadowRoot.activeElement?.tagName), 'CANVAS');
  await page.keyboard.press('Space'); // pauses
  assert.equal((await page.evaluate(() => document.getElementById('a').stats())).paused, true);
  await page.keyboard.press('Tab'); // the Play button over the paused canvas
  const focused = await page.evaluate(() => {
    const e = document.getElementById('a').shadowRoot.activeElement;
    const s = getComputedStyle(e);
    return { text: e.textContent, ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 };
  });
  assert.match(focused.text, /Play/);
  assert.equal(focused.ring, true);
  await page.keyboard.press('Enter');
  assert.equal((await page.evaluate(() => document.getElementById('a').stats())).paused, false);
  assert.deepEqual(errors, []);
  await context.close();
  await mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, 'guest-figures.json');
  const old = await readFile(file, 'utf8').then(JSON.parse, () => ({}));
  await writeFile(file, JSON.stringify({ ...old, a11y: results }, null, 2));
});
