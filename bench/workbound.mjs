#!/usr/bin/env node
// bench/workbound.mjs -- the largest call each public entry that runs many steps admits
// (issue 31 item 1), timed: runFrames, stepSweep, relax, replay, playRun, ballRun, advance,
// frame and robustStep. Each is run
// at the most its own RangeError names (runFramesMax, the sweep's "at most N frames", ...) on
// every scene, and reported in processor time of this process (user + system: what the call
// costs, whatever else the machine runs) and wall time, with the phone-class estimate at
// PHONE_FACTOR (a phone is 3-4x slower than the development machine). Prints; asserts nothing
// (speed is measured, never tested).
//
//   node bench/workbound.mjs          (after scripts/build.sh: build/wasm/silk.mjs)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, table, fix, writeSummary } from './lib.mjs';

const PHONE_FACTOR = 4;
const BUDGET_S = 2; // the bound's promise on a phone-class CPU
const modulePath = process.env.SILK_MODULE ?? path.join(repoRoot, 'build', 'wasm', 'silk.mjs');
const { loadSilk, LIMITS } = await import(pathToFileURL(modulePath).href);
const silk = await loadSilk();
const SCENES = ['web', 'cloth', 'shapes', 'tree'];

function timed(fn) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall };
}

/** The "at most N" a refusal names. */
function mostNamed(fn) {
  try { fn(); } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return Number(/at most (\d+)/.exec(e.message)[1]);
  }
  throw new Error('not refused');
}

const rows = [];
const add = (call, t) => rows.push({ call, ...t });

for (const scene of SCENES) {
  const w = silk.createWorld();
  w.buildScene(scene);
  const most = w.runFramesMax(4096);
  add(`runFrames(${most}, 4096) ${scene}`, timed(() => w.runFrames(most, 4096)));
  const iterations = mostNamed(() => w.relax(LIMITS.LAB_MAX_PASSES, 0.5));
  add(`relax(${iterations}) ${scene}`, timed(() => w.relax(iterations, 0.5)));
  w.destroy();
  for (const count of [32, 256]) {
    const frames = mostNamed(() => silk.stepSweep({ scene, count, frames: 1e6 }));
    add(`stepSweep(${frames} x ${count}) ${scene}`, timed(() => silk.stepSweep({ scene, count, frames })));
  }
}
add('stepSweep() the page\'s', timed(() => silk.stepSweep()));

// replay and playRun: the web scene at the heaviest robust settings, and in compat at 4096
for (const [name, options] of [['robust 256x(64+64)', { solver: 'robust', substeps: 256, iterations: 64, nearPasses: 64 }],
  ['compat 4096', { relaxPasses: 4096 }]]) {
  const w = silk.createWorld(options);
  w.buildScene('web');
  if (options.solver) w.setSolver('robust');
  w.setRobust({ substeps: options.substeps ?? 8, iterations: options.iterations ?? 1, nearPasses: options.nearPasses ?? 1 });
  w.startRecording();
  const probe = silk.createWorld();
  probe.playBegin(w.exportRecording());
  const most = Math.floor(LIMITS.LAB_MAX_PASSES / probe.playStatus().stepWork);
  probe.playStop();
  for (let s = 0; s < most; s++) w.advance(1 / 60);
  const bytes = w.stopRecording();
  probe.playBegin(bytes);
  const steps = probe.playStatus().steps;
  probe.playStop();
  if (steps <= most) add(`replay(${steps} steps) web ${name}`, timed(() => probe.replay(bytes)));
  probe.playBegin(bytes);
  const n = Math.min(most, steps);
  add(`playRun(${n}) web ${name}`, timed(() => probe.playRun(n)));
  probe.destroy();
  w.destroy();
}

// advance, frame and the robust step (SILK_CALL_MAX_PASSES): each at the most it admits, on
// the web with a clamp of 2^31 - 1 steps, on a chain of 200,000 particles, and the lightest
// step of the largest chain wasm memory holds (what is left is the world's own size)
function chain(n) {
  const w = silk.createWorld({ maxStepsPerFrame: 2 ** 31 - 1 });
  try {
    const c = w.addComposite();
    for (let i = 0; i < n; i++) {
      const p = w.addParticle(c, i % 800, 10 + Math.floor(i / 800));
      if (i > 0) w.addDistance(c, p - 1, p, 1);
    }
  } catch (e) {
    w.destroy(); // a world that did not fit gives its memory back for the next try
    throw e;
  }
  return w;
}
{
  const web = silk.createWorld({ maxStepsPerFrame: 2 ** 31 - 1 });
  web.buildScene('web');
  add('advance(1e6 s) web, maxStepsPerFrame 2^31 - 1', timed(() => web.advance(1e6)));
  web.destroy();
  const w = chain(200000);
  add('advance(1e6 s) chain 200k, maxStepsPerFrame 2^31 - 1', timed(() => w.advance(1e6)));
  const most = mostNamed(() => w.frame(4096));
  add(`frame(${most}) chain 200k`, timed(() => w.frame(most)));
  w.setRobust({ iterations: 64, substeps: 256 });
  const substeps = Number(/at most (\d+)/.exec((() => { try { w.robustStep(1 / 60); } catch (e) { return e.message; } return ''; })())[1]);
  w.setRobust({ substeps });
  add(`robustStep(1/60) chain 200k, ${substeps} substeps x 64 iterations`, timed(() => w.robustStep(1 / 60)));
  w.destroy();
  for (const n of [LIMITS.MAX_PARTICLES, 2 ** 21, 3 * 2 ** 19, 2 ** 20]) {
    let big;
    try { big = chain(n); } catch (e) { console.log(`chain(${n}): ${e.message}`); continue; }
    add(`frame(1) chain ${n} (the lightest step)`, timed(() => big.frame(1)));
    big.setRobust({ substeps: 1, iterations: 1, nearPasses: 1, chains: false });
    try {
      add(`robustStep(1/60) chain ${n}, 1 substep`, timed(() => big.robustStep(1 / 60)));
    } catch (e) {
      console.log(`robustStep on chain(${n}): ${e.message}`); // its scratch may not fit beside it
    }
    big.destroy();
    break;
  }
}

add(`ballRun(${LIMITS.JS_BALL_MAX_STEPS} steps x ${LIMITS.JS_BALL_MAX_SUBSTEPS / LIMITS.JS_BALL_MAX_STEPS | 0})`,
  timed(() => silk.ballRun({ steps: LIMITS.JS_BALL_MAX_STEPS, substeps: Math.floor(LIMITS.JS_BALL_MAX_SUBSTEPS / LIMITS.JS_BALL_MAX_STEPS) })));
add(`ballRun(4096 steps x ${LIMITS.JS_BALL_MAX_SUBSTEPS / 4096})`,
  timed(() => silk.ballRun({ steps: 4096, substeps: LIMITS.JS_BALL_MAX_SUBSTEPS / 4096 })));

console.log(`largest admitted call of each entry (LIMITS.LAB_MAX_PASSES = ${LIMITS.LAB_MAX_PASSES}, CALL_MAX_PASSES = ${LIMITS.CALL_MAX_PASSES}); phone = ${PHONE_FACTOR}x this CPU time`);
console.log(table(['call', 'cpu ms', 'wall ms', `phone s (x${PHONE_FACTOR})`, `<= ${BUDGET_S} s`],
  rows.map((r) => [r.call, fix(r.cpu, 0), fix(r.wall, 0), fix((r.cpu * PHONE_FACTOR) / 1000, 2), r.cpu * PHONE_FACTOR <= BUDGET_S * 1000 ? 'yes' : 'NO']),
  ['l', 'r', 'r', 'r', 'l']));
const worst = rows.reduce((a, b) => (b.cpu > a.cpu ? b : a));
console.log(`worst: ${worst.call}, ${fix(worst.cpu, 0)} ms of CPU here, ${fix((worst.cpu * PHONE_FACTOR) / 1000, 2)} s at ${PHONE_FACTOR}x`);
writeSummary('workbound', { phoneFactor: PHONE_FACTOR, budgetSeconds: BUDGET_S, rows });
