#!/usr/bin/env node
// bench/labs.mjs -- what a lab scene of <silk-demo> costs the host page's main thread, in the
// Worker (the default: lab-worker-host.mjs) against worker="off" (the lab scene
// on the main thread, as before), on the phone profile of bench/worker.mjs (390x844 DPR 3, CPU
// throttled 4x; the Worker runs unthrottled):
//   - idle: the renderer main thread's top-level task time (wall and CPU, bench/lib.mjs
//     mainThreadTime) per 1/60 s over a window with the element visible and running, no input;
//   - the frames the element drew per second in that window (stats().framesRendered), and, in
//     the Worker, the lab readouts it posted per second (the bar's text follows them).
// Rounds alternate between the modes; each figure is the median over the rounds. Prints a
// table, writes build/bench/labs.json; asserts nothing.
//
//   node bench/labs.mjs [--seconds 4] [--rate 4] [--runs 3] [--scenes coupling,rope] (build dist/ first)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, quantile, serveDir, launchChromium, writeSummary, mainThreadTime, traceDuring, arg, PHONE } from './lib.mjs';

const SECONDS = Number(arg('seconds', 4));
const RATE = Number(arg('rate', 4));
const RUNS = Number(arg('runs', 3));
const SCENES = arg('scenes', 'coupling,spiral,integrators,rope,cloth').split(',');
const DIST = path.join(repoRoot, 'dist');
const MODES = [
  { name: 'Worker (default)', attrs: '' },
  { name: 'main thread (worker="off")', attrs: 'worker="off"' },
];

if (!existsSync(path.join(DIST, 'silk-demo.mjs'))) {
  console.log('bench/labs.mjs: dist/ has no build (run scripts/build.sh)');
  writeSummary('labs', { skipped: 'no dist/' });
  process.exit(0);
}
const { server, origin } = await serveDir(DIST);
const browser = await launchChromium();

async function run(scene, mode) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>lab bench</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/silk-demo.css"><script type="module" src="/silk-demo.mjs"></script></head>
<body style="margin:0"><silk-demo id="view" scene="${scene}" ${mode.attrs}></silk-demo></body></html>`;
  await context.route(`${origin}/labs.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.addInitScript(() => {
    window.labPosts = 0;
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => { if (e.data?.type === 'lab') window.labPosts++; });
      }
    };
  });
  await page.goto(`${origin}/labs.html`);
  await page.waitForFunction(() => document.getElementById('view')?.stats?.().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.waitForTimeout(1500);
  const read = () => page.evaluate(() => ({ frames: document.getElementById('view').stats().framesRendered, thread: document.getElementById('view').stats().thread, posts: window.labPosts }));
  const a = await read();
  const t0 = Date.now();
  const events = await traceDuring(cdp, () => page.waitForTimeout(SECONDS * 1000));
  const seconds = (Date.now() - t0) / 1000;
  const b = await read();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  if (errors.length) throw new Error(`${scene} ${mode.name}: ${errors.join('; ')}`);
  const main = mainThreadTime(events);
  return {
    thread: b.thread,
    mainMs: main.wallMs / seconds / 60,
    mainCpuMs: main.cpuMs / seconds / 60,
    fps: (b.frames - a.frames) / seconds,
    postsPerSecond: (b.posts - a.posts) / seconds,
  };
}

const results = {};
try {
  for (let r = 0; r < RUNS; r++) {
    for (const scene of SCENES) {
      for (const mode of MODES) {
        const key = `${scene}\t${mode.name}`;
        (results[key] ??= []).push(await run(scene, mode));
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
const med = (runs, k) => quantile(runs.map((x) => x[k]), 0.5);
console.log(`\nbench/labs.mjs: <silk-demo scene=...> on the phone profile, CPU x${RATE}, ${SECONDS} s idle windows, median of ${RUNS}`);
console.log('| scene | mode | thread | host main thread ms per 1/60 s (CPU) | frames/s | lab readouts posted/s |');
console.log('| --- | --- | --- | ---: | ---: | ---: |');
const summary = [];
for (const [key, runs] of Object.entries(results)) {
  const [scene, mode] = key.split('\t');
  const row = { scene, mode, thread: runs[0].thread, mainMs: med(runs, 'mainMs'), mainCpuMs: med(runs, 'mainCpuMs'), fps: med(runs, 'fps'), postsPerSecond: med(runs, 'postsPerSecond') };
  summary.push(row);
  console.log(`| ${scene} | ${mode} | ${row.thread} | ${row.mainMs.toFixed(2)} (${row.mainCpuMs.toFixed(2)}) | ${row.fps.toFixed(1)} | ${row.thread === 'worker' ? row.postsPerSecond.toFixed(2) : '—'} |`);
}
writeSummary('labs', { seconds: SECONDS, rate: RATE, runs: RUNS, rows: summary });
