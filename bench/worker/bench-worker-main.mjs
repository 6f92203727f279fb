// bench-worker-main.mjs -- the main thread of the Worker + OffscreenCanvas prototype (bench only;
// bench/worker.mjs serves it beside a copy of dist/ and measures it).
//
//   ?mode=worker (default)  the canvas is transferred to a Worker (bench-worker.mjs) that loads
//                           the engine, steps the default scene on its own rAF and draws it; the
//                           main thread forwards pointer samples and shows the compact line
//   ?mode=main              the same scene, stepped and drawn here (the page's design), as the
//                           control
//   ?diag=frame|4|0         the worker posts the diagnostics every frame, 4 times a second, or
//                           never (the main thread updates the compact line at most 4 Hz)
//
// Exposes window.bench = { ready, frames, rafMs, latencies, diagMessages } for bench/worker.mjs
// (in worker mode the worker keeps frames, rafMs and latencies in its own self.bench). Input latency: from the pointermove handler on the main thread to the end
// of the draw of the frame that applied the sample (the worker converts clocks with timeOrigin).
import { createScene, compactLine } from './bench-worker-scene.mjs';

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'worker';
const diagEvery = params.get('diag') ?? 'frame';
const canvas = document.getElementById('view');
const compact = document.getElementById('compact');
const bench = { ready: false, mode, frames: 0, rafMs: [], latencies: [], diagMessages: 0, offscreen: 'transferControlToOffscreen' in canvas };
window.bench = bench;

const rect = canvas.getBoundingClientRect();
const dpr = devicePixelRatio || 1;
const size = { width: Math.round(rect.width * dpr), height: Math.round(rect.height * dpr), cssWidth: rect.width, cssHeight: rect.height };
let lastText = 0;
function showCompact(d) {
  const t = performance.now();
  if (t - lastText < 250) return;
  lastText = t;
  const text = compactLine(d);
  if (compact.textContent !== text) compact.textContent = text;
}

// Pointer samples in world px (the canvas shows the 800 x 500 world at its full width).
const toWorld = (e) => {
  const r = canvas.getBoundingClientRect();
  return [((e.clientX - r.left) / r.width) * 800, ((e.clientY - r.top) / r.height) * 500];
};

if (mode === 'worker' && bench.offscreen) {
  const off = canvas.transferControlToOffscreen();
  const worker = new Worker(new URL('./bench-worker.mjs', import.meta.url), { type: 'module' });
  worker.postMessage({ type: 'init', canvas: off, size, diagEvery, mainOrigin: performance.timeOrigin }, [off]);
  worker.onmessage = (m) => {
    const msg = m.data;
    if (msg.type === 'ready') bench.ready = true;
    else if (msg.type === 'diag') {
      bench.diagMessages++;
      showCompact(msg.diag);
    }
  };
  const send = (type, e) => {
    const [x, y] = toWorld(e);
    worker.postMessage({ type, x, y, t: performance.now() });
  };
  canvas.addEventListener('pointerdown', (e) => send('down', e));
  canvas.addEventListener('pointermove', (e) => send('move', e));
  canvas.addEventListener('pointerup', (e) => send('up', e));
} else {
  canvas.width = size.width;
  canvas.height = size.height;
  const scene = await createScene(canvas, size);
  let pending = null; // { x, y, t } newest pointer sample
  canvas.addEventListener('pointerdown', (e) => { const [x, y] = toWorld(e); scene.down(x, y); });
  canvas.addEventListener('pointermove', (e) => { const [x, y] = toWorld(e); pending = { x, y, t: performance.now() }; });
  canvas.addEventListener('pointerup', () => scene.up());
  const tick = (now) => {
    const t0 = performance.now();
    requestAnimationFrame(tick);
    const sample = pending;
    pending = null;
    if (sample) scene.move(sample.x, sample.y);
    const d = scene.frame(now);
    if (sample) bench.latencies.push(performance.now() - sample.t);
    showCompact(d);
    bench.frames++;
    bench.rafMs.push(performance.now() - t0);
  };
  requestAnimationFrame(tick);
  bench.ready = true;
}
