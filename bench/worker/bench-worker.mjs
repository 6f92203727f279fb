// bench-worker.mjs -- the Worker of the prototype: the engine, the default scene and its drawing
// on an OffscreenCanvas, stepped on the worker's own requestAnimationFrame.
import { createScene } from './bench-worker-scene.mjs';

let scene = null;
let pending = null;
// Read by bench/worker.mjs through Playwright's worker.evaluate: nothing is posted per frame, so
// the main thread pays only for the diagnostics messages the mode asks for.
const bench = { frames: 0, rafMs: [], latencies: [] };
self.bench = bench;
let diagEvery = 'frame';
let lastDiag = 0;
let offset = 0; // main-thread performance.now() -> this worker's: subtract offset

self.onmessage = async (m) => {
  const msg = m.data;
  if (msg.type === 'init') {
    diagEvery = msg.diagEvery;
    offset = performance.timeOrigin - msg.mainOrigin;
    msg.canvas.width = msg.size.width;
    msg.canvas.height = msg.size.height;
    scene = await createScene(msg.canvas, msg.size);
    requestAnimationFrame(tick);
    self.postMessage({ type: 'ready' });
  } else if (!scene) {
    // not started yet
  } else if (msg.type === 'down') scene.down(msg.x, msg.y);
  else if (msg.type === 'move') pending = msg;
  else if (msg.type === 'up') scene.up();
};

function tick(now) {
  const t0 = performance.now();
  requestAnimationFrame(tick);
  const sample = pending;
  pending = null;
  if (sample) scene.move(sample.x, sample.y);
  const d = scene.frame(now);
  bench.frames++;
  if (sample) bench.latencies.push(performance.now() - (sample.t - offset));
  const every = diagEvery === 'frame' ? 0 : diagEvery === '0' ? Infinity : 1000 / Number(diagEvery);
  if (now - lastDiag >= every) {
    lastDiag = now;
    self.postMessage({ type: 'diag', diag: d.slice() }); // a copy: the view is over wasm memory
  }
  bench.rafMs.push(performance.now() - t0);
}
