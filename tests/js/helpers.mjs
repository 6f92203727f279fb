// helpers.mjs -- shared by the node --test suites: where the built module is, and bitwise
// comparison of position arrays.
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The silk.mjs under test: $SILK_MODULE, else build/wasm/silk.mjs. */
export async function importSilk() {
  const file = process.env.SILK_MODULE ?? path.join(root, 'build', 'wasm', 'silk.mjs');
  return import(pathToFileURL(file).href);
}

export async function loadSilkForTests() {
  const mod = await importSilk();
  return mod.loadSilk();
}

/** Index of the first element whose bits differ (NaN equals NaN, -0 differs from +0), or -1. */
export function firstDifference(a, b) {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) {
    if (!Object.is(a[i], b[i])) return i;
  }
  return -1;
}

export const repoRoot = root;

/** FNV-1a 64 of bytes[from, to) as [lo, hi] 32-bit words: the checksum of the snapshot and
 *  recording formats (tests that patch bytes reseal them with it). */
export function fnv1a(bytes, from, to) {
  let lo = 0x84222325;
  let hi = 0xcbf29ce4;
  for (let i = from; i < to; i++) {
    lo = (lo ^ bytes[i]) >>> 0;
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
    lo = loMul >>> 0;
  }
  return [lo, hi];
}

/** SplitMix64 in BigInt: reproducible random numbers. */
export function rng(seed) {
  let s = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & mask;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
  };
}

/** A canvas whose 2D context takes every call and property (a runtime draws on it in node;
 *  nothing is checked). */
export function fakeCanvas() {
  const canvas = { width: 1, height: 1, getContext: () => ctx };
  const own = { canvas, measureText: () => ({ width: 0 }) };
  const ctx = new Proxy(own, {
    get: (t, k) => (k in t ? t[k] : () => {}),
    set: (t, k, v) => { t[k] = v; return true; },
  });
  return canvas;
}
