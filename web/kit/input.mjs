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
// On a phone a swipe over a demo scrolls the page and a touch on the web drags it. The canvas has
// touch-action: pan-y pinch-zoom (set by createCanvasPointer, style.css and the element's
// sheet: the browser may scroll vertically and zoom from it), and the choice is made when the
// finger lands: a touch press that is taken (a particle within the pick radius: the world's
// findNearest on this thread, the runtime's hit map for a world in a Worker, kit/hitmap.mjs)
// cancels its touchstart, so the browser does not scroll and the drag goes on as before; any
// other touch is not even posted, and the browser scrolls. A mouse never scrolls; a pen gets
// touch-action: none while it hovers over the canvas, so it drags or does nothing, as before.
// No listener here touches events of other elements.

import { createDragQueue, pickRadius, advanceWithPointer, viewToWorld } from './kit-core.mjs';
import { advanceFrames } from './session.mjs';

// The engine-side drag (createDragQueue: begin, queue samples, advance or flush), the selection
// radius and advanceWithPointer are DOM-free (kit-core.mjs); the element and its Worker import
// them from here too. advanceFrames (the display frames of one rAF through the drag) lives with
// the session (session.mjs).
export { createDragQueue, pickRadius, advanceWithPointer, advanceFrames };

const addListener = (target, type, fn, options) => target.addEventListener(type, fn, options);

/** The canvas's touch-action: the browser may scroll vertically and zoom from it; a touch that
 *  lands on a particle cancels its touchstart instead (readPointer). */
export const TOUCH_ACTION = 'pan-y pinch-zoom';

/**
 * The one reading of Pointer Events on a canvas, for every pointer of the kit: the world's
 * (createCanvasPointer, on its thread) and a Worker's (forwardPointer, forwardHover: posted).
 * Points are client px through the canvas's content box (border and padding allowed, measured
 * at each event: the page may scroll during a drag) and `view` (fitView), in world px. `to` says
 * what a pointer does:
 *   press(x, y, radius, e) -> true if it grabbed (left button or a touch, no drag on, not
 *                            to.disabled); then the default is prevented and the pointer
 *                            captured, so the drag goes on outside the canvas
 *   active()               the dragging pointer's id, or -1
 *   samples(xs, ys, n)     a move's coalesced samples (every position the hardware reported)
 *   release()              the dragging pointer went up or was cancelled
 *   hover(x, y) / (null)   a mouse moving with no button down and no drag on, or leaving
 *                          (optional; a reader with hover alone listens to nothing else)
 * `raw` listens to pointerrawupdate for the drag's samples where there is one: dispatched as
 * soon as the input arrives, where pointermove waits for the host's next frame, by which time a
 * Worker has often drawn its own frame for that display refresh (bench/host.mjs: input latency).
 * The context menu is held back during a drag and after a touch or pen press (a long press that
 * missed a particle), never for a mouse that is not dragging (the canvas's own menu).
 */
function readPointer(canvas, view, radii, to, { listen = addListener, raw = false } = {}) {
  const origin = { x: 0, y: 0 }; // the content box's top-left, client px
  const xs = [];
  const ys = [];
  let lastType = 'mouse'; // the last press's pointerType
  let touchTaken = false; // the last touch press was taken: its touchstart is cancelled (no scroll)
  let penAction = null; // the canvas's own touch-action while a pen hovers over it
  function measure() {
    const r = canvas.getBoundingClientRect();
    const cs = getComputedStyle(canvas);
    origin.x = r.left + canvas.clientLeft + (parseFloat(cs.paddingLeft) || 0);
    origin.y = r.top + canvas.clientTop + (parseFloat(cs.paddingTop) || 0);
  }
  const toWorld = (e) => viewToWorld(view, e.clientX - origin.x, e.clientY - origin.y);

  const hover = (e) => {
    if (e.pointerType !== 'mouse' || e.buttons !== 0 || to.active() >= 0) return;
    measure();
    to.hover(...toWorld(e));
  };
  if (to.hover) listen(canvas, 'pointerleave', (e) => { if (e.pointerType === 'mouse') to.hover(null); });
  if (!to.press) { // hover only
    listen(canvas, 'pointermove', hover);
    return;
  }
  listen(canvas, 'pointerdown', (e) => {
    lastType = e.pointerType;
    if (e.pointerType === 'touch') touchTaken = false;
    if (e.button !== 0 || to.active() >= 0 || to.disabled) return;
    measure();
    const [x, y] = toWorld(e);
    if (!to.press(x, y, pickRadius(e.pointerType, 1 / view.scale, radii), e)) return;
    if (e.pointerType === 'touch') touchTaken = true;
    e.preventDefault(); // no text selection or emulated mouse events while dragging
    canvas.setPointerCapture?.(e.pointerId);
  });
  // Every engine dispatches a touch's pointerdown before its touchstart; cancelling the
  // touchstart is what stops the scroll (preventDefault on pointerdown does not). A finger that
  // lands while a drag is on does not scroll or zoom either.
  listen(canvas, 'touchstart', (e) => { if (touchTaken || to.active() >= 0) e.preventDefault(); }, { passive: false });
  // touch-action is read when a pointer goes down: set while a pen hovers, so a pen never scrolls
  listen(canvas, 'pointerover', (e) => {
    if (e.pointerType !== 'pen' || penAction !== null) return;
    penAction = canvas.style.touchAction;
    canvas.style.touchAction = 'none';
  });
  listen(canvas, 'pointerout', (e) => {
    if (e.pointerType !== 'pen' || penAction === null) return; // (read at pointerdown only: a drag goes on)
    canvas.style.touchAction = penAction;
    penAction = null;
  });
  const drag = (e) => {
    if (e.pointerId !== to.active()) return false;
    measure();
    const samples = e.getCoalescedEvents?.() ?? [];
    const n = samples.length > 0 ? samples.length : 1;
    for (let k = 0; k < n; k++) [xs[k], ys[k]] = toWorld(samples.length > 0 ? samples[k] : e);
    to.samples(xs, ys, n);
    return true;
  };
  const split = raw && 'onpointerrawupdate' in globalThis;
  if (split) listen(canvas, 'pointerrawupdate', drag);
  if (to.hover) listen(canvas, 'pointermove', (e) => { if (split || !drag(e)) hover(e); });
  else if (!split) listen(canvas, 'pointermove', drag);
  const up = (e) => { if (e.pointerId === to.active()) to.release(); };
  listen(canvas, 'pointerup', up);
  listen(canvas, 'pointercancel', up);
  listen(canvas, 'contextmenu', (e) => { if (to.active() >= 0 || lastType !== 'mouse') e.preventDefault(); });
}

/**
 * The canvas kit's pointer (silk-verlet/canvas): Pointer Events (mouse, touch, pen) on `canvas`
 * -> the engine's drag (readPointer above). Press grabs the nearest particle within grabRadius
 * CSS px (touchGrabRadius for a finger or a pen), and at least minRadius world px (the page's 20:
 * the original's rule); a pinned particle's pin moves instead, where the engine says so. Each
 * move's coalesced samples are queued and applied by advance(dt) at the fixed steps their times
 * fall in; release lets go (the particle keeps its velocity). `view` is the renderer's. Sets
 * touch-action: pan-y pinch-zoom on the canvas: a finger that lands on a particle drags it (its
 * touchstart is cancelled), anywhere else it scrolls or zooms the page. A hovering
 * mouse is tracked (state.hover, the page's ring) and shows a grab cursor near a particle while
 * grabbing is allowed (not state.disabled). `onChange()` is called after every input (a paused
 * host redraws then).
 */
export function createCanvasPointer(canvas, world, view, { grabRadius = 20, touchGrabRadius = 32, minRadius = 0, onChange = null } = {}) {
  if (!(grabRadius > 0)) throw new RangeError(`createCanvasPointer: grabRadius must be > 0 CSS px, got ${grabRadius}`);
  if (!(touchGrabRadius > 0)) throw new RangeError(`createCanvasPointer: touchGrabRadius must be > 0 CSS px, got ${touchGrabRadius}`);
  if (!(minRadius >= 0)) throw new RangeError(`createCanvasPointer: minRadius must be >= 0 world px, got ${minRadius}`);
  const radii = { grabRadius, touchGrabRadius, minRadius };
  const drag = createDragQueue(world);
  const { state } = drag;
  const saved = { touchAction: canvas.style.touchAction, cursor: canvas.style.cursor };
  const listeners = [];
  canvas.style.touchAction = TOUCH_ACTION;

  readPointer(canvas, view, radii, {
    get disabled() { return state.disabled; },
    active: () => state.pointerId,
    press(x, y, radius, e) {
      if (!drag.begin(x, y, radius, e.pointerId)) return false;
      canvas.style.cursor = 'grabbing';
      onChange?.();
      return true;
    },
    samples(xs, ys, n) {
      for (let k = 0; k < n; k++) drag.queue(xs[k], ys[k]);
      onChange?.();
    },
    release() {
      drag.end();
      canvas.style.cursor = saved.cursor;
      onChange?.();
    },
    hover(x, y) { // the ring, and a hand where a press grabs
      state.hover = x === null ? null : { x, y };
      if (x === null) return;
      const near = !state.disabled && world.findNearest(x, y, pickRadius('mouse', 1 / view.scale, radii)) >= 0;
      canvas.style.cursor = near ? 'grab' : saved.cursor;
    },
  }, { listen: (target, type, fn, options) => { listeners.push([type, fn, options]); target.addEventListener(type, fn, options); } });

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
      for (const [type, fn, options] of listeners) canvas.removeEventListener(type, fn, options);
      canvas.style.touchAction = saved.touchAction;
      canvas.style.cursor = saved.cursor;
    },
  };
}

/** The page's and the element's call shape: the pointer above over a renderer's view, with the
 *  original's 20 world px selection radius as the floor (pickRadius). */
export function createPointer(canvas, renderer, world, options = {}) {
  return createCanvasPointer(canvas, world, renderer.view, { minRadius: 20, ...options });
}

/** The pointer for a world in a Worker (the element's and the embed's): readPointer's press
 *  (a mouse's or a pen's left press is taken: the Worker grabs the nearest particle within
 *  `radius`, the page's radii, or not; a touch only where `hits`, the runtime's hit map
 *  (hitmap.mjs createHitMap), has a particle within `radius`: elsewhere the page scrolls),
 *  samples and release, posted in world px: { type: 'down', x, y, radius },
 *  { type: 'move', xs, ys } (one message per event, every coalesced sample), { type: 'up' }.
 *  `view` is this thread's copy of the canvas's fit; `listen(target, type, fn, options)` adds a
 *  listener its owner removes. The samples come on pointerrawupdate where there is one. */
export function forwardPointer(canvas, view, post, listen, hits = null) {
  let pointerId = -1;
  readPointer(canvas, view, undefined, {
    active: () => pointerId,
    press(x, y, radius, e) {
      if (e.pointerType === 'touch' && !hits?.claims(x, y, radius)) return false; // a swipe: the page scrolls
      pointerId = e.pointerId;
      post({ type: 'down', x, y, radius });
      return true;
    },
    samples(xs, ys, n) { post({ type: 'move', xs: xs.slice(0, n), ys: ys.slice(0, n) }); },
    release() { pointerId = -1; post({ type: 'up' }); },
  }, { listen, raw: true });
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
 *  draws the ring: highlightPoint). readPointer's hover alone. */
export function forwardHover(canvas, view, post, listen) {
  readPointer(canvas, view, undefined, {
    active: () => -1,
    hover: (x, y) => post({ type: 'hover', at: x === null ? null : { x, y } }),
  }, { listen });
}
