// lib.mjs -- what every benchmark under bench/ shares: paths, statistics, a text table, the
// JSON summary in build/bench/, and the state hash that proves two runs did the same work.
//
// A benchmark is a file bench/<name>.mjs that scripts/bench.sh runs with node from the repo
// root. It prints a readable table, writes build/bench/<name>.json with writeSummary(), and
// exits 0. It does not assert: when it cannot run (a missing browser, say) it prints why and
// writes a summary with { skipped: reason }.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from '../scripts/serve.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const buildDir = path.join(repoRoot, 'build');
export const benchOutDir = path.join(buildDir, 'bench');

/** An integer from the environment (for shorter or longer runs), or the fallback. */
export function envInt(name, fallback) {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be a positive integer, got '${v}'`);
  return n;
}

/** Nanoseconds from a monotonic clock, as a Number (exact below 2^53 ns, ~104 days). */
export function nowNs() {
  return Number(process.hrtime.bigint());
}

/** Quantile q of the values (rank q*(n-1), linear between neighbours), as in silk.h. */
export function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  const r = q * (s.length - 1);
  const lo = Math.floor(r);
  const hi = Math.min(lo + 1, s.length - 1);
  return s[lo] + (s[hi] - s[lo]) * (r - lo);
}

/**
 * median, min, max, q1, q3 and the spread as fractions of the median:
 * iqr = (q3 - q1) / median, range = (max - min) / median.
 */
export function summarize(values) {
  const median = quantile(values, 0.5);
  const q1 = quantile(values, 0.25);
  const q3 = quantile(values, 0.75);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { n: values.length, median, min, max, q1, q3, iqr: (q3 - q1) / median, range: (max - min) / median };
}

/** FNV-1a 64 over the bytes of typed arrays, as 16 hex digits (bench_native.c does the same). */
export function stateHash(...arrays) {
  // h = hi * 2^32 + lo; h * (2^40 + 0x1b3) mod 2^64 in 32-bit limbs (exact in doubles).
  let lo = 0x84222325;
  let hi = 0xcbf29ce4;
  for (const a of arrays) {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      lo = (lo ^ bytes[i]) >>> 0;
      const loMul = lo * 0x1b3;
      const carry = Math.floor(loMul / 0x100000000);
      hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
      lo = loMul >>> 0;
    }
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** Formats rows (arrays of cells) as a left/right aligned text table. */
export function table(header, rows, align) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const fmt = (r) =>
    r.map((c, i) => ((align?.[i] ?? 'l') === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [fmt(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(fmt)].join('\n');
}

/** n with `digits` significant-looking decimals. */
export function fix(n, digits = 2) {
  return Number.isFinite(n) ? n.toFixed(digits) : String(n);
}

/** Writes build/bench/<name>.json (pretty) and returns its path. */
export function writeSummary(name, summary) {
  mkdirSync(benchOutDir, { recursive: true });
  const file = path.join(benchOutDir, `${name}.json`);
  const doc = { benchmark: name, date: new Date().toISOString(), node: process.version, ...summary };
  writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
  return file;
}

/**
 * Main-thread time from a Chromium trace (CDP Tracing, category 'toplevel' at least): the
 * renderer main thread (CrRendererMain) with the most task time, summed over its top-level tasks.
 * Returns { wallMs, cpuMs } (cpu = thread time: without preemption by other processes). Unlike
 * Performance.getMetrics' TaskDuration, it leaves out worker threads.
 */
export function mainThreadTime(events) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const threads = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) !== 'CrRendererMain' || e.ph !== 'X' || !(e.dur >= 0)) continue;
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue;
    if (!threads.has(key)) threads.set(key, []);
    threads.get(key).push(e);
  }
  let best = { wallMs: 0, cpuMs: 0 };
  for (const list of threads.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let wall = 0;
    let cpu = 0;
    let end = -Infinity;
    for (const e of list) {
      if (e.ts < end) continue; // nested inside the previous top-level task
      end = e.ts + e.dur;
      wall += e.dur;
      cpu += e.tdur ?? 0;
    }
    if (wall / 1000 > best.wallMs) best = { wallMs: wall / 1000, cpuMs: cpu / 1000 };
  }
  return best;
}

/** Records a trace of `categories` over fn() in a CDP session; returns the trace events. */
export async function traceDuring(cdp, fn, categories = ['toplevel']) {
  const events = [];
  const onData = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', onData);
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
  try {
    await fn();
  } finally {
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', onData);
  }
  return events;
}

/**
 * The durations (ms: { wall, cpu }) of every `name` event (e.g. 'FireAnimationFrame', category
 * devtools.timeline) on the renderer main thread with the most such events.
 */
export function mainThreadEvents(events, name) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== name || e.ph !== 'X' || names.get(key) !== 'CrRendererMain') continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push({ wall: e.dur / 1000, cpu: (e.tdur ?? 0) / 1000 });
  }
  let best = [];
  for (const list of byThread.values()) if (list.length > best.length) best = list;
  return best;
}

/** `--name value` from the command line, or `fallback` when the flag is absent. */
export function arg(name, fallback) {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
}

/** The phone every browser benchmark emulates (playwright context options); CPU throttling
 *  is set per benchmark (--rate). */
export const PHONE = Object.freeze({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });

/** The benchmarks' drag: press at (cx, cy), circle an ellipse 25 x 15 px around it, one mouse
 *  move per 16 ms for `seconds`, release. The same path in every benchmark, so their drag
 *  figures compare. */
export async function circleDrag(page, cx, cy, seconds) {
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const end = Date.now() + seconds * 1000;
  for (let k = 0; Date.now() < end; k++) {
    const a = (k / 30) * 2 * Math.PI;
    await page.mouse.move(cx + 25 * Math.cos(a), cy + 15 * Math.sin(a));
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
}

/** scripts/serve.mjs on 127.0.0.1, a free port, serving `dir` -> { server, origin }. */
export async function serveDir(dir) {
  const server = createServer(dir);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/** Headless Chromium as every browser bench starts it: Debian's (or $SILK_CHROMIUM), no GPU,
 *  nothing in the background that would spend the CPU being measured. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.SILK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh folder build/bench/<name>: a copy of `dist` and the floor page (bench/baseline). */
export function benchSite(name, dist) {
  const site = path.join(benchOutDir, name);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(dist, site, { recursive: true });
  for (const f of ['floor.html', 'floor.mjs']) cpSync(path.join(repoRoot, 'bench', 'baseline', f), path.join(site, f));
  return site;
}

/** A fresh phone-profile page (PHONE) that collects its page errors and console errors. */
export async function openPhonePage(browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { context, page, errors };
}
