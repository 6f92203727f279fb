#!/usr/bin/env node
// bench/peers.mjs -- Silk's robust solver (wasm) against what a user would pick instead, in the
// same Node process: matter-js 0.20 (Verlet + position relaxation) and
// @dimforge/rapier2d-compat 0.21 (its SoftBody, and a revolute-joint chain for the rope).
// Prints; asserts nothing.
//
//   npm ci && scripts/build.sh && node bench/peers.mjs [--quick] [--balls]
// (--balls: only the balls-in-a-box rows; --balls --silk-only: only Silk's rows of them;
// --balls --no-matter: Silk's and Rapier's; --balls --same-depth: piles of one depth, below;
//  --counts=1000,20000: those ball counts)
//
// Scenes (a rope and a cloth: bodies every peer can build), 1 m = 100 px, gravity 9.81 m/s^2, a fixed step of 1/60 s, no collisions:
//   rope   60 links of 0.1 m, pinned at one end, released horizontally
//   cloth  40 x 40 particles 0.1 m apart, every 4th particle of the top row pinned
// Silk's rows include the opt-in settings of docs/notes/2026-12-robust-stiff-cloth.md (near passes, near
// mobility, chains).
// Each setting runs 5 s (300 steps). Reported: ms per step (median and p95 over all steps)
// and link stretch |len - rest| / rest over the last 2 s (largest value, and the mean of
// the per-step means). Silk's links are rigid (compliance 0) and undamped.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Matter from 'matter-js';
import RAPIER from '@dimforge/rapier2d-compat';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulePath = process.env.SILK_MODULE ?? path.join(root, 'build', 'wasm', 'silk.mjs');
const { loadSilk } = await import(pathToFileURL(modulePath).href);
const silk = await loadSilk();
await RAPIER.init();

const QUICK = process.argv.includes('--quick');
const STEPS = QUICK ? 120 : 300;
const WINDOW = QUICK ? 60 : 120;
const H = 1 / 60;
const PX = 100; // px per m
const G = 9.81;

/** Particles and links of a scene, in metres: { points: [[x, y]...], links: [[i, j]...], pins: [i...] }. */
function rope() {
  const points = [];
  for (let i = 0; i <= 60; i++) points.push([i * 0.1, 0]);
  const links = [];
  for (let i = 0; i < 60; i++) links.push([i, i + 1]);
  return { name: 'rope (60 links)', points, links, pins: [0] };
}

function cloth() {
  const n = 40, points = [], links = [], pins = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      points.push([x * 0.1, y * 0.1]);
      if (x > 0) links.push([i - 1, i]);
      if (y > 0) links.push([i - n, i]);
      if (y === 0 && x % 4 === 0) pins.push(i);
    }
  }
  return { name: 'cloth (40 x 40)', points, links, pins };
}

/** Stretch of the links given positions in any unit (rest lengths are 0.1 m = 10 px). */
function linkStretch(links, xy, rest) {
  let max = 0, sum = 0;
  for (const [i, j] of links) {
    const s = Math.abs(Math.hypot(xy[2 * i] - xy[2 * j], xy[2 * i + 1] - xy[2 * j + 1]) - rest) / rest;
    if (s > max) max = s;
    sum += s;
  }
  return [max, sum / links.length];
}

function measure(scene, engine) {
  const times = [];
  let max = 0, meanSum = 0;
  for (let f = 0; f < STEPS; f++) {
    const t0 = performance.now();
    engine.step();
    times.push(performance.now() - t0);
    if (f >= STEPS - WINDOW) {
      const [m, mean] = linkStretch(scene.links, engine.positions(), engine.rest);
      if (!(m <= max)) max = m; // NaN counts as the worst
      meanSum += mean;
    }
  }
  engine.dispose?.();
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)],
    max, mean: meanSum / WINDOW,
  };
}

// ---- Silk, robust solver ---------------------------------------------------------------

/** opts: robust settings beyond substeps (tethers, nearPasses, chains, iterations). */
function silkEngine(scene, substeps, opts = {}) {
  const w = silk.createWorld({
    width: 1e5, height: 1e5, solver: 'robust', substeps, ...opts,
    robust: { gravity: [0, G * PX], damping: 0 }, watchdog: { enabled: false },
  });
  const c = w.addComposite();
  const x0 = 5e4, y0 = 1000;
  for (const [x, y] of scene.points) w.addParticle(c, x0 + x * PX, y0 + y * PX);
  for (const [i, j] of scene.links) w.addDistance(c, i, j, 1, { compliance: 0 });
  for (const i of scene.pins) w.addPin(c, i);
  return {
    rest: 10,
    step: () => w.advance(H),
    positions: () => w.positions,
    dispose: () => w.destroy(),
  };
}

// ---- matter-js ---------------------------------------------------------------------------

function matterEngine(scene, iterations) {
  const engine = Matter.Engine.create({ constraintIterations: iterations, positionIterations: 1, velocityIterations: 1 });
  engine.gravity.y = G * PX / 1000; // scale 0.001: px/ms^2 -> 981 px/s^2
  const pinned = new Set(scene.pins);
  const bodies = scene.points.map(([x, y], i) => Matter.Bodies.circle(x * PX, y * PX, 2, {
    isStatic: pinned.has(i), frictionAir: 0, collisionFilter: { group: -1, mask: 0 },
  }));
  const constraints = scene.links.map(([i, j]) => Matter.Constraint.create({
    bodyA: bodies[i], bodyB: bodies[j], length: 10, stiffness: 1, damping: 0,
  }));
  Matter.Composite.add(engine.world, [...bodies, ...constraints]);
  const xy = new Float64Array(2 * bodies.length);
  return {
    rest: 10,
    step: () => Matter.Engine.update(engine, 1000 * H),
    positions: () => {
      bodies.forEach((b, i) => { xy[2 * i] = b.position.x; xy[2 * i + 1] = b.position.y; });
      return xy;
    },
    dispose: () => Matter.Engine.clear(engine),
  };
}

// ---- Rapier: SoftBody, and a revolute-joint chain -----------------------------------------

function rapierSoftBody(scene, iterations) {
  const world = new RAPIER.World({ x: 0, y: -G });
  world.timestep = H;
  world.numSolverIterations = iterations;
  const flat = new Float32Array(scene.points.flatMap(([x, y]) => [x, -y]));
  const desc = new RAPIER.SoftBodyDesc(flat)
    .setEdges(scene.links.flat())
    .setPinnedParticles(scene.pins)
    .setParticleMass(0.01)
    .setSoftness(1e4, 1); // "stiff": a 10 kHz natural frequency
  const body = world.createSoftBody(desc);
  const xy = new Float64Array(2 * scene.points.length);
  return {
    rest: 0.1,
    step: () => world.step(),
    positions: () => {
      const p = body.particlePositions();
      for (let i = 0; i < xy.length; i++) xy[i] = p[i];
      return xy;
    },
    dispose: () => world.free(),
  };
}

function rapierJointChain(scene, iterations) {
  const world = new RAPIER.World({ x: 0, y: -G });
  world.timestep = H;
  world.numSolverIterations = iterations;
  const pinned = new Set(scene.pins);
  const bodies = scene.points.map(([x, y], i) => world.createRigidBody(
    (pinned.has(i) ? RAPIER.RigidBodyDesc.fixed() : RAPIER.RigidBodyDesc.dynamic())
      .setTranslation(x, -y).setAdditionalMassProperties(0.01, { x: 0, y: 0 }, 0.01 * 0.1 * 0.1 / 12)));
  for (const [i, j] of scene.links) {
    const [xi, yi] = scene.points[i], [xj, yj] = scene.points[j];
    const half = { x: (xj - xi) / 2, y: -(yj - yi) / 2 };
    world.createImpulseJoint(RAPIER.JointData.revolute(half, { x: -half.x, y: -half.y }), bodies[i], bodies[j], true);
  }
  // A body is a rigid 0.1 m segment between its two joints, so body centres are not the rope's
  // points: each point is a body's left joint anchor, and a "link" is the anchor-to-anchor
  // distance, which grows exactly by the joint's separation error.
  const xy = new Float64Array(2 * bodies.length);
  return {
    rest: 0.1,
    step: () => world.step(),
    positions: () => {
      bodies.forEach((b, i) => {
        const t = b.translation(), a = b.rotation();
        xy[2 * i] = t.x - 0.05 * Math.cos(a);
        xy[2 * i + 1] = t.y - 0.05 * Math.sin(a);
      });
      return xy;
    },
    dispose: () => world.free(),
  };
}

// ---- balls settling in a box (issue 29: collisions) ---------------------------------------
//
// N balls of radius 0.05 m (5 px) dropped from a loose grid (spacing 2.4 r) into a box wide
// enough that the settled pile is about half as high as wide; 1/60 s steps for 12 s (720 steps;
// 360 with --quick). Every pile has settled by then except the 20,000 balls at 3 and 4 substeps:
// with sleep on, ~2,300 of those are still awake at 12 s (asleep but a few dozen by 14 s), so
// their "settled" figures are of a pile still coming to rest. At 8 substeps with sleep every pile
// is asleep by 12 s. --same-depth: boxes of one depth -- the 1,000 balls' box made n / 1,000
// times wider, the same rows of balls dropped -- so the cost per ball compares piles that differ
// only in size (the usual boxes' piles grow deeper with n, and a deeper pile presses harder:
// more contacts per ball, more of them sliding). Reported: CPU ms per step
// (process.cpuUsage: every engine here runs on this one thread, and CPU time holds on a loaded
// machine where wall time does not) in two phases -- free fall (the first 30 steps, before any
// ball lands) and settled (the last 120: the pile at rest, the costly case) -- median and p95;
// us per ball (settled), and the overlap at the
// end -- max over pairs of (r_a + r_b - |a - b|) / r and the 99th percentile -- measured the
// same way (a grid in JS) for every engine, so rows compare at equal quality.

const BALL_R = 0.05; // m
const BALL_STEPS = QUICK ? 360 : 720;
const SAME_DEPTH = process.argv.includes('--same-depth');
const SILK_ONLY = process.argv.includes('--silk-only'); // --balls --silk-only: no peer rows
const NO_MATTER = process.argv.includes('--no-matter'); // --balls --no-matter: Silk and Rapier only

function ballBox(n) {
  const deep = (m) => Math.sqrt(2 * 0.0092 * m); // m: settled pile ~ width / 2 high
  const width = (SAME_DEPTH ? deep(1000) * n / 1000 : deep(n)) + 4 * BALL_R;
  const spacing = 2.4 * BALL_R;
  const columns = Math.floor((width - 2 * spacing) / spacing);
  const rows = Math.ceil(n / columns);
  const room = SAME_DEPTH ? deep(1000) + 4 * BALL_R : width; // above the pile for the loose grid
  const height = rows * spacing + room;
  const points = [];
  for (let k = 0; k < n; k++) {
    const row = Math.floor(k / columns), col = k % columns;
    points.push([spacing + col * spacing + (row % 2 ? BALL_R * 0.5 : 0), height - spacing - row * spacing]);
  }
  return { n, width, height, points }; // y up from the floor, metres
}

/** Overlap of equal discs of radius r at xy (any unit): [max / r, p99 / r]. */
function overlap(xy, count, r) {
  const cell = 2 * r, grid = new Map(), depths = [];
  const key = (cx, cy) => cx * 1000003 + cy;
  for (let i = 0; i < count; i++) {
    const k = key(Math.floor(xy[2 * i] / cell), Math.floor(xy[2 * i + 1] / cell));
    if (!grid.has(k)) grid.set(k, []);
    grid.get(k).push(i);
  }
  for (let i = 0; i < count; i++) {
    const cx = Math.floor(xy[2 * i] / cell), cy = Math.floor(xy[2 * i + 1] / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(key(cx + dx, cy + dy)) ?? []) {
          if (j <= i) continue;
          const d = 2 * r - Math.hypot(xy[2 * i] - xy[2 * j], xy[2 * i + 1] - xy[2 * j + 1]);
          if (d > 0) depths.push(d / r);
        }
      }
    }
  }
  depths.sort((a, b) => a - b);
  return [depths.length ? depths[depths.length - 1] : 0, depths.length ? depths[Math.floor(0.99 * (depths.length - 1))] : 0];
}

/** sleep: robust sleep on (silk.h "Sleeping": a settled island is not integrated or solved). */
function silkBalls(box, substeps, sleep = false) {
  const w = silk.createWorld({
    width: box.width * PX, height: box.height * PX, solver: 'robust', substeps,
    robust: { gravity: [0, G * PX], damping: 0, sleep }, watchdog: { enabled: false },
  });
  const c = w.addComposite();
  w.setCollisionFilter(c, { selfCollide: true });
  const floor = box.height * PX - 1;
  for (const [x, y] of box.points) w.setRadius(w.addParticle(c, x * PX, floor - y * PX), BALL_R * PX);
  return {
    r: BALL_R * PX,
    step: () => w.advance(H),
    positions: () => w.positions,
    asleep: () => w.diagnostics().sleeping,
    dispose: () => w.destroy(),
  };
}

function matterBalls(box, iterations) {
  const engine = Matter.Engine.create({ positionIterations: iterations, velocityIterations: iterations });
  engine.gravity.y = G * PX / 1000;
  const W = box.width * PX, Hh = box.height * PX, r = BALL_R * PX, t = 50;
  const walls = [
    Matter.Bodies.rectangle(W / 2, Hh + t / 2, W + 2 * t, t, { isStatic: true }),
    Matter.Bodies.rectangle(-t / 2, Hh / 2, t, Hh * 2, { isStatic: true }),
    Matter.Bodies.rectangle(W + t / 2, Hh / 2, t, Hh * 2, { isStatic: true }),
  ];
  const bodies = box.points.map(([x, y]) => Matter.Bodies.circle(x * PX, Hh - y * PX, r, { frictionAir: 0, restitution: 0 }));
  Matter.Composite.add(engine.world, [...walls, ...bodies]);
  const xy = new Float64Array(2 * bodies.length);
  return {
    r,
    step: () => Matter.Engine.update(engine, 1000 * H),
    positions: () => {
      bodies.forEach((b, i) => { xy[2 * i] = b.position.x; xy[2 * i + 1] = b.position.y; });
      return xy;
    },
    dispose: () => Matter.Engine.clear(engine),
  };
}

function rapierBalls(box, iterations) {
  const world = new RAPIER.World({ x: 0, y: -G });
  world.timestep = H;
  world.numSolverIterations = iterations;
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const t = 0.5;
  world.createCollider(RAPIER.ColliderDesc.cuboid(box.width / 2 + t, t).setTranslation(box.width / 2, -t), ground);
  world.createCollider(RAPIER.ColliderDesc.cuboid(t, box.height).setTranslation(-t, box.height), ground);
  world.createCollider(RAPIER.ColliderDesc.cuboid(t, box.height).setTranslation(box.width + t, box.height), ground);
  const bodies = box.points.map(([x, y]) => {
    const b = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y));
    world.createCollider(RAPIER.ColliderDesc.ball(BALL_R), b);
    return b;
  });
  const xy = new Float64Array(2 * bodies.length);
  return {
    r: BALL_R,
    step: () => world.step(),
    positions: () => {
      bodies.forEach((b, i) => { const p = b.translation(); xy[2 * i] = p.x; xy[2 * i + 1] = p.y; });
      return xy;
    },
    dispose: () => world.free(),
  };
}

function measureBalls(box, engine) {
  const times = [];
  for (let f = 0; f < BALL_STEPS; f++) {
    const c0 = process.cpuUsage();
    engine.step();
    const c1 = process.cpuUsage(c0);
    times.push((c1.user + c1.system) / 1000); // CPU ms of this (single-threaded) process
  }
  const [max, p99] = overlap(engine.positions(), box.n, engine.r);
  const asleep = engine.asleep?.();
  engine.dispose?.();
  const stats = (t) => {
    t.sort((a, b) => a - b);
    return [t[Math.floor(t.length / 2)], t[Math.floor(t.length * 0.95)]];
  };
  const [fall] = stats(times.slice(0, 30));
  const [median, p95] = stats(times.slice(-120));
  return { fall, median, p95, max, p99, asleep };
}

function runBalls() {
  const given = process.argv.find((a) => a.startsWith('--counts='));
  const counts = given ? given.slice(9).split(',').map(Number) : QUICK ? [1000, 5000] : [1000, 5000, 10000, 20000];
  for (const n of counts) {
    const box = ballBox(n);
    console.log(`\nballs settling in a box: ${n} balls (r = 5 px), ${BALL_STEPS} steps of 1/60 s, box ${(box.width * PX).toFixed(0)} px wide`);
    console.log(`  ${'engine / setting'.padEnd(40)}${'fall ms'.padStart(9)}${'settled median'.padStart(16)}${'p95 ms'.padStart(9)}${'us/ball'.padStart(9)}${'overlap max/r'.padStart(15)}${'p99/r'.padStart(8)}`);
    const rows = [];
    const add = (label, make) => {
      const r = measureBalls(box, make());
      rows.push({ label, ...r });
      const sleeping = r.asleep !== undefined && label.includes('sleep') ? `  (${r.asleep} asleep at the end)` : '';
      console.log(`  ${label.padEnd(40)}${r.fall.toFixed(2).padStart(9)}${r.median.toFixed(2).padStart(16)}${r.p95.toFixed(2).padStart(9)}${(1000 * r.median / n).toFixed(2).padStart(9)}${r.max.toFixed(3).padStart(15)}${r.p99.toFixed(3).padStart(8)}${sleeping}`);
    };
    for (const s of [2, 3, 4, 8]) add(`silk robust, ${s} substeps`, () => silkBalls(box, s));
    for (const s of [3, 4, 8]) add(`silk robust, ${s} substeps + sleep`, () => silkBalls(box, s, true));
    if (SILK_ONLY) continue;
    if ((n <= 5000 || !QUICK) && !NO_MATTER) for (const it of [2, 6]) add(`matter-js, ${it} position/velocity it.`, () => matterBalls(box, it));
    for (const it of [2, 4]) add(`rapier, ${it} solver iterations`, () => rapierBalls(box, it));
    const silkRows = rows.filter((r) => r.label.startsWith('silk'));
    console.log('  silk against each peer setting (fastest silk setting with the same or lower max overlap):');
    for (const p of rows.filter((r) => !r.label.startsWith('silk'))) {
      const s = silkRows.filter((r) => r.max <= p.max).sort((a, b) => a.median - b.median)[0];
      console.log(`    ${p.label}: ${s ? `${s.label}, ${(p.median / s.median).toFixed(1)}x faster (median)` : 'no silk setting as low'}`);
    }
  }
}

// ---- run ----------------------------------------------------------------------------------

const pct = (v) => (Number.isFinite(v) ? `${(100 * v).toFixed(3)}%` : String(v));
for (const scene of process.argv.includes('--balls') ? [] : [rope(), cloth()]) {
  console.log(`\n${scene.name}: ${scene.points.length} particles, ${scene.links.length} links, ${STEPS} steps of 1/60 s`);
  console.log(`  ${'engine / setting'.padEnd(50)}${'median ms'.padStart(10)}${'p95 ms'.padStart(9)}${'max stretch'.padStart(13)}${'mean stretch'.padStart(14)}`);
  const rows = [];
  const add = (label, make) => {
    const r = measure(scene, make());
    rows.push({ label, ...r });
    console.log(`  ${label.padEnd(50)}${r.median.toFixed(3).padStart(10)}${r.p95.toFixed(3).padStart(9)}${pct(r.max).padStart(13)}${pct(r.mean).padStart(14)}`);
  };
  for (const n of [4, 8, 12, 16, 24, 32]) add(`silk robust, ${n} substeps`, () => silkEngine(scene, n));
  for (const n of [8, 16]) add(`silk robust, ${n} substeps + tethers`, () => silkEngine(scene, n, { tethers: true }));
  // the opt-in settings of docs/notes/2026-12-robust-stiff-cloth.md: repeated near passes (the cloth's taut
  // top row), and the chain solve (one tridiagonal solve per path per pass: the rope)
  for (const [n, p] of [[16, 6], [18, 4], [20, 3]]) {
    add(`silk robust, ${n} substeps, ${p} near passes`, () => silkEngine(scene, n, { nearPasses: p }));
  }
  // near mobility: the near pass weighted towards the pins (the cloth's taut top row)
  for (const [n, m] of [[14, 0.3], [15, 0.25], [16, 0.25]]) {
    add(`silk robust, ${n} substeps, near mobility ${m}`, () => silkEngine(scene, n, { nearMobility: m }));
  }
  for (const [n, it] of [[2, 2], [4, 1], [6, 1], [8, 1]]) {
    add(`silk robust, ${n} substeps x ${it} it., chains`, () => silkEngine(scene, n, { chains: true, iterations: it }));
  }
  add('silk robust, 2 substeps x 2 it., chains + tethers', () => silkEngine(scene, 2, { chains: true, iterations: 2, tethers: true }));
  for (const it of [2, 4, 8]) add(`matter-js, ${it} constraint iterations`, () => matterEngine(scene, it));
  for (const it of [4, 8, 16]) add(`rapier SoftBody, ${it} iterations`, () => rapierSoftBody(scene, it));
  if (scene.name.startsWith('rope')) {
    for (const it of [4, 8, 16]) add(`rapier revolute chain, ${it} iterations`, () => rapierJointChain(scene, it));
  }
  const silkRows = rows.filter((r) => r.label.startsWith('silk'));
  console.log('  silk against each peer setting (fastest silk setting with the same or lower max stretch):');
  for (const p of rows.filter((r) => !r.label.startsWith('silk'))) {
    const s = silkRows.filter((r) => r.max <= p.max).sort((a, b) => a.median - b.median)[0];
    console.log(`    ${p.label}: ${s ? `${s.label}, ${(p.median / s.median).toFixed(1)}x faster (median)` : 'no silk setting as low'}`);
  }
}
runBalls();
