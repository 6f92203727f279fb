#!/usr/bin/env node
// bench/worker.mjs -- should the embed run in a Worker with an OffscreenCanvas? A prototype
// (bench/worker/: the default scene stepped and drawn in a Worker, or on the main thread as the
// control) measured on the phone profile of bench/page.mjs (390x844 DPR 3, CPU throttled 4x):
//   - main-thread ms per 1/60 s: the renderer main thread's top-level tasks in a trace (wall and
//     CPU time) per second / 60 (the worker draws at its own rate, which may not be 60 Hz). (TaskDuration, which bench/page.mjs reads, counts the worker's
//     tasks too.) CPU throttling slows the main thread only: the worker runs at full speed, so
//     its callback times are unthrottled figures.
//   - the drawing thread's callback ms (main rAF or worker rAF): median, p95
//   - input latency: pointermove on the main thread -> end of the draw that applied it
//     (a mouse drag of a web particle in a circle, one move per 16 ms, during the window)
//   - the cost of posting diagnostics: worker modes posting the diagnostics array every frame,
//     4 times a second, or never; main-thread ms of the message handlers
//   - idle: the same main-thread figures over a window with no input at all (visible and
//     running: the "host main thread per 1/60 s" goal), then the drag window
//   - two floors beside the element: bench/baseline/floor.html (300 lines on a canvas, nothing
//     else: what any main-thread canvas animation costs here) and bench/worker/blank.html (no
//     script: what the browser's own handling of the same drag costs the main thread)
//   - the element with its default attributes (a Worker by default), with `worker`, and with
//     worker="off"; --before DIR adds the default element from another flat build (e.g. the
//     element before a change) in the same run
// Rounds alternate between the modes (load from other processes hits all alike); each figure is
// the median over the rounds. Prints a table, writes build/bench/worker.json; asserts nothing.
//
//   node bench/worker.mjs [--seconds 5] [--rate 4] [--runs 3] [--dist dist] [--before DIR]
//   (build dist/ first)
import { cpSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, quantile, serveDir, launchChromium, benchSite, openPhonePage, writeSummary, mainThreadTime, traceDuring, arg, circleDrag } from './lib.mjs';

const SECONDS = Number(arg('seconds', 5));
const RATE = Number(arg('rate', 4));
const RUNS = Number(arg('runs', 3));
const DIST = path.resolve(repoRoot, arg('dist', 'dist'));
const BEFORE = arg('before', null) && path.resolve(arg('before'));
const MODES = [
  { name: 'main thread (the page\'s design)', query: '?mode=main' },
  { name: 'worker, diagnostics posted every frame', query: '?mode=worker&diag=frame' },
  { name: 'worker, diagnostics posted 4 times a second', query: '?mode=worker&diag=4' },
  { name: 'worker, no diagnostics posted', query: '?mode=worker&diag=0' },
  // the floors: a canvas animation and nothing else; no script at all (the browser's own input)
  { name: 'floor: 300 lines on a canvas, nothing else', page: 'floor.html', query: '', floor: 'canvas' },
  { name: 'floor: no Silk, a blank box, the same drag', page: 'blank.html', query: '', floor: 'blank' },
  // the element itself (web/element), controls none
  { name: '<silk-demo worker="off"> (main thread)', page: 'element.html', query: '?worker=0', element: true },
  { name: '<silk-demo worker>', page: 'element.html', query: '?worker=1', element: true },
  { name: '**<silk-demo>, default attributes**', page: 'element.html', query: '', element: true },
  ...(BEFORE ? [{ name: `<silk-demo>, default attributes, before (${path.basename(BEFORE)})`, page: 'before/element.html', query: '', element: true }] : []),
];

if (!existsSync(path.join(DIST, 'silk.mjs'))) {
  console.log(`bench/worker.mjs: ${DIST} has no build (run scripts/build.sh)`);
  writeSummary('worker', { skipped: 'no dist/' });
  process.exit(0);
}
// The site: a copy of dist/ with the prototype's files beside it (they import ./silk.mjs ...).
const site = benchSite('worker-site', DIST);
cpSync(path.join(repoRoot, 'bench', 'worker'), site, { recursive: true });
if (BEFORE) {
  cpSync(BEFORE, path.join(site, 'before'), { recursive: true });
  cpSync(path.join(repoRoot, 'bench', 'worker', 'element.html'), path.join(site, 'before', 'element.html'));
}

const { server, origin } = await serveDir(site);
const browser = await launchChromium();

async function run(mode) {
  const { context, page, errors } = await openPhonePage(browser);
  await page.goto(`${origin}/${mode.page ?? 'index.html'}${mode.query}`);
  await page.waitForFunction(() => window.bench?.ready || window.baseline?.count > 0, null, { timeout: 30000, polling: 100 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.waitForTimeout(1500);
  const box = await page.locator(mode.floor === 'canvas' ? '#c' : '#view').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height * 0.45;
  // the counters live in the worker in worker mode, on the page otherwise; the element counts its
  // own frames (stats(), which a Worker element updates 4 times a second) and posts nothing else
  const worker = mode.element || mode.floor ? undefined : page.workers()[0];
  const read = mode.floor ? async () => page.evaluate(() => ({ diag: 0, offscreen: false, frames: window.baseline?.count ?? 0, raf: 0, lat: 0 }))
    : mode.element ? async () => page.evaluate(() => {
    const s = document.getElementById('view').stats();
    return { diag: 0, offscreen: s.thread === 'worker', frames: s.framesRendered, raf: 0, lat: 0 };
  }) : async () => {
    const d = await page.evaluate(() => ({ diag: window.bench.diagMessages, offscreen: window.bench.offscreen }));
    const where = worker ?? page;
    const c = await where.evaluate(() => ({ frames: self.bench.frames, raf: self.bench.rafMs.length, lat: self.bench.latencies.length }));
    return { ...d, ...c };
  };
  // idle: visible and running, no input
  const idleEvents = await traceDuring(cdp, () => page.waitForTimeout(SECONDS * 1000));
  const idle = mainThreadTime(idleEvents);
  const before = { b: await read() };
  const t0 = Date.now();
  const events = await traceDuring(cdp, () => circleDrag(page, cx, cy, SECONDS));
  const seconds = (Date.now() - t0) / 1000;
  const after = { b: await read() };
  const main = mainThreadTime(events);
  const detail = mode.element || mode.floor ? { raf: [], lat: [] } : await (worker ?? page).evaluate(([r, l]) => ({
    raf: self.bench.rafMs.slice(r), lat: self.bench.latencies.slice(l),
  }), [before.b.raf, before.b.lat]);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  if (errors.length) throw new Error(`${mode.name}: ${errors.join('; ')}`);
  const frames = after.b.frames - before.b.frames;
  const diag = after.b.diag - before.b.diag;
  return {
    offscreen: after.b.offscreen,
    idleCpuMs: idle.cpuMs / SECONDS / 60,
    frames: (frames * 5) / seconds,
    mainMs: main.wallMs / seconds / 60, // per 1/60 s: the worker's frame rate is its own
    mainCpuMs: main.cpuMs / seconds / 60,
    rafMedian: quantile(detail.raf, 0.5),
    rafP95: quantile(detail.raf, 0.95),
    latMedian: quantile(detail.lat, 0.5),
    latP95: quantile(detail.lat, 0.95),
    latSamples: detail.lat.length,
    diagPerFrame: diag / frames,
  };
}

const results = MODES.map(() => []);
try {
  for (let r = 0; r < RUNS; r++) for (let m = 0; m < MODES.length; m++) results[m].push(await run(MODES[m]));
} finally {
  await browser.close();
  server.close();
}
const med = (runs, key) => quantile(runs.map((x) => x[key]), 0.5);
const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '—');
console.log(`Worker + OffscreenCanvas prototype: phone 390x844 DPR 3, CPU throttling ${RATE}x, median of ${RUNS} runs of ${SECONDS} s, default scene; idle: no input; then a drag in progress; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores; OffscreenCanvas transfer ${results[1][0].offscreen ? 'available' : 'NOT available (worker modes fell back)'}\n`);
console.log('| mode | idle: main thread CPU ms per 1/60 s | drag: frames / 5 s | main thread ms per 1/60 s (wall) | main thread CPU ms per 1/60 s | drawing callback median ms | p95 ms | input latency median ms | p95 ms | diag messages / frame |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const summary = {};
MODES.forEach((mode, m) => {
  const runs = results[m];
  const row = Object.fromEntries(Object.keys(runs[0]).filter((k) => k !== 'offscreen').map((k) => [k, med(runs, k)]));
  summary[mode.name] = row;
  console.log(`| ${mode.name} | ${f(row.idleCpuMs)} | ${Math.round(row.frames)} | ${f(row.mainMs)} | ${f(row.mainCpuMs)} | ${f(row.rafMedian)} | ${f(row.rafP95)} | ${f(row.latMedian)} | ${f(row.latP95)} | ${f(row.diagPerFrame)} |`);
});
console.log(`\nsummary: ${writeSummary('worker', { seconds: SECONDS, rate: RATE, runs: RUNS, load: os.loadavg()[0], modes: summary })}`);
