#!/usr/bin/env node
// bench/embed-worker.mjs -- what ?embed=1 and silk-embed.html cost the host's main
// thread, in their Worker (the default) and on the main thread (?worker=0), on the phone profile
// of bench/page.mjs (390x844 DPR 3, CPU throttled 4x), beside the floor (bench/baseline/floor.html:
// 300 lines on a canvas, nothing else).
//   - main-thread ms per 1/60 s: the renderer main thread's top-level tasks in a trace (wall and
//     CPU time) per second / 60 (bench/lib.mjs mainThreadTime), over a window with no input
//     (visible and running) and over a mouse drag of the web (one move per 16 ms);
//   - frames per second the embed drew in the window (its stats(), from the Worker at 4 Hz).
// Each page is loaded as the top-level document: an embed's iframe on a same-site post shares
// its main thread with the post, so this is the cost the post pays. Modes alternate within each
// round; each figure is the median over the rounds. Prints a table, writes
// build/bench/embed-worker.json; asserts nothing.
//
//   node bench/embed-worker.mjs [--seconds 4] [--rate 4] [--runs 3]   (build dist/ first)
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, quantile, serveDir, launchChromium, benchSite, openPhonePage, writeSummary, mainThreadTime, traceDuring, arg, circleDrag } from './lib.mjs';

const SECONDS = Number(arg('seconds', 4));
const RATE = Number(arg('rate', 4));
const RUNS = Number(arg('runs', 3));
const DIST = path.join(repoRoot, 'dist');
const MODES = [
  { name: 'floor: 300 lines on a canvas, nothing else', url: '/floor.html', floor: true },
  { name: '?embed=1 (Worker, the default)', url: '/?embed=1' },
  { name: '?embed=1&worker=0 (main thread)', url: '/?embed=1&worker=0' },
  { name: 'silk-embed.html (Worker, the default)', url: '/silk-embed.html' },
  { name: 'silk-embed.html?worker=0 (main thread)', url: '/silk-embed.html?worker=0' },
];

if (!existsSync(path.join(DIST, 'silk-embed.html'))) {
  console.log('bench/embed-worker.mjs: dist/ has no build (run scripts/build.sh)');
  writeSummary('embed-worker', { skipped: 'no dist/' });
  process.exit(0);
}
const site = benchSite('embed-worker-site', DIST);

const { server, origin } = await serveDir(site);
const browser = await launchChromium();

async function run(mode) {
  const { context, page, errors } = await openPhonePage(browser);
  await page.goto(`${origin}${mode.url}`);
  await page.waitForFunction(() => window.baseline?.count > 0 || window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  const frames = () => page.evaluate(() => window.baseline?.count ?? window.silkApp.stats().framesRendered);
  const thread = await page.evaluate(() => window.silkApp?.stats().thread ?? 'main');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.waitForTimeout(1000);
  const f0 = await frames();
  const t0 = Date.now();
  const idle = mainThreadTime(await traceDuring(cdp, () => page.waitForTimeout(SECONDS * 1000)));
  const idleSeconds = (Date.now() - t0) / 1000;
  const fps = ((await frames()) - f0) / idleSeconds;
  const box = await page.locator(mode.floor ? '#c' : '#view').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height * 0.45;
  const t1 = Date.now();
  const drag = mainThreadTime(await traceDuring(cdp, () => circleDrag(page, cx, cy, SECONDS)));
  const dragSeconds = (Date.now() - t1) / 1000;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  if (errors.length) throw new Error(`${mode.name}: ${errors.join('; ')}`);
  return {
    thread, fps,
    idleWall: idle.wallMs / idleSeconds / 60, idleCpu: idle.cpuMs / idleSeconds / 60,
    dragWall: drag.wallMs / dragSeconds / 60, dragCpu: drag.cpuMs / dragSeconds / 60,
  };
}

const results = MODES.map(() => []);
for (let r = 0; r < RUNS; r++) {
  for (let m = 0; m < MODES.length; m++) results[m].push(await run(MODES[m]));
}
await browser.close();
server.close();

const med = (list, key) => quantile(list.map((x) => x[key]), 0.5);
console.log(`?embed=1 and silk-embed.html, Worker vs main thread: phone 390x844 DPR 3, CPU throttling ${RATE}x, median of ${RUNS} runs of ${SECONDS} s; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores\n`);
console.log('| page | thread | host main thread ms per 1/60 s, idle: wall (CPU) | during a drag: wall (CPU) | frames/s drawn |');
console.log('| --- | --- | ---: | ---: | ---: |');
MODES.forEach((m, i) => {
  const l = results[i];
  console.log(`| ${m.name} | ${l[0].thread} | ${med(l, 'idleWall').toFixed(2)} (${med(l, 'idleCpu').toFixed(2)}) | ${med(l, 'dragWall').toFixed(2)} (${med(l, 'dragCpu').toFixed(2)}) | ${med(l, 'fps').toFixed(0)} |`);
});
writeSummary('embed-worker', {
  rate: RATE, seconds: SECONDS, runs: RUNS, loadAverage: os.loadavg()[0],
  modes: MODES.map((m, i) => ({
    name: m.name, thread: results[i][0].thread,
    idleWallMs: med(results[i], 'idleWall'), idleCpuMs: med(results[i], 'idleCpu'),
    dragWallMs: med(results[i], 'dragWall'), dragCpuMs: med(results[i], 'dragCpu'), framesPerSecond: med(results[i], 'fps'),
  })),
});
