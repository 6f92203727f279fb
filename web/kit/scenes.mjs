// scenes.mjs -- the scene registry: what can be shown, how it is built and how it is drawn.
//
// A scene is a plain object:
//   {
//     name: 'web',                  // ?scene=web; unique, [a-z0-9-]+
//     label: 'Spider web',          // shown in the scene picker
//     uses: ['tensor'],             // optional settings that matter to it (others are disabled)
//     background: '#fff',           // the canvas colour inside the world's 800 x 500
//     highlight: '#4f545c',         // colour of the hover / drag ring
//     focus: { x, y, w, h },        // optional: where its content is (world px); an embed of
//                                   // another shape than 8:5 is filled with it (render.mjs)
//     rests: false,                 // optional: never rests (it keeps moving, or measures
//                                   // time); other scenes stop once still (rest.mjs)
//     build(world, settings),       // fills a world (it may call world.buildScene or builders)
//     prepare(world) -> state,      // optional: per-build drawing data (indices, levels ...)
//     draw(ctx, frame, state),      // draws one frame (draw.mjs has the building blocks)
//   }
// The four original pages are registered here; lab scenes (coupling, spiral, integrators,
// rope ...) register themselves the same way before the app starts:
//   import { registerScene } from './scenes.mjs';
//   registerScene({ name: 'rope', label: 'Rope', build(w) { ... }, draw(ctx, f) { ... } });
import * as draw from './draw.mjs';
import { DEFAULTS as ENGINE } from '../lib/silk-base.mjs';

const registry = new Map();

export function registerScene(scene) {
  if (scene === null || typeof scene !== 'object') throw new TypeError('registerScene: scene must be an object');
  if (typeof scene.name !== 'string' || !/^[a-z0-9-]+$/.test(scene.name)) {
    throw new TypeError('registerScene: name must be a string of a-z, 0-9 and -');
  }
  if (registry.has(scene.name)) throw new RangeError(`registerScene: '${scene.name}' is already registered`);
  for (const fn of ['build', 'draw']) {
    if (typeof scene[fn] !== 'function') throw new TypeError(`registerScene: ${fn} must be a function`);
  }
  registry.set(scene.name, Object.freeze({
    label: scene.name, uses: [], background: '#fff', highlight: '#4f545c', prepare: () => null, ...scene,
  }));
}

/**
 * Adds fields to a registered scene -- a lab mode on one of the original pages (lab-host.mjs):
 * extend(original) returns the fields that replace or join the original's.
 */
export function extendScene(name, extend) {
  const scene = getScene(name);
  registry.set(name, Object.freeze({ ...scene, ...extend(scene) }));
}

export function getScene(name) {
  const scene = registry.get(name);
  if (!scene) throw new RangeError(`unknown scene '${name}'`);
  return scene;
}

export function sceneNames() {
  return [...registry.keys()];
}

// ---- helpers for prepare() ------------------------------------------------------------------

/** Constraint range { begin, end } and particle range { first, last } of each composite. */
export function compositeRanges(world) {
  const out = [];
  const n = world.particleCount;
  for (let k = 0; k < world.compositeCount; k++) {
    const { begin, count } = world.compositeConstraints(k);
    let first = -1;
    let last = -1;
    for (let i = 0; i < n; i++) {
      if (world.particleComposite(i) !== k) continue;
      if (first < 0) first = i;
      last = i + 1;
    }
    out.push({ begin, end: begin + count, first: Math.max(first, 0), last: Math.max(last, 0) });
  }
  return out;
}

/** A composite's range with the end read live (the spider's grips come and go). */
function liveRange(world, composite) {
  const range = { begin: 0, end: 0 };
  return () => {
    const { begin, count } = world.compositeConstraints(composite);
    range.begin = begin;
    range.end = begin + count;
    return range;
  };
}

// ---- the original pages ----------------------------------------------------------------------

/** What an embed of another shape keeps in view for the web and the cloth: the min(W, H) square
 *  about the centre of the engine's default world (the page's), 20 px to each side. */
const CENTRE_FOCUS = (() => {
  const { width: W, height: H } = ENGINE.silk_world_def;
  const side = Math.min(W, H);
  return Object.freeze({ x: W / 2 - side / 2 - 20, y: 0, w: side + 40, h: H });
})();

registerScene({
  name: 'web',
  label: 'Spider web',
  uses: ['tensor'],
  focus: CENTRE_FOCUS, // the web: radius min(w, h) / 2 about the centre
  rests: false, // the spider crawls for ever
  build(world, s) { world.buildScene('web', { tensor: s.tensor }); },
  prepare(world) {
    const info = world.spiderInfo();
    const [web] = compositeRanges(world);
    return { web, body: info, spider: liveRange(world, info.spiderComposite) };
  },
  // spiderweb.html: pins, the web's lines (coloured by strain), its dots r 1.3, then the spider.
  draw(ctx, f, st) {
    draw.pinDiscs(ctx, f, st.web.begin, st.web.end);
    draw.strainLines(ctx, f, st.web.begin, st.web.end);
    draw.dots(ctx, f, st.web.first, st.web.last, 1.3);
    draw.spider(ctx, f, st.spider(), st.body);
  },
});

registerScene({
  name: 'cloth',
  label: 'Cloth',
  focus: CENTRE_FOCUS, // the cloth: a min(w, h) / 2 square, centred, hanging from the top
  background: '#000',
  highlight: '#ffffff', // white on either theme (theme.mjs: '#fff' is the light ground)
  build(world) { world.buildScene('cloth'); },
  prepare(world) {
    const [range] = compositeRanges(world);
    const n = Math.round(Math.sqrt(range.last - range.first));
    const size = Math.min(world.width, world.height) / 2;
    return { range, n, stride: size / n };
  },
  draw(ctx, f, st) { draw.cloth(ctx, f, st.range.first, st.n, st.stride, st.range); },
});

registerScene({
  name: 'shapes',
  label: 'Shapes',
  build(world) { world.buildScene('shapes'); },
  prepare(world) { return compositeRanges(world); },
  draw(ctx, f, composites) {
    for (const c of composites) draw.defaultComposite(ctx, f, c, c);
  },
});

registerScene({
  name: 'tree',
  label: 'Trees',
  build(world) { world.buildScene('tree'); },
  // Branch levels: the tree's first particle is its base; each branch distance (parent, child)
  // comes before its subtree, so one pass gives level(child) = level(parent) + 1 with the trunk
  // at level 0. The deepest particles are the leaves (the original's `leaf` flag).
  prepare(world) {
    const [first, second] = compositeRanges(world);
    const kinds = world.constraintKinds;
    const a = world.constraintA;
    const b = world.constraintB;
    const level = new Map([[second.first, -1]]);
    const levels = new Int8Array(second.end - second.begin).fill(-1);
    let depth = 0;
    for (let j = second.begin; j < second.end; j++) {
      if (kinds[j] !== 1 || !level.has(a[j])) continue;
      const l = level.get(a[j]) + 1;
      level.set(b[j], l);
      levels[j - second.begin] = l;
      depth = Math.max(depth, l);
    }
    const leaves = [...level].filter(([, l]) => l === depth).map(([i]) => i);
    return { first, second, levels, depth, leaves };
  },
  // tree.html: the left tree in the default drawing, the right one styled (branches and leaves).
  draw(ctx, f, st) {
    draw.defaultComposite(ctx, f, st.first, st.first);
    draw.styledTree(ctx, f, st.second, st.levels, st.depth, st.leaves);
  },
});

// ---- colliding particles (issue 29; C builders in engine/extras/collide.c) -------------------

/** The static polygons and radii a collision scene draws (read once per build). */
function collisionState(world) {
  const polygons = [];
  for (let i = 0; i < world.polygonCount; i++) polygons.push(world.polygon(i));
  return { polygons, radii: Float64Array.from(world.radii), ranges: compositeRanges(world) };
}

/** A scene the C builder makes (buildScene(name)), drawn as its polygons and discs after
 *  `under` (what lies beneath the discs: the chain's links and pins). */
function collisionScene(name, label, under) {
  registerScene({
    name,
    label,
    background: '#fff',
    highlight: '#4f545c',
    build(world) { world.buildScene(name); },
    prepare: collisionState,
    draw(ctx, f, st) {
      under(ctx, f, st);
      draw.discs(ctx, f, 0, st.radii.length, st.radii);
    },
  });
}

collisionScene('ball-pit', 'Ball pit', (ctx, f, st) => draw.polygons(ctx, st.polygons));
collisionScene('chain-cloth', 'Chain and cloth', (ctx, f, st) => {
  for (const c of st.ranges) {
    draw.pinDiscs(ctx, f, c.begin, c.end);
    draw.plainLines(ctx, f, c.begin, c.end);
  }
});
