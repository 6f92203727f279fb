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
// This module imports the library only (no page, no labs); its DOM-free parts are in
// kit-core.mjs, which the demo page, the <silk-demo> element and its Worker import too.
// docs/library.md "Canvas kit" documents every option.
import { CONSTRAINT_KINDS } from '../lib/silk.mjs';
import {
  MAX_DT, observeCanvasSize, fitView, viewToWorld, viewToCanvas, createFrameFilter, browserClock,
  createDragQueue, pickRadius, advanceWithPointer, watchActivity, createView, sizeCanvas, setViewTransform,
} from './kit-core.mjs';

// The DOM-free parts (kit-core.mjs), public here too.
export {
  MAX_DT, observeCanvasSize, fitView, viewToWorld, viewToCanvas, createFrameFilter, browserClock,
  createDragQueue, pickRadius, advanceWithPointer,
};

const kindOf = (name) => Number(Object.keys(CONSTRAINT_KINDS).find((k) => CONSTRAINT_KINDS[k] === name));
const DISTANCE = kindOf('distance');
const PIN = kindOf('pin');
const ANGLE = kindOf('angle');
const TAU = Math.PI * 2;

// ---- sizing -----------------------------------------------------------------------------------

/**
 * A canvas whose CSS width comes from its width attribute (no stylesheet width) would grow by
 * the device pixel ratio each time the backing store is sized to its box, and again at the next
 * resize: pin that width in CSS px once, before sizing. A width set by CSS (100 %, a class) is
 * left alone; the height follows the attributes' aspect ratio, which sizing keeps.
 */
export function pinIntrinsicWidth(canvas) {
  if (canvas.style.width || typeof getComputedStyle !== 'function') return;
  const w = canvas.width;
  const h = canvas.height;
  const before = getComputedStyle(canvas).width;
  canvas.width = w * 2;
  canvas.height = h * 2;
  const after = getComputedStyle(canvas).width;
  canvas.width = w;
  canvas.height = h;
  if (after !== before) canvas.style.width = before;
}

// ---- the loop ---------------------------------------------------------------------------------

/**
 * Calls onFrame(dt) once per animation frame with the real time since the previous one, in
 * seconds: 0 on the first frame after a start, clamped to maxDt (the cut-off time is counted in
 * `dropped`), smoothed unless smooth is false. It stops while the document is hidden and, given
 * an `element`, while that element is outside the viewport; it comes back without a jump.
 */
export function createFrameLoop({ onFrame, maxDt = MAX_DT, smooth = true, element = null, clock = browserClock(), doc = globalThis.document }) {
  if (typeof onFrame !== 'function') throw new TypeError('createFrameLoop: onFrame must be a function');
  if (!(maxDt > 0)) throw new RangeError(`createFrameLoop: maxDt must be > 0 s, got ${maxDt}`);
  const filter = createFrameFilter();
  let id = 0;
  let running = false;
  let wanted = false;
  let last = -1; // timestamp of the previous frame (ms), -1 after a (re)start
  let frames = 0;
  let dropped = 0;
  let hzEma = 0;

  function tick(timestamp) {
    if (!running) return;
    id = clock.request(tick);
    let dt = last < 0 ? 0 : Math.max(0, (timestamp - last) / 1000);
    last = timestamp;
    if (dt > 0 && dt < 0.25) hzEma = hzEma === 0 ? dt : hzEma + (dt - hzEma) * 0.05;
    if (dt > maxDt) { dropped += dt - maxDt; dt = maxDt; }
    if (dt > 0 && smooth) dt = filter.push(dt);
    frames++;
    onFrame(dt);
  }

  function run() {
    if (running || !wanted || activity.offscreen || doc?.visibilityState === 'hidden') return;
    running = true;
    last = -1;
    filter.reset();
    id = clock.request(tick);
  }

  function halt() {
    if (!running) return;
    running = false;
    clock.cancel(id);
  }

  const activity = watchActivity(element, doc, (active) => (active ? run() : halt()));

  return {
    start() { wanted = true; run(); },
    stop() { wanted = false; halt(); },
    /** True while frames are being requested (started, visible, on screen). */
    get running() { return running; },
    /** Frames run so far. */
    get frames() { return frames; },
    /** Seconds of real time cut off by maxDt so far. */
    get droppedSeconds() { return dropped; },
    /** The display's rate, smoothed (Hz); 0 until measured. */
    get measuredHz() { return hzEma > 0 ? 1 / hzEma : 0; },
    destroy() {
      wanted = false;
      halt();
      activity.dispose();
    },
  };
}

// ---- the pointer ------------------------------------------------------------------------------

/**
 * Pointer Events (mouse, touch, pen) on `canvas` -> the engine's drag. Press grabs the nearest
 * particle within grabRadius CSS px (touchGrabRadius for a finger or a pen; a pinned particle's
 * pin moves instead, where the engine says so); the pointer is captured, so the drag goes on
 * outside the canvas; each move's coalesced samples are queued and applied by advance(dt) at the
 * fixed steps their times fall in; release lets go (the particle keeps its velocity).
 * `view` is the renderer's (fitView) view: client px -> world px goes through it. Sets
 * touch-action: none on the canvas, so a finger drags instead of scrolling the page.
 * `onChange()` is called after every input (a paused host redraws then).
 */
export function createCanvasPointer(canvas, world, view, { grabRadius = 20, touchGrabRadius = 32, onChange = null } = {}) {
  if (!(grabRadius > 0)) throw new RangeError(`createCanvasPointer: grabRadius must be > 0 CSS px, got ${grabRadius}`);
  if (!(touchGrabRadius > 0)) throw new RangeError(`createCanvasPointer: touchGrabRadius must be > 0 CSS px, got ${touchGrabRadius}`);
  const drag = createDragQueue(world);
  const { state } = drag;
  const origin = { x: 0, y: 0 }; // the content box's top-left, client px (measured per event)
  const saved = { touchAction: canvas.style.touchAction, cursor: canvas.style.cursor };
  canvas.style.touchAction = 'none';

  function measure() {
    const r = canvas.getBoundingClientRect();
    const cs = getComputedStyle(canvas);
    origin.x = r.left + canvas.clientLeft + (parseFloat(cs.paddingLeft) || 0);
    origin.y = r.top + canvas.clientTop + (parseFloat(cs.paddingTop) || 0);
  }
  const toWorld = (e) => viewToWorld(view, e.clientX - origin.x, e.clientY - origin.y);

  function onDown(e) {
    if (e.button !== 0 || state.pointerId >= 0 || state.disabled) return;
    measure();
    const [x, y] = toWorld(e);
    const css = e.pointerType === 'mouse' ? grabRadius : touchGrabRadius;
    if (!drag.begin(x, y, css / view.scale, e.pointerId)) return;
    e.preventDefault(); // no text selection or emulated mouse events while dragging
    canvas.setPointerCapture?.(e.pointerId);
    canvas.style.cursor = 'grabbing';
    onChange?.();
  }

  function onMove(e) {
    if (e.pointerId !== state.pointerId) {
      if (e.pointerType === 'mouse' && state.pointerId < 0 && !state.disabled) { // hover: show a hand
        measure();
        const [x, y] = toWorld(e);
        state.hover = { x, y };
        canvas.style.cursor = world.findNearest(x, y, grabRadius / view.scale) >= 0 ? 'grab' : saved.cursor;
      }
      return;
    }
    measure(); // the page may have scrolled (a wheel) since the press
    const samples = e.getCoalescedEvents?.() ?? [];
    if (samples.length === 0) drag.queue(...toWorld(e));
    for (const s of samples) drag.queue(...toWorld(s));
    onChange?.();
  }

  function onUp(e) {
    if (e.pointerId !== state.pointerId) return;
    drag.end();
    canvas.style.cursor = saved.cursor;
    onChange?.();
  }

  const onLeave = (e) => { if (e.pointerType === 'mouse') state.hover = null; };
  // a long press on a phone opens the context menu; not in the middle of a drag
  const onMenu = (e) => { if (state.pointerId >= 0) e.preventDefault(); };
  const listeners = [['pointerdown', onDown], ['pointermove', onMove], ['pointerup', onUp], ['pointercancel', onUp], ['pointerleave', onLeave], ['contextmenu', onMenu]];
  for (const [type, fn] of listeners) canvas.addEventListener(type, fn);

  return {
    state,
    /** Applies the queued samples now (a paused host: no step will take them). */
    flush: drag.flush,
    cancel: drag.cancel,
    /** world.advance(dt) with this frame's pointer samples applied at their steps. */
    advance: drag.advance,
    /** The particle being dragged, or -1. */
    get dragging() { return world.draggedParticle; },
    destroy() {
      for (const [type, fn] of listeners) canvas.removeEventListener(type, fn);
      canvas.style.touchAction = saved.touchAction;
      canvas.style.cursor = saved.cursor;
    },
  };
}

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
  if (theme !== 'light' && theme !== 'dark' && theme !== 'auto') {
    throw new RangeError(`${where}: theme must be 'light', 'dark' or 'auto', got ${JSON.stringify(theme)}`);
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
 * Draws `world` on `canvas`: the backing store sized to the element's box in device pixels
 * (devicePixelRatio, followed by a ResizeObserver), the world's width x height fitted inside
 * (uniform scale, centred; fit: 'none' draws 1 world px per CSS px from the top-left), and at
 * each draw(alpha): the background, static polygons, distance constraints as lines, angle
 * constraints (angles: true), particles as dots, pins as discs at their targets and the dragged
 * particle ringed, every particle at prev + (cur - prev) * alpha.
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

  const ctx = canvas.getContext('2d');
  if (!ctx) throw new TypeError(`${where}: canvas has no 2d context (is it a <canvas>, and not already used for WebGL?)`);
  const view = createView();
  const palette = { ...THEMES.light };
  const dark = theme === 'auto' ? globalThis.matchMedia?.('(prefers-color-scheme: dark)') : null;
  let xy = new Float64Array(64); // interpolated positions, x0 y0 x1 y1 ...
  let polygons = []; // static polygons, re-read when their count changes
  let polygonCount = 0;
  let worldW = world.width;
  let worldH = world.height;

  function applyTheme() {
    const base = theme === 'dark' || (theme === 'auto' && dark?.matches) ? THEMES.dark : THEMES.light;
    Object.assign(palette, base, colors);
    onThemeChange?.();
  }
  let onThemeChange = null;
  applyTheme();
  dark?.addEventListener?.('change', applyTheme);

  function resize(deviceWidth, deviceHeight, cssWidth, cssHeight) {
    if (deviceWidth < 1 || deviceHeight < 1 || cssWidth <= 0 || cssHeight <= 0) return;
    if (world.destroyed) return; // a ResizeObserver callback may come after its owner destroyed it
    sizeCanvas(canvas, view, deviceWidth, deviceHeight, cssWidth);
    worldW = world.width;
    worldH = world.height;
    if (fit === 'contain') fitView(view, cssWidth, cssHeight, worldW, worldH);
    else Object.assign(view, { cssWidth, cssHeight, scale: 1, offsetX: 0, offsetY: 0 });
    onResize?.();
  }
  let onResize = null;

  // Size once now from the layout (so the first frame is sharp and the pointer maps), then
  // follow the box.
  pinIntrinsicWidth(canvas);
  {
    const cs = getComputedStyle(canvas);
    const w = parseFloat(cs.width) || canvas.width;
    const h = parseFloat(cs.height) || canvas.height;
    const dpr = globalThis.devicePixelRatio || 1;
    resize(Math.round(w * dpr), Math.round(h * dpr), w, h);
  }
  const observer = typeof ResizeObserver === 'function' ? observeCanvasSize(canvas, resize) : null;

  function interpolate(alpha) {
    const cur = world.positions;
    const prev = world.previousPositions;
    const n = cur.length;
    if (xy.length < n) xy = new Float64Array(Math.max(n, 2 * xy.length));
    for (let k = 0; k < n; k++) xy[k] = prev[k] + (cur[k] - prev[k]) * alpha;
    return xy;
  }

  function dots(radius, color, each) {
    ctx.beginPath();
    each((x, y) => { ctx.moveTo(x + radius, y); ctx.arc(x, y, radius, 0, TAU); });
    ctx.fillStyle = color;
    ctx.fill();
  }

  /** Draws the world at interpolation weight alpha (0..1) between its last two steps. */
  function draw(alpha = 1) {
    if (!(alpha >= 0 && alpha <= 1)) throw new RangeError(`draw: alpha must be in 0..1, got ${alpha}`);
    const p = interpolate(alpha);
    const np = world.particleCount;
    const unit = 1 / view.scale; // one CSS px in world px
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (palette.background === null) ctx.clearRect(0, 0, canvas.width, canvas.height);
    else {
      ctx.fillStyle = palette.background;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    setViewTransform(ctx, view);
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

    const kinds = world.constraintKinds;
    const a = world.constraintA;
    const b = world.constraintB;
    const nc = kinds.length;
    if (lineWidth > 0) {
      ctx.beginPath();
      for (let c = 0; c < nc; c++) {
        if (kinds[c] !== DISTANCE) continue;
        ctx.moveTo(p[2 * a[c]], p[2 * a[c] + 1]);
        ctx.lineTo(p[2 * b[c]], p[2 * b[c] + 1]);
      }
      ctx.lineWidth = lineWidth * unit;
      ctx.strokeStyle = palette.line;
      ctx.stroke();
      if (angles) {
        const cc = world.constraintC;
        ctx.beginPath();
        for (let c = 0; c < nc; c++) {
          if (kinds[c] !== ANGLE) continue;
          ctx.moveTo(p[2 * a[c]], p[2 * a[c] + 1]);
          ctx.lineTo(p[2 * b[c]], p[2 * b[c] + 1]);
          ctx.lineTo(p[2 * cc[c]], p[2 * cc[c] + 1]);
        }
        ctx.strokeStyle = palette.angle;
        ctx.stroke();
      }
    }
    if (particleRadius > 0) {
      dots(particleRadius * unit, palette.particle, (at) => { for (let i = 0; i < np; i++) at(p[2 * i], p[2 * i + 1]); });
    }
    if (pinRadius > 0) {
      const t = world.constraintTargets;
      dots(pinRadius * unit, palette.pin, (at) => { for (let c = 0; c < nc; c++) if (kinds[c] === PIN) at(t[2 * c], t[2 * c + 1]); });
    }
    const held = world.draggedParticle;
    if (held >= 0) {
      ctx.beginPath();
      ctx.arc(p[2 * held], p[2 * held + 1], Math.max(particleRadius, 3) * 2 * unit, 0, TAU);
      ctx.lineWidth = 2 * unit;
      ctx.strokeStyle = palette.dragged;
      ctx.stroke();
    }
    onDraw?.(ctx, { alpha, positions: p, scale: view.scale, view });
  }

  return {
    view,
    /** The colours in use (a theme preset with options.colors over it). */
    colors: palette,
    draw,
    /** Sizes the backing store by hand (an OffscreenCanvas, or no ResizeObserver). */
    resize,
    /** Re-reads the world's size (after world.setSize) and fits it again. */
    refit() { resize(canvas.width, canvas.height, view.cssWidth, view.cssHeight); },
    /** CSS px relative to the canvas's content box -> world px. */
    toWorld: (cx, cy) => viewToWorld(view, cx, cy),
    /** World px -> CSS px relative to the canvas's content box. */
    toCanvas: (x, y) => viewToCanvas(view, x, y),
    set onResize(fn) { onResize = fn; },
    set onThemeChange(fn) { onThemeChange = fn; },
    destroy() {
      observer?.disconnect();
      dark?.removeEventListener?.('change', applyTheme);
    },
  };
}

// ---- the one call -----------------------------------------------------------------------------

/**
 * Runs `world` on `canvas`: a frame loop that passes the real elapsed time to the engine's
 * fixed-step accumulator, the renderer drawing at the returned alpha, and pointer dragging.
 * Options: every createCanvasRenderer option, plus maxDt, smooth, pauseOffscreen (the loop),
 * drag, grabRadius, touchGrabRadius (the pointer) and autoStart. Returns a handle: stop(),
 * pause(), resume(), redraw(), stats() and the parts.
 */
export function createCanvasDemo(world, canvas, options = {}) {
  const where = 'createCanvasDemo';
  if (!world || typeof world.advance !== 'function' || typeof world.findNearest !== 'function') {
    throw new TypeError(`${where}: world must be a World from silk.createWorld()`);
  }
  if (world.destroyed) throw new RangeError(`${where}: the world is destroyed`);
  if (!canvas || typeof canvas.getContext !== 'function') throw new TypeError(`${where}: canvas must be a <canvas> element`);
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object`);
  const { maxDt = MAX_DT, smooth = true, pauseOffscreen = true, drag = true, grabRadius = 20, touchGrabRadius = 32, autoStart = true } = options;

  const renderer = createCanvasRenderer(canvas, world, options);
  const record = { steps: 0, alpha: 0, dropped: 0, accumulator: 0 };
  const totals = { steps: 0, simulatedSeconds: 0, droppedSeconds: 0, drawn: 0 };
  let paused = !autoStart;
  let stopped = false;
  let redrawId = 0;
  let alpha = 0;
  let accumulator = -1; // the engine's accumulator after the last frame (s); -1 before the first

  function redraw() { // one draw outside the loop (paused: a drag, a resize, a theme change)
    if (stopped || loop.running || redrawId) return;
    redrawId = requestAnimationFrame(() => { redrawId = 0; if (!stopped && !world.destroyed) draw(alpha); });
  }
  function draw(a) {
    renderer.draw(a);
    totals.drawn++;
  }
  const pointer = drag
    ? createCanvasPointer(canvas, world, renderer.view, { grabRadius, touchGrabRadius, onChange: () => { if (!loop.running) { pointer.flush(); redraw(); } } })
    : null;

  function onFrame(dt) {
    if (world.destroyed) { handle.stop(); return; } // its owner destroyed it: nothing to run
    if (pointer) pointer.advance(dt, record);
    else {
      const r = world.advance(dt);
      record.steps = r.steps; record.alpha = r.alpha; record.dropped = r.droppedSeconds; record.accumulator = r.accumulatorSeconds;
    }
    alpha = record.alpha;
    totals.steps += record.steps;
    // The time the steps took: what went in, less what was dropped and what is still waiting in
    // the accumulator (the binding has no step-length getter; this needs none). The first frame
    // after a start passes dt = 0 and only reads the accumulator.
    if (accumulator >= 0) totals.simulatedSeconds += dt - record.dropped - (record.accumulator - accumulator);
    accumulator = record.accumulator;
    totals.droppedSeconds += record.dropped;
    draw(alpha);
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
    resume() { if (stopped) return; paused = false; loop.start(); },
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
    redraw() { if (!stopped) draw(alpha); },
    stats() {
      return {
        frames: loop.frames,
        drawn: totals.drawn,
        steps: totals.steps,
        simulatedSeconds: totals.simulatedSeconds,
        droppedSeconds: totals.droppedSeconds + loop.droppedSeconds,
        alpha,
        hz: loop.measuredHz,
        paused,
        running: loop.running,
        dragging: world.destroyed ? -1 : world.draggedParticle,
      };
    },
  };
  return handle;
}
