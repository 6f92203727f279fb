// hashes.mjs -- the determinism runs of issue 27 part 3, as self-contained functions that run
// the same in Node and in a browser page (page.evaluate passes their source):
//   robustHashes   every scene built for the robust solver (solver chosen before the build, as
//                  the page and `silk-lab hash` do): 300 x advance(1/60), then stateHash(); and
//                  the hash a replay of that run's recording reaches. Portable: the same bits in
//                  native, Node, Chromium, Firefox and WebKit.
//   compatVsReference  the compat solver against tests/reference/verlet-ref.mjs (verlet-js's
//                  semantics in plain JS) run in the SAME engine: both take Math.cos/sin/atan2
//                  from that engine, so they agree bit for bit there -- and only there (the
//                  hashes themselves are per-engine: docs/verification.md).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const SCENES = ['web', 'cloth', 'shapes', 'tree'];
export const FRAMES = 300;

/** { scene: { hash, replay } } for the robust solver. `silkUrl`: the module to import. */
export async function robustHashes({ silkUrl, scenes, frames }) {
  const { loadSilk } = await import(silkUrl);
  const silk = await loadSilk();
  const out = {};
  for (const scene of scenes) {
    const w = silk.createWorld({ solver: 'robust', seed: 1, width: 800, height: 500 });
    w.buildScene(scene);
    w.startRecording(); // the recording starts from a snapshot of the built scene
    for (let f = 0; f < frames; f++) w.advance(1 / 60);
    const hash = w.stateHash();
    const rec = w.stopRecording();
    const again = silk.createWorld({ solver: 'robust', seed: 1, width: 800, height: 500 });
    const r = again.replay(rec);
    out[scene] = { hash, replay: r.hash, matches: r.matches, steps: r.steps };
    w.destroy();
    again.destroy();
  }
  return out;
}

/**
 * The compat solver and the reference, frame by frame in one engine: the spider page (seed 1,
 * spiderTick + frame(16)) and the cloth page. Returns { scene: first differing frame or -1,
 * frames, hash } per scene.
 */
export async function compatVsReference({ silkUrl, refUrl, frames }) {
  const { loadSilk } = await import(silkUrl);
  const ref = await import(refUrl);
  const silk = await loadSilk();
  const same = (a, b) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
  const out = {};
  {
    const w = silk.createWorld({ seed: 1 });
    w.buildScene('web');
    const r = ref.spiderPage({ seed: 1, originalVec2: true });
    let differs = same(w.positions, r.positions) ? -1 : 0;
    for (let f = 1; f <= frames && differs < 0; f++) {
      w.spiderTick(); r.spiderTick();
      w.frame(16); r.frame(16);
      if (!same(w.positions, r.positions) || !same(w.lastPositions, r.lastPositions)) differs = f;
    }
    out.web = { differs, hash: w.stateHash() };
    w.destroy();
  }
  {
    const w = silk.createWorld({ seed: 7 });
    w.buildScene('cloth');
    const r = ref.createWorld({ seed: 7, originalVec2: true });
    r.friction = 1;
    r.cloth({ x: 400, y: 500 / 3, width: 250, height: 250, segments: 20, pinMod: 6, stiffness: 0.9 });
    let differs = same(w.positions, r.positions) ? -1 : 0;
    for (let f = 1; f <= frames && differs < 0; f++) {
      w.frame(16); r.frame(16);
      if (!same(w.positions, r.positions)) differs = f;
    }
    out.cloth = { differs, hash: w.stateHash() };
    w.destroy();
  }
  return out;
}

/** The native build's robust hashes: build/native/silk-lab hash, per scene. */
export function nativeHashes(root, scenes = SCENES, frames = FRAMES) {
  const lab = path.join(root, 'build', 'native', 'silk-lab');
  const out = {};
  for (const scene of scenes) {
    out[scene] = execFileSync(lab, ['hash', '--scene', scene, '--solver', 'robust', '--seed', '1', '--frames', String(frames)], { encoding: 'utf8' }).trim();
  }
  return out;
}
