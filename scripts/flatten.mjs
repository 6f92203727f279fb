#!/usr/bin/env node
// flatten.mjs -- copies web/<role>/ (lib, kit, element, page, labs, reference) into ONE flat folder,
// dist/, rewriting the relative imports between roles ('../lib/silk.mjs') to the flat form
// ('./silk.mjs'). The source is split by role so a reader finds the library apart from the page
// and the labs; dist/ stays flat because it is a contract: hosts put silk.mjs, silk.wasm and
// silk-demo.mjs side by side, the package ships them side by side, silk.mjs finds silk.wasm beside
// itself, and scripts/embed.mjs and scripts/package.mjs follow './name.mjs' imports.
//
//   node scripts/flatten.mjs [web] [dist]      (scripts/build.sh runs it)
//
// shell.html (the page's markup, at the top level beside web/) becomes dist/index.html. A file
// name used by two roles stops the build
// (flat, one would overwrite the other), and so does an import that leaves web/ or names a file
// that is not there.
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(process.argv[2] ?? 'web');
const dist = path.resolve(process.argv[3] ?? 'dist');
const ROLES = ['lib', 'kit', 'element', 'page', 'labs', 'reference'];
const COPIED = /\.(mjs|js|d\.ts|css|svg|html)$/;
// static imports and re-exports, `import type`, and dynamic import('...'): the specifier only
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*)'(\.\.?\/[^']+)'/g;

function fail(message) {
  throw new Error(`flatten.mjs: ${message}`);
}

const owner = new Map(); // flat name -> role
for (const role of ROLES) {
  for (const name of await readdir(path.join(web, role))) {
    if (!COPIED.test(name)) continue;
    if (owner.has(name)) fail(`web/${owner.get(name)}/${name} and web/${role}/${name} would both be dist/${name}`);
    owner.set(name, role);
  }
}

await mkdir(dist, { recursive: true });
let rewritten = 0;
for (const [name, role] of owner) {
  let text = await readFile(path.join(web, role, name), 'utf8');
  if (/\.(mjs|ts)$/.test(name)) {
    text = text.replace(SPECIFIER, (whole, head, spec) => {
      const target = path.resolve(web, role, spec);
      const rel = path.relative(web, target).split(path.sep);
      // a .d.ts names a declaration file by its .js form ('../lib/silk.js' -> silk.d.ts), which
      // TypeScript resolves under every moduleResolution (nodenext needs the extension)
      const declared = name.endsWith('.d.ts') && /\.js$/.test(rel[1] ?? '');
      const flat = declared ? rel[1].replace(/\.js$/, '.d.ts') : path.extname(rel[1] ?? '') ? rel[1] : `${rel[1]}.d.ts`;
      if (rel.length !== 2 || !ROLES.includes(rel[0]) || owner.get(flat) !== rel[0]) {
        fail(`web/${role}/${name} imports '${spec}', which is not a file of web/<role>/`);
      }
      if (spec.startsWith('./')) return whole;
      rewritten++;
      return `${head}'./${rel[1]}'`;
    });
  }
  await writeFile(path.join(dist, name), text);
}
// the page's markup: the top-level shell.html (raylib's name for a web build's page template)
const shell = path.join(web, '..', 'shell.html');
if (existsSync(shell)) await writeFile(path.join(dist, 'index.html'), await readFile(shell, 'utf8'));
console.log(`flatten: ${owner.size} files from web/{${ROLES.join(',')}}/ into ${path.relative(process.cwd(), dist) || dist}/ (${rewritten} imports made flat)`);
