// theme.mjs -- light, dark, auto (prefers-color-scheme) and page (the host page's own look:
// page-theme.mjs), and background=transparent, for the page, the embed, the single file and
// <silk-demo>.
//
// The canvas is drawn in the theme's own colours. The drawing code (draw.mjs, the scenes, the
// labs) names its light colours, as the original pages did; in the dark theme the renderer's
// context is inked (inkCanvas): each colour the code sets is replaced by its dark counterpart
// from DARK_INK, chosen by hand for the dark ground (pins, strands, labels and strain colours
// at 3:1 or more against CANVAS.dark.ground, text at 4.5:1; tests/browser/contrast.test.mjs
// reads the pixels). A colour the table does not name is kept if it already stands at 3:1 on
// the dark ground, else lightened until it does. Only colours change: the light theme, the
// drawing order and every hash are untouched. The text colours below are the ones the
// stylesheets use; contrast() checks them against WCAG AA (4.5:1 for body text) in the browser
// tests.

export const THEMES = Object.freeze(['light', 'dark', 'auto', 'page']);
export const BACKGROUNDS = Object.freeze(['default', 'transparent']);

/** Text and surface colours of the two themes (style.css and silk-demo.mjs use the same). */
export const PALETTE = Object.freeze({
  light: Object.freeze({ surface: '#ffffff', text: '#1d2329', muted: '#4a5560', error: '#b00020', focus: '#1f6feb' }),
  dark: Object.freeze({ surface: '#0d1117', text: '#e6edf3', muted: '#a9b4bf', error: '#ff8a96', focus: '#58a6ff' }),
});

/** Kept for hosts that used it; Silk itself no longer inverts its canvas (see inkCanvas). */
export const INVERT_FILTER = 'invert(1) hue-rotate(180deg)';

/**
 * The canvas's grounds: `ground` behind the world (and the letterbox around it), `panel` for
 * the labs' plot boxes and bands. Dark is the page's dark surface, so a canvas sits in the
 * dark page and the embed's bars as one colour.
 */
export const CANVAS = Object.freeze({
  light: Object.freeze({ ground: '#ffffff', panel: '#f6f8fa', text: '#1d2329', muted: '#4a5560' }),
  dark: Object.freeze({ ground: PALETTE.dark.surface, panel: '#161b22', text: PALETTE.dark.text, muted: PALETTE.dark.muted }),
});

/** The drawing code's light colours (as written there) -> the dark theme's. */
export const DARK_INK = new Map([
  // grounds, bands and rules (filled rectangles: not marks)
  ['#fff', CANVAS.dark.ground], ['#ffffff', '#ffffff'], ['#f6f8fa', CANVAS.dark.panel], ['#eef1f5', '#21262d'],
  ['#e1e6eb', '#21262d'], ['#aab4be', '#484f58'], ['#c9d1d9', '#30363d'],
  // text
  ['#1d2329', CANVAS.dark.text], ['#3d4852', '#c9d1d9'], ['#4a5560', CANVAS.dark.muted], ['#333', '#c9d1d9'], ['#888', '#a9b4bf'],
  // the original pages: pins (translucent blue discs), plain lines, angles, the spider, the tree
  ['rgba(0,153,255,0.1)', 'rgba(88,166,255,0.7)'], ['#d8dde2', '#768390'], ['rgba(255,255,0,0.2)', 'rgba(255,214,10,0.6)'],
  ['#000', '#e6edf3'], ['#543324', '#c8956d'], ['#4f545c', '#c9d1d9'],
  // the labs' series and labels (also text: 4.5:1)
  ['#d9480f', '#ff8a4c'], ['#1f6feb', '#58a6ff'], ['#d7263d', '#ff7b8a'], ['#14663f', '#56d364'], ['#6f42c1', '#b392f0'],
  ['#8a939c', '#8b949e'], ['#2b333b', '#c9d1d9'], ['#6a737d', '#8b949e'], ['#b00020', '#ff7b8a'],
  ['rgba(176,0,32,0.6)', 'rgba(255,123,138,0.85)'], ['rgba(176,0,32,0.9)', 'rgba(176,0,32,0.9)'],
]);

/** The light colours that paint grounds, bands and guide rules (not marks: no 3:1 needed). */
export const GROUND_INKS = Object.freeze(['#fff', '#f6f8fa', '#eef1f5', '#e1e6eb', '#aab4be', '#c9d1d9']);

const inked = new Map(); // colour -> dark colour, for colours DARK_INK does not name

function parseColour(c) {
  let m = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(c);
  if (m) {
    const hex = m[1].length === 3 ? [...m[1]].map((x) => x + x).join('') : m[1];
    if (m[1].length === 3 && m[2]) return null;
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(m[2] ? parseInt(m[2], 16) / 255 : 1);
  }
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(c);
  if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
  return null;
}

const hex2 = (v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
const toHex = ([r, g, b]) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

/** The colour `c` drawn on the dark ground: DARK_INK's, or `c` raised to 3:1 against it. */
// The contrast a lifted mark aims at: the bar is 3:1 (WCAG, graphics), and the margin covers
// antialiasing and compositing, which put a thin line's pixels a few hundredths below its colour.
const MARK_TARGET = 3.3;

export function darkInk(c) {
  const named = DARK_INK.get(c);
  if (named !== undefined) return named;
  let out = inked.get(c);
  if (out !== undefined) return out;
  out = c;
  let rgba = parseColour(c);
  // '#rrggbbaa' of a named colour: the dark colour at the same alpha (the labs' trails)
  const base = c.length === 9 ? DARK_INK.get(c.slice(0, 7)) : undefined;
  if (rgba && base !== undefined) rgba = parseColour(base).slice(0, 3).concat(rgba[3]);
  if (rgba) {
    const ground = parseColour(CANVAS.dark.ground);
    const seen = (col, a) => toHex(col.map((v, i) => v * a + ground[i] * (1 - a)));
    let [rgb, a] = [rgba.slice(0, 3), rgba[3]];
    // too faint: more opaque first (the hue stays), then lighter; to MARK_TARGET, not 3:1
    // itself, since a drawn line's pixels blend with the ground and land a little below
    while (a < 1 && contrast(seen(rgb, a), CANVAS.dark.ground) < MARK_TARGET) a = Math.min(1, a + 0.05);
    for (let t = 0.05; t <= 1 && contrast(seen(rgb, a), CANVAS.dark.ground) < MARK_TARGET; t += 0.05) {
      rgb = rgba.slice(0, 3).map((v) => v + (255 - v) * t);
    }
    if (a !== rgba[3] || rgb !== rgba.slice(0, 3) || base !== undefined) {
      out = a >= 1 ? toHex(rgb) : `rgba(${rgb.map(Math.round).join(',')},${+a.toFixed(3)})`;
    }
  }
  if (inked.size < 512) inked.set(c, out);
  return out;
}

const styleSetters = new WeakMap(); // context prototype -> { fill, stroke } descriptors

function settersOf(ctx) {
  const proto = Object.getPrototypeOf(ctx);
  let d = styleSetters.get(proto);
  if (!d) {
    d = { fill: Object.getOwnPropertyDescriptor(proto, 'fillStyle'), stroke: Object.getOwnPropertyDescriptor(proto, 'strokeStyle') };
    styleSetters.set(proto, d);
  }
  return d;
}

/**
 * Inks a 2D context (a canvas's or an OffscreenCanvas's) for `theme`: in 'dark', every colour
 * string assigned to fillStyle or strokeStyle goes through darkInk(); in 'light' the context
 * is left as the browser made it. Gradients and patterns pass unchanged.
 */
export function inkCanvas(ctx, theme) {
  delete ctx.fillStyle;
  delete ctx.strokeStyle;
  if (theme !== 'dark') return;
  const { fill, stroke } = settersOf(ctx);
  Object.defineProperty(ctx, 'fillStyle', {
    configurable: true,
    get() { return fill.get.call(this); },
    set(v) { fill.set.call(this, typeof v === 'string' ? darkInk(v) : v); },
  });
  Object.defineProperty(ctx, 'strokeStyle', {
    configurable: true,
    get() { return stroke.get.call(this); },
    set(v) { stroke.set.call(this, typeof v === 'string' ? darkInk(v) : v); },
  });
}

/** Sets a fill colour as is, past inkCanvas (the renderer's grounds). */
export function rawFill(ctx, colour) {
  settersOf(ctx).fill.set.call(ctx, colour);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** 'light' | 'dark': what `theme` means now ('auto' asks the browser; so does 'page' here, with
 *  no page to read: page-theme.mjs's resolveHostTheme reads it). */
export function resolveTheme(theme, win = globalThis) {
  if (theme === 'auto' || theme === 'page') return win.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
  return theme === 'dark' ? 'dark' : 'light';
}

/**
 * Calls apply('light' | 'dark') now and, for 'auto', whenever the system scheme changes.
 * Returns a function that stops listening.
 */
export function watchTheme(theme, apply, win = globalThis) {
  apply(resolveTheme(theme, win));
  if ((theme !== 'auto' && theme !== 'page') || !win.matchMedia) return () => {};
  const query = win.matchMedia(DARK_QUERY);
  const onChange = () => apply(resolveTheme(theme, win));
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** True for a light colour ('#fff', '#ffffff', 'white'): its canvas is inverted on dark. */
export function isLight(colour) {
  if (colour === 'white') return true;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour ?? '');
  if (!m) return false;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 128;
}

function channel(v) {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of '#rrggbb'. */
export function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
