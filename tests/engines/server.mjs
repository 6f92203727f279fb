// server.mjs -- the cross-engine suite's test server: scripts/serve.mjs's createServer for dist/,
// wrapped to give every HTML document it serves a recorder script (WebKit's driver has no init
// scripts and no console events, so the page itself keeps what went wrong), plus the pages the
// tests need that dist/ does not have:
//   /__post/N.html         the dark post (docs/examples/dark-post/) with demo kind N of
//                          tests/browser/post.mjs KINDS, under its own strict CSP meta policy
//                          (?worker=off: an element kind's <silk-demo> gets worker="off")
//   /__far/N.html          the same post with the demo below two screens of text (off-screen)
//   /__plain/N.html        the same post without its stylesheet (no color-scheme on the page)
//   /__own/NAME.html       the dark post with <silk-demo src="/__examples/NAME">: a blogger's own
//                          scene (docs/examples/NAME, a module or JSON) under the post's CSP
//   /__examples/NAME       docs/examples/NAME (.mjs or .json only)
//   /post.css              the post's stylesheet
//   /__blank.html          an empty page (where a test page starts)
//   /__reference/verlet-ref.mjs   tests/reference/verlet-ref.mjs (the compat runs, hashes.mjs)
//   /__prep/NAME/...       dist/... with PREPS[NAME] run first (the Worker fallbacks)
//   /__recorder.js         the recorder (?prep=NAME: and PREPS[NAME])
//
// The recorder (RECORDER below) runs before the page's own scripts and keeps in
// window.__silkRecorder: errors -- console.error calls, uncaught errors (and resources that
// failed to load), unhandled rejections, errors of the Workers the page starts, CSP violations --
// and times (performance.now(), ms): the load event, the first IntersectionObserver callback that
// reports an element in view (nearAt: what whenNear() waits for), the first Worker made, and the
// first frame any demo drew (window.silkApp.stats() or a <silk-demo>'s stats():
// framesRendered > 0, checked every 4 ms).
// It is placed right after the document's Content-Security-Policy meta tag, so the page's policy
// applies to it: as /__recorder.js where script-src has 'self', else inline with its SHA-256
// added to script-src (silk-embed.html's policy names its scripts by hash; over file:// too).
import http from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, mkdtemp, writeFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from '../../scripts/serve.mjs';
import { KINDS, postHtml } from '../browser/post.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = process.env.SILK_DIST ?? path.join(root, 'dist'); // SILK_DIST: another build's dist/

export const RECORDER = `(function () {
  if (window.__silkRecorder) return;
  var r = window.__silkRecorder = { errors: [], loadAt: null, firstFrameAt: null, workerAt: null, nearAt: null };
  function text(list) {
    return Array.prototype.map.call(list, function (x) {
      if (x instanceof Error) return x.name + ': ' + x.message;
      if (typeof x === 'string') return x;
      try { return JSON.stringify(x); } catch (e) { return String(x); }
    }).join(' ');
  }
  var error = console.error;
  console.error = function () { r.errors.push('console.error: ' + text(arguments)); return error.apply(this, arguments); };
  addEventListener('error', function (e) {
    var t = e.target;
    r.errors.push(e.message ? 'error: ' + e.message + ' (' + (e.filename || '') + ':' + (e.lineno || 0) + ')'
      : 'failed to load: ' + ((t && (t.src || t.href)) || String(t)));
  }, true);
  addEventListener('unhandledrejection', function (e) {
    var why = e.reason;
    r.errors.push('unhandledrejection: ' + (why && why.message ? why.message : String(why)));
  });
  document.addEventListener('securitypolicyviolation', function (e) {
    r.errors.push('csp: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline'));
  });
  var W = window.Worker;
  if (W) {
    var Recorded = function (url, options) {
      if (r.workerAt === null) r.workerAt = performance.now();
      var w = new W(url, options);
      w.addEventListener('error', function (e) { r.errors.push('worker error: ' + (e.message || 'the Worker failed to start')); });
      w.addEventListener('messageerror', function () { r.errors.push('worker messageerror'); });
      return w;
    };
    Recorded.prototype = W.prototype;
    window.Worker = Recorded;
  }
  var IO = window.IntersectionObserver;
  if (IO) {
    var Watched = function (callback, options) {
      return new IO(function (entries, observer) {
        if (r.nearAt === null && entries.some(function (e) { return e.isIntersecting; })) r.nearAt = performance.now();
        return callback.call(this, entries, observer);
      }, options);
    };
    Watched.prototype = IO.prototype;
    window.IntersectionObserver = Watched;
  }
  addEventListener('load', function () { r.loadAt = performance.now(); });
  function drew() {
    try {
      var app = window.silkApp;
      if (app && app.stats && app.stats().framesRendered > 0) return true;
      var demos = document.querySelectorAll('silk-demo');
      for (var i = 0; i < demos.length; i++) if (demos[i].stats && demos[i].stats().framesRendered > 0) return true;
    } catch (e) { /* not ready */ }
    return false;
  }
  var since = performance.now();
  var timer = setInterval(function () {
    if (drew()) { r.firstFrameAt = performance.now(); clearInterval(timer); }
    else if (performance.now() - since > 60000) clearInterval(timer);
  }, 4);
})();
`;

/** What a page under /__prep/NAME/ runs after the recorder, before its own scripts: the
 *  browser made to lack what the Worker fallbacks need (as addInitScript does in tests/browser). */
export const PREPS = Object.freeze({
  'no-offscreen': 'delete HTMLCanvasElement.prototype.transferControlToOffscreen;',
  'no-worker': 'delete window.Worker;',
});

function recorderText(prep) {
  return prep ? `${RECORDER}\n${PREPS[prep]}\n` : RECORDER;
}

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/i;

/** `html` with the recorder (and `prep`) placed after its CSP meta tag (or first in <head>). */
export function withRecorder(html, { file = false, prep = null } = {}) {
  const m = CSP_META.exec(html);
  const policy = m ? m[1] : '';
  const scriptSrc = /script-src([^;]*)/.exec(policy)?.[1] ?? null;
  const byFile = !file && (scriptSrc === null ? !policy.includes('default-src') : scriptSrc.includes("'self'"));
  if (byFile) {
    const tag = `<script src="/__recorder.js${prep ? `?prep=${prep}` : ''}"></script>`;
    return m ? html.replace(m[0], `${m[0]}\n${tag}`) : html.replace(/<head>/i, `<head>\n${tag}`);
  }
  const text = recorderText(prep);
  const tag = `<script>${text}</script>`;
  if (!m) return html.replace(/<head>/i, `<head>\n${tag}`);
  if (scriptSrc === null) throw new Error('withRecorder: a policy without script-src would need one added');
  const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const meta = m[0].replace(/script-src/, `script-src ${hash}`);
  return html.replace(m[0], `${meta}\n${tag}`);
}

/** Where a page starts (no favicon request: its icon is data:). */
const BLANK = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>blank</title></head><body></body></html>';

/** The post with `kind` far below the fold: two screens of text before it. */
async function farPostHtml(kind) {
  const html = await postHtml(kind);
  return html.replace(/(<p>Tie the simulation)/, '<p class="gap"></p>\n<p class="gap"></p>\n$1');
}

/** Starts the server on a free 127.0.0.1 port: { origin, close() }. */
export async function serve() {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: run scripts/build.sh first');
  const inner = createServer(dist).listeners('request')[0];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const send = (type, body) => { res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }); res.end(body); };
    try {
      if (url.pathname === '/__recorder.js') {
        const prep = url.searchParams.get('prep');
        if (prep !== null && !Object.hasOwn(PREPS, prep)) throw new Error('no such prep');
        return send('text/javascript; charset=utf-8', recorderText(prep));
      }
      // a blog has an icon: without one, Chromium logs a 404 for /favicon.ico
      if (url.pathname === '/favicon.ico') return send('image/svg+xml', await readFile(path.join(dist, 'favicon.svg')));
      if (url.pathname === '/__reference/verlet-ref.mjs') return send('text/javascript; charset=utf-8', await readFile(path.join(root, 'tests/reference/verlet-ref.mjs')));
      if (url.pathname === '/__blank.html') return send('text/html; charset=utf-8', withRecorder(BLANK));
      if (url.pathname === '/post.css') return send('text/css; charset=utf-8', await readFile(path.join(root, 'docs/examples/dark-post/post.css')));
      const example = /^\/__examples\/([a-z-]+\.(mjs|json))$/.exec(url.pathname);
      if (example) return send(example[2] === 'mjs' ? 'text/javascript; charset=utf-8' : 'application/json', await readFile(path.join(root, 'docs/examples', example[1])));
      const own = /^\/__own\/([a-z-]+\.(mjs|json))\.html$/.exec(url.pathname);
      if (own) return send('text/html; charset=utf-8', withRecorder(await postHtml({ name: 'own', element: `src="/__examples/${own[1]}"` })));
      const post = /^\/__(post|far|plain)\/(\d+)\.html$/.exec(url.pathname);
      if (post) {
        const kind = KINDS[Number(post[2])];
        if (!kind) throw new Error('no such kind');
        let html = post[1] === 'far' ? await farPostHtml(kind) : await postHtml(kind);
        if (url.searchParams.get('worker') === 'off') html = html.replace('<silk-demo ', '<silk-demo worker="off" '); // the element on the main thread
        // plain: the post without its stylesheet, so the page declares no color-scheme (most
        // pages do not): what the element's own styles decide is all there is. Its demo asks for
        // theme="dark" outright (the post's theme="page" would read the now light page)
        const plain = (h) => h.replace('<link rel="stylesheet" href="/post.css">', '').replaceAll('theme="page"', 'theme="dark"');
        return send('text/html; charset=utf-8', withRecorder(post[1] === 'plain' ? plain(html) : html));
      }
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found\n');
    }
    // dist/: the inner server's answer, an HTML body given the recorder; /__prep/NAME/x is
    // dist's x with PREPS[NAME] run before the page's scripts
    const prepped = /^\/__prep\/([a-z-]+)(\/.*)$/.exec(url.pathname);
    const prep = prepped && Object.hasOwn(PREPS, prepped[1]) ? prepped[1] : null;
    if (prep) req.url = prepped[2] + url.search;
    const chunks = [];
    let head = [200, {}];
    const proxy = {
      writeHead(status, headers) { head = [status, headers]; return proxy; },
      setHeader() {}, write(c) { chunks.push(Buffer.from(c)); },
      end(c) {
        if (c) chunks.push(Buffer.from(c));
        let body = Buffer.concat(chunks);
        if (String(head[1]['content-type'] ?? '').startsWith('text/html')) body = Buffer.from(withRecorder(body.toString('utf8'), { prep }));
        res.writeHead(head[0], { ...head[1], 'content-length': body.length });
        res.end(body);
      },
    };
    inner(req, proxy);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }) };
}

/** dist/silk-embed.html with the recorder, written to a temp folder: its file:// URL and a remover. */
export async function embedFile() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'silk-engines-'));
  const file = path.join(dir, 'silk-embed.html');
  await writeFile(file, withRecorder(await readFile(path.join(dist, 'silk-embed.html'), 'utf8'), { file: true }));
  return { url: `file://${file}`, remove: () => rm(dir, { recursive: true, force: true }) };
}

export { KINDS };
