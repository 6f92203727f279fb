// contrast.test.mjs -- the dark theme's colours, read from the canvas (issue 18). Every scene in
// a <silk-demo> (DPR 2, 800 CSS px wide), dark and light: the test records which colours the
// drawing code strokes, fills and writes with (the context's methods, wrapped before the page
// runs), reads the canvas's pixels (getImageData), takes the ground as the most common pixel,
// finds each recorded colour among the pixels and computes its WCAG contrast ratio against the
// ground. Dark: the ground is the page's #0d1117, every mark (pins, strands, dots, strain
// colours, plot series) found on the canvas stands at >= 3:1 and every text colour at >= 4.5:1.
// Grounds, bands and guide rules (theme.mjs GROUND_INKS, and filled rectangles) are listed but
// need no ratio. Light is the original drawing, unchanged: its figures are printed, not held to
// the bar (the issue keeps the light theme as it is).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './helpers.mjs';
import { contrast, darkInk, GROUND_INKS } from '../../web/kit/theme.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const SCENES = ['web', 'cloth', 'shapes', 'tree', 'coupling', 'spiral', 'integrators', 'rope', 'ball-pit', 'chain-cloth'];
const PROFILE = { viewport: { width: 860, height: 900 }, deviceScaleFactor: 2 };

function host(scene, theme) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>contrast</title>
<link rel="stylesheet" href="/silk-demo.css"><script type="module" src="/silk-demo.mjs"></script></head>
<body><silk-demo id="d" scene="${scene}" theme="${theme}" controls="none" worker="off" rest="off"></silk-demo></body></html>`;
}

// rest="off": the test reads what each frame draws, so the scene must keep drawing. The ball pit
// (sleeping discs on) comes to rest after ~200 steps, which a loaded machine reached in fewer
// than the 60 frames waited for below; rest has tests of its own (rest.test.mjs).

// worker="off": the test records the 2D context's calls on this thread (a Worker element draws
// with the same palette, theme.mjs, in its Worker, where this recorder cannot see it).
// Runs before the page: wraps the 2D context's drawing calls to record the colour each uses.
function recordInks() {
  const P = CanvasRenderingContext2D.prototype;
  const records = new Map(); // canvas -> { mark, text, rect: Map(colour -> calls) }
  window.__inks = { records, reset() { records.clear(); } };
  const note = (ctx, kind, colour) => {
    if (typeof colour !== 'string') return;
    let r = records.get(ctx.canvas);
    if (!r) records.set(ctx.canvas, (r = { mark: new Map(), text: new Map(), rect: new Map() }));
    r[kind].set(colour, (r[kind].get(colour) ?? 0) + 1);
  };
  const wrap = (name, kind, style) => {
    const f = P[name];
    P[name] = function (...args) { note(this, kind, this[style]); return f.apply(this, args); };
  };
  wrap('stroke', 'mark', 'strokeStyle');
  wrap('fill', 'mark', 'fillStyle');
  wrap('fillText', 'text', 'fillStyle');
  wrap('fillRect', 'rect', 'fillStyle');
  wrap('strokeRect', 'rect', 'strokeStyle');
}

function parse(c) {
  let m = /^#([0-9a-f]{6})$/i.exec(c);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16)).concat(1);
  m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(c);
  return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
}
const hex = (rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

async function measure(scene, theme) {
  const { page, context, errors } = await openPage(browser, PROFILE);
  await page.addInitScript(recordInks);
  await context.route(`${server.origin}/contrast.html`, (route) => route.fulfill({ contentType: 'text/html', body: host(scene, theme) }));
  await page.goto(`${server.origin}/contrast.html`);
  await page.waitForFunction(() => document.getElementById('d')?.stats?.().framesRendered > 60, null, { timeout: 60000, polling: 100 });
  await page.evaluate(() => window.__inks.reset());
  await page.waitForFunction(() => window.__inks.records.size > 0, null, { timeout: 10000, polling: 50 });
  await page.waitForTimeout(100);
  const got = await page.evaluate(() => {
    const c = document.getElementById('d').shadowRoot.querySelector('canvas');
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    const hist = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      hist.set(key, (hist.get(key) ?? 0) + 1);
    }
    const r = window.__inks.records.get(c) ?? { mark: new Map(), text: new Map(), rect: new Map() };
    return {
      pixels: [...hist].filter(([, n]) => n >= 2).map(([k, n]) => [(k >> 16) & 255, (k >> 8) & 255, k & 255, n]),
      mark: [...r.mark.keys()], text: [...r.text.keys()], rect: [...r.rect.keys()],
    };
  });
  assert.deepEqual(errors, []);
  await context.close();
  return got;
}

const grounds = new Set([...GROUND_INKS, ...GROUND_INKS.map(darkInk)].map((c) => hex(parse(c.length === 4 ? `#${[...c.slice(1)].map((x) => x + x).join('')}` : c).slice(0, 3))));
const table = [];

for (const theme of ['dark', 'light']) {
  for (const scene of SCENES) {
    test(`canvas contrast: ${scene}, ${theme}`, async () => {
      const { pixels, mark, text, rect } = await measure(scene, theme);
      const ground = pixels.reduce((a, b) => (b[3] > a[3] ? b : a)).slice(0, 3);
      if (theme === 'dark') assert.equal(hex(ground), '#0d1117', 'the dark canvas stands on the page\'s surface');
      // each recorded colour as it shows over the ground, and the pixel nearest to it
      const found = (rgba) => {
        const want = rgba.slice(0, 3).map((v, i) => v * rgba[3] + ground[i] * (1 - rgba[3]));
        let best = null;
        let bestD = Infinity;
        for (const p of pixels) {
          const d = Math.abs(p[0] - want[0]) + Math.abs(p[1] - want[1]) + Math.abs(p[2] - want[2]);
          if (d < bestD) { bestD = d; best = p; }
        }
        return bestD <= 9 ? best.slice(0, 3) : null;
      };
      const rows = [];
      for (const [kind, list, need] of [['mark', mark, 3], ['text', text, 4.5]]) {
        for (const colour of list) {
          const rgba = parse(colour);
          if (!rgba || grounds.has(hex(rgba.slice(0, 3)))) continue;
          const pixel = found(rgba);
          if (!pixel) continue; // set but not on the canvas now (an empty strain bucket ...)
          rows.push({ kind, colour, pixel: hex(pixel), ratio: contrast(hex(pixel), hex(ground)), need });
        }
      }
      assert.ok(rows.some((r) => r.kind === 'mark'), `${scene}: some marks found on the canvas (${mark.join(' ')})`);
      const low = rows.filter((r) => r.ratio < r.need);
      const min = (kind) => Math.min(...rows.filter((r) => r.kind === kind).map((r) => r.ratio));
      table.push(`${theme.padEnd(5)} ${scene.padEnd(11)} ground ${hex(ground)}  ${rows.filter((r) => r.kind === 'mark').length} mark colours, lowest ${min('mark').toFixed(2)}:1` +
        `  ${rows.filter((r) => r.kind === 'text').length} text colours, lowest ${rows.some((r) => r.kind === 'text') ? `${min('text').toFixed(2)}:1` : '-'}` +
        `  (${rect.length} ground/rule fills)${low.length ? `  below: ${low.map((r) => `${r.kind} ${r.colour} ${r.ratio.toFixed(2)}`).join(', ')}` : ''}`);
      if (theme === 'dark') assert.deepEqual(low, [], `${scene}: colours below the bar`);
    });
  }
}

after(() => { if (table.length) console.log(`# canvas contrast against the ground (WCAG), read from the pixels\n${table.map((r) => `# ${r}`).join('\n')}`); });
