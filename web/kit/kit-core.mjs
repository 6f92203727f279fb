// kit-core.mjs -- the canvas kit's parts that draw nothing and listen to nothing: sizing a canvas
// to its box in device pixels, fitting the world into it and mapping points both ways, the
// frame-time filter and the browser clock, and the drag as the engine sees it (the pointer
// queue), and the loops' pause rule. The kit's loop, renderer and pointer (loop.mjs, render.mjs,
// input.mjs) are built on it, canvas.mjs (silk-verlet/canvas) re-exports the public part, and a
// Worker imports it with no DOM. Imports the library only.
import { LIMITS } from '../lib/silk-base.mjs';

/** The largest real gap (s) one frame passes on: a stall or a background tab is not caught up. */
export const MAX_DT = 0.1;

// ---- sizing and the view ----------------------------------------------------------------------

/**
 * Calls onSize(deviceWidth, deviceHeight, cssWidth, cssHeight) whenever the canvas element's
 * box changes; returns the ResizeObserver (disconnect() stops it).
 */
export function observeCanvasSize(canvas, onSize) {
  // device-pixel-content-box gives exact backing-store sizes (and fires when the DPR changes);
  // browsers without it get content-box x devicePixelRatio. Emulated DPRs (devtools, headless
  // phone profiles) report device pixels at the real screen's ratio, so the size is used only
  // when it agrees with devicePixelRatio.
  const observer = new ResizeObserver((entries) => {
    const e = entries[entries.length - 1];
    const css = e.contentBoxSize?.[0];
    const cssW = css ? css.inlineSize : e.contentRect.width;
    const cssH = css ? css.blockSize : e.contentRect.height;
    const dpr = globalThis.devicePixelRatio || 1;
    let devW = Math.round(cssW * dpr);
    let devH = Math.round(cssH * dpr);
    const dev = e.devicePixelContentBoxSize?.[0];
    if (dev && Math.abs(dev.inlineSize - devW) <= 1 && Math.abs(dev.blockSize - devH) <= 1) {
      devW = dev.inlineSize;
      devH = dev.blockSize;
    }
    onSize(devW, devH, cssW, cssH);
  });
  try {
    observer.observe(canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(canvas);
  }
  return observer;
}

/**
 * The view of a world in a canvas, before its first fit: CSS px per world px (scale), the
 * world's top-left in CSS px (offsetX, offsetY), the box (cssWidth, cssHeight) and device px per
 * CSS px (dpr). The renderer (render.mjs, the kit's one) and the element's Worker host each keep
 * one; fitView, sizeCanvas and the functions below are the only code that writes or reads it.
 */
export function createView() {
  return { dpr: 1, cssWidth: 1, cssHeight: 1, scale: 1, offsetX: 0, offsetY: 0 };
}

/**
 * Sizes the canvas's backing store to deviceWidth x deviceHeight (written only when it changed:
 * writing either clears the canvas) and records the device px per CSS px in `view`.
 */
export function sizeCanvas(canvas, view, deviceWidth, deviceHeight, cssWidth) {
  if (canvas.width !== deviceWidth) canvas.width = deviceWidth;
  if (canvas.height !== deviceHeight) canvas.height = deviceHeight;
  view.dpr = deviceWidth / cssWidth;
  return view;
}

/**
 * Fits a worldW x worldH world into a cssWidth x cssHeight box: uniform scale, centred. With a
 * `focus` ({ x, y, w, h }, world px: where the scene's content is), a box far from the world's
 * shape (a portrait embed) is filled by the focus instead, and the world's edges beyond it are
 * cut: a web in a 358 x 400 frame is drawn 358 px tall, not 224 px between two empty bands.
 * A box the whole world fits at the focus's scale is fitted as without it.
 */
export function fitView(view, cssWidth, cssHeight, worldW, worldH, focus = null) {
  view.cssWidth = cssWidth;
  view.cssHeight = cssHeight;
  view.scale = Math.min(cssWidth / worldW, cssHeight / worldH);
  if (!focus) {
    view.offsetX = (cssWidth - worldW * view.scale) / 2;
    view.offsetY = (cssHeight - worldH * view.scale) / 2;
    return view;
  }
  view.scale = Math.max(view.scale, Math.min(cssWidth / focus.w, cssHeight / focus.h));
  view.offsetX = cssWidth / 2 - (focus.x + focus.w / 2) * view.scale;
  view.offsetY = cssHeight / 2 - (focus.y + focus.h / 2) * view.scale;
  return view;
}

/** CSS px relative to the canvas -> world px, for a view fitted by fitView. */
export function viewToWorld(view, cx, cy) {
  return [(cx - view.offsetX) / view.scale, (cy - view.offsetY) / view.scale];
}

/** World px -> CSS px relative to the canvas. */
export function viewToCanvas(view, x, y) {
  return [x * view.scale + view.offsetX, y * view.scale + view.offsetY];
}

/** Sets ctx to draw in world px through `view`; returns k, the device px per world px. */
export function setViewTransform(ctx, view) {
  const k = view.dpr * view.scale;
  ctx.setTransform(k, 0, 0, k, view.offsetX * view.dpr, view.offsetY * view.dpr);
  return k;
}

/**
 * A loop's pause rule, shared by the kit's loop and the page's: calls onChange(active) when
 * `element` (optional) enters or leaves the viewport and when the document is shown or hidden.
 * A loop runs only while it is wanted, visible and on screen, and restarts without a catch-up
 * burst. Returns { offscreen, dispose() }.
 */
export function watchActivity(element, doc, onChange) {
  let offscreen = false;
  const Observer = element ? globalThis.IntersectionObserver : undefined;
  const observer = Observer
    ? new Observer((entries) => {
      offscreen = !entries[entries.length - 1].isIntersecting;
      onChange(!offscreen);
    })
    : null;
  observer?.observe(element);
  const onVisibility = () => onChange(doc.visibilityState !== 'hidden');
  doc?.addEventListener('visibilitychange', onVisibility);
  return {
    /** True while the observed element is outside the viewport. */
    get offscreen() { return offscreen; },
    dispose() {
      observer?.disconnect();
      doc?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

// ---- the frame-time filter and the clock ------------------------------------------------------

/**
 * The average of the last `size` frame times, restarted by a frame more than 50 % off the
 * average (a rate change, a hitch), as sokol_app's frame-duration filter does. rAF timestamps
 * of a 60 Hz screen jitter by a fraction of a millisecond; fed raw to a 1/60 s fixed step they
 * make frames of 0 and 2 steps (a visible stutter). The average removes the jitter and keeps
 * the total time (a moving average lags the raw sum by at most its window).
 */
export function createFrameFilter(size = 8) {
  const recent = new Float64Array(size);
  let filled = 0;
  let sum = 0;
  return {
    push(dt) {
      const mean = filled > 0 ? sum / Math.min(filled, size) : dt;
      if (filled === 0 || Math.abs(dt - mean) > 0.5 * mean) { recent.fill(0); filled = 0; sum = 0; }
      const k = filled % size;
      sum += dt - recent[k];
      recent[k] = dt;
      filled++;
      return sum / Math.min(filled, size);
    },
    reset() { recent.fill(0); filled = 0; sum = 0; },
  };
}

/** { now(), request(cb), cancel(id) } over a window, read at call time (a test may replace them). */
export function browserClock(win = globalThis) {
  return {
    now: () => win.performance.now(),
    request: (cb) => win.requestAnimationFrame(cb),
    cancel: (id) => win.cancelAnimationFrame(id),
  };
}

// ---- the drag, without the DOM ----------------------------------------------------------------

/** Samples kept per display frame: what the engine's queue holds (SILK_MAX_POINTER_SAMPLES). */
const QUEUE = LIMITS.MAX_POINTER_SAMPLES;

/**
 * The drag as the engine sees it, without the DOM: begin at a world point, queue samples, and
 * apply them at the next advance (or flush them while paused). createCanvasPointer drives it
 * from Pointer Events; the element's Worker (silk-demo-worker.mjs) from posted samples.
 */
export function createDragQueue(world) {
  const xs = new Float64Array(QUEUE);
  const ys = new Float64Array(QUEUE);
  const state = {
    count: 0, // queued samples
    ending: false, // a release is queued after the samples
    pointerId: -1,
    hover: null, // { x, y } world px of a hovering mouse, or null
    disabled: false, // a replay is playing: its recorded inputs drive the world
  };

  /** Grabs the nearest particle within `radius` world px of (x, y); false if there is none. */
  function begin(x, y, radius, pointerId = 0) {
    const i = world.findNearest(x, y, radius);
    if (i < 0) return false;
    state.pointerId = pointerId;
    state.count = 0;
    state.ending = false;
    world.dragBegin(i, x, y);
    return true;
  }

  function queue(x, y) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (state.count === QUEUE) { // keep the newest: drop the oldest half
      xs.copyWithin(0, QUEUE / 2); ys.copyWithin(0, QUEUE / 2); state.count = QUEUE / 2;
    }
    xs[state.count] = x;
    ys[state.count] = y;
    state.count++;
  }

  /** The release: applied after the queued samples. */
  function end() {
    state.pointerId = -1;
    state.ending = true;
  }

  /** Applies queued samples now (used while paused: there is no next step). */
  function flush() {
    if (state.count > 0) world.dragMove(xs[state.count - 1], ys[state.count - 1]);
    state.count = 0;
    if (state.ending) { world.dragEnd(); state.ending = false; }
  }

  return {
    state,
    begin,
    queue,
    end,
    flush,
    /** Drops the drag (a scene rebuild: the particle indices change). */
    cancel() {
      state.count = 0;
      state.ending = false;
      state.pointerId = -1;
      world.dragEnd();
    },
    /** world.advance(dt) with the queued samples applied at the steps; see below. */
    advance(dt, out) {
      advanceWithPointer(world, dt, xs, ys, state.count, out);
      state.count = 0;
      if (state.ending) { world.dragEnd(); state.ending = false; }
      return out;
    },
  };
}

/**
 * The selection radius in world px: grabRadius CSS px for a mouse, touchGrabRadius for a finger
 * or a pen, and at least minRadius world px. The defaults are the page's (the original's 20 world
 * px, NOTES.md §5, and 20 / 32 CSS px so a phone's scaled-down web stays grabbable); the canvas
 * kit passes its options and minRadius 0 (its radii are CSS px only, for a world of any size).
 */
export function pickRadius(pointerType, worldPerCss, { grabRadius = 20, touchGrabRadius = 32, minRadius = 20 } = {}) {
  const css = pointerType === 'mouse' ? grabRadius : touchGrabRadius;
  return Math.max(minRadius, css * worldPerCss);
}

/**
 * Advances the world by dt seconds with `count` pointer samples (xs, ys) of this frame queued
 * into the engine first, spread evenly over the frame: sample k at dt * (k + 1) / count, so
 * the newest lands on the frame's end. The engine applies each at the fixed step its time
 * falls in. `out` receives { steps, alpha, dropped, accumulator } (seconds left in the
 * engine's accumulator after the call).
 */
export function advanceWithPointer(world, dt, xs, ys, count, out) {
  if (count > 0 && world.draggedParticle >= 0) {
    for (let k = 0; k < count; k++) world.queuePointer(xs[k], ys[k], (dt * (k + 1)) / count);
  }
  const r = world.advance(dt);
  out.steps = r.steps;
  out.alpha = r.alpha;
  out.dropped = r.droppedSeconds;
  out.accumulator = r.accumulatorSeconds;
  return out;
}
