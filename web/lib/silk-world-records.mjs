// silk-world-records.mjs -- World's members for the state hash, snapshots, recordings and
// replays (silk.h: snapshot and recording formats). silk-world.mjs adds them to World; `this`
// is the World.
import { LIMITS } from './silk-boundary.mjs';
import { int, bytesArg, hexBig } from './silk-checks.mjs';

export class WorldRecords {
  // -- hash, snapshots, recording --
  /** FNV-1a 64 of positions, last positions, masses, constraints, generator: 16 hex digits. */
  stateHash() {
    const s = this._silk._scratch;
    this._call('stateHash', this._x.silk_js_state_hash(this._ptr, s));
    return hexBig(this._silk._readStruct('silk_js_hash', s).hash);
  }

  _bytesOut(where, sizeFn, writeFn) {
    const size = this._call(where, sizeFn());
    const silk = this._silk;
    const mem = silk._alloc(size);
    try {
      this._call(where, writeFn(mem, size));
      return new Uint8Array(silk.memory.buffer, mem, size).slice();
    } finally {
      silk.exports.silk_js_free(mem);
    }
  }

  _bytesIn(where, bytes, fn) {
    const silk = this._silk;
    const mem = silk._alloc(Math.max(bytes.length, 1));
    try {
      new Uint8Array(silk.memory.buffer, mem, bytes.length).set(bytes);
      return fn(mem, bytes.length);
    } finally {
      silk.exports.silk_js_free(mem);
    }
  }

  /** The whole world as bytes (silk.h: snapshot format). */
  snapshot() {
    const x = this._x;
    return this._bytesOut('snapshot', () => x.silk_js_snapshot_size(this._ptr), (mem, size) => x.silk_js_snapshot(this._ptr, mem, size));
  }

  /** Restores snapshot() bytes. Foreign or corrupt bytes throw and leave the world unchanged. */
  restore(bytes) {
    const data = bytesArg('restore', 'bytes', bytes);
    const x = this._x;
    this._call('restore', this._bytesIn('restore', data, (mem, size) => x.silk_js_restore(this._ptr, mem, size)));
  }

  /** Snapshots the world now and records the inputs (drag, settings) of every following step. */
  startRecording() { this._call('startRecording', this._x.silk_js_record_begin(this._ptr)); }

  /** Stops recording and returns the recording file (silk.h: recording format). */
  stopRecording() {
    this._call('stopRecording', this._x.silk_js_record_end(this._ptr));
    return this.exportRecording();
  }

  get recording() { return this._x.silk_js_recording(this._ptr) === 1; }

  /** The recording so far (it keeps running) as the file `silk-lab replay FILE` reads. */
  exportRecording() {
    const x = this._x;
    return this._bytesOut('exportRecording', () => {
      const n = x.silk_js_recording_size(this._ptr);
      if (n === 0) throw new Error('exportRecording: nothing recorded (call startRecording first)');
      return n;
    }, (mem, size) => x.silk_js_recording_export(this._ptr, mem, size));
  }

  /**
   * A replay to watch: restores the recording's snapshot and, from the next advance() on, every
   * step applies the recording's inputs of that step until the recording is done (then
   * playStatus().matches compares the state hash with the recorded one). Bad bytes throw;
   * the world is unchanged.
   */
  playBegin(bytes) {
    const data = bytesArg('playBegin', 'bytes', bytes);
    const x = this._x;
    this._call('playBegin', this._bytesIn('playBegin', data, (mem, size) => x.silk_js_play_begin(this._ptr, mem, size)));
    this._playBytes = Uint8Array.from(data); // what an upgrade replays to move it (silk-upgrade.mjs)
  }

  /**
   * { playing, finished, step, steps, hash, recordedHash, matches, stepWork } of the replay in
   * progress or just done (stepWork: the most one of its steps may cost, in element passes).
   */
  playStatus() {
    const s = this._silk._scratch;
    this._call('playStatus', this._x.silk_js_play_status(this._ptr, s));
    const p = this._silk._readStruct('silk_play_status', s);
    return {
      playing: p.playing, finished: p.finished, step: p.step, steps: p.steps,
      hash: p.finished ? hexBig(p.hash) : null, recordedHash: hexBig(p.recorded_hash),
      matches: p.matches, stepWork: p.step_work,
    };
  }

  /** Stops a replay in progress; the world keeps the state it reached. */
  playStop() { this._x.silk_js_play_stop(this._ptr); }

  /**
   * Runs at most maxSteps (integer >= 0) steps of the replay playBegin armed, without the wall
   * clock, and returns how many ran (0 when nothing plays): a long replay in slices that a
   * host can stop between (playStop).
   */
  playRun(maxSteps) {
    int('playRun', 'maxSteps', maxSteps);
    const { stepWork, playing } = this.playStatus();
    const most = playing && stepWork > 0 ? Math.floor(LIMITS.LAB_MAX_PASSES / stepWork) : Infinity;
    if (maxSteps > most) {
      throw new RangeError(`playRun: maxSteps ${maxSteps} of ${stepWork} element passes each is more work than one call ` +
        `may block for (steps x stepWork <= ${LIMITS.LAB_MAX_PASSES}); run at most ${most} steps per call`);
    }
    const s = this._silk._scratch;
    this._call('playRun', this._x.silk_js_play_run(this._ptr, maxSteps, s), { arg: 'maxSteps', value: maxSteps });
    return this._silk._readStruct('silk_js_play_run_result', s).steps;
  }

  /**
   * Restores a recording's snapshot into this world and replays its inputs step by step.
   * Returns { steps, hash, recordedHash, matches }. Bad bytes throw; the world is unchanged.
   */
  replay(bytes) {
    const data = bytesArg('replay', 'bytes', bytes);
    const x = this._x;
    // the whole replay runs in this call: bounded by work as runFrames is (a longer recording
    // plays in slices: playBegin, then playRun). Its steps and step work are read by loading
    // it into a world of its own, so that a refusal leaves this one unchanged.
    const { steps, stepWork } = replayWork(this._silk, data);
    const most = stepWork > 0 ? Math.floor(LIMITS.LAB_MAX_PASSES / stepWork) : Infinity;
    if (steps > most) {
      throw new RangeError(`replay: a recording of ${steps} steps of ${stepWork} element passes each is more work than ` +
        `one call may block for (steps x stepWork <= ${LIMITS.LAB_MAX_PASSES}); replay at most ${most} steps of it per call ` +
        '(playBegin, then playRun in slices)');
    }
    const s = this._silk._scratch;
    this._call('replay', this._bytesIn('replay', data, (mem, size) => x.silk_js_replay(this._ptr, mem, size, s)));
    const r = this._silk._readStruct('silk_replay_result', s);
    return { steps: r.steps, hash: hexBig(r.hash), recordedHash: hexBig(r.recorded_hash), matches: r.matches };
  }
}

/** { steps, stepWork } of a recording, loaded into a scratch world (bad bytes throw as replay's). */
function replayWork(silk, data) {
  const scratch = silk.createWorld();
  try {
    const x = scratch._x;
    scratch._call('replay', scratch._bytesIn('replay', data, (mem, size) => x.silk_js_play_begin(scratch._ptr, mem, size)));
    const { steps, stepWork } = scratch.playStatus();
    return { steps, stepWork };
  } finally {
    scratch.destroy();
  }
}
