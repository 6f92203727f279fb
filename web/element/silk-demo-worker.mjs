// silk-demo-worker.mjs -- the Worker of <silk-demo>: the world, its loop and its drawing, off the
// host page's main thread, on the OffscreenCanvas the element transferred. The runtime itself,
// and the messages it takes, are kit/runtime.mjs's and kit/protocol.mjs's (the same code runs
// on the main thread for worker="off"); this file is the Worker's entry and brings the lab
// scenes (the labs/ layer, which kit/ may not import).
//
// Why: on a phone the main thread is shared with the whole blog post. Measured
// (docs/notes/2026-12-page-on-a-phone.md), the element's drawing and physics move here and the
// main thread keeps only input forwarding and a status line.
import { serveRuntime } from '../kit/runtime.mjs';

serveRuntime(self, { labs: () => import('../labs/lab-worker-host.mjs') });
