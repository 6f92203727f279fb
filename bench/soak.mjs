// soak.mjs -- every scene in both solvers for SOAK_STEPS (default 10^6) fixed steps of
// advance(1/60), natively (build/native/bench/silk-soak): the per-step cost of the last
// SOAK_CHUNK (default 10^4) steps against the first, in wall and in processor time, and the
// subnormal numbers left in the state at the end. A scene at rest must not slow down; if one
// does, SOAK_FTZ=1 repeats it with the x86 flush-to-zero flags set, which tells whether
// subnormal arithmetic is the cause. Not a test: it prints and writes build/bench/soak.json.
//   scripts/bench.sh soak                     all 12 runs, 10^6 steps each (the ball pit is the
//                                             long one: ~4 ms a robust step natively)
//   SOAK_STEPS=100000 scripts/bench.sh soak   shorter
//   SOAK_SCENES=cloth SOAK_SOLVERS=compat     a subset
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDir, envInt, fix, table, writeSummary } from './lib.mjs';

const exe = path.join(buildDir, 'native', 'bench', 'silk-soak');
const steps = envInt('SOAK_STEPS', 1000000);
const chunk = envInt('SOAK_CHUNK', 10000);
const scenes = (process.env.SOAK_SCENES ?? 'web,cloth,shapes,tree,ball-pit,chain-cloth').split(',');
const solvers = (process.env.SOAK_SOLVERS ?? 'compat,robust').split(',');
const ftz = process.env.SOAK_FTZ === '1';

if (!existsSync(exe)) {
  console.log(`soak: ${exe} is missing (scripts/build.sh builds it)`);
  writeSummary('soak', { skipped: 'silk-soak not built' });
  process.exit(0);
}

console.log(`soak: ${steps} steps per run, chunks of ${chunk}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${os.cpus().length} cores`);
const runs = [];
for (const scene of scenes) {
  for (const solver of solvers) {
    for (const flush of ftz ? [false, true] : [false]) {
      const args = [scene, solver, String(steps), String(chunk), ...(flush ? ['--ftz'] : [])];
      const r = JSON.parse(execFileSync(exe, args, { encoding: 'utf8' }));
      r.load = os.loadavg()[0];
      runs.push(r);
      console.log(`  ${scene} ${solver}${flush ? ' ftz' : ''}: cpu ${fix(r.first_cpu_s, 3)} s -> ${fix(r.last_cpu_s, 3)} s (x${fix(r.cpu_ratio, 3)}), wall x${fix(r.ratio, 3)}, subnormals ${r.subnormal_p + r.subnormal_q + r.subnormal_motion}, nan ${r.nan}`);
    }
  }
}
const us = (s) => fix((s / chunk) * 1e6, 2);
console.log();
console.log(table(
  ['scene', 'solver', 'ftz', 'first us/step cpu', 'last us/step cpu', 'last/first cpu', 'last/first wall', 'subnormal p q p-q', 'nan', 'unhealthy chunks'],
  runs.map((r) => [r.scene, r.solver, r.ftz ? 'on' : 'off', us(r.first_cpu_s), us(r.last_cpu_s), fix(r.cpu_ratio, 3), fix(r.ratio, 3),
    `${r.subnormal_p} ${r.subnormal_q} ${r.subnormal_motion}`, r.nan, r.unhealthy_chunks]),
  ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']));
const file = writeSummary('soak', { steps, chunk, loadavg: os.loadavg(), cores: os.cpus().length, runs });
console.log(`\nsoak: summary in ${path.relative(process.cwd(), file)}`);
