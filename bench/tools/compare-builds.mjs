// compare-builds.mjs -- two builds of the whole module side by side, each through its own
// silk.mjs (so builds whose JS boundary differs can still be compared), in one Node process,
// rounds interleaved with the order alternating. Per case: the median ms per advance(1/60 s)
// of each build, the after/before ratio, and whether the final positions are bit-identical
// (compared directly, since a state-hash format change would hide it). Asserts nothing.
//
//   node bench/tools/compare-builds.mjs BEFORE/silk.mjs AFTER/silk.mjs
//
// Environment: ROUNDS (default 15); CASES, comma-separated scene:solver:frames:crawl
// (default web:robust:600:1,web:robust:600:0,web:compat:600:1,cloth:robust:600:0,cloth:compat:300:0).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const files = process.argv.slice(2);
if (files.length !== 2) {
  console.error('usage: node bench/tools/compare-builds.mjs BEFORE/silk.mjs AFTER/silk.mjs');
  process.exit(2);
}
const builds = [];
for (const file of files) {
  const { loadSilk } = await import(pathToFileURL(path.resolve(file)).href);
  builds.push(await loadSilk());
}
const rounds = Number(process.env.ROUNDS ?? 15);
const cases = (process.env.CASES ?? 'web:robust:600:1,web:robust:600:0,web:compat:600:1,cloth:robust:600:0,cloth:compat:300:0')
  .split(',').map((c) => c.split(':'));
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

for (const [scene, solver, framesText, crawlText] of cases) {
  const frames = Number(framesText);
  const ms = [[], []];
  const positions = [null, null];
  for (let r = 0; r < rounds; r++) {
    for (const k of r % 2 ? [1, 0] : [0, 1]) {
      const w = builds[k].createWorld({ seed: 7 });
      w.solver = solver;
      w.buildScene(scene);
      w.autoCrawl = crawlText === '1';
      const t0 = process.hrtime.bigint();
      for (let f = 0; f < frames; f++) w.advance(1 / 60 + 1e-9);
      ms[k].push(Number(process.hrtime.bigint() - t0) / 1e6 / frames);
      positions[k] = Float64Array.from(w.positions);
      w.destroy();
    }
  }
  const same = positions[0].length === positions[1].length &&
    positions[0].every((v, i) => Object.is(v, positions[1][i]));
  const [before, after] = ms.map(median);
  console.log(`${scene} ${solver}${crawlText === '1' ? ' crawl' : ''}: before ${before.toFixed(4)} ms, ` +
    `after ${after.toFixed(4)} ms, after/before ${(after / before).toFixed(3)}; final positions ${same ? 'identical' : 'DIFFER'}`);
}
