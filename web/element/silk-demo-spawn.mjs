// silk-demo-spawn.mjs -- starts the Worker of <silk-demo> (silk-demo-worker.mjs).
//
// This is the file for hosting the files as they are (dist/, a CDN, an import map): the Worker
// is the module silk-demo-worker.mjs beside this file. Same-origin, it starts from that URL, so
// a strict CSP (script-src 'self') allows it. From another origin (silk-demo.mjs on a CDN) a
// browser refuses new Worker(url) (a SecurityError: a Worker's script must be same-origin), so
// the Worker starts from a same-origin blob: URL whose one line imports silk-demo-worker.mjs by
// its absolute URL. The page's CSP then needs worker-src blob: <the CDN> (a module Worker's
// static imports are fetched as "worker" requests: worker-src, not script-src, must allow the
// CDN; without a worker-src, script-src is used and needs both), and the CDN must send CORS
// headers (it must anyway: silk-demo.mjs is a module script). The npm package silk-verlet ships a generated module with
// the same exports instead (scripts/package.mjs): the Worker's whole import graph bundled into
// one source string and started from a blob: URL, because no bundler finds a Worker file inside
// a dependency both in development and in production (Vite's dev server pre-bundles the package
// away from its files; esbuild does not follow new Worker(new URL(...)) at all).
//
//   spawnWorker()  a new Worker running silk-demo-worker.mjs (may throw, e.g. SecurityError)
//   filesOrigin()  the origin of these files (a src= scene may come from it, or the page's)
//   WORKER_FROM    where the Worker's script comes from, for the fallback's message (a live
//                  binding: it names the blob: URL once a Worker has started from one)

export let WORKER_FROM = 'silk-demo-worker.mjs beside silk-demo.mjs';

/** The origin Silk's files come from: a scene's module may come from it too (<silk-demo src>). */
export const filesOrigin = () => new URL(import.meta.url).origin;

export function spawnWorker() {
  const url = new URL('./silk-demo-worker.mjs', import.meta.url);
  const here = globalThis.location?.origin;
  if (here === undefined || here === 'null' || url.origin === here) return new Worker(url, { type: 'module' });
  return fromBlob(url);
}

let blobs = null; // worker URL -> blob: URL, made once per page

/** A module Worker from a same-origin blob: whose source imports the cross-origin worker module. */
function fromBlob(url) {
  WORKER_FROM = `a blob: URL importing ${url.href} (silk-demo.mjs is on another origin: a CSP needs worker-src blob: ${url.origin})`;
  blobs ??= new Map();
  let blob = blobs.get(url.href);
  if (!blob) {
    blob = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
    blobs.set(url.href, blob);
  }
  return new Worker(blob, { type: 'module' });
}
