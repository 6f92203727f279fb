// selfcheck.mjs -- quick sanity run of the plain-JS reference.
// Usage: node tests/reference/selfcheck.mjs
import { createWorld, spiderPage, splitmix64 } from './verlet-ref.mjs';

let failures = 0;
function check(label, ok, extra = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${extra ? ': ' + extra : ''}`);
  if (!ok) failures++;
}

// --- SplitMix64: published vector for seed 1234567 --------------------------
{
  const g = splitmix64(1234567);
  const got = [g.next(), g.next(), g.next()].map(String);
  const want = ['6457827717110365317', '3203168211198807973', '9817491932198370423'];
  check('splitmix64(1234567) first outputs', got.join() === want.join(), got.join(' '));
  const r = splitmix64(1);
  const first = r.rand();
  check('rand() in [0,1) (seed 1 first draw)', first >= 0 && first < 1, String(first));
}

// --- spider page scene ------------------------------------------------------
const W = 800, H = 500;
const page = spiderPage({ width: W, height: H });
const webId = page.webComposite, spiderId = page.spiderComposite;
const np = page.particleCount(), nc = page.constraintCount();
console.log(`web: ${page.compositeParticles(webId).length} particles, ${page.compositeConstraintCount(webId)} constraints`);
console.log(`spider: ${page.compositeParticles(spiderId).length} particles, ${page.compositeConstraintCount(spiderId)} constraints`);
check('particles 140+35=175', np === 175, String(np));
check('constraints 284+67=351', nc === 351, String(nc));

const webCons = page.constraints(webId);
check('web: 5 pins come first', webCons.slice(0, 5).every((c) => c.kind === 'pin') && webCons[5].kind === 'distance');
{
  const n = 140;
  const dup = webCons.filter((c) => c.kind === 'distance' && c.a === n - 2 && c.b === n - 1).length;
  check('web: ring constraint (n-2, n-1) appears twice', dup === 2, String(dup));
}
const body = page.constraint(spiderId, 2);
check('spider body angle target is exactly -Math.PI', body.kind === 'angle' && Object.is(body.target, -Math.PI), String(body.target));

// --- 1000 frames of spiderTick() + frame(16) --------------------------------
function stats(w) {
  const p = w.positions;
  let nan = 0, rmax = 0;
  for (let i = 0; i < p.length; i += 2) {
    const x = p[i], y = p[i + 1];
    if (Number.isNaN(x) || Number.isNaN(y)) { nan++; continue; }
    const r = Math.hypot(x - W / 2, y - H / 2);
    if (r > rmax) rmax = r;
  }
  return { nan, rmax };
}
{
  const w = spiderPage({ width: W, height: H });
  const t0 = performance.now();
  for (let f = 0; f < 1000; ++f) { w.spiderTick(); w.frame(16); }
  const ms = (performance.now() - t0) / 1000;
  const s = stats(w);
  console.log(`after 1000 frames: NaN particles = ${s.nan}, bounding radius about (400,250) = ${s.rmax.toFixed(3)} px, ` +
    `spider constraints = ${w.compositeConstraintCount(w.spiderComposite)}, legIndex = ${w.legIndex}, ${ms.toFixed(3)} ms/frame`);
  check('no NaN after 1000 frames', s.nan === 0);
  check('bounded after 1000 frames (radius < 400)', s.rmax < 400);
}

// --- drop: frames until the thorax first reaches y >= 250 (from y = -300) ---
// The seed article's 84 frames is the free fall: the page scene run with
// frame(16) only (no crawl, so nothing ties the spider to the web) gives 84.
// With the page loop (spiderTick() + frame(16)) the feet grip the web from
// about frame 67 on and the drop time depends on the random draws.
function dropFrames(withCrawl, seed = 1) {
  const w = spiderPage({ width: W, height: H, seed });
  const T = w.spiderParts().thorax;
  let frames = 0;
  while (w.positions[2 * T + 1] < 250 && frames < 10000) {
    if (withCrawl) w.spiderTick();
    w.frame(16);
    frames++;
  }
  return frames;
}
{
  const free = dropFrames(false);
  console.log(`drop, page scene, frame(16) only: thorax reaches y >= 250 after ${free} frames`);
  check('drop without crawl takes 84 frames (seed article)', free === 84, String(free));
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
  console.log(`drop, page loop spiderTick()+frame(16), seeds ${seeds.join(',')}: ${seeds.map((s) => dropFrames(true, s)).join(' ')} frames`);
}

// --- other builders: counts -------------------------------------------------
{
  const w = createWorld({ width: W, height: H, gravity: [0, 0], friction: 0.98 });
  const t1 = w.tree({ x: W / 4, y: H - 120, depth: 5, branchLength: 70, segmentCoef: 0.95, theta: (Math.PI / 2) / 3 });
  w.tree({ x: W - W / 4, y: H - 120, depth: 5, branchLength: 70, segmentCoef: 0.95, theta: (Math.PI / 2) / 3 });
  const n1 = w.compositeParticles(t1).length, c1 = w.compositeConstraintCount(t1);
  check('tree: 65 particles, 128 constraints (2 pins, 63 distances, 63 angles)', n1 === 65 && c1 === 128, `${n1}/${c1}`);
  for (let i = 0; i < 600; ++i) w.frame(16);
  check('tree page: no NaN after 600 frames', stats(w).nan === 0);
}
{
  const w = createWorld({ width: W, height: H, friction: 1 });
  const c = w.cloth({ x: 400, y: 500 / 3, width: 250, height: 250, segments: 20, pinMod: 6, stiffness: 0.9 });
  const nn = w.compositeParticles(c).length, cc = w.compositeConstraintCount(c);
  check('cloth: 400 particles, 760 distances + 4 pins', nn === 400 && cc === 764, `${nn}/${cc}`);
  for (let i = 0; i < 600; ++i) w.frame(16);
  check('cloth page: no NaN after 600 frames', stats(w).nan === 0);
}
{
  const w = createWorld({ width: W, height: H, friction: 1 });
  const seg = w.lineSegments({ points: [[20, 10], [40, 10], [60, 10], [80, 10], [100, 10]], stiffness: 0.02 });
  const ps = w.compositeParticles(seg);
  w.addPin(seg, ps[0]);
  w.addPin(seg, ps[4]);
  w.tire({ x: 200, y: 50, radius: 50, segments: 30, spokeStiffness: 0.3, treadStiffness: 0.9 });
  w.tire({ x: 400, y: 50, radius: 70, segments: 7, spokeStiffness: 0.1, treadStiffness: 0.2 });
  w.tire({ x: 600, y: 50, radius: 70, segments: 3, spokeStiffness: 1, treadStiffness: 1 });
  check('shapes: 5+31+8+4 = 48 particles, 6+90+21+9 = 126 constraints',
    w.particleCount() === 48 && w.constraintCount() === 126, `${w.particleCount()}/${w.constraintCount()}`);
  for (let i = 0; i < 600; ++i) w.frame(16);
  check('shapes page: no NaN after 600 frames', stats(w).nan === 0);
}

// --- spec mode vs originalVec2 mode on a finite run: expected bit-identical -
{
  const a = spiderPage({ width: W, height: H });
  const b = spiderPage({ width: W, height: H, originalVec2: true });
  for (let f = 0; f < 1000; ++f) { a.spiderTick(); a.frame(16); b.spiderTick(); b.frame(16); }
  const ba = new Uint8Array(a.positions.buffer, a.positions.byteOffset, a.positions.byteLength);
  const bb = new Uint8Array(b.positions.buffer, b.positions.byteOffset, b.positions.byteLength);
  check('spec mode == originalVec2 mode bit for bit (1000 spider frames)', ba.length === bb.length && ba.every((v, i) => v === bb[i]));
}

// --- frame(1) blow-up: where the spec and the original's Vec2 coercion part --
// (informative; see NOTES.md "Vec2 coercion"). The seed article reports a
// finite 4.29e+152 px radius and no NaN after 120 frames of frame(1).
for (const ov of [false, true]) {
  const w = spiderPage({ width: W, height: H, seed: 2, originalVec2: ov });
  for (let f = 0; f < 120; ++f) { w.spiderTick(); w.frame(1); }
  const s = stats(w);
  console.log(`info frame(1) x120, seed 2, ${ov ? 'originalVec2' : 'spec mode   '}: NaN particles = ${s.nan}, finite radius = ${s.rmax.toExponential(3)}`);
}

// --- drag: a pinned web particle moves its pin target ------------------------
{
  const w = spiderPage({ width: W, height: H });
  const web = w.constraints(w.webComposite);
  const pinned = web[0].a;
  w.drag(pinned, 100, 100);
  w.frame(16);
  const after = w.constraint(w.webComposite, 0).target;
  check('drag of a pinned particle moves the pin target', after[0] === 100 && after[1] === 100, after.join());
  w.release();
}

console.log(failures ? `${failures} check(s) FAILED` : 'all checks passed');
process.exitCode = failures ? 1 : 0;
