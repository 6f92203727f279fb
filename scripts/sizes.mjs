#!/usr/bin/env node
// sizes.mjs -- what Silk costs to download, measured on the build, never written by hand:
// silk.wasm, the element's modules (basic scenes, and the lab modules it imports on demand),
// silk-embed.html, and the silk-verlet tarball (`npm pack --dry-run`). Gzip is level 9, file by
// file (what a server sends). Writes dist/sizes.json and prints the table docs/embedding.md
// shows between its `sizes` markers; tests/package/sizes.test.mjs checks the doc against it.
//
//   node scripts/sizes.mjs [dist] [package]     (scripts/build.sh runs it)
//   node scripts/sizes.mjs --docs               also rewrites the table in docs/embedding.md
import { readFile, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const dist = path.resolve(args[0] ?? path.join(root, 'dist'));
const pkg = path.resolve(args[1] ?? path.join(root, 'build', 'package'));
const DOC = path.join(root, 'docs', 'embedding.md');

// static imports and re-exports, readable ('./x.mjs' at a line's start) or minified
// (`import{a as b}from"./x.mjs"`, `import"./x.mjs"`); and dynamic import("./x.mjs") apart
const STATIC = /(?:^|[;}\s])(?:import|export)\b[^;'"()]*?(?:from\s*)?["']\.\/([\w.-]+\.mjs)["']/gm;
const DYNAMIC = /\bimport\(\s*["']\.\/([\w.-]+\.mjs)["']\s*\)/g;

async function staticGraph(...entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    for (const m of (await readFile(path.join(dist, f), 'utf8')).matchAll(STATIC)) queue.push(m[1]);
  }
  return seen;
}

async function measure(files) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const bytes = await readFile(path.join(dist, f));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
}

/** Files named by a dynamic import() in `files`. */
async function dynamicTargets(files) {
  const out = new Set();
  for (const f of files) for (const m of (await readFile(path.join(dist, f), 'utf8')).matchAll(DYNAMIC)) out.add(m[1]);
  return [...out];
}

export async function sizes() {
  // the element and its Worker (silk-demo-spawn.mjs starts silk-demo-worker.mjs beside it)
  const element = await staticGraph('silk-demo.mjs', 'silk-demo-worker.mjs');
  element.delete('silk.wasm');
  // the lab scenes and the JSON scene format (silk-base.mjs's loadSceneFormat): what the
  // element's dynamic imports add (silk-wasm.mjs, the library's own lazy import, is already in
  // the element's graph)
  const lab = [...await staticGraph(...await dynamicTargets(element))].filter((f) => !element.has(f));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  return {
    wasm: await measure(['silk.wasm']),
    lite: await measure(['silk-lite.wasm']),
    element: await measure([...element].sort()),
    lab: await measure(lab.sort()),
    embed: await measure(['silk-embed.html']),
    tarball: { files: packed.entryCount, size: packed.size, unpacked: packed.unpackedSize },
  };
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

/** The markdown table docs/embedding.md carries (between `<!-- sizes:begin -->` and `<!-- sizes:end -->`). */
export function table(s) {
  return [
    '| | gzipped | raw |',
    '|---|---|---|',
    `| \`silk.wasm\` | ${kb(s.wasm.gz)} | ${kb(s.wasm.raw)} |`,
    `| \`silk-lite.wasm\`, the compat-only module (\`silk.upgrade()\` moves to \`silk.wasm\`) | ${kb(s.lite.gz)} | ${kb(s.lite.raw)} |`,
    `| \`<silk-demo>\`, its Worker and their ${s.element.files - 2} chunks (scenes \`web\`, \`shapes\`, \`tree\`) | ${kb(s.element.gz)} | ${kb(s.element.raw)} |`,
    `| + the ${s.lab.files} chunks fetched on demand: the lab scenes and \`cloth\`; an own scene's loader and JSON format (\`world.load\`) | +${kb(s.lab.gz)} | +${kb(s.lab.raw)} |`,
    `| **element total**, for any number of elements: \`web\`, \`tree\` (on \`silk-lite.wasm\`) / \`shapes\` (on \`silk.wasm\`) / with everything on demand | **${kb(s.lite.gz + s.element.gz)}** / ${kb(s.wasm.gz + s.element.gz)} / ${kb(s.wasm.gz + s.element.gz + s.lab.gz)} | |`,
    `| \`silk-embed.html\`, the single file | ${kb(s.embed.gz)} | ${kb(s.embed.raw)} |`,
    `| the \`silk-verlet\` package tarball (\`npm pack\`, ${s.tarball.files} files) | ${kb(s.tarball.size)} | ${kb(s.tarball.unpacked)} unpacked |`,
  ].join('\n');
}

export const MARKERS = /(<!-- sizes:begin[^>]*-->\n)([\s\S]*?)(\n<!-- sizes:end -->)/;

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await sizes();
  await writeFile(path.join(dist, 'sizes.json'), `${JSON.stringify(s, null, 2)}\n`);
  const t = table(s);
  if (process.argv.includes('--docs')) {
    const doc = await readFile(DOC, 'utf8');
    if (!MARKERS.test(doc)) throw new Error('sizes.mjs: docs/embedding.md has no sizes markers');
    await writeFile(DOC, doc.replace(MARKERS, (_, a, __, b) => `${a}${t}${b}`));
  }
  console.log(`sizes: dist/sizes.json -- wasm ${kb(s.wasm.raw)} (${kb(s.wasm.gz)} gz), silk-embed.html ${kb(s.embed.raw)} (${kb(s.embed.gz)} gz), tarball ${kb(s.tarball.size)} (${s.tarball.files} files)`);
}
