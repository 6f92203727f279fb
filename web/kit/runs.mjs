// runs.mjs -- the page's silent runs, inside wasm on fresh copies of the scene (the world on
// screen is not touched): "Run 300-frame diagnostic" and one row of "Step sweep 1→32". The
// runtime (runtime.mjs) answers the calls runDiagnostic and sweepRow with them, on either thread.
// A copy is built like the live one: same scene, seed, tensor and the user's friction and
// gravity; the web's crawl rule runs before every frame (world.runFrames with autoCrawl).
//
// A lab scene (rope's cloth, coupling ...) builds from its lab context (lab-core.mjs): the copy
// gets one of its own, with the scene's current lab settings (`labSettings`), that changes
// nothing else -- takeWorld, set and the pointer tool are no-ops on a copy.
export function createRuns({ silk, size, current, labSettings = () => null }) {
  function scratchContext(scene, w, settings) {
    const none = () => {};
    return {
      silk, world: w, params: new URLSearchParams(), seed: settings.seed, embed: false,
      settings: { ...(scene.defaults ?? {}), ...(labSettings() ?? {}) },
      set: none, rebuild: none, act: none, refresh: none, takeWorld: none,
      now: () => performance.now(), pointer: () => none,
    };
  }

  function scratchWorld(step) {
    const { scene, settings, overrides } = current();
    const [width, height] = size();
    const w = silk.createWorld({ width, height, seed: settings.seed, step });
    scene.build(w, settings, scratchContext(scene, w, settings));
    if (overrides.friction !== undefined) w.friction = overrides.friction;
    if (overrides.gravity !== undefined) w.gravity = [0, overrides.gravity];
    return w;
  }

  function run(step, frames) {
    const w = scratchWorld(step);
    try {
      return w.runFrames(frames, step, [w.width / 2, w.height / 2]);
    } finally {
      w.destroy();
    }
  }

  return {
    /** `frames` frames at the current step: diagnostics + what was run and how long it took. */
    runDiagnostic(frames = 300) {
      const { settings } = current();
      const t0 = performance.now();
      const d = run(settings.step, frames);
      return { ...d, frames, scene: settings.scene, step: settings.step, seed: settings.seed, ms: performance.now() - t0 };
    },
    /** One sweep row: the linear verdict for `step` and what `frames` frames actually did. */
    sweepRow(step, frames = 120) {
      const d = run(step, frames);
      return {
        step, kEffective: d.kEffective, stabilityMargin: d.stabilityMargin, verdict: d.verdict,
        boundingRadius: d.boundingRadius, nanCount: d.nanCount, exploded: d.exploded,
      };
    },
  };
}
