// main.mjs -- the page's entry point (index.html loads it): start the app with the page's URL.
// silk-embed.html does not load this file; scripts/embed.mjs inlines app.mjs and calls start()
// itself with the wasm bytes.
import { start } from './app.mjs';

start().catch((e) => console.error('Silk failed to start:', e));
