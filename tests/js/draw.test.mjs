// draw.test.mjs -- the page's drawing code emits exactly the canvas calls of the straightforward
// version it replaced: a particle interpolated once per frame (bindFrame) is the same double as
// one interpolated at each line end, and the strain colours bucketed by a counting sort stroke
// the same lines, in the same order, in the same colours, as nine passes over all lines did.
// A recording context stands in for the canvas: every call and state change is logged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { repoRoot, loadSilkForTests } from './helpers.mjs';

const draw = await import(pathToFileURL(path.join(repoRoot, 'web', 'kit', 'draw.mjs')).href);
const { DIAG } = await import(pathToFileURL(path.join(repoRoot, 'web', 'lib', 'silk.mjs')).href);

/** A 2D context that records calls and state assignments, in order. */
function recorder() {
  const log = [];
  const target = {};
  return {
    log,
    ctx: new Proxy(target, {
      get(_, name) {
        if (name in target) return target[name];
        return (...args) => { log.push([name, ...args]); };
      },
      set(_, name, value) {
        target[name] = value;
        log.push([`=${name}`, value]);
        return true;
      },
    }),
  };
}

// ---- the version before the counting sort (the specification) ----------------------------------
const rx = (f, i) => f.prev[2 * i] + (f.cur[2 * i] - f.prev[2 * i]) * f.alpha;
const ry = (f, i) => f.prev[2 * i + 1] + (f.cur[2 * i + 1] - f.prev[2 * i + 1]) * f.alpha;
function referenceStrainLines(ctx, f, begin, end, lineWidth = 1) {
  const { kinds, a, b, rest } = f;
  const NB = draw.STRAIN_COLOURS.length;
  const buckets = new Uint8Array(end);
  const lo = f.diag[DIAG.STRAIN_MEDIAN];
  let span = f.diag[DIAG.STRAIN_P97] - lo;
  if (!(span > 1e-12)) span = 1e-12;
  const top = NB - 1;
  for (let j = begin; j < end; j++) {
    if (kinds[j] !== 1 || !(rest[j] > 0)) { buckets[j] = 255; continue; }
    const dx = rx(f, a[j]) - rx(f, b[j]);
    const dy = ry(f, a[j]) - ry(f, b[j]);
    const t = (Math.abs(Math.sqrt(dx * dx + dy * dy) - rest[j]) / rest[j] - lo) / span;
    buckets[j] = t > 0 ? (t < 1 ? Math.round(t * top) : top) : 0;
  }
  draw.width(ctx, f, lineWidth);
  for (let k = 0; k < NB; k++) {
    let any = false;
    const path = [];
    for (let j = begin; j < end; j++) {
      if (buckets[j] === k) {
        path.push(['moveTo', rx(f, a[j]), ry(f, a[j])], ['lineTo', rx(f, b[j]), ry(f, b[j])]);
        any = true;
      }
    }
    if (any) {
      ctx.beginPath();
      for (const [name, x, y] of path) ctx[name](x, y);
      ctx.strokeStyle = draw.STRAIN_COLOURS[k];
      ctx.stroke();
    }
  }
}

/** The lines each stroke() draws, with the colour and width in force: what ends up on screen. */
function strokes(log) {
  const out = [];
  let path = [];
  const state = {};
  for (const [name, ...args] of log) {
    if (name === 'beginPath') path = [];
    else if (name === 'moveTo' || name === 'lineTo') path.push([name, ...args]);
    else if (name.startsWith('=')) state[name.slice(1)] = args[0];
    else if (name === 'stroke') out.push({ colour: state.strokeStyle, width: state.lineWidth, path });
  }
  return out;
}

/** A synthetic frame: n particles on a jittered grid, distances/pins/angles mixed, strain spread. */
function syntheticFrame(seed, n = 60) {
  let s = seed >>> 0;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const cur = new Float64Array(2 * n);
  const prev = new Float64Array(2 * n);
  for (let i = 0; i < 2 * n; i++) { cur[i] = rnd() * 800; prev[i] = cur[i] + (rnd() - 0.5) * 3; }
  const m = 3 * n;
  const kinds = new Uint8Array(m);
  const a = new Int32Array(m);
  const b = new Int32Array(m);
  const c = new Int32Array(m);
  const rest = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    kinds[j] = rnd() < 0.8 ? 1 : rnd() < 0.5 ? 2 : 3;
    a[j] = Math.floor(rnd() * n);
    b[j] = Math.floor(rnd() * n);
    c[j] = Math.floor(rnd() * n);
    const dx = cur[2 * a[j]] - cur[2 * b[j]];
    const dy = cur[2 * a[j] + 1] - cur[2 * b[j] + 1];
    rest[j] = rnd() < 0.05 ? 0 : Math.hypot(dx, dy) * (0.5 + rnd()); // some grips (rest 0)
  }
  const diag = new Float64Array(DIAG.STRAIN_P97 + DIAG.STRAIN_MEDIAN + 8);
  diag[DIAG.STRAIN_MEDIAN] = 0.05;
  diag[DIAG.STRAIN_P97] = 0.6;
  return { cur, prev, alpha: 0.37, kinds, a, b, c, rest, targets: new Float64Array(2 * m), diag, px: 0.7, cssPx: 2 };
}

test('interpolate: each drawn position is prev + (cur - prev) * alpha, bit for bit', () => {
  for (const alpha of [0, 0.25, 0.37, 0.999]) {
    const f = { ...syntheticFrame(7), alpha };
    const xy = draw.interpolate(f);
    for (let i = 0; i < f.cur.length / 2; i++) {
      assert.ok(Object.is(draw.px(f, i), rx(f, i)) && Object.is(draw.py(f, i), ry(f, i)), `particle ${i} at alpha ${alpha}`);
    }
    assert.equal(xy, f.xy);
  }
  // the scratch grows with the world and is reused, not reallocated, at the same size
  const f = syntheticFrame(3, 10);
  const first = draw.interpolate(f);
  assert.equal(draw.interpolate(f), first);
  const big = { ...syntheticFrame(4, 400), xy: f.xy };
  assert.ok(draw.interpolate(big).length >= 800);
});

test('strainLines: the same strokes, lines, order and colours as nine passes over all lines', () => {
  for (const seed of [1, 2, 3, 42]) {
    for (const [median, p97] of [[0.05, 0.6], [0, 0], [0.2, 0.2 + 1e-13], [Number.NaN, 1]]) {
      const f = syntheticFrame(seed);
      f.diag[DIAG.STRAIN_MEDIAN] = median;
      f.diag[DIAG.STRAIN_P97] = p97;
      draw.interpolate(f);
      const m = f.kinds.length;
      for (const [begin, end] of [[0, m], [5, m - 7]]) {
        const mine = recorder();
        draw.strainLines(mine.ctx, f, begin, end);
        const ref = recorder();
        referenceStrainLines(ref.ctx, f, begin, end);
        const got = strokes(mine.log);
        assert.ok(got.length >= 1, 'something is drawn');
        assert.deepEqual(got, strokes(ref.log), `seed ${seed}, strain ${median}/${p97}, lines ${begin}..${end}`);
      }
    }
  }
});

test('strainLines on the live spider web: identical to the reference at several alphas', async () => {
  const silk = await loadSilkForTests();
  const world = silk.createWorld({ width: 800, height: 500 });
  world.buildScene('web');
  world.autoCrawl = true;
  const f = { px: 0.7, cssPx: 2 };
  for (let frame = 0; frame < 90; frame++) {
    world.advance(1 / 60);
    if (frame % 15 !== 14) continue;
    for (const alpha of [0, 0.5, 0.93]) {
      draw.bindFrame(f, world, alpha, world.updateDiagnostics(400, 250));
      const mine = recorder();
      draw.strainLines(mine.ctx, f, 0, world.constraintCount);
      const ref = recorder();
      referenceStrainLines(ref.ctx, f, 0, world.constraintCount);
      const got = strokes(mine.log);
      assert.ok(got.reduce((s, st) => s + st.path.length, 0) > 400, 'the web has hundreds of lines');
      assert.deepEqual(got, strokes(ref.log), `frame ${frame}, alpha ${alpha}`);
    }
  }
  world.destroy();
});
