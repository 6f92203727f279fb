#!/usr/bin/env node
// embed.mjs -- builds dist/silk-embed.html: the page as ONE self-contained file (the wasm as
// base64, the modules and the stylesheet inlined) that a blog can host next to its posts or a
// reader can open from file://. It opens in embed mode (canvas + one line of readout); ?embed=0
// shows the full page.
//
//   node scripts/embed.mjs [dist]        (scripts/build.sh runs it after assembling dist/)
//
// Content-Security-Policy: the page's policy allows scripts and styles from 'self' only, which
// blocks inline code -- and a file:// document has no useful 'self' anyway. So the single file
// carries its own policy that names its one inline script and its one inline stylesheet by
// SHA-256 hash: nothing else can run, even if someone injects markup, and nothing is fetched
// ('default-src none'; the icon is a data: URL; the wasm is compiled from bytes, which needs
// 'wasm-unsafe-eval' and nothing more).
//
// Inlining the modules: each module of the app's import graph becomes a function scope whose
// exports are returned as an object; `import { a, b as c } from './x.mjs'` becomes
// `const { a, b: c } = modules['x.mjs']`. Only these forms are supported (they are the ones
// dist/ holds once scripts/flatten.mjs has made web/'s imports flat): named imports of
// ./*.mjs, `import * as ns`, `export function|async function|const|let|class NAME`, and
// `export { a, b }`. Anything else stops the build with an error instead of producing a broken
// file.
import { readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';

const dist = path.resolve(process.argv[2] ?? 'dist');
const ENTRY = 'app.mjs';

const IMPORT_NAMED = /^import\s*\{([^}]*)\}\s*from\s*'\.\/([\w.-]+\.mjs)';?[ \t]*$/gm;
const IMPORT_NS = /^import\s+\*\s+as\s+(\w+)\s+from\s*'\.\/([\w.-]+\.mjs)';?[ \t]*$/gm;
const EXPORT_DECL = /^export\s+((?:async\s+)?function\*?|const|let|class)\s+(\w+)/gm;
const EXPORT_LIST = /^export\s*\{([^}]*)\};?[ \t]*$/gm;

function fail(file, message) {
  throw new Error(`embed.mjs: ${file}: ${message}`);
}

function transform(file, source) {
  const deps = [];
  const exported = [];
  let code = source
    .replace(IMPORT_NAMED, (_, names, dep) => {
      deps.push(dep);
      const fields = names.split(',').map((n) => n.trim()).filter(Boolean)
        .map((n) => n.replace(/^(\w+)\s+as\s+(\w+)$/, '$1: $2'));
      return `const { ${fields.join(', ')} } = modules[${JSON.stringify(dep)}];`;
    })
    .replace(IMPORT_NS, (_, name, dep) => {
      deps.push(dep);
      return `const ${name} = modules[${JSON.stringify(dep)}];`;
    })
    .replace(EXPORT_DECL, (_, kind, name) => {
      exported.push(name);
      return `${kind} ${name}`;
    })
    .replace(EXPORT_LIST, (_, names) => {
      for (const n of names.split(',').map((s) => s.trim()).filter(Boolean)) {
        const m = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(n);
        if (!m) fail(file, `unsupported export list entry '${n}'`);
        exported.push(m[2] ? `${m[2]}: ${m[1]}` : m[1]);
      }
      return '';
    });
  // Whatever import/export statement is left is a form this script does not understand.
  const left = /^\s*(import\s*[{*\w'"]|export\b)/m.exec(code);
  if (left) fail(file, `unsupported module syntax: ${code.slice(left.index, left.index + 60).trim()}`);
  if (/<\/script|<!--/i.test(code)) fail(file, 'contains "</script" or "<!--", which would end the inline script');
  code = `modules[${JSON.stringify(file)}] = (() => {\n${code}\nreturn { ${exported.join(', ')} };\n})();\n`;
  return { code, deps };
}

async function bundle(entry) {
  const done = new Map(); // file -> code, in dependency order
  const visiting = new Set();
  async function visit(file) {
    if (done.has(file)) return;
    if (visiting.has(file)) fail(file, 'import cycle');
    visiting.add(file);
    const { code, deps } = transform(file, await readFile(path.join(dist, file), 'utf8'));
    for (const d of deps) await visit(d);
    visiting.delete(file);
    done.set(file, code);
  }
  await visit(entry);
  return [...done.values()].join('\n');
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const [html, css, early, wasm, icon, modules] = await Promise.all([
  readFile(path.join(dist, 'index.html'), 'utf8'),
  readFile(path.join(dist, 'style.css'), 'utf8'),
  readFile(path.join(dist, 'early.js'), 'utf8'),
  readFile(path.join(dist, 'silk.wasm')),
  readFile(path.join(dist, 'favicon.svg')),
  bundle(ENTRY),
]);

const script = `
// Silk, inlined by scripts/embed.mjs: ${[...modules.matchAll(/^modules\["([^"]+)"\]/gm)].map((m) => m[1]).join(', ')}
const modules = Object.create(null);
${modules}
const wasmBase64 = '${wasm.toString('base64')}';
const wasm = Uint8Array.from(atob(wasmBase64), (c) => c.charCodeAt(0));
modules[${JSON.stringify(ENTRY)}].start({ wasm, embed: true }).catch((e) => console.error('Silk failed to start:', e));
`;
const style = `\n${css}`;
const earlyScript = `\n${early}`;
const csp = [
  "default-src 'none'",
  `script-src ${sha256(earlyScript)} ${sha256(script)} 'wasm-unsafe-eval'`,
  `style-src ${sha256(style)}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
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
console.log(`embed: dist/silk-embed.html (${out.length} bytes, ${wasm.length} bytes of wasm inlined)`);
