// render.mjs -- the canvas: sized to its box (ResizeObserver, device pixels), the world's
// 800 x 500 fitted inside it (uniform scale, centred), and one draw per displayed frame.
//
// Positions are never copied: the frame record below holds the live typed-array views of the
// world (current and previous positions, constraint arrays, diagnostics), and draw.mjs
// interpolates prev + (cur - prev) * alpha while it builds the paths.
import * as draw from './draw.mjs';
import { CANVAS, inkCanvas, rawFill } from './theme.mjs';
import { observeCanvasSize, createView, sizeCanvas, fitView, viewToWorld, viewToCanvas, setViewTransform } from './kit-core.mjs';

// The sizing and view helpers live in the canvas kit (kit-core.mjs, silk-verlet/canvas): this
// file has no view arithmetic of its own. The element imports them from here too.
export { observeCanvasSize, createView, fitView, viewToWorld, viewToCanvas };

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
  // The world's size, read once and again at each resize or invalidate(): world.width and
  // world.height each cost a call into wasm and a fresh settings view, every frame otherwise.
  let worldW = world.width;
  let worldH = world.height;

  function fit(deviceWidth, deviceHeight, cssWidth, cssHeight) {
    if (deviceWidth < 1 || deviceHeight < 1) return;
    sizeCanvas(canvas, view, deviceWidth, deviceHeight, cssWidth);
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
    frame.px = 1 / (view.dpr * view.scale); // one device px in world px
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
    setViewTransform(ctx, view);
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
