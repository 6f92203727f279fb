// baseline.mjs -- a benchmark baseline, NOT the original code: verlet-js's spider page loop and
// drawing re-created from tests/reference/NOTES.md §3-§5 over our own JS reference solver
// (tests/reference/verlet-ref.mjs), so bench/page.mjs can measure "the original's way" and
// Silk's page in the same browser under the same machine load.
//
// Per frame, as spiderweb.html: the crawl rule, frame(16), then draw(): clearRect; per
// constraint its own beginPath + stroke (or fill for pins); per particle its own arc + fill;
// the spider's discs and legs with save/restore; the nearest-entity highlight search. The
// canvas is CSS 800 x 500 with a backing store scaled by devicePixelRatio.
// (The reference keeps positions in flat Float64Arrays, so its physics is faster than the
// original's Vec2 objects: this baseline is, if anything, kinder than the original.)
import { spiderPage, DISTANCE, PIN } from '../../tests/reference/verlet-ref.mjs';

const W = 800;
const H = 500;
const canvas = document.getElementById('scratch');
const dpr = window.devicePixelRatio || 1;
canvas.width = W * dpr;
canvas.height = H * dpr;
const ctx = canvas.getContext('2d');
ctx.scale(dpr, dpr);

const w = spiderPage({ seed: 1 });
const web = w.webComposite;
const spider = w.spiderComposite;
const parts = w.spiderParts();
let cached = -1;
let lists = null;
function constraintLists() {
  const n = w.constraintCount();
  if (n !== cached) { // crawl changes the spider's grips
    cached = n;
    lists = [w.constraints(web), w.constraints(spider)];
  }
  return lists;
}

const frames = { count: 0, rafMs: [] };
window.baseline = frames;

function draw() {
  const p = w.positions;
  ctx.clearRect(0, 0, W, H);
  const [webList, spiderList] = constraintLists();
  for (const c of webList) {
    if (c.kind === 'pin') {
      ctx.beginPath();
      ctx.arc(c.target[0], c.target[1], 6, 0, 2 * Math.PI);
      ctx.fillStyle = 'rgba(0,153,255,0.1)';
      ctx.fill();
    } else if (c.kind === 'distance') {
      ctx.beginPath();
      ctx.moveTo(p[2 * c.a], p[2 * c.a + 1]);
      ctx.lineTo(p[2 * c.b], p[2 * c.b + 1]);
      ctx.strokeStyle = '#d8dde2';
      ctx.stroke();
    }
  }
  for (const i of w.compositeParticles(web)) {
    ctx.beginPath();
    ctx.arc(p[2 * i], p[2 * i + 1], 1.3, 0, 2 * Math.PI);
    ctx.fillStyle = '#2dad8f';
    ctx.fill();
  }
  ctx.fillStyle = '#000';
  for (const [i, r] of [[parts.head, 4], [parts.thorax, 4], [parts.abdomen, 8]]) {
    ctx.beginPath();
    ctx.arc(p[2 * i], p[2 * i + 1], r, 0, 2 * Math.PI);
    ctx.fill();
  }
  for (let j = 3; j < spiderList.length; j++) {
    const c = spiderList[j];
    if (c.kind !== 'distance') continue;
    const line = () => { ctx.beginPath(); ctx.moveTo(p[2 * c.a], p[2 * c.a + 1]); ctx.lineTo(p[2 * c.b], p[2 * c.b + 1]); };
    const off = (j - 3) % 16;
    if (j < 67 && off < 6) {
      ctx.save();
      if (off < 4) { line(); ctx.strokeStyle = '#d8dde2'; ctx.stroke(); } // the grey under-stroke
      line();
      ctx.lineWidth = [3, 3, 2, 2, 1.5, 1.5][off];
      ctx.strokeStyle = '#000';
      ctx.stroke();
      ctx.restore();
    } else {
      line();
      ctx.strokeStyle = '#000';
      ctx.stroke();
    }
  }
  // highlight: nearest entity to the mouse, which starts at (0, 0)
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < w.particleCount(); i++) {
    const d = p[2 * i] ** 2 + p[2 * i + 1] ** 2;
    if (d <= 400 && d < bestD) { best = i; bestD = d; }
  }
  if (best >= 0) {
    ctx.beginPath();
    ctx.arc(p[2 * best], p[2 * best + 1], 8, 0, 2 * Math.PI);
    ctx.strokeStyle = '#4f545c';
    ctx.stroke();
  }
}

function loop() {
  const t = performance.now();
  w.spiderTick();
  w.frame(16);
  draw();
  requestAnimationFrame(loop);
  frames.count++;
  frames.rafMs.push(performance.now() - t);
}
loop();
document.documentElement.dataset.baseline = 'ready';
