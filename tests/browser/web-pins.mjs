// web-pins.mjs -- where the default web's pins are, in world px: the particles they hold sit on
// them until dragged, so a test knows where a particle is even when the world lives in a Worker
// (tests/browser/swipe.test.mjs, the engines suite's touch decision).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSilk } from '../../web/lib/silk.mjs';
import { getScene } from '../../web/kit/scenes.mjs';
import { parseParams } from '../../web/kit/params.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** [{ i (the pinned particle), x, y }] of the web every host starts with (default scene and
 *  seed), built on dist/silk.wasm. */
export async function webPins() {
  const silk = await loadSilk({ wasm: await readFile(path.join(root, 'dist', 'silk.wasm')) });
  const { settings } = parseParams('');
  const w = silk.createWorld({ seed: settings.seed });
  getScene(settings.scene).build(w, settings, {});
  const t = w.constraintTargets;
  const pins = [];
  w.constraintKinds.forEach((k, j) => { if (k === 2) pins.push({ i: w.constraintA[j], x: t[2 * j], y: t[2 * j + 1] }); });
  w.destroy();
  return pins;
}
