#!/usr/bin/env node
// bundle.mjs -- the hosted files of dist/: minified bundles, one per ENTRY POINT, built with
// esbuild from the flat readable copy (scripts/flatten.mjs's output, build/flat/), so what a
// reader fetches is a handful of files instead of ~20 modules (issue 26 item 3). The readable
// sources stay in web/ and in the npm package (scripts/package.mjs stages it from build/flat/).
//
//   node scripts/bundle.mjs [flat=build/flat] [dist=dist]      (scripts/build.sh runs it)
//
// Entry points (their names are contracts: hosts link them, the docs name them):
//   silk.mjs             the library (loadSilk)
//   canvas.mjs           the canvas kit
//   silk-demo.mjs        <silk-demo>, the main thread
//   silk-demo-worker.mjs its Worker (silk-demo-spawn.mjs starts it by new URL(..., import.meta.url))
//   main.mjs             the page (index.html, ?embed=1)
//   page-worker.mjs      the page's Worker (embed-worker.mjs starts it the same way)
// The element and its Worker are bundled together, and so are the page and its Worker: code the
// two share goes into a chunk (<group>-chunk-<hash>.mjs) fetched once by a page, and a module
// behind a dynamic import() (the lab scenes) becomes its own chunk, fetched only when asked for. Chunk names carry a hash of their content, so a host may cache them forever
// (scripts/serve.mjs does: the page and its Worker then fetch a shared chunk once).
// Bundling is by entry point only: modules may move inside web/ freely.
//
// Everything else of the flat copy that is not a module (HTML, CSS, early.js, the icon, the
// .d.ts files, silk.wasm, silk-embed.html) is copied as it is.
import { readdir, readFile, writeFile, copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flat = path.resolve(process.argv[2] ?? path.join(root, 'build', 'flat'));
const dist = path.resolve(process.argv[3] ?? path.join(root, 'dist'));

/** Groups of entry points bundled together: code the entries of one group share goes into that
 *  group's chunks; groups share nothing, so a post with only the element fetches nothing built
 *  for the page. */
export const GROUPS = Object.freeze([
  { name: 'silk', entries: ['silk.mjs'] },
  { name: 'canvas', entries: ['canvas.mjs'] },
  { name: 'silk-demo', entries: ['silk-demo.mjs', 'silk-demo-worker.mjs'] },
  { name: 'page', entries: ['main.mjs', 'page-worker.mjs'] },
]);
export const ENTRIES = GROUPS.flatMap((g) => g.entries);

/** The files the group's first entry (the page side) imports statically, transitively. */
async function staticFiles(entry) {
  const { metafile } = await esbuild.build({
    entryPoints: [path.join(flat, entry)], bundle: true, write: false, format: 'esm', splitting: true,
    outdir: path.join(dist, '.probe'), metafile: true, logLevel: 'silent',
  });
  const seen = new Set();
  const queue = [Object.keys(metafile.inputs).find((k) => path.basename(k) === entry)];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of metafile.inputs[f].imports) if (i.kind === 'import-statement') queue.push(i.path);
  }
  return new Set([...seen].map((f) => path.basename(f)));
}

/**
 * A dynamic import('./x.mjs') of a module the page side loads statically anyway (the library's
 * lazy import of silk-wasm.mjs, which the element imports itself) is made static: otherwise
 * esbuild gives that module a chunk of its own, one request more for nothing lazy. Chosen from
 * the import graph, not by module name. Lab scenes stay lazy: the page side does not import them.
 */
function eagerWhereLoaded(loaded) {
  return (name, text) => {
    const head = [];
    const body = text.replace(/\bimport\(\s*'\.\/([\w.-]+\.mjs)'\s*\)/g, (whole, file) => {
      if (!loaded.has(file)) return whole;
      const ns = `__silkEager${head.length}`;
      head.push(`import * as ${ns} from './${file}';`);
      return `Promise.resolve(${ns})`;
    });
    return head.length ? `${head.join('\n')}\n${body}` : body;
  };
}

/**
 * esbuild puts code in chunks by the set of entry points and lazily imported modules that reach
 * it, so each lazy module (a lab scene, silk-base.mjs's scene format) that imports a different
 * part of what both sides of the group load (the page and its Worker) cut that shared code into
 * one more chunk, one more request for nothing (issue 26 item 3). Here every module that neither
 * side loads statically imports all of the code both sides load (side-effect imports of modules
 * that have already run by then, in either thread), so the shared code stays one chunk. Chosen
 * from the import graph, as eagerWhereLoaded; the readable modules are untouched.
 */
function oneSharedChunk(loaded, shared) {
  const head = [...shared].map((f) => `import './${f}';`).join('\n');
  return (name, text) => (loaded.has(name) || shared.size === 0 ? text : `${head}\n${text}`);
}

/** The bundle's source transforms, in order, on every module read. */
function transforms(...steps) {
  return {
    name: 'silk-transforms',
    setup(build) {
      build.onLoad({ filter: /\.mjs$/ }, async (args) => {
        let text = await readFile(args.path, 'utf8');
        for (const step of steps) text = step(path.basename(args.path), text);
        return { contents: text, loader: 'js' };
      });
    },
  };
}

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
const outputs = [];
for (const group of GROUPS) {
  const loaded = await staticFiles(group.entries[0]);
  // what both sides load (the page and its Worker), and what either loads
  const sides = await Promise.all(group.entries.map(staticFiles));
  const shared = new Set(group.entries.length > 1 ? [...sides[0]].filter((f) => sides.every((s) => s.has(f)) && !group.entries.includes(f)) : []);
  const either = new Set(sides.flatMap((s) => [...s]));
  const result = await esbuild.build({
    plugins: [transforms(eagerWhereLoaded(loaded), oneSharedChunk(either, shared))],
    entryPoints: group.entries.map((e) => path.join(flat, e)),
    outdir: dist,
    bundle: true,
    splitting: group.entries.length > 1,
    format: 'esm',
    minify: true,
    target: 'es2022',
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: `${group.name}-chunk-[hash]`,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  if (result.warnings.length) throw new Error(`bundle.mjs: esbuild warned: ${result.warnings.map((w) => w.text).join('; ')}`);
  outputs.push(...Object.keys(result.metafile.outputs).map((o) => path.basename(o)));
}

await rm(path.join(dist, '.probe'), { recursive: true, force: true });

// The rest as it is, but the hosted stylesheets minified (their readable form, with the comments
// that explain them, stays in web/ and in the package).
let copied = 0;
for (const name of await readdir(flat)) {
  if (name.endsWith('.mjs')) continue;
  if (name.endsWith('.css')) {
    const css = await readFile(path.join(flat, name), 'utf8');
    await writeFile(path.join(dist, name), (await esbuild.transform(css, { loader: 'css', minify: true, legalComments: 'none' })).code);
  } else {
    await copyFile(path.join(flat, name), path.join(dist, name));
  }
  copied++;
}
console.log(`bundle: ${ENTRIES.length} entries -> ${outputs.length} files in ${path.relative(process.cwd(), dist) || dist}/ (${outputs.filter((o) => o.includes('-chunk-')).length} chunks), ${copied} other files copied`);
