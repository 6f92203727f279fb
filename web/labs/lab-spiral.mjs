// lab-spiral.mjs -- ?scene=spiral: seed 002's spiral of death, made visible.
//
// The engine's own fixed-step accumulator (silk.createStepper: silk_stepper in wasm, 1/60 s
// steps) is fed seed 002's feedback model: every step costs `cost` steps of wall time (a
// machine too slow for its physics when cost > 1), so a frame that runs N steps lasts
// N x cost x 1/60 s -- but never less than one 1/60 s display frame:
//
//     dt(next frame) = max(1/60 s, steps x cost x 1/60 s)        first frame: 1/60 s
//
// At cost 2 that is the seed's model exactly: 1 -> 2 -> 4 -> 8 ... steps a frame. Unclamped
// it runs away until a frame would take longer than a minute (the page would be frozen; the
// model stops there). With "max steps per frame" on, the stepper runs at most that many and
// drops the rest of the frame's time: the steps stay flat and the dropped time is the price.
// alpha (accumulator / step) is always in [0, 1). The model runs 10 frames per second of real
// time so the doubling can be watched; lab timing.5 checks the same laws in ctest.
//
// silkApp.lab for this scene:
//   { scene: 'spiral', settings: { cost, clamp, maxSteps },
//     frame, steps, frameSeconds, alpha, droppedSeconds (this frame), droppedTotal,
//     accumulatorSeconds, halted, haltReason,
//     history: { steps: [...], frameSeconds: [...], dropped: [...], alpha: [...] } (last 64) }
import { el, setText, range, toggle, button, readouts, prose, text, lineHeight, plot, sig } from './lab-kit.mjs';

const STEP = 1 / 60;
const UNCLAMPED = 2 ** 31 - 1;
const MODEL_FPS = 10; // model frames per real second
const KEEP = 64; // frames of history
const FROZEN = 60; // s: a frame this long means the page is frozen; the model stops

export const spiral = {
  name: 'spiral',
  rests: false, // it measures time: steps per frame against the frame's wall time (kit/rest.mjs)
  label: 'Lab: spiral of death',
  params: { cost: Number, clamp: (s) => ({ 1: true, true: true, 0: false, false: false })[s], maxSteps: Number },
  defaults: { cost: 2, clamp: false, maxSteps: 8 },
  check(name, value) {
    if (name === 'clamp') {
      if (typeof value !== 'boolean') throw new TypeError(`clamp must be a boolean, got ${typeof value}`);
      return value;
    }
    if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${typeof value}`);
    if (name === 'cost' && !(value >= 0.1 && value <= 4)) throw new RangeError(`cost must be from 0.1 to 4 steps, got ${value}`);
    if (name === 'maxSteps' && !(Number.isInteger(value) && value >= 1 && value <= 64)) {
      throw new RangeError(`maxSteps must be a whole number from 1 to 64, got ${value}`);
    }
    return value;
  },
  build(world) { world.clear(); },

  prepare(world, lab) {
    const s = lab.settings;
    const st = {
      lab,
      stepper: lab.silk.createStepper({ stepSeconds: STEP, maxStepsPerFrame: s.clamp ? s.maxSteps : UNCLAMPED }),
      nextDt: STEP, backlog: 0, frame: 0,
      last: { steps: 0, frameSeconds: 0, alpha: 0, dropped: 0, accumulator: 0 },
      droppedTotal: 0, halted: false, haltReason: '',
      hist: { steps: new Float64Array(KEEP), frameSeconds: new Float64Array(KEEP), dropped: new Float64Array(KEEP), alpha: new Float64Array(KEEP), index: new Float64Array(KEEP), n: 0 },
    };
    return st;
  },

  dispose(st) { st.stepper.destroy(); },

  apply(st, name, value) {
    if (name === 'cost') return; // the next frame's cost; the run goes on
    st.lab.rebuild(); // a new stepper: the clamp is the stepper's own setting
    void value;
  },

  advance(st, info) {
    if (st.halted) return { steps: 0, alpha: st.last.alpha, dropped: 0, draw: false };
    st.backlog += Math.min(Math.max(info.realDt, 0), 0.25);
    let ran = 0;
    while (st.backlog >= 1 / MODEL_FPS - 1e-6 && !st.halted) {
      st.backlog -= 1 / MODEL_FPS;
      ran += modelFrame(st);
    }
    return { steps: ran, alpha: st.last.alpha, dropped: 0, draw: true };
  },

  draw(ctx, f, st) {
    const h = st.hist;
    const lh = lineHeight(f, 11);
    const n = h.n;
    const x1 = Math.max(KEEP, st.frame);
    const x0 = x1 - KEEP;
    let top = 8;
    for (let i = 0; i < n; i++) top = Math.max(top, h.steps[i]);
    const topPow = 2 ** Math.ceil(Math.log2(top * 1.2));
    const pad = 8 * f.cssPx;
    const { width: W, height: H } = st.lab.world; // the app's world: the canvas shows all of it
    const boxes = [
      { x: pad, y: lh + 4, w: W - 2 * pad, h: H * 0.46 },
    ];
    boxes.push({ x: pad, y: boxes[0].y + boxes[0].h + lh * 1.6, w: W - 2 * pad, h: H * 0.17 });
    boxes.push({ x: pad, y: boxes[1].y + boxes[1].h + lh * 1.6, w: W - 2 * pad, h: H - boxes[1].y - boxes[1].h - lh * 3.2 });
    const s = st.lab.settings;
    text(ctx, f, `steps per frame (log) · cost ${sig(s.cost)} steps per step · ${s.clamp ? `max ${s.maxSteps} steps per frame` : 'no max steps per frame'}`, pad, 2, { weight: 600 });
    const grid = [];
    for (let g = 1; g <= topPow; g *= 4) grid.push(g);
    plot(ctx, f, boxes[0], [{ xs: h.index, ys: h.steps, n, colour: '#d7263d', width: 2 }],
      { x: [x0, x1], y: [0.8, topPow], log: true, grid, xLabel: 'frame', yLabel: `steps (gridlines 1, 4, 16 … ${sig(topPow)})` });
    text(ctx, f, `dropped time per frame (s) · total ${sig(st.droppedTotal)} s`, pad, boxes[1].y - lh * 1.3, { weight: 600, size: 10 });
    let dmax = 0.05;
    for (let i = 0; i < n; i++) dmax = Math.max(dmax, h.dropped[i]);
    plot(ctx, f, boxes[1], [{ xs: h.index, ys: h.dropped, n, colour: '#6f42c1', width: 2 }], { x: [x0, x1], y: [0, dmax * 1.1], yLabel: `0 … ${sig(dmax)} s` });
    text(ctx, f, 'alpha = accumulator / step (always in [0, 1))', pad, boxes[2].y - lh * 1.3, { weight: 600, size: 10 });
    plot(ctx, f, boxes[2], [{ xs: h.index, ys: h.alpha, n, colour: '#1f6feb', width: 2 }], { x: [x0, x1], y: [0, 1], grid: [0.5], yLabel: '0 … 1' });
    if (st.halted) {
      const b = boxes[0];
      ctx.fillStyle = 'rgba(176,0,32,0.9)';
      const w = Math.min(b.w - 20, 520 * f.cssPx);
      ctx.fillRect(b.x + (b.w - w) / 2, b.y + b.h / 2 - lh * 1.3, w, lh * 2.6);
      text(ctx, f, st.haltReason, b.x + b.w / 2, b.y + b.h / 2, { colour: '#ffffff', align: 'center', baseline: 'middle', weight: 600 });
    }
  },

  panel(r, { bar, panel, context }) {
    const s = context.settings;
    const cost = range({
      name: 'cost', label: 'Cost of one step, in steps of wall time', min: 0.1, max: 4, step: 0.05, value: s.cost,
      format: (v) => `× ${v.toFixed(2)}`, onChange: (v) => context.set('cost', v),
    });
    const clamp = toggle({ name: 'clamp', label: 'max steps per frame', checked: s.clamp, onChange: (v) => context.set('clamp', v) });
    const max = range({
      name: 'maxSteps', label: 'Max steps per frame', min: 1, max: 32, step: 1, value: s.maxSteps,
      format: (v) => String(v), onChange: (v) => context.set('maxSteps', v),
    });
    const restart = button('Restart', () => context.rebuild());
    const headline = el('p', { className: 'lab-headline' });
    bar.append(el('div', { className: 'lab-controls' }, cost.root, el('div', { className: 'lab-check' }, clamp.root), restart), headline);
    const list = readouts([
      ['frame', 'Frame'],
      ['steps', 'Steps this frame'],
      ['dt', 'This frame lasted (model)'],
      ['alpha', 'alpha'],
      ['dropped', 'Dropped this frame · total'],
      ['acc', 'Left in the accumulator'],
    ]);
    panel.append(
      el('h2', { textContent: 'The spiral of death' }),
      prose('A feedback model on the engine\'s own fixed-step accumulator (1/60 s steps, in wasm). Each step costs ',
        'cost × 1/60 s', ' of wall time, so a frame that runs N steps lasts N × cost / 60 s — at least one 1/60 s display frame — and the next frame has that much time to catch up.'),
      prose('Above a cost of 1 the steps grow by the cost every frame: 1 → 2 → 4 → 8 … at cost 2. The only brake is a ',
        'maximum of steps per frame', ': the stepper runs that many and drops the rest of the frame\'s time. The steps stay flat; the simulation falls behind the wall clock instead.'),
      max.root, list.root,
    );
    return { cost, clamp, max, list, headline };
  },

  show(ui, r) {
    ui.list.set('frame', String(r.frame));
    ui.list.set('steps', String(r.steps));
    ui.list.set('dt', `${sig(r.frameSeconds * 1000)} ms`);
    ui.list.set('alpha', r.alpha.toFixed(3), r.alpha >= 0 && r.alpha < 1 ? '' : 'bad');
    ui.list.set('dropped', `${sig(r.droppedSeconds)} s · ${sig(r.droppedTotal)} s`);
    ui.list.set('acc', `${sig(r.accumulatorSeconds * 1000)} ms`);
    setText(ui.headline, r.halted ? r.haltReason
      : `frame ${r.frame}: ${r.steps} steps, ${sig(r.frameSeconds * 1000)} ms, dropped ${sig(r.droppedTotal)} s, alpha ${r.alpha.toFixed(3)}`);
  },

  readouts(st) {
    const h = st.hist;
    const list = (a) => Array.from(a.subarray(0, h.n));
    return {
      frame: st.frame,
      steps: st.last.steps,
      frameSeconds: st.last.frameSeconds,
      alpha: st.last.alpha,
      droppedSeconds: st.last.dropped,
      droppedTotal: st.droppedTotal,
      accumulatorSeconds: st.last.accumulator,
      halted: st.halted,
      haltReason: st.haltReason,
      history: { steps: list(h.steps), frameSeconds: list(h.frameSeconds), dropped: list(h.dropped), alpha: list(h.alpha) },
    };
  },
};

/** One frame of the model: feed the frame's time to the stepper; its work sets the next dt. */
function modelFrame(st) {
  const dt = st.nextDt;
  const r = st.stepper.advance(dt);
  st.frame++;
  st.droppedTotal += r.droppedSeconds;
  st.last = { steps: r.steps, frameSeconds: dt, alpha: r.alpha, dropped: r.droppedSeconds, accumulator: r.accumulatorSeconds };
  const h = st.hist;
  if (h.n === KEEP) {
    for (const k of ['steps', 'frameSeconds', 'dropped', 'alpha', 'index']) h[k].copyWithin(0, 1);
    h.n--;
  }
  h.steps[h.n] = r.steps;
  h.frameSeconds[h.n] = dt;
  h.dropped[h.n] = r.droppedSeconds;
  h.alpha[h.n] = r.alpha;
  h.index[h.n] = st.frame;
  h.n++;
  const work = r.steps * st.lab.settings.cost * STEP;
  st.nextDt = Math.max(STEP, work);
  if (st.nextDt > FROZEN) {
    st.halted = true;
    st.haltReason = `frame ${st.frame + 1} would last ${formatDuration(st.nextDt)}: the page is frozen`;
  }
  return r.steps;
}

function formatDuration(s) {
  if (s < 120) return `${sig(s)} s`;
  if (s < 7200) return `${sig(s / 60)} minutes`;
  if (s < 172800) return `${sig(s / 3600)} hours`;
  return `${sig(s / 86400)} days`;
}
