// silk-instantiate.mjs -- the module's instance from a URL or path (streaming compile in
// browsers, the file in Node), bytes or a compiled WebAssembly.Module, with the only imports it
// needs (Math.cos / sin / atan2 and a memory-growth notice). loadSilk (silk-load.mjs) makes its
// Silk from it; silk.upgrade() (silk-upgrade.mjs) instantiates the full module with it. Its own
// file so that neither imports the other's importer (no cycle through silk-module.mjs).

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

// The default module and the base of relative paths live in silk-wasm.mjs, imported only when
// needed: the npm package's version carries the wasm inline (~160 KB of base64), which an app
// that passes options.wasm should not have to load. Nor does this file read its own URL: a
// bundle has none (see silk-wasm.mjs).
const wasmHome = () => import('./silk-wasm.mjs');

async function readBytes(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source instanceof URL ? source : (await wasmHome()).wasmURL(String(source));
  if (isNode && url.protocol === 'file:') {
    // A variable specifier: bundlers building for the browser (esbuild, Vite) leave it alone.
    const fs = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fs);
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`loadSilk: ${url} answered ${response.status}`);
  return response.arrayBuffer();
}

async function instantiate(source, imports) {
  // the default: one compiled module for the page (silk-wasm.mjs), shared with <silk-demo>
  const module = source === undefined ? await (await wasmHome()).compileSilk() : source;
  if (module instanceof WebAssembly.Module) return WebAssembly.instantiate(module, imports);
  const isPath = typeof source === 'string' || source instanceof URL;
  if (isPath && !isNode && typeof WebAssembly.instantiateStreaming === 'function') {
    const url = source instanceof URL ? source : (await wasmHome()).wasmURL(source);
    try {
      return (await WebAssembly.instantiateStreaming(fetch(url), imports)).instance;
    } catch (e) {
      // A server that does not send application/wasm: fall back to bytes below.
      if (!(e instanceof TypeError)) throw e;
    }
  }
  const result = await WebAssembly.instantiate(await readBytes(source), imports);
  return result.instance;
}

/** The module's instance from a source as loadSilk's options.wasm (undefined: the default
 *  module), with its imports; silk-upgrade.mjs instantiates the full module with it. */
export async function instantiateSilk(source) {
  const imports = {
    env: {
      silk_host_cos: Math.cos,
      silk_host_sin: Math.sin,
      silk_host_atan2: Math.atan2,
      // Views compare memory.buffer on every access, so growth needs no action here.
      emscripten_notify_memory_growth: () => {},
    },
  };
  return (await instantiate(source, imports)).exports;
}
