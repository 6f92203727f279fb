// host.mjs -- the DOM half every Silk host shares (the page, ?embed=1, silk-embed.html and
// <silk-demo>), whichever thread its runtime (runtime.mjs) runs on: the canvas's size (to the
// pointer's fit here and the drawing's there), whether it is on screen and the tab visible,
// the pointer (and a hovering mouse) in world px, and pause: the overlay's Play, the Pause
// button, the keys (Space / K, '.', R). Each is posted as a message of protocol.mjs. What a
// host adds (the page's controls and dashboard, the element's bars) is its own.
import { DEFAULTS as ENGINE_DEFAULTS } from '../lib/silk-base.mjs';
import { observeCanvasSize, fitView } from './render.mjs';
import { forwardPointer, forwardHover } from './input.mjs';
import { keyAction } from './session.mjs';
import { createHitMap } from './hitmap.mjs';

/** The runtime's world has the engine's default size; the host fits its pointer view to it. */
export const WORLD_SIZE = Object.freeze([ENGINE_DEFAULTS.silk_world_def.width, ENGINE_DEFAULTS.silk_world_def.height]);

/**
 * The canvas's first size now, as `size` of protocol.mjs's init: { dev: [w, h], css: [w, h] }.
 */
export function canvasSize(canvas) {
  const box = canvas.getBoundingClientRect();
  const dpr = globalThis.devicePixelRatio || 1;
  return { dev: [Math.max(1, Math.round(box.width * dpr)), Math.max(1, Math.round(box.height * dpr))], css: [box.width || 1, box.height || 1] };
}

/**
 * wireHost({ canvas, view (the pointer's, kit-core createView), post, listen(target, type, fn),
 * overlay (the Play button over the canvas), pauseButton, focus() (the box a frame of another
 * shape is filled with, or null), keepRunning (the full page keeps running off-screen), hover
 * (forward a hovering mouse: the ring), onPaused(paused), onOffscreen(offscreen) }) -> { setPaused,
 * step, reset, refit, paused, offscreen, active(), hits, disconnect() }: `hits` is the runtime's
 * hit map (hitmap.mjs), which the host's receiver updates from `hitmap` messages. The caller sets the first
 * pause (setPaused) and visibility (active()) once its runtime has its init.
 */
export function wireHost({ canvas, view, post, listen, overlay, pauseButton, focus = () => null, keepRunning = false, hover = false, onPaused = () => {}, onOffscreen = () => {} }) {
  let css = null; // the canvas's last CSS size: the pointer's fit follows a change of focus
  let offscreen = false;
  let paused = false;

  const refit = () => { if (css) fitView(view, css[0], css[1], ...WORLD_SIZE, focus()); };
  const observer = observeCanvasSize(canvas, (devW, devH, cssW, cssH) => {
    if (devW < 1 || devH < 1) return;
    css = [cssW, cssH];
    refit();
    post({ type: 'size', dev: [devW, devH], css: [cssW, cssH] });
  });

  // runs while the canvas is on screen and the tab visible (loop.mjs's rule, decided here)
  const active = () => post({ type: 'active', active: (keepRunning || !offscreen) && document.visibilityState !== 'hidden' });
  const intersection = new IntersectionObserver((entries) => {
    offscreen = !entries[entries.length - 1].isIntersecting;
    onOffscreen(offscreen);
    active();
  });
  intersection.observe(canvas);
  listen(document, 'visibilitychange', active);

  const hits = createHitMap(); // where a touch grabs: elsewhere it scrolls the page
  forwardPointer(canvas, view, post, listen, hits);
  if (hover) forwardHover(canvas, view, post, listen); // the ring under a hovering mouse

  /** The one pause of a host: the overlay, the button, the runtime, and who else follows. */
  function setPaused(p) {
    paused = p;
    overlay.hidden = !p;
    pauseButton.textContent = p ? 'Play' : 'Pause';
    pauseButton.setAttribute('aria-pressed', String(p));
    post({ type: 'pause', paused: p });
    onPaused(p);
  }
  const step = () => { if (!paused) setPaused(true); post({ type: 'step' }); };
  const reset = () => post({ type: 'reset' });
  listen(overlay, 'click', () => { setPaused(false); canvas.focus(); });
  listen(pauseButton, 'click', () => setPaused(!paused));
  listen(canvas, 'keydown', (e) => {
    const action = keyAction(e.key); // the keys of session.mjs, for the runtime's session
    if (action === 'pause') setPaused(!paused);
    else if (action === 'step') step();
    else if (action === 'reset') reset();
    else return;
    e.preventDefault();
  });

  return {
    setPaused, step, reset, refit, active, hits,
    get paused() { return paused; },
    get offscreen() { return offscreen; },
    disconnect() { observer.disconnect(); intersection.disconnect(); },
  };
}
