#!/usr/bin/env node
// serve.mjs -- a tiny static file server for dist/ (and for the browser tests).
// Binds 127.0.0.1 only, serves .wasm as application/wasm, never lists directories, and never
// serves a file outside its root (however the path is encoded, and wherever a symlink in it
// points: each file's real path is checked against the root's real path).
//   node scripts/serve.mjs [--csp] [--cors] [dir=dist] [port=8000]
//   --csp  sends, with every response, the strict header of docs/embedding.md ("CSP"):
//          Content-Security-Policy: default-src 'none'; script-src 'self' 'wasm-unsafe-eval';
//            style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self';
//            base-uri 'none'; form-action 'none'
//          so a page's strict-CSP claims can be tried locally (the single file
//          silk-embed.html carries its own meta policy and does not need it).
//   --cors sends, with every response, what a second origin (a CDN, a static host) must send
//          for a post on another origin to use its files (docs/embedding.md, "Silk on another
//          origin"): module scripts, a module Worker's imports and fetch() of silk.wasm are
//          CORS requests, so
//            Access-Control-Allow-Origin: *
//            Cross-Origin-Resource-Policy: cross-origin
//          (the second for a post that sends Cross-Origin-Embedder-Policy: require-corp), and
//          answers a preflight (OPTIONS) with 204 and the methods it serves (GET, HEAD).
import http from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};

/** The header `--csp` sends: no inline script or style, no eval (WebAssembly compiles under
 *  'wasm-unsafe-eval', which allows no JS eval), everything from this origin only. */
export const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** A content-hashed chunk of scripts/bundle.mjs: `<group>-chunk-<HASH>.mjs`. */
const IMMUTABLE = /^\/[\w-]+-chunk-[A-Z0-9]{8}\.mjs$/;

/** The headers `--cors` sends with every response. */
export const CORS_HEADERS = Object.freeze({
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
});

/**
 * The file a request path names under `root`, or null when it names nothing there. The path is
 * decoded once (a request for `%252e` means a file named `%2e`), then resolved, and the result
 * must be the root itself or lie under `root + path.sep`: `/..%2f`, `%2e%2e`, backslashes and
 * a sibling folder whose name starts with the root's (`dist-secret` beside `dist`) all fail.
 */
export function resolveInside(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null; // malformed escapes
  }
  if (decoded.includes('\0')) return null;
  // a backslash is a separator on Windows and an ordinary character elsewhere: never either
  if (decoded.includes('\\')) return null;
  const file = path.resolve(root, '.' + path.posix.sep + decoded);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** True when `real` (a real path: no symlinks, no `..`) is `rootReal` or lies under it. */
function insideReal(rootReal, real) {
  return real === rootReal || real.startsWith(rootReal.endsWith(path.sep) ? rootReal : rootReal + path.sep);
}

/**
 * The real path of `file` when it lies inside `rootReal` (the root's own real path), else null.
 * resolveInside checks the path's text; this follows every symlink on the way, so a link inside
 * the root to /etc/hostname or to a sibling folder is refused (issue 31 item 2), while a link
 * that stays inside the root is fine. A dangling link has no real path: null.
 */
export async function realInside(rootReal, file) {
  let real;
  try {
    real = await realpath(file);
  } catch {
    return null;
  }
  return insideReal(rootReal, real) ? real : null;
}

/** A server for `dir`. options.csp: send STRICT_CSP with every response; options.cors: send
 *  CORS_HEADERS with every response and answer preflights. */
export function createServer(dir, options = {}) {
  const root = path.resolve(dir);
  // the root itself may be (or sit under) a symlink: compare real paths with real paths
  let rootReal;
  try {
    rootReal = realpathSync(root);
  } catch {
    rootReal = root; // a root that does not exist yet serves nothing until it does
  }
  const csp = Object.hasOwn(options, 'csp') && options.csp === true;
  const cors = Object.hasOwn(options, 'cors') && options.cors === true;
  return http.createServer(async (req, res) => {
    const common = {
      'cache-control': 'no-store',
      ...(csp ? { 'content-security-policy': STRICT_CSP } : {}),
      ...(cors ? CORS_HEADERS : {}),
    };
    if (cors && req.method === 'OPTIONS') {
      res.writeHead(204, { ...common, 'access-control-allow-methods': 'GET, HEAD', 'access-control-max-age': '600' });
      res.end();
      return;
    }
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      // a bundle's chunk is named for a hash of its content (scripts/bundle.mjs): cacheable for
      // good, so a page's Worker takes the chunks the page fetched from the HTTP cache instead
      // of fetching them again; everything else (and every 404) stays no-store
      const cache = IMMUTABLE.test(url.pathname) ? { 'cache-control': 'public, max-age=31536000, immutable' } : {};
      let file = resolveInside(root, url.pathname);
      if (file === null) throw Object.assign(new Error('outside root'), { code: 'ENOENT' });
      file = await realInside(rootReal, file);
      if (file === null) throw Object.assign(new Error('outside root (real path)'), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) {
        file = await realInside(rootReal, path.join(file, 'index.html'));
        if (file === null) throw Object.assign(new Error('outside root (real path)'), { code: 'ENOENT' });
      }
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...common, ...cache });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain', ...common });
      res.end('not found\n');
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const csp = args.includes('--csp');
  const cors = args.includes('--cors');
  const rest = args.filter((a) => a !== '--csp' && a !== '--cors');
  const dir = rest[0] ?? 'dist';
  const port = Number(rest[1] ?? 8000);
  createServer(dir, { csp, cors }).listen(port, '127.0.0.1', () => {
    console.log(`Silk demo: http://127.0.0.1:${port}/  (serving ${dir}${csp ? ', strict CSP header' : ''}${cors ? ', CORS headers' : ''}; Ctrl-C to stop)`);
    if (csp) console.log(`Content-Security-Policy: ${STRICT_CSP}`);
    if (cors) for (const [k, v] of Object.entries(CORS_HEADERS)) console.log(`${k}: ${v}`);
  });
}
