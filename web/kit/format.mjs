// format.mjs -- how the page, the labs and the element print numbers. Imports nothing.

/** Significant digits, exponent form for extremes; '—' for NaN, '∞' for infinities. */
export function sig(v, digits = 3) {
  if (Number.isNaN(v)) return '—';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential(digits - 1).replace('e+', 'e');
  if (a >= 10 ** digits || Number.isInteger(v)) return String(Math.round(v));
  return v.toPrecision(digits).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
