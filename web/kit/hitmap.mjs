// hitmap.mjs -- where a touch grabs, known on the main thread when the world is in a Worker.
//
// On a phone a swipe over a demo must scroll the post, and a touch on the web must drag it. The
// browser decides at touchstart (a non-passive listener that calls preventDefault stops the
// scroll; none lets it go), so the host has to know there and then, without asking the
// runtime, whether a particle is within the pick radius of the finger. The runtime posts it a
// hit map: every particle's position in world px, quantised to 1/HIT_UNIT px in an Int16Array
// (x0, y0, x1, y1 ...: 4 bytes a particle; a 1000-particle cloth is 4 KB), transferred, at most
// every HIT_EVERY frames and only when it changed (a scene at rest posts nothing). The host
// tests a touch against it with the same point (readPointer's, world px through its own view)
// and the same radius it then posts with `down` (kit-core.mjs pickRadius): a point list, not a
// bitmap, so the radius stays the host's (it knows the pointer type and its fit) and the test
// is the engine's own (silk_world_find_nearest: distance <= radius), shrunk by the quantisation
// error, so "on a particle" here is a grab there unless the particle moved away in between.
// A lab scene whose pointer tool takes a press anywhere (rope's cut, coupling's two worlds)
// sends `all`: every touch is taken, as before. Until the first map, touches scroll.
//
//   encodeHits(positions, count, out)  -> points written (pairs); skips what Int16 cannot hold
//   claimsTouch(map, x, y, radius)     the decision: true when a touch at (x, y) grabs
//   createHitMap()                     the host's copy: update(message), claims(x, y, radius)
//   createHitSender(world, post, ...)  the runtime's: frame(positions) (every frame), changed() (soon)

/** Quantisation steps per world px (x 4: a quarter px; Int16 holds +-8191 world px). */
export const HIT_UNIT = 4;
/** Display frames between two looks at the positions (a few: the map is at most ~67 ms old). */
export const HIT_EVERY = 4;
/** The largest distance a quantised point is from its particle, world px. */
export const HIT_ERROR = Math.SQRT2 * 0.5 / HIT_UNIT;
const LIMIT = 32767;

/**
 * Writes the particles' positions (world.positions: x0, y0, x1, y1 ...) quantised into `out`
 * (an Int16Array of at least 2 * count) and returns how many points it wrote. A particle that
 * is not finite or lies beyond +-8191 world px is left out (no view shows it: a touch there
 * cannot be on it).
 */
export function encodeHits(positions, count, out) {
  let n = 0;
  for (let i = 0; i < count; i++) {
    const qx = Math.round(positions[2 * i] * HIT_UNIT);
    const qy = Math.round(positions[2 * i + 1] * HIT_UNIT);
    if (!(qx >= -LIMIT && qx <= LIMIT && qy >= -LIMIT && qy <= LIMIT)) continue; // NaN too
    out[2 * n] = qx;
    out[2 * n + 1] = qy;
    n++;
  }
  return n;
}

/** Point k of a hit map, world px. */
export function decodeHit(points, k) {
  return [points[2 * k] / HIT_UNIT, points[2 * k + 1] / HIT_UNIT];
}

/**
 * The decision made at touchstart: does a touch at (x, y) world px, with the pick radius
 * `radius` world px, grab? `map` is { points (Int16Array, encodeHits'), all } or null (no map
 * yet: no). True when the map says every press is taken, or a point lies within radius -
 * HIT_ERROR (so the particle itself lies within radius: the runtime's findNearest finds it).
 */
export function claimsTouch(map, x, y, radius) {
  if (!map) return false;
  if (map.all) return true;
  if (!(Number.isFinite(x) && Number.isFinite(y) && radius > HIT_ERROR)) return false;
  const r = (radius - HIT_ERROR) * HIT_UNIT; // in quantised units
  const r2 = r * r;
  const qx = x * HIT_UNIT;
  const qy = y * HIT_UNIT;
  const p = map.points;
  for (let k = 0; k + 1 < p.length; k += 2) {
    const dx = p[k] - qx;
    const dy = p[k + 1] - qy;
    if (dx * dx + dy * dy <= r2) return true;
  }
  return false;
}

/** The host's hit map: the runtime's last `hitmap` message; claims(x, y, radius) decides. */
export function createHitMap() {
  let map = null;
  return {
    update(m) { map = { points: m.points, all: m.all }; },
    claims: (x, y, radius) => claimsTouch(map, x, y, radius),
    /** Points in the map (-1 before the first). */
    get size() { return map ? map.points.length / 2 : -1; },
    get all() { return map?.all ?? false; },
  };
}

/**
 * The runtime's side: frame() after each display frame looks at the world every HIT_EVERY
 * frames (the next frame after changed()) and posts { type: 'hitmap', points, all } when the
 * quantised positions or `anywhere()` differ from what it last posted, with the points'
 * buffer transferred (post(message, transfer)). Allocates only the posted copy, and its
 * scratch when the particle count grows.
 */
export function createHitSender(world, post, { every = HIT_EVERY, anywhere = () => false } = {}) {
  let scratch = new Int16Array(0);
  let sent = new Int16Array(0);
  let sentN = -1; // points last posted (-1: nothing yet)
  let sentAll = false;
  let countdown = 0; // frames until the next look

  function check(positions = world.positions) {
    const count = world.particleCount;
    if (scratch.length < 2 * count) scratch = new Int16Array(2 * count);
    const n = encodeHits(positions, count, scratch);
    const all = anywhere() === true;
    let same = n === sentN && all === sentAll;
    for (let k = 0; same && k < 2 * n; k++) same = scratch[k] === sent[k];
    if (same) return false;
    if (sent.length < 2 * n) sent = new Int16Array(scratch.length);
    sent.set(scratch.subarray(0, 2 * n));
    sentN = n;
    sentAll = all;
    const points = scratch.slice(0, 2 * n);
    post({ type: 'hitmap', points, all }, [points.buffer]);
    return true;
  }

  return {
    /** After each display frame: looks every `every` frames; true when it posted. `positions`:
     *  the frame's read of world.positions, shared with rest (optional). */
    frame(positions) {
      if (--countdown > 0) return false;
      countdown = every;
      return check(positions);
    },
    /** Something may have moved or changed (a rebuild, a step, a setting): look next frame. */
    changed() { countdown = 0; },
    /** Looks now (a host that stops its frames posts the last map first); `positions` as frame's. */
    check,
  };
}
