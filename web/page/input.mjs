// input.mjs -- Pointer Events (mouse, touch, pen) on the canvas -> the engine's drag.
//
// The original's rules (NOTES.md §5): press picks the nearest particle within the selection
// radius (20 world px; at least 20 CSS px for a mouse, 32 for a finger or a pen, so a phone's
// scaled-down web stays grabbable); a pinned particle's pin target moves instead, and stays
// where it is dropped; the frame sets the dragged point, so release keeps the velocity.
//
// Pointer positions are not sent to the engine when they arrive. Each move's coalesced
// samples (getCoalescedEvents: every position the hardware reported since the last event) are
// collected until the display frame, then queued into the engine with their times
// (w.queuePointer); the engine's stepper applies each at the fixed step its time falls in
// (silk.h, silk_world_queue_pointer), so when one display frame runs several fixed steps a
// fast stroke is followed step by step instead of jumping to its last point. This file knows
// nothing of the stepper's arithmetic.
//
// touch-action: none is set on the canvas only (style.css): the page still scrolls outside
// it, and no listener here touches events of other elements.

import { LIMITS } from '../lib/silk.mjs';

/** Samples kept per display frame: what the engine's queue holds (SILK_MAX_POINTER_SAMPLES). */
const QUEUE = LIMITS.MAX_POINTER_SAMPLES;

/**
 * The drag as the engine sees it, without the DOM: begin at a world point, queue samples, and
 * apply them at the next advance (or flush them while paused). createPointer drives it from
 * Pointer Events; the element's Worker (silk-demo-worker.mjs) from posted samples.
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

/** The selection radius in world px: at least 20, and 20 CSS px for a mouse, 32 for a finger. */
export function pickRadius(pointerType, worldPerCss) {
  const css = pointerType === 'mouse' ? 20 : 32;
  return Math.max(20, css * worldPerCss);
}

export function createPointer(canvas, renderer, world) {
  const drag = createDragQueue(world);
  const { state } = drag;

  function world_(e) {
    // offsetX/Y are CSS px relative to the canvas (it has no border or padding)
    return renderer.toWorld(e.offsetX, e.offsetY);
  }

  function onDown(e) {
    if (e.button !== 0 || state.pointerId >= 0 || state.disabled) return;
    const [x, y] = world_(e);
    if (!drag.begin(x, y, pickRadius(e.pointerType, 1 / renderer.view.scale), e.pointerId)) return;
    e.preventDefault(); // no text selection or emulated mouse events while dragging
    canvas.setPointerCapture?.(e.pointerId);
  }

  function onMove(e) {
    if (e.pointerId !== state.pointerId) {
      if (e.pointerType === 'mouse' && state.pointerId < 0) {
        const [x, y] = world_(e);
        state.hover = { x, y };
      }
      return;
    }
    const samples = e.getCoalescedEvents?.() ?? [];
    if (samples.length === 0) drag.queue(...world_(e));
    for (const s of samples) drag.queue(...world_(s));
  }

  function onUp(e) {
    if (e.pointerId !== state.pointerId) return;
    drag.end();
  }

  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse') state.hover = null; });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());

  return { state, flush: drag.flush, cancel: drag.cancel, advance: drag.advance };
}

/**
 * Runs the display frames of one rAF (loop.mjs's `info`) through drag.advance: `total` gets
 * the steps and dropped seconds summed, `record` the last frame's { steps, alpha, dropped }.
 * The page, the element and the element's Worker all step this way.
 */
export function advanceFrames(drag, info, record, total) {
  total.steps = 0;
  total.dropped = 0;
  for (let k = 0; k < info.count; k++) {
    drag.advance(info.dts[k], record);
    total.steps += record.steps;
    total.dropped += record.dropped;
  }
  return total;
}

/**
 * Advances the world by dt seconds with `count` pointer samples (xs, ys) of this frame queued
 * into the engine first, spread evenly over the frame: sample k at dt * (k + 1) / count, so
 * the newest lands on the frame's end. The engine applies each at the fixed step its time
 * falls in. `out` receives { steps, alpha, dropped }.
 */
export function advanceWithPointer(world, dt, xs, ys, count, out) {
  if (count > 0 && world.draggedParticle >= 0) {
    for (let k = 0; k < count; k++) world.queuePointer(xs[k], ys[k], (dt * (k + 1)) / count);
  }
  const r = world.advance(dt);
  out.steps = r.steps;
  out.alpha = r.alpha;
  out.dropped = r.droppedSeconds;
  return out;
}
