// floor.mjs -- a benchmark floor, not a page: a canvas the size of Silk's, scaled by
// devicePixelRatio like Silk's (desynchronized, opaque), that each animation frame clears and
// strokes 300 one-device-pixel lines in one path. No physics, no DOM, no dashboard. What this
// costs on the main thread is what any rAF-driven canvas animation costs in this browser on
// this machine; bench/page.mjs prints it beside Silk.
const canvas = document.getElementById('c');
const r = canvas.getBoundingClientRect();
const dpr = window.devicePixelRatio || 1;
canvas.width = Math.round(r.width * dpr);
canvas.height = Math.round(r.height * dpr);
const ctx = canvas.getContext('2d', { alpha: false, desynchronized: true });
const w = canvas.width;
const h = canvas.height;
const frames = { count: 0, rafMs: [] };
window.baseline = frames;

function loop() {
  const t = performance.now();
  requestAnimationFrame(loop);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.beginPath();
  for (let i = 0; i < 300; i++) {
    const a = i * 0.1 + frames.count * 0.01;
    ctx.moveTo(w / 2 + 0.07 * w * Math.cos(a), h / 2 + 0.1 * h * Math.sin(a));
    ctx.lineTo(w / 2 + 0.27 * w * Math.cos(a * 1.3), h / 2 + 0.43 * h * Math.sin(a * 1.7));
  }
  ctx.strokeStyle = '#2a5';
  ctx.lineWidth = 1;
  ctx.stroke();
  frames.count++;
  frames.rafMs.push(performance.now() - t);
}
requestAnimationFrame(loop);
document.documentElement.dataset.baseline = 'ready';
