// compare-robust-native.mjs -- the native half of compare-robust.mjs: several silk-lab
// binaries (e.g. lab/*.c linked against an older engine) run `bench-robust --json --quick
// --scene S` in turn, round after round, so a busy machine slows each alike. Prints the median
// and the range over rounds of ms per simulated second, and each setting's stretch.
//
//   node bench/tools/compare-robust-native.mjs NAME=path/to/silk-lab NAME=path/to/silk-lab ...
//
// Environment: BENCH_ROUNDS (default 5), BENCH_SCENES (default cloth100,spider,spider-still).
import { execFileSync } from 'node:child_process';
import { envInt, fix, summarize, table } from '../lib.mjs';

const labs = process.argv.slice(2).map((arg) => {
  const eq = arg.indexOf('=');
  return { name: arg.slice(0, eq), file: arg.slice(eq + 1) };
});
const rounds = envInt('BENCH_ROUNDS', 5);
const scenes = (process.env.BENCH_SCENES ?? 'cloth100,spider,spider-still').split(',');

for (const scene of scenes) {
  const rows = new Map(); // "solver setting" -> per lab: { ms: [], max, mean }
  for (let r = 0; r < rounds; r++) {
    for (const [li, lab] of labs.entries()) {
      const out = execFileSync(lab.file, ['bench-robust', '--json', '--quick', '--scene', scene], { encoding: 'utf8' });
      for (const row of JSON.parse(out).rows) {
        const key = `${row.solver === 'compat' ? 'compat frame' : 'robust'} ${row.setting}`;
        if (!rows.has(key)) rows.set(key, labs.map(() => ({ ms: [] })));
        const cell = rows.get(key)[li];
        cell.ms.push(row.ms_per_second);
        cell.max = row.stretch_max;
        cell.mean = row.stretch_mean;
      }
    }
  }
  console.log(`\n${scene} (native, ${rounds} rounds): ms per simulated second, median [min-max]; stretch max / mean`);
  console.log(table(['setting', ...labs.flatMap((l) => [l.name, 'stretch'])], [...rows].map(([key, cells]) => [
    key, ...cells.flatMap((c) => {
      const s = summarize(c.ms);
      return [`${fix(s.median)} [${fix(s.min)}-${fix(s.max)}]`, `${fix(c.max, 4)} / ${fix(c.mean, 4)}`];
    }),
  ]), ['l', ...labs.flatMap(() => ['r', 'r'])]));
}
