#!/usr/bin/env node
// bench/page.mjs -- how the page feels on a slow phone: headless Chromium, CPU throttled 4x
// (CDP Emulation.setCPUThrottlingRate), the default scene with the dashboard on, 5 s per
// profile. Prints a table; asserts nothing (speed is measured, never tested).
//
//   node bench/page.mjs [--seconds 5] [--rate 4] [--runs 3] [--dist dist]   (build dist/ first)
//                       [--compare other-dist]  also runs a second build of Silk (e.g. a copy of
//                       dist/ from before a change) in the same rounds, as "Silk, <dir>"
//                       [--only phone,desktop,...] only the profiles whose name contains one of these
//
// Per profile: frames rendered in the window; main-thread time per frame (CDP
// Performance.getMetrics TaskDuration delta / frames); the rAF callback's own time (each loop
// times its callbacks with performance.now: median and p95). These are wall-clock times: on a
// loaded machine they include the time other processes hold the CPU. The CPU columns come from a
// trace of the same window (categories toplevel, devtools.timeline): the renderer main thread's
// tasks and its FireAnimationFrame events in thread (CPU) time, which the load does not inflate
// as much (CPU throttling still counts: Chromium stretches the work, not the idle time).
//
// The issue measured the original verlet-js spider page this way: 390x844 DPR 3 -> 248 frames,
// 20 ms main thread per frame, rAF median 0.7 / p95 4.1 ms; 1280x800 -> 7.7 ms, p95 4.7 ms. This
// machine is shared, so the bench also runs a *baseline* in the same browser right before each
// profile: bench/baseline/, the original page's loop and drawing re-created over our JS
// reference solver (not the original code). Its numbers show how loaded the machine is, and
// "Silk / baseline" compares the two under the same conditions. A *floor* runs too
// (bench/baseline/floor.html: a canvas of Silk's size stroking 300 lines per frame, nothing
// else): no rAF-driven canvas page can cost less main-thread time here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDir, launchChromium, mainThreadTime, mainThreadEvents, traceDuring, arg, PHONE } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(arg('seconds', 5));
const RATE = Number(arg('rate', 4));
const DIST = path.resolve(root, arg('dist', 'dist'));
const RUNS = Number(arg('runs', 3)); // each number is the median over the runs
const COMPARE = arg('compare', null) && path.resolve(root, arg('compare', null));
const ONLY = arg('only', null)?.split(',');

const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const PROFILES = [
  { name: 'phone 390x844 DPR 3', context: PHONE, original: '248 / 20 / 0.7 / 4.1' },
  { name: 'desktop 1280x800', context: DESKTOP, original: '— / 7.7 / — / 4.7' },
  { name: 'phone, dashboard scrolled into view', context: PHONE, scroll: '#dashboard' },
  { name: 'phone, ?embed=1', context: PHONE, query: '?embed=1' },
  { name: 'phone, 120 Hz display (timer-driven rAF)', context: PHONE, hz120: true },
  { name: 'phone, ?hz=120 (simulated display on 60 Hz rAF)', context: PHONE, query: '?hz=120' },
];

// Headless Chromium runs rAF at 60 Hz. For a 120 Hz display, requestAnimationFrame is replaced
// before the page loads by one that fires every 1/120 s from a timer, with performance.now()
// timestamps: the page's loop measures 120 Hz and does a physics step every other frame, as on a
// 120 Hz phone. (The compositor still presents at 60 Hz, so per frame this slightly under-counts
// the commit; the script work per frame is the real one.)
const RAF_120 = () => {
  const period = 1000 / 120;
  const callbacks = new Map();
  let id = 0;
  let timer = 0;
  let next = performance.now() + period;
  function run() {
    timer = 0;
    const now = performance.now();
    next = Math.max(next + period, now + 1);
    const list = [...callbacks.values()];
    callbacks.clear();
    for (const cb of list) cb(now);
  }
  window.requestAnimationFrame = (cb) => {
    callbacks.set(++id, cb);
    if (!timer) timer = setTimeout(run, Math.max(0, next - performance.now()));
    return id;
  };
  window.cancelAnimationFrame = (i) => { callbacks.delete(i); };
};

function percentile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.round(q * (s.length - 1)))] : NaN;
}

async function metric(cdp, name) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === name)?.value ?? NaN;
}

// How to read a page's loop: Silk exposes window.silkApp, the baseline window.baseline.
const SILK = {
  ready: () => document.documentElement.dataset.silk === 'ready',
  read: () => ({ frames: window.silkApp.stats().framesRendered, callbacks: window.silkApp.stats().rafCallbacks }),
  // (a promise when the page runs in its Worker, the default: then they are the Worker loop's)
  samples: async (n) => (await window.silkApp.rafSamples()).slice(-n),
};
const BASELINE = {
  ready: () => document.documentElement.dataset.baseline === 'ready',
  read: () => ({ frames: window.baseline.count, callbacks: window.baseline.count }),
  samples: (n) => window.baseline.rafMs.slice(-n),
};

async function run(browser, url, profile, probe) {
  const context = await browser.newContext(profile.context);
  const page = await context.newPage();
  if (profile.hz120) await page.addInitScript(RAF_120);
  await page.goto(url);
  await page.waitForFunction(probe.ready, null, { timeout: 30000 });
  if (profile.scroll) await page.locator(profile.scroll).scrollIntoViewIfNeeded();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.waitForTimeout(1500); // the spider lands; caches and JIT warm up under throttling

  const before = { task: await metric(cdp, 'TaskDuration'), loop: await page.evaluate(probe.read) };
  const events = await traceDuring(cdp, () => page.waitForTimeout(SECONDS * 1000), ['toplevel', 'devtools.timeline']);
  const after = { task: await metric(cdp, 'TaskDuration'), loop: await page.evaluate(probe.read) };
  const cpu = mainThreadTime(events).cpuMs;
  const rafCpu = mainThreadEvents(events, 'FireAnimationFrame').map((e) => e.cpu);
  const samples = await page.evaluate(probe.samples, after.loop.callbacks - before.loop.callbacks);
  const frames = after.loop.frames - before.loop.frames;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  return {
    frames: (frames * 5) / SECONDS, // per 5 s
    mainMs: ((after.task - before.task) * 1000) / frames,
    rafMedian: percentile(samples, 0.5),
    rafP95: percentile(samples, 0.95),
    cpuMs: cpu / frames,
    rafCpuMedian: percentile(rafCpu, 0.5),
    rafCpuP95: percentile(rafCpu, 0.95),
  };
}

const silk = await serveDir(DIST);
const other = COMPARE ? await serveDir(COMPARE) : null;
const repo = await serveDir(root); // the baseline page and the JS reference it imports
const browser = await launchChromium();

const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '—');
const load = (await import('node:os')).loadavg()[0];
console.log(`Silk page benchmark: headless Chromium, CPU throttling ${RATE}x, median of ${RUNS} runs of ${SECONDS} s, default scene (web + spider), fixed step 1/60 s; load average ${load.toFixed(1)} on ${(await import('node:os')).cpus().length} cores\n`);
console.log('| profile | page | frames / 5 s | main thread ms/frame | rAF median ms | rAF p95 ms | CPU: main thread ms/frame | CPU: rAF median ms | CPU: rAF p95 ms |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const row = (name, page, r) => console.log(`| ${name} | ${page} | ${Math.round(r.frames)} | ${f(r.mainMs)} | ${f(r.rafMedian)} | ${f(r.rafP95)} | ${f(r.cpuMs)} | ${f(r.rafCpuMedian)} | ${f(r.rafCpuP95)} |`);
// Runs alternate between the baseline and Silk, and each figure is the median over RUNS, so a
// burst of load from another process hits both pages alike.
async function medianOf(runs) {
  const out = {};
  for (const key of Object.keys(runs[0])) out[key] = percentile(runs.map((r) => r[key]), 0.5);
  return out;
}
try {
  for (const p of PROFILES) {
    if (ONLY && !ONLY.some((o) => p.name.includes(o))) continue;
    const baseRuns = [];
    const floorRuns = [];
    const silkRuns = [];
    const otherRuns = [];
    for (let k = 0; k < RUNS; k++) {
      if (p.original) {
        baseRuns.push(await run(browser, `${repo.origin}/bench/baseline/index.html`, p, BASELINE));
        floorRuns.push(await run(browser, `${repo.origin}/bench/baseline/floor.html`, p, BASELINE));
      }
      if (other) otherRuns.push(await run(browser, `${other.origin}/${p.query ?? ''}`, p, SILK));
      silkRuns.push(await run(browser, `${silk.origin}/${p.query ?? ''}`, p, SILK));
    }
    let base = null;
    if (p.original) {
      base = await medianOf(baseRuns);
      console.log(`| ${p.name} | original verlet-js page, as first measured | ${p.original.split(' / ').join(' | ')} |`);
      row(p.name, 'baseline (original re-created), now', base);
      row(p.name, 'floor (300 lines on a canvas, nothing else), now', await medianOf(floorRuns));
    }
    if (other) row(p.name, `Silk, ${path.relative(root, COMPARE) || COMPARE}`, await medianOf(otherRuns));
    const r = await medianOf(silkRuns);
    row(p.name, '**Silk**, now', r);
    if (base) console.log(`| ${p.name} | Silk / baseline | ${f(r.frames / base.frames)} | ${f(r.mainMs / base.mainMs)} | ${f(r.rafMedian / base.rafMedian)} | ${f(r.rafP95 / base.rafP95)} | ${f(r.cpuMs / base.cpuMs)} | ${f(r.rafCpuMedian / base.rafCpuMedian)} | ${f(r.rafCpuP95 / base.rafCpuP95)} |`);
  }
  console.log(`\nload average at the end: ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
  console.log('\nTargets (first page): >= 295 frames in 5 s; main thread at most half the original (<= 10 ms phone, <= 3.85 ms desktop); rAF p95 <= 2 ms.');
  console.log('Targets (phone page): rAF p95 <= 2.0 ms; main thread <= 2.5 ms per frame with the dashboard visible; the same at 120 Hz (600 frames / 5 s).');
} finally {
  await browser.close();
  silk.server.close();
  other?.server.close();
  repo.server.close();
}
