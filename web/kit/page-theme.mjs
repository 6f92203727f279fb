// page-theme.mjs -- theme="page" (?theme=page): the demo takes the host page's own look.
//
// `auto` follows the reader's system (prefers-color-scheme), so a dark blog read on a light
// system got a white box. `page` reads the page the demo sits in instead:
//
//   the colour behind the demo   the computed background-color of the demo's element and its
//                                ancestors (through shadow roots), composited from the nearest
//                                opaque one down (a translucent card over a dark body is dark)
//   nothing painted at all       the page's color-scheme (the root's computed `color-scheme`,
//                                or <meta name="color-scheme">): the browser paints a dark
//                                canvas for `dark`, and for `light dark` when the reader's
//                                system is dark; else white
//
// and calls the result dark when its relative luminance is under DARK_LUMINANCE (where a
// colour stands as far from black as from white: the text on it would be light). Background
// images and gradients are not read (a page that paints only a dark image behind a demo also
// sets a background-color, or says `theme="dark"`).
//
// Where it can read: the <silk-demo> element (its own page), and a same-origin frame
// (?embed=1, silk-embed.html) through window.frameElement, the <iframe> in the parent page.
// Where it cannot -- a cross-origin frame (frameElement is null), the page on its own at top
// level -- `page` is `auto`: a cross-origin iframe keeps ?theme=light|dark for a fixed look.
//
// What it follows (watchHostTheme), re-reading only when one of these fires:
//   - attribute changes (class, style, data-theme, any) of every ancestor of the demo, <html>
//     and <body> included: the usual theme switch toggles a class on one of them;
//   - <head>'s subtree (a stylesheet added, removed, disabled or given a new media);
//   - the end of a background-color transition (a switch that animates reads its final colour);
//   - the reader's prefers-color-scheme (pages whose CSS follows it).
// A re-read is a getComputedStyle of a few ancestors; the demo is told only when the answer
// changes.

/** Relative luminance below which a ground is dark: sqrt(1.05 * 0.05) - 0.05, where a colour's
 *  contrast with black (L + 0.05) / 0.05 equals its contrast with white 1.05 / (L + 0.05). */
export const DARK_LUMINANCE = Math.sqrt(1.05 * 0.05) - 0.05;

const DARK_QUERY = '(prefers-color-scheme: dark)';
// What a browser paints under a dark color-scheme when the page paints nothing (Chromium's
// dark canvas; any dark grey gives the same answer).
const DARK_CANVAS = [18, 18, 18];
const WHITE = [255, 255, 255];

/** [r, g, b, a] (0..255, a 0..1) of a computed colour, or null. */
export function parseComputedColour(text) {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/i.exec(text ?? '');
  if (m) {
    const a = m[4] === undefined ? 1 : +m[4] / (m[5] ? 100 : 1);
    return [+m[1], +m[2], +m[3], a];
  }
  if (text === 'transparent') return [0, 0, 0, 0];
  return null;
}

let probe = null;
/** Any CSS colour (oklch(), color(display-p3 ...)) as the browser paints it in sRGB, or null. */
function paintedColour(text) {
  try {
    probe ??= new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = '#010203';
    probe.fillStyle = text;
    if (probe.fillStyle === '#010203') return null; // not a colour the canvas knows
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  } catch {
    return null;
  }
}

function channel(v) {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of [r, g, b] (0..255). */
export function rgbLuminance([r, g, b]) {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const hex2 = (v) => Math.round(v).toString(16).padStart(2, '0');

/** The element a node sits in: its parent, or the host of the shadow root it is in. */
function up(node) {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode?.();
  return root && root !== node && root.host ? root.host : null;
}

/** The page's own scheme when nothing is painted: 'dark' | 'light'. */
function pageColorScheme(doc, win) {
  const root = doc.documentElement;
  let scheme = root ? win.getComputedStyle(root).colorScheme ?? '' : '';
  if (!scheme || scheme === 'normal') scheme = doc.querySelector?.('meta[name="color-scheme"]')?.content ?? '';
  const words = scheme.toLowerCase().split(/\s+/);
  if (!words.includes('dark')) return 'light';
  if (!words.includes('light')) return 'dark';
  return win.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light'; // 'light dark': the reader's pick
}

/**
 * What the page shows behind `anchor` (an element): { theme: 'light' | 'dark', ground
 * ('#rrggbb'), from: 'background' | 'color-scheme', luminance }.
 */
export function pageScheme(anchor) {
  const doc = anchor.ownerDocument;
  const win = doc.defaultView;
  const layers = []; // translucent and opaque backgrounds, innermost first
  for (let node = anchor; node; node = up(node)) {
    const cs = win.getComputedStyle(node);
    const text = cs.backgroundColor;
    const c = parseComputedColour(text) ?? paintedColour(text);
    if (!c || c[3] <= 0) continue;
    layers.push(c);
    if (c[3] >= 1) break;
  }
  const opaque = layers.length > 0 && layers[layers.length - 1][3] >= 1;
  let rgb = opaque ? null : pageColorScheme(doc, win) === 'dark' ? DARK_CANVAS : WHITE;
  for (let i = layers.length - 1; i >= 0; i--) {
    const [r, g, b, a] = layers[i];
    rgb = rgb === null ? [r, g, b] : [r * a + rgb[0] * (1 - a), g * a + rgb[1] * (1 - a), b * a + rgb[2] * (1 - a)];
  }
  const luminance = rgbLuminance(rgb);
  return {
    theme: luminance < DARK_LUMINANCE ? 'dark' : 'light',
    ground: `#${rgb.map(hex2).join('')}`,
    from: layers.length ? 'background' : 'color-scheme',
    luminance,
  };
}

/** The <iframe> this window is in, when its page is readable (same origin), else null. */
export function frameAnchor(win = globalThis) {
  try {
    const frame = win.frameElement ?? null;
    if (frame) void frame.ownerDocument.defaultView.getComputedStyle; // throws if it is not ours to read
    return frame;
  } catch {
    return null;
  }
}

/** 'light' | 'dark' from the reader's system (what `auto` means). */
function systemTheme(win) {
  return win.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * 'light' | 'dark': what `theme` means now. `anchor` is the demo's element (the <silk-demo>,
 * a kit's <canvas>); without one, a frame reads its <iframe> in the parent page when it may.
 * 'page' with nothing readable is 'auto'.
 */
export function resolveHostTheme(theme, anchor = null, win = globalThis) {
  if (theme === 'page') {
    const at = anchor ?? frameAnchor(win);
    if (at) {
      try {
        return pageScheme(at).theme;
      } catch { /* a page gone mid-read: the reader's system */ }
    }
    return systemTheme(win);
  }
  if (theme === 'auto') return systemTheme(win);
  return theme === 'dark' ? 'dark' : 'light';
}

/**
 * Calls apply('light' | 'dark') now and whenever `theme`'s answer changes: 'auto' follows the
 * reader's system, 'page' the page around `anchor` (see the top of this file for what is
 * followed). Returns a function that stops listening.
 */
export function watchHostTheme(theme, apply, anchor = null, win = globalThis) {
  const at = theme === 'page' ? anchor ?? frameAnchor(win) : null;
  let shown = resolveHostTheme(theme, at, win);
  apply(shown);
  if (theme !== 'auto' && theme !== 'page') return () => {};
  const check = () => {
    const t = resolveHostTheme(theme, at, win);
    if (t !== shown) { shown = t; apply(t); }
  };
  const stops = [];
  const listen = (target, type, fn, options) => {
    target?.addEventListener?.(type, fn, options);
    stops.push(() => target?.removeEventListener?.(type, fn, options));
  };
  // the reader's system: 'auto' itself, and the pages whose CSS follows it
  const pageWin = at?.ownerDocument?.defaultView ?? win;
  const system = win.matchMedia?.(DARK_QUERY);
  listen(system, 'change', check);
  if (at && pageWin !== win) listen(pageWin.matchMedia?.(DARK_QUERY), 'change', check);
  if (at) {
    const doc = at.ownerDocument;
    const Observer = pageWin.MutationObserver ?? globalThis.MutationObserver;
    if (Observer) {
      const observer = new Observer(check);
      for (let node = at; node; node = up(node)) observer.observe(node, { attributes: true });
      if (doc.head) observer.observe(doc.head, { childList: true, subtree: true, attributes: true, characterData: true });
      stops.push(() => observer.disconnect());
    }
    const settled = (e) => { if (/background|color-scheme|^all$/.test(e.propertyName ?? '')) check(); };
    listen(doc, 'transitionend', settled, true);
    listen(doc, 'transitioncancel', settled, true);
    // a stylesheet that finishes loading changes the page's look without any DOM change (a
    // slow post.css left a demo light in a dark post): each <link>'s load (captured: it does
    // not bubble) and the window's load look again
    listen(doc, 'load', check, true);
    listen(pageWin, 'load', check);
  }
  return () => { for (const stop of stops) stop(); };
}
