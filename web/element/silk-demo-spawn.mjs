// silk-demo-spawn.mjs -- starts the Worker of <silk-demo worker> (silk-demo-worker.mjs).
//
// This is the file for hosting the files as they are (dist/, a CDN, an import map): the Worker
// is the module silk-demo-worker.mjs beside this file, same-origin, so a strict CSP
// (script-src 'self') allows it. The npm package silk-verlet ships a generated module with the
// same exports instead (scripts/package.mjs): the Worker's whole import graph bundled into one
// source string and started from a blob: URL, because no bundler finds a Worker file inside a
// dependency both in development and in production (Vite's dev server pre-bundles the package
// away from its files; esbuild does not follow new Worker(new URL(...)) at all).
//
//   spawnWorker()  a new Worker running silk-demo-worker.mjs (may throw, e.g. SecurityError)
//   WORKER_FROM    where the Worker's script comes from, for the fallback's message

export const WORKER_FROM = 'silk-demo-worker.mjs beside silk-demo.mjs';

export function spawnWorker() {
  return new Worker(new URL('./silk-demo-worker.mjs', import.meta.url), { type: 'module' });
}
