// draw.mjs -- how the original verlet-js pages draw (tests/reference/NOTES.md §3), batched.
//
// Every function takes the canvas context (already transformed to world px) and a `frame`:
//   { cur, prev, alpha }            live Float64Array views (x0 y0 x1 y1 ...) and the weight;
//                                   a particle is drawn at prev + (cur - prev) * alpha
//   { xy }                          those drawn positions, x0 y0 x1 y1 ..., computed once per
//                                   frame by bindFrame (a scratch array the frame keeps)
//   { kinds, a, b, c, rest, targets } the constraint arrays (views, solver order)
//   { diag }                        the diagnostics view (DIAG indices)
//   { px, cssPx }                   one device pixel and one CSS pixel, in world px
// Each particle is interpolated once per frame (bindFrame), not once per line end: a web
// particle ends two to four lines, and the strain colours read every line twice. Each colour or
// width is one stroke()/fill() call, not one per constraint.
//
// Where the original strokes something twice (a grey 1-px line under the black leg), only the
// visible stroke is drawn; the result looks the same.
import { DIAG, CONSTRAINT_KINDS } from '../lib/silk-base.mjs';

/** The constraint kinds' codes (constraintKinds), from the library's enum; canvas.mjs draws by them too. */
const kindOf = (name) => Number(Object.keys(CONSTRAINT_KINDS).find((k) => CONSTRAINT_KINDS[k] === name));
export const DISTANCE = kindOf('distance');
export const PIN = kindOf('pin');
export const ANGLE = kindOf('angle');
const TAU = Math.PI * 2;

/**
 * Points a frame at a world's views for this draw (every renderer of a world does this first):
 * positions, previous positions, the constraint arrays, and `diag`. The views are re-read each
 * time because memory growth replaces them.
 */
export function bindFrame(f, world, alpha, diag) {
  f.cur = world.positions;
  f.prev = world.previousPositions;
  f.alpha = alpha;
  f.kinds = world.constraintKinds;
  f.a = world.constraintA;
  f.b = world.constraintB;
  f.c = world.constraintC;
  f.rest = world.constraintRest;
  f.targets = world.constraintTargets;
  f.diag = diag;
  interpolate(f);
  return f;
}

/**
 * Fills f.xy with prev + (cur - prev) * alpha for every particle (the same expression, so the
 * same doubles, as interpolating at each line end). The array is kept and only grows.
 */
export function interpolate(f) {
  const { cur, prev, alpha } = f;
  const n = cur.length;
  if (!f.xy || f.xy.length < n) f.xy = new Float64Array(Math.max(n, 2 * (f.xy?.length ?? 0), 64));
  const xy = f.xy;
  for (let k = 0; k < n; k++) xy[k] = prev[k] + (cur[k] - prev[k]) * alpha;
  return xy;
}

/** Interpolated x, y of particle i (after bindFrame). */
export function px(f, i) {
  return f.xy[2 * i];
}
export function py(f, i) {
  return f.xy[2 * i + 1];
}

function segment(ctx, xy, i, j) {
  ctx.moveTo(xy[2 * i], xy[2 * i + 1]);
  ctx.lineTo(xy[2 * j], xy[2 * j + 1]);
}

/**
 * Line width in world px. Anything under 1.5 device px is drawn as exactly one device pixel:
 * that is the rasteriser's hairline fast path (a phone shows the 800 px world at ~0.5x, so the
 * original's 1-px lines would be 1.46 device px at DPR 3 and cost a full polygon stroke each).
 */
export function width(ctx, f, w) {
  ctx.lineWidth = w < 1.5 * f.px ? f.px : w;
}

// ---- the strain scale -------------------------------------------------------------------------

/** Colours of the strain buckets: green (the frame's median strain) through amber to red (its p97). */
export const STRAIN_COLOURS = Object.freeze([
  '#1faa55', '#4bb43c', '#7bbd2b', '#a9c022', '#d2b31f', '#e39424', '#e2702a', '#da4a2f', '#cc2233',
]);
export const GRIP_COLOUR = '#8a4fff';
const NB = STRAIN_COLOURS.length;
// Scratch of strainLines (module state, but only ever a cache: it is fully rewritten each call).
let buckets = new Uint8Array(1024);
let order = new Int32Array(1024);
const counts = new Int32Array(NB + 1);
const cursor = new Int32Array(NB);

/**
 * Distance constraints with rest > 0 in [begin, end), one stroke per strain bucket. Strain is
 * |len - rest| / rest of the drawn (interpolated) line; the scale maps the frame's median strain
 * (DIAG.STRAIN_MEDIAN) to green and its p97 (DIAG.STRAIN_P97) to red, so the colours keep
 * telling lines apart whether the web sags at 0.1 % or is stretched to 500 %.
 */
export function strainLines(ctx, f, begin, end, lineWidth = 1) {
  const { kinds, a, b, rest, xy } = f;
  if (buckets.length < end) { buckets = new Uint8Array(end * 2); order = new Int32Array(end * 2); }
  const lo = f.diag[DIAG.STRAIN_MEDIAN];
  let span = f.diag[DIAG.STRAIN_P97] - lo;
  if (!(span > 1e-12)) span = 1e-12;
  const top = NB - 1;
  counts.fill(0);
  for (let j = begin; j < end; j++) {
    if (kinds[j] !== DISTANCE || !(rest[j] > 0)) { buckets[j] = 255; continue; }
    const ia = 2 * a[j];
    const ib = 2 * b[j];
    const dx = xy[ia] - xy[ib];
    const dy = xy[ia + 1] - xy[ib + 1];
    const t = (Math.abs(Math.sqrt(dx * dx + dy * dy) - rest[j]) / rest[j] - lo) / span;
    const k = t > 0 ? (t < 1 ? Math.round(t * top) : top) : 0;
    buckets[j] = k;
    counts[k + 1]++;
  }
  // A counting sort: order[] holds the lines bucket by bucket, each in constraint order (the
  // order the nine passes over all lines drew them), so a colour's path walks only its own lines.
  for (let k = 1; k <= NB; k++) counts[k] += counts[k - 1];
  cursor.set(counts.subarray(0, NB));
  for (let j = begin; j < end; j++) {
    const k = buckets[j];
    if (k !== 255) order[cursor[k]++] = j;
  }
  // One path per bucket. (Filling nine Path2D objects in the first pass instead measured three
  // times slower in Chromium than building the context's own path.)
  width(ctx, f, lineWidth);
  for (let k = 0; k < NB; k++) {
    const from = counts[k];
    const to = counts[k + 1];
    if (from === to) continue;
    ctx.beginPath();
    for (let m = from; m < to; m++) {
      const j = order[m];
      segment(ctx, xy, a[j], b[j]);
    }
    ctx.strokeStyle = STRAIN_COLOURS[k];
    ctx.stroke();
  }
}

// ---- the original's default drawing (Particle, DistanceConstraint, PinConstraint, AngleConstraint)

/** Translucent blue discs r 6 at the pin targets (the original draws a pin at its target). */
export function pinDiscs(ctx, f, begin, end, r = 6, colour = 'rgba(0,153,255,0.1)') {
  const { kinds, targets } = f;
  ctx.beginPath();
  for (let j = begin; j < end; j++) {
    if (kinds[j] !== PIN) continue;
    const x = targets[2 * j];
    const y = targets[2 * j + 1];
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, TAU);
  }
  ctx.fillStyle = colour;
  ctx.fill();
}

/** Distance constraints (all, grips included) as 1-px #d8dde2 lines. */
export function plainLines(ctx, f, begin, end, colour = '#d8dde2', w = 1) {
  const { kinds, a, b } = f;
  ctx.beginPath();
  for (let j = begin; j < end; j++) {
    if (kinds[j] === DISTANCE) segment(ctx, f.xy, a[j], b[j]);
  }
  width(ctx, f, w);
  ctx.strokeStyle = colour;
  ctx.stroke();
}

/** Angle constraints as a -> b -> c polylines, 5 px, translucent yellow. */
export function anglePolylines(ctx, f, begin, end) {
  const { kinds, a, b, c } = f;
  ctx.beginPath();
  for (let j = begin; j < end; j++) {
    if (kinds[j] !== ANGLE) continue;
    segment(ctx, f.xy, a[j], b[j]);
    ctx.lineTo(px(f, c[j]), py(f, c[j]));
  }
  width(ctx, f, 5);
  ctx.strokeStyle = 'rgba(255,255,0,0.2)';
  ctx.stroke();
}

/**
 * Filled dots r for particles [first, last). A dot under 2.5 device px or 1.5 CSS px across is
 * drawn as a square of the disc's area (indistinguishable at that size, and a rectangle is the
 * cheapest thing to rasterise); bigger ones as zero-length segments with round caps of width 2r, which
 * canvas draws as discs (two cheap calls per dot instead of moveTo + arc).
 */
export function dots(ctx, f, first, last, r = 2, colour = '#2dad8f') {
  ctx.beginPath();
  if (2 * r < Math.max(2.5 * f.px, 1.5 * f.cssPx)) {
    const h = r * 0.886; // half the side of a square with the disc's area (sqrt(pi) / 2)
    for (let i = first; i < last; i++) ctx.rect(px(f, i) - h, py(f, i) - h, 2 * h, 2 * h);
    ctx.fillStyle = colour;
    ctx.fill();
    return;
  }
  for (let i = first; i < last; i++) {
    const x = px(f, i);
    const y = py(f, i);
    ctx.moveTo(x, y);
    ctx.lineTo(x, y);
  }
  ctx.lineCap = 'round';
  ctx.lineWidth = 2 * r;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.lineCap = 'butt';
}

/**
 * Discs of their own radii (collisions, issue 29): particles [first, last) with radii[i] > 0 as
 * outlined circles, one path (points, radius 0, are left to dots()).
 */
export function discs(ctx, f, first, last, radii, fill = 'rgba(45,173,143,0.35)', stroke = '#2dad8f') {
  ctx.beginPath();
  for (let i = first; i < last; i++) {
    const r = radii[i];
    if (!(r > 0)) continue;
    const x = px(f, i);
    const y = py(f, i);
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, TAU);
  }
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = f.cssPx ?? 1;
  ctx.strokeStyle = stroke;
  ctx.stroke();
}

/** Static polygons [[x, y], ...] filled (the collision scenes' cup). */
export function polygons(ctx, list, colour = '#cbd5e1') {
  ctx.beginPath();
  for (const pts of list) {
    pts.forEach(([x, y], k) => (k === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
  }
  ctx.fillStyle = colour;
  ctx.fill();
}

/** A composite drawn the original's default way: pins, lines, angles, then its particles. */
export function defaultComposite(ctx, f, range, particles) {
  pinDiscs(ctx, f, range.begin, range.end);
  plainLines(ctx, f, range.begin, range.end);
  anglePolylines(ctx, f, range.begin, range.end);
  dots(ctx, f, particles.first, particles.last);
}

/** The hover / drag highlight: a stroked circle r 8 (NOTES §5). */
export function highlight(ctx, f, x, y, colour) {
  ctx.beginPath();
  ctx.arc(x, y, 8, 0, TAU);
  width(ctx, f, 1);
  ctx.strokeStyle = colour;
  ctx.stroke();
}

// ---- the spider page ---------------------------------------------------------------------------

// Spider constraints 3..66 are four leg rows of 16: 8 distances then 8 angles. Within a row the
// distances come in pairs (R, L) from the body outwards, drawn 3, 2, 1.5 and 1 px wide.
const LEG_WIDTHS = [3, 3, 2, 2, 1.5, 1.5, 1, 1];

/**
 * The spider as spiderweb.html draws it: three black body discs (head r 4, thorax r 4,
 * abdomen r 8), legs thick to thin, angles never drawn; grips (foot -> web, rest 0) in their
 * own colour (the original draws them black like the feet).
 */
function bodyDisc(ctx, f, i, r) {
  const x = px(f, i);
  const y = py(f, i);
  ctx.moveTo(x + r, y);
  ctx.arc(x, y, r, 0, TAU);
}

export function spider(ctx, f, range, body) {
  const { kinds, a, b, rest } = f;
  ctx.beginPath();
  bodyDisc(ctx, f, body.head, 4);
  bodyDisc(ctx, f, body.thorax, 4);
  bodyDisc(ctx, f, body.abdomen, 8);
  ctx.fillStyle = '#000';
  ctx.fill();

  const legsEnd = Math.min(range.begin + 67, range.end);
  ctx.strokeStyle = '#000';
  for (let w = 0; w < 8; w += 2) {
    ctx.beginPath();
    for (let j = range.begin + 3; j < legsEnd; j++) {
      const off = (j - range.begin - 3) % 16;
      if ((off === w || off === w + 1) && kinds[j] === DISTANCE) segment(ctx, f.xy, a[j], b[j]);
    }
    width(ctx, f, LEG_WIDTHS[w]);
    ctx.stroke();
  }
  ctx.beginPath();
  for (let j = legsEnd; j < range.end; j++) {
    if (kinds[j] === DISTANCE && rest[j] === 0) segment(ctx, f.xy, a[j], b[j]);
  }
  width(ctx, f, 1);
  ctx.strokeStyle = GRIP_COLOUR;
  ctx.stroke();
}

// ---- the cloth page ------------------------------------------------------------------------------

const CLOTH_LEVELS = 32;
const CLOTH_FILLS = Array.from({ length: CLOTH_LEVELS }, (_, i) => {
  const coef = Math.round((i / (CLOTH_LEVELS - 1)) * 255);
  return `rgba(${coef},0,${255 - coef},${(0.75 * coef) / 255 + 0.25})`;
});
let clothLevel = new Uint8Array(1024);

/**
 * cloth.html: one filled quad per cell, coloured by how far the cell is sheared
 * (coef = |dx + dy| / 4 / stride * 255, capped; rgba(coef, 0, 255 - coef, 0.25 + 0.75 coef/255)),
 * then white pin dots r 1.2. coef is quantised to 32 levels so a frame is at most 32 fills.
 */
export function cloth(ctx, f, first, n, stride, range) {
  const cells = (n - 1) * (n - 1);
  if (clothLevel.length < cells) clothLevel = new Uint8Array(cells);
  for (let y = 1; y < n; y++) {
    for (let x = 1; x < n; x++) {
      const i1 = first + (y - 1) * n + (x - 1);
      const i2 = first + y * n + x;
      const off = (px(f, i2) - px(f, i1) + (py(f, i2) - py(f, i1))) * 0.25;
      const coef = Math.min(1, Math.abs(off) / stride);
      clothLevel[(y - 1) * (n - 1) + (x - 1)] = Math.round(coef * (CLOTH_LEVELS - 1));
    }
  }
  for (let level = 0; level < CLOTH_LEVELS; level++) {
    ctx.beginPath();
    let any = false;
    for (let y = 1; y < n; y++) {
      for (let x = 1; x < n; x++) {
        if (clothLevel[(y - 1) * (n - 1) + (x - 1)] !== level) continue;
        const i1 = first + (y - 1) * n + (x - 1);
        const i2 = first + y * n + x;
        ctx.moveTo(px(f, i1), py(f, i1));
        ctx.lineTo(px(f, i1 + 1), py(f, i1 + 1));
        ctx.lineTo(px(f, i2), py(f, i2));
        ctx.lineTo(px(f, i2 - 1), py(f, i2 - 1));
        ctx.closePath();
        any = true;
      }
    }
    if (any) { ctx.fillStyle = CLOTH_FILLS[level]; ctx.fill(); }
  }
  pinDiscs(ctx, f, range.begin, range.end, 1.2, 'rgba(255,255,255,1)');
}

// ---- the tree page -------------------------------------------------------------------------------

/**
 * tree.html's second tree: brown branches with round caps, lineWidth lerp(10, 2, level/depth)
 * per branch, then the leaves (deepest particles) as opaque green discs r 25. `levels` gives
 * each branch distance its level (-1 for other constraints); see scenes.mjs.
 */
export function styledTree(ctx, f, range, levels, depth, leaves) {
  const { a, b } = f;
  ctx.save();
  ctx.strokeStyle = '#543324';
  ctx.lineCap = 'round';
  for (let level = 0; level <= depth; level++) {
    ctx.beginPath();
    for (let j = range.begin; j < range.end; j++) {
      if (levels[j - range.begin] === level) segment(ctx, f.xy, a[j], b[j]);
    }
    width(ctx, f, (2 - 10) * (level / depth) + 10);
    ctx.stroke();
  }
  ctx.restore();
  ctx.beginPath();
  for (const i of leaves) {
    const x = px(f, i);
    const y = py(f, i);
    ctx.moveTo(x + 25, y);
    ctx.arc(x, y, 25, 0, TAU);
  }
  ctx.fillStyle = '#679d7c';
  ctx.fill();
}
