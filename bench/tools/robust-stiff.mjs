// robust-stiff.mjs -- the profile breakdown of docs/notes/2026-12-robust-stiff-cloth.md: the peers bench's
// cloth and rope (bench/peers.mjs: 1 m = 100 px, 9.81 m/s^2, rigid links, undamped) in
// several builds of silk.mjs in one Node process, rounds interleaved, so a busy machine slows
// every build alike. Prints ms per step (each round: the median of 300 steps of advance(1/60);
// shown: the median and the minimum over rounds). Asserts nothing.
//
//   node bench/tools/robust-stiff.mjs NAME=path/to/silk.mjs [NAME=...]
//   (a base build: git archive OLD | tar -x -C DIR; cmake --preset wasm; cmake --build ...)
//
// Environment: ROUNDS (default 5); CASES, a JSON list of [NAME, scene, createWorld options]
// with scene cloth (40 x 40, every 4th top particle pinned), dots (the cloth's particles and
// pins without links: the particle passes alone) or rope (60 links, pinned at one end).
import { pathToFileURL } from 'node:url';
const mods = {};
for (const arg of process.argv.slice(2)) {
  const [name, file] = arg.split('=');
  const { loadSilk } = await import(pathToFileURL(file).href);
  mods[name] = await loadSilk();
}
function build(silk, scene, opts) {
  const w = silk.createWorld({ width: 1e5, height: 1e5, solver: 'robust', ...opts, robust: { gravity: [0, 981], damping: 0 }, watchdog: { enabled: false } });
  const c = w.addComposite();
  if (scene === 'cloth' || scene === 'dots') {
    const n = 40;
    for (let i = 0; i < n * n; i++) w.addParticle(c, 5e4 + (i % n) * 10, 1000 + Math.floor(i / n) * 10);
    if (scene === 'cloth') for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) { const i = y * n + x; if (x > 0) w.addDistance(c, i - 1, i, 1, { compliance: 0 }); if (y > 0) w.addDistance(c, i - n, i, 1, { compliance: 0 }); }
    for (let x = 0; x < n; x += 4) w.addPin(c, x);
  } else {
    for (let i = 0; i <= 60; i++) w.addParticle(c, 5e4 + i * 10, 1000);
    for (let i = 0; i < 60; i++) w.addDistance(c, i, i + 1, 1, { compliance: 0 });
    w.addPin(c, 0);
  }
  return w;
}
const first = Object.keys(mods)[0];
const cases = process.env.CASES ? JSON.parse(process.env.CASES) : Object.keys(mods).flatMap((m) => [
  [m, 'cloth', { substeps: 32 }], [m, 'cloth', { substeps: 18 }], [m, 'rope', { substeps: 32 }],
]).concat([
  [first, 'dots', { substeps: 18 }], [first, 'cloth', { substeps: 18, nearPass: false }],
  [first, 'cloth', { substeps: 18, nearPasses: 4 }], [first, 'cloth', { substeps: 8, chains: true }],
  [first, 'rope', { substeps: 2, iterations: 2, chains: true }], [first, 'rope', { substeps: 6, chains: true }],
]);
const rounds = Number(process.env.ROUNDS ?? 5);
const times = cases.map(() => []);
for (let r = 0; r < rounds; r++) {
  cases.forEach(([mod, scene, opts], k) => {
    const w = build(mods[mod], scene, opts);
    const t = [];
    for (let f = 0; f < 300; f++) { const t0 = performance.now(); w.advance(1 / 60); t.push(performance.now() - t0); }
    w.destroy();
    t.sort((a, b) => a - b);
    times[k].push(t[150]);
  });
}
cases.forEach(([mod, scene, opts], k) => {
  const t = times[k].sort((a, b) => a - b);
  console.log(`${mod.padEnd(5)} ${scene.padEnd(6)} ${JSON.stringify(opts).padEnd(48)} median ${t[Math.floor(t.length / 2)].toFixed(4)} ms  min ${t[0].toFixed(4)} ms`);
});
