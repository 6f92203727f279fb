// plots.mjs -- small strip charts of the last ~10 s: one canvas, one strip per series, log
// scale (a stretched web reads 1 %, an exploding one 1e150 px: both must fit), so a blow-up is
// seen as a wall, not read as a number.

const WINDOW = 10; // s
const CAPACITY = 512; // samples kept (>= WINDOW * SAMPLE_HZ)
const SAMPLE_HZ = 15;
const STRIP_CSS = 46; // px per strip

import { inkCanvas } from '../kit/theme.mjs';

export function createPlots(canvas, series) {
  // series: [{ label, unit, colour, format(v) -> string }]
  // desynchronized: its updates skip the page's compositor commit (see render.mjs)
  const ctx = canvas.getContext('2d', { alpha: false, desynchronized: true });
  const n = series.length;
  const t = new Float64Array(CAPACITY);
  const v = series.map(() => new Float64Array(CAPACITY));
  let head = 0; // next write
  let count = 0;
  let lastSample = -Infinity;
  let dpr = 1;
  let cssWidth = 300;

  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1].contentRect;
    dpr = globalThis.devicePixelRatio || 1;
    cssWidth = Math.max(100, box.width);
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(STRIP_CSS * n * dpr);
  });
  canvas.style.height = `${STRIP_CSS * n}px`;
  observer.observe(canvas);

  /** Records one sample per series at time `now` (s), at most SAMPLE_HZ a second. */
  function sample(now, values) {
    if (now - lastSample < 1 / SAMPLE_HZ) return;
    lastSample = now;
    t[head] = now;
    for (let k = 0; k < n; k++) v[k][head] = values[k];
    head = (head + 1) % CAPACITY;
    count = Math.min(count + 1, CAPACITY);
  }

  function clear() {
    count = 0;
    head = 0;
    lastSample = -Infinity;
  }

  let inked = 'light';
  function draw(now) {
    const theme = globalThis.document?.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
    if (theme !== inked) { inkCanvas(ctx, theme); inked = theme; } // drawn dark, not filtered
    const w = canvas.width;
    const h = canvas.height / n;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // (no clear: the strips below cover the whole canvas)
    ctx.font = `${12 * dpr}px system-ui, sans-serif`; // 12 CSS px: the smallest canvas text
    ctx.textBaseline = 'top';
    const first = (head - count + CAPACITY) % CAPACITY;
    for (let k = 0; k < n; k++) {
      const top = k * h;
      const vals = v[k];
      // log10 range over the window; non-finite samples are drawn as a red tick at the top
      let lo = Infinity;
      let hi = -Infinity;
      for (let m = 0; m < count; m++) {
        const i = (first + m) % CAPACITY;
        if (now - t[i] > WINDOW) continue;
        const x = vals[i];
        if (x > 0 && Number.isFinite(x)) {
          const l = Math.log10(x);
          if (l < lo) lo = l;
          if (l > hi) hi = l;
        }
      }
      if (!(hi >= lo)) { lo = -1; hi = 1; }
      if (hi - lo < 0.5) { const mid = (hi + lo) / 2; lo = mid - 0.25; hi = mid + 0.25; }
      const pad = 14 * dpr;
      const y0 = top + pad;
      const yh = h - pad - 3 * dpr;
      ctx.fillStyle = k % 2 ? '#f6f8fa' : '#fff';
      ctx.fillRect(0, top, w, h);
      ctx.beginPath();
      let pen = false;
      let last = NaN;
      ctx.fillStyle = '#d7263d';
      for (let m = 0; m < count; m++) {
        const i = (first + m) % CAPACITY;
        const age = now - t[i];
        if (age > WINDOW) continue;
        const x = w * (1 - age / WINDOW);
        const val = vals[i];
        last = val;
        if (!(val > 0) || !Number.isFinite(val)) {
          if (!(val === 0)) ctx.fillRect(x - dpr, top + dpr, 2 * dpr, 4 * dpr);
          pen = false;
          continue;
        }
        const y = y0 + yh * (1 - (Math.log10(val) - lo) / (hi - lo));
        if (pen) ctx.lineTo(x, y); else ctx.moveTo(x, y);
        pen = true;
      }
      ctx.lineWidth = Math.max(1, Math.round(dpr)); // 1 CSS px, whole device px
      ctx.strokeStyle = series[k].colour;
      ctx.stroke();
      ctx.fillStyle = '#333';
      const s = series[k];
      ctx.fillText(`${s.label}  ${s.format(last)}`, 4 * dpr, top + 2 * dpr);
      ctx.fillStyle = '#888';
      ctx.textAlign = 'right';
      ctx.fillText(`${s.format(10 ** hi)} … ${s.format(10 ** lo)}  (log)`, w - 4 * dpr, top + 2 * dpr);
      ctx.textAlign = 'left';
    }
  }

  return { sample, draw, clear, destroy: () => observer.disconnect() };
}
