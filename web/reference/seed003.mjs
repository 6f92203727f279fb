// seed003.mjs -- seed 003's rope code, transcribed into plain JS: the reference the rope lab and
// its tests measure the engine against, and the source of the "Verlet never gains energy"
// counter-example. Nothing here is Silk: it is the seed's own code shape, kept small enough to
// check against the article line by line.
//
//   updateVerlet(p, g, dt, damping)    section 1: x += (x - old) * damping (+ g dt^2 on y)
//   createRope(n, link, x, y)          section 8's initialize(): pinned at particle 0
//   stepPhysics(rope, dt, options)     section 8's stepPhysics(): integrate, then `iterations`
//                                      passes of section 2's satisfyConstraint over the links
//                                      in order (dist === 0 is skipped: the seed's
//                                      coincident-point guard)
//   ropeStretch(rope)                  max and mean |len - rest| / rest
//   pendulumRise(dt1, dt2, t)          the "never gains energy" test (seed003.5 in lab/)
//
// options.weighting: 'printed' (the seed's code: 0.5 each, a pinned end does not move, so a
// link to a pin is corrected only halfway) or 'inverse-mass' (the seed's checklist item 4:
// corrections split by w = 1/m, pinned w = 0, so a link to a pin is corrected fully). Silk's
// robust solver with compliance 0, one substep and N iterations at h = 1/120 s runs the second
// one (tests/js/lab.test.mjs checks it to rounding); the rope lab shows both.

/** Section 1. */
export function updateVerlet(p, gravityY, dt, damping = 0.99) {
  if (p.pinned) return;
  const vx = (p.x - p.oldX) * damping;
  const vy = (p.y - p.oldY) * damping;
  p.oldX = p.x;
  p.oldY = p.y;
  p.x += vx;
  p.y += vy + gravityY * dt * dt;
}

/** Section 8's initialize(): a vertical chain from (x, y), particle 0 pinned; w = 1/mass. */
export function createRope(n = 20, link = 10, x = 200, y = 100) {
  const particles = [];
  const constraints = [];
  for (let i = 0; i < n; i++) {
    const py = y + i * link;
    particles.push({ x, y: py, oldX: x, oldY: py, pinned: i === 0, w: i === 0 ? 0 : 1 });
    if (i > 0) constraints.push({ p1Idx: i - 1, p2Idx: i, length: link });
  }
  return { particles, constraints };
}

/** Section 8's stepPhysics(dt, gravityY), with the iterations, damping and weighting as options. */
export function stepPhysics(rope, dt, { iterations = 5, gravityY = 980, damping = 0.99, weighting = 'printed' } = {}) {
  const dtSq = dt * dt;
  for (const p of rope.particles) {
    if (p.pinned) continue;
    const vx = (p.x - p.oldX) * damping;
    const vy = (p.y - p.oldY) * damping;
    p.oldX = p.x;
    p.oldY = p.y;
    p.x += vx;
    p.y += vy + gravityY * dtSq;
  }
  for (let iter = 0; iter < iterations; iter++) {
    for (const c of rope.constraints) {
      const p1 = rope.particles[c.p1Idx];
      const p2 = rope.particles[c.p2Idx];
      const dx = p2.x - p1.x;
      const dy = p2.y - p1.y;
      const currentDist = Math.hypot(dx, dy);
      if (currentDist === 0) continue;
      if (weighting === 'printed') {
        const diff = (currentDist - c.length) / currentDist;
        const offsetX = dx * 0.5 * diff;
        const offsetY = dy * 0.5 * diff;
        if (!p1.pinned) { p1.x += offsetX; p1.y += offsetY; }
        if (!p2.pinned) { p2.x -= offsetX; p2.y -= offsetY; }
      } else {
        const wsum = p1.w + p2.w;
        if (wsum === 0) continue;
        const s = (currentDist - c.length) / currentDist / wsum;
        p1.x += dx * s * p1.w; p1.y += dy * s * p1.w;
        p2.x -= dx * s * p2.w; p2.y -= dy * s * p2.w;
      }
    }
  }
}

/** max and mean of |len - rest| / rest over the links. */
export function ropeStretch(rope) {
  let max = 0;
  let sum = 0;
  for (const c of rope.constraints) {
    const p1 = rope.particles[c.p1Idx];
    const p2 = rope.particles[c.p2Idx];
    const e = Math.abs(Math.hypot(p2.x - p1.x, p2.y - p1.y) - c.length) / c.length;
    if (e > max) max = e;
    sum += e;
  }
  return { max, mean: sum / rope.constraints.length };
}

/**
 * The seed's claim "Verlet never stores a velocity, so it never gains energy", tested on its own
 * updateVerlet: a 100 px pendulum released level with its pivot (g 980 px/s^2, no damping), the
 * bob put back on its circle after every update (the pivot is pinned: inverse-mass weighting
 * gives the bob the whole correction). The frame time is dtBefore until `switchAt` seconds,
 * then dtAfter -- a display that changes rate mid-swing, fed to updateVerlet(p, g, dt) without
 * the seed's fixed-step substepper. Returns how far the bob rises above the pivot's level after
 * the switch, px: at most 0 when no energy was gained. lab/seed003.c (seed003.5) runs the same.
 */
export function pendulumRise(dtBefore, dtAfter, switchAt, { seconds = 4, gravityY = 980 } = {}) {
  const px = 500;
  const py = 500;
  const len = 100;
  const p = { x: px + len, y: py, oldX: px + len, oldY: py, pinned: false };
  let t = 0;
  let highest = Infinity;
  while (t < seconds) {
    const dt = t < switchAt ? dtBefore : dtAfter;
    updateVerlet(p, gravityY, dt, 1);
    const dx = p.x - px;
    const dy = p.y - py;
    const d = Math.sqrt(dx * dx + dy * dy);
    p.x = px + dx * len / d;
    p.y = py + dy * len / d;
    t += dt;
    if (t > switchAt + 0.05 && p.y < highest) highest = p.y;
  }
  return py - highest;
}
