// solver.mjs -- the compat solver three ways, side by side: native C (build/native/bench/
// bench_native), the wasm module in Node (build/wasm/silk.mjs + silk.wasm), and the plain-JS
// reference (tests/reference/verlet-ref.mjs with originalVec2: true, the same algorithm with
// bit-identical results).
//
//   web    the spider page: 800 x 500, buildScene('web'), spiderTick() before each frame(16)
//   cloth  a 100 x 100 cloth (x 400, y 400, 600 x 600 px, pins every 4th top particle,
//          stiffness 0.9) in an 800 x 800 world with friction 1; frame(16)
//
// Every run builds the scene afresh and times the same number of frames, so runs do the same
// work; the final positions and last positions are hashed to prove that the three did the same
// work (the web's native state differs: glibc's cos/sin/atan2 are not V8's, see engine/src/trig.h;
// the output says by how much). Rounds interleave the three (native, wasm, JS, native, ...) so a
// noisy neighbour on a shared machine hurts all of them alike; warm-up runs come first.
// ns per relaxation = a run's time / (sum over its frames of 16 x constraints, counted in the
// timed loop by all three): it includes integrate, bounds and the crawl, small next to 16 passes.
//
// Then the latency bound: bench_native latency measures the critical-path operations of one
// distance relaxation (each reads what the previous wrote: Gauss-Seidel) and a minimal kernel.
//
// Environment: BENCH_ROUNDS (default 7), BENCH_REPS (runs per implementation per round, 2),
// BENCH_WEB_FRAMES (600), BENCH_CLOTH_FRAMES (30), BENCH_SCENES (web,cloth), BENCH_CALLGRIND=0 to
// skip the instruction counts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildDir, benchOutDir, envInt, fix, nowNs, repoRoot, stateHash, summarize, table, writeSummary,
} from './lib.mjs';
import * as ref from '../tests/reference/verlet-ref.mjs';

const STEP = 16;
const nativeBin = path.join(buildDir, 'native', 'bench', 'bench_native');
const wasmDir = path.join(buildDir, 'wasm');

const rounds = envInt('BENCH_ROUNDS', 7);
const repsPerRound = envInt('BENCH_REPS', 2);
const scenes = [
  {
    name: 'web',
    title: 'spider page (800x500, web scene, spiderTick + frame(16))',
    frames: envInt('BENCH_WEB_FRAMES', 600),
  },
  {
    name: 'cloth',
    title: 'cloth 100x100 (600x600 px, pinMod 4, k 0.9; 800x800 world, friction 1; frame(16))',
    frames: envInt('BENCH_CLOTH_FRAMES', 30),
  },
];
if (process.env.BENCH_SCENES) {
  const keep = process.env.BENCH_SCENES.split(',');
  for (const k of keep) {
    if (!scenes.some((s) => s.name === k)) throw new RangeError(`BENCH_SCENES: no scene '${k}' (web, cloth)`);
  }
  scenes.splice(0, scenes.length, ...scenes.filter((s) => keep.includes(s.name)));
}
const CLOTH = { x: 400, y: 400, width: 600, height: 600, segments: 100, pinMod: 4, stiffness: 0.9 };

for (const file of [nativeBin, path.join(wasmDir, 'silk.wasm'), path.join(wasmDir, 'silk.mjs')]) {
  if (!existsSync(file)) {
    console.error(`bench/solver: ${path.relative(repoRoot, file)} is missing: run scripts/build.sh`);
    process.exit(1);
  }
}
const { loadSilk } = await import(pathToFileURL(path.join(wasmDir, 'silk.mjs')).href);
const silk = await loadSilk();
mkdirSync(benchOutDir, { recursive: true });

// ---- the three implementations: each returns { ns, hash, state } for one run ----------------

function runNative(scene, reps, warmup, dump) {
  const args = ['solver', '--scene', scene.name, '--frames', String(scene.frames),
    '--reps', String(reps), '--warmup', String(warmup)];
  if (dump) args.push('--dump', dump);
  const out = JSON.parse(execFileSync(nativeBin, args, { encoding: 'utf8' }));
  return out;
}

function wasmWorld(name) {
  if (name === 'web') {
    const w = silk.createWorld({ width: 800, height: 500 });
    w.buildScene('web');
    return w;
  }
  const w = silk.createWorld({ width: 800, height: 800, friction: 1 });
  w.cloth(CLOTH);
  return w;
}

function refWorld(name) {
  if (name === 'web') return ref.spiderPage({ width: 800, height: 500, seed: 1, originalVec2: true });
  const r = ref.createWorld({ width: 800, height: 800, seed: 1, originalVec2: true });
  r.friction = 1;
  r.cloth(CLOTH);
  return r;
}

function timeWasm(scene) {
  const w = wasmWorld(scene.name);
  const web = scene.name === 'web';
  let relaxations = 0;
  const t0 = nowNs();
  for (let f = 0; f < scene.frames; f++) {
    if (web) w.spiderTick();
    relaxations += STEP * w.constraintCount;
    w.frame(STEP);
  }
  const ns = nowNs() - t0;
  const result = { ns, relaxations, hash: stateHash(w.positions, w.lastPositions), state: [w.positions.slice(), w.lastPositions.slice()] };
  w.destroy();
  return result;
}

function timeJs(scene) {
  const r = refWorld(scene.name);
  const web = scene.name === 'web';
  let relaxations = 0;
  const t0 = nowNs();
  for (let f = 0; f < scene.frames; f++) {
    if (web) r.spiderTick();
    relaxations += STEP * r.constraintCount();
    r.frame(STEP);
  }
  const ns = nowNs() - t0;
  return { ns, relaxations, hash: stateHash(r.positions, r.lastPositions), state: [r.positions.slice(), r.lastPositions.slice()] };
}

// How far apart two states are: differing doubles and the largest difference (px).
function compareStates(a, b) {
  let differ = 0;
  let maxAbs = 0;
  for (let k = 0; k < 2; k++) {
    for (let i = 0; i < a[k].length; i++) {
      if (!Object.is(a[k][i], b[k][i])) {
        differ++;
        const d = Math.abs(a[k][i] - b[k][i]);
        if (!(d <= maxAbs)) maxAbs = d;
      }
    }
  }
  return { differ, of: a[0].length + a[1].length, maxAbs };
}

function readDump(file, particles) {
  const buf = readFileSync(file);
  const all = new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
  return [all.slice(0, 2 * particles), all.slice(2 * particles, 4 * particles)];
}

// ---- one scene ------------------------------------------------------------------------------

function benchScene(scene) {
  // Warm-up: JIT tiers for wasm (Liftoff -> TurboFan) and JS, caches for all.
  for (let i = 0; i < 2; i++) {
    timeWasm(scene);
    timeJs(scene);
  }
  const times = { native: [], wasm: [], js: [] };
  let nativeInfo = null;
  let wasmLast = null;
  let jsLast = null;
  const dump = path.join(benchOutDir, `native-${scene.name}-state.f64`);
  for (let round = 0; round < rounds; round++) {
    const nat = runNative(scene, repsPerRound, 1, round === rounds - 1 ? dump : null);
    times.native.push(...nat.times_ns);
    nativeInfo = nat;
    for (let i = 0; i < repsPerRound; i++) {
      wasmLast = timeWasm(scene);
      times.wasm.push(wasmLast.ns);
    }
    for (let i = 0; i < repsPerRound; i++) {
      jsLast = timeJs(scene);
      times.js.push(jsLast.ns);
    }
  }
  const nativeState = readDump(dump, nativeInfo.particles);
  rmSync(dump, { force: true });
  // Runs repeat the same work, so every run of an implementation counts the same relaxations.
  const relaxations = { native: nativeInfo.relaxations, wasm: wasmLast.relaxations, js: jsLast.relaxations };
  const impls = {};
  for (const k of ['native', 'wasm', 'js']) {
    const perRelax = times[k].map((t) => t / relaxations[k]);
    const perFrameMs = times[k].map((t) => t / scene.frames / 1e6);
    impls[k] = {
      relaxations: relaxations[k],
      hash: k === 'native' ? nativeInfo.hash : k === 'wasm' ? wasmLast.hash : jsLast.hash,
      ns_per_relaxation: summarize(perRelax),
      ms_per_frame: summarize(perFrameMs),
      run_ns: times[k],
    };
  }
  const agreement = {
    wasm_vs_js: compareStates(wasmLast.state, jsLast.state),
    native_vs_wasm: compareStates(nativeState, wasmLast.state),
  };
  return {
    scene: scene.name, title: scene.title, frames: scene.frames, step: STEP,
    particles: nativeInfo.particles, rounds, reps_per_round: repsPerRound,
    impls, agreement,
    ratios: {
      wasm_over_native: impls.wasm.ns_per_relaxation.median / impls.native.ns_per_relaxation.median,
      js_over_wasm: impls.js.ns_per_relaxation.median / impls.wasm.ns_per_relaxation.median,
      js_over_native: impls.js.ns_per_relaxation.median / impls.native.ns_per_relaxation.median,
      // minima: the runs least disturbed by other work on the machine
      wasm_over_native_min: impls.wasm.ns_per_relaxation.min / impls.native.ns_per_relaxation.min,
      js_over_wasm_min: impls.js.ns_per_relaxation.min / impls.wasm.ns_per_relaxation.min,
    },
  };
}

function agreementText(a) {
  return a.differ === 0 ? 'bit-identical' : `${a.differ}/${a.of} doubles differ, max ${a.maxAbs.toExponential(2)} px`;
}

function printScene(r) {
  console.log(`\n${r.title}`);
  console.log(`${r.frames} frames per run, ${r.particles} particles, ${r.impls.wasm.relaxations} relaxations per run; ` +
    `${r.rounds} rounds x ${r.reps_per_round} runs per implementation, interleaved, after warm-up`);
  const rows = ['native', 'wasm', 'js'].map((k) => {
    const s = r.impls[k].ns_per_relaxation;
    const f = r.impls[k].ms_per_frame;
    return [k === 'js' ? 'plain JS' : k, fix(s.median, 2), fix(f.median, 3), `${fix(100 * s.iqr, 1)}%`,
      `${fix(s.min, 2)} .. ${fix(s.max, 2)}`, r.impls[k].hash];
  });
  console.log(table(['impl', 'ns/relax', 'ms/frame', 'IQR', 'min .. max ns/relax', 'final state hash'], rows,
    ['l', 'r', 'r', 'r', 'r', 'l']));
  console.log(`final states: wasm vs plain JS ${agreementText(r.agreement.wasm_vs_js)}; ` +
    `native vs wasm ${agreementText(r.agreement.native_vs_wasm)}`);
  const ok = r.ratios.wasm_over_native <= 1.3 ? 'within' : 'OUTSIDE';
  console.log(`ratios of medians: wasm/native ${fix(r.ratios.wasm_over_native, 2)} (${ok} the 1.3 target), ` +
    `JS/wasm ${fix(r.ratios.js_over_wasm, 2)}, JS/native ${fix(r.ratios.js_over_native, 2)}; ` +
    `of minima: wasm/native ${fix(r.ratios.wasm_over_native_min, 2)}, JS/wasm ${fix(r.ratios.js_over_wasm_min, 2)}`);
}

// ---- the latency bound ------------------------------------------------------------------------

// One distance relaxation on a chain (the next one shares a particle with this one): the shared
// coordinate goes sub -> or_zero -> mul (nx*nx) -> add (+ny*ny) -> sub (d*d - m) -> div (/m) ->
// mul (k) -> mul (coef) -> mul (nx*s) -> add (p += n): 4 add-class, 4 mul, 1 div, 1 or_zero.
// Through memory, a store and the load after it join the chain; the solver carries the two
// particles it just wrote in registers instead (solver_compat.c, silk_carry), so its floor is
// the arithmetic alone.
function latencyBounds(l) {
  const arithmetic = 4 * l.add_ns + 4 * l.mul_ns + l.div_ns + l.or_zero_ns;
  return { arithmetic_ns: arithmetic, through_memory_ns: arithmetic + l.store_load_ns };
}

function callgrindPerRelaxation(scene) {
  const which = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) return null;
  // Two frame counts; the difference removes building the scene and the process.
  const frames = scene.name === 'web' ? [20, 60] : [2, 4];
  const counts = frames.map((f) => {
    const out = path.join(benchOutDir, `callgrind.${scene.name}.${f}.out`);
    const res = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`,
      nativeBin, 'solver', '--scene', scene.name, '--frames', String(f), '--reps', '1', '--warmup', '0'],
    { encoding: 'utf8' });
    rmSync(out, { force: true });
    const m = /Collected : (\d+)/.exec(res.stderr);
    const j = JSON.parse(res.stdout);
    return { ir: m ? Number(m[1]) : NaN, relaxations: j.relaxations };
  });
  return (counts[1].ir - counts[0].ir) / (counts[1].relaxations - counts[0].relaxations);
}

// ---- main -------------------------------------------------------------------------------------

const machine = { cpu: os.cpus()[0]?.model ?? '?', cpus: os.cpus().length, loadavg_at_start: os.loadavg()[0] };
console.log('== compat solver: native C vs wasm (Node ' + process.version + ') vs plain JS');
console.log(`${machine.cpu}, ${machine.cpus} CPUs, load average ${fix(machine.loadavg_at_start, 2)} at start ` +
  '(other work on the machine widens the spread; compare medians and minima)');
const results = scenes.map((s) => {
  const r = benchScene(s);
  printScene(r);
  return r;
});

const latency = JSON.parse(execFileSync(nativeBin, ['latency', '--reps', '21'], { encoding: 'utf8' }));
const bounds = latencyBounds(latency);
const bound = bounds.arithmetic_ns;
const ghz = latency.cycle_ns > 0 ? 1 / latency.cycle_ns : NaN;
const cyc = (ns) => (latency.cycle_ns > 0 ? ` (${fix(ns / latency.cycle_ns, 1)} cycles)` : '');
console.log('\nLatency bound of the relaxation chain (dependent chains on this CPU, best of 21)');
console.log(`clock ~${fix(ghz, 2)} GHz (integer add chain); add ${fix(latency.add_ns)} ns${cyc(latency.add_ns)}, ` +
  `mul ${fix(latency.mul_ns)}${cyc(latency.mul_ns)}, div ${fix(latency.div_ns)}${cyc(latency.div_ns)}, ` +
  `store->load ${fix(latency.store_load_ns)}${cyc(latency.store_load_ns)}, or_zero ${fix(latency.or_zero_ns)}`);
console.log(`critical path of one chained distance relaxation: 4 add + 4 mul + div + or_zero = ` +
  `${fix(bound)} ns${cyc(bound)}; through memory (+ store->load) ${fix(bounds.through_memory_ns)} ns` +
  `${cyc(bounds.through_memory_ns)}`);
console.log(`minimal kernel (same arithmetic, no dispatch, the cloth's link order): through memory ` +
  `${fix(latency.kernel_memory_ns)} ns/relax, carried in registers ${fix(latency.kernel_carried_ns)}, ` +
  `independent pairs ${fix(latency.kernel_independent_ns)} (throughput)`);
const boundRows = results.map((r) => [r.scene,
  fix(r.impls.native.ns_per_relaxation.median), fix(r.impls.native.ns_per_relaxation.median / bound, 2),
  fix(r.impls.wasm.ns_per_relaxation.median), fix(r.impls.wasm.ns_per_relaxation.median / bound, 2),
  fix(r.impls.js.ns_per_relaxation.median), fix(r.impls.js.ns_per_relaxation.median / bound, 2)]);
console.log(table(['scene', 'native ns', '/bound', 'wasm ns', '/bound', 'JS ns', '/bound'], boundRows,
  ['l', 'r', 'r', 'r', 'r', 'r', 'r']));
console.log('(bound = the arithmetic path; the cloth chains every relaxation to the one before, the web about ' +
  'half of them and adds angle constraints with cos/sin/atan2)');

let instructions = null;
if (process.env.BENCH_CALLGRIND !== '0') {
  instructions = {};
  for (const s of scenes) instructions[s.name] = callgrindPerRelaxation(s);
  if (Object.values(instructions).every((v) => v !== null)) {
    console.log(`native instructions per relaxation (callgrind, whole frame): ` +
      scenes.map((s) => `${s.name} ${fix(instructions[s.name], 1)}`).join(', '));
  }
}

const file = writeSummary('solver', {
  machine: { ...machine, loadavg_at_end: os.loadavg()[0] },
  scenes: results.map((r) => ({ ...r })),
  latency: { ...latency, ...bounds, clock_ghz: ghz },
  native_instructions_per_relaxation: instructions,
});
console.log(`\nsummary: ${path.relative(repoRoot, file)}`);
