// theme.mjs -- light, dark and auto (prefers-color-scheme), and background=transparent, for the
// page, the embed, the single file and <silk-demo>.
//
// The canvas is drawn with one palette (draw.mjs: the strain ramp green -> red on white). The
// dark theme does not redraw it: the canvas of a scene on a light background is shown through
// `filter: invert(1) hue-rotate(180deg)`, which turns lightness over and keeps each hue, so the
// ramp still runs green -> red on a near-black ground, and no drawing code (nor any hash) is
// touched. Scenes that are dark already (cloth) are left alone. The text colours below are the
// ones the stylesheets use; contrast() checks them against WCAG AA (4.5:1 for body text) in the
// browser tests.

export const THEMES = Object.freeze(['light', 'dark', 'auto']);
export const BACKGROUNDS = Object.freeze(['default', 'transparent']);

/** Text and surface colours of the two themes (style.css and silk-demo.mjs use the same). */
export const PALETTE = Object.freeze({
  light: Object.freeze({ surface: '#ffffff', text: '#1d2329', muted: '#4a5560', error: '#b00020', focus: '#1f6feb' }),
  dark: Object.freeze({ surface: '#0d1117', text: '#e6edf3', muted: '#a9b4bf', error: '#ff8a96', focus: '#58a6ff' }),
});

export const INVERT_FILTER = 'invert(1) hue-rotate(180deg)';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** 'light' | 'dark': what `theme` means now ('auto' asks the browser). */
export function resolveTheme(theme, win = globalThis) {
  if (theme === 'auto') return win.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
  return theme === 'dark' ? 'dark' : 'light';
}

/**
 * Calls apply('light' | 'dark') now and, for 'auto', whenever the system scheme changes.
 * Returns a function that stops listening.
 */
export function watchTheme(theme, apply, win = globalThis) {
  apply(resolveTheme(theme, win));
  if (theme !== 'auto' || !win.matchMedia) return () => {};
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
