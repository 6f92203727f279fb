// compare-wasm.mjs -- times several builds of silk.wasm against each other in one Node process
// (the scenes of bench/solver.mjs, rounds interleaved) and checks that they end in the same
// state. Used to choose the emcc / wasm-opt flags (bench/tools/wasm-flags.sh builds the variants).
//
//   node bench/tools/compare-wasm.mjs NAME=FILE.wasm NAME=FILE.wasm ...
//
// Environment: BENCH_ROUNDS (default 21), BENCH_WEB_FRAMES (300), BENCH_CLOTH_FRAMES (10): short runs, many
// rounds, so the minimum stays meaningful on a busy machine. BENCH_SCENES (web,cloth) may add the
// robust solver's scenes, each run from a snapshot taken after BENCH_SETTLE_FRAMES (300) frames so the
// timed frames are the settled, costly ones: ball-pit (2,000 colliding balls; BENCH_PIT_FRAMES, 5),
// chain-cloth (BENCH_CHAIN_FRAMES, 30) and web-robust (the web under the robust solver, 300).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDir, envInt, fix, nowNs, stateHash, summarize, table } from '../lib.mjs';

const { loadSilk } = await import(pathToFileURL(path.join(buildDir, 'wasm', 'silk.mjs')).href);
const variants = [];
for (const arg of process.argv.slice(2)) {
  const eq = arg.indexOf('=');
  const name = arg.slice(0, eq);
  const file = arg.slice(eq + 1);
  const bytes = readFileSync(file);
  // SIMD builds need the feature: WebAssembly.validate says whether this Node can run it.
  if (!WebAssembly.validate(bytes)) throw new Error(`${file} does not validate`);
  variants.push({ name, file, size: statSync(file).size, silk: await loadSilk({ wasm: bytes }) });
}
const rounds = envInt('BENCH_ROUNDS', 21);
const CLOTH = { x: 400, y: 400, width: 600, height: 600, segments: 100, pinMod: 4, stiffness: 0.9 };
const allScenes = [
  { name: 'web', frames: envInt('BENCH_WEB_FRAMES', 300) },
  { name: 'cloth', frames: envInt('BENCH_CLOTH_FRAMES', 10) },
  { name: 'ball-pit', robust: 'ball-pit', frames: envInt('BENCH_PIT_FRAMES', 5) },
  { name: 'chain-cloth', robust: 'chain-cloth', frames: envInt('BENCH_CHAIN_FRAMES', 30) },
  { name: 'web-robust', robust: 'web', frames: envInt('BENCH_WEB_FRAMES', 300) },
];
const wanted = (process.env.BENCH_SCENES ?? 'web,cloth').split(',');
const scenes = allScenes.filter((s) => wanted.includes(s.name));
const settle = envInt('BENCH_SETTLE_FRAMES', 300);

// a robust scene after `settle` frames, as a snapshot per variant (each variant settles its own)
const settled = new Map();
function runRobust(v, scene) {
  const key = `${v.name}/${scene.name}`;
  const w = v.silk.createWorld({});
  w.buildScene(scene.robust);
  if (scene.robust === 'web') w.setSolver('robust');
  if (!settled.has(key)) {
    for (let f = 0; f < settle; f++) w.advance(1 / 60);
    settled.set(key, w.snapshot());
  } else w.restore(settled.get(key));
  const t0 = nowNs();
  for (let f = 0; f < scene.frames; f++) w.advance(1 / 60);
  const ns = nowNs() - t0;
  const hash = w.stateHash();
  w.destroy();
  return { ns, hash };
}

function run(v, scene) {
  if (scene.robust) return runRobust(v, scene);
  const silk = v.silk;
  const web = scene.name === 'web';
  const w = web ? silk.createWorld() : silk.createWorld({ width: 800, height: 800, friction: 1 });
  if (web) w.buildScene('web');
  else w.cloth(CLOTH);
  const t0 = nowNs();
  for (let f = 0; f < scene.frames; f++) {
    if (web) w.spiderTick();
    w.frame(16);
  }
  const ns = nowNs() - t0;
  const hash = stateHash(w.positions, w.lastPositions);
  w.destroy();
  return { ns, hash };
}

for (const scene of scenes) {
  for (const v of variants) { run(v, scene); run(v, scene); } // warm-up
  const times = variants.map(() => []);
  const hashes = variants.map(() => new Set());
  for (let r = 0; r < rounds; r++) {
    variants.forEach((v, i) => {
      const res = run(v, scene);
      times[i].push(res.ns / scene.frames / 1e6);
      hashes[i].add(res.hash);
    });
  }
  const base = summarize(times[0]);
  console.log(`\n${scene.name}: ${scene.frames} frames, ${rounds} rounds (ms per frame)`);
  console.log(table(['variant', 'bytes', 'median', 'IQR', 'min', 'median/first', 'min/first', 'final state'],
    variants.map((v, i) => {
      const s = summarize(times[i]);
      return [v.name, v.size, fix(s.median, 4), `${fix(100 * s.iqr, 1)}%`, fix(s.min, 4),
        fix(s.median / base.median, 3), fix(s.min / base.min, 3), [...hashes[i]].join(',')];
    }), ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l']));
}
