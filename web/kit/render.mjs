// render.mjs -- the canvas: sized to its box (ResizeObserver, device pixels), the world fitted
// inside it (uniform scale, centred), and one draw per displayed frame of a scene: the page's
// scenes (scenes.mjs, draw.mjs), or the canvas kit's plain drawing (canvas.mjs).
//
// Positions are never copied: the frame record below holds the live typed-array views of the
// world (current and previous positions, constraint arrays, diagnostics), and draw.mjs
// interpolates prev + (cur - prev) * alpha while it builds the paths.
import * as draw from './draw.mjs';
import { CANVAS, inkCanvas, rawFill } from './theme.mjs';
import { observeCanvasSize, createView, sizeCanvas, fitView, viewToWorld, viewToCanvas, setViewTransform } from './kit-core.mjs';

// The sizing and view helpers are DOM-free (kit-core.mjs): this file has no view arithmetic of
// its own. The element imports them from here too.
export { observeCanvasSize, createView, fitView, viewToWorld, viewToCanvas };

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

/**
 * The canvas kit's one renderer: the page's, the element's, the Workers' and (with the kit's
 * plain drawing as its scene, canvas.mjs) silk-verlet/canvas's createCanvasRenderer.
 * options:
 *   transparent (background=transparent): the canvas is cleared instead of painted, so a guest
 *               sits on its host page's own background; the context keeps an alpha channel
 *   alpha       the context's alpha channel (default: transparent)
 *   observe     (default true): size the canvas from its element's box, now from the layout and
 *               then with a ResizeObserver. False for an OffscreenCanvas in a Worker
 *               (silk-demo-worker.mjs), whose owner calls fit() instead.
 *   fit         'contain' (default): the world fitted, uniform scale, centred (or filled by a
 *               focus, setFocus); 'none': 1 world px per CSS px from the top-left
 *   onResize    called after each fit (a paused host redraws)
 */
export function createRenderer(canvas, world, options = {}) {
  const transparent = options.transparent === true;
  const fitMode = options.fit ?? 'contain';
  // desynchronized: the canvas is presented on its own, outside the page's compositor commit.
  // Without it, a software-rendered page (no GPU) copies and rasterises the whole backing
  // store inside the main thread's commit every frame -- at DPR 3 that was most of the frame's
  // main-thread time (bench/page.mjs). Where the hint is unsupported it is ignored.
  const ctx = canvas.getContext('2d', { alpha: options.alpha ?? transparent, desynchronized: true });
  if (!ctx) throw new TypeError('createRenderer: canvas has no 2d context (is it a <canvas>, and not already used for WebGL?)');
  const view = createView(); // kit-core.mjs: scale, offset, box and dpr
  // The frame record handed to the scene's draw(); refreshed in place every frame.
  const frame = {
    cur: null, prev: null, alpha: 0,
    kinds: null, a: null, b: null, c: null, rest: null, targets: null, diag: null,
    px: 1, cssPx: 1,
  };
  let dirty = true;
  let dark = false; // setTheme('dark'): the scene's colours through theme.mjs's dark ink
  let focus = null; // setFocus(): the part of the world a frame of another shape is filled with
  let size = null; // the last fit's [deviceWidth, deviceHeight, cssWidth, cssHeight]
  let onResize = options.onResize ?? null;
  // The world's size, read once and again at each fit: world.width and world.height each cost a
  // call into wasm and a fresh settings view, every frame otherwise.
  let worldW = world.width;
  let worldH = world.height;

  function fit(deviceWidth, deviceHeight, cssWidth, cssHeight) {
    // a hidden box (0 px) would make dpr and scale infinite; a ResizeObserver callback may come
    // after the world's owner destroyed it
    if (deviceWidth < 1 || deviceHeight < 1 || !(cssWidth > 0) || !(cssHeight > 0) || world.destroyed) return;
    sizeCanvas(canvas, view, deviceWidth, deviceHeight, cssWidth);
    worldW = world.width;
    worldH = world.height;
    if (fitMode === 'none') Object.assign(view, { cssWidth, cssHeight, scale: 1, offsetX: 0, offsetY: 0 });
    else fitView(view, cssWidth, cssHeight, worldW, worldH, focus);
    size = [deviceWidth, deviceHeight, cssWidth, cssHeight];
    dirty = true;
    onResize?.();
  }
  /** Fits again at the last size, re-reading the world's size (after world.setSize). */
  function refit() {
    if (size) fit(...size);
    else dirty = true;
  }

  let observer = null;
  if (options.observe !== false) {
    // Size once now from the layout (so the first frame is sharp and the pointer maps), then
    // follow the box.
    pinIntrinsicWidth(canvas);
    const cs = getComputedStyle(canvas);
    const w = parseFloat(cs.width) || canvas.width;
    const h = parseFloat(cs.height) || canvas.height;
    const dpr = globalThis.devicePixelRatio || 1;
    fit(Math.round(w * dpr), Math.round(h * dpr), w, h);
    if (typeof ResizeObserver === 'function') observer = observeCanvasSize(canvas, fit);
  }

  /** Draws the scene at interpolation weight alpha; `hover` = { x, y } in world px or null. */
  function render(scene, state, alpha, hover) {
    draw.bindFrame(frame, world, alpha, world.diagnosticsView);
    frame.px = 1 / (view.dpr * view.scale); // one device px in world px
    frame.cssPx = 1 / view.scale;

    // The ground: cleared (transparent); or one colour edge to edge (a scene with a `letterbox`
    // colour: the canvas kit's, or any scene in dark, where the world's and the page's grounds
    // are one); or the scene's background in the world and the letterbox colour around it,
    // painted only when the box is not the world's shape (the whole canvas costs a fill).
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const edge = dark ? CANVAS.dark.ground : scene.letterbox;
    if (transparent) ctx.clearRect(0, 0, canvas.width, canvas.height);
    else if (edge != null) {
      rawFill(ctx, edge);
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    } else {
      if (view.offsetX >= 0.5 || view.offsetY >= 0.5) {
        ctx.fillStyle = '#eef1f5';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      }
      setViewTransform(ctx, view);
      ctx.fillStyle = scene.background;
      ctx.fillRect(0, 0, worldW, worldH);
    }
    setViewTransform(ctx, view);
    ctx.lineCap = 'butt';
    ctx.lineJoin = 'miter';
    scene.draw(ctx, frame, state);
    if (hover) draw.highlight(ctx, frame, hover.x, hover.y, scene.highlight);
    dirty = false;
  }

  return {
    view,
    frame,
    render,
    /** Sizes the backing store (device px) and fits the world (CSS px): the ResizeObserver's
     *  call, or by hand (an OffscreenCanvas, no ResizeObserver). */
    fit,
    refit,
    /** True after a fit until the next render (a paused page still redraws then). */
    get dirty() { return dirty; },
    /** The next render must draw (the world changed): fits again too, so a world.setSize shows. */
    invalidate: refit,
    /** 'light' | 'dark': the colours the next render draws with. */
    setTheme(theme) {
      dark = theme === 'dark';
      inkCanvas(ctx, theme);
      dirty = true;
    },
    get theme() { return dark ? 'dark' : 'light'; },
    /** { x, y, w, h } in world px, or null: see fitView. Refits now. */
    setFocus(box) {
      focus = box ?? null;
      refit();
    },
    set onResize(fn) { onResize = fn; },
    /** CSS px relative to the canvas -> world px. */
    toWorld: (cx, cy) => viewToWorld(view, cx, cy),
    /** World px -> CSS px relative to the canvas. */
    toCanvas: (x, y) => viewToCanvas(view, x, y),
    destroy() { observer?.disconnect(); },
  };
}
