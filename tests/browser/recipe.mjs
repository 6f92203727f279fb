// recipe.mjs -- the cross-origin recipe of docs/embedding.md, read from the docs themselves (the
// fenced blocks after <!-- recipe:post -->, <!-- recipe:css --> and <!-- recipe:csp -->), so the
// tests that run it (tests/browser/cross-origin.test.mjs in Chromium, tests/engines/ in every
// engine) and the docs cannot drift. The docs put Silk's files at PLACEHOLDER_URL.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOC = readFileSync(path.join(root, 'docs', 'embedding.md'), 'utf8');
export const PLACEHOLDER_URL = 'https://silk.example/silk'; // where the docs put dist/
export const PLACEHOLDER_ORIGIN = 'https://silk.example';

/** The fenced block right after `<!-- recipe:NAME -->` in docs/embedding.md. */
export function recipe(name) {
  const m = new RegExp(`<!-- recipe:${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\``).exec(DOC);
  if (!m) throw new Error(`docs/embedding.md has no block after <!-- recipe:${name} -->`);
  return m[1];
}

/** The docs' policy (the header's value) and post, with Silk's files at `silk` (an origin). */
export function recipeFor(silk) {
  const cspLine = recipe('csp');
  if (!cspLine.startsWith('Content-Security-Policy: ')) throw new Error(`recipe:csp is not a header line: ${cspLine}`);
  return {
    policy: cspLine.slice('Content-Security-Policy: '.length).replaceAll(PLACEHOLDER_ORIGIN, silk),
    html: recipe('post').replaceAll(PLACEHOLDER_URL, silk),
    css: recipe('css'),
  };
}

/**
 * The blog's origin: a real server on 127.0.0.1 (not request routing: Chromium's Local Network
 * Access refuses requests to 127.0.0.1 from a page that has no address, and WebKit's driver has
 * no routing) serving /post.html and /post.css with the docs' policy as a header, and
 * `extra(pathname)` -> { type, body } or null for anything else it should serve.
 * Returns { origin, close() }.
 */
export async function servePost({ html, css, policy, extra = () => null }) {
  const server = http.createServer((req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    const more = extra(p);
    const body = p === '/post.html' ? html : p === '/post.css' ? css : p === '/favicon.ico' ? '' : more ? more.body : null;
    if (body === null) { res.writeHead(404, { 'content-security-policy': policy }); res.end(); return; }
    const type = more ? more.type : p.endsWith('.css') ? 'text/css' : p.endsWith('.ico') ? 'image/x-icon' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', 'content-security-policy': policy });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }),
  };
}

async function freePort() {
  const s = http.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

/** The second origin, as the docs say to try it: `node scripts/serve.mjs --cors DIR PORT` (the
 *  CLI itself, in a child process). Returns { origin, close() }. */
export async function serveCors(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs'), '--cors', dir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => { out += d; if (out.includes('access-control-allow-origin')) resolve(); });
    child.on('exit', () => reject(new Error(`serve.mjs --cors exited: ${out}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => { if (child.exitCode !== null) r(); else { child.once('exit', () => r()); child.kill(); } }),
  };
}
