// lab-integrators.mjs -- ?scene=integrators: seed 004's bouncing ball, three integrators side by
// side. Every number is computed by the engine (silk.ballRun: silk_ball in wasm, silk.h
// "Integrator lesson"); lab seed004.* checks the same tables in ctest.
//
//   explicit Euler        x += v h; v += a h       (position from the OLD velocity)
//   semi-implicit Euler   v += a h; x += v h       (position from the NEW velocity)
//   position Verlet       x' = 2x - prev + a h^2
//
// The ball: y0 = 5 m, launched at 2 m/s and 0.9 rad (seed 004's table 2), g = 9.81 m/s^2,
// floor y = 0 with the seed's "snap back" rule (or the mirror rule, under which semi-implicit
// Euler really stays in a band: seed004.2c). h from 1/240 to 1/15 s. The animation plays the
// engine's frames at real time (frame k at t = k h, no interpolation), 12 s, looping.
//
// Tables: (1) free fall against the closed form y0 + vy0 t - g t^2 / 2 (launch 6 m/s):
// explicit Euler is off by exactly g h t / 2; (2) energy just before each floor contact, with
// E_n / E_(n-1); (3) sub-steps n = 1, 2, 4, 8 of h / n over T = 0.6 s: the error halves with
// every doubling (first order).
//
// silkApp.lab for this scene:
//   { scene: 'integrators', settings: { h (1/h: 240 ... 15), floor }, t,
//     bounces: { explicit | semi-implicit | verlet: [{ n, E, ratio }] } (first 8 contacts),
//     freeFall: { rows: [{ t, y, closed, diff, law }], maxError: { explicit, semi-implicit, verlet } },
//     substeps: [{ n, hh, maxError, ratio }], launchEnergy: { explicit | semi-implicit | verlet } (E at t 0) }
import { INTEGRATORS } from '../lib/silk-base.mjs';
import { installRuns } from '../lib/silk-extras-runs.mjs';
import { el, setText, select, radios, readouts, prose, table, text, lineHeight, plot, sig } from './lab-kit.mjs';

const G = 9.81;
const RATES = [240, 120, 60, 30, 15]; // h = 1 / rate
const SECONDS = 12;
const COLOURS = { explicit: '#d7263d', 'semi-implicit': '#1f6feb', verlet: '#14663f' };
const NAMES = { explicit: 'explicit Euler', 'semi-implicit': 'semi-implicit Euler', verlet: 'position Verlet' };
const LAUNCH = { v0: 2, angle: 0.9, y0: 5 };
const FLIGHT = { v0: 6, angle: 0.9, y0: 5 };

function closedY(o, t) {
  return o.y0 + o.v0 * Math.sin(o.angle) * t - 0.5 * G * t * t;
}

function compute(silk, rate, floor) {
  installRuns(); // silk.ballRun (silk-extras-runs.mjs): installed where a run is asked for
  const h = 1 / rate;
  const steps = Math.ceil(SECONDS * rate);
  const runs = {};
  const bounces = {};
  for (const integrator of INTEGRATORS) {
    const run = silk.ballRun({ ...LAUNCH, integrator, h, floor, steps });
    runs[integrator] = run;
    const list = [];
    let prev = run.E[0];
    for (let k = 1; k <= steps && list.length < 8; k++) {
      const e = run.preContactE[k];
      if (Number.isNaN(e)) continue;
      list.push({ n: list.length + 1, E: e, ratio: e / prev });
      prev = e;
    }
    bounces[integrator] = list;
  }
  // (1) free fall, no floor, until the closed form lands
  const vy = FLIGHT.v0 * Math.sin(FLIGHT.angle);
  const tLand = (vy + Math.sqrt(vy * vy + 2 * G * FLIGHT.y0)) / G;
  const flightSteps = Math.max(1, Math.floor(tLand * rate));
  const maxError = {};
  let rows = [];
  for (const integrator of INTEGRATORS) {
    const run = silk.ballRun({ ...FLIGHT, integrator, h, floor: 'none', steps: flightSteps });
    let worst = 0;
    for (let k = 1; k <= flightSteps; k++) worst = Math.max(worst, Math.abs(run.y[k] - closedY(FLIGHT, run.t[k])));
    maxError[integrator] = worst;
    if (integrator === 'explicit') {
      const every = Math.max(1, Math.round(0.25 * rate));
      rows = [];
      for (let k = every; k <= flightSteps; k += every) {
        const t = run.t[k];
        const closed = closedY(FLIGHT, t);
        rows.push({ t, y: run.y[k], closed, diff: run.y[k] - closed, law: 0.5 * G * h * t });
      }
    }
  }
  // (3) sub-steps over T = 0.6 s, explicit Euler
  const frames = Math.max(1, Math.round(0.6 * rate));
  const substeps = [];
  for (let n = 1; n <= 8; n *= 2) {
    const run = silk.ballRun({ ...FLIGHT, integrator: 'explicit', h, substeps: n, floor: 'none', steps: frames });
    let worst = 0;
    for (let k = 1; k <= frames; k++) worst = Math.max(worst, Math.abs(run.y[k] - closedY(FLIGHT, run.t[k])));
    const prev = substeps[substeps.length - 1];
    substeps.push({ n, hh: h / n, maxError: worst, ratio: prev ? worst / prev.maxError : NaN });
  }
  return { h, steps, runs, bounces, freeFall: { rows, maxError }, substeps };
}

export const integrators = {
  name: 'integrators',
  rests: false, // it measures time: the ball's energy over time, plotted (kit/rest.mjs)
  label: 'Lab: integrators',
  params: { h: Number, floor: (s) => s },
  defaults: { h: 15, floor: 'snap' },
  check(name, value) {
    if (name === 'h') {
      if (typeof value !== 'number') throw new TypeError(`h must be a number (1/h), got ${typeof value}`);
      if (!RATES.includes(value)) throw new RangeError(`h must be 1/${RATES.join(', 1/')} s (give 1/h), got ${value}`);
      return value;
    }
    if (value !== 'snap' && value !== 'mirror') throw new RangeError(`floor must be 'snap' or 'mirror', got ${JSON.stringify(value)}`);
    return value;
  },
  build(world) { world.clear(); },

  prepare(world, lab) {
    const s = lab.settings;
    const data = compute(lab.silk, s.h, s.floor);
    let ymax = 6;
    let emax = 0;
    for (const run of Object.values(data.runs)) {
      for (let k = 0; k < run.y.length; k++) { ymax = Math.max(ymax, run.y[k]); emax = Math.max(emax, run.E[k]); }
    }
    return { lab, data, t: 0, ymax: Math.min(ymax * 1.08, 60), emax: emax * 1.08 };
  },

  apply(st) { st.lab.rebuild(); },

  advance(st, info) {
    st.t = (st.t + Math.min(Math.max(info.realDt, 0), 0.25)) % SECONDS;
    return { steps: 0, alpha: 0, dropped: 0, draw: true };
  },

  draw(ctx, f, st) {
    const { data } = st;
    const k = Math.min(data.steps, Math.floor(st.t / data.h));
    const lh = lineHeight(f, 11);
    const top = 0;
    const { width: W, height: H } = st.lab.world; // the app's world: the canvas shows all of it
    const height = H * 0.55;
    const floorY = top + height - 6;
    const scale = (height - lh * 2.6 - 12) / st.ymax;
    INTEGRATORS.forEach((name, c) => {
      const run = data.runs[name];
      const x0 = c * (W / 3);
      const cx = x0 + W / 6;
      ctx.fillStyle = c % 2 ? '#f6f8fa' : '#fff';
      ctx.fillRect(x0, top, W / 3, height);
      ctx.fillStyle = '#4a5560';
      ctx.fillRect(x0 + 10, floorY, W / 3 - 20, 2);
      // trail: the last second of frames
      ctx.beginPath();
      const from = Math.max(0, k - Math.round(1 / data.h));
      for (let i = from; i <= k; i++) {
        const x = cx + (run.x[i] - run.x[k]) * scale;
        const y = floorY - run.y[i] * scale;
        if (i === from) ctx.moveTo(x, y); else ctx.lineTo(x, y);
      }
      ctx.lineWidth = Math.max(f.px, f.cssPx);
      ctx.strokeStyle = `${COLOURS[name]}66`;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(cx, floorY - run.y[k] * scale, Math.max(6, 5 * f.cssPx), 0, Math.PI * 2);
      ctx.fillStyle = COLOURS[name];
      ctx.fill();
      const column = W / 3 - 12 * f.cssPx; // condensed rather than over the next column (a phone)
      text(ctx, f, NAMES[name], x0 + 6 * f.cssPx, top + 3 * f.cssPx, { colour: COLOURS[name], weight: 600, maxWidth: column });
      text(ctx, f, `E ${run.E[k].toFixed(2)} J · y ${run.y[k].toFixed(2)} m`, x0 + 6 * f.cssPx, top + 3 * f.cssPx + lh, { size: 10, maxWidth: column });
    });
    // energy against time
    const box = { x: 8 * f.cssPx, y: height + lh * 1.4, w: W - 16 * f.cssPx, h: H - height - lh * 3 };
    const series = INTEGRATORS.map((name) => ({ xs: data.runs[name].t, ys: data.runs[name].E, n: data.steps + 1, colour: COLOURS[name], width: 1.5 }));
    series.push({ xs: new Float64Array([st.t, st.t]), ys: new Float64Array([0, st.emax]), n: 2, colour: '#8a939c', width: 1, dash: [3, 3] });
    const s = st.lab.settings;
    text(ctx, f, `energy E = v²/2 + g y (J, 1 kg) · h = 1/${s.h} s · ${s.floor} floor`, box.x, height + 2 * f.cssPx, { weight: 600, size: 10, maxWidth: box.w });
    plot(ctx, f, box, series, { x: [0, SECONDS], y: [0, st.emax], xLabel: 't, s (0–12)', yLabel: `0 … ${sig(st.emax)} J` });
  },

  panel(r, { bar, panel, context }) {
    const s = context.settings;
    const h = select({
      name: 'h', label: 'Step h', value: s.h, options: RATES.map((r) => [r, `1/${r} s`]), onChange: (v) => context.set('h', v),
    });
    const floor = radios({
      name: 'floor', label: 'Floor rule', value: s.floor,
      options: [['snap', 'snap back'], ['mirror', 'mirror']], onChange: (v) => context.set('floor', v),
    });
    const headline = el('p', { className: 'lab-headline' });
    bar.append(el('div', { className: 'lab-controls' }, h.root, floor.root), headline);
    const t1 = table({ caption: '', head: ['t, s', 'explicit y, m', 'closed y, m', 'difference, m', 'g h t / 2, m'] });
    const max = readouts(INTEGRATORS.map((n) => [`max-${n}`, `max |y − closed|, ${NAMES[n]}`]));
    const t2 = table({ caption: '', head: ['n', 'explicit', '÷', 'semi-implicit', '÷', 'Verlet', '÷'] });
    const t3 = table({ caption: '', head: ['n', 'h / n, s', 'max |y − closed|, m', 'error ÷ previous'] });
    panel.append(
      el('h2', { textContent: 'Integrators: the same ball, three ways' }),
      prose('One bouncing ball under three integrators, computed by the engine (silk_ball in wasm). ',
        'Explicit Euler', ' moves the ball with the old velocity and gains energy at every step; ',
        'semi-implicit Euler', ' uses the new velocity and loses as much; ', 'position Verlet', ' is exact in free flight. Pull h up to 1/15 s and watch the red ball climb.'),
      el('h3', { textContent: '① Free fall against the closed form' }), t1.root, max.root,
      el('h3', { textContent: '② Energy at each floor contact' }), t2.root,
      prose('With the snap-back floor, semi-implicit Euler and Verlet lose energy at every contact (a decay, not the "narrow band" a classic integrator lesson describes); with the mirror floor semi-implicit Euler stays in a band. Explicit Euler grows every bounce under both.'),
      el('h3', { textContent: '③ Sub-steps: n steps of h / n per frame' }), t3.root,
    );
    return { h, floor, t1, t2, t3, max, headline };
  },

  show(ui, data) {
    const s = data.settings;
    const f6 = (v) => v.toFixed(6);
    ui.t1.caption(`Explicit Euler, launched at 6 m/s, 0.9 rad from 5 m, h = 1/${s.h} s: the difference is exactly g h t / 2`);
    ui.t1.rows(data.freeFall.rows.map((r) => [r.t.toFixed(3), r.y.toFixed(5), r.closed.toFixed(5), f6(r.diff), f6(r.law)]));
    for (const n of INTEGRATORS) ui.max.set(`max-${n}`, `${sig(data.freeFall.maxError[n])} m`);
    ui.t2.caption(`Launched at 2 m/s from 5 m, h = 1/${s.h} s, ${s.floor} floor: Eₙ, the energy just before contact n (J), and ÷ = Eₙ / Eₙ₋₁ (E₀: the launch)`);
    const rows = [];
    for (let i = 0; i < 8; i++) {
      const cells = [String(i + 1)];
      for (const n of INTEGRATORS) {
        const b = data.bounces[n][i];
        cells.push(b ? b.E.toFixed(3) : '—', b ? b.ratio.toFixed(4) : '—');
      }
      rows.push(cells);
    }
    ui.t2.rows(rows);
    ui.t3.caption(`Explicit Euler, frames of h = 1/${s.h} s over T = 0.6 s: first order, so each doubling of n halves the error`);
    ui.t3.rows(data.substeps.map((r) => [String(r.n), `1/${Math.round(1 / r.hh)}`, f6(r.maxError), Number.isNaN(r.ratio) ? '—' : r.ratio.toFixed(6)]));
    const e = data.bounces.explicit;
    const m = data.bounces['semi-implicit'];
    setText(ui.headline, `h = 1/${s.h} s: explicit E ×${sig(e.length ? e[e.length - 1].E / data.launchEnergy.explicit : NaN)} after ${e.length} bounces, semi-implicit ×${sig(m.length ? m[m.length - 1].E / data.launchEnergy['semi-implicit'] : NaN)}; sub-step error ratio ${data.substeps[1].ratio.toFixed(3)}`);
  },

  readouts(st) {
    const { data } = st;
    return {
      t: st.t,
      bounces: structuredClone(data.bounces),
      freeFall: structuredClone(data.freeFall),
      substeps: structuredClone(data.substeps),
      launchEnergy: Object.fromEntries(INTEGRATORS.map((n) => [n, data.runs[n].E[0]])),
    };
  },
};
