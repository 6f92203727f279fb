// compare-robust.mjs -- times several builds of silk.wasm on the robust solver's benchmark
// scenes in one Node process, rounds interleaved, so a busy machine slows every build alike.
// How the figures in docs/performance.md (robust) were taken (before/after a change: build the old
// commit elsewhere and pass both files). Prints; asserts nothing.
//
//   node bench/tools/compare-robust.mjs NAME=FILE.wasm NAME=FILE.wasm ...
//
// Cases (each a fresh world per round; ms per simulated second = wall ms / simulated s):
//   cloth40 N   the peers cloth (bench/peers.mjs): 40 x 40, 0.1 m = 10 px links, rigid, every
//               4th top particle pinned, g = 981 px/s^2, undamped; robust, N substeps; 300 steps,
//               stretch over the last 120 (largest, mean of per-step means); also ms per step
//   cloth100 N  bench/robust.mjs's 100 x 100 cloth (rigid robust links), 60 steps
//   spider N    the web page scene with crawling, seeds 1-8, 240 steps each (robust N substeps,
//               or compat frame(16) as "spider compat")
// Environment: BENCH_ROUNDS (default 7), BENCH_CLOTH40 (substeps, default 8,16,24,32).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDir, envInt, fix, nowNs, summarize, table } from '../lib.mjs';

const { loadSilk } = await import(pathToFileURL(path.join(buildDir, 'wasm', 'silk.mjs')).href);
const variants = [];
for (const arg of process.argv.slice(2)) {
  const eq = arg.indexOf('=');
  const bytes = readFileSync(arg.slice(eq + 1));
  if (!WebAssembly.validate(bytes)) throw new Error(`${arg.slice(eq + 1)} does not validate`);
  variants.push({ name: arg.slice(0, eq), size: bytes.length, silk: await loadSilk({ wasm: bytes }) });
}
const rounds = envInt('BENCH_ROUNDS', 7);
const cloth40Subs = (process.env.BENCH_CLOTH40 ?? '8,16,24,32').split(',').map(Number);

function stretchOf(p, links, rest) {
  let max = 0, sum = 0;
  for (const [i, j] of links) {
    const s = Math.abs(Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]) - rest) / rest;
    if (s > max) max = s;
    sum += s;
  }
  return [max, sum / links.length];
}

function cloth40(silk, substeps) {
  const w = silk.createWorld({
    width: 1e5, height: 1e5, solver: 'robust', substeps,
    robust: { gravity: [0, 981], damping: 0 }, watchdog: { enabled: false },
  });
  const c = w.addComposite(), n = 40, links = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) w.addParticle(c, 5e4 + x * 10, 1000 + y * 10);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      if (x > 0) { w.addDistance(c, i - 1, i, 1, { compliance: 0 }); links.push([i - 1, i]); }
      if (y > 0) { w.addDistance(c, i - n, i, 1, { compliance: 0 }); links.push([i - n, i]); }
    }
  }
  for (let x = 0; x < n; x += 4) w.addPin(c, x);
  let ns = 0, max = 0, meanSum = 0;
  for (let f = 0; f < 300; f++) {
    const t0 = nowNs();
    w.advance(1 / 60);
    ns += nowNs() - t0;
    if (f >= 180) {
      const [m, mean] = stretchOf(w.positions, links, 10);
      max = Math.max(max, m);
      meanSum += mean;
    }
  }
  w.destroy();
  return { ms: ns / 1e6 / 5, max, mean: meanSum / 120 };
}

function cloth100(silk, substeps) {
  const w = silk.createWorld({ width: 1000, height: 1000, solver: 'robust', substeps });
  const id = w.cloth({ x: 500, y: 300, width: 400, height: 400, segments: 100, pinMod: 6, stiffness: 0.9 });
  const { count } = w.compositeConstraints(id);
  for (let j = 0; j < count; j++) w.setCompliance(id, j, 0);
  const t0 = nowNs();
  for (let f = 0; f < 60; f++) w.advance(1 / 60);
  const ns = nowNs() - t0;
  w.destroy();
  return { ms: ns / 1e6 / 1 };
}

function spider(silk, setting, compat) {
  let ns = 0;
  for (let seed = 1; seed <= 8; seed++) {
    const w = silk.createWorld({ seed, solver: compat ? 'compat' : 'robust', step: 16, substeps: setting });
    w.buildScene('web');
    w.autoCrawl = true;
    const t0 = nowNs();
    for (let f = 0; f < 240; f++) w.advance(1 / 60);
    ns += nowNs() - t0;
    w.destroy();
  }
  return { ms: ns / 1e6 / 32 };
}

const cases = [
  ...cloth40Subs.map((n) => ({ name: `cloth40 ${n}`, run: (s) => cloth40(s, n) })),
  ...[2, 4, 8].map((n) => ({ name: `cloth100 ${n}`, run: (s) => cloth100(s, n) })),
  { name: 'spider compat', run: (s) => spider(s, 16, true) },
  ...[3, 4, 6].map((n) => ({ name: `spider ${n}`, run: (s) => spider(s, n, false) })),
];

for (const c of cases) for (const v of variants) c.run(v.silk); // warm-up (V8 tiers up)
const times = cases.map(() => variants.map(() => []));
const stretch = cases.map(() => variants.map(() => null));
for (let r = 0; r < rounds; r++) {
  cases.forEach((c, ci) => variants.forEach((v, vi) => {
    const res = c.run(v.silk);
    times[ci][vi].push(res.ms);
    if (res.max !== undefined) stretch[ci][vi] = res;
  }));
}
console.log(`${rounds} rounds, interleaved; ms per simulated second: median (IQR % of median, min)`);
console.log(variants.map((v) => `${v.name}: ${v.size} bytes`).join(', '));
const rows = cases.map((c, ci) => [c.name, ...variants.flatMap((v, vi) => {
  const s = summarize(times[ci][vi]);
  const st = stretch[ci][vi];
  return [`${fix(s.median)} (${fix(100 * s.iqr, 0)}%, ${fix(s.min)})`,
    st ? `${fix(100 * st.max, 3)}% / ${fix(100 * st.mean, 4)}%` : ''];
})]);
console.log(table(['case', ...variants.flatMap((v) => [v.name, 'max / mean stretch'])], rows,
  ['l', ...variants.flatMap(() => ['r', 'r'])]));
