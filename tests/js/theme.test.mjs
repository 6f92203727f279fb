// theme.test.mjs -- theme.mjs: both palettes' text passes WCAG AA on their surface (4.5:1 for
// body text), the contrast formula matches WCAG's known values, and the theme words resolve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PALETTE, contrast, isLight, resolveTheme, watchTheme, darkInk, DARK_INK, CANVAS, GROUND_INKS } from '../../web/kit/theme.mjs';
import { STRAIN_COLOURS, GRIP_COLOUR } from '../../web/kit/draw.mjs';
import { parseParams, DEFAULTS } from '../../web/kit/params.mjs';

test('WCAG contrast: black on white is 21, white on white is 1, #767676 on white is AA (4.54)', () => {
  assert.equal(contrast('#000000', '#ffffff'), 21);
  assert.equal(contrast('#ffffff', '#ffffff'), 1);
  assert.ok(Math.abs(contrast('#767676', '#ffffff') - 4.54) < 0.01);
});

for (const theme of ['light', 'dark']) {
  test(`${theme} palette: text, muted text and error text reach AA (4.5:1) on the surface`, () => {
    const p = PALETTE[theme];
    for (const key of ['text', 'muted', 'error']) {
      const ratio = contrast(p[key], p.surface);
      assert.ok(ratio >= 4.5, `${theme} ${key} ${p[key]} on ${p.surface}: ${ratio.toFixed(2)}`);
    }
    assert.ok(contrast(p.focus, p.surface) >= 3, `${theme} focus ring: 3:1 for non-text contrast`);
  });
}

test('theme words: light and dark as given, auto follows prefers-color-scheme', () => {
  const dark = { matchMedia: () => ({ matches: true, addEventListener() {}, removeEventListener() {} }) };
  const light = { matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }) };
  assert.equal(resolveTheme('auto', dark), 'dark');
  assert.equal(resolveTheme('auto', light), 'light');
  assert.equal(resolveTheme('light', dark), 'light');
  assert.equal(resolveTheme('dark', light), 'dark');
  const seen = [];
  watchTheme('auto', (t) => seen.push(t), dark)();
  assert.deepEqual(seen, ['dark']);
  assert.equal(isLight('#fff'), true);
  assert.equal(isLight('#000'), false);
});

test('?theme= and ?background= are validated like every URL parameter', () => {
  const ok = parseParams('?theme=dark&background=transparent', ['web']);
  assert.deepEqual(ok.problems, []);
  assert.equal(ok.settings.theme, 'dark');
  assert.equal(ok.settings.background, 'transparent');
  const bad = parseParams('?theme=purple&background=red', ['web']);
  assert.equal(bad.settings.theme, DEFAULTS.theme);
  assert.equal(bad.settings.background, DEFAULTS.background);
  assert.equal(bad.problems.length, 2);
  assert.match(bad.problems[0].message, /theme=purple was ignored \(theme must be one of light, dark, auto/);
});

// issue 18: the dark canvas is drawn in dark colours (theme.mjs DARK_INK, darkInk), not inverted

test('darkInk: every mark colour stands at 3:1 or more on the dark ground', () => {
  const seen = (c) => {
    const m = /^rgba\((\d+),(\d+),(\d+),([\d.]+)\)$/.exec(c);
    if (!m) return c;
    const g = [13, 17, 23];
    const a = Number(m[4]);
    return `#${[1, 2, 3].map((i, k) => Math.round(Number(m[i]) * a + g[k] * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
  };
  const grounds = new Set(GROUND_INKS);
  const marks = [...DARK_INK.keys()].filter((c) => !grounds.has(c) && c !== '#ffffff' && c !== 'rgba(176,0,32,0.9)');
  for (const c of [...marks, ...STRAIN_COLOURS, GRIP_COLOUR, '#2dad8f', '#679d7c', 'rgba(0,0,255,0.25)', '#d7263d66', '#123']) {
    const ink = seen(darkInk(c));
    assert.ok(contrast(ink, CANVAS.dark.ground) >= 3, `${c} -> ${darkInk(c)}: ${contrast(ink, CANVAS.dark.ground).toFixed(2)}`);
  }
  assert.equal(darkInk('#fff'), CANVAS.dark.ground, 'the light ground becomes the dark one');
  assert.equal(darkInk('#1faa55'), '#1faa55', 'a colour already at 3:1 is kept');
});
