// replay.mjs -- "Replay the last 10 s": the page records its own inputs and can play them back.
//
// The engine records per fixed step (world.startRecording: a snapshot, then every drag and
// setting change stamped with its step) and plays a recording back inside the normal loop
// (world.playBegin: each step that advance() runs applies the recorded inputs of that step),
// ending with a state-hash comparison against the recorded run. This module only decides
// which recordings to keep: the recording restarts every WINDOW steps, so at any moment the
// previous window (exactly 10 s) and the current one (0-10 s) together hold the last 10 to
// 20 s. A replay plays them in turn; each must end on its recorded hash.

const WINDOW = 600; // fixed steps per recording window: 10 s at 1/60 s

export function createReplay(world) {
  let previous = null; // Uint8Array: the last complete window, or null
  let steps = 0; // steps recorded in the current window
  let queue = []; // recordings still to play
  let played = []; // { steps, hash, recordedHash, matches } of the parts played so far
  let state = 'idle'; // 'idle' | 'playing' | 'done'
  let carried = null; // windows closed by an upgrade to silk.wasm (lite.mjs), played before the current one

  function restart() {
    previous = null;
    carried = null;
    steps = 0;
    world.startRecording();
  }

  function startNext() {
    const bytes = queue.shift();
    world.playBegin(bytes);
  }

  return {
    /** After a scene was built: a fresh recording, nothing to replay before it. */
    sceneBuilt() {
      queue = [];
      played = [];
      state = 'idle';
      restart();
    },

    /** After a display frame ran `n` fixed steps: rotates the window, or follows the replay. */
    afterSteps(n) {
      if (state === 'playing') {
        const s = world.playStatus();
        if (s.playing) return;
        played.push({ steps: s.steps, hash: s.hash, recordedHash: s.recordedHash, matches: s.matches });
        if (queue.length > 0 && s.matches) {
          startNext();
          return;
        }
        state = 'done';
        // carry on recording from here, so the button works again
        previous = null;
        steps = 0;
        world.startRecording();
        return;
      }
      steps += n;
      if (steps >= WINDOW) {
        carried = null;
        previous = world.exportRecording();
        world.startRecording();
        steps = 0;
      }
    },

    /** Plays back the last 10-20 s (or everything since the scene was built). */
    replayLast() {
      if (state === 'playing') world.playStop();
      const current = world.exportRecording();
      queue = [...(carried ?? (previous ? [previous] : [])), current];
      played = [];
      state = 'playing';
      this.downloads = queue.slice();
      startNext();
    },

    /** Before the world moves to silk.wasm (lite.mjs): a recording cannot move, so the window so
     *  far closes here and is kept, after the one before it, for the next replay. */
    beforeUpgrade() {
      if (state === 'playing' || !world.recording) return; // a replay moves as it is
      const cut = world.stopRecording();
      carried = [...(carried ?? (previous ? [previous] : [])), cut];
    },

    /** After it (or after it failed): the window goes on recording, from the world's state now. */
    afterUpgrade() {
      if (carried !== null && state !== 'playing' && !world.recording) world.startRecording();
    },

    /** Stops a replay in progress (the world keeps the state it reached). */
    stop() {
      if (state !== 'playing') return;
      world.playStop();
      queue = [];
      state = 'done';
      restart();
    },

    /** True while recorded inputs drive the world (the page ignores the pointer then). */
    get playing() { return state === 'playing'; },

    /** Recordings of the last replay, for download (silk-lab replay FILE). */
    downloads: [],

    /** { state, step, steps, parts: [{ steps, hash, recordedHash, matches }], matches } */
    status() {
      const parts = played.slice();
      let step = parts.reduce((a, p) => a + p.steps, 0);
      let total = step;
      if (state === 'playing') {
        const s = world.playStatus();
        step += s.step;
        total += s.steps;
        for (const bytes of queue) total += new DataView(bytes.buffer, bytes.byteOffset).getUint32(16, true);
      }
      const matches = state === 'done' && parts.length > 0 && parts.every((p) => p.matches);
      return { state, step, steps: total, parts, matches, seconds: total / 60 };
    },
  };
}
