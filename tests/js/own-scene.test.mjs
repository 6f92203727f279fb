// own-scene.test.mjs -- the host's own scene (web/kit/own-scene.mjs): where a scene may come from
// (hostile URLs refused, for src= and for the ?embed=1&scene= parameter), the module contract's
// checks, a build that throws or an update that throws becoming a problem (not an exception),
// the example scenes of docs/examples/ building and stepping, and the foreign-change guard that
// keeps element.world's changes drawable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { loadSilkForTests, repoRoot } from './helpers.mjs';
import {
  resolveSceneUrl, hostScene, sceneParam, checkDrawHints, checkView, loadOwnScene, prepareAny, drawAny, createForeignWatch,
} from '../../web/kit/own-scene.mjs';
import { buildScene } from '../../web/kit/session.mjs';
import { getScene } from '../../web/kit/scenes.mjs';

const PAGE = 'https://blog.example/posts/2026/hello.html';
const FILES = 'https://cdn.example';
const opts = { base: PAGE, origins: ['https://blog.example', FILES] };
const param = { base: PAGE, origins: ['https://blog.example'], relativeOnly: true };

test('a src resolves against the page; the page\'s and the files\' origins are allowed', () => {
  assert.deepEqual(resolveSceneUrl('bridge.mjs', opts), { url: 'https://blog.example/posts/2026/bridge.mjs', kind: 'module' });
  assert.deepEqual(resolveSceneUrl('/scenes/b.json', opts), { url: 'https://blog.example/scenes/b.json', kind: 'json' });
  assert.deepEqual(resolveSceneUrl('https://cdn.example/x/c.js?v=2', opts), { url: 'https://cdn.example/x/c.js?v=2', kind: 'module' });
});

test('hostile srcs are refused with a TypeError that names the value and the reason', () => {
  const hostile = [
    ['https://evil.example/x.mjs', /evil\.example is not the page's origin or the origin of Silk's files/],
    ['//evil.example/x.mjs', /evil\.example is not/],
    ['data:text/javascript,alert(1)//.mjs', /only http: and https:/],
    ['javascript:alert(1)', /only http: and https:|not/],
    ['blob:https://blog.example/1234', /only http: and https:/],
    ['scene.txt', /a module \(\.mjs, \.js\) or a JSON scene/],
    ['', /empty/],
    ['a\nb.mjs', /control character/],
    ['x'.repeat(3000) + '.mjs', /longer than/],
  ];
  for (const [src, why] of hostile) {
    assert.throws(() => resolveSceneUrl(src, opts), (e) => e instanceof TypeError && why.test(e.message) && e.message.startsWith('scene "'), src.slice(0, 40));
  }
  assert.throws(() => resolveSceneUrl(42, opts), TypeError);
});

test('a URL parameter takes same-origin paths only: never a script from another origin', () => {
  assert.equal(resolveSceneUrl('bridge.json', param).url, 'https://blog.example/posts/2026/bridge.json');
  assert.equal(resolveSceneUrl('../x/chain.mjs', param).url, 'https://blog.example/posts/x/chain.mjs');
  const hostile = [
    'https://evil.example/x.mjs', 'https://blog.example/x.mjs' /* absolute: refused too */, '//evil.example/x.mjs',
    '/\\evil.example/x.mjs', '\\\\evil.example\\x.mjs', 'HTTPS://evil.example/x.mjs', ' //evil.example/x.mjs',
    'data:text/javascript,x', 'javascript:x', 'blob:https://blog.example/x', 'https:evil.example/x.mjs',
    'https://cdn.example/c.mjs', '\t//evil.example/x.mjs',
  ];
  for (const src of hostile) assert.throws(() => resolveSceneUrl(src, param), TypeError, src);
  // hostScene: the host's answer; a refusal is a problem, nothing to load
  assert.deepEqual(hostScene(null, undefined, param), { own: null });
  assert.match(hostScene('//evil.example/x.mjs', undefined, param).problem, /refused/);
  assert.deepEqual(hostScene('//evil.example/x.mjs', { format: 'silk-scene' }, param), { own: { data: { format: 'silk-scene' } } });
});

test('drawing hints and view boxes are checked, naming the field', () => {
  assert.equal(checkDrawHints(undefined).lines, 'strain');
  assert.equal(checkDrawHints({ lines: 'plain', dots: 0 }).dots, 0);
  assert.equal(checkDrawHints({ colour: '#fff' }).colour, undefined, 'another host\'s hint: left alone');
  const json = checkDrawHints({ background: '#1d1f27', stroke: '#c0392b', fill: '#95a5a6', discs: true, cut: true });
  assert.deepEqual([json.lines, json.lineColour, json.dotColour, json.cut], ['plain', '#c0392b', '#95a5a6', true]);
  assert.throws(() => checkDrawHints({ cut: 'yes' }), /draw\.cut: must be true or false/);
  assert.throws(() => checkDrawHints({ background: 'url(x)' }), /draw\.background: must be a colour/);
  assert.throws(() => checkDrawHints({ dots: -1 }), /draw\.dots: must be a number/);
  assert.throws(() => checkDrawHints({ lines: 'dashed' }), /draw\.lines/);
  assert.deepEqual(checkView({ x: 1, y: 2, width: 3, height: 4 }), { x: 1, y: 2, w: 3, h: 4 });
  assert.throws(() => checkView({ x: 0, y: 0, width: 0, height: 1 }), /view: width and height must be > 0/);
  assert.throws(() => checkView({ x: NaN, y: 0, width: 1, height: 1 }), /view\.x: must be a finite number/);
});

const examples = path.join(repoRoot, 'docs', 'examples');
const importExample = (url) => import(pathToFileURL(path.join(examples, url)).href);

/** A fake 2D context: every call is counted, nothing drawn. */
function fakeContext() {
  const calls = { count: 0 };
  return new Proxy(calls, { get: (t, k) => (k in t ? t[k] : () => { t.count++; }), set: (t, k, v) => { t[k] = v; return true; } });
}

test('the example modules build, step, draw with the generic drawing, and rebuild the same', async () => {
  const silk = await loadSilkForTests();
  for (const file of ['bridge.mjs', 'pendulum-chain.mjs', 'curtain.mjs']) {
    const scene = await loadOwnScene({ url: `https://blog.example/${file}`, kind: 'module' }, { silk, loadModule: () => importExample(file) });
    assert.equal(scene.info().problem, null, file);
    const world = silk.createWorld({ seed: 1 });
    const settings = { seed: 1, step: 16, substeps: 8, solver: 'compat' };
    buildScene(world, scene, settings, {});
    assert.ok(world.particleCount > 10, `${file} built particles`);
    const first = world.stateHash();
    const st = scene.prepare(world);
    for (let k = 0; k < 60; k++) { scene.beforeFrame(world, k / 60); world.advance(1 / 60); }
    assert.ok(world.diagnostics().verdict !== undefined);
    const { bindFrame } = await import('../../web/kit/draw.mjs');
    const frame = {};
    bindFrame(frame, world, 0.5, world.updateDiagnostics());
    const ctx = fakeContext();
    drawAny(ctx, frame, st);
    assert.ok(ctx.count > 10, `${file} drew`);
    // Reset: the same world rebuilt gives the same start
    buildScene(world, scene, settings, {});
    assert.equal(world.stateHash(), first, `${file}: Reset rebuilds the same scene`);
    assert.ok(scene.info().view, `${file} has a view box`);
    world.destroy();
  }
});

test('the curtain tears: a thread pulled past 2.5 x its length is cut by update()', async () => {
  const silk = await loadSilkForTests();
  const scene = await loadOwnScene({ url: 'https://blog.example/curtain.mjs', kind: 'module' }, { silk, loadModule: () => importExample('curtain.mjs') });
  const world = silk.createWorld({ seed: 1 });
  buildScene(world, scene, { seed: 1, step: 16, substeps: 8 }, {});
  const before = world.constraintCount;
  scene.beforeFrame(world, 0);
  assert.equal(world.constraintCount, before, 'nothing torn at rest');
  world.setPosition(300, 200, 480); // a particle yanked far from its neighbours
  scene.beforeFrame(world, 0);
  assert.ok(world.constraintCount < before, `torn: ${before} -> ${world.constraintCount}`);
  world.destroy();
});

test('a module that fails to load, lacks build, throws in build or update: a problem naming the URL', async () => {
  const silk = await loadSilkForTests();
  const world = silk.createWorld({ seed: 1 });
  const load = (mod, url = 'https://blog.example/bad.mjs') => loadOwnScene({ url, kind: 'module' }, {
    silk, loadModule: async () => { if (mod instanceof Error) throw mod; return mod; },
  });
  const cases = [
    [new TypeError('Failed to fetch dynamically imported module'), /scene https:\/\/blog\.example\/bad\.mjs did not load: TypeError: Failed to fetch/],
    [{}, /did not load: TypeError: it has no export build\(world, silk, options\)/],
    [{ build() {}, draw: { lines: 'zigzag' } }, /draw\.lines/],
    [{ build() {}, view: { x: 0 } }, /view\.y/],
    [{ build(w) { w.addParticle(0, 1, 1); } }, /build failed: RangeError: addParticle: composite/],
    [{ build(w) { w.addParticle(w.addComposite(), NaN, 1); } }, /build failed: .*x/],
    [{ build() { throw new Error('my bug'); } }, /scene https:\/\/blog\.example\/bad\.mjs: build failed: Error: my bug/],
  ];
  for (const [mod, why] of cases) {
    const scene = await load(mod);
    buildScene(world, scene, { seed: 1, step: 16 }, {}); // never throws
    assert.match(scene.info().problem, why);
    assert.equal(world.particleCount, 0, 'an empty world');
    drawAny(fakeContext(), {}, scene.prepare(world)); // drawable
  }
  let calls = 0;
  const scene = await load({ build(w) { w.addParticle(w.addComposite(), 1, 1); }, update() { calls++; throw new RangeError('oops'); } });
  buildScene(world, scene, { seed: 1, step: 16 }, {});
  scene.beforeFrame(world, 0);
  scene.beforeFrame(world, 0);
  assert.equal(calls, 1, 'a hook that threw is not called again');
  assert.match(scene.info().problem, /update stopped: RangeError: oops/);
  buildScene(world, scene, { seed: 1, step: 16 }, {}); // Reset gives it another chance
  assert.equal(scene.info().problem, null);
  scene.beforeFrame(world, 0);
  assert.equal(calls, 2);
  world.destroy();
});

test('a JSON scene goes through world.load (its errors name the field)', async () => {
  const silk = await loadSilkForTests();
  const world = silk.createWorld({ seed: 1 });
  const good = { format: 'silk-scene', version: 1, name: 'Tiny', view: { x: 0, y: 0, width: 100, height: 50 }, draw: { dots: 5, stroke: '#336699' }, composites: [{ particles: [{ x: 1, y: 2 }, [30, 2]], distance: [[0, 1]] }] };
  let scene = await loadOwnScene({ url: 'https://blog.example/t.json', kind: 'json' }, { silk, fetchJson: async () => good });
  buildScene(world, scene, { seed: 1, step: 16 }, {});
  assert.equal(scene.info().problem, null);
  assert.equal(scene.info().name, 'Tiny');
  assert.deepEqual(scene.info().view, { x: 0, y: 0, w: 100, h: 50 });
  assert.equal(world.particleCount, 2);
  assert.equal(scene.prepare(world).hints.lines, 'plain', 'stroke: plain lines');
  const hash = world.stateHash();
  world.advance(0.5);
  buildScene(world, scene, { seed: 1, step: 16 }, {}); // Reset: the file's scene again
  assert.equal(world.stateHash(), hash);
  scene = await loadOwnScene({ data: { ...good, composites: [{ particles: [{ x: null, y: 2 }] }] } }, { silk });
  buildScene(world, scene, { seed: 1, step: 16 }, {});
  assert.match(scene.info().problem, /^scene element\.load\(data\): build failed: TypeError: load: composites\[0\]\.particles\[0\]\.x/);
  assert.equal(world.particleCount, 0, 'a scene that did not build leaves an empty world');
  scene = await loadOwnScene({ url: 'https://blog.example/t.json', kind: 'json' }, { silk, fetchJson: async () => { throw new Error('HTTP 404 Not Found'); } });
  buildScene(world, scene, { seed: 1, step: 16 }, {});
  assert.match(scene.info().problem, /t\.json did not load: Error: HTTP 404/);
  world.destroy();
});

test('element.world changed from outside: the built-in scene\'s drawing gives way, Reset restores it', async () => {
  const silk = await loadSilkForTests();
  const world = silk.createWorld({ seed: 1 });
  const session = { scene: getScene('web'), state: null };
  buildScene(world, session.scene, { seed: 1, step: 16, tensor: 0.3 }, {});
  session.state = session.scene.prepare(world);
  const watch = createForeignWatch(world);
  watch.built();
  assert.equal(watch.check(session), false, 'untouched: the web draws itself');
  // the page: clear the world, add a rock of one composite
  world.clear();
  const c = world.addComposite();
  world.addParticle(c, 100, 100);
  const { bindFrame } = await import('../../web/kit/draw.mjs');
  const frame = {};
  bindFrame(frame, world, 0, world.updateDiagnostics());
  assert.throws(() => session.scene.draw(fakeContext(), frame, session.state), /compositeConstraints: composite must be in \[0, 0\], got 1/, 'the old error, without the guard');
  assert.equal(watch.check(session), true);
  session.scene.draw(fakeContext(), frame, session.state); // no error now
  assert.equal(session.scene.name, 'web');
  watch.restore(session);
  assert.equal(session.scene, getScene('web'), 'a rebuild draws the web again');
  world.destroy();
});

test('?scene=: a name is left to parseParams, a path is your own scene, a hostile one is ignored and said', () => {
  const loc = new URL('https://blog.example/silk/index.html?embed=1');
  assert.deepEqual(sceneParam('?embed=1&scene=cloth', loc), { search: '?embed=1&scene=cloth', own: null, problem: null });
  assert.deepEqual(sceneParam('?scene=__proto__', loc).own, null, 'not a path: parseParams says what is wrong');
  const ok = sceneParam('?embed=1&scene=../scenes/bridge.json&theme=dark', loc);
  assert.deepEqual(ok.own, { url: 'https://blog.example/scenes/bridge.json', kind: 'json' });
  assert.equal(ok.search, '?embed=1&theme=dark');
  for (const v of ['//evil.example/x.mjs', 'https://evil.example/x.mjs', 'https://blog.example/x.mjs', 'javascript:alert(1)', '/\\evil.example/x.mjs']) {
    const r = sceneParam(`?embed=1&scene=${encodeURIComponent(v)}`, loc);
    assert.equal(r.own, null, v);
    assert.match(r.problem, /^\?scene=".*" was ignored \(refused: .*\); using the default scene\.$/, v);
    assert.equal(r.search, '?embed=1');
  }
});
