// silk-demo-worker.mjs -- the Worker of <silk-demo> (and of the page's ?embed=1 and
// silk-embed.html): the world, its loop and its drawing, off the host page's main thread, on the
// OffscreenCanvas the element transferred. The demo itself, and the messages it takes, are
// worker-demo.mjs's; this file is the Worker's entry.
//
// Why: on a phone the main thread is shared with the whole blog post. Measured
// (docs/notes/2026-12-page-on-a-phone.md), the element's drawing and physics move here and the
// main thread keeps only input forwarding and a status line. The element (silk-demo.mjs) owns
// the DOM, the attributes, the theme, visibility and the pointer's hit point in world px; the
// Worker owns everything that touches the world.
import { serveWorkerDemo } from './worker-demo.mjs';

serveWorkerDemo();
