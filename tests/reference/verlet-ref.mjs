// verlet-ref.mjs -- plain-JavaScript reference of the verlet-js (Sub Protocol,
// 2013) semantics as written in the project's verlet-js semantics notes (not in this
// repository; NOTES.md beside this file records how they were checked against the original).
//
// Written from the spec, operation by operation, in the spec's operand order
// and association, so that its doubles are bit-identical to Silk's compat
// solver. No dependencies; runs in Node >= 20 and in browsers (ES module).
//
// Layout: positions p and last positions q live in flat Float64Arrays
// (x0,y0,x1,y1,...), indexed by global particle index (creation order).
// Every composite keeps its particle indices and its constraints in
// insertion order (constraints as parallel arrays: kind, a, b, c, k, rest,
// pin target).
//
// Option `originalVec2` (default false, NOT part of the spec): the original
// Vec2 constructor stores `x || 0`, so every vector the original builds with
// add/sub/scale/normal/rotate/new Vec2 turns NaN and -0 into +0. Turning the
// option on applies that coercion at exactly those places. It changes
// nothing in finite runs that never hold a -0 coordinate; it changes how
// NaN spreads (see tests/reference/NOTES.md).

export const DISTANCE = 0;
export const PIN = 1;
export const ANGLE = 2;
const KIND_NAMES = ['distance', 'pin', 'angle'];

const MASK64 = (1n << 64n) - 1n;
const TWO_POW_M53 = 2 ** -53;

// SplitMix64 with a BigInt state; rand() = (next >> 11) * 2^-53.
export function splitmix64(seed = 1) {
  let state = BigInt.asUintN(64, BigInt(seed));
  function next() {
    state = (state + 0x9E3779B97F4A7C15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
    return z ^ (z >> 31n);
  }
  return {
    next,
    rand() { return Number(next() >> 11n) * TWO_POW_M53; },
    get state() { return state; },
  };
}

function newComposite() {
  return {
    particles: [], // global particle indices, insertion order
    kind: [], // DISTANCE | PIN | ANGLE
    a: [], b: [], c: [], // global particle indices (-1 when unused)
    k: [], // stiffness (NaN for pins)
    r: [], // distance: rest length; angle: target angle; pin: NaN
    tx: [], ty: [], // pin target (NaN otherwise)
    hint: [], // drawing hint (tree branch depth ratio i/depth), NaN if none
  };
}

export function createWorld(opts = {}) {
  const {
    width = 800,
    height = 500,
    gravity = [0, 0.2],
    friction = 0.99,
    groundFriction = 0.8,
    seed = 1,
    originalVec2 = false,
  } = opts;

  const rng = splitmix64(seed);
  const rand = rng.rand;
  const co = !!originalVec2;
  // The original's Vec2 constructor coercion (only when originalVec2 is on).
  const Z = co ? (v) => v || 0 : (v) => v;

  let cap = 64;
  let P = new Float64Array(cap * 2);
  let Q = new Float64Array(cap * 2);
  let n = 0; // particle count
  const owner = []; // composite of each particle
  const leaf = []; // tree leaf flag per particle
  const comps = [];

  let webComp = -1;
  let spiderComp = -1;
  let spiderParts = null;
  let legIndex = 0;

  // drag state: pointer (mx,my) and the dragged entity
  let mx = 0, my = 0;
  let dragParticle = -1; // particle index being dragged (-1: none)
  let dragPinComp = -1, dragPinIdx = -1; // pin chosen instead, if any

  function grow(need) {
    if (need <= cap) return;
    while (cap < need) cap *= 2;
    const P2 = new Float64Array(cap * 2); P2.set(P.subarray(0, n * 2)); P = P2;
    const Q2 = new Float64Array(cap * 2); Q2.set(Q.subarray(0, n * 2)); Q = Q2;
  }

  function comp(c) {
    const C = comps[c];
    if (!C) throw new RangeError('no composite ' + c);
    return C;
  }

  function addComposite() {
    comps.push(newComposite());
    return comps.length - 1;
  }

  // A new particle copies its position: p = q = (x, y) (no coercion: the
  // original's Particle copies with mutableSet).
  function addParticle(c, x, y) {
    const C = comp(c);
    grow(n + 1);
    const i = n++;
    P[2 * i] = x; P[2 * i + 1] = y;
    Q[2 * i] = x; Q[2 * i + 1] = y;
    owner[i] = c;
    leaf[i] = false;
    C.particles.push(i);
    return i;
  }

  function pushConstraint(C, kind, a, b, cc, k, r, tx, ty) {
    C.kind.push(kind); C.a.push(a); C.b.push(b); C.c.push(cc);
    C.k.push(k); C.r.push(r); C.tx.push(tx); C.ty.push(ty); C.hint.push(NaN);
    return C.kind.length - 1;
  }

  function checkParticle(i) {
    if (!(Number.isInteger(i) && i >= 0 && i < n)) throw new RangeError('no particle ' + i);
  }

  // |a - b| at creation: sqrt(dx*dx + dy*dy) with dx = ax - bx.
  function currentLength(a, b) {
    const dx = Z(P[2 * a] - P[2 * b]);
    const dy = Z(P[2 * a + 1] - P[2 * b + 1]);
    return Math.sqrt(dx * dx + dy * dy);
  }

  function addDistance(c, a, b, stiffness, rest) {
    const C = comp(c);
    checkParticle(a); checkParticle(b);
    const d = rest === undefined ? currentLength(a, b) : rest;
    return pushConstraint(C, DISTANCE, a, b, -1, stiffness, d, NaN, NaN);
  }

  function addPin(c, i, x, y) {
    const C = comp(c);
    checkParticle(i);
    const tx = x === undefined ? P[2 * i] : x;
    const ty = y === undefined ? P[2 * i + 1] : y;
    return pushConstraint(C, PIN, i, -1, -1, NaN, NaN, tx, ty);
  }

  // angle(a, b, c): u = a - b, v = c - b, atan2(ux*vy - uy*vx, ux*vx + uy*vy)
  function angleOf(a, b, cc) {
    const A = 2 * a, B = 2 * b, C = 2 * cc;
    let ux = P[A] - P[B], uy = P[A + 1] - P[B + 1];
    let vx = P[C] - P[B], vy = P[C + 1] - P[B + 1];
    if (co) { ux = ux || 0; uy = uy || 0; vx = vx || 0; vy = vy || 0; }
    return Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  }

  function addAngle(c, a, b, cc, stiffness) {
    const C = comp(c);
    checkParticle(a); checkParticle(b); checkParticle(cc);
    return pushConstraint(C, ANGLE, a, b, cc, stiffness, angleOf(a, b, cc), NaN, NaN);
  }

  // rot(p, o, t) in place on the flat array: x = px - ox, y = py - oy,
  // p' = (((x*cos t) - (y*sin t)) + ox, ((x*sin t) + (y*cos t)) + oy).
  function rot(p, o, t) {
    const ox = P[o], oy = P[o + 1];
    const x = P[p] - ox, y = P[p + 1] - oy;
    const ct = Math.cos(t), st = Math.sin(t);
    let rx = x * ct - y * st + ox;
    let ry = x * st + y * ct + oy;
    if (co) { rx = rx || 0; ry = ry || 0; }
    P[p] = rx; P[p + 1] = ry;
  }

  function frame(step) {
    const f = world.friction, gf = world.groundFriction;
    const gx = world.gravity[0], gy = world.gravity[1];
    const H1 = world.height - 1, W1 = world.width - 1;
    const nComps = comps.length;

    // 1. integrate
    for (let ci = 0; ci < nComps; ++ci) {
      const ps = comps[ci].particles;
      for (let m = 0, len = ps.length; m < len; ++m) {
        const ix = 2 * ps[m], iy = ix + 1;
        let vx, vy;
        if (co) {
          vx = ((P[ix] - Q[ix]) || 0) * f || 0;
          vy = ((P[iy] - Q[iy]) || 0) * f || 0;
        } else {
          vx = (P[ix] - Q[ix]) * f;
          vy = (P[iy] - Q[iy]) * f;
        }
        if (P[iy] >= H1 && vx * vx + vy * vy > 0.000001) {
          const mag = Math.sqrt(vx * vx + vy * vy);
          vx = vx / mag;
          vy = vy / mag;
          const s = mag * gf;
          vx = vx * s;
          vy = vy * s;
        }
        Q[ix] = P[ix]; Q[iy] = P[iy];
        P[ix] = P[ix] + gx; P[iy] = P[iy] + gy;
        P[ix] = P[ix] + vx; P[iy] = P[iy] + vy;
      }
    }

    // 2. drag
    if (dragParticle >= 0) {
      if (dragPinIdx >= 0) {
        comps[dragPinComp].tx[dragPinIdx] = mx;
        comps[dragPinComp].ty[dragPinIdx] = my;
      } else {
        P[2 * dragParticle] = mx; P[2 * dragParticle + 1] = my;
      }
    }

    // 3. relax
    const cf = 1 / step;
    for (let ci = 0; ci < nComps; ++ci) {
      const C = comps[ci];
      const kind = C.kind, A = C.a, B = C.b, CC = C.c, K = C.k, R = C.r, TX = C.tx, TY = C.ty;
      const nc = kind.length;
      for (let it = 0; it < step; ++it) {
        for (let j = 0; j < nc; ++j) {
          const kd = kind[j];
          if (kd === DISTANCE) {
            const ax = 2 * A[j], bx = 2 * B[j];
            let nx = P[ax] - P[bx];
            let ny = P[ax + 1] - P[bx + 1];
            if (co) { nx = nx || 0; ny = ny || 0; }
            const m = nx * nx + ny * ny;
            const d = R[j];
            const s = (((d * d - m) / m) * K[j]) * cf;
            nx = nx * s;
            ny = ny * s;
            P[ax] = P[ax] + nx; P[ax + 1] = P[ax + 1] + ny;
            P[bx] = P[bx] - nx; P[bx + 1] = P[bx + 1] - ny;
          } else if (kd === PIN) {
            const ax = 2 * A[j];
            P[ax] = TX[j]; P[ax + 1] = TY[j];
          } else {
            const pa = 2 * A[j], pb = 2 * B[j], pc = 2 * CC[j];
            let ux = P[pa] - P[pb], uy = P[pa + 1] - P[pb + 1];
            let vx = P[pc] - P[pb], vy = P[pc + 1] - P[pb + 1];
            if (co) { ux = ux || 0; uy = uy || 0; vx = vx || 0; vy = vy || 0; }
            const ang = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
            let diff = ang - R[j];
            if (diff <= -Math.PI) diff += 2 * Math.PI;
            else if (diff >= Math.PI) diff -= 2 * Math.PI;
            diff = diff * (cf * K[j]);
            rot(pa, pb, diff);
            rot(pc, pb, -diff);
            rot(pb, pa, diff);
            rot(pb, pc, -diff);
          }
        }
      }
    }

    // 4. bounds
    for (let ci = 0; ci < nComps; ++ci) {
      const ps = comps[ci].particles;
      for (let m = 0, len = ps.length; m < len; ++m) {
        const ix = 2 * ps[m], iy = ix + 1;
        if (P[iy] > H1) P[iy] = H1;
        if (P[ix] < 0) P[ix] = 0;
        if (P[ix] > W1) P[ix] = W1;
      }
    }
  }

  // relax only (no integration, no drag, no bounds): for each composite in
  // order, `iterations` passes over its constraints with coefficient coef.
  function relax(iterations, coef) {
    // Reuse frame's relax loop body through a tiny local copy.
    for (let ci = 0; ci < comps.length; ++ci) {
      const C = comps[ci];
      const nc = C.kind.length;
      for (let it = 0; it < iterations; ++it) {
        for (let j = 0; j < nc; ++j) relaxOne(C, j, coef);
      }
    }
  }

  function relaxOne(C, j, cf) {
    const kd = C.kind[j];
    if (kd === DISTANCE) {
      const ax = 2 * C.a[j], bx = 2 * C.b[j];
      let nx = P[ax] - P[bx];
      let ny = P[ax + 1] - P[bx + 1];
      if (co) { nx = nx || 0; ny = ny || 0; }
      const m = nx * nx + ny * ny;
      const d = C.r[j];
      const s = (((d * d - m) / m) * C.k[j]) * cf;
      nx = nx * s;
      ny = ny * s;
      P[ax] = P[ax] + nx; P[ax + 1] = P[ax + 1] + ny;
      P[bx] = P[bx] - nx; P[bx + 1] = P[bx + 1] - ny;
    } else if (kd === PIN) {
      const ax = 2 * C.a[j];
      P[ax] = C.tx[j]; P[ax + 1] = C.ty[j];
    } else {
      const pa = 2 * C.a[j], pb = 2 * C.b[j], pc = 2 * C.c[j];
      const ang = angleOf(C.a[j], C.b[j], C.c[j]);
      let diff = ang - C.r[j];
      if (diff <= -Math.PI) diff += 2 * Math.PI;
      else if (diff >= Math.PI) diff -= 2 * Math.PI;
      diff = diff * (cf * C.k[j]);
      rot(pa, pb, diff);
      rot(pc, pb, -diff);
      rot(pb, pa, diff);
      rot(pb, pc, -diff);
    }
  }

  // ---- drag -------------------------------------------------------------
  // drag(i, x, y): the pointer is (x, y); particle i is dragged. If i has a
  // pin in its own composite, the pin's target is moved instead (last pin
  // in the list that references i wins, as the original's nearestEntity).
  // The entity is resolved when dragging of i starts (the original resolves
  // it at mousedown).
  function drag(i, x, y) {
    checkParticle(i);
    mx = x; my = y;
    if (dragParticle === i) return;
    dragParticle = i;
    dragPinComp = -1; dragPinIdx = -1;
    const c = owner[i];
    const C = comps[c];
    for (let j = 0; j < C.kind.length; ++j) {
      if (C.kind[j] === PIN && C.a[j] === i) { dragPinComp = c; dragPinIdx = j; }
    }
  }
  function release() {
    dragParticle = -1; dragPinComp = -1; dragPinIdx = -1;
  }
  // The original's nearest-particle rule: over composites in order, over
  // particles in order, d2 = (mx - px)^2 + (my - py)^2; accepted if
  // d2 <= radius^2 and (none yet or d2 < best). Returns -1 if none.
  function nearestParticle(x, y, radius = 20) {
    let best = -1, bestD2 = 0;
    const r2 = radius * radius;
    for (let ci = 0; ci < comps.length; ++ci) {
      const ps = comps[ci].particles;
      for (let m = 0; m < ps.length; ++m) {
        const i = ps[m];
        const dx = x - P[2 * i], dy = y - P[2 * i + 1];
        const d2 = dx * dx + dy * dy;
        if (d2 <= r2 && (best < 0 || d2 < bestD2)) { best = i; bestD2 = d2; }
      }
    }
    return best;
  }
  // Mouse-style helpers mirroring the original page handlers.
  function pointerMove(x, y) { mx = x; my = y; }
  function pointerDown(x, y) {
    if (x !== undefined) { mx = x; my = y; }
    const i = nearestParticle(mx, my, world.selectionRadius);
    if (i >= 0) drag(i, mx, my);
    return i;
  }
  function draggedEntity() {
    if (dragParticle < 0) return null;
    if (dragPinIdx >= 0) return { kind: 'pin', particle: dragParticle, composite: dragPinComp, index: dragPinIdx };
    return { kind: 'particle', particle: dragParticle };
  }

  // ---- builders (each returns its composite id) ----------------------------

  function spiderweb({ x, y, radius, segments, depth, tensor = 0.3 }) {
    const stiffness = 0.6;
    const stride = (2 * Math.PI) / segments;
    const nn = segments * depth;
    const rs = radius / nn;
    const c = addComposite();
    const base = n;
    for (let i = 0; i < nn; ++i) {
      const theta = i * stride + Math.cos(i * 0.4) * 0.05 + Math.cos(i * 0.05) * 0.2;
      const r = radius - rs * i + Math.cos(i * 0.1) * 20;
      const offy = Math.cos(theta * 2.1) * (radius / depth) * 0.2;
      addParticle(c, Z(x + Math.cos(theta) * r), Z(y + Math.sin(theta) * r + offy));
    }
    for (let i = 0; i < segments; i += 4) addPin(c, base + i);
    for (let i = 0; i < nn - 1; ++i) {
      addDistance(c, base + i, base + i + 1, stiffness);
      const off = i + segments;
      if (off < nn - 1) addDistance(c, base + i, base + off, stiffness);
      else addDistance(c, base + i, base + nn - 1, stiffness);
    }
    addDistance(c, base + 0, base + segments - 1, stiffness);
    const C = comps[c];
    for (let j = 0; j < C.kind.length; ++j) {
      if (C.kind[j] === DISTANCE) C.r[j] = C.r[j] * tensor;
    }
    webComp = c;
    return c;
  }

  function spider({ x, y }) {
    const legStiff = 0.99;
    const joint1 = 1, joint2 = 0.4, joint3 = 0.9;
    const bodyStiff = 1, bodyJoint = 1;
    const c = addComposite();
    const thorax = addParticle(c, x, y);
    const head = addParticle(c, Z(x + 0), Z(y + -5));
    const abdomen = addParticle(c, Z(x + 0), Z(y + 10));
    addDistance(c, head, thorax, bodyStiff);
    addDistance(c, abdomen, thorax, bodyStiff);
    addAngle(c, abdomen, thorax, head, 0.4);
    const legs = [];
    // p + unit(vx, vy) * s, the original's pos.add(new Vec2(vx,vy).normal().mutableScale(s))
    const step = (p, vx, vy, s) => {
      const m = Math.sqrt(vx * vx + vy * vy);
      const ux = Z(vx / m), uy = Z(vy / m);
      return [Z(P[2 * p] + ux * s), Z(P[2 * p + 1] + uy * s)];
    };
    for (let i = 0; i < 4; ++i) {
      const t = i - 1.5;
      const R1 = addParticle(c, Z(P[2 * thorax] + 3), Z(P[2 * thorax + 1] + t * 3));
      const L1 = addParticle(c, Z(P[2 * thorax] + -3), Z(P[2 * thorax + 1] + t * 3));
      addDistance(c, R1, thorax, legStiff);
      addDistance(c, L1, thorax, legStiff);
      let L = 1;
      if (i === 1 || i === 2) L = 0.7;
      else if (i === 3) L = 0.9;
      let q = step(R1, 20, t * 30, 20 * L);
      const R2 = addParticle(c, q[0], q[1]);
      q = step(L1, -20, t * 30, 20 * L);
      const L2 = addParticle(c, q[0], q[1]);
      addDistance(c, R1, R2, legStiff);
      addDistance(c, L1, L2, legStiff);
      q = step(R2, 20, t * 50, 20 * L);
      const R3 = addParticle(c, q[0], q[1]);
      q = step(L2, -20, t * 50, 20 * L);
      const L3 = addParticle(c, q[0], q[1]);
      addDistance(c, R2, R3, legStiff);
      addDistance(c, L2, L3, legStiff);
      q = step(R3, 20, t * 100, 12 * L);
      const R4 = addParticle(c, q[0], q[1]);
      q = step(L3, -20, t * 100, 12 * L);
      const L4 = addParticle(c, q[0], q[1]);
      legs.push(R4, L4);
      addDistance(c, R3, R4, legStiff);
      addDistance(c, L3, L4, legStiff);
      addAngle(c, R2, R3, R4, joint3);
      addAngle(c, L2, L3, L4, joint3);
      addAngle(c, R1, R2, R3, joint2);
      addAngle(c, L1, L2, L3, joint2);
      addAngle(c, thorax, R1, R2, joint1);
      addAngle(c, thorax, L1, L2, joint1);
      addAngle(c, head, thorax, R1, bodyJoint);
      addAngle(c, head, thorax, L1, bodyJoint);
    }
    spiderComp = c;
    spiderParts = { composite: c, thorax, head, abdomen, legs };
    return c;
  }

  function crawl(leg) {
    if (webComp < 0 || spiderComp < 0) throw new Error('crawl needs spiderweb() and spider()');
    const W = comps[webComp];
    const S = comps[spiderComp];
    const T = S.particles[0], h = S.particles[1];
    const Tx = P[2 * T], Ty = P[2 * T + 1];
    // theta = angle(T + (1,0), T, h), T + (1,0) formed by addition
    const ex = Z(Tx + 1), ey = Z(Ty + 0);
    let ux = ex - Tx, uy = ey - Ty;
    let vx = P[2 * h] - Tx, vy = P[2 * h + 1] - Ty;
    if (co) { ux = ux || 0; uy = uy || 0; vx = vx || 0; vy = vy || 0; }
    const theta = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    const b1x = Z(Math.cos(theta)), b1y = Z(Math.sin(theta));
    const b2x = Z(Math.cos(theta + Math.PI / 2)), b2y = Z(Math.sin(theta + Math.PI / 2));
    const f1 = leg < 4 ? 1 : -1;
    const f2 = leg % 2 === 0 ? 1 : 0;
    const legs = spiderParts.legs;
    const paths = [];
    const wp = W.particles;
    for (let m = 0; m < wp.length; ++m) {
      const w = wp[m];
      const wx = P[2 * w], wy = P[2 * w + 1];
      const dx = Z(wx - Tx), dy = Z(wy - Ty);
      if (!((dx * b1x + dy * b1y) * f1 >= 0 && (dx * b2x + dy * b2y) * f2 >= 0)) continue;
      const ex2 = Tx - wx, ey2 = Ty - wy;
      const d2 = ex2 * ex2 + ey2 * ey2;
      if (!(d2 >= 35 * 35 && d2 <= 100 * 100)) continue;
      let taken = false;
      for (let j = 0; j < S.kind.length; ++j) {
        if (S.kind[j] === DISTANCE && S.b[j] === w && legs.includes(S.a[j])) { taken = true; break; }
      }
      if (!taken) paths.push(w);
    }
    const foot = legs[leg];
    for (let j = 0; j < S.kind.length; ++j) {
      if (S.kind[j] === DISTANCE && S.a[j] === foot) {
        for (const key of ['kind', 'a', 'b', 'c', 'k', 'r', 'tx', 'ty', 'hint']) S[key].splice(j, 1);
        // a pin being dragged in this composite keeps pointing at its entry
        if (dragPinComp === spiderComp && dragPinIdx > j) dragPinIdx--;
        break;
      }
    }
    if (paths.length > 0) {
      for (let i = paths.length; i; ) {
        const j = Math.floor(rand() * i);
        --i;
        const tmp = paths[i]; paths[i] = paths[j]; paths[j] = tmp;
      }
      addDistance(spiderComp, foot, paths[0], 1, 0);
    }
  }

  // The spider page's loop rule (before each frame(16)).
  function spiderTick() {
    if (Math.floor(rand() * 4) == 0) crawl(((legIndex++) * 3) % 8);
  }

  function cloth({ x, y, width: w, height: hgt, segments, pinMod, stiffness }) {
    const c = addComposite();
    const xs = w / segments, ys = hgt / segments;
    const base = n;
    for (let yy = 0; yy < segments; ++yy) {
      for (let xx = 0; xx < segments; ++xx) {
        const px = x + xx * xs - w / 2 + xs / 2;
        const py = y + yy * ys - hgt / 2 + ys / 2;
        const i = addParticle(c, Z(px), Z(py));
        if (xx > 0) addDistance(c, i, base + yy * segments + xx - 1, stiffness);
        if (yy > 0) addDistance(c, i, base + (yy - 1) * segments + xx, stiffness);
      }
    }
    for (let xx = 0; xx < segments; ++xx) {
      if (xx % pinMod == 0) addPin(c, base + xx);
    }
    return c;
  }

  function tire({ x, y, radius, segments, spokeStiffness, treadStiffness }) {
    const stride = (2 * Math.PI) / segments;
    const c = addComposite();
    const base = n;
    for (let i = 0; i < segments; ++i) {
      const theta = i * stride;
      addParticle(c, Z(x + Math.cos(theta) * radius), Z(y + Math.sin(theta) * radius));
    }
    const center = addParticle(c, x, y);
    for (let i = 0; i < segments; ++i) {
      addDistance(c, base + i, base + (i + 1) % segments, treadStiffness);
      addDistance(c, base + i, center, spokeStiffness);
      addDistance(c, base + i, base + (i + 5) % segments, treadStiffness);
    }
    return c;
  }

  // Distances only (i, i-1); pins are the caller's business.
  function lineSegments({ points, stiffness }) {
    const c = addComposite();
    const base = n;
    for (let i = 0; i < points.length; ++i) {
      addParticle(c, points[i][0], points[i][1]);
      if (i > 0) addDistance(c, base + i, base + i - 1, stiffness);
    }
    return c;
  }

  function tree({ x, y, depth, branchLength, segmentCoef, theta }) {
    const lineCoef = 0.7;
    const c = addComposite();
    const C = comps[c];
    const base = addParticle(c, x, y);
    const root = addParticle(c, Z(x + 0), Z(y + 10));
    addPin(c, base);
    addPin(c, root);
    const branch = (parent, i, nMax, coef, nx, ny) => {
      const s = branchLength * coef;
      const sx = Z(nx * s), sy = Z(ny * s);
      const it = addParticle(c, Z(P[2 * parent] + sx), Z(P[2 * parent + 1] + sy));
      const dc = addDistance(c, parent, it, lineCoef);
      C.hint[dc] = i / nMax;
      leaf[it] = !(i < nMax);
      if (i < nMax) {
        // rot(n, (0,0), -theta) and rot(n, (0,0), theta), origin operands kept
        const ox = 0, oy = 0;
        const t1 = -theta, t2 = theta;
        const x1 = nx - ox, y1 = ny - oy;
        const ax = Z(x1 * Math.cos(t1) - y1 * Math.sin(t1) + ox);
        const ay = Z(x1 * Math.sin(t1) + y1 * Math.cos(t1) + oy);
        const A = branch(it, i + 1, nMax, coef * coef, ax, ay);
        const bx = Z(x1 * Math.cos(t2) - y1 * Math.sin(t2) + ox);
        const by = Z(x1 * Math.sin(t2) + y1 * Math.cos(t2) + oy);
        const B = branch(it, i + 1, nMax, coef * coef, bx, by);
        const js = (0 - 0.7) * (i / nMax) + 0.7;
        addAngle(c, parent, it, A, js);
        addAngle(c, parent, it, B, js);
      }
      return it;
    };
    const first = branch(base, 0, depth, segmentCoef, 0, -1);
    addAngle(c, root, base, first, 1);
    // noise: per particle draw r1 then r2 (unused); px += floor(r1*10), py += 0
    const ps = C.particles;
    for (let m = 0; m < ps.length; ++m) {
      const r1 = rand();
      rand();
      const i = ps[m];
      P[2 * i] = P[2 * i] + Z(Math.floor(r1 * 10));
      P[2 * i + 1] = P[2 * i + 1] + 0;
    }
    return c;
  }

  // ---- inspection -------------------------------------------------------

  function constraintCount() {
    let t = 0;
    for (const C of comps) t += C.kind.length;
    return t;
  }
  function describe(C, ci, j) {
    const kd = C.kind[j];
    const o = { composite: ci, index: j, kind: KIND_NAMES[kd], a: C.a[j] };
    if (kd === DISTANCE) { o.b = C.b[j]; o.stiffness = C.k[j]; o.rest = C.r[j]; }
    else if (kd === PIN) { o.target = [C.tx[j], C.ty[j]]; }
    else { o.b = C.b[j]; o.c = C.c[j]; o.stiffness = C.k[j]; o.target = C.r[j]; }
    if (!Number.isNaN(C.hint[j])) o.hint = C.hint[j];
    return o;
  }
  // All constraints (or those of composite c) in relax order.
  function constraints(c) {
    const out = [];
    const list = c === undefined ? comps.map((_, i) => i) : [c];
    for (const ci of list) {
      const C = comp(ci);
      for (let j = 0; j < C.kind.length; ++j) out.push(describe(C, ci, j));
    }
    return out;
  }

  const world = {
    width, height,
    gravity: [gravity[0], gravity[1]],
    friction, groundFriction,
    selectionRadius: 20,
    rand,
    rng,
    originalVec2: co,
    get positions() { return P.subarray(0, 2 * n); },
    get lastPositions() { return Q.subarray(0, 2 * n); },
    setPosition(i, x, y) { checkParticle(i); P[2 * i] = x; P[2 * i + 1] = y; },
    setLastPosition(i, x, y) { checkParticle(i); Q[2 * i] = x; Q[2 * i + 1] = y; },
    addComposite, addParticle, addDistance, addPin, addAngle,
    angleOf,
    frame, relax,
    drag, release, nearestParticle, pointerMove, pointerDown, pointerUp: release, draggedEntity,
    get pointer() { return [mx, my]; },
    spiderweb, spider, crawl, spiderTick, cloth, tire, lineSegments, tree,
    get legIndex() { return legIndex; },
    set legIndex(v) { legIndex = v; },
    get webComposite() { return webComp; },
    get spiderComposite() { return spiderComp; },
    spiderParts() { return spiderParts && { ...spiderParts, legs: spiderParts.legs.slice() }; },
    isLeaf(i) { return !!leaf[i]; },
    particleCount() { return n; },
    constraintCount,
    compositeCount() { return comps.length; },
    compositeOf(i) { return owner[i]; },
    compositeParticles(c) { return comp(c).particles.slice(); },
    compositeConstraintCount(c) { return comp(c).kind.length; },
    constraints,
    constraint(c, j) { const C = comp(c); if (!(j >= 0 && j < C.kind.length)) throw new RangeError('no constraint'); return describe(C, c, j); },
  };
  return world;
}

// The spider page scene: web at (W/2, H/2), radius min(W,H)/2, 20 segments,
// depth 7, then the spider at (W/2, -300). Loop: spiderTick(); frame(16).
export function spiderPage(opts = {}) {
  const w = createWorld(opts);
  const W = w.width, H = w.height;
  w.spiderweb({ x: W / 2, y: H / 2, radius: Math.min(W, H) / 2, segments: 20, depth: 7 });
  w.spider({ x: W / 2, y: -300 });
  return w;
}
