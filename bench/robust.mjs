#!/usr/bin/env node
// bench/robust.mjs -- Silk's robust solver vs its compat solver at equal stretch error,
// native and wasm side by side. Prints; asserts nothing (speed is measured, never tested).
//
//   node bench/robust.mjs            (after scripts/build.sh: build/wasm/silk.mjs and
//                                     build/native/silk-lab)
//   SILK_MODULE=path/silk.mjs SILK_NATIVE_LAB=path/silk-lab node bench/robust.mjs
//
// The scenes and settings are the ones in lab/bench_cli.c (the native half, run here as
// `silk-lab bench-robust --json`): a 100 x 100 cloth (robust links rigid), the web page
// scene (stretch of the spider's own links) and the same without crawling (spider-still: no
// grips, so the stretch is the solver's error, not the grips' pull), 240 fixed steps of 1/60 s each, stretch
// |len - rest| / rest over the last 120 steps (largest value; mean of the per-step means),
// wall time of the steps only, fastest of three runs. The crawling spider is a different
// random walk for every seed, and its largest stretch one extreme event of it (compat
// frame(16): 3.07 on seed 1, its lowest of seeds 1-12, up to 5.46), so "spider" runs seeds
// 1-8 and reports medians over seeds of the largest and mean stretch, and the mean time.
// For each compat setting the table then names the cheapest robust setting whose largest
// and mean stretch are both no higher.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulePath = process.env.SILK_MODULE ?? path.join(root, 'build', 'wasm', 'silk.mjs');
const nativeLab = process.env.SILK_NATIVE_LAB ?? path.join(root, 'build', 'native', 'silk-lab');

const STEPS = 240;
const WINDOW = 120;
const SEEDS = 8; // the crawling spider's (lab/bench_cli.c: BENCH_SEEDS)
const COMPAT = [16, 32, 64];
const ROBUST = [1, 2, 3, 4, 6, 8, 16, 32];

const { loadSilk } = await import(pathToFileURL(modulePath).href);
const silk = await loadSilk();

function build(scene, solver, setting, seed) {
  const cloth = scene === 'cloth100';
  const w = silk.createWorld({
    seed, width: cloth ? 1000 : 800, height: cloth ? 1000 : 500, solver,
    step: solver === 'compat' ? setting : 16, substeps: solver === 'robust' ? setting : 8,
  });
  if (cloth) {
    const id = w.cloth({ x: 500, y: 300, width: 400, height: 400, segments: 100, pinMod: 6, stiffness: 0.9 });
    const { begin, count } = w.compositeConstraints(id);
    if (solver === 'robust') for (let j = 0; j < count; j++) w.setCompliance(id, j, 0);
    return { w, range: () => [begin, begin + count] };
  }
  w.buildScene('web');
  w.autoCrawl = scene === 'spider';
  const spider = w.spiderInfo().spiderComposite;
  return { w, range: () => { const { begin, count } = w.compositeConstraints(spider); return [begin, begin + count]; } };
}

function stretch(w, begin, end) {
  const kind = w.constraintKinds, a = w.constraintA, b = w.constraintB, rest = w.constraintRest, p = w.positions;
  let max = 0, sum = 0, n = 0;
  for (let j = begin; j < end; j++) {
    if (kind[j] !== 1 || rest[j] <= 0) continue;
    const s = Math.abs(Math.hypot(p[2 * a[j]] - p[2 * b[j]], p[2 * a[j] + 1] - p[2 * b[j] + 1]) - rest[j]) / rest[j];
    if (s > max) max = s;
    sum += s;
    n++;
  }
  return [max, n ? sum / n : 0];
}

function runOnce(scene, solver, setting, seed) {
  const { w, range } = build(scene, solver, setting, seed);
  let ms = 0, max = 0, meanSum = 0;
  for (let f = 0; f < STEPS; f++) {
    const t0 = performance.now();
    w.advance(1 / 60);
    ms += performance.now() - t0;
    if (f >= STEPS - WINDOW) {
      const [m, mean] = stretch(w, ...range());
      if (m > max) max = m;
      meanSum += mean;
    }
  }
  w.destroy();
  return { msPerSecond: ms / (STEPS / 60), stretchMax: max, stretchMean: meanSum / WINDOW };
}

function runSeed(scene, solver, setting, seed) {
  const r = runOnce(scene, solver, setting, seed);
  for (let k = 1; k < 3; k++) r.msPerSecond = Math.min(r.msPerSecond, runOnce(scene, solver, setting, seed).msPerSecond);
  return r;
}

const median = (v) => { const s = [...v].sort((a, b) => a - b), n = s.length; return n % 2 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2; };

function run(scene, solver, setting) {
  const rs = [];
  for (let seed = 1; seed <= (scene === 'spider' ? SEEDS : 1); seed++) rs.push(runSeed(scene, solver, setting, seed));
  return {
    msPerSecond: rs.reduce((a, r) => a + r.msPerSecond, 0) / rs.length,
    stretchMax: median(rs.map((r) => r.stretchMax)), stretchMean: median(rs.map((r) => r.stretchMean)),
  };
}

let native = null;
if (existsSync(nativeLab)) {
  native = JSON.parse(execFileSync(nativeLab, ['bench-robust', '--json'], { encoding: 'utf8' })).rows;
} else {
  console.log(`(native silk-lab not found at ${nativeLab}: wasm column only)`);
}

const fmt = (v, d = 2) => (v === undefined ? '-' : v.toFixed(d));
for (const scene of ['cloth100', 'spider', 'spider-still']) {
  console.log(`\n${scene}: ${STEPS} steps of 1/60 s; stretch over the last ${WINDOW}; ms per simulated second` +
    (scene === 'spider' ? `; medians over seeds 1-${SEEDS}, mean time` : ''));
  console.log(`  ${'setting'.padEnd(18)}${'native'.padStart(10)}${'wasm'.padStart(10)}${'max stretch'.padStart(14)}${'mean stretch'.padStart(14)}`);
  const rows = [];
  for (const [solver, settings] of [['compat', COMPAT], ['robust', ROBUST]]) {
    for (const setting of settings) {
      const wasm = run(scene, solver, setting);
      const nat = native?.find((r) => r.scene === scene && r.solver === solver && r.setting === setting);
      const label = solver === 'compat' ? `compat frame(${setting})` : `robust ${setting} sub`;
      rows.push({ solver, setting, label, wasm, nat });
      console.log(`  ${label.padEnd(18)}${fmt(nat?.ms_per_second).padStart(10)}${fmt(wasm.msPerSecond).padStart(10)}` +
        `${fmt(wasm.stretchMax, 5).padStart(14)}${fmt(wasm.stretchMean, 5).padStart(14)}`);
    }
  }
  console.log('  at equal or lower stretch (both largest and mean):');
  for (const c of rows.filter((r) => r.solver === 'compat')) {
    const match = rows.find((r) => r.solver === 'robust' && r.wasm.stretchMax <= c.wasm.stretchMax && r.wasm.stretchMean <= c.wasm.stretchMean);
    if (!match) {
      console.log(`    ${c.label}: no robust setting here reaches its stretch`);
      continue;
    }
    const speedNative = c.nat && match.nat ? (c.nat.ms_per_second / match.nat.ms_per_second).toFixed(1) : '-';
    const speedWasm = (c.wasm.msPerSecond / match.wasm.msPerSecond).toFixed(1);
    console.log(`    ${c.label} -> ${match.label}: ${speedNative}x faster native, ${speedWasm}x faster wasm`);
  }
}
