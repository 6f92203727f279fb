// lite.mjs -- which engine module a host starts on, and the upgrade a runtime makes before a
// message that needs more (issue 26 item 3, bytes).
//
// silk-lite.wasm (silk.h silk_features) is the engine with the compat solver only: 34 KB
// gzipped against silk.wasm's 49. A host starts on it when what it is asked to show needs
// nothing else: a built-in compat scene (LITE_SCENES: web, tree) on the compat solver, not your own scene
// (its JSON or module may use the robust solver or radii: it starts on silk.wasm) and not a lab
// scene (their modules use the robust solver and the ball lesson). Later, when a message asks for
// more -- set('solver', 'robust'), set('scene', 'ball-pit') or any scene outside LITE_SCENES --
// the runtime awaits silk.upgrade() (web/lib/silk-upgrade.mjs: the world moves to silk.wasm
// with its state, the same state hash) before it applies that message, and holds every message
// after it until then, so their order is kept. A run on silk.wasm never looks back.
//
// The recorder of the page and its embeds (replay.mjs) keeps a recording running, which cannot
// move between modules: the runtime hands its windows over around the upgrade (beforeUpgrade /
// afterUpgrade), so "Replay the last 10 s" still plays what came before it (a compat recording
// plays to the same bits on silk.wasm).

/** The scenes a host starts on silk-lite.wasm. Not `cloth`: in the element and the page it is
 *  the cloth lab, whose seed 003 mode runs the robust solver (lab-rope.mjs), switched by a lab
 *  setting, not a `set`. */
export const LITE_SCENES = new Set(['web', 'tree']);

/** Whether a host may start on silk-lite.wasm: settings as parseParams's (scene, solver), own:
 *  the host's own scene (any value: yes). */
export function startsLite(settings, own = null) {
  return !own && settings.solver !== 'robust' && LITE_SCENES.has(String(settings.scene ?? 'web'));
}

/** Whether a runtime message (protocol.mjs TO_RUNTIME) needs silk.wasm. */
export function needsFull(msg) {
  if (msg.type !== 'set') return false;
  if (msg.name === 'solver') return msg.value === 'robust';
  if (msg.name === 'scene') return !LITE_SCENES.has(String(msg.value));
  return false;
}

/**
 * The runtime's gate (serveRuntime): take(msg) returns true when it keeps `msg` to apply after
 * an upgrade -- because msg needs silk.wasm and the run is on silk-lite.wasm, or because an
 * upgrade is under way and msg must not overtake the ones before it. apply(msg) is the run's
 * handle; run() the running run ({ silk, beforeUpgrade, afterUpgrade, upgraded(ms) }); fail(reason)
 * posts a refusal: when the upgrade failed, each held message that needed silk.wasm is refused
 * (nothing changes) and the others are applied in order; a later one tries again. source:
 * what the upgrade loads (silk.upgrade's; undefined: silk.wasm).
 */
export function createUpgradeGate({ run, apply, fail, source }) {
  let held = null;
  return {
    get upgrading() { return held !== null; },
    take(msg) {
      if (held) { held.push(msg); return true; }
      const r = run();
      if (!r || r.silk.module === 'full' || !needsFull(msg)) return false;
      held = [msg];
      r.beforeUpgrade?.();
      const t0 = performance.now();
      let failed = null;
      r.silk.upgrade(source).then(() => {
        r.upgraded?.(performance.now() - t0);
      }, (e) => {
        failed = e?.message ?? String(e);
      }).finally(() => {
        r.afterUpgrade?.();
        const queued = held;
        held = null;
        for (const m of queued) { // in order; none of them is gated again
          // what needed silk.wasm is refused, naming why; the world stays as it was
          if (failed !== null && needsFull(m)) fail(`set ${JSON.stringify(m.name)}: silk.wasm could not be loaded (${failed}); nothing changed`);
          else apply(m);
        }
      });
      return true;
    },
  };
}
