// bench-worker-scene.mjs -- the default scene (web + spider) as the page runs it, for a canvas
// on either thread: loadSilk, the web scene of scenes.mjs, a fixed 1/60 s step with
// interpolation, and the page's drawing (render.mjs's transform and draw.mjs via the scene).
import { loadSilk, DIAG, VERDICTS } from './silk.mjs';
import { getScene } from './scenes.mjs';
import * as draw from './draw.mjs';

export function compactLine(d) {
  return `step ${d[DIAG.RELAX_PASSES]} · k/step ${d[DIAG.K_EFFECTIVE].toPrecision(3)} ${VERDICTS[d[DIAG.VERDICT]]} · strain p97 ${(d[DIAG.STRAIN_P97] * 100).toPrecision(3)} % · r ${d[DIAG.BOUNDING_RADIUS].toPrecision(4)} px`;
}

export async function createScene(canvas, size) {
  const silk = await loadSilk({ wasm: new URL('./silk.wasm', import.meta.url) });
  const world = silk.createWorld({ width: 800, height: 500, seed: 1 });
  const scene = getScene('web');
  scene.build(world, { tensor: 0.3 });
  const state = scene.prepare(world);
  const ctx = canvas.getContext('2d', { alpha: false, desynchronized: true });
  const k = size.width / 800; // device px per world px (the canvas is 8:5)
  const frame = { px: 1 / k, cssPx: 800 / size.cssWidth };
  let last = -1;
  let alpha = 0;
  return {
    down(x, y) { const i = world.findNearest(x, y, 20); if (i >= 0) world.dragBegin(i, x, y); },
    move(x, y) { if (world.draggedParticle >= 0) world.dragMove(x, y); },
    up() { world.dragEnd(); },
    frame(now) {
      const dt = last < 0 ? 0 : Math.min(0.1, (now - last) / 1000);
      last = now;
      if (dt > 0) alpha = world.advance(dt).alpha;
      const d = world.updateDiagnostics(400, 250);
      draw.bindFrame(frame, world, alpha, d);
      ctx.setTransform(k, 0, 0, k, 0, 0);
      ctx.fillStyle = scene.background;
      ctx.fillRect(0, 0, 800, 500);
      ctx.lineCap = 'butt';
      ctx.lineJoin = 'miter';
      scene.draw(ctx, frame, state);
      return d;
    },
  };
}
