// render.mjs -- the canvas: sized to its box (ResizeObserver, device pixels), the world's
// 800 x 500 fitted inside it (uniform scale, centred), and one draw per displayed frame.
//
// Positions are never copied: the frame record below holds the live typed-array views of the
// world (current and previous positions, constraint arrays, diagnostics), and draw.mjs
// interpolates prev + (cur - prev) * alpha while it builds the paths.
import * as draw from './draw.mjs';
import { CANVAS, inkCanvas, rawFill } from './theme.mjs';

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
  const cx = focus ? focus.x + focus.w / 2 : worldW / 2;
  const cy = focus ? focus.y + focus.h / 2 : worldH / 2;
  if (focus) view.scale = Math.max(view.scale, Math.min(cssWidth / focus.w, cssHeight / focus.h));
  view.offsetX = cssWidth / 2 - cx * view.scale;
  view.offsetY = cssHeight / 2 - cy * view.scale;
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

// options.transparent (background=transparent): the canvas keeps an alpha channel and is cleared
// instead of painted, so a guest sits on its host page's own background.
// options.observe (default true): size the canvas from its element's box. False for an
// OffscreenCanvas in a Worker (silk-demo-worker.mjs), whose owner calls fit() instead.
export function createRenderer(canvas, world, options = {}) {
  const transparent = options.transparent === true;
  // desynchronized: the canvas is presented on its own, outside the page's compositor commit.
  // Without it, a software-rendered page (no GPU) copies and rasterises the whole backing
  // store inside the main thread's commit every frame -- at DPR 3 that was most of the frame's
  // main-thread time (bench/page.mjs). Where the hint is unsupported it is ignored.
  const ctx = canvas.getContext('2d', { alpha: transparent, desynchronized: true });
  const view = {
    dpr: 1, // device px per CSS px
    cssWidth: 1, cssHeight: 1,
    scale: 1, // CSS px per world px
    offsetX: 0, offsetY: 0, // CSS px, top-left of the world in the canvas
  };
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
  // The world's size, read once and again at each resize or invalidate(): world.width and
  // world.height each cost a call into wasm and a fresh settings view, every frame otherwise.
  let worldW = world.width;
  let worldH = world.height;

  function fit(deviceWidth, deviceHeight, cssWidth, cssHeight) {
    if (deviceWidth < 1 || deviceHeight < 1) return;
    if (canvas.width !== deviceWidth) canvas.width = deviceWidth;
    if (canvas.height !== deviceHeight) canvas.height = deviceHeight;
    view.dpr = deviceWidth / cssWidth;
    worldW = world.width;
    worldH = world.height;
    fitView(view, cssWidth, cssHeight, worldW, worldH, focus);
    size = [deviceWidth, deviceHeight, cssWidth, cssHeight];
    dirty = true;
  }

  const observer = options.observe === false ? null : observeCanvasSize(canvas, fit);

  /** Draws the scene at interpolation weight alpha; `hover` = { x, y } in world px or null. */
  function render(scene, state, alpha, hover) {
    draw.bindFrame(frame, world, alpha, world.diagnosticsView);
    const k = view.dpr * view.scale; // device px per world px
    frame.px = 1 / k;
    frame.cssPx = 1 / view.scale;

    if (transparent) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
    } else if (view.offsetX >= 0.5 || view.offsetY >= 0.5) { // letterbox, when the box is not 8:5
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      // dark: one ground from edge to edge, the world's and the page's (no band)
      if (dark) rawFill(ctx, CANVAS.dark.ground);
      else ctx.fillStyle = '#eef1f5';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.setTransform(k, 0, 0, k, view.offsetX * view.dpr, view.offsetY * view.dpr);
    if (!transparent) {
      if (dark) rawFill(ctx, CANVAS.dark.ground); // every scene, cloth's black included
      else ctx.fillStyle = scene.background;
      ctx.fillRect(0, 0, worldW, worldH);
    }
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
    fit,
    /** True after a resize until the next render (a paused page still redraws then). */
    get dirty() { return dirty; },
    invalidate() { dirty = true; worldW = world.width; worldH = world.height; },
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
      if (size) fit(...size);
    },
    /** CSS px relative to the canvas -> world px. */
    toWorld: (cx, cy) => viewToWorld(view, cx, cy),
    /** World px -> CSS px relative to the canvas. */
    toCanvas: (x, y) => viewToCanvas(view, x, y),
    destroy() { observer?.disconnect(); },
  };
}
