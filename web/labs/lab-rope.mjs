// lab-rope.mjs -- ?scene=rope, and the seed 003 mode of ?scene=cloth: seed 003's rope and cloth,
// run by the engine and measured.
//
// The algorithm is the seed's: position Verlet with damping 0.99 per step, then N passes of
// distance projection, at a fixed h = 1/120 s from an accumulator whose frame delta is clamped
// to 0.1 s. It runs on Silk's robust solver -- one substep, N iterations, compliance 0 -- which
// is exactly that projection with inverse-mass weighting (the seed's checklist item 4): pinned
// particles have inverse mass 0, a heavy weight a small one. tests/js/lab.test.mjs checks the
// equivalence against a plain-JS transcription of the seed's stepPhysics
// (web/reference/seed003.mjs) to rounding; the seed's printed code differs only at a pin, which
// it corrects halfway.
// Static convex polygons (silk_world_add_polygon) hold the rope over a box and the cloth on a
// ledge; a pointer swipe cuts (silk_world_cut) in the "cut" tool, drags in the "drag" tool.
//
// ?scene=cloth opens the original verlet-js cloth page, unchanged (a scene's name and URL are a
// contract that embeds rely on); its mode switch (or ?scene=cloth&mode=seed003) turns the same
// scene into this lab.
//
// silkApp.lab for ?scene=rope:
//   { scene: 'rope', settings: { particles, iterations, weight, tool },
//     live: { links, maxStretch, meanStretch, solveMs, nanCount, penetration, cuts },
//     table: [{ particles, iterations, maxStretch, meanStretch, solveMs, printedMax, printedMean,
//               claim }] (rows measured so far; claim: the seed's figure or null),
//     tableDone, verlet: { fixed, shrinking, tunnelIn, tunnelOut } }
// and for ?scene=cloth: { scene: 'cloth', settings: { mode, iterations, tool }, live: {...} }
// (mode 'verlet-js': { scene, settings } only).
import { DIAG } from '../lib/silk-base.mjs';
import * as seed from '../reference/seed003.mjs';
import { el, setText, select, radios, toggle, button, readouts, prose, table, text, lineHeight, sig } from './lab-kit.mjs';

const H = 1 / 120;
const G = 980; // px/s^2, the seed's
const DAMPING = 0.99; // per step
const LINK = 10; // px, the seed's initialize()
const PARTICLES = [10, 30, 60];
const ITERATIONS = [1, 3, 5, 8];
const CLAIMS = { '30/1': 14.8, '30/3': 3.2, '30/5': 0.4, '60/5': 0.8 }; // the seed's table, %
const CLAIM_MS = { '30/1': 0.12, '30/3': 0.28, '30/5': 0.45, '60/5': 0.88 };
const HEAVY = 20; // mass of the end weight
const DISTANCE = 1;
const STRAIN = [[0.005, '#1faa55'], [0.01, '#7bbd2b'], [0.02, '#d2b31f'], [0.05, '#e2702a'], [0.1, '#da4a2f'], [Infinity, '#b00020']];

/** The seed's step on the robust solver (lab/seed003.c explains the gravity g / 0.99). */
function configure(world, iterations) {
  if (world.solver !== 'robust') world.setSolver('robust');
  world.setRobust({
    gravity: [0, G / DAMPING], damping: -Math.log(DAMPING) / H, substeps: 1, iterations,
    ceiling: true, restitution: 0, tethers: false, nearPass: false, // exactly the seed's passes
  });
  world.setStepper({ stepSeconds: H, maxStepsPerFrame: 13 }); // a 0.1 s frame: 12 steps + carry
  world.loopMode = 'fixed';
}

function rigid(world, c, a, b) {
  world.addDistance(c, a, b, 1, { compliance: 0 });
}

function checkTool(v) {
  if (v !== 'cut' && v !== 'drag') throw new RangeError(`tool must be 'cut' or 'drag', got ${JSON.stringify(v)}`);
  return v;
}

function checkIterations(v) {
  if (typeof v !== 'number') throw new TypeError(`iterations must be a number, got ${typeof v}`);
  if (!ITERATIONS.includes(v)) throw new RangeError(`iterations must be one of ${ITERATIONS.join(', ')}, got ${v}`);
  return v;
}

// ---- live measurement, stepping, tools ----------------------------------------------------------

function measure(world, live) {
  const kinds = world.constraintKinds;
  const a = world.constraintA;
  const b = world.constraintB;
  const rest = world.constraintRest;
  const p = world.positions;
  let max = 0;
  let sum = 0;
  let n = 0;
  for (let j = 0; j < kinds.length; j++) {
    if (kinds[j] !== DISTANCE || !(rest[j] > 0)) continue;
    const dx = p[2 * a[j]] - p[2 * b[j]];
    const dy = p[2 * a[j] + 1] - p[2 * b[j] + 1];
    const e = Math.abs(Math.sqrt(dx * dx + dy * dy) - rest[j]) / rest[j];
    if (e > max) max = e;
    sum += e;
    n++;
  }
  live.links = n;
  live.maxStretch = max;
  live.meanStretch = n ? sum / n : 0;
  live.penetration = world.polygonPenetration().depth;
  live.nanCount = world.diagnosticsView[DIAG.NAN_COUNT];
}

function newLive() {
  return { links: 0, maxStretch: 0, meanStretch: 0, solveMs: 0, nanCount: 0, penetration: 0, cuts: 0 };
}

/** The seed's frame: a clamped delta into the 1/120 s accumulator; times the solve. */
function advanceLab(st, info, stepWorld) {
  let steps = 0;
  let alpha = 0;
  let dropped = 0;
  for (let k = 0; k < info.count; k++) {
    const t0 = performance.now();
    const r = stepWorld(Math.min(info.dts[k], 0.1));
    const ms = performance.now() - t0;
    st.live.solveMs = st.frames++ === 0 ? ms : st.live.solveMs + (ms - st.live.solveMs) * 0.1;
    steps += r.steps;
    alpha = r.alpha;
    dropped += r.dropped;
  }
  if (info.count > 0) measure(st.world, st.live);
  return { steps, alpha, dropped };
}

/** The cut tool: a swipe's path cuts the links it crosses (the scene's pointer tool, lab-core.mjs:
 *  in world px, on the page and in <silk-demo>'s Worker alike); in the "drag" tool it takes no
 *  press, and the app's drag moves the rope. */
function cutTool(st) {
  let last = null;
  return {
    anywhere: () => st.lab.settings.tool === 'cut', // a touch cuts wherever it starts (kit/hitmap.mjs)
    down(x, y) {
      if (st.lab.settings.tool !== 'cut') return false;
      last = [x, y];
      st.swipe = [last];
      st.swipeFade = undefined;
      return true;
    },
    move(x, y) {
      if (last === null || (x === last[0] && y === last[1])) return;
      st.live.cuts += st.world.cut(last[0], last[1], x, y);
      last = [x, y];
      st.swipe.push(last);
      if (st.swipe.length > 64) st.swipe.shift();
    },
    up() {
      last = null;
      st.swipeFade = 12;
    },
  };
}

// ---- drawing ----------------------------------------------------------------------------------------

function px(f, i) { return f.prev[2 * i] + (f.cur[2 * i] - f.prev[2 * i]) * f.alpha; }
function py(f, i) { return f.prev[2 * i + 1] + (f.cur[2 * i + 1] - f.prev[2 * i + 1]) * f.alpha; }

function drawPolygons(ctx, f, polygons) {
  ctx.beginPath();
  for (const pts of polygons) {
    pts.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
  }
  ctx.fillStyle = '#c9d1d9';
  ctx.fill();
  ctx.lineWidth = Math.max(f.px, f.cssPx);
  ctx.strokeStyle = '#6a737d';
  ctx.stroke();
}

/** Links coloured by their stretch on a fixed scale (0.5 / 1 / 2 / 5 / 10 %). */
function drawLinks(ctx, f, width) {
  const { kinds, a, b, rest } = f;
  const bucket = new Uint8Array(kinds.length);
  for (let j = 0; j < kinds.length; j++) {
    if (kinds[j] !== DISTANCE) { bucket[j] = 255; continue; }
    const dx = px(f, a[j]) - px(f, b[j]);
    const dy = py(f, a[j]) - py(f, b[j]);
    const e = Math.abs(Math.sqrt(dx * dx + dy * dy) - rest[j]) / rest[j];
    let k = 0;
    while (e >= STRAIN[k][0]) k++;
    bucket[j] = k;
  }
  ctx.lineWidth = Math.max(f.px, width * f.cssPx);
  ctx.lineCap = 'round';
  STRAIN.forEach(([, colour], k) => {
    ctx.beginPath();
    let any = false;
    for (let j = 0; j < kinds.length; j++) {
      if (bucket[j] !== k) continue;
      ctx.moveTo(px(f, a[j]), py(f, a[j]));
      ctx.lineTo(px(f, b[j]), py(f, b[j]));
      any = true;
    }
    if (any) { ctx.strokeStyle = colour; ctx.stroke(); }
  });
  ctx.lineCap = 'butt';
}

function drawLegend(ctx, f, x, y) {
  const lh = lineHeight(f, 9.5);
  let cx = x;
  text(ctx, f, 'stretch', cx, y, { size: 9.5, colour: '#4a5560' });
  // (text() leaves ctx.font at the size it drew: measureText measures what was drawn)
  cx += ctx.measureText('stretch').width + 6 * f.cssPx;
  const labels = ['<0.5%', '<1%', '<2%', '<5%', '<10%', '≥10%'];
  STRAIN.forEach(([, colour], k) => {
    ctx.fillStyle = colour;
    ctx.fillRect(cx, y + lh * 0.3, 10 * f.cssPx, 3 * f.cssPx);
    cx += 12 * f.cssPx;
    text(ctx, f, labels[k], cx, y, { size: 9.5, colour: '#4a5560' });
    // (text() leaves ctx.font at the size it drew: measureText measures what was drawn)
    cx += ctx.measureText(labels[k]).width + 6 * f.cssPx;
  });
}

function drawSwipe(ctx, f, st) {
  if (!st.swipe || st.swipe.length < 2) return;
  if (st.swipeFade !== undefined && st.swipeFade-- <= 0) { st.swipe = null; st.swipeFade = undefined; return; }
  ctx.beginPath();
  st.swipe.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.lineWidth = 2 * f.cssPx;
  ctx.strokeStyle = 'rgba(176,0,32,0.6)';
  ctx.stroke();
}

function drawParticles(ctx, f, st) {
  const n = f.cur.length / 2;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (st.fixed.has(i) || i === st.heavy) continue;
    ctx.rect(px(f, i) - 1.5, py(f, i) - 1.5, 3, 3);
  }
  ctx.fillStyle = '#2b333b';
  ctx.fill();
  ctx.beginPath();
  for (const i of st.fixed) { ctx.moveTo(px(f, i) + 5, py(f, i)); ctx.arc(px(f, i), py(f, i), 5, 0, Math.PI * 2); }
  ctx.fillStyle = '#1f6feb';
  ctx.fill();
  if (st.heavy >= 0) {
    ctx.beginPath();
    ctx.arc(px(f, st.heavy), py(f, st.heavy), 9, 0, Math.PI * 2);
    ctx.fillStyle = '#1d2329';
    ctx.fill();
  }
}

function drawOverlay(ctx, f, st, title) {
  const lh = lineHeight(f, 11);
  const l = st.live;
  const maxWidth = st.world.width - 16 * f.cssPx; // the app's world, all of it on the canvas
  text(ctx, f, title, 8 * f.cssPx, 4 * f.cssPx, { weight: 600, maxWidth });
  text(ctx, f, `stretch max ${sig(100 * l.maxStretch)} % · mean ${sig(100 * l.meanStretch)} % · ${l.links} links · solve ${l.solveMs.toFixed(3)} ms/frame`,
    8 * f.cssPx, 4 * f.cssPx + lh, { size: 10, colour: '#3d4852', maxWidth });
  drawLegend(ctx, f, 8 * f.cssPx, 4 * f.cssPx + 2 * lh);
}

// ---- the silent table (fresh worlds in wasm, one row per task) -----------------------------------

/** Seed 003's table measured: a rope hanging still (lab seed003.1's protocol). */
function measureRow(silk, n, iterations) {
  const w = silk.createWorld({ width: 1000, height: 1000, stepSeconds: H, maxStepsPerFrame: 13 });
  configure(w, iterations);
  w.setRobust({ ceiling: false });
  const c = w.addComposite();
  for (let i = 0; i < n; i++) {
    w.addParticle(c, 500, 20 + LINK * i);
    if (i > 0) rigid(w, c, i - 1, i);
  }
  w.setInverseMass(0, 0);
  const t0 = performance.now();
  for (let f = 0; f < 300; f++) w.advance(1 / 60);
  const ms = (performance.now() - t0) / 300;
  const live = newLive();
  measure(w, live);
  w.destroy();
  // the seed's printed code, transcribed (JS), the same protocol
  const rope = seed.createRope(n, LINK, 500, 20);
  for (let s = 0; s < 600; s++) seed.stepPhysics(rope, H, { iterations, weighting: 'printed' });
  const printed = seed.ropeStretch(rope);
  const key = `${n}/${iterations}`;
  return {
    particles: n, iterations, maxStretch: live.maxStretch, meanStretch: live.meanStretch, solveMs: ms,
    printedMax: printed.max, printedMean: printed.mean, claim: CLAIMS[key] ?? null, claimMs: CLAIM_MS[key] ?? null,
  };
}

/** "Verlet never gains energy" (lab seed003.5): the seed's update and Silk's polygons. */
function verletRows(silk) {
  const fixed = seed.pendulumRise(H, H, 1);
  const shrinking = seed.pendulumRise(1 / 30, H, 0.5);
  // (created with the 1/120 s step, so that p - q of the particle below reads as px per 1/120 s)
  const w = silk.createWorld({ width: 1000, height: 1000, stepSeconds: H, maxStepsPerFrame: 13 });
  configure(w, 1);
  w.setRobust({ gravity: [0, G], damping: 0 });
  w.addPolygon({ points: [[400, 600], [600, 600], [600, 612], [400, 612]] });
  const c = w.addComposite();
  w.addParticle(c, 500, 599);
  w.setLastPosition(0, 500, 599 - 1000 * H);
  w.robustStep(H);
  const y1 = w.positions[1];
  w.robustStep(H);
  const tunnelOut = (w.positions[1] - y1) / H;
  w.destroy();
  return { fixed, shrinking, tunnelIn: 1000 + G * H, tunnelOut };
}

// ---- the rope ---------------------------------------------------------------------------------------

const BOX = [[270, 200], [430, 200], [430, 260], [270, 260]];
const PIN = [200, 120];

export const rope = {
  name: 'rope',
  label: 'Lab: rope',
  params: { particles: Number, iterations: Number, weight: (s) => ({ 1: true, true: true, 0: false, false: false })[s], tool: (s) => s },
  defaults: { particles: 30, iterations: 5, weight: false, tool: 'cut' },
  check(name, value) {
    switch (name) {
      case 'particles':
        if (typeof value !== 'number') throw new TypeError(`particles must be a number, got ${typeof value}`);
        if (!PARTICLES.includes(value)) throw new RangeError(`particles must be one of ${PARTICLES.join(', ')}, got ${value}`);
        return value;
      case 'iterations': return checkIterations(value);
      case 'weight':
        if (typeof value !== 'boolean') throw new TypeError(`weight must be a boolean, got ${typeof value}`);
        return value;
      default: return checkTool(value);
    }
  },

  build(world, settings, lab) {
    lab.takeWorld();
    world.clear();
    const s = lab.settings;
    configure(world, s.iterations);
    const c = world.addComposite();
    // the seed's rope, laid out to the right of its pin above the box: released, it falls onto
    // the box and the part past its edge hangs down
    for (let i = 0; i < s.particles; i++) {
      world.addParticle(c, PIN[0] + LINK * i, PIN[1]);
      if (i > 0) rigid(world, c, i - 1, i);
    }
    world.setInverseMass(0, 0);
    if (s.weight) world.setMass(s.particles - 1, HEAVY);
    world.addPolygon({ points: BOX, friction: 0.5 });
  },

  prepare(world, lab) {
    const s = lab.settings;
    const st = {
      lab, world, live: newLive(), frames: 0, fixed: new Set([0]), heavy: s.weight ? s.particles - 1 : -1,
      polygons: [world.polygon(0)], table: [], tableDone: false, verlet: null, swipe: null,
    };
    measure(world, st.live);
    st.release = lab.pointer(cutTool(st));
    // the table, one row per task so the page stays responsive
    const jobs = [];
    for (const n of PARTICLES) for (const it of ITERATIONS) jobs.push([n, it]);
    const next = () => {
      if (!jobs.length) { st.tableDone = true; st.timer = 0; lab.refresh(); return; }
      const [n, it] = jobs.shift();
      st.table.push(measureRow(lab.silk, n, it));
      if (st.table.length === 1) st.verlet = verletRows(lab.silk);
      lab.refresh();
      st.timer = setTimeout(next, 0);
    };
    st.timer = setTimeout(next, 0);
    return st;
  },

  dispose(st) { clearTimeout(st.timer); st.release(); },

  apply(st, name) {
    if (name === 'tool') return; // the next press; the panel's radios follow (setting)
    st.lab.rebuild();
  },

  actions: {
    /** Every particle of the rope but the pin onto one point beside it (seed 003's coincident guard). */
    collapse(st) { collapseRope(st); },
  },

  advance: advanceLab,

  draw(ctx, f, st) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, st.world.width, st.world.height);
    drawPolygons(ctx, f, st.polygons);
    drawLinks(ctx, f, 2.5);
    drawParticles(ctx, f, st);
    drawSwipe(ctx, f, st);
    const s = st.lab.settings;
    drawOverlay(ctx, f, st, `rope · ${s.particles} particles · ${s.iterations} iterations · h 1/120 s${s.weight ? ' · end weight ×20' : ''}`);
  },

  panel(r, { bar, panel, context }) {
    const s = context.settings;
    const particles = select({ name: 'particles', label: 'Particles', value: s.particles, options: PARTICLES.map((n) => [n, String(n)]), onChange: (v) => context.set('particles', v) });
    const iterations = select({ name: 'iterations', label: 'Iterations', value: s.iterations, options: ITERATIONS.map((n) => [n, String(n)]), onChange: (v) => context.set('iterations', v) });
    const tool = radios({ name: 'tool', label: 'Swipe', value: s.tool, options: [['cut', 'cuts'], ['drag', 'drags']], onChange: (v) => context.set('tool', v) });
    const weight = toggle({ name: 'weight', label: 'heavy end weight (mass 20)', checked: s.weight, onChange: (v) => context.set('weight', v) });
    const collapse = button('Collapse onto one point', () => context.act('collapse'));
    const again = button('Reset', () => context.rebuild());
    const headline = el('p', { className: 'lab-headline' });
    bar.append(el('div', { className: 'lab-controls' }, particles.root, iterations.root, tool.root, again), headline);
    const list = readouts([
      ['stretch', 'Stretch now: max · mean'],
      ['solve', 'Solve time per frame'],
      ['links', 'Links · cut so far'],
      ['inside', 'Deepest particle inside the box'],
      ['nan', 'NaN particles'],
    ]);
    const t = table({
      caption: 'The tutorial\'s table, measured: a rope of n particles 10 px apart hanging still from a pin, 5 s of 1/120 s steps, damping 0.99, g 980 px/s² (fresh worlds in wasm)',
      head: ['n', 'iter', 'max / mean, %', 'claimed, %', 'as printed, %', 'ms/frame (claimed)'],
    });
    const v = readouts([
      ['v-fixed', 'Verlet update, fixed 1/120 s: highest point vs pivot'],
      ['v-shrink', 'Verlet update, 1/30 → 1/120 s mid-swing'],
      ['v-tunnel', 'Silk\'s polygons: 12 px ledge hit at 1008 px/s'],
    ]);
    panel.append(
      el('h2', { textContent: 'Rope, measured' }),
      prose('A classic rope tutorial\'s algorithm — position Verlet, damping 0.99, N passes of distance projection, a fixed 1/120 s step — run by the engine: the robust solver with one substep, N iterations and rigid links ',
        'is', ' that projection, with inverse-mass weighting (pin: inverse mass 0). A swipe cuts the rope; "drags" moves it.'),
      el('div', { className: 'lab-controls' }, weight.root, collapse), list.root,
      el('h3', { textContent: 'Stretch against iterations' }), t.root,
      prose('The tutorial promises 0.4 % at 5 passes ("fully rigid"). Measured, a 30-particle rope stretches ',
        'about ten times that', ': Gauss–Seidel with a fixed pass count cannot carry the weight of n particles up to the pin, so the stretch grows with n and shrinks only slowly with the passes. The tutorial\'s printed code corrects a link to its pin only halfway, and stretches more still.'),
      el('h3', { textContent: '"Verlet never gains energy"' }), v.root,
      prose('It holds at the tutorial\'s fixed step: the undamped pendulum never rises above its release. Fed a frame time that shrinks, updateVerlet carries x − old into a shorter step and the bob swings over the pivot. A particle that crosses more than half of a thin polygon in one step is pushed out of the far side, faster.'),
    );
    return { particles, iterations, tool, weight, list, t, v, headline, setting: toolSetting(tool) };
  },

  show(ui, r) { showLab(ui, r, 'rope'); },

  readouts(st) {
    return { live: { ...st.live }, table: st.table.map((r) => ({ ...r })), tableDone: st.tableDone, verlet: st.verlet && { ...st.verlet } };
  },
};

/** Every particle of the rope but the pin onto one point beside it (seed 003's coincident guard). */
function collapseRope(st) {
  const w = st.world;
  const [x, y] = [PIN[0] + 60, PIN[1] + 150];
  for (let i = 1; i < w.particleCount; i++) { w.setPosition(i, x, y); w.setLastPosition(i, x, y); }
}

/** The panel's radios follow a tool set without a rebuild (lab-host.mjs calls view.setting). */
function toolSetting(tool) {
  return (name, value) => { if (name === 'tool') tool.set(value); };
}

function showLab(ui, r, which) {
  const l = r.live;
  ui.list.set('stretch', `${sig(100 * l.maxStretch)} % · ${sig(100 * l.meanStretch)} %`);
  ui.list.set('solve', `${l.solveMs.toFixed(3)} ms`);
  ui.list.set('links', `${l.links} · ${l.cuts}`);
  ui.list.set('inside', `${sig(l.penetration)} px`, l.penetration > 1e-6 ? 'bad' : '');
  ui.list.set('nan', String(l.nanCount), l.nanCount > 0 ? 'bad' : '');
  setText(ui.headline, `stretch max ${sig(100 * l.maxStretch)} %, mean ${sig(100 * l.meanStretch)} % · ${l.solveMs.toFixed(3)} ms/frame · ${l.links} links`);
  if (which !== 'rope') return;
  const pct = (v) => sig(100 * v);
  ui.t.rows(r.table.map((row) => [
    String(row.particles), String(row.iterations), `${pct(row.maxStretch)} / ${pct(row.meanStretch)}`,
    row.claim === null ? '' : String(row.claim), `${pct(row.printedMax)} / ${pct(row.printedMean)}`,
    `${row.solveMs.toFixed(3)}${row.claimMs === null ? '' : ` (${row.claimMs})`}`,
  ]), r.table.map((row) => (row.claim !== null ? 'claim' : '')));
  if (r.verlet) {
    const v = r.verlet;
    ui.v.set('v-fixed', `${sig(v.fixed)} px: no gain`, 'good');
    ui.v.set('v-shrink', `+${sig(v.shrinking)} px: gains`, 'bad');
    ui.v.set('v-tunnel', `exits at ${sig(v.tunnelOut)} px/s: gains`, 'bad');
  }
}

// ---- the cloth: the original page, or seed 003's cloth on a ledge ---------------------------------

const LEDGE = [[390, 270], [799, 270], [799, 300], [390, 300]]; // a shelf on the right wall
// The cloth is built with its rows 7.5 px apart (links of rest length 11 px): it starts above the
// shelf and drops onto it as the links take their length, its right part landing on the shelf
// and the rest hanging over its edge.
const CLOTH = { cols: 26, rows: 20, spacing: 11, rowGap: 7.5, x: 240, y: 95, pinEvery: 5 }; // below the overlay

export function clothLab(original) {
  return {
    params: { mode: (s) => s, iterations: Number, tool: (s) => s },
    defaults: { mode: 'verlet-js', iterations: 5, tool: 'cut' },
    check(name, value) {
      if (name === 'mode') {
        if (value !== 'verlet-js' && value !== 'seed003') throw new RangeError(`mode must be 'verlet-js' or 'seed003', got ${JSON.stringify(value)}`);
        return value;
      }
      return name === 'iterations' ? checkIterations(value) : checkTool(value);
    },

    build(world, settings, lab) {
      if (lab.settings.mode === 'verlet-js') { original.build(world, settings); return; }
      lab.takeWorld();
      world.clear();
      configure(world, lab.settings.iterations);
      const c = world.addComposite();
      const { cols, rows, spacing, x, y } = CLOTH;
      for (let r = 0; r < rows; r++) {
        for (let k = 0; k < cols; k++) {
          const i = world.addParticle(c, x + k * spacing, y + r * CLOTH.rowGap);
          if (k > 0) world.addDistance(c, i - 1, i, 1, spacing, { compliance: 0 });
          if (r > 0) world.addDistance(c, i - cols, i, 1, spacing, { compliance: 0 });
          if (r === 0 && (k % CLOTH.pinEvery === 0 || k === cols - 1)) world.setInverseMass(i, 0);
        }
      }
      world.addPolygon({ points: LEDGE, friction: 0.8 });
    },

    prepare(world, lab) {
      if (lab.settings.mode === 'verlet-js') return { mode: 'verlet-js', lab, inner: original.prepare(world) };
      const fixed = new Set();
      for (let k = 0; k < CLOTH.cols; k++) if (world.inverseMass(k) === 0) fixed.add(k);
      const st = { mode: 'seed003', lab, world, live: newLive(), frames: 0, fixed, heavy: -1, polygons: [world.polygon(0)], swipe: null };
      measure(world, st.live);
      st.release = lab.pointer(cutTool(st));
      return st;
    },

    dispose(st) { st.release?.(); },

    apply(st, name) {
      if (name === 'tool' && st.mode === 'seed003') return; // the next press; the radios follow (setting)
      st.lab.rebuild();
    },

    full: (st) => st.mode !== 'verlet-js',

    advance(st, info, stepWorld) {
      if (st.mode === 'seed003') return advanceLab(st, info, stepWorld);
      // the original page: what the app does without a lab
      let steps = 0;
      let alpha = 0;
      let dropped = 0;
      for (let k = 0; k < info.count; k++) {
        const r = stepWorld(info.dts[k]);
        steps += r.steps;
        alpha = r.alpha;
        dropped += r.dropped;
      }
      return { steps, alpha, dropped };
    },

    draw(ctx, f, st) {
      if (st.mode === 'verlet-js') { original.draw(ctx, f, st.inner); return; }
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, st.world.width, st.world.height);
      drawPolygons(ctx, f, st.polygons);
      drawLinks(ctx, f, 1.2);
      drawSwipe(ctx, f, st);
      drawOverlay(ctx, f, st, `cloth on a ledge · ${CLOTH.cols} × ${CLOTH.rows} · ${st.lab.settings.iterations} iterations · h 1/120 s`);
    },

    panel(r, { bar, panel, context }) {
      const s = context.settings;
      const mode = radios({
        name: 'mode', label: 'Cloth', value: s.mode,
        // plain words (the bar is the element's and the embed's): the seed article is the panel's
        options: [['verlet-js', 'verlet-js page'], ['seed003', 'on a ledge']],
        onChange: (v) => context.set('mode', v),
      });
      if (r.settings.mode === 'verlet-js') {
        bar.append(el('div', { className: 'lab-controls' }, mode.root));
        panel.append(el('h2', { textContent: 'Cloth' }),
          prose('The original verlet-js cloth page (compat solver, bit for bit). Switch to ', 'on a ledge', ' to drop a cloth on a ledge with the rope lab\'s algorithm and tear it with a swipe.'));
        return null;
      }
      const iterations = select({ name: 'iterations', label: 'Iterations', value: s.iterations, options: ITERATIONS.map((n) => [n, String(n)]), onChange: (v) => context.set('iterations', v) });
      const tool = radios({ name: 'tool', label: 'Swipe', value: s.tool, options: [['cut', 'tears'], ['drag', 'drags']], onChange: (v) => context.set('tool', v) });
      const again = button('Reset', () => context.rebuild());
      const headline = el('p', { className: 'lab-headline' });
      bar.append(el('div', { className: 'lab-controls' }, mode.root, iterations.root, tool.root, again), headline); // one row: the bar's height is fixed
      const list = readouts([
        ['stretch', 'Stretch now: max · mean'],
        ['solve', 'Solve time per frame'],
        ['links', 'Links · torn so far'],
        ['inside', 'Deepest particle inside the ledge'],
        ['nan', 'NaN particles'],
      ]);
      panel.append(
        el('h2', { textContent: 'Cloth on a ledge' }),
        prose(`A ${CLOTH.cols} × ${CLOTH.rows} cloth of rigid links ${CLOTH.spacing} px apart hangs from pins (inverse mass 0) and drops onto a shelf (a static convex polygon, friction 0.8): its right part lands on the shelf, the rest hangs over the edge, with the rope lab's algorithm: Verlet with damping 0.99, N projection passes at 1/120 s, on the engine's robust solver. Swipe to tear it: the pieces land on the shelf or the floor.`),
        list.root,
        prose('Fewer passes, more stretch: at 1 iteration the cloth hangs like rubber. The ledge keeps every particle out after every pass; links between particles can still cut its corner (particles are points).'),
      );
      return { iterations, tool, list, headline, v: null, t: null, setting: toolSetting(tool) };
    },

    show(ui, r) { if (ui && r.settings.mode === 'seed003') showLab(ui, r, 'cloth'); },

    readouts(st) {
      if (st.mode === 'verlet-js') return {};
      return { live: { ...st.live } };
    },
  };
}
