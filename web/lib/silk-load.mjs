// silk-load.mjs -- loading the standalone WebAssembly module: from a URL or path (streaming
// compile in browsers, the file in Node), bytes or a compiled WebAssembly.Module, with the only
// imports it needs (Math.cos / sin / atan2 and a memory-growth notice). loadSilk returns the Silk
// of silk-module.mjs; silk.mjs's loadSilk adds the extras first.
import { obj } from './silk-checks.mjs';
import { Silk } from './silk-module.mjs';
import { instantiateSilk } from './silk-instantiate.mjs';

/**
 * Loads the module. options.wasm: URL, path (relative to this module; in the npm package, to the
 * page), ArrayBuffer, typed array or WebAssembly.Module. Default: the module of silk-wasm.mjs,
 * compiled once per page (./silk.wasm beside this file; in the npm package, the bytes inline).
 */
export async function loadSilk(options = {}) {
  options = obj('loadSilk', 'options', options);
  return new Silk(await instantiateSilk(options.wasm));
}
