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

import { createDragQueue, pickRadius, advanceWithPointer, viewToWorld } from './kit-core.mjs';
import { advanceFrames } from './session.mjs';

// The engine-side drag (createDragQueue: begin, queue samples, advance or flush), the selection
// radius and advanceWithPointer live in the canvas kit (silk-verlet/canvas); the element and its
// Worker import them from here too.
// advanceFrames (the display frames of one rAF through the drag) lives with the session (session.mjs).
export { createDragQueue, pickRadius, advanceWithPointer, advanceFrames };

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

/** The pointer for a world in a Worker (the element's and the embed's): hit point and samples
 *  in world px (the Worker grabs the nearest particle and queues the samples, as createPointer
 *  does on the main thread). `view` is this thread's copy of the canvas's fit. The canvas's
 *  box is read once per press (getBoundingClientRect), and each sample is clientX/Y against it:
 *  offsetX/Y would make the browser bring layout up to date for every coalesced sample of every
 *  move, on the host's main thread. One message per pointermove, two flat arrays. */
export function forwardPointer(canvas, view, post, listen) {
  let pointerId = -1;
  let left = 0, top = 0;
  listen(canvas, 'pointerdown', (e) => {
    if (e.button !== 0 || pointerId >= 0) return;
    e.preventDefault();
    canvas.setPointerCapture?.(e.pointerId);
    pointerId = e.pointerId;
    const box = canvas.getBoundingClientRect();
    left = box.left + canvas.clientLeft;
    top = box.top + canvas.clientTop;
    const [x, y] = viewToWorld(view, e.clientX - left, e.clientY - top);
    post({ type: 'down', x, y, radius: pickRadius(e.pointerType, 1 / view.scale) });
  });
  // pointerrawupdate (Chromium, secure contexts) is dispatched as soon as the input arrives;
  // pointermove waits for the host's next frame, by which time the Worker has often drawn its
  // own frame for that display refresh, so the drag showed one frame later than on the main
  // thread (bench/host.mjs: input latency). Same samples, same message.
  listen(canvas, 'onpointerrawupdate' in globalThis ? 'pointerrawupdate' : 'pointermove', (e) => {
    if (e.pointerId !== pointerId) return;
    const samples = e.getCoalescedEvents?.() ?? [];
    const n = samples.length > 0 ? samples.length : 1;
    const xs = new Array(n), ys = new Array(n);
    for (let k = 0; k < n; k++) {
      const s = samples.length > 0 ? samples[k] : e;
      [xs[k], ys[k]] = viewToWorld(view, s.clientX - left, s.clientY - top);
    }
    post({ type: 'move', xs, ys });
  });
  const up = (e) => { if (e.pointerId === pointerId) { pointerId = -1; post({ type: 'up' }); } };
  listen(canvas, 'pointerup', up);
  listen(canvas, 'pointercancel', up);
  listen(canvas, 'contextmenu', (e) => e.preventDefault());
}

/**
 * Where the hover ring goes: the dragged particle, or the one within 20 world px of a hovering
 * mouse (`hover` { x, y } world px, or null); a pinned particle's ring sits on its pin target.
 * Writes { x, y } into `out` and returns it, or null. The particle is interpolated like the
 * drawing. The page's session hook on the main thread and the Worker's (worker-demo.mjs).
 */
export function highlightPoint(world, hover, alpha, out) {
  let i = world.draggedParticle;
  if (i < 0 && hover) i = world.findNearest(hover.x, hover.y, 20);
  if (i < 0) return null;
  const pin = i === world.draggedParticle ? world.draggedPin : world.particlePin(i);
  if (pin >= 0) {
    const t = world.constraintTargets;
    out.x = t[2 * pin];
    out.y = t[2 * pin + 1];
  } else {
    const cur = world.positions;
    const prev = world.previousPositions;
    out.x = prev[2 * i] + (cur[2 * i] - prev[2 * i]) * alpha;
    out.y = prev[2 * i + 1] + (cur[2 * i + 1] - prev[2 * i + 1]) * alpha;
  }
  return out;
}

/** A hovering mouse over a canvas whose world is in a Worker: { type: 'hover', at: { x, y } }
 *  in world px per pointermove while no button is down, at: null when it leaves (the Worker
 *  draws the ring: highlightPoint). The box is read once per entry, not per move (layout). */
export function forwardHover(canvas, view, post, listen) {
  let box = null;
  listen(canvas, 'pointermove', (e) => {
    if (e.pointerType !== 'mouse' || e.buttons !== 0) return;
    box ??= canvas.getBoundingClientRect();
    const [x, y] = viewToWorld(view, e.clientX - box.left - canvas.clientLeft, e.clientY - box.top - canvas.clientTop);
    post({ type: 'hover', at: { x, y } });
  });
  listen(canvas, 'pointerleave', (e) => {
    box = null;
    if (e.pointerType === 'mouse') post({ type: 'hover', at: null });
  });
}
