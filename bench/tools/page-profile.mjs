#!/usr/bin/env node
// page-profile.mjs -- where the page's main-thread time goes, per frame, on the throttled phone
// profile of bench/page.mjs (390x844 DPR 3, touch, CPU 4x; default scene, dashboard on).
//
//   node bench/tools/page-profile.mjs [--seconds 5] [--rate 4] [--dist dist] [--query '?hz=120']
//                                     [--scroll '#dashboard'] [--desktop] [--top 25] [--json out.json]
//   node bench/tools/page-profile.mjs --page floor      bench/baseline/floor.html instead of Silk
//   node bench/tools/page-profile.mjs --page baseline   bench/baseline/index.html (the original re-created)
//
// Two recordings run over the same window, in one CDP session:
//  - a trace (Tracing: toplevel, devtools.timeline): every task the renderer's main thread ran,
//    broken into the self time of its timeline events (rAF callback, idle callback, style,
//    layout, paint, commit, GC, ...). This is the whole main-thread cost, JS or not.
//  - a sampled JS CPU profile (Profiler, 100 us): inside script, which functions ran. Samples are
//    grouped by what they are -- the wasm engine, canvas drawing calls (the time the browser
//    spends inside stroke()/fill()/lineTo()...), canvas state setters, DOM text, and the JS of
//    each page module -- and scaled to ms per frame.
// Both print as ms per rendered frame (silkApp.stats().framesRendered). The profiler adds its own
// overhead (a few %), so this tells shares, not the figures of bench/page.mjs. Asserts nothing.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDir, launchChromium } from '../lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SECONDS = Number(arg('seconds', 5));
const RATE = Number(arg('rate', 4));
const DIST = path.resolve(root, arg('dist', 'dist'));
const QUERY = arg('query', '');
const SCROLL = arg('scroll', null);
const TOP = Number(arg('top', 25));
const JSON_OUT = arg('json', null);
const DESKTOP = process.argv.includes('--desktop');
const PAGE = arg('page', 'silk'); // silk | floor | baseline
if (!['silk', 'floor', 'baseline'].includes(PAGE)) throw new RangeError(`--page must be silk, floor or baseline, got '${PAGE}'`);

const CONTEXT = DESKTOP
  ? { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }
  : { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

// ---- the JS profile ------------------------------------------------------------------------------

const CANVAS_DRAW = new Set(['stroke', 'fill', 'fillRect', 'fillText', 'clearRect', 'strokeRect', 'strokeText', 'drawImage', 'putImageData']);
const CANVAS_PATH = new Set(['moveTo', 'lineTo', 'arc', 'rect', 'beginPath', 'closePath', 'bezierCurveTo', 'quadraticCurveTo', 'ellipse']);
const CANVAS_STATE = /^(set |get )?(lineWidth|strokeStyle|fillStyle|lineCap|lineJoin|font|textAlign|textBaseline|globalAlpha)$|^(setTransform|save|restore|measureText)$/;
const DOM_TEXT = /^(set |get )?(nodeValue|textContent|hidden|className|innerText|data)$|^(toggle|replaceChildren|append)$/;

/** The category of a profile node's self time; `owner` is the nearest ancestor with a URL. */
function category(node, owner) {
  const { functionName: fn, url } = node.callFrame;
  if (fn === '(garbage collector)') return 'GC (V8)';
  if (fn === '(program)') return '(program: not JS -- see the trace)';
  if (fn === '(idle)' || fn === '(root)') return null;
  if (url.endsWith('.wasm') || url.startsWith('wasm://') || /^\$|wasm-function/.test(fn)) return 'physics (wasm engine)';
  if (!url) {
    if (CANVAS_DRAW.has(fn)) return `canvas ${fn}() [${owner}]`;
    if (CANVAS_PATH.has(fn)) return `canvas path calls [${owner}]`;
    if (CANVAS_STATE.test(fn)) return `canvas state [${owner}]`;
    if (DOM_TEXT.test(fn)) return `DOM [${owner}]`;
    return `native ${fn || '(anonymous)'} [${owner}]`;
  }
  return `JS ${path.basename(url)}`;
}

function jsBreakdown(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const owner = (id) => {
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) {
      const u = byId.get(p).callFrame.url;
      if (u) return path.basename(u);
    }
    return '?';
  };
  const cats = new Map();
  const fns = new Map();
  const { samples, timeDeltas } = profile;
  for (let k = 0; k < samples.length; k++) {
    // a sample's weight is the time until the next one (the usual DevTools convention)
    const dt = (k + 1 < timeDeltas.length ? timeDeltas[k + 1] : 0) / 1000; // ms
    const node = byId.get(samples[k]);
    const c = category(node, owner(node.id));
    if (c === null) continue;
    cats.set(c, (cats.get(c) ?? 0) + dt);
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : `[native, from ${owner(node.id)}]`}`;
    fns.set(key, (fns.get(key) ?? 0) + dt);
  }
  return { cats, fns };
}

// ---- the trace ---------------------------------------------------------------------------------

/** Self time per event name on the renderer main thread, and the total of its top-level tasks. */
function traceBreakdown(events) {
  const names = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const threads = new Map(); // key -> complete events
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) !== 'CrRendererMain' || e.ph !== 'X' || !(e.dur >= 0)) continue;
    if (!threads.has(key)) threads.set(key, []);
    threads.get(key).push(e);
  }
  // the page's renderer is the busiest one
  let main = null;
  let busiest = -1;
  for (const list of threads.values()) {
    const busy = list.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask').reduce((s, e) => s + e.dur, 0);
    if (busy > busiest) { busiest = busy; main = list; }
  }
  const self = new Map();
  const selfCpu = new Map();
  const count = new Map();
  let tasks = 0;
  let tasksCpu = 0;
  if (!main) return { self, selfCpu, count, tasks, tasksCpu };
  main.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const entries = [];
  for (const e of main) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const top = stack[stack.length - 1];
    const isTask = e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask';
    if (!top && !isTask) continue; // outside any task
    const cpu = e.tdur ?? 0; // thread (CPU) time: no preemption by other processes, no throttling sleeps
    if (!top) { tasks += e.dur; tasksCpu += cpu; }
    if (top) { top.self -= e.dur; top.cpu -= cpu; } // a child's time is not its parent's self time
    const entry = { name: e.name, end: e.ts + e.dur, self: e.dur, cpu };
    stack.push(entry);
    entries.push(entry);
  }
  for (const { name, self: t, cpu } of entries) {
    self.set(name, (self.get(name) ?? 0) + t);
    selfCpu.set(name, (selfCpu.get(name) ?? 0) + cpu);
    count.set(name, (count.get(name) ?? 0) + 1);
  }
  for (const m of [self, selfCpu]) for (const [k, v] of m) m.set(k, v / 1000); // us -> ms
  return { self, selfCpu, count, tasks: tasks / 1000, tasksCpu: tasksCpu / 1000 };
}

// ---- the run -----------------------------------------------------------------------------------

const { server, origin } = await serveDir(PAGE === 'silk' ? DIST : root);
const url = PAGE === 'silk' ? `${origin}/${QUERY}` : `${origin}/bench/baseline/${PAGE === 'floor' ? 'floor.html' : 'index.html'}`;
const framesNow = () => (window.silkApp ? window.silkApp.stats().framesRendered : window.baseline.count);
const browser = await launchChromium();
try {
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => ['silk', 'baseline'].some((k) => document.documentElement.dataset[k] === 'ready'), null, { timeout: 30000 });
  if (SCROLL) await page.locator(SCROLL).scrollIntoViewIfNeeded();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.waitForTimeout(1500);

  const traceEvents = [];
  cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
  const traceDone = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] },
  });
  await cdp.send('Profiler.start');
  const f0 = await page.evaluate(framesNow);
  // The app's own timers (EMAs of performance.now spans inside the rAF callback), sampled 4x a second.
  const split = { physicsMs: 0, renderMs: 0, dashboardMs: 0, n: 0 };
  const rafBefore = PAGE === 'silk' ? await page.evaluate(() => window.silkApp.stats().rafCallbacks) : 0;
  for (let t = 0; t < SECONDS * 4; t++) {
    await page.waitForTimeout(250);
    if (PAGE !== 'silk') continue;
    const s = await page.evaluate(() => { const s = window.silkApp.stats(); return { physicsMs: s.physicsMs, renderMs: s.renderMs, dashboardMs: s.dashboardMs }; });
    for (const k of ['physicsMs', 'renderMs', 'dashboardMs']) split[k] += s[k];
    split.n++;
  }
  const f1 = await page.evaluate(framesNow);
  const raf = PAGE === 'silk'
    ? await page.evaluate(async (n) => (await window.silkApp.rafSamples()).slice(-n), (await page.evaluate(() => window.silkApp.stats().rafCallbacks)) - rafBefore)
    : [];
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traceDone;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();

  const frames = f1 - f0;
  const per = (ms) => ms / frames;
  const f = (v) => v.toFixed(3);
  const { self, selfCpu, count, tasks, tasksCpu } = traceBreakdown(traceEvents);
  const { cats, fns } = jsBreakdown(profile);
  const load = os.loadavg()[0];
  console.log(`page profile: ${PAGE}, ${DESKTOP ? 'desktop 1280x800' : 'phone 390x844 DPR 3'}${QUERY ? ` ${QUERY}` : ''}${SCROLL ? `, scrolled to ${SCROLL}` : ''}, CPU ${RATE}x, ${SECONDS} s, ${frames} frames; load average ${load.toFixed(1)} on ${os.cpus().length} cores\n`);
  console.log(`main thread (trace, all top-level tasks): ${f(per(tasks))} ms wall, ${f(per(tasksCpu))} ms CPU per frame\n`);
  if (split.n) {
    const q = (p) => { const v = [...raf].sort((a, b) => a - b); return v[Math.min(v.length - 1, Math.round(p * (v.length - 1)))]; };
    const mean = raf.reduce((a, b) => a + b, 0) / raf.length;
    console.log(`rAF callback (loop.mjs's samples, ${raf.length}): mean ${f(mean)}, median ${f(q(0.5))}, p95 ${f(q(0.95))} ms; the app's timers inside it (mean of EMAs): physics ${f(split.physicsMs / split.n)}, diagnostics + render ${f(split.renderMs / split.n)}, dashboard.frame ${f(split.dashboardMs / split.n)} ms\n`);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  console.log('| trace event (self time) | wall ms per frame | CPU ms per frame | events per frame |\n| --- | ---: | ---: | ---: |');
  for (const [k, v] of sorted(selfCpu).filter(([, v]) => per(v) >= 0.002)) console.log(`| ${k} | ${f(per(self.get(k)))} | ${f(per(v))} | ${(count.get(k) / frames).toFixed(2)} |`);
  const jsTotal = [...cats.values()].reduce((s, v) => s + v, 0);
  console.log(`\nJS profile (sampled, 100 us), ${f(per(jsTotal))} ms per frame in all:\n`);
  console.log('| where | ms per frame |\n| --- | ---: |');
  for (const [k, v] of sorted(cats).filter(([, v]) => per(v) >= 0.005)) console.log(`| ${k} | ${f(per(v))} |`);
  console.log(`\ntop ${TOP} functions by self time:\n`);
  console.log('| function | ms per frame |\n| --- | ---: |');
  for (const [k, v] of sorted(fns).slice(0, TOP)) console.log(`| ${k} | ${f(per(v))} |`);
  if (JSON_OUT) {
    const obj = (m) => Object.fromEntries(sorted(m).map(([k, v]) => [k, per(v)]));
    writeFileSync(JSON_OUT, JSON.stringify({ frames, load, mainMsPerFrame: per(tasks), mainCpuMsPerFrame: per(tasksCpu), trace: obj(self), traceCpu: obj(selfCpu), js: obj(cats), functions: obj(fns) }, null, 2) + '\n');
  }
} finally {
  await browser.close();
  server.close();
}
