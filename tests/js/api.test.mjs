// api.test.mjs -- every method of web/lib/silk.mjs fed bad arguments.
//
// Wrong types throw TypeError, out-of-range / NaN / Infinity throw RangeError, and the message
// names the argument. A rejected call leaves the world exactly as it was (counts, settings,
// positions, constraints, bit for bit), and afterwards the world still runs bit-identically
// with a twin that never saw a bad call. A destroyed world throws TypeError from everything;
// position views survive wasm memory growth.
import test from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { loadSilkForTests, firstDifference } from './helpers.mjs';

const silk = await loadSilkForTests();

function fixture() {
  const w = silk.createWorld({ seed: 3 });
  w.buildScene('web');
  w.runFrames(30, 16);
  const comp = w.addComposite();
  const p0 = w.addParticle(comp, 100, 100);
  const p1 = w.addParticle(comp, 130, 100);
  const p2 = w.addParticle(comp, 130, 140);
  w.addDistance(comp, p0, p1, 1);
  w.addPin(comp, p0);
  w.addAngle(comp, p0, p1, p2, 0.5);
  w.advance(0.05);
  return { w, comp, p0, p1, p2 };
}

function snapshot(w) {
  return {
    counts: [w.particleCount, w.constraintCount, w.compositeCount, w.draggedParticle],
    settings: [...w.gravity, w.friction, w.groundFriction, w.width, w.height, w.step, w.loopMode],
    spider: w.spiderInfo(),
    positions: Float64Array.from(w.positions),
    last: Float64Array.from(w.lastPositions),
    previous: Float64Array.from(w.previousPositions),
    kinds: Uint8Array.from(w.constraintKinds),
    a: Int32Array.from(w.constraintA),
    b: Int32Array.from(w.constraintB),
    c: Int32Array.from(w.constraintC),
    rest: Float64Array.from(w.constraintRest),
    diagnostics: Float64Array.from(w.diagnosticsView),
  };
}

function assertSame(label, x, y) {
  assert.deepEqual(x.counts, y.counts, `${label}: counts`);
  assert.deepEqual(x.settings, y.settings, `${label}: settings`);
  assert.deepEqual(x.spider, y.spider, `${label}: spider`);
  for (const key of ['positions', 'last', 'previous', 'kinds', 'a', 'b', 'c', 'rest', 'diagnostics']) {
    assert.equal(firstDifference(x[key], y[key]), -1, `${label}: ${key} changed`);
  }
}

/** fn must throw Kind whose message names `name`. */
function rejects(label, fn, Kind, name) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Kind, `${label}: expected ${Kind.name}, got ${e.constructor.name}: ${e.message}`);
    assert.ok(e.message.includes(name), `${label}: message '${e.message}' does not name ${name}`);
    return true;
  }, label);
}

test('createWorld, stepSweep, ballRun: bad options', () => {
  const cases = [
    [null, TypeError, 'options'], [5, TypeError, 'options'], ['big', TypeError, 'options'],
    [{ width: '800' }, TypeError, 'width'], [{ width: NaN }, RangeError, 'width'],
    [{ width: 0.5 }, RangeError, 'width'], [{ height: Infinity }, RangeError, 'height'],
    [{ height: -500 }, RangeError, 'height'],
    [{ gravity: 5 }, TypeError, 'gravity'], [{ gravity: [1] }, RangeError, 'gravity'],
    [{ gravity: [NaN, 0] }, RangeError, 'gravity[0]'], [{ gravity: [0, '1'] }, TypeError, 'gravity[1]'],
    [{ friction: null }, TypeError, 'friction'], [{ friction: Infinity }, RangeError, 'friction'],
    [{ groundFriction: -Infinity }, RangeError, 'groundFriction'],
    [{ seed: -1 }, RangeError, 'seed'], [{ seed: 1.5 }, RangeError, 'seed'],
    [{ seed: '1' }, TypeError, 'seed'], [{ seed: 2n ** 64n }, RangeError, 'seed'], [{ seed: -1n }, RangeError, 'seed'],
    [{ step: 0 }, RangeError, 'step'], [{ step: 4097 }, RangeError, 'step'], [{ step: 1.5 }, RangeError, 'step'],
    [{ step: '16' }, TypeError, 'step'],
    [{ stepSeconds: 0 }, RangeError, 'stepSeconds'], [{ stepSeconds: -1 / 60 }, RangeError, 'stepSeconds'],
    [{ stepSeconds: NaN }, RangeError, 'stepSeconds'],
    [{ maxStepsPerFrame: 0 }, RangeError, 'maxStepsPerFrame'], [{ maxStepsPerFrame: 2.5 }, RangeError, 'maxStepsPerFrame'],
    [{ loopMode: 'warp' }, RangeError, 'loopMode'], [{ loopMode: 1 }, TypeError, 'loopMode'],
  ];
  for (const [o, Kind, name] of cases) rejects(`createWorld(${inspect(o)})`, () => silk.createWorld(o), Kind, name);

  const sweeps = [
    [null, TypeError, 'options'], [{ width: 0 }, RangeError, 'width'], [{ height: NaN }, RangeError, 'height'],
    [{ tensor: 0 }, RangeError, 'tensor'], [{ tensor: '0.3' }, TypeError, 'tensor'],
    [{ scene: 'moon' }, RangeError, 'scene'], [{ scene: 3 }, TypeError, 'scene'], [{ scene: null }, TypeError, 'scene'],
    [{ frames: -1 }, RangeError, 'frames'], [{ frames: 1.5 }, RangeError, 'frames'],
    [{ count: 0 }, RangeError, 'count'], [{ count: 257 }, RangeError, 'count'], [{ seed: NaN }, RangeError, 'seed'],
  ];
  for (const [o, Kind, name] of sweeps) rejects(`stepSweep(${inspect(o)})`, () => silk.stepSweep(o), Kind, name);

  rejects('ballRun(h 0)', () => silk.ballRun({ h: 0 }), RangeError, 'h');
  rejects('ballRun(integrator 1)', () => silk.ballRun({ integrator: 1 }), TypeError, 'integrator');

  // the module still works, and a good world is what was asked for
  const w = silk.createWorld({ loopMode: 'coupled', width: 300, height: 200 });
  assert.equal(w.loopMode, 'coupled');
  assert.deepEqual([w.width, w.height], [300, 200]);
  w.destroy();
  assert.equal(silk.stepSweep({ frames: 2, count: 2 }).length, 2);
});

test('a rejected createWorld leaves no world behind (1000 bad loopModes do not grow memory)', () => {
  const probe = silk.createWorld(); // settle the allocator
  probe.destroy();
  const bytes = silk.memory.buffer.byteLength;
  for (let i = 0; i < 1000; i++) {
    assert.throws(() => silk.createWorld({ loopMode: 'warp' }), RangeError);
  }
  assert.equal(silk.memory.buffer.byteLength, bytes); // a leak would be ~75 KB a call
});

test('every World method rejects bad arguments and leaves the world unchanged', () => {
  const { w, comp, p0, p1, p2 } = fixture();
  const twin = fixture();
  const n = w.particleCount, nk = w.compositeCount;
  const count = w.compositeConstraints(comp).count;
  const cases = [
    ['gravity = 5', () => { w.gravity = 5; }, TypeError, 'gravity'],
    ['gravity = [NaN, 0]', () => { w.gravity = [NaN, 0]; }, RangeError, 'gravity[0]'],
    ['gravity = [1, 2, 3]', () => { w.gravity = [1, 2, 3]; }, RangeError, 'gravity'],
    ["friction = '1'", () => { w.friction = '1'; }, TypeError, 'friction'],
    ['friction = NaN', () => { w.friction = NaN; }, RangeError, 'friction'],
    ['friction = Infinity', () => { w.friction = Infinity; }, RangeError, 'friction'],
    ['groundFriction = undefined', () => { w.groundFriction = undefined; }, TypeError, 'groundFriction'],
    ['groundFriction = -Infinity', () => { w.groundFriction = -Infinity; }, RangeError, 'groundFriction'],
    ["setSize('1', 2)", () => w.setSize('1', 2), TypeError, 'width'],
    ['setSize(800, NaN)', () => w.setSize(800, NaN), RangeError, 'height'],
    ['setSize(0, 500)', () => w.setSize(0, 500), RangeError, 'width'],
    ['setSize(800, -1)', () => w.setSize(800, -1), RangeError, 'height'],
    ['step = 0', () => { w.step = 0; }, RangeError, 'step'],
    ['step = 4097', () => { w.step = 4097; }, RangeError, 'step'],
    ['step = 2.5', () => { w.step = 2.5; }, RangeError, 'step'],
    ["step = '16'", () => { w.step = '16'; }, TypeError, 'step'],
    ["loopMode = 'warp'", () => { w.loopMode = 'warp'; }, RangeError, 'loopMode'],
    ['loopMode = 0', () => { w.loopMode = 0; }, TypeError, 'loopMode'],
    ['autoCrawl = 1', () => { w.autoCrawl = 1; }, TypeError, 'autoCrawl'],
    ['setSeed(-1)', () => w.setSeed(-1), RangeError, 'seed'],
    ["setSeed('x')", () => w.setSeed('x'), TypeError, 'seed'],
    ['setSeed(2^64)', () => w.setSeed(2n ** 64n), RangeError, 'seed'],
    ['setStepper(5)', () => w.setStepper(5), TypeError, 'options'],
    ['setStepper(null)', () => w.setStepper(null), TypeError, 'options'],
    ['setStepper(stepSeconds 0)', () => w.setStepper({ stepSeconds: 0 }), RangeError, 'stepSeconds'],
    ['setStepper(stepSeconds NaN)', () => w.setStepper({ stepSeconds: NaN }), RangeError, 'stepSeconds'],
    ['setStepper(maxStepsPerFrame 0)', () => w.setStepper({ maxStepsPerFrame: 0 }), RangeError, 'maxStepsPerFrame'],
    ['setStepper(maxStepsPerFrame 1.5)', () => w.setStepper({ maxStepsPerFrame: 1.5 }), RangeError, 'maxStepsPerFrame'],
    ['addParticle(-1, 0, 0)', () => w.addParticle(-1, 0, 0), RangeError, 'composite'],
    ['addParticle(nk, 0, 0)', () => w.addParticle(nk, 0, 0), RangeError, 'composite'],
    ["addParticle('0', 0, 0)", () => w.addParticle('0', 0, 0), TypeError, 'composite'],
    ['addParticle(0, NaN, 0)', () => w.addParticle(0, NaN, 0), RangeError, 'x'],
    ['addParticle(0, 0, Infinity)', () => w.addParticle(0, 0, Infinity), RangeError, 'y'],
    ["addParticle(0, '1', 0)", () => w.addParticle(0, '1', 0), TypeError, 'x'],
    ['setPosition(-1, 0, 0)', () => w.setPosition(-1, 0, 0), RangeError, 'i'],
    ['setPosition(n, 0, 0)', () => w.setPosition(n, 0, 0), RangeError, 'i'],
    ['setPosition(0.5, 0, 0)', () => w.setPosition(0.5, 0, 0), RangeError, 'i'],
    ['setPosition(null, 0, 0)', () => w.setPosition(null, 0, 0), TypeError, 'i'],
    ['setPosition(0, NaN, 0)', () => w.setPosition(0, NaN, 0), RangeError, 'x'],
    ['setPosition(0, 0, -Infinity)', () => w.setPosition(0, 0, -Infinity), RangeError, 'y'],
    ['setLastPosition(n, 0, 0)', () => w.setLastPosition(n, 0, 0), RangeError, 'i'],
    ['setLastPosition(0, Infinity, 0)', () => w.setLastPosition(0, Infinity, 0), RangeError, 'x'],
    ["setLastPosition(0, 0, '0')", () => w.setLastPosition(0, 0, '0'), TypeError, 'y'],
    ['addDistance(nk, ...)', () => w.addDistance(nk, p0, p1, 1), RangeError, 'composite'],
    ['addDistance(c, -1, ...)', () => w.addDistance(comp, -1, p1, 1), RangeError, 'a'],
    ['addDistance(c, a, n, ...)', () => w.addDistance(comp, p0, n, 1), RangeError, 'b'],
    ['addDistance(stiffness NaN)', () => w.addDistance(comp, p0, p1, NaN), RangeError, 'stiffness'],
    ["addDistance(stiffness '1')", () => w.addDistance(comp, p0, p1, '1'), TypeError, 'stiffness'],
    ['addDistance(stiffness missing)', () => w.addDistance(comp, p0, p1), TypeError, 'stiffness'],
    ['addDistance(rest -1)', () => w.addDistance(comp, p0, p1, 1, -1), RangeError, 'rest'],
    ['addDistance(rest NaN)', () => w.addDistance(comp, p0, p1, 1, NaN), RangeError, 'rest'],
    ["addDistance(rest '5')", () => w.addDistance(comp, p0, p1, 1, '5'), TypeError, 'rest'],
    ['addPin(-1, 0)', () => w.addPin(-1, 0), RangeError, 'composite'],
    ['addPin(c, n)', () => w.addPin(comp, n), RangeError, 'i'],
    ['addPin(c, 0, NaN, 0)', () => w.addPin(comp, 0, NaN, 0), RangeError, 'x'],
    ['addPin(c, 0, 1)', () => w.addPin(comp, 0, 1), TypeError, 'y'],
    ['addAngle(c, -1, b, c)', () => w.addAngle(comp, -1, p1, p2, 1), RangeError, 'a'],
    ['addAngle(c, a, 1.5, c)', () => w.addAngle(comp, p0, 1.5, p2, 1), RangeError, 'b'],
    ['addAngle(c, a, b, n)', () => w.addAngle(comp, p0, p1, n, 1), RangeError, 'cc'],
    ['addAngle(stiffness Infinity)', () => w.addAngle(comp, p0, p1, p2, Infinity), RangeError, 'stiffness'],
    ['removeConstraint(c, count)', () => w.removeConstraint(comp, count), RangeError, 'index'],
    ['removeConstraint(c, -1)', () => w.removeConstraint(comp, -1), RangeError, 'index'],
    ["removeConstraint(c, '0')", () => w.removeConstraint(comp, '0'), TypeError, 'index'],
    ['removeConstraint(nk, 0)', () => w.removeConstraint(nk, 0), RangeError, 'composite'],
    ['constraint(c, count)', () => w.constraint(comp, count), RangeError, 'index'],
    ['constraint(c, 0.5)', () => w.constraint(comp, 0.5), RangeError, 'index'],
    ['constraint(-1, 0)', () => w.constraint(-1, 0), RangeError, 'composite'],
    ['compositeConstraints(nk)', () => w.compositeConstraints(nk), RangeError, 'composite'],
    ["compositeConstraints('0')", () => w.compositeConstraints('0'), TypeError, 'composite'],
    ['particleComposite(n)', () => w.particleComposite(n), RangeError, 'i'],
    ['particleComposite(NaN)', () => w.particleComposite(NaN), RangeError, 'i'],
    ['frame(0)', () => w.frame(0), RangeError, 'step'],
    ['frame(4097)', () => w.frame(4097), RangeError, 'step'],
    ['frame(1.5)', () => w.frame(1.5), RangeError, 'step'],
    ["frame('16')", () => w.frame('16'), TypeError, 'step'],
    ['frame()', () => w.frame(), TypeError, 'step'],
    ['relax(-1, 0.5)', () => w.relax(-1, 0.5), RangeError, 'iterations'],
    ['relax(1e6 + 1, 0.5)', () => w.relax(1e6 + 1, 0.5), RangeError, 'iterations'],
    ['relax(1, NaN)', () => w.relax(1, NaN), RangeError, 'coef'],
    ["relax('1', 1)", () => w.relax('1', 1), TypeError, 'iterations'],
    ['advance(-1)', () => w.advance(-1), RangeError, 'seconds'],
    ['advance(NaN)', () => w.advance(NaN), RangeError, 'seconds'],
    ['advance(Infinity)', () => w.advance(Infinity), RangeError, 'seconds'],
    ["advance('0.1')", () => w.advance('0.1'), TypeError, 'seconds'],
    ['findNearest(NaN, 0)', () => w.findNearest(NaN, 0), RangeError, 'x'],
    ["findNearest(0, 'a')", () => w.findNearest(0, 'a'), TypeError, 'y'],
    ['findNearest(0, 0, -1)', () => w.findNearest(0, 0, -1), RangeError, 'radius'],
    ['findNearest(0, 0, Infinity)', () => w.findNearest(0, 0, Infinity), RangeError, 'radius'],
    ['dragBegin(n, 0, 0)', () => w.dragBegin(n, 0, 0), RangeError, 'i'],
    ['dragBegin(0, NaN, 0)', () => w.dragBegin(0, NaN, 0), RangeError, 'x'],
    ['dragMove(NaN, 0)', () => w.dragMove(NaN, 0), RangeError, 'x'],
    ['dragMove with nothing dragged', () => w.dragMove(1, 1), Error, 'dragMove'],
    ['spiderweb(5)', () => w.spiderweb(5), TypeError, 'options'],
    ['spiderweb(segments 2)', () => w.spiderweb({ segments: 2 }), RangeError, 'segments'],
    ['spiderweb(depth 0)', () => w.spiderweb({ depth: 0 }), RangeError, 'depth'],
    ['spiderweb(radius 0)', () => w.spiderweb({ radius: 0 }), RangeError, 'radius'],
    ['spiderweb(tensor -1)', () => w.spiderweb({ tensor: -1 }), RangeError, 'tensor'],
    ['spiderweb(x NaN)', () => w.spiderweb({ x: NaN }), RangeError, 'x'],
    ["spiderweb(stiffness '1')", () => w.spiderweb({ stiffness: '1' }), TypeError, 'stiffness'],
    ['spiderweb(100000 x 100)', () => w.spiderweb({ segments: 100000, depth: 100 }), RangeError, 'segments'],
    ["spider('a')", () => w.spider('a'), TypeError, 'options'],
    ['spider(x Infinity)', () => w.spider({ x: Infinity }), RangeError, 'x'],
    ['crawl(8)', () => w.crawl(8), RangeError, 'leg'],
    ['crawl(-1)', () => w.crawl(-1), RangeError, 'leg'],
    ["crawl('1')", () => w.crawl('1'), TypeError, 'leg'],
    ['cloth(segments 0)', () => w.cloth({ segments: 0 }), RangeError, 'segments'],
    ['cloth(segments 2049)', () => w.cloth({ segments: 2049 }), RangeError, 'segments'],
    ['cloth(pinMod 0)', () => w.cloth({ pinMod: 0 }), RangeError, 'pinMod'],
    ['cloth(width 0)', () => w.cloth({ width: 0 }), RangeError, 'width'],
    ['cloth(height -5)', () => w.cloth({ height: -5 }), RangeError, 'height'],
    ['cloth(stiffness NaN)', () => w.cloth({ stiffness: NaN }), RangeError, 'stiffness'],
    ['tire(segments 1)', () => w.tire({ segments: 1 }), RangeError, 'segments'],
    ['tire(radius 0)', () => w.tire({ radius: 0 }), RangeError, 'radius'],
    ['tire(spokeStiffness NaN)', () => w.tire({ spokeStiffness: NaN }), RangeError, 'spokeStiffness'],
    ["tire(treadStiffness '1')", () => w.tire({ treadStiffness: '1' }), TypeError, 'treadStiffness'],
    ['lineSegments()', () => w.lineSegments(), TypeError, 'points'],
    ['lineSegments(points [])', () => w.lineSegments({ points: [] }), RangeError, 'points'],
    ['lineSegments(NaN point)', () => w.lineSegments({ points: [[0, 0], [NaN, 1]] }), RangeError, 'points[1][0]'],
    ['lineSegments(point 5)', () => w.lineSegments({ points: [[0, 0], 5] }), TypeError, 'points[1]'],
    ['lineSegments(stiffness Infinity)', () => w.lineSegments({ points: [[0, 0]], stiffness: Infinity }), RangeError, 'stiffness'],
    ['tree(depth 17)', () => w.tree({ depth: 17 }), RangeError, 'depth'],
    ['tree(depth -1)', () => w.tree({ depth: -1 }), RangeError, 'depth'],
    ['tree(branchLength NaN)', () => w.tree({ branchLength: NaN }), RangeError, 'branchLength'],
    ['tree(theta Infinity)', () => w.tree({ theta: Infinity }), RangeError, 'theta'],
    ["tree(segmentCoef '1')", () => w.tree({ segmentCoef: '1' }), TypeError, 'segmentCoef'],
    ["buildScene('moon')", () => w.buildScene('moon'), RangeError, 'scene'],
    ['buildScene(1)', () => w.buildScene(1), TypeError, 'scene'],
    ["buildScene('web', tensor 0)", () => w.buildScene('web', { tensor: 0 }), RangeError, 'tensor'],
    ["buildScene('web', 5)", () => w.buildScene('web', 5), TypeError, 'options'],
    ['updateDiagnostics(NaN, 0)', () => w.updateDiagnostics(NaN, 0), RangeError, 'cx'],
    ["updateDiagnostics(0, '1')", () => w.updateDiagnostics(0, '1'), TypeError, 'cy'],
    ['diagnostics([NaN, 0])', () => w.diagnostics([NaN, 0]), RangeError, 'center[0]'],
    ['diagnostics(5)', () => w.diagnostics(5), TypeError, 'center'],
    ['runFrames(-1)', () => w.runFrames(-1), RangeError, 'frames'],
    ['runFrames(1, 0)', () => w.runFrames(1, 0), RangeError, 'step'],
    ['runFrames(1, 16, [0])', () => w.runFrames(1, 16, [0]), RangeError, 'center'],
    ["runFrames('1')", () => w.runFrames('1'), TypeError, 'frames'],
  ];
  for (const [label, fn, Kind, name] of cases) {
    const before = snapshot(w);
    rejects(label, fn, Kind, name);
    assertSame(label, before, snapshot(w));
  }
  assert.equal(w.random(), twin.w.random(), 'the generator drew nothing');

  // afterwards: it runs on, bit-identically with the twin that saw no bad call
  for (const x of [w, twin.w]) {
    x.runFrames(60, 16);
    x.advance(0.1);
    x.dragBegin(p2, 200, 50);
    x.frame(8);
    x.dragEnd();
  }
  assertSame('after the bad calls', snapshot(w), snapshot(twin.w));
  w.destroy();
  twin.w.destroy();
});

test('state errors: crawl and spiderTick without a web and a spider', () => {
  const w = silk.createWorld();
  rejects('crawl(0)', () => w.crawl(0), Error, 'crawl');
  rejects('spiderTick()', () => w.spiderTick(), Error, 'spiderTick');
  assert.equal(w.particleCount, 0);
  w.destroy();
});

// Valid arguments for every World method: a destroyed world must still throw TypeError.
const VALID = {
  clear: [], setSize: [100, 100], setSeed: [1], random: [], setStepper: [{}],
  addComposite: [], addParticle: [0, 1, 1], setPosition: [0, 1, 1], setLastPosition: [0, 1, 1],
  addDistance: [0, 0, 1, 1], addPin: [0, 0], addAngle: [0, 0, 1, 2, 1], removeConstraint: [0, 0],
  constraint: [0, 0], compositeConstraints: [0], particleComposite: [0], frame: [16],
  relax: [1, 0.5], advance: [0.1], resetClock: [], findNearest: [0, 0], dragBegin: [0, 1, 1], particlePin: [0],
  dragMove: [1, 1], dragEnd: [], spiderweb: [], spider: [], crawl: [0], spiderTick: [],
  spiderInfo: [], cloth: [], tire: [], lineSegments: [{ points: [[0, 0], [1, 1]] }], tree: [],
  buildScene: ['web'], updateDiagnostics: [], diagnostics: [], runFrames: [1], runFramesMax: [16],
  // the robust solver (tests/js/robust.test.mjs)
  setSolver: ['robust'], setRobust: [{}], robustStep: [0.01], setMass: [0, 1], setInverseMass: [0, 1],
  inverseMass: [0], setCompliance: [0, 0, 0], compliance: [0, 0],
  setRadius: [0, 1], radius: [0], setCollisionFilter: [0, {}], collisionFilter: [0], health: [], checkHealth: [],
  setWatchdog: [{}], stateHash: [], snapshot: [], restore: [new Uint8Array(64)], startRecording: [],
  stopRecording: [], exportRecording: [], replay: [new Uint8Array(64)],
  playBegin: [new Uint8Array(64)], playStatus: [], playStop: [], playRun: [1],
  // the timing lab's polygons and cutting (tests/js/lab.test.mjs)
  addPolygon: [{ points: [[0, 0], [10, 0], [0, 10]] }], polygon: [0], polygonPenetration: [], cut: [0, 0, 1, 1],
  // the engine's pointer queue and the compat->robust mapping (tests/js/pointer.test.mjs)
  queuePointer: [1, 1, 0], flushPointer: [], matchRobustToCompat: [],
  // scenes as data (tests/js/scene-json.test.mjs)
  load: [{ format: 'silk-scene', version: 1 }], toJSON: [],
};
const SETTER_VALUES = {
  gravity: [0, 0.2], friction: 0.99, groundFriction: 0.8, step: 16, relaxPasses: 16, loopMode: 'fixed', autoCrawl: true,
  solver: 'robust', robust: { substeps: 4 },
};

test('a destroyed world throws TypeError from every method, getter and setter', () => {
  const w = silk.createWorld();
  w.buildScene('cloth');
  const proto = Object.getPrototypeOf(w);
  w.destroy();
  w.destroy(); // twice is fine
  assert.equal(w.destroyed, true);
  let checked = 0;
  for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
    if (name === 'constructor' || name === 'destroy' || name === 'destroyed' || name.startsWith('_')) continue;
    if (typeof d.value === 'function') {
      assert.ok(name in VALID, `no valid arguments listed for ${name}: add it to VALID`);
      rejects(`${name}() after destroy`, () => w[name](...VALID[name]), TypeError, 'destroyed');
      checked += 1;
    }
    if (d.get) {
      rejects(`get ${name} after destroy`, () => w[name], TypeError, 'destroyed');
      checked += 1;
    }
    if (d.set) {
      assert.ok(name in SETTER_VALUES, `no valid value listed for setter ${name}`);
      rejects(`set ${name} after destroy`, () => { w[name] = SETTER_VALUES[name]; }, TypeError, 'destroyed');
      checked += 1;
    }
  }
  assert.ok(checked > 50, `checked ${checked} members`);
});

test('position views survive memory growth: 200k particles, then read the view', () => {
  const w = silk.createWorld({ gravity: [0, 0], width: 1e7, height: 1e7 });
  const c = w.addComposite();
  w.addParticle(c, 1, 2);
  const early = w.positions;
  const bufferBefore = silk.memory.buffer;
  for (let i = 1; i < 200000; i++) w.addParticle(c, i + 1, -i);
  assert.notEqual(silk.memory.buffer, bufferBefore, 'memory grew');
  assert.equal(early.length, 0, 'a view taken before the growth is detached (that is why views are getters)');
  const xy = w.positions;
  assert.equal(xy.length, 400000);
  assert.equal(xy[0], 1);
  assert.equal(xy[1], 2);
  assert.equal(xy[2 * 199999], 200000);
  assert.equal(xy[2 * 199999 + 1], -199999);
  assert.equal(w.lastPositions[2 * 123456], 123457);
  assert.equal(w.previousPositions.length, 400000);
  w.frame(1); // no gravity, no velocity: nothing moves
  assert.equal(w.positions[2 * 199999], 200000);
  w.destroy();
});

test('autoCrawl reads back what was set; buildScene("web") turns it on', () => {
  const w = silk.createWorld();
  assert.equal(w.autoCrawl, false);
  w.buildScene('web');
  assert.equal(w.autoCrawl, true);
  w.autoCrawl = false;
  assert.equal(w.autoCrawl, false);
  w.destroy();
});

test('relaxPasses is the word for frame(step)\'s passes; step stays as verlet-js\'s name', () => {
  const w = silk.createWorld({ relaxPasses: 8 });
  assert.equal(w.relaxPasses, 8);
  assert.equal(w.step, 8);
  w.step = 12;
  assert.equal(w.relaxPasses, 12);
  w.relaxPasses = 3;
  assert.equal(w.step, 3);
  assert.throws(() => silk.createWorld({ relaxPasses: 0 }), (e) => e instanceof RangeError && /relaxPasses/.test(e.message));
  assert.throws(() => silk.createWorld({ step: 0 }), (e) => e instanceof RangeError && /step/.test(e.message));
  assert.throws(() => { w.relaxPasses = 0; }, RangeError);
  assert.equal(w.relaxPasses, 3);
  w.destroy();
});
