// canvas.mjs -- silk-verlet/canvas: the canvas kit. A world on a <canvas> in one call:
//
//   createCanvasDemo(world, canvas, options)   loop + renderer + pointer, returns a handle
//
// and its three parts, each usable alone:
//
//   createFrameLoop(options)                   requestAnimationFrame -> the REAL elapsed time
//   createCanvasRenderer(canvas, world, opts)  DPR-aware sizing, the world fitted, one draw
//   createCanvasPointer(canvas, world, view)   Pointer Events -> the engine's drag and queue
//
// The loop is the one the engine is built for: each display frame passes the time that really
// passed to world.advance(dt); the engine's accumulator turns it into fixed steps (1/60 s by
// default) and returns `alpha`, the fraction of a step left over, and the renderer draws every
// particle at previousPositions + (positions - previousPositions) * alpha. So a 120 Hz screen
// runs the same simulated time per second as a 60 Hz one (two frames per step, drawn in
// between), and nothing is drawn at the wrong place for part of a step. Calling advance(1/60)
// once per frame instead couples the simulation's speed to the screen's rate.
//
// This file is the kit's public face; the kit itself is web/kit/, and the demo page, the
// <silk-demo> element and their Workers run on the same modules: the loop is loop.mjs's
// (createFrameLoop is createLoop at the device rate), the pointer input.mjs's, the renderer
// render.mjs's (with the plain drawing below as its scene), the DOM-free parts kit-core.mjs's.
// What is here: the kit's colours and option checks, its plain drawing, and createCanvasDemo.
// It imports the library and the kit only (no page, no labs). docs/library.md "Canvas kit"
// documents every option.
import {
  MAX_DT, observeCanvasSize, fitView, viewToWorld, viewToCanvas, createFrameFilter, browserClock,
  createDragQueue, pickRadius, advanceWithPointer,
} from './kit-core.mjs';
import { createFrameLoop } from './loop.mjs';
import { createRenderer, pinIntrinsicWidth } from './render.mjs';
import { createCanvasPointer } from './input.mjs';
import { DISTANCE, PIN, ANGLE } from './draw.mjs';
import { createRestDetector, maxStepDisplacement } from './rest.mjs';
import { watchHostTheme } from './page-theme.mjs';

export {
  MAX_DT, observeCanvasSize, fitView, viewToWorld, viewToCanvas, createFrameFilter, browserClock,
  createDragQueue, pickRadius, advanceWithPointer, createFrameLoop, createCanvasPointer, pinIntrinsicWidth,
};

const TAU = Math.PI * 2;

// ---- the renderer -----------------------------------------------------------------------------

/**
 * Colour presets. Every colour is a CSS colour string; background null leaves the canvas
 * transparent (the page shows through). Contrast on the background (WCAG): light ink 10.4:1,
 * pins 5.2:1, dragged ring 5.2:1, angles 4.8:1; dark ink 12.3:1, pins 9.8:1, ring 7.5:1, angles
 * 6.2:1. Polygons are filled areas, a quiet tone.
 */
export const THEMES = Object.freeze({
  light: Object.freeze({ background: '#ffffff', line: '#334155', particle: '#334155', pin: '#c2410c', dragged: '#2563eb', angle: '#64748b', polygon: '#cbd5e1' }),
  dark: Object.freeze({ background: '#0d1117', line: '#c9d1d9', particle: '#c9d1d9', pin: '#ffa657', dragged: '#58a6ff', angle: '#8b949e', polygon: '#30363d' }),
});

const COLOR_KEYS = Object.keys(THEMES.light);

function checkTheme(where, theme) {
  if (theme !== 'light' && theme !== 'dark' && theme !== 'auto' && theme !== 'page') {
    throw new RangeError(`${where}: theme must be 'light', 'dark', 'auto' or 'page', got ${JSON.stringify(theme)}`);
  }
}

function checkColors(where, colors) {
  if (colors === undefined) return;
  if (colors === null || typeof colors !== 'object') throw new TypeError(`${where}: colors must be an object`);
  for (const key of Object.keys(colors)) {
    if (!COLOR_KEYS.includes(key)) throw new RangeError(`${where}: colors.${key} is not a colour of the kit (${COLOR_KEYS.join(', ')})`);
    const v = colors[key];
    if (!(typeof v === 'string' || (key === 'background' && v === null))) throw new TypeError(`${where}: colors.${key} must be a CSS colour string${key === 'background' ? ' or null' : ''}`);
  }
}

function cssSize(where, name, v, min = 0) {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new TypeError(`${where}: ${name} must be a finite number of CSS px`);
  if (v < min) throw new RangeError(`${where}: ${name} must be >= ${min} CSS px, got ${v}`);
  return v;
}

/**
 * Draws `world` on `canvas` (render.mjs's renderer, the kit's plain drawing as its scene): the
 * backing store sized to the element's box in device pixels (devicePixelRatio, followed by a
 * ResizeObserver), the world's width x height fitted inside (uniform scale, centred; fit: 'none'
 * draws 1 world px per CSS px from the top-left), and at each draw(alpha): the background, static
 * polygons, distance constraints as lines, angle constraints (angles: true), particles as dots,
 * pins as discs at their targets and the dragged particle ringed, every particle at
 * prev + (cur - prev) * alpha.
 */
export function createCanvasRenderer(canvas, world, options = {}) {
  const where = 'createCanvasRenderer';
  const {
    theme = 'light', colors, fit = 'contain', lineWidth = 1, particleRadius = 2, pinRadius = 4,
    angles = false, onDraw = null,
  } = options;
  checkTheme(where, theme);
  checkColors(where, colors);
  if (fit !== 'contain' && fit !== 'none') throw new RangeError(`${where}: fit must be 'contain' or 'none', got ${JSON.stringify(fit)}`);
  cssSize(where, 'lineWidth', lineWidth, 0);
  cssSize(where, 'particleRadius', particleRadius, 0);
  cssSize(where, 'pinRadius', pinRadius, 0);
  if (onDraw !== null && typeof onDraw !== 'function') throw new TypeError(`${where}: onDraw must be a function`);
  if (typeof canvas?.getContext !== 'function') throw new TypeError(`${where}: canvas must be a <canvas> element`);

  const palette = { ...THEMES.light };
  let onThemeChange = null;
  let onResize = null;
  function applyTheme(resolved) { // 'auto': the reader's system; 'page': the page around the canvas
    Object.assign(palette, resolved === 'dark' ? THEMES.dark : THEMES.light, colors);
    onThemeChange?.();
  }
  const unwatch = watchHostTheme(theme, applyTheme, canvas?.isConnected ? canvas : null);

  let renderer;
  try {
    renderer = createRenderer(canvas, world, {
      transparent: palette.background === null, alpha: true, fit, onResize: () => onResize?.(),
    });
  } catch (e) {
    unwatch();
    throw e instanceof TypeError ? new TypeError(e.message.replace('createRenderer', where)) : e;
  }
  const { view } = renderer;
  const scene = plainScene(world, palette, { lineWidth, particleRadius, pinRadius, angles, onDraw, view });

  return {
    view,
    /** The colours in use (a theme preset with options.colors over it). */
    colors: palette,
    /** Draws the world at interpolation weight alpha (0..1) between its last two steps. */
    draw(alpha = 1) {
      if (!(alpha >= 0 && alpha <= 1)) throw new RangeError(`draw: alpha must be in 0..1, got ${alpha}`);
      renderer.render(scene, null, alpha, null);
    },
    /** Sizes the backing store by hand (an OffscreenCanvas, or no ResizeObserver). */
    resize: renderer.fit,
    /** Re-reads the world's size (after world.setSize) and fits it again. */
    refit: renderer.refit,
    /** CSS px relative to the canvas's content box -> world px. */
    toWorld: renderer.toWorld,
    /** World px -> CSS px relative to the canvas's content box. */
    toCanvas: renderer.toCanvas,
    set onResize(fn) { onResize = fn; },
    set onThemeChange(fn) { onThemeChange = fn; },
    destroy() {
      renderer.destroy();
      unwatch();
    },
  };
}

/**
 * The kit's drawing as a scene of render.mjs's renderer: the palette's background edge to edge
 * (null: transparent, the renderer clears), static polygons, distance lines, angle polylines, dots, pin discs, the
 * dragged particle ringed, then onDraw. Sizes are CSS px (one CSS px is frame.cssPx world px).
 */
function plainScene(world, palette, { lineWidth, particleRadius, pinRadius, angles, onDraw, view }) {
  let polygons = []; // static polygons, re-read when their count changes
  let polygonCount = 0;

  function dots(ctx, radius, color, each) {
    ctx.beginPath();
    each((x, y) => { ctx.moveTo(x + radius, y); ctx.arc(x, y, radius, 0, TAU); });
    ctx.fillStyle = color;
    ctx.fill();
  }

  function draw(ctx, frame) {
    const { xy: p, kinds, a, b, c: cc, targets } = frame;
    const unit = frame.cssPx;
    const np = world.particleCount;
    const nc = kinds.length;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';

    const count = world.polygonCount;
    if (count !== polygonCount) {
      polygons = [];
      for (let i = 0; i < count; i++) polygons.push(world.polygon(i));
      polygonCount = count;
    }
    if (polygons.length > 0) {
      ctx.beginPath();
      for (const poly of polygons) {
        poly.forEach(([x, y], j) => (j === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
        ctx.closePath();
      }
      ctx.fillStyle = palette.polygon;
      ctx.fill();
    }

    if (lineWidth > 0) {
      ctx.beginPath();
      for (let k = 0; k < nc; k++) {
        if (kinds[k] !== DISTANCE) continue;
        ctx.moveTo(p[2 * a[k]], p[2 * a[k] + 1]);
        ctx.lineTo(p[2 * b[k]], p[2 * b[k] + 1]);
      }
      ctx.lineWidth = lineWidth * unit;
      ctx.strokeStyle = palette.line;
      ctx.stroke();
      if (angles) {
        ctx.beginPath();
        for (let k = 0; k < nc; k++) {
          if (kinds[k] !== ANGLE) continue;
          ctx.moveTo(p[2 * a[k]], p[2 * a[k] + 1]);
          ctx.lineTo(p[2 * b[k]], p[2 * b[k] + 1]);
          ctx.lineTo(p[2 * cc[k]], p[2 * cc[k] + 1]);
        }
        ctx.strokeStyle = palette.angle;
        ctx.stroke();
      }
    }
    if (particleRadius > 0) {
      dots(ctx, particleRadius * unit, palette.particle, (at) => { for (let i = 0; i < np; i++) at(p[2 * i], p[2 * i + 1]); });
    }
    if (pinRadius > 0) {
      dots(ctx, pinRadius * unit, palette.pin, (at) => { for (let k = 0; k < nc; k++) if (kinds[k] === PIN) at(targets[2 * k], targets[2 * k + 1]); });
    }
    const held = world.draggedParticle;
    if (held >= 0) {
      ctx.beginPath();
      ctx.arc(p[2 * held], p[2 * held + 1], Math.max(particleRadius, 3) * 2 * unit, 0, TAU);
      ctx.lineWidth = 2 * unit;
      ctx.strokeStyle = palette.dragged;
      ctx.stroke();
    }
    onDraw?.(ctx, { alpha: frame.alpha, positions: p, scale: view.scale, view });
  }

  return {
    get letterbox() { return palette.background; }, // one colour edge to edge (render.mjs)
    draw,
  };
}

// ---- the one call -----------------------------------------------------------------------------

/**
 * Runs `world` on `canvas`: a frame loop that passes the real elapsed time to the engine's
 * fixed-step accumulator, the renderer drawing at the returned alpha, and pointer dragging.
 * Options: every createCanvasRenderer option, plus maxDt, smooth, pauseOffscreen (the loop),
 * drag, grabRadius, touchGrabRadius (the pointer), autoStart and rest (false by default; true or
 * { epsilon, steps }: once no particle has moved more than epsilon world px per step for `steps`
 * steps in a row, the loop stops until a grab, resume() or wake(): rest.mjs). Returns a handle:
 * stop(), pause(), resume(), wake(), redraw(), stats() and the parts.
 */
export function createCanvasDemo(world, canvas, options = {}) {
  const where = 'createCanvasDemo';
  if (!world || typeof world.advance !== 'function' || typeof world.findNearest !== 'function') {
    throw new TypeError(`${where}: world must be a World from silk.createWorld()`);
  }
  if (world.destroyed) throw new RangeError(`${where}: the world is destroyed`);
  if (!canvas || typeof canvas.getContext !== 'function') throw new TypeError(`${where}: canvas must be a <canvas> element`);
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object`);
  const { maxDt = MAX_DT, smooth = true, pauseOffscreen = true, drag = true, grabRadius = 20, touchGrabRadius = 32, autoStart = true, rest = false } = options;
  if (typeof rest !== 'boolean' && (rest === null || typeof rest !== 'object')) throw new TypeError(`${where}: rest must be true, false or { epsilon, steps }`);
  // Off by default: the kit does not see what its caller changes in the world (a gravity slider,
  // a particle added); a caller that rests calls wake() after such a change.
  const still = rest === false ? null : createRestDetector(rest === true ? {} : rest, `${where}: rest`);

  const renderer = createCanvasRenderer(canvas, world, options);
  const record = { steps: 0, alpha: 0, dropped: 0, accumulator: 0 };
  const totals = { steps: 0, simulatedSeconds: 0, droppedSeconds: 0, drawn: 0, redrawn: 0 };
  let paused = !autoStart;
  let stopped = false;
  let redrawId = 0;
  let alpha = 0;
  let accumulator = -1; // the engine's accumulator after the last frame (s); -1 before the first
  let resting = false;

  function redraw() { // one draw outside the loop (paused: a drag, a resize, a theme change)
    if (stopped || loop.running || redrawId) return;
    redrawId = requestAnimationFrame(() => { redrawId = 0; if (!world.destroyed) drawOutside(); });
  }
  function draw(a) {
    renderer.draw(a);
    totals.drawn++;
  }
  /** A draw the loop did not make: counted apart, so a resting demo's stats show it. */
  function drawOutside() {
    if (stopped) return;
    totals.redrawn++;
    draw(alpha);
  }
  const pointer = drag
    ? createCanvasPointer(canvas, world, renderer.view, { grabRadius, touchGrabRadius, onChange: () => { if (resting) wake(); if (!loop.running) { pointer.flush(); redraw(); } } })
    : null;

  function onFrame(dt) {
    if (world.destroyed) { handle.stop(); return; } // its owner destroyed it: nothing to run
    if (pointer) pointer.advance(dt, record);
    else advanceWithPointer(world, dt, null, null, 0, record);
    alpha = record.alpha;
    totals.steps += record.steps;
    // The time the steps took: what went in, less what was dropped and what is still waiting in
    // the accumulator (the binding has no step-length getter; this needs none). The first frame
    // after a start passes dt = 0 and only reads the accumulator.
    if (accumulator >= 0) totals.simulatedSeconds += dt - record.dropped - (record.accumulator - accumulator);
    accumulator = record.accumulator;
    totals.droppedSeconds += record.dropped;
    draw(alpha);
    if (still && world.draggedParticle < 0 && still.observe(maxStepDisplacement(world), record.steps)) {
      resting = true; // still: no frame until something wakes it
      loop.stop();
    }
  }
  function wake() {
    still?.reset();
    if (!resting) return;
    resting = false;
    if (!paused && !stopped) loop.start();
  }

  const loop = createFrameLoop({ onFrame, maxDt, smooth, element: pauseOffscreen ? canvas : null });
  renderer.onResize = redraw;
  renderer.onThemeChange = redraw;
  draw(1); // the world as it is, before the first frame
  if (!paused) loop.start();

  const handle = {
    world,
    canvas,
    renderer,
    pointer,
    loop,
    /** Stops stepping (the loop's frames end); pointer input still reaches the engine, redrawn. */
    pause() { if (stopped) return; paused = true; loop.stop(); },
    /** Steps again from now: the time spent paused is not caught up. */
    resume() { if (stopped) return; paused = false; still?.reset(); resting = false; loop.start(); },
    /** Runs again after a rest (options.rest): call it after changing the world from outside. */
    wake,
    /** True while the loop is stopped at rest (options.rest). */
    get resting() { return resting; },
    get paused() { return paused; },
    /** Ends everything: the loop, the listeners, the observers. The world is the caller's. */
    stop() {
      if (stopped) return;
      stopped = true;
      loop.destroy();
      pointer?.destroy();
      renderer.destroy();
      if (redrawId) cancelAnimationFrame(redrawId);
    },
    /** Draws once now (after changing the world while paused). */
    redraw: drawOutside,
    stats() {
      return {
        frames: loop.frames,
        drawn: totals.drawn,
        redrawn: totals.redrawn, // of those, drawn outside the loop (a drag, a resize, a theme, redraw())
        steps: totals.steps,
        simulatedSeconds: totals.simulatedSeconds,
        droppedSeconds: totals.droppedSeconds + loop.droppedSeconds,
        alpha,
        hz: loop.measuredHz,
        paused,
        running: loop.running,
        resting,
        dragging: world.destroyed ? -1 : world.draggedParticle,
      };
    },
  };
  return handle;
}
