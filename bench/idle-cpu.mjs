#!/usr/bin/env node
// bench/idle-cpu.mjs -- what a demo costs the reader's machine once its scene has settled: CPU
// of ALL of Chromium's processes (browser, renderer, GPU, utility: the whole process tree of the
// launched browser), summed from /proc/<pid>/stat (utime + stime) before and after a window of
// --seconds (10), as % of one core. Desktop profile (1280 x 800, DPR 1), headless Debian
// Chromium as every browser bench starts it (bench/lib.mjs launchChromium), one fresh browser
// per figure, so nothing of the previous page is counted.
//
// For each scene, ?embed=1&scene=<name> (its Worker, the default) twice:
//   rest on   (the embed's default: kit/rest.mjs) measured once the page says it is at rest
//             (stats().resting), waiting up to --settle s (180) of wall time; a scene that never
//             rests (the spider, the timing labs) or did not within the wait is measured running
//             after --warm s (5), and the table says so
//   rest=0    the same scene with rest off: what every embed cost before rest (the "before")
// beside a blank page (an empty document: the browser's own floor) and the 300-line canvas
// floor (bench/baseline/floor.html: any rAF canvas animation). The machine's load average is
// printed with each row: the machine may be shared, and a busy neighbour inflates every figure.
// Prints a table, writes build/bench/idle-cpu.json; asserts nothing.
//
//   node bench/idle-cpu.mjs [--seconds 10] [--settle 180] [--warm 5] [--scenes cloth,tree]
//   [--element]   (also <silk-demo scene=...> on a host page, Worker default)   (build dist/ first)
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, serveDir, benchSite, writeSummary, arg, table, fix } from './lib.mjs';

const SECONDS = Number(arg('seconds', 10));
const SETTLE = Number(arg('settle', 180));
const WARM = Number(arg('warm', 5));
const ELEMENT = process.argv.includes('--element');
const SCENES = String(arg('scenes', 'web,cloth,shapes,tree,ball-pit,chain-cloth,rope,coupling,spiral')).split(',');
const DIST = path.join(repoRoot, 'dist');
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const TICK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.log('bench/idle-cpu.mjs: dist/ has no build (run scripts/build.sh)');
  writeSummary('idle-cpu', { skipped: 'no dist/' });
  process.exit(0);
}
if (!existsSync('/proc/self/stat')) {
  console.log('bench/idle-cpu.mjs: needs /proc (Linux)');
  writeSummary('idle-cpu', { skipped: 'no /proc' });
  process.exit(0);
}

const site = benchSite('idle-cpu-site', DIST);
writeFileSync(path.join(site, 'blank.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title><link rel="icon" href="data:,"></head><body></body></html>\n');
const HOST = (scene, rest) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>element</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="./silk-demo.css"><script type="module" src="./silk-demo.mjs"></script>
<style>body { margin: 12px; } silk-demo { width: min(735px, calc(100vw - 24px)); }</style></head>
<body><silk-demo scene="${scene}"${rest ? '' : ' rest="off"'}></silk-demo></body></html>\n`;
if (ELEMENT) {
  for (const scene of SCENES) {
    writeFileSync(path.join(site, `element-${scene}.html`), HOST(scene, true));
    writeFileSync(path.join(site, `element-${scene}-off.html`), HOST(scene, false));
  }
}
const { server, origin } = await serveDir(site);

// ---- the process tree ----------------------------------------------------------------------

/** { pid -> { ppid, ticks (utime + stime), cmd } } for every process we may read. */
function processes() {
  const out = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // f[0] = state (field 3)
      out.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* gone meanwhile */ }
  }
  return out;
}

/** The pids under (and including) `root`. */
function tree(all, root) {
  const kids = new Map();
  for (const [pid, p] of all) {
    if (!kids.has(p.ppid)) kids.set(p.ppid, []);
    kids.get(p.ppid).push(pid);
  }
  const pids = [];
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop();
    pids.push(pid);
    for (const k of kids.get(pid) ?? []) todo.push(k);
  }
  return pids;
}

/** The pid of the launched browser: the topmost process whose command line has `marker`. */
function browserPid(marker) {
  const all = processes();
  const marked = [];
  for (const pid of all.keys()) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) marked.push(pid);
    } catch { /* gone */ }
  }
  const top = marked.filter((pid) => !marked.includes(all.get(pid).ppid));
  if (top.length !== 1) throw new Error(`found ${top.length} browsers marked ${marker}`);
  return top[0];
}

/** CPU ticks of the tree now: { pid -> ticks }. */
function treeTicks(root) {
  const all = processes();
  return new Map(tree(all, root).map((pid) => [pid, all.get(pid)?.ticks ?? 0]));
}

/** % of one core the tree spent between two treeTicks() (a process born in between counts
 *  from 0; one that died in between is lost: none should, the page is idle). */
function percent(a, b, seconds) {
  let ticks = 0;
  for (const [pid, t] of b) ticks += t - (a.get(pid) ?? 0);
  return (100 * ticks) / TICK / seconds;
}

/** The same, split by Chromium's process type (--type=renderer, gpu-process, utility ...;
 *  none: the browser process). */
function perType(a, b, seconds) {
  const out = {};
  for (const [pid, t] of b) {
    let type = 'browser';
    try { type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser'; } catch { /* gone */ }
    out[type] = (out[type] ?? 0) + (100 * (t - (a.get(pid) ?? 0))) / TICK / seconds;
  }
  return out;
}

const loadavg = () => os.loadavg()[0];

// ---- one figure -------------------------------------------------------------------------------

async function measure({ url, waitRest }) {
  const { chromium } = await import('playwright-core');
  const marker = `--silk-idle-cpu=${process.pid}-${Date.now()}`;
  const browser = await chromium.launch({
    executablePath: process.env.SILK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', marker],
  });
  try {
    const root = browserPid(marker);
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}${url}`);
    const silk = url.includes('element-') ? 'element' : url.includes('blank') || url.includes('floor') ? null : 'page';
    const stats = silk === 'element'
      ? () => page.evaluate(() => document.querySelector('silk-demo').stats())
      : () => page.evaluate(() => window.silkApp.stats());
    if (silk === 'element') await page.waitForFunction(() => document.querySelector('silk-demo')?.stats?.().framesRendered > 0, null, { timeout: 60000, polling: 250 });
    if (silk === 'page') await page.waitForFunction(() => window.silkApp?.stats().framesRendered > 0, null, { timeout: 60000, polling: 250 });
    const t0 = Date.now();
    let rested = null;
    if (silk && waitRest) {
      rested = await page.waitForFunction(
        (sel) => (sel ? document.querySelector(sel).stats() : window.silkApp.stats()).resting === true,
        silk === 'element' ? 'silk-demo' : null, { timeout: SETTLE * 1000, polling: 500 },
      ).then(() => (Date.now() - t0) / 1000, () => null);
    }
    if (!rested) await page.waitForTimeout(WARM * 1000);
    else await page.waitForTimeout(500); // the last stats posted, the last frame composited
    const s0 = silk ? await stats() : null;
    const load0 = loadavg();
    const a = treeTicks(root);
    const w0 = process.hrtime.bigint();
    await new Promise((r) => setTimeout(r, SECONDS * 1000)); // no CDP traffic in the window
    const b = treeTicks(root);
    const wall = Number(process.hrtime.bigint() - w0) / 1e9;
    const load1 = loadavg();
    const s1 = silk ? await stats() : null;
    await context.close();
    return {
      cpu: percent(a, b, wall), byType: perType(a, b, wall), wall, processes: b.size, restedAfter: rested, load: (load0 + load1) / 2,
      resting: s1?.resting ?? null, stepsPerSecond: s1 ? (s1.physicsSteps - s0.physicsSteps) / wall : null,
      framesPerSecond: s1 ? (s1.framesRendered - s0.framesRendered) / wall : null, errors,
    };
  } finally {
    await browser.close();
  }
}

// ---- the runs ---------------------------------------------------------------------------------

const rows = [];
const results = [];
async function figure(name, opts) {
  process.stdout.write(`  ${name} ...`);
  const r = await measure(opts);
  results.push({ name, ...opts, ...r });
  const state = opts.waitRest === undefined ? '' : r.resting ? `at rest after ${fix(r.restedAfter, 0)} s` : opts.waitRest ? 'never rested: running' : 'rest off: running';
  rows.push([name, state, fix(r.cpu, 1), r.stepsPerSecond === null ? '' : fix(r.stepsPerSecond, 0), r.framesPerSecond === null ? '' : fix(r.framesPerSecond, 0), String(r.processes), fix(r.load, 1)]);
  const split = Object.entries(r.byType).filter(([, v]) => v >= 0.05).map(([k, v]) => `${k} ${fix(v, 1)}`).join(', ');
  process.stdout.write(` ${fix(r.cpu, 1)} % [${split}] (load ${fix(r.load, 1)})${r.errors.length ? ` errors: ${r.errors.join('; ')}` : ''}\n`);
}

console.log(`bench/idle-cpu.mjs: all Chromium processes, % of one core over ${SECONDS} s, desktop 1280x800; ${os.cpus().length} cores, load ${os.loadavg().map((l) => fix(l, 1)).join(' ')}`);
await figure('blank page', { url: '/blank.html' });
await figure('floor: 300 lines on a canvas', { url: '/floor.html' });
for (const scene of SCENES) {
  await figure(`?embed=1&scene=${scene}`, { url: `/?embed=1&scene=${scene}`, waitRest: true });
  await figure(`?embed=1&scene=${scene}&rest=0`, { url: `/?embed=1&scene=${scene}&rest=0`, waitRest: false });
  if (ELEMENT) {
    await figure(`<silk-demo scene=${scene}>`, { url: `/element-${scene}.html`, waitRest: true });
    await figure(`<silk-demo scene=${scene} rest=off>`, { url: `/element-${scene}-off.html`, waitRest: false });
  }
}
await figure('blank page, again at the end', { url: '/blank.html' }); // the browser's floor drifts with the machine's load
server.close();

console.log();
console.log(table(['page', 'state', 'CPU % of a core', 'steps/s', 'frames/s', 'processes', 'load avg'], rows, 'llrrrrr'));
writeSummary('idle-cpu', { seconds: SECONDS, cores: os.cpus().length, clockTicks: TICK, results });
