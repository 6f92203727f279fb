// lab-coupling.mjs -- ?scene=coupling: the spider page twice, driven by one display clock.
//
//   left   coupled: one frame(16) per display frame, as verlet-js's page does (world loop mode
//          'coupled'); a frame is 1/60 s of simulated time however long the display frame was
//   right  the fixed-step accumulator: a stepper (silk.createStepper, the engine's own) turns
//          display time into 1/60 s steps, at most 8 a frame, and the view interpolates
//          between the last two steps with its alpha
//
// Both worlds start from the same build and run the same step -- the crawl rule, then
// frame(16) -- so after k coupled frames and k fixed steps they are the same state: the
// coupled view plays the same film at the display's speed. The display clock is the
// device's requestAnimationFrame, or an emulated one: 30 / 60 / 120 / 144 / 240 Hz, seed
// 002's uneven 16.6 / 33 / 8 ms frames, or 60 Hz +-30 % at random; "1 s stall" makes the next
// display frame last one second. Emulated frames are paced by real time (a 240 Hz clock on a
// 60 Hz screen runs four display frames per animation frame, showing the last).
//
// The headline: the thorax starts 550 px above the web's centre line. In free fall (the crawl
// rule switched on only once it has crossed the line) that takes 84 frames = 84 steps: 1.40 s
// of wall time at 60 Hz coupled, 0.70 s at 120, 0.58 s at 144 -- and 1.40 s at every rate with
// the accumulator. With the page's crawl rule from the start ("crawl during the fall") the feet
// grip the web first and the drop takes longer (about 180 frames at seed 1; lab seed000.11).
//
// silkApp.lab (and silkApp.stats().lab) for this scene:
//   { scene: 'coupling', settings: { rate, crawl },
//     wallSeconds, displayFrames, dropFrames (frames the drop takes, from a silent run),
//     coupled: { frames, simSeconds, fall: null | { frames, wallSeconds } },
//     fixed:   { steps, simSeconds, droppedSeconds, alpha, fall: null | { steps, simSeconds, wallSeconds } },
//     dragging: [coupled, fixed] (the particle a pointer holds in each world, -1 for none),
//     determinism: null | { totalSeconds, frames: [a, b],
//                           fixed: { steps: [a, b], hashes: [a, b], identical },
//                           coupled: { hashes: [a, b], identical } } }
import * as draw from '../kit/draw.mjs';
import { DIAG } from '../lib/silk-base.mjs';
import { compositeRanges } from '../kit/scenes.mjs';
import { el, setText, select, toggle, button, readouts, prose, table, text, lineHeight, plot, sig } from './lab-kit.mjs';

const STEP = 1 / 60;
const CENTRE_LINE = 250; // the web's centre, px: the thorax starts at -300
const PATTERN = [0.0166, 0.033, 0.008]; // seed 002
const RATES = ['device', 30, 60, 120, 144, 240, 'pattern', 'random'];
const RATE_NAMES = {
  device: 'this device (rAF)', 30: '30 Hz', 60: '60 Hz', 120: '120 Hz', 144: '144 Hz', 240: '240 Hz',
  pattern: '16.6 / 33 / 8 ms', random: '60 Hz ± 30 %',
};
const HISTORY = 8192; // plot samples (display frames)
const MAX_FRAMES = 64; // emulated display frames per animation frame at most
const COUPLED = '#d9480f';
const FIXED = '#1f6feb';

/** mulberry32: a small seeded generator for the random clock (reproducible per seed). */
function generator(seed) {
  let a = (seed >>> 0) + 0x6d2b79f5;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The display clock: next(): the next frame's length (s). */
function displayClock(rate, seed) {
  const random = generator(seed);
  let frame = 0;
  return {
    rate,
    next() {
      const k = frame++;
      if (typeof rate === 'number') return 1 / rate;
      if (rate === 'pattern') return PATTERN[k % 3];
      return STEP * (1 + 0.3 * (2 * random() - 1));
    },
  };
}

function makeView(silk, seed, mode, crawl) {
  const world = silk.createWorld({ seed, loopMode: mode });
  world.buildScene('web');
  world.autoCrawl = crawl;
  const body = world.spiderInfo();
  const [web] = compositeRanges(world);
  return {
    world, mode, body, web,
    spider: { begin: 0, end: 0 },
    frames: 0, steps: 0, dropped: 0, alpha: 0, fall: null,
    stepper: mode === 'fixed' ? silk.createStepper({ stepSeconds: STEP, maxStepsPerFrame: 8 }) : null,
    frame: { cur: null, prev: null, alpha: 0, kinds: null, a: null, b: null, c: null, rest: null, targets: null, diag: null, px: 1, cssPx: 1 },
  };
}

function thoraxY(v) {
  return v.world.positions[2 * v.body.thorax + 1];
}

/** Frames until the thorax crosses the centre line, on a silent copy (one step per frame). */
function dropFrames(silk, seed, crawl) {
  const v = makeView(silk, seed, 'coupled', crawl);
  let n = 0;
  while (thoraxY(v) < CENTRE_LINE && n < 5000) { v.world.advance(STEP); n++; }
  v.world.destroy();
  return n;
}

// ---- the determinism check (silent, in wasm) -------------------------------------------------

function determinism(silk, seed) {
  const a = Array.from({ length: 156 }, (_, k) => PATTERN[k % 3]);
  const total = a.reduce((s, x) => s + x, 0);
  const random = generator(seed + 1);
  let b = Array.from({ length: 150 }, () => STEP * (1 + 0.3 * (2 * random() - 1)));
  const sumB = b.reduce((s, x) => s + x, 0);
  b = b.map((x) => (x / sumB) * total);
  const run = (mode, dts) => {
    const w = silk.createWorld({ seed, loopMode: mode });
    w.buildScene('web'); // the page's rule: crawl from the start
    let steps = 0;
    for (const dt of dts) steps += w.advance(dt).steps;
    const hash = w.stateHash();
    w.destroy();
    return { steps, hash };
  };
  const fa = run('fixed', a);
  const fb = run('fixed', b);
  const ca = run('coupled', a);
  const cb = run('coupled', b);
  return {
    totalSeconds: total,
    totalB: b.reduce((s, x) => s + x, 0),
    frames: [a.length, b.length],
    fixed: { steps: [fa.steps, fb.steps], hashes: [fa.hash, fb.hash], identical: fa.hash === fb.hash },
    coupled: { steps: [ca.steps, cb.steps], hashes: [ca.hash, cb.hash], identical: ca.hash === cb.hash },
  };
}

// ---- the scene ------------------------------------------------------------------------------------

function parseRate(s) {
  return /^\d+$/.test(s) ? Number(s) : s;
}

export const coupling = {
  name: 'coupling',
  rests: false, // it measures time: the drop timed against the wall clock (kit/rest.mjs)
  label: 'Lab: frame-rate coupling',
  params: { rate: parseRate, crawl: (s) => ({ 1: true, true: true, 0: false, false: false })[s] },
  defaults: { rate: 'device', crawl: false },
  check(name, value) {
    if (name === 'rate') {
      const v = typeof value === 'string' ? parseRate(value) : value;
      if (!RATES.includes(v)) throw new RangeError(`rate must be one of ${RATES.join(', ')}, got ${JSON.stringify(value)}`);
      return v;
    }
    if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${typeof value}`);
    return value;
  },
  build(world) { world.clear(); },

  prepare(world, lab) {
    const { silk, settings, seed } = lab;
    const st = {
      lab, silk, seed,
      clock: displayClock(settings.rate, seed),
      backlog: 0, period: 0, stall: false, wall: 0, displayFrames: 0,
      coupled: makeView(silk, seed, 'coupled', settings.crawl),
      fixed: makeView(silk, seed, 'fixed', settings.crawl),
      drop: dropFrames(silk, seed, settings.crawl),
      hist: { wall: new Float64Array(HISTORY), coupled: new Float64Array(HISTORY), fixed: new Float64Array(HISTORY), n: 0 },
      determinism: null,
    };
    st.timer = setTimeout(() => { st.determinism = determinism(silk, seed); st.timer = 0; lab.refresh(); }, 0);
    st.undrag = lab.pointer(dragBoth(st));
    record(st);
    return st;
  },

  dispose(st) {
    st.undrag?.();
    clearTimeout(st.timer);
    for (const v of [st.coupled, st.fixed]) { v.world.destroy(); v.stepper?.destroy(); }
  },

  apply(st, name) {
    // any change restarts the drop: the headline measures it from the start at the new clock
    if (name === 'rate' || name === 'crawl') st.lab.rebuild();
  },

  advance(st, info) {
    const before = st.coupled.frames + st.fixed.steps;
    const real = Math.min(Math.max(info.realDt, 0), 0.25);
    const device = st.clock.rate === 'device';
    if (device && !st.stall) {
      if (real > 0) displayFrame(st, real); // one display frame per animation frame
    } else {
      // Emulated frames, paced by real time: a frame is shown once its length has passed.
      st.backlog += real;
      for (let k = 0; k < MAX_FRAMES; k++) {
        if (st.period === 0) st.period = st.stall ? 1 : st.clock.next();
        if (st.backlog < st.period - 1e-6) break; // (1 us: rAF times sum to 1/60 s only roughly)
        st.backlog = Math.max(0, st.backlog - st.period);
        displayFrame(st, st.period);
        st.period = 0;
        if (st.stall) {
          st.stall = false;
          if (device) { st.backlog = 0; break; }
        }
      }
      if (st.backlog > 1.5) st.backlog = 0; // a hidden tab or a hitch: not replayed as a burst
    }
    return { steps: st.coupled.frames + st.fixed.steps - before, alpha: st.fixed.alpha, dropped: 0, draw: true };
  },

  draw(ctx, f, st) {
    const narrow = f.cssPx > 1.3; // a phone: ~200 CSS px per view
    drawView(ctx, f, st, st.coupled, 0, narrow ? 'coupled' : 'coupled: one frame per display frame', COUPLED);
    drawView(ctx, f, st, st.fixed, 400, narrow ? 'accumulator' : 'accumulator: 1/60 s steps, interpolated', FIXED);
    ctx.fillStyle = '#aab4be';
    ctx.fillRect(399.5, 0, 1, 250);
    drawPlot(ctx, f, st);
  },

  actions: {
    /** "1 s stall": the next display frame lasts one second. */
    stall(st) { st.stall = true; st.period = 0; },
    /** The determinism check again, now. */
    determinism(st) { st.determinism = determinism(st.silk, st.seed); st.lab.refresh(); },
  },

  panel(r, { bar, panel, context }) {
    const rate = select({
      name: 'rate', label: 'Display clock', value: context.settings.rate,
      options: RATES.map((r) => [r, RATE_NAMES[r]]), onChange: (v) => context.set('rate', v),
    });
    const stall = button('1 s stall', () => context.act('stall'), 'stall');
    const again = button('Drop again', () => context.rebuild(), 'again');
    const headline = el('p', { className: 'lab-headline', id: 'lab-headline' });
    bar.append(el('div', { className: 'lab-controls' }, rate.root, stall, again), headline);
    const crawl = toggle({
      name: 'crawl', label: 'crawl rule during the fall (the page as published: the feet grip the web first)',
      checked: context.settings.crawl, onChange: (v) => context.set('crawl', v),
    });
    const list = readouts([
      ['clock', 'Display clock · wall time'],
      ['c-sim', 'Coupled: frames · simulated time'],
      ['c-fall', 'Coupled: the 550 px drop'],
      ['f-sim', 'Accumulator: steps · simulated time'],
      ['f-fall', 'Accumulator: the 550 px drop'],
      ['f-drop', 'Accumulator: dropped time · alpha'],
    ]);
    const det = table({
      caption: 'Two jittered clocks of the same total time (computed in wasm on fresh copies)',
      head: ['state hash', 'clock A', 'clock B'], className: 'hashes',
    });
    const verdict = readouts([['det-fixed', 'Accumulator'], ['det-coupled', 'Coupled']]);
    const detButton = button('Run the determinism check again', () => context.act('determinism'));
    panel.append(
      el('h2', { textContent: 'Frame-rate coupling, side by side' }),
      prose('The same spider page twice, on one display clock. ', 'Left', ': verlet-js runs one frame per display frame, so its physics runs at the display\'s rate. ',
        'Right', ': a fixed-step accumulator turns display time into 1/60 s steps and interpolates between them. Pick a display clock; the drop restarts.'),
      prose('The spider starts 550 px above the web\'s centre line. It falls freely: the crawl rule (feet gripping the web) starts only when the thorax crosses the line, so the drop is the ',
        `${r.dropFrames} frames`, ' it takes in free fall. With the crawl rule from the start the feet grip the web first and the same drop takes longer.'),
      crawl.root, list.root,
      el('h3', { textContent: 'Determinism' }), det.root, verdict.root, detButton,
      prose('Clock A repeats uneven frames of 16.6, 33 and 8 ms, 156 of them; clock B has 150 random frames rescaled to the same total. The accumulator sees only whole steps, so both give the same steps and a bit-identical state hash. The coupled loop sees frames: 156 frames and 150 frames are two different states (it is deterministic per frame, not per second).'),
    );
    return { rate, crawl, list, det, verdict, headline };
  },

  show(ui, r) {
    ui.list.set('clock', `${RATE_NAMES[r.settings.rate]} · ${r.wallSeconds.toFixed(2)} s`);
    ui.list.set('c-sim', `${r.coupled.frames} · ${r.coupled.simSeconds.toFixed(2)} s`);
    ui.list.set('c-fall', r.coupled.fall ? `${r.coupled.fall.frames} frames, ${r.coupled.fall.wallSeconds.toFixed(3)} s` : 'falling…');
    ui.list.set('f-sim', `${r.fixed.steps} · ${r.fixed.simSeconds.toFixed(2)} s`);
    ui.list.set('f-fall', r.fixed.fall ? `${r.fixed.fall.steps} steps = ${r.fixed.fall.simSeconds.toFixed(3)} s, seen at ${r.fixed.fall.wallSeconds.toFixed(3)} s` : 'falling…');
    ui.list.set('f-drop', `${r.fixed.droppedSeconds.toFixed(3)} s · ${r.fixed.alpha.toFixed(3)}`);
    setText(ui.headline, headline(r));
    const d = r.determinism;
    if (d) {
      ui.det.rows([
        ['accumulator', d.fixed.hashes[0], d.fixed.hashes[1]],
        ['coupled', d.coupled.hashes[0], d.coupled.hashes[1]],
      ], [d.fixed.identical ? '' : 'bad', '']);
      ui.det.caption(`A: ${d.frames[0]} frames of 16.6 / 33 / 8 ms; B: ${d.frames[1]} frames of 60 Hz ± 30 %; both ${d.totalSeconds.toFixed(4)} s. Fresh copies in wasm, crawl rule on.`);
      ui.verdict.set('det-fixed', `${d.fixed.steps[0]} and ${d.fixed.steps[1]} steps: ${d.fixed.identical ? 'bit-identical' : 'DIFFERENT'}`, d.fixed.identical ? 'good' : 'bad');
      ui.verdict.set('det-coupled', `${d.frames[0]} and ${d.frames[1]} frames: ${d.coupled.identical ? 'identical' : 'different states'}`);
    }
  },

  readouts(st) {
    const c = st.coupled;
    const x = st.fixed;
    return {
      settings: { ...st.lab.settings },
      wallSeconds: st.wall,
      displayFrames: st.displayFrames,
      dropFrames: st.drop,
      coupled: { frames: c.frames, simSeconds: c.frames * STEP, fall: c.fall && { ...c.fall } },
      fixed: { steps: x.steps, simSeconds: x.steps * STEP, droppedSeconds: x.dropped, alpha: x.alpha, fall: x.fall && { ...x.fall } },
      dragging: [c.world.draggedParticle, x.world.draggedParticle], // -1: nothing held
      determinism: st.determinism && structuredClone(st.determinism),
    };
  },
};

/**
 * Dragging: a pointer on either web grabs the nearest particle in BOTH worlds (the same index:
 * they are built alike) and moves both to the same point, so the two loops get the same hand
 * and the comparison holds while the reader plays. The app's own drag (its world is empty here)
 * never sees the press: this is the scene's pointer tool (lab-core.mjs), fed in app world px on
 * the page (lab-host.mjs) and in <silk-demo>'s Worker (lab-worker-host.mjs) alike.
 */
function dragBoth(st) {
  let side = 0; // the view the drag started in: 0 (left) or 400 (right), app world px
  let held = false;
  // app world px -> a view's world px (each view is its world at half scale, 400 px apart)
  const toView = (x, y) => [(x - side) * 2, y * 2];
  return {
    down(x, y, radius) {
      if (!(y >= 0 && y < 250 && x >= 0 && x < 800)) return false; // the plot below is not a web
      side = x < 400 ? 0 : 400;
      const [wx, wy] = toView(x, y);
      const view = side === 0 ? st.coupled : st.fixed;
      const i = view.world.findNearest(wx, wy, 2 * radius); // a view is at half scale
      if (i < 0) return false;
      held = true;
      for (const v of [st.coupled, st.fixed]) v.world.dragBegin(i, wx, wy);
      return true;
    },
    move(x, y) {
      if (!held) return;
      const [wx, wy] = toView(x, y);
      for (const v of [st.coupled, st.fixed]) v.world.dragMove(wx, wy);
    },
    up() {
      if (!held) return;
      held = false;
      for (const v of [st.coupled, st.fixed]) v.world.dragEnd();
    },
  };
}

function headline(r) {
  const c = r.coupled.fall;
  const x = r.fixed.fall;
  const cText = c ? `coupled ${c.wallSeconds.toFixed(2)} s (${c.frames} frames)` : 'coupled …';
  const xText = x ? `accumulator ${x.simSeconds.toFixed(2)} s (${x.steps} steps)` : 'accumulator …';
  return `550 px drop: ${cText} · ${xText} · ${RATE_NAMES[r.settings.rate]}`;
}

/** One display frame of dt seconds through both loops. */
function displayFrame(st, dt) {
  st.wall += dt;
  st.displayFrames++;
  const crawl = st.lab.settings.crawl;
  const c = st.coupled;
  c.world.advance(dt); // coupled: one frame, whatever dt is
  c.frames++;
  if (!c.fall && thoraxY(c) >= CENTRE_LINE) {
    c.fall = { frames: c.frames, wallSeconds: st.wall };
    if (!crawl) c.world.autoCrawl = true;
  }
  const x = st.fixed;
  const r = x.stepper.advance(dt);
  for (let k = 0; k < r.steps; k++) {
    x.world.advance(STEP); // exactly one step: the stepper above decided how many
    x.steps++;
    if (!x.fall && thoraxY(x) >= CENTRE_LINE) {
      x.fall = { steps: x.steps, simSeconds: x.steps * STEP, wallSeconds: st.wall };
      if (!crawl) x.world.autoCrawl = true; // from the next step on, as the coupled world
    }
  }
  x.alpha = r.alpha;
  x.dropped += r.droppedSeconds;
  record(st);
}

function record(st) {
  const h = st.hist;
  if (h.n === HISTORY) { // keep the newest half
    for (const k of ['wall', 'coupled', 'fixed']) h[k].copyWithin(0, HISTORY / 2);
    h.n = HISTORY / 2;
  }
  h.wall[h.n] = st.wall;
  h.coupled[h.n] = st.coupled.frames * STEP;
  h.fixed[h.n] = (st.fixed.steps + st.fixed.alpha) * STEP; // steps plus what the accumulator holds
  h.n++;
}

// ---- drawing ----------------------------------------------------------------------------------

function drawView(ctx, f, st, v, ox, title, colour) {
  const w = v.world;
  const g = v.frame;
  draw.bindFrame(g, w, v.mode === 'fixed' ? v.alpha : 0, w.updateDiagnostics(400, 250));
  g.px = f.px * 2;
  g.cssPx = f.cssPx * 2;
  const { begin, count } = w.compositeConstraints(v.body.spiderComposite);
  v.spider.begin = begin;
  v.spider.end = begin + count;
  ctx.save();
  ctx.beginPath();
  ctx.rect(ox, 0, 400, 250);
  ctx.clip();
  ctx.translate(ox, 0);
  ctx.scale(0.5, 0.5);
  // the centre line the drop is measured to
  ctx.fillStyle = '#eef1f5';
  ctx.fillRect(0, CENTRE_LINE - 1, 800, 2);
  draw.pinDiscs(ctx, g, v.web.begin, v.web.end);
  draw.strainLines(ctx, g, v.web.begin, v.web.end);
  draw.dots(ctx, g, v.web.first, v.web.last, 1.3);
  draw.spider(ctx, g, v.spider, v.body);
  ctx.restore();
  const lh = lineHeight(f, 11);
  const x = ox + 6 * f.cssPx;
  text(ctx, f, title, x, 4 * f.cssPx, { colour, weight: 600 });
  const sim = v.mode === 'fixed' ? v.steps * STEP : v.frames * STEP;
  const fall = v.fall
    ? (v.mode === 'fixed' ? `drop ${v.fall.steps} steps = ${v.fall.simSeconds.toFixed(2)} s` : `drop ${v.fall.frames} frames = ${v.fall.wallSeconds.toFixed(2)} s`)
    : 'dropping…';
  if (f.cssPx > 1.3) return; // a phone: the title only, off the web (the bar's headline has the figures)
  text(ctx, f, fall, x, 4 * f.cssPx + lh, { size: 10, colour: '#1d2329', weight: 600 });
  text(ctx, f, `sim ${sim.toFixed(2)} s · wall ${st.wall.toFixed(2)} s`, x, 4 * f.cssPx + 2 * lh, { size: 10, colour: '#3d4852' });
}

function drawPlot(ctx, f, st) {
  const h = st.hist;
  const span = Math.min(10, Math.max(2.5, st.wall * 1.1)); // grows to 10 s, then scrolls
  const x1 = Math.max(span, st.wall);
  const x0 = x1 - span;
  let y0 = x0;
  let y1 = x1;
  for (let i = 0; i < h.n; i++) {
    if (h.wall[i] < x0) continue;
    y0 = Math.min(y0, h.coupled[i], h.fixed[i]);
    y1 = Math.max(y1, h.coupled[i], h.fixed[i]);
  }
  y1 += (y1 - y0) * 0.03;
  const lh = lineHeight(f, 10);
  const { width: W, height: H } = st.lab.world; // the app's world: the plot fills it below the views
  const box = { x: 8 * f.cssPx, y: 256 + lh, w: W - 16 * f.cssPx, h: H - 256 - 2 * lh - 6 * f.cssPx };
  const ref = { xs: new Float64Array([x0, x1]), ys: new Float64Array([x0, x1]), n: 2, colour: '#8a939c', width: 1, dash: [4, 3] };
  plot(ctx, f, box, [
    ref,
    { xs: h.wall, ys: h.coupled, n: h.n, colour: COUPLED, width: 2 },
    { xs: h.wall, ys: h.fixed, n: h.n, colour: FIXED, width: 2 },
  ], { x: [x0, x1], y: [y0, y1], xLabel: `wall clock, s (${sig(x0)}–${sig(x1)})`, yLabel: 'simulated time, s' });
  const y = 256;
  let x = box.x;
  const item = (label, colour) => {
    ctx.fillStyle = colour;
    ctx.fillRect(x, y + lh * 0.35, 14 * f.cssPx, 2 * f.cssPx);
    x += 18 * f.cssPx;
    text(ctx, f, label, x, y, { size: 10 }); // (leaves ctx.font at the size it drew)
    x += ctx.measureText(label).width + 14 * f.cssPx;
  };
  item('coupled', COUPLED);
  item('accumulator', FIXED);
  item('simulated = wall', '#8a939c');
}
