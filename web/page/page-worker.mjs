// page-worker.mjs -- the page's Worker (the full page, ?embed=1 and silk-embed.html, where the
// browser can hand a canvas to a Worker; embed-worker.mjs starts it). It runs kit/runtime.mjs,
// the one runtime of every host (the element's Worker runs it too, and ?worker=0 runs it on the
// main thread), with the lab scenes of the labs/ layer; the messages are kit/protocol.mjs's.
//
// Why a Worker for a page that is Silk's own: on the phone profile (bench/host.mjs) the page
// drawing and stepping on the main thread cost 1.6 ms per frame above the floor of any canvas
// page; the browser rasterises a main-thread canvas on the main thread. Here the main thread
// keeps the DOM: controls, the dashboard's text and plots, the lab's panel.
import { serveRuntime } from '../kit/runtime.mjs';

serveRuntime(self, { labs: () => import('../labs/lab-worker-host.mjs') });
