// main.mjs -- the page: load the wasm engine, build the web, animate it.
import { loadSilk } from './silk.mjs';
const status = document.getElementById('status');
try {
  const silk = await loadSilk();
  const w = silk.createWorld({ width: 800, height: 500 });
  w.buildScene('web');
  const ctx = document.getElementById('view').getContext('2d');
  let last = performance.now();
  const loop = (now) => {
    // rAF timestamps can precede the performance.now() taken at start: clamp to [0, 0.25] s
    w.advance(Math.max(0, Math.min(0.25, (now - last) / 1000)));
    last = now;
    const p = w.positions, a = w.constraintA, b = w.constraintB, k = w.constraintKinds;
    ctx.clearRect(0, 0, 800, 500);
    ctx.strokeStyle = '#9aa4ad';
    ctx.beginPath();
    for (let j = 0; j < k.length; j++) {
      if (k[j] !== 1) continue;
      ctx.moveTo(p[2 * a[j]], p[2 * a[j] + 1]);
      ctx.lineTo(p[2 * b[j]], p[2 * b[j] + 1]);
    }
    ctx.stroke();
    status.textContent = `${w.particleCount} particles, ${w.constraintCount} constraints`;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
} catch (e) {
  status.textContent = `Silk failed to start: ${e.message}`;
}
