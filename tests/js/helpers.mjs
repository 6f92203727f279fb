// helpers.mjs -- shared by the node --test suites: where the built module is, bitwise
// comparison of position arrays, and a runtime on this thread driven by a clock the test ticks.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
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

/** The silk.wasm under test, compiled (what a host hands a runtime): $SILK_WASM, else
 *  build/wasm/silk.wasm. */
export function compileSilkWasm() {
  return WebAssembly.compile(readFileSync(process.env.SILK_WASM ?? path.join(root, 'build', 'wasm', 'silk.wasm')));
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
 *  recording formats (tests that patch bytes reseal them with it): the library's own, the one
 *  its scene format seals snapshots with. */
export { fnv1a } from '../../web/lib/silk-world-scene.mjs';

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

/** A display clock the test drives: a frame runs only when tick() says so, 1/60 s apart.
 *  `waiting`: a frame is requested; `requests`: how many were. */
export function manualClock() {
  let t = 0;
  let cb = null;
  let requests = 0;
  return {
    now: () => t,
    request: (f) => { cb = f; requests++; return requests; },
    cancel: () => { cb = null; },
    tick(n = 1) { for (let k = 0; k < n && cb; k++) { t += 1000 / 60; const f = cb; cb = null; f(t); } },
    get waiting() { return cb !== null; },
    get requests() { return requests; },
  };
}

/** The settings an in-thread runtime starts with when a test names none (a web, seed 7). */
export const RUNTIME_SETTINGS = Object.freeze({
  scene: 'web', seed: 7, step: 16, loopMode: 'fixed', solver: 'compat', substeps: 4, simulatedHz: 'device', tensor: 1,
  embed: false, theme: 'light', background: 'default', readout: 'plain', autoRestore: false, paused: false,
});

/** The real runtime (web/kit/runtime.mjs) on this thread, behind the in-thread channel
 *  (protocol.mjs: the code and the messages a Worker runs), its frames run by a manualClock:
 *  sent `init` with `settings` (RUNTIME_SETTINGS when omitted) and the other fields of `init`
 *  over a 800 x 500 canvas with the labs, waited for until ready, then made active. Every reply
 *  is kept in `replies`, in order; served.run().world is its world. */
export async function startInThreadRuntime(wasm, { settings = RUNTIME_SETTINGS, ...init } = {}) {
  const { serveRuntime } = await import('../../web/kit/runtime.mjs');
  const { createInThreadChannel } = await import('../../web/kit/protocol.mjs');
  const { host, runtime } = createInThreadChannel();
  const clock = manualClock();
  const replies = [];
  host.onmessage = ({ data }) => replies.push(data);
  const served = serveRuntime(runtime, { clock, labs: () => import('../../web/labs/lab-worker-host.mjs') });
  host.postMessage({
    type: 'init', canvas: fakeCanvas(), module: wasm, settings,
    theme: 'light', transparent: false, paused: false, size: { dev: [800, 500], css: [800, 500] }, lab: true, ...init,
  });
  const ready = () => replies.some((r) => r.type === 'ready');
  for (let k = 0; k < 300 && !ready(); k++) await new Promise((r) => setTimeout(r, 10));
  if (!ready()) throw new Error(`the runtime did not start: ${JSON.stringify(replies.filter((r) => r.type === 'error'))}`);
  host.postMessage({ type: 'active', active: true });
  return { host, clock, replies, served };
}
