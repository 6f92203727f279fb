#!/usr/bin/env node
// draw-ab.mjs -- the cost of one frame's drawing code, two builds side by side: the default
// scene's bindFrame + updateDiagnostics + scene.draw, run N times on the live world of a paused
// page (the phone profile; CPU throttling --rate, default off: the ratio is what counts), in
// the page's own modules. Rounds alternate between
// build A and build B so load from other processes hits both alike. Asserts nothing.
//
//   node bench/tools/draw-ab.mjs --a /tmp/dist-before --b dist [--rounds 5] [--reps 2000] [--rate 1]
//
// What it times is the JS side of a frame's drawing: building paths and setting canvas state
// (Chromium records the calls; rasterising happens later, at the commit).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDir, launchChromium } from '../lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const A = path.resolve(root, arg('a', 'dist'));
const B = path.resolve(root, arg('b', 'dist'));
const ROUNDS = Number(arg('rounds', 5));
const REPS = Number(arg('reps', 2000));
const RATE = Number(arg('rate', 1));

const builds = [await serveDir(A), await serveDir(B)];
const browser = await launchChromium();

async function once(origin) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${origin}/?worker=0`); // the world on this thread (silkApp.world)
  await page.waitForFunction(() => document.documentElement.dataset.silk === 'ready');
  await page.waitForTimeout(1000); // the spider lands
  await page.evaluate(() => window.silkApp.set('paused', true));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const ms = await page.evaluate(async (reps) => {
    const draw = await import('./draw.mjs');
    const { getScene } = await import('./scenes.mjs');
    const world = window.silkApp.world;
    const scene = getScene('web');
    const state = scene.prepare(world);
    const canvas = document.getElementById('view');
    const ctx = canvas.getContext('2d');
    const k = canvas.width / 800;
    const frame = { px: 1 / k, cssPx: 3 / k };
    const once = (r) => {
      const d = world.updateDiagnostics(400, 250);
      draw.bindFrame(frame, world, (r % 10) / 10, d);
      ctx.setTransform(k, 0, 0, k, 0, 0);
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 800, 500);
      scene.draw(ctx, frame, state);
    };
    for (let r = 0; r < 100; r++) once(r); // JIT warm-up
    // The whole loop is timed (performance.now is coarse, and throttling pauses come in lumps).
    const t = performance.now();
    for (let r = 0; r < reps; r++) once(r);
    return (performance.now() - t) / reps;
  }, REPS);
  await context.close();
  return ms;
}

const res = [[], []];
try {
  for (let r = 0; r < ROUNDS; r++) for (let b = 0; b < 2; b++) res[b].push(await once(builds[b].origin));
} finally {
  await browser.close();
  for (const b of builds) b.server.close();
}
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`draw A/B: phone profile, CPU ${RATE}x, ${ROUNDS} alternating rounds of ${REPS} draws; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
for (const [b, name] of [[0, `A ${A}`], [1, `B ${B}`]]) {
  console.log(`${name}: ms per draw, median over rounds ${med(res[b]).toFixed(4)} (rounds: ${res[b].map((x) => x.toFixed(4)).join(' ')})`);
}
console.log(`B / A: ${(med(res[1]) / med(res[0])).toFixed(2)}`);
