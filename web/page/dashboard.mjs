// dashboard.mjs -- the live readout. It reads the world's diagnostics view (one Float64Array
// over wasm memory, indexed by DIAG; filled once per frame by world.updateDiagnostics) and the
// loop's timing record; there is no call into the engine per field.
//
// Only what must be instant runs inside the animation frame: the blow-up check (two array
// reads) and one plot sample. Text and plots (each 2.5 times a second) are redrawn in idle
// time (requestIdleCallback, with a timeout so a busy page still updates), in turn, and only
// while the panel is on screen: they never delay a frame.
import { DIAG, VERDICTS, SOLVERS, HEALTHS } from '../lib/silk-base.mjs';
import { createPlots } from './plots.mjs';
import { STRAIN_COLOURS } from '../kit/draw.mjs';
import { sig } from '../kit/format.mjs';
import { sceneRate } from '../kit/rate.mjs';
import { BASIC_SCENES } from './page-labs.mjs';

const pct = (v) => `${sig(v * 100)} %`;
const px = (v) => `${sig(v)} px`;
const ms = (v) => `${v.toFixed(2)} ms`;

// [group, id, label, read(d: diagnostics view, s: app stats) -> text]
const FIELDS = [
  ['Constraint error', 'err', 'Distance error median / p99', (d) => `${sig(d[DIAG.ERROR_MEDIAN])} / ${px(d[DIAG.ERROR_P99])}`],
  ['Constraint error', 'strain', 'Strain median / p97 / max', (d) => `${sig(d[DIAG.STRAIN_MEDIAN] * 100)} / ${sig(d[DIAG.STRAIN_P97] * 100)} / ${pct(d[DIAG.STRAIN_MAX])}`],
  ['Constraint error', 'grip', 'Grip length median / max', (d) => (d[DIAG.GRIPS] > 0 ? `${sig(d[DIAG.GRIP_ERROR_MEDIAN])} / ${px(d[DIAG.GRIP_ERROR_MAX])}` : '—')],
  ['Constraint error', 'angle', 'Angle error median / max', (d) => (d[DIAG.ANGLES] > 0 ? `${sig(d[DIAG.ANGLE_ERROR_MEDIAN])} / ${sig(d[DIAG.ANGLE_ERROR_MAX])}°` : '—')],
  ['Stability', 'relax', 'Relaxations per frame', (d) => sig(d[DIAG.RELAXATIONS_PER_FRAME], 6)],
  ['Stability', 'keff', 'k / step', (d) => `${sig(d[DIAG.K_MAX])} / ${d[DIAG.RELAX_PASSES]} = ${sig(d[DIAG.K_EFFECTIVE])}`],
  ['Stability', 'verdict', 'Verdict (margin)', (d) => `${VERDICTS[d[DIAG.VERDICT]] ?? '?'} (${sig(d[DIAG.STABILITY_MARGIN])})`],
  ['Stability', 'nan', 'NaN particles', (d) => `${d[DIAG.NAN_COUNT]} of ${d[DIAG.PARTICLES]}`],
  ['Stability', 'radius', 'Bounding radius', (d) => px(d[DIAG.BOUNDING_RADIUS])],
  ['Stability', 'count', 'Particles / constraints', (d) => `${d[DIAG.PARTICLES]} / ${d[DIAG.CONSTRAINTS]}`],
  ['Solver', 'solver', 'Solver', (d) => (d[DIAG.SOLVER] === 1 ? `robust · ${d[DIAG.SUBSTEPS]} substeps` : `${SOLVERS[0]} · frame(${d[DIAG.RELAX_PASSES]})`)],
  ['Solver', 'health', 'Health (watchdog)', (d) => `${HEALTHS[d[DIAG.HEALTH]] ?? '?'}${d[DIAG.HEALTH_RESTORES] > 0 ? ` · ${d[DIAG.HEALTH_RESTORES]} restores` : ''}`],
  ['Solver', 'hash', 'State hash', (d, s) => s.stateHash],
  ['Solver', 'replay', 'Replay', (d, s) => replayText(s.replay)],
  // touching disc pairs and their overlap (robust scenes with radii: ball pit, chain and cloth);
  // a dash while no discs touch (every other scene), rows kept so the panel never shifts
  ['Collisions', 'contacts', 'Contacts (touching disc pairs)', (d) => (d[DIAG.CONTACTS] > 0 ? String(d[DIAG.CONTACTS]) : '—')],
  ['Collisions', 'overlap', 'Overlap max / p99', (d) => (d[DIAG.CONTACTS] > 0 ? `${sig(d[DIAG.OVERLAP_MAX])} / ${px(d[DIAG.OVERLAP_P99])}` : '—')],
  ['Collisions', 'overlap-r', 'Max overlap / radius', (d) => (d[DIAG.CONTACTS] > 0 ? pct(d[DIAG.OVERLAP_RATIO_MAX]) : '—')],
  ['Collisions', 'sleeping', 'Sleeping discs', (d) => (d[DIAG.SLEEPING] > 0 ? String(d[DIAG.SLEEPING]) : '—')],
  ['Timing', 'hz', 'Display Hz (device / simulated)', (d, s) => `${s.measuredHz ? s.measuredHz.toFixed(1) : '…'} / ${s.simulatedHz}`],
  ['Timing', 'steps', 'Steps this frame · alpha', (d, s) => `${s.stepsThisFrame} · ${s.alpha.toFixed(3)}`],
  ['Timing', 'dropped', 'Dropped time (total)', (d, s) => `${(s.droppedSeconds * 1000).toFixed(0)} ms`],
  ['Timing', 'phys', 'Physics / render ms per frame', (d, s) => `${ms(s.physicsMs)} / ${ms(s.renderMs)}`],
  ['Timing', 'frames', 'Frames · simulated time', (d, s) => `${d[DIAG.FRAME_COUNT]} · ${s.simSeconds.toFixed(1)} s`],
];

function replayText(r) {
  if (!r || r.state === 'idle') return 'recording';
  if (r.state === 'playing') return `playing step ${r.step} of ${r.steps}`;
  return r.matches ? `${r.steps} steps replayed: same hash ✓` : `${r.steps} steps replayed: hash differs ✗`;
}

const TEXT_EVERY = 0.2; // s: one idle job per 0.2 s, text and plots in turn (2.5 Hz each)
const idle = globalThis.requestIdleCallback
  ? (fn) => globalThis.requestIdleCallback(fn, { timeout: 250 })
  : (fn) => setTimeout(fn, 0);

export function createDashboard({ panel, compact, banner, onReset, diagnostics, stats }) {
  const values = new Map(); // id -> { el, text }
  let group = null;
  let grid = null;
  const readouts = panel.querySelector('.readouts');
  for (const [g, id, label] of FIELDS) {
    if (g !== group) {
      group = g;
      const h = document.createElement('h3');
      h.textContent = g;
      grid = document.createElement('dl');
      const box = document.createElement('div');
      box.className = 'group';
      box.append(h, grid);
      readouts.append(box);
    }
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.id = `d-${id}`;
    const node = document.createTextNode('…');
    dd.append(node);
    grid.append(dt, dd);
    values.set(id, { node, text: '…' });
  }

  const legend = panel.querySelector('.legend-bar');
  for (const c of STRAIN_COLOURS) {
    const span = document.createElement('span');
    span.style.background = c;
    legend.append(span);
  }
  const legendText = panel.querySelector('.legend-text');
  const chip = panel.querySelector('.chip');

  const plots = createPlots(panel.querySelector('canvas.plots'), [
    { label: 'strain p97', colour: '#d7263d', format: (v) => pct(v) },
    { label: 'error p99', colour: '#1f6feb', format: (v) => px(v) },
    { label: 'bounding radius', colour: '#6f42c1', format: (v) => px(v) },
  ]);
  const sampleValues = new Float64Array(3);

  banner.querySelector('button').addEventListener('click', () => onReset());
  const bannerText = banner.querySelector('.why');

  let exploded = false;
  let full = true;
  let onScreen = true;
  let pending = false;
  let lastJob = -Infinity;
  let lastNow = 0;
  let jobs = 0;
  new IntersectionObserver((entries) => {
    onScreen = entries[entries.length - 1].isIntersecting;
  }).observe(panel);

  function set(id, text) {
    const v = values.get(id);
    if (v.text !== text) { v.text = text; v.node.nodeValue = text; } // no node churn
  }

  function showExploded(d, on) {
    exploded = on;
    banner.hidden = !on;
    document.body.classList.toggle('exploded', on);
    chip.textContent = on ? 'BLOWN UP' : 'running';
    if (on) {
      const nan = d[DIAG.NAN_COUNT];
      bannerText.textContent = nan > 0
        ? `${nan} particles are NaN.`
        : `Bounding radius ${px(d[DIAG.BOUNDING_RADIUS])} and no NaN: the numbers exploded silently.`;
    }
  }

  function text(d, s) {
    if (exploded) showExploded(d, true); // keep the banner's numbers current
    for (const [, id, , read] of FIELDS) set(id, read(d, s));
    legendText.textContent = `strain ${pct(d[DIAG.STRAIN_MEDIAN])} (median) → ${pct(d[DIAG.STRAIN_P97])} (p97)`;
  }

  let readout = 'plain';
  function compactText(d, s) {
    const t = compactLine(readout, d, s, exploded);
    if (compact.textContent !== t) compact.textContent = t;
  }

  // The idle-time job: the compact line (embed) or, on screen, the text and the plots in turn.
  function job() {
    pending = false;
    const d = diagnostics();
    const s = stats();
    if (!full) compactText(d, s);
    else if (onScreen) {
      if (jobs++ % 2 === 0) text(d, s);
      else plots.draw(lastNow);
    }
  }

  /** After a frame's sample: the blow-up check, and the idle job when it is due. */
  function after(d, now) {
    lastNow = now;
    const blown = d[DIAG.EXPLODED] !== 0 || d[DIAG.NAN_COUNT] > 0;
    if (blown !== exploded) showExploded(d, blown);
    if (!pending && now - lastJob >= TEXT_EVERY) {
      pending = true;
      lastJob = now;
      idle(job);
    }
  }

  return {
    /** Shows the full panel or only the compact line (embed). */
    set full(on) { full = on; },
    /** The compact line: 'plain' (scene · steps/s · verdict), 'full' (the diagnostics) or 'none'. */
    set readout(mode) { readout = mode; compact.hidden = mode === 'none'; },
    get exploded() { return exploded; },
    /** Called once per displayed frame; `now` in seconds. */
    frame(d, now, running) {
      if (running) {
        sampleValues[0] = d[DIAG.STRAIN_P97];
        sampleValues[1] = d[DIAG.ERROR_P99];
        sampleValues[2] = d[DIAG.BOUNDING_RADIUS];
        plots.sample(now, sampleValues);
      }
      after(d, now);
    },
    /** The page's Worker (page-worker.mjs) posts its stats a few times a second: the plot
     *  samples of its frames since the last ones (a flat array: t s on this page's clock,
     *  strain p97, error p99, radius, four numbers each) and its diagnostics; then what frame()
     *  checks. */
    feed(d, samples) {
      for (let k = 0; k < samples.length; k += 4) {
        sampleValues[0] = samples[k + 1];
        sampleValues[1] = samples[k + 2];
        sampleValues[2] = samples[k + 3];
        plots.sample(samples[k], sampleValues);
      }
      after(d, samples.length > 0 ? samples[samples.length - 4] : lastNow + TEXT_EVERY);
    },
    /** Forces every readout to the current state now (after a rebuild, a single step, a test). */
    refresh(d, s, now) {
      const blown = d[DIAG.EXPLODED] !== 0 || d[DIAG.NAN_COUNT] > 0;
      showExploded(d, blown);
      compactText(d, s);
      text(d, s);
      plots.draw(now);
    },
    clearHistory() { plots.clear(); },
  };
}

/**
 * The embed's line under the canvas for `mode` ('plain' | 'full' | 'none'): d is the diagnostics
 * (DIAG layout: the live view, or the copy a Worker posts), s the stats. Shared by the dashboard
 * and the embed in a Worker (embed-worker.mjs).
 */
export function compactLine(mode, d, s, exploded) {
  const verdict = exploded ? 'BLOWN UP' : VERDICTS[d[DIAG.VERDICT]];
  if (mode === 'full') {
    return `step ${d[DIAG.RELAX_PASSES]} · k/step ${sig(d[DIAG.K_EFFECTIVE])} ${verdict} · strain p97 ${pct(d[DIAG.STRAIN_P97])} · r ${px(d[DIAG.BOUNDING_RADIUS])} · ${s.resting ? 'at rest' : sceneRate(!BASIC_SCENES.includes(s.scene), s.loopMode, s.stepsPerSecond)}`;
  }
  if (mode === 'plain') return plainReadout(s, exploded ? 'blown up' : VERDICTS[d[DIAG.VERDICT]]);
  return '';
}

/**
 * The embed's plain line: "web · 60 steps/s · stable" -- what runs (an own scene's name, for
 * ?embed=1&scene=<path>: not the scene setting it replaced), how fast the physics runs
 * (the fixed step's rate; in the coupled loop the steps per second measured, rate.mjs: the
 * simulated display's, not the device's rAF rate), and whether it holds; "web · paused" while
 * paused, "cloth · at rest · stable" while at rest (kit/rest.mjs). (readout=full says the loop
 * and the measured rate for both loops.)
 */
export function plainReadout(s, verdict) {
  const name = s.own?.name ?? s.scene;
  if (s.paused) return `${name} · paused`;
  if (s.resting) return `${name} · at rest · ${verdict}`;
  const rate = s.loopMode === 'coupled' ? s.stepsPerSecond : 1 / (s.stepSeconds ?? 1 / 60);
  return `${name} · ${rate ? Math.round(rate) : '…'} steps/s · ${verdict}`;
}
