// lab-kit.mjs -- small building blocks the timing-lab scenes share: labelled native controls
// (keyboard and touch work without extra code, like controls.mjs), readout lists, tables, and
// canvas text and plots sized in CSS pixels (a phone shows the 800 x 500 world at ~0.5x, so a
// label must grow in world px to stay readable).
import { sig } from '../kit/format.mjs';
import { el } from '../kit/dom.mjs';

// el is the shared DOM helper (dom.mjs), exported here as the lab scenes have always imported it
export { sig, el };

let ids = 0;
const nextId = (name) => `lab-${name}-${++ids}`;

/** A labelled <select>; options [[value, text]]; onChange(value as given in options). */
export function select({ name, label, options, value, onChange }) {
  const id = nextId(name);
  const s = el('select', { id, name }, ...options.map(([v, t]) => el('option', { value: String(v), textContent: t })));
  s.value = String(value);
  s.addEventListener('change', () => onChange(options.find(([v]) => String(v) === s.value)[0]));
  return { root: el('div', { className: 'lab-field' }, el('label', { htmlFor: id, textContent: label }), s), input: s, set: (v) => { s.value = String(v); } };
}

/** A labelled range with its value shown; onChange on release (and while dragging when live). */
export function range({ name, label, min, max, step, value, format = (v) => sig(v, 4), live = false, onChange }) {
  const id = nextId(name);
  const input = el('input', { id, name, type: 'range', min, max, step });
  input.value = String(value);
  const out = el('output', { htmlFor: id, textContent: format(value) });
  input.addEventListener('input', () => { out.textContent = format(Number(input.value)); if (live) onChange(Number(input.value)); });
  input.addEventListener('change', () => onChange(Number(input.value)));
  return {
    root: el('div', { className: 'lab-field' }, el('label', { htmlFor: id, textContent: label }), el('div', { className: 'range' }, input, out)),
    input,
    set: (v) => { input.value = String(v); out.textContent = format(v); },
  };
}

/** A labelled checkbox. */
export function toggle({ name, label, checked, onChange }) {
  const id = nextId(name);
  const input = el('input', { id, name, type: 'checkbox', checked });
  input.addEventListener('change', () => onChange(input.checked));
  return { root: el('label', { className: 'choice lab-toggle', htmlFor: id }, input, ` ${label}`), input, set: (v) => { input.checked = v; } };
}

/** Radio buttons in a fieldset; options [[value, text]]. */
export function radios({ name, label, options, value, onChange }) {
  const set = el('fieldset', { className: 'lab-radios' }, el('legend', { textContent: label }));
  const inputs = options.map(([v, t]) => {
    const id = nextId(`${name}-${v}`);
    const r = el('input', { type: 'radio', name: nextId(name), value: String(v), id, checked: v === value });
    r.addEventListener('change', () => { if (r.checked) onChange(v); });
    set.append(el('label', { className: 'choice', htmlFor: id }, r, ` ${t}`));
    return [v, r];
  });
  return { root: set, set: (value2) => inputs.forEach(([v, r]) => { r.checked = v === value2; }) };
}

export function button(text, onClick, className = '') {
  const b = el('button', { type: 'button', textContent: text, className });
  b.addEventListener('click', onClick);
  return b;
}

/** A <dl> of readouts: fields [[id, label]]; set(id, text) changes a value only when it differs. */
export function readouts(fields, className = 'lab-readouts') {
  const dl = el('dl', { className });
  const nodes = new Map();
  for (const [id, label] of fields) {
    const dd = el('dd', { id: `lab-r-${id}` });
    const node = document.createTextNode('…');
    dd.append(node);
    dl.append(el('dt', { textContent: label }), dd);
    nodes.set(id, { node, text: '…', dd });
  }
  return {
    root: dl,
    set(id, text, cls) {
      const n = nodes.get(id);
      if (n.text !== text) { n.text = text; n.node.nodeValue = text; }
      if (cls !== undefined && n.dd.className !== cls) n.dd.className = cls;
    },
  };
}

/** A table in a horizontally scrolling box; rows(list of arrays of cell text, optional row classes). */
export function table({ caption, head, className = '' }) {
  const tbody = el('tbody');
  const t = el('table', { className: `lab-table ${className}` },
    el('caption', { textContent: caption }),
    el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col', textContent: h })))),
    tbody);
  let shown = null; // the rows and classes in the table now: the same again rebuilds nothing
  return {
    root: el('div', { className: 'table-wrap' }, t),
    table: t,
    caption(text) { if (t.caption.textContent !== text) t.caption.textContent = text; },
    rows(rows, classes = []) {
      const key = JSON.stringify([rows, classes]);
      if (key === shown) return;
      shown = key;
      tbody.replaceChildren(...rows.map((cells, i) => el('tr', { className: classes[i] ?? '' }, ...cells.map((c) => el('td', { textContent: c })))));
    },
  };
}

/** Sets a node's text only when it differs (an unchanged readout costs no style or layout). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** A paragraph of explanation (plain text, or [text, strongText, text ...] alternating). */
export function prose(...parts) {
  return el('p', { className: 'lab-prose' }, ...parts.map((p, i) => (i % 2 ? el('strong', { textContent: p }) : p)));
}

// ---- canvas -----------------------------------------------------------------------------------

/** A phone-sized canvas (under ~615 CSS px for the 800 px world): the labs draw less there. */
export const narrow = (f) => f.cssPx > 1.3;
/** The smallest canvas text, CSS px, on every screen (a phone's and a desktop's alike). */
export const MIN_TEXT = 12;
/** The size `size` asks for, as drawn: MIN_TEXT at least. */
export const textSize = (_f, size) => Math.max(size, MIN_TEXT);

/** Text at (x, y) world px, `size` CSS px high whatever the canvas scale (MIN_TEXT at least). */
export function text(ctx, f, str, x, y, { size = 11, colour = '#1d2329', align = 'left', baseline = 'top', weight = 400, maxWidth } = {}) {
  size = textSize(f, size);
  ctx.font = `${weight} ${size * f.cssPx}px system-ui, sans-serif`;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  if (maxWidth === undefined) ctx.fillText(str, x, y);
  else ctx.fillText(str, x, y, maxWidth); // condensed rather than clipped on a narrow canvas
  return size * f.cssPx * 1.25; // line height, world px
}

/** The height of one text line of `size` CSS px, in world px. */
export function lineHeight(f, size = 11) {
  return textSize(f, size) * f.cssPx * 1.25;
}

/**
 * A line plot in the box { x, y, w, h } (world px): series [{ xs, ys, n, colour, width, dash }]
 * (typed arrays, the first n points), axes { x: [min, max], y: [min, max], log (y) }, labels.
 */
export function plot(ctx, f, box, series, { x: [x0, x1], y: [y0, y1], log = false, xLabel = '', yLabel = '', grid = [] } = {}) {
  const ly = (v) => (log ? Math.log10(v) : v);
  const Y0 = ly(y0);
  const Y1 = ly(y1);
  const sx = (v) => box.x + ((v - x0) / (x1 - x0)) * box.w;
  const sy = (v) => box.y + box.h - ((ly(v) - Y0) / (Y1 - Y0)) * box.h;
  ctx.save();
  ctx.fillStyle = '#fff';
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.lineWidth = f.px;
  ctx.strokeStyle = '#e1e6eb';
  ctx.beginPath();
  for (const g of grid) { ctx.moveTo(box.x, sy(g)); ctx.lineTo(box.x + box.w, sy(g)); }
  ctx.stroke();
  ctx.strokeStyle = '#8a939c';
  ctx.strokeRect(box.x, box.y, box.w, box.h);
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.w, box.h);
  ctx.clip();
  for (const s of series) {
    ctx.beginPath();
    let pen = false;
    for (let i = 0; i < s.n; i++) {
      const vx = s.xs[i];
      const vy = s.ys[i];
      if (!Number.isFinite(vx) || !Number.isFinite(vy) || (log && !(vy > 0))) { pen = false; continue; }
      const px = sx(vx);
      const py = sy(vy);
      if (pen) ctx.lineTo(px, py); else ctx.moveTo(px, py);
      pen = true;
    }
    ctx.lineWidth = Math.max(f.px, (s.width ?? 1.5) * f.cssPx);
    ctx.strokeStyle = s.colour;
    ctx.setLineDash(s.dash ? s.dash.map((d) => d * f.cssPx) : []);
    ctx.stroke();
  }
  ctx.restore();
  const small = 9.5;
  text(ctx, f, xLabel, box.x + box.w, box.y + box.h + 2 * f.cssPx, { size: small, align: 'right', colour: '#4a5560' });
  text(ctx, f, yLabel, box.x + 3 * f.cssPx, box.y + 2 * f.cssPx, { size: small, colour: '#4a5560' });
  return { sx, sy };
}
