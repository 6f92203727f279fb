#!/usr/bin/env node
// embed.mjs -- builds dist/silk-embed.html: the page as ONE self-contained file (the wasm deflated
// and as base64, the modules and the stylesheet inlined) that a blog can host next to its posts or a
// reader can open from file://. It opens in embed mode (canvas + one line of readout); ?embed=0
// shows the full page.
//
//   node scripts/embed.mjs [dir=dist]    (scripts/build.sh runs it on build/flat/, the readable modules;
//                                         scripts/bundle.mjs then copies the file into dist/)
//
// Content-Security-Policy: the page's policy allows scripts and styles from 'self' only, which
// blocks inline code -- and a file:// document has no useful 'self' anyway. So the single file
// carries its own policy that names its one inline script and its one inline stylesheet by
// SHA-256 hash: nothing else can run, even if someone injects markup, and nothing is fetched
// ('default-src none'; the icon is a data: URL; the wasm is compiled from bytes, which needs
// 'wasm-unsafe-eval' and nothing more).
//
// The Worker: the page (?embed=1 and the full page) simulates and draws in the page's Worker
// (page-worker.mjs, web/page/embed-worker.mjs). A single file has no second file to start
// it from, and its policy forbids eval, so the Worker runs the same inlined modules: they are
// all defined inside one function, silk(entry), whose source text (Function.prototype.toString,
// no eval) becomes a blob: URL that the Worker starts with silk('page-worker.mjs'); the
// page calls silk('app.mjs'). The file's policy allows that with `worker-src blob:` (a blob:
// Worker inherits the file's policy: its inline-hash script-src, 'wasm-unsafe-eval' for the
// compiled module the page hands over). Where a site's header forbids blob: Workers, the embed
// runs on the main thread and says why (stats().problems, one console.warn).
//
// Inlining the modules (issue 26 item 3, bytes): esbuild bundles the import graphs of app.mjs and
// page-worker.mjs into one script, as the hosted dist/ is bundled (scripts/bundle.mjs): unused
// exports dropped, no module wrappers. The two entries and every dynamic import('./x.mjs') (the
// lab modules) become lazily run parts of that script (esbuild's non-splitting form of import()),
// so silk(entry) runs one entry's modules only and returns a promise of its exports. The lab
// modules are in the file (one file has no second file to fetch them from); the JSON scene format
// (silk-base.mjs's lazy silk-world-scene.mjs) is not: the file's policy (default-src 'none')
// lets it fetch no scene, so its own-scene loading stops at the fetch, before the format is
// wanted, and the format's import says why if anything ever asks for it.
import { readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import path from 'node:path';

const dist = path.resolve(process.argv[2] ?? 'dist');
const ENTRY = 'app.mjs';
const WORKER_ENTRY = 'page-worker.mjs'; // the Worker's script (embed-worker.mjs starts it)
const NOT_INLINED = new Map([
  ['silk-world-scene.mjs', "silk-embed.html holds no JSON scene format (world.load): its policy lets it fetch no scene; host dist/ to load your own scenes"],
]);

/** The modules as one script that sets `run` (a variable of the enclosing silk(entry)). */
async function bundle() {
  const entry = `run = (entry) => entry === ${JSON.stringify(ENTRY)} ? import('./${ENTRY}') : entry === ${JSON.stringify(WORKER_ENTRY)} ? import('./${WORKER_ENTRY}') : Promise.reject(new Error('silk-embed.html: no entry ' + entry));`;
  const leftOut = {
    name: 'not-inlined',
    setup(build) {
      build.onResolve({ filter: /^\.\/[\w.-]+\.mjs$/ }, (args) => {
        const why = NOT_INLINED.get(args.path.slice(2));
        if (why === undefined || args.kind !== 'dynamic-import') return undefined;
        return { path: args.path, namespace: 'not-inlined', pluginData: why };
      });
      build.onLoad({ filter: /.*/, namespace: 'not-inlined' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(args.pluginData)});`, loader: 'js',
      }));
    },
  };
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: dist, sourcefile: 'silk-embed-entry.mjs', loader: 'js' },
    bundle: true, write: false, format: 'iife', target: 'es2022', legalComments: 'none', logLevel: 'silent',
    // The Worker runs these modules as a classic script (a module Worker from a blob: URL does not
    // load in a file:// document), where import.meta is a syntax error; an inline module's
    // import.meta.url is the document's URL anyway.
    define: { 'import.meta.url': 'baseURL' },
    plugins: [leftOut],
  });
  if (result.warnings.length) throw new Error(`embed.mjs: esbuild warned: ${result.warnings.map((w) => w.text).join('; ')}`);
  const code = result.outputFiles[0].text;
  if (/\bimport\s*\(\s*['"`]/.test(code)) throw new Error('embed.mjs: a literal import() was left unbundled');
  return code;
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const [html, css, early, wasm, icon, modules] = await Promise.all([
  readFile(path.join(dist, 'index.html'), 'utf8'),
  readFile(path.join(dist, 'style.css'), 'utf8'),
  readFile(path.join(dist, 'early.js'), 'utf8'),
  readFile(path.join(dist, 'silk.wasm')),
  readFile(path.join(dist, 'favicon.svg')),
  bundle(),
]);

const readable = `
// Silk, bundled by scripts/embed.mjs from app.mjs and page-worker.mjs: silk(entry) runs one of
// them and returns a promise of its exports
function silk(entry) {
const baseURL = globalThis.document?.baseURI ?? globalThis.location.href; // for import.meta.url
let run;
${modules}
return run(entry);
}
// silk.wasm deflated (zlib), then base64: 52.7 KB gzipped where the base64 of the raw bytes was
// 70.6 KB (base64 hides the bytes' repeats from the host's gzip; deflated first, there are none
// left to hide). DecompressionStream: Chromium 80, Firefox 113, Safari 16.4.
const wasmDeflated = '${deflateSync(wasm, { level: 9 }).toString('base64')}';
async function inflateWasm() {
  if (typeof DecompressionStream !== 'function') throw new Error('this browser has no DecompressionStream (Chromium 80+, Firefox 113+, Safari 16.4+), which silk-embed.html needs to unpack its engine');
  const bytes = Uint8Array.from(atob(wasmDeflated), (c) => c.charCodeAt(0));
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer();
}
// the Worker runs the same modules from a blob: URL (made once, when the embed asks for it)
let workerURL = null;
const spawnWorker = () => {
  workerURL ??= URL.createObjectURL(new Blob(['(' + silk + ')(${JSON.stringify(WORKER_ENTRY)});\\n'], { type: 'text/javascript' }));
  return new Worker(workerURL); // classic: a module Worker from blob: fails in a file:// page
};
const workerFrom = 'a blob: URL holding the inlined modules (silk-embed.html: its policy needs worker-src blob:)';
Promise.all([inflateWasm(), silk(${JSON.stringify(ENTRY)})]).then(([wasm, app]) => app.start({ wasm, embed: true, spawnWorker, workerFrom })).catch((e) => console.error('Silk failed to start:', e));
`;
// Minified (issue 26 item 3: what a reader fetches): the readable modules are inlined above,
// then the whole script goes through esbuild's minifier as the module it is. The same escapes
// as for each module hold afterwards ("</script" written "<\/script", no "<!--").
const minified = (await esbuild.transform(readable, { loader: 'js', format: 'esm', minify: true, target: 'es2022', legalComments: 'none' })).code
  .replace(/<\/(script)/gi, '<\\/$1');
if (/<!--/.test(minified)) throw new Error('embed.mjs: the minified script contains "<!--"');
const script = `\n${minified}`;
const style = `\n${css}`;
const earlyScript = `\n${early}`;
const csp = [
  "default-src 'none'",
  `script-src ${sha256(earlyScript)} ${sha256(script)} 'wasm-unsafe-eval'`,
  `style-src ${sha256(style)}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  'worker-src blob:', // the Worker's modules, from the page's own source (above)
].join('; ');

function replaceOnce(text, pattern, replacement, what) {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (!matches || matches.length !== 1) throw new Error(`embed.mjs: index.html must contain exactly one ${what}`);
  return text.replace(pattern, () => replacement);
}

let out = html;
out = replaceOnce(out, /<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`, 'CSP meta tag');
out = replaceOnce(out, /<link rel="icon"[^>]*>/, `<link rel="icon" href="data:image/svg+xml;base64,${icon.toString('base64')}">`, 'icon link');
out = replaceOnce(out, /<link rel="stylesheet" href="style.css">/, `<style>${style}</style>`, 'stylesheet link');
out = replaceOnce(out, /<script type="module" src="main.mjs"><\/script>/, `<script type="module">${script}</script>`, 'main.mjs script tag');
out = replaceOnce(out, /<script src="early.js"><\/script>/, `<script>${earlyScript}</script>`, 'early.js script tag');
out = replaceOnce(out, /<html lang="en">/, '<html lang="en" data-embed="default">', '<html> tag');
// A site-wide CSP header is enforced together with the file's own policy: if it does not allow
// the two scripts and the stylesheet by hash, nothing of the page runs and nothing of its style
// applies. This paragraph is plain markup, so the reader still learns what happened and what the
// site's header needs; early.js (class "js" on <html>) and the stylesheet hide it otherwise.
const blockedHelp = `<div id="csp-blocked" class="csp-blocked" role="alert">
<p><strong>Silk could not start here: this page's scripts were blocked.</strong> The site serves a
Content-Security-Policy header that does not allow this file's own inline script and stylesheet.
To show the demo, serve silk-embed.html without that header, or with one that allows them:</p>
<pre>Content-Security-Policy: ${csp.replace("default-src 'none'; ", "default-src 'none'; ")}</pre>
<p>Or host dist/ instead and use the iframe with ?embed=1, which needs only 'self' (docs/embedding.md).</p>
</div>`;
out = replaceOnce(out, /<body>\n<header/, `<body>\n${blockedHelp}\n<header`, "<body> tag");
out = out.replace('<!-- Only this origin;', '<!-- Single file: only the inline script and style below, by hash;');

await writeFile(path.join(dist, 'silk-embed.html'), out);
console.log(`embed: ${path.relative(process.cwd(), path.join(dist, 'silk-embed.html'))} (${out.length} bytes, ${wasm.length} bytes of wasm inlined)`);
