// silk-wasm.mjs -- where silk.mjs gets its WebAssembly module when loadSilk() has no
// options.wasm, and what a relative options.wasm path is relative to.
//
// This is the file for hosting the files as they are (dist/, the demo page, the Node tests):
// silk.wasm beside this module, fetched once (streaming where the server sends
// application/wasm). The npm package silk-verlet ships a generated module with the same exports
// instead (scripts/package.mjs): the wasm bytes inline as base64, so that a bundler (Vite dev and
// build, esbuild) has no second file to find and the package holds no import.meta and no
// top-level await (docs/embedding.md, "Bundlers").
//
//   compileSilk(which)  Promise<WebAssembly.Module>: compiled once, shared by loadSilk() and every
//                  <silk-demo> of the page; a failed compile is forgotten, so a later call retries.
//                  which: 'full' (silk.wasm, the default) or 'lite' (silk-lite.wasm, the compat-only
//                  module a compat scene starts on: web/kit/lite.mjs). The npm package's version
//                  has silk.wasm only and gives it for both.
//   wasmURL(path)  a relative options.wasm path as a URL (here: relative to this module)
//   WASM_FROM      where the default module comes from, for messages

export const WASM_FROM = 'silk.wasm beside silk.mjs';

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
const compiled = new Map(); // which -> Promise<WebAssembly.Module>

export function wasmURL(path) {
  return new URL(path, import.meta.url);
}

async function compile(which) {
  const url = wasmURL(which === 'lite' ? './silk-lite.wasm' : './silk.wasm');
  if (isNode && url.protocol === 'file:') {
    // A variable specifier: bundlers building for the browser (esbuild, Vite) leave it alone.
    const fs = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fs);
    return WebAssembly.compile(await readFile(url));
  }
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch (e) {
      if (!(e instanceof TypeError)) throw e; // a server without application/wasm: bytes below
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`loadSilk: ${url} answered ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

export function compileSilk(which = 'full') {
  if (!compiled.has(which)) {
    const module = compile(which);
    compiled.set(which, module);
    module.catch(() => { compiled.delete(which); });
  }
  return compiled.get(which);
}
