// silk-world-scene.mjs -- World's members for scenes as data (docs/library.md, "Scenes as data"):
// load(scene) and toJSON(). silk-world.mjs adds them to World; `this` is the World.
//
// HOW LOAD KEEPS "BAD INPUT LOSES NOTHING". checkScene (silk-scene.mjs) checks the shape first.
// Then the scene is built in a scratch world through the ordinary calls (setSize, addParticle,
// addDistance, setRadius, addPolygon ...), so every range is the engine's own check, and a
// refusal is rethrown naming the scene field that caused it. Only when the whole scene has been
// built does this world change: the scratch world's snapshot is restored into it (restore is
// all or nothing) and the polygons are added (polygons are not in snapshots).
//
// THE STATE NO CALL SETS. A scene saved with toJSON must load to the same state hash, and the
// hash covers three things that no call sets: the robust velocity a particle carries between
// steps, the generator's state, the extension's values (the extras' spider crawl), and an angle
// constraint's rest angle (taken from the positions when it is added). toJSON reads them from
// the world's snapshot, and load writes them into the scratch world's snapshot before the
// engine checks it, at the offsets of the snapshot format (silk.h, "SNAPSHOT FORMAT"; the
// layout below). The layout is checked against the world it was read from on every use
// (version, counts, the particles' positions): a future format this file does not know is an
// Error, never a wrong state. The host's stepper and loop mode are not scene content: load
// keeps this world's.
import { WORLD_SETTINGS, CONSTRAINT_KINDS } from './silk-boundary.mjs';
import { hexBig } from './silk-checks.mjs';
import { getSetting } from './silk-world-settings.mjs';
import { checkScene, named, SCENE_FORMAT, SCENE_VERSION } from './silk-scene.mjs';
import { addMembers } from './silk-world.mjs';

let installed = false;

/** Adds load and toJSON to World, once. silk.mjs calls it (the full library always has them);
 *  silk-base.mjs's loadSceneFormat() calls it after importing this module lazily. */
export function installSceneFormat() {
  if (installed) return;
  addMembers(WorldScene);
  installed = true;
}

// ---- the snapshot's layout (format version 7; engine/src/snapshot.c writes it) --------------

const SNAP = Object.freeze({
  VERSION: 7,
  HEADER: 32, // magic, version, reserved, payload length (u64 at 16), FNV-1a 64 (u64 at 24)
  // payload offsets of the fixed part (284 bytes; v7 added the 16 bytes of the sleep settings)
  SEED: 48, RNG: 56, LOOP_MODE: 68, STEPPER: 112, STEPPER_BYTES: 12, COUNTS: 272, FIXED: 284,
  PARTICLE: 88, P_POS: 0, P_LAST: 16, P_INVERSE_MASS: 48, P_VELOCITY: 56, P_COMPOSITE: 72,
  P_SLEEP: 84,
  COMPOSITE: 20,
  CONSTRAINT: 56, C_REST: 24,
});

/** The offsets of a snapshot of `world` (taken now), checked against the world. */
function layout(bytes, world) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 8));
  const version = dv.getUint32(8, true);
  const unknown = (why) => new Error(`silk: scenes read snapshot format version ${SNAP.VERSION}; this engine's snapshot ${why}`);
  if (magic !== 'SILKSNAP' || version !== SNAP.VERSION) throw unknown(`is version ${version}`);
  const P = SNAP.HEADER;
  const n = world.particleCount, k = world.compositeCount, c = world.constraintCount;
  const counts = [0, 4, 8].map((d) => dv.getInt32(P + SNAP.COUNTS + d, true));
  if (counts[0] !== n || counts[1] !== k || counts[2] !== c) throw unknown('does not hold the counts where version 6 does');
  const particles = P + SNAP.FIXED;
  const composites = particles + n * SNAP.PARTICLE;
  const constraints = composites + k * SNAP.COMPOSITE;
  const extension = constraints + c * SNAP.CONSTRAINT;
  const tail = dv.getInt32(extension + 4, true);
  if (extension + 8 + 4 * tail !== bytes.length || dv.getBigUint64(P + SNAP.SEED, true) !== getSetting(world, 'seed')) {
    throw unknown('is not laid out as version 6');
  }
  const xy = world.positions;
  for (const i of n > 0 ? [0, n - 1] : []) {
    const at = particles + i * SNAP.PARTICLE + SNAP.P_POS;
    if (!Object.is(dv.getFloat64(at, true), xy[2 * i]) || !Object.is(dv.getFloat64(at + 8, true), xy[2 * i + 1])) {
      throw unknown('does not hold the positions where version 6 does');
    }
  }
  return { dv, particles, composites, constraints, extension };
}

/** FNV-1a 64 of bytes[from, to) as [lo, hi] 32-bit words (the snapshot format's checksum;
 *  tests/js/helpers.mjs re-exports it for the suites that reseal patched bytes). */
export function fnv1a(bytes, from, to) {
  let lo = 0x84222325;
  let hi = 0xcbf29ce4;
  for (let i = from; i < to; i++) {
    lo = (lo ^ bytes[i]) >>> 0;
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
    lo = loMul >>> 0;
  }
  return [lo, hi];
}

/** Writes the payload length and checksum of a snapshot whose payload was edited. */
function reseal(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  dv.setBigUint64(16, BigInt(bytes.length - SNAP.HEADER), true);
  const [lo, hi] = fnv1a(bytes, SNAP.HEADER, bytes.length);
  dv.setUint32(24, lo, true);
  dv.setUint32(28, hi, true);
}

// ---- errors ----------------------------------------------------------------------------------

/** An engine or binding refusal of the call that built `path`, rethrown naming the field. */
function refusal(path, e) {
  if (!(e instanceof Error) || e.message.startsWith('silk: ')) return e; // a bug or a wrong build: as it is
  const Kind = e instanceof TypeError ? TypeError : RangeError;
  return new Kind(`scene: ${path}: ${e.message.replace(/^[A-Za-z]+: /, '')}`);
}

function at(path, fn) {
  try {
    return fn();
  } catch (e) {
    throw refusal(path, e);
  }
}

// ---- building the scene in a scratch world ---------------------------------------------------

/** Builds the checked scene into the empty world `w`; returns what only the bytes can carry. */
function build(w, scene) {
  const s = scene.world;
  if (s.width !== undefined || s.height !== undefined) {
    const width = s.width ?? w.width, height = s.height ?? w.height;
    try {
      w.setSize(width, height);
    } catch (e) {
      throw refusal(/\bheight\b/.test(e.message) ? 'world.height' : 'world.width', e);
    }
  }
  for (const { option } of WORLD_SETTINGS) {
    if (s[option] === undefined || option === 'width' || option === 'height') continue;
    at(`world.${option}`, () => { if (option === 'seed') w.setSeed(s.seed); else w[option] = s[option]; });
  }
  w.matchRobustToCompat(); // as createWorld: robust settings follow the compat ones, then the scene's own
  for (const [key, value] of Object.entries(scene.robust)) at(`robust.${key}`, () => w.setRobust({ [key]: value }));
  // the solver before the constraints: a robust world measures rest angles with Silk's own trig
  at('solver', () => w.setSolver(scene.solver));

  // one try around each loop (not a closure per call: a big scene makes hundreds of thousands
  // of calls); `path` says which field the call that throws was building
  const velocities = [];
  const sleeps = []; // [particle, sleep state]: the robust sleep state no call sets
  let path = '';
  try {
    scene.composites.forEach((c, k) => {
      path = c.path;
      w.addComposite();
      for (const p of c.particles) {
        path = p.path;
        const i = w.addParticle(k, p.x, p.y);
        if (!Object.is(p.px, p.x) || !Object.is(p.py, p.y)) w.setLastPosition(i, p.px, p.py);
        if (p.mass !== undefined) { path = `${p.path}.mass`; w.setMass(i, p.mass); }
        if (p.inverseMass !== undefined) { path = `${p.path}.inverseMass`; w.setInverseMass(i, p.inverseMass); }
        if (p.radius !== undefined) { path = `${p.path}.radius`; w.setRadius(i, p.radius); }
        if (p.vx !== undefined || p.vy !== undefined) velocities.push([i, p.vx ?? 0, p.vy ?? 0]);
        if (p.sleep !== undefined) {
          path = `${p.path}.sleep`;
          if (p.sleep < -(i + 1)) throw new RangeError(`must be >= ${-(i + 1)} (asleep in the island of a particle at or before this one), got ${p.sleep}`);
          if (p.sleep !== 0) sleeps.push([i, p.sleep]);
        }
      }
    });
  } catch (e) {
    throw refusal(path, e);
  }
  const stiffness = w._silk._defaultsOf('silk_distance_def').stiffness;
  const rests = []; // [constraint, rest angle]: angles whose rest the scene gives
  let begin = 0;
  try {
    scene.composites.forEach((c, k) => {
      for (const x of c.constraints) {
        path = x.path;
        const options = x.compliance === undefined ? undefined : { compliance: x.compliance };
        if (x.kind === 'distance') {
          w.addDistance(k, x.a, x.b, x.stiffness ?? stiffness, x.rest, options);
        } else if (x.kind === 'angle') {
          const j = w.addAngle(k, x.a, x.b, x.c, x.stiffness, options);
          if (x.rest !== undefined) rests.push([begin + j, x.rest]);
        } else if (x.x === undefined) {
          w.addPin(k, x.a);
        } else {
          w.addPin(k, x.a, x.x, x.y);
        }
      }
      if (c.collision !== undefined) {
        path = `${c.path}.collision`;
        w.setCollisionFilter(k, Object.fromEntries(Object.entries(c.collision).filter(([, v]) => v !== undefined)));
      }
      begin += c.constraints.length;
    });
  } catch (e) {
    throw refusal(path, e);
  }
  for (const p of scene.polygons) at(p.path, () => w.addPolygon(p.friction === undefined ? { points: p.points } : { points: p.points, friction: p.friction }));
  return { velocities, rests, sleeps };
}

/** The scratch world's snapshot with the state no call sets written in, and the host's stepper
 *  and loop mode (this world's) kept. */
function patchedBytes(world, scratch, scene, extra) {
  const bytes = scratch.snapshot();
  const L = layout(bytes, scratch);
  const own = world.snapshot();
  layout(own, world);
  const P = SNAP.HEADER;
  bytes.set(own.subarray(P + SNAP.LOOP_MODE, P + SNAP.LOOP_MODE + 4), P + SNAP.LOOP_MODE);
  bytes.set(own.subarray(P + SNAP.STEPPER, P + SNAP.STEPPER + SNAP.STEPPER_BYTES), P + SNAP.STEPPER);
  if (scene.random !== undefined) L.dv.setBigUint64(P + SNAP.RNG, scene.random, true);
  for (const [i, vx, vy] of extra.velocities) {
    const at = L.particles + i * SNAP.PARTICLE + SNAP.P_VELOCITY;
    L.dv.setFloat64(at, vx, true);
    L.dv.setFloat64(at + 8, vy, true);
  }
  for (const [i, state] of extra.sleeps) L.dv.setInt32(L.particles + i * SNAP.PARTICLE + SNAP.P_SLEEP, state, true);
  for (const [j, rest] of extra.rests) L.dv.setFloat64(L.constraints + j * SNAP.CONSTRAINT + SNAP.C_REST, rest, true);
  let out = bytes;
  if (scene.extension !== undefined) {
    const { tag, values } = scene.extension;
    out = new Uint8Array(L.extension + 8 + 4 * values.length);
    out.set(bytes.subarray(0, L.extension));
    const dv = new DataView(out.buffer);
    dv.setUint32(L.extension, tag, true);
    dv.setInt32(L.extension + 4, values.length, true);
    values.forEach((v, k) => dv.setInt32(L.extension + 8 + 4 * k, v, true));
  }
  reseal(out);
  return out;
}

/** The polygons of a world: [{ points, friction }]. */
function polygonsOf(world) {
  return Array.from({ length: world.polygonCount }, (_, i) => ({
    points: world.polygon(i),
    friction: world._call('toJSON', world._x.silk_js_get_polygon_friction(world._ptr, i)),
  }));
}

// ---- what the binding remembers of the last load ---------------------------------------------

/** The counts a memo was made at: while the world keeps them, its name, view, drawing hints,
 *  and composite names (which the engine does not store) are still its. */
function stamp(world) {
  return `${world.particleCount}/${world.constraintCount}/${world.compositeCount}/${world.polygonCount}`;
}

function sceneMemo(world) {
  const memo = world._sceneMemo;
  return memo !== undefined && memo.stamp === stamp(world) ? memo : undefined;
}

/** load's work (the members below): checks, builds in a scratch world, then commits. */
function loadInto(world, data) {
  const scene = checkScene(data);
  const silk = world._silk;
  const scratch = silk.createWorld();
  let bytes;
  try {
    const extra = build(scratch, scene);
    bytes = patchedBytes(world, scratch, scene, extra);
    // the engine checks the written state (an extension's values against the counts ...)
    at(scene.extension !== undefined ? 'extension' : 'composites', () => scratch.restore(bytes));
  } finally {
    scratch.destroy();
  }
  // commit: from here on only memory can fail, and then the world goes back as it was
  const own = world.snapshot();
  const ownPolygons = polygonsOf(world);
  const ownMemo = world._sceneMemo;
  world.clear(); // the only way to remove polygons
  try {
    // polygons first: restore keeps them (they are not in snapshots), and adding one wakes the
    // sleeping discs (silk.h "Sleeping"), which would undo the sleep state restore sets
    for (const p of scene.polygons) world.addPolygon(p.friction === undefined ? { points: p.points } : { points: p.points, friction: p.friction });
    world.restore(bytes);
  } catch (e) {
    world.clear();
    for (const p of ownPolygons) world.addPolygon(p);
    world.restore(own);
    world._sceneMemo = ownMemo;
    throw new RangeError(`scene: could not be loaded (${e.message}); the world is as it was`);
  }
  world._sceneMemo = {
    name: scene.name, view: scene.view, draw: scene.draw,
    compositeNames: scene.composites.map((c) => c.name),
    stamp: stamp(world),
  };
  return { name: scene.name, view: scene.view === null ? null : { ...scene.view }, draw: scene.draw === null ? null : JSON.parse(JSON.stringify(scene.draw)) };
}

// ---- the members -----------------------------------------------------------------------------

export class WorldScene {
  /**
   * Replaces the world's content with a scene (docs/library.md, "Scenes as data"): a parsed
   * object or a JSON string. Everything is checked before anything changes: a bad scene throws
   * a TypeError or RangeError naming its field (`load: composites[0].particles[12].x: not
   * finite, got NaN`) and leaves the world as it was. Keeps the host's stepper, loop mode and
   * watchdog; resets the clock and any drag. Returns { name, view, draw } for the host (null
   * when the scene has none).
   */
  load(data) {
    this._x; // a destroyed world throws here
    try {
      return loadInto(this, data);
    } catch (e) {
      throw named('load', e);
    }
  }

  /**
   * The world as a scene (the format load reads), so JSON.stringify(world) saves it: loading
   * the result into any world gives this world's state hash. Particle references are local to
   * their composite ([composite, index] for another composite's particle).
   */
  toJSON() {
    this._x;
    const bytes = this.snapshot();
    const L = layout(bytes, this);
    const memo = sceneMemo(this);
    const out = { format: SCENE_FORMAT, version: SCENE_VERSION };
    if (memo?.name != null) out.name = memo.name;
    out.solver = this.solver;
    out.world = {};
    for (const s of WORLD_SETTINGS) {
      const v = getSetting(this, s.name);
      out.world[s.option] = typeof v === 'bigint' ? (v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString()) : v;
    }
    out.robust = this.robust;
    const seed = getSetting(this, 'seed');
    const random = L.dv.getBigUint64(SNAP.HEADER + SNAP.RNG, true);
    if (random !== seed) out.random = hexBig(random);
    const values = L.dv.getInt32(L.extension + 4, true);
    if (values > 0) {
      out.extension = {
        tag: L.dv.getUint32(L.extension, true),
        values: Array.from({ length: values }, (_, k) => L.dv.getInt32(L.extension + 8 + 4 * k, true)),
      };
    }
    out.composites = composites(this, L, memo);
    const polygons = polygonsOf(this);
    if (polygons.length > 0) out.polygons = polygons;
    if (memo?.view != null) out.view = { ...memo.view };
    if (memo?.draw != null) out.draw = JSON.parse(JSON.stringify(memo.draw));
    return out;
  }
}

/** A new composite's collision filter (the engine's default), read once per module. */
function defaultFilter(silk) {
  if (silk._sceneDefaultFilter === undefined) {
    const w = silk.createWorld();
    try {
      silk._sceneDefaultFilter = Object.freeze(w.collisionFilter(w.addComposite()));
    } finally {
      w.destroy();
    }
  }
  return silk._sceneDefaultFilter;
}

/** The composites as the format writes them: particles in order, constraints in solver order. */
function composites(world, L, memo) {
  const n = world.particleCount, K = world.compositeCount;
  const owner = new Int32Array(n);
  const first = new Int32Array(K).fill(-1);
  const count = new Int32Array(K);
  let last = -1;
  for (let i = 0; i < n; i++) {
    const k = L.dv.getInt32(L.particles + i * SNAP.PARTICLE + SNAP.P_COMPOSITE, true);
    owner[i] = k;
    if (k < last) {
      throw new RangeError(`toJSON: particle ${i} belongs to composite ${k}, after particles of composite ${last}: ` +
        'a scene lists each composite\'s particles together, so a world whose particles interleave composites has no scene form');
    }
    if (first[k] < 0) first[k] = i;
    count[k]++;
    last = k;
  }
  const ref = (i, k) => (owner[i] === k ? i - first[owner[i]] : [owner[i], i - first[owner[i]]]);
  const xy = world.positions, q = world.lastPositions, radii = world.radii;
  const out = [];
  for (let k = 0; k < K; k++) {
    const c = {};
    const name = memo?.compositeNames[k];
    if (name != null) c.name = name;
    c.particles = [];
    for (let i = first[k]; i >= 0 && i < first[k] + count[k]; i++) {
      const p = { x: xy[2 * i], y: xy[2 * i + 1] };
      if (!Object.is(q[2 * i], p.x) || !Object.is(q[2 * i + 1], p.y)) { p.px = q[2 * i]; p.py = q[2 * i + 1]; }
      const at = L.particles + i * SNAP.PARTICLE;
      const vx = L.dv.getFloat64(at + SNAP.P_VELOCITY, true), vy = L.dv.getFloat64(at + SNAP.P_VELOCITY + 8, true);
      if (vx !== 0 || vy !== 0 || Object.is(vx, -0) || Object.is(vy, -0)) { p.vx = vx; p.vy = vy; }
      const w = L.dv.getFloat64(at + SNAP.P_INVERSE_MASS, true);
      if (w !== 1) p.inverseMass = w;
      if (radii[i] !== 0) p.radius = radii[i];
      const sleep = L.dv.getInt32(at + SNAP.P_SLEEP, true);
      if (sleep !== 0) p.sleep = sleep;
      c.particles.push(p);
    }
    const { count: m } = world.compositeConstraints(k);
    c.constraints = [];
    for (let j = 0; j < m; j++) {
      const info = world.constraint(k, j);
      const type = info.kind;
      if (type === 'distance') {
        c.constraints.push({ type, a: ref(info.a, k), b: ref(info.b, k), stiffness: info.stiffness, rest: info.rest, compliance: info.compliance });
      } else if (type === 'angle') {
        c.constraints.push({ type, a: ref(info.a, k), b: ref(info.b, k), c: ref(info.c, k), stiffness: info.stiffness, rest: info.rest, compliance: info.compliance });
      } else if (type === 'pin') {
        c.constraints.push({ type, particle: ref(info.a, k), x: info.target[0], y: info.target[1] });
      } else {
        throw new Error(`silk: toJSON does not know constraint kind ${type} (${CONSTRAINT_KINDS})`);
      }
    }
    const f = world.collisionFilter(k);
    const d = defaultFilter(world._silk);
    if (f.categoryBits !== d.categoryBits || f.maskBits !== d.maskBits || f.selfCollide !== d.selfCollide) c.collision = f;
    out.push(c);
  }
  return out;
}
