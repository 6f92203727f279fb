// silk-upgrade.mjs -- silk.upgrade(): a Silk that started on the compat-only module
// (silk-lite.wasm, silk.h silk_features) moves to the full one in place, when its host needs the
// robust solver. Loaded only then (silk-module.mjs imports it on the first upgrade).
//
// How: the full module is instantiated beside the lite one, and every live World is rebuilt in
// it from its snapshot (the snapshot holds the whole state: settings, clock, accumulator, the
// extension's crawl state; the state hash is over the same bytes) and its watchdog's settings,
// which snapshots do not hold (its history restarts, as after any restore). A World that is replaying is
// rebuilt by replaying the same recording to the same step, so it keeps playing. Only when every
// world has been rebuilt does anything change: the Silk takes the new module's exports and
// memory (silk-memory.mjs _attach) and each World its new address. World objects, their Views
// (they re-make themselves when memory.buffer changes) and the host's references stay the same.
// A failure (the module does not load, memory) throws and leaves everything on the lite module.
//
// What does not move: a recording in progress (its start snapshot and events live in the lite
// module, and a recording cannot resume in another world): upgrade() refuses, naming the world,
// before anything changes -- stop or export the recording first. Steppers of createStepper()
// (no solver, no world) stay on the lite module, which stays alive for them: each keeps a Silk of
// its own over the lite module's exports and scratch.
import { LIMITS, LAYOUT } from './silk-boundary.mjs';
import { instantiateSilk } from './silk-instantiate.mjs';

/** Moves `silk` (a Silk on the compat-only module) to the module `source` names (loadSilk's
 *  options.wasm; undefined: the default module). Resolves to `silk`. */
export async function upgradeSilk(silk, source) {
  const worlds = [...silk._worlds];
  for (const w of worlds) {
    if (w.recording) {
      throw new Error('upgrade: a world is recording; the recording cannot move to the full module ' +
        '(stopRecording() or exportRecording() first)');
    }
  }
  const exports = await instantiateSilk(source);
  const next = new silk.constructor(exports); // Silk's constructor checks the exports
  if (next.module !== 'full') {
    throw new Error('upgrade: the module given has the compat solver only (serve silk.wasm, not silk-lite.wasm)');
  }
  // everything the move needs, read before anything changes
  const moved = [];
  try {
    for (const w of worlds) {
      const nw = next.createWorld();
      moved.push(nw);
      const play = w.playStatus();
      if (play.playing) {
        // the recording the replay plays, to the step it reached: the same state, still playing
        nw.playBegin(w._playBytes);
        const slice = play.stepWork > 0 ? Math.max(1, Math.floor(LIMITS.LAB_MAX_PASSES / play.stepWork)) : play.step;
        for (let done = 0; done < play.step;) done += nw.playRun(Math.min(slice, play.step - done));
      } else {
        nw.restore(w.snapshot());
      }
      // the watchdog's settings are not in snapshots: the same def, byte for byte
      const size = LAYOUT.silk_watchdog_def.size;
      const from = silk._def.silk_watchdog_def;
      const to = next._def.silk_watchdog_def;
      silk.exports.silk_js_get_watchdog(w._ptr, from);
      new Uint8Array(next.memory.buffer, to, size).set(new Uint8Array(silk.memory.buffer, from, size));
      nw._call('upgrade', exports.silk_js_set_watchdog(nw._ptr, to));
      if (nw.stateHash() !== w.stateHash()) {
        throw new Error('upgrade: a world did not reach the same state in the full module');
      }
    }
  } catch (e) {
    for (const nw of moved) nw.destroy();
    throw e;
  }
  // the swap: nothing below can fail. The steppers keep the module they live in.
  const stay = Object.assign(Object.create(Object.getPrototypeOf(silk)), silk);
  stay._worlds = new Set();
  for (const st of silk._steppers) st._silk = stay;
  // (next's scratch, defaults and views: made by its constructor, which ran the module's
  // _initialize once; so the Silk takes them rather than attaching again)
  for (const key of ['exports', 'memory', '_scratch', '_advanceOut', '_def', '_defaults', '_detail']) silk[key] = next[key];
  silk._heapBuffer = null;
  silk._worlds = new Set(worlds);
  silk._steppers = new Set();
  worlds.forEach((w, i) => { w._ptr = moved[i]._ptr; });
  return silk;
}
