#!/usr/bin/env node
// package.mjs -- stages the installable package silk-verlet in build/package/ from dist/:
// package/package.json (the manifest; the repository's own package.json is the private dev
// manifest silk-dev and stays separate), package/README.md, LICENSE, silk.wasm, the .d.ts files,
// and the ES modules that silk.mjs and silk-demo.mjs import (followed from their import
// statements, so a new module the element needs is packed without editing a list).
//
//   node scripts/package.mjs [dist] [out]      (scripts/build.sh runs it)
//   cd build/package && npm pack               (tests/package/package.test.mjs does)
import { readFile, writeFile, mkdir, rm, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const out = path.resolve(process.argv[3] ?? path.join(root, 'build', 'package'));
const ENTRIES = ['silk.mjs', 'silk-demo.mjs'];
// static imports and re-exports, dynamic import('./x.mjs') (the element's lab scenes), and
// new URL('./x.mjs', import.meta.url) (the element's Worker)
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s*'\.\/([\w.-]+\.mjs)'|\bimport\(\s*'\.\/([\w.-]+\.mjs)'\s*\)|\bnew URL\(\s*'\.\/([\w.-]+\.mjs)'\s*,\s*import\.meta\.url/gm;

async function graph(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(path.join(dist, file), 'utf8');
    for (const m of source.matchAll(IMPORT)) queue.push(m[1] ?? m[2] ?? m[3]);
  }
  return [...seen].sort();
}

const modules = await graph(ENTRIES);
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const copies = [
  ...modules.map((f) => [path.join(dist, f), f]),
  [path.join(dist, 'silk.wasm'), 'silk.wasm'],
  [path.join(dist, 'silk.d.ts'), 'silk.d.ts'], // flat in dist/: silk-demo.d.ts imports './silk'
  [path.join(dist, 'silk-demo.d.ts'), 'silk-demo.d.ts'],
  [path.join(dist, 'silk-demo.css'), 'silk-demo.css'], // the element's size before it is defined
  [path.join(root, 'LICENSE'), 'LICENSE'],
  [path.join(root, 'package', 'README.md'), 'README.md'],
];
for (const [from, to] of copies) await copyFile(from, path.join(out, to));
const manifest = JSON.parse(await readFile(path.join(root, 'package', 'package.json'), 'utf8'));
await writeFile(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`package: build/package/ (${manifest.name}@${manifest.version}: ${modules.length} modules, silk.wasm, 2 .d.ts)`);
