// own-scene.test.mjs -- a scene of the post's own in <silk-demo src> and ?embed=1&scene=<path>
// (web/kit/own-scene.mjs), under the strict CSP scripts/serve.mjs --csp sends with every
// response (script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; worker-src 'self'; no
// inline script, no eval). The post is docs/examples/own-scene/index.html, served from the
// repository's root with dist/ beside it, as its comment says. For each example scene of
// docs/examples/ (bridge, pendulum chain, curtain), in the Worker and with worker="off":
//   - it draws (ink on its canvas, its name in stats().scene);
//   - a press on it grabs a particle (stats().dragging), and on the main thread the particle
//     follows the pointer;
//   - Reset rebuilds THIS scene: paused, the state hash after Reset is the first build's;
//   - scrolled off-screen it renders nothing;
// and: a scene that throws, builds something invalid, has no build or is missing shows a message
// naming its URL (stats().problems too) while the other demos run; a src from another origin
// (and every hostile ?scene=) is refused before anything is fetched; no page errors anywhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { createServer } from '../../scripts/serve.mjs';
import { root, dist, launch, openPage, DESKTOP, elementInk } from './helpers.mjs';

let server;
let origin;
let browser;
before(async () => {
  if (!existsSync(path.join(dist, 'silk-demo.mjs'))) throw new Error('dist/ is missing: run scripts/build.sh first');
  server = createServer(root, { csp: true }); // the repository: /dist/ and /docs/examples/
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
});
after(async () => { await browser?.close(); await new Promise((resolve) => server?.close(resolve)); });

const POST = '/docs/examples/own-scene/index.html';
const SCENES = [
  { id: 'bridge', name: 'Bridge', grab: [80, 200] }, // a bank: pinned, always there
  { id: 'chain', name: 'Pendulum chain', grab: [400, 40] }, // the middle chain's top
  { id: 'curtain', name: 'Curtain', grab: [400 - 35 * 7 + 5 * 14 * 2, 40] }, // a ring on the rod
];

/** Opens the example post (worker="off" on every element when `main`), reduced motion: each
 *  demo starts paused, so its first state is its first build's. */
async function openPost({ main = false, body = null } = {}) {
  const o = await openPage(browser, DESKTOP);
  await o.page.emulateMedia({ reducedMotion: 'reduce' });
  o.requests = [];
  o.page.on('request', (r) => o.requests.push(r.url()));
  o.context.on('request', (r) => o.requests.push(r.url()));
  let url = `${origin}${POST}`;
  if (main || body) {
    let html = await readFile(path.join(root, POST), 'utf8');
    if (main) html = html.replaceAll('<silk-demo ', '<silk-demo worker="off" ');
    if (body) html = html.replace(/<main>[\s\S]*<\/main>/, `<main>${body}<p class="gap">Prose.</p><p id="end">End.</p></main>`);
    url = `${origin}/docs/examples/own-scene/variant.html`;
    await o.context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  }
  await o.page.goto(url);
  await o.page.waitForFunction(() => customElements.get('silk-demo') !== undefined);
  return o;
}

const statsOf = (page, id) => page.evaluate((i) => document.getElementById(i).stats(), id);
/** Waits until fn(element.stats(), arg) is true (fn's source is sent: it sees only its args). */
function until(page, id, fn, arg, timeout = 60000) {
  // built here, in Node: the page's CSP allows no eval, and a function's source is sent as is
  const probe = new Function('args', `const [i, a] = args; return (${fn})(document.getElementById(i).stats(), a);`); // eslint-disable-line no-new-func
  return page.waitForFunction(probe, [id, arg], { timeout, polling: 100 });
}

for (const main of [false, true]) {
  const thread = main ? 'main' : 'worker';
  test(`the example post's three scenes (${main ? 'worker="off"' : 'Worker'}): draw, drag, Reset rebuilds, pause off-screen`, async () => {
    const { page, errors, external } = await openPost({ main });
    for (const { id, name, grab } of SCENES) {
      await page.evaluate((i) => document.getElementById(i).scrollIntoView({ block: 'center' }), id);
      await until(page, id, (s, n) => s.scene === n && s.framesRendered >= 1 && s.stateHash !== null, name);
      let s = await statsOf(page, id);
      assert.equal(s.thread, thread, `${id}: ${s.problems}`);
      assert.deepEqual(s.problems, [], id);
      assert.equal(s.own.problem, null);
      assert.ok(s.own.url.endsWith(`/docs/examples/${id === 'chain' ? 'pendulum-chain' : id}.mjs`), s.own.url);
      assert.equal(s.paused, true, 'reduced motion: paused');
      const first = s.stateHash;
      assert.ok(await elementInk(page, id) > 300, `${id} draws`);
      assert.equal(await page.evaluate((i) => document.getElementById(i).world === null, id), !main, 'element.world: here only on the main thread');

      // play: it steps
      await page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('.play-overlay').click(), id);
      await until(page, id, (st) => st.physicsSteps > 30 && !st.paused, null);

      // drag: a press on a particle grabs it; on this thread, a free one follows the pointer
      const at = await page.evaluate(([i, g]) => document.getElementById(i).worldToClient(g[0], g[1]), [id, grab]);
      await page.mouse.move(at[0], at[1]);
      await page.mouse.down();
      await page.mouse.move(at[0] + 20, at[1] + 10, { steps: 4 });
      await until(page, id, (st) => st.dragging === true || st.thread === 'main', null, 5000);
      if (main) {
        assert.ok(await page.evaluate((i) => document.getElementById(i).world.draggedParticle >= 0, id), `${id}: a particle is held`);
      }
      await page.mouse.up();
      if (main) { // a free particle, held, goes where the pointer goes
        const from = await page.evaluate((i) => {
          const el = document.getElementById(i);
          const w = el.world;
          const pins = new Set();
          for (let j = 0; j < w.constraintKinds.length; j++) if (w.constraintKinds[j] === 2) pins.add(w.constraintA[j]);
          let p = -1;
          for (let k = w.particleCount - 1; k >= 0; k--) if (!pins.has(k)) { p = k; break; }
          return el.worldToClient(w.positions[2 * p], w.positions[2 * p + 1]);
        }, id);
        await page.mouse.move(from[0], from[1]);
        await page.mouse.down();
        await page.mouse.move(from[0] + 40, from[1] + 20, { steps: 6 });
        await page.waitForTimeout(400);
        const held = await page.evaluate((i) => {
          const el = document.getElementById(i);
          const w = el.world;
          const p = w.draggedParticle;
          return { p, at: p >= 0 ? el.worldToClient(w.positions[2 * p], w.positions[2 * p + 1]) : null };
        }, id);
        await page.mouse.up();
        assert.ok(held.p >= 0, `${id}: a particle is held`);
        const off = Math.hypot(held.at[0] - from[0] - 40, held.at[1] - from[1] - 20);
        assert.ok(off < 25, `${id}: the held particle is at the pointer (${off.toFixed(1)} CSS px away)`);
      }

      // Reset rebuilds this scene: paused, the state is the first build's again
      const builds = (await statsOf(page, id)).builds;
      await page.evaluate((i) => {
        const r = document.getElementById(i).shadowRoot;
        r.querySelector('.play').click(); // Pause
        r.querySelector('.reset').click();
      }, id);
      await until(page, id, (st, b) => st.builds > b && st.paused, builds);
      s = await statsOf(page, id);
      if (main) assert.equal(await page.evaluate((i) => document.getElementById(i).world.stateHash(), id), first);
      assert.equal(s.stateHash, first, `${id}: Reset rebuilt its own scene, not the web`);
      assert.equal(s.scene, name);
    }

    // off-screen: every demo stops drawing
    for (const { id } of SCENES) await page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('.play').click(), id);
    await page.evaluate(() => document.getElementById('end').scrollIntoView());
    for (const { id } of SCENES) await until(page, id, (st) => st.offscreen && !st.running, null, 10000);
    const before1 = await Promise.all(SCENES.map(({ id }) => statsOf(page, id)));
    await page.waitForTimeout(1000);
    const after1 = await Promise.all(SCENES.map(({ id }) => statsOf(page, id)));
    SCENES.forEach(({ id }, k) => assert.equal(after1[k].framesRendered, before1[k].framesRendered, `${id}: no frames off-screen`));

    assert.deepEqual(errors, [], 'no console or page errors');
    assert.deepEqual(external, []);
  });
}

for (const main of [false, true]) {
  test(`broken scenes show their message and the page goes on; other origins are refused (${main ? 'worker="off"' : 'Worker'})`, async () => {
    const off = main ? ' worker="off"' : '';
    const body = [
      `<silk-demo id="throws" src="/tests/browser/own-scene/throws.mjs"${off}></silk-demo>`,
      `<silk-demo id="invalid" src="/tests/browser/own-scene/invalid.mjs"${off}></silk-demo>`,
      `<silk-demo id="nobuild" src="/tests/browser/own-scene/no-build.mjs"${off}></silk-demo>`,
      `<silk-demo id="missing" src="/tests/browser/own-scene/missing.mjs"${off}></silk-demo>`,
      `<silk-demo id="evil" src="https://evil.example/scene.mjs"${off}></silk-demo>`,
      `<silk-demo id="evil2" src="//evil.example/scene.json"${off}></silk-demo>`,
      `<silk-demo id="data" src="data:text/javascript,export function build(){}"${off}></silk-demo>`,
      `<silk-demo id="ok" src="../bridge.mjs"${off}></silk-demo>`,
    ].join('\n');
    const { page, errors, requests } = await openPost({ body });
    await page.evaluate(() => { for (const e of document.querySelectorAll('silk-demo')) e.setAttribute('controls', 'none'); });
    const expect = {
      throws: /scene http:\/\/127\.0\.0\.1:\d+\/tests\/browser\/own-scene\/throws\.mjs: build failed: Error: the author forgot the rope/,
      invalid: /invalid\.mjs: build failed: RangeError: addParticle: x/,
      nobuild: /no-build\.mjs did not load: TypeError: it has no export build\(world, silk, options\)/,
      missing: /missing\.mjs did not load: TypeError/,
      evil: /scene "https:\/\/evil\.example\/scene\.mjs" was refused: https:\/\/evil\.example is not the page's origin or the origin of Silk's files/,
      evil2: /scene "\/\/evil\.example\/scene\.json" was refused/,
      data: /was refused: only http: and https: scenes load/,
    };
    for (const [id, why] of Object.entries(expect)) {
      await page.evaluate((i) => document.getElementById(i).scrollIntoView({ block: 'center' }), id);
      await page.waitForFunction(([i, w]) => new RegExp(w).test(document.getElementById(i).stats().problems.join('\n')), [id, why.source], { timeout: 60000, polling: 100 });
      const shown = await page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('.message'), id);
      assert.ok(shown);
      const text = await page.evaluate((i) => {
        const m = document.getElementById(i).shadowRoot.querySelector('.message');
        return m.hidden ? '' : m.textContent;
      }, id);
      assert.match(text, why, `${id}: the message is in the element`);
    }
    // the page goes on: the good demo beside them runs
    await page.evaluate(() => document.getElementById('ok').scrollIntoView({ block: 'center' }));
    await page.evaluate(() => document.getElementById('ok').shadowRoot.querySelector('.play-overlay').click());
    await until(page, 'ok', (s) => s.physicsSteps > 30 && s.scene === 'Bridge', null);
    assert.equal(requests.filter((u) => /evil\.example|^data:/.test(u)).length, 0, `nothing fetched from elsewhere: ${requests}`);
    // element.load(): a refused URL rejects; a JSON object without world.load support or with
    // a bad field rejects with the problem, and the element shows it
    const refused = await page.evaluate(() => document.getElementById('ok').load('https://evil.example/x.json').then(() => 'resolved', (e) => e.message));
    assert.match(refused, /was refused/);
    const good = await page.evaluate(() => document.getElementById('ok').load('../pendulum-chain.mjs').then((r) => r.name, (e) => e.message));
    assert.equal(good, 'Pendulum chain');
    // the one console line allowed: the browser's own 404 for missing.mjs (on the main thread)
    const others = errors.filter((e) => !(main && /status of 404/.test(e)));
    assert.ok(errors.length - others.length <= 1);
    assert.deepEqual(others, [], 'no other console or page errors: every problem is in its element');
  });
}

test('element.world driven from the page (worker="off"): no stream of errors, Reset rebuilds the element\'s scene', async () => {
  const { page, errors } = await openPost({ body: '<silk-demo id="w" scene="web" worker="off"></silk-demo>' });
  await page.evaluate(() => document.getElementById('w').scrollIntoView({ block: 'center' }));
  await page.evaluate(() => document.getElementById('w').shadowRoot.querySelector('.play-overlay').click());
  await until(page, 'w', (s) => s.physicsSteps > 10, null);
  // the page: clear the world and put a rock of its own in it
  await page.evaluate(() => {
    const w = document.getElementById('w').world;
    w.clear();
    const c = w.addComposite();
    const a = w.addParticle(c, 380, 100);
    const b = w.addParticle(c, 420, 100);
    const d = w.addParticle(c, 400, 130);
    w.addDistance(c, a, b, 1);
    w.addDistance(c, b, d, 1);
    w.addDistance(c, d, a, 1);
  });
  const frames = (await statsOf(page, 'w')).framesRendered;
  await until(page, 'w', (s, f) => s.framesRendered > f + 30, frames);
  assert.deepEqual(errors, [], 'the rock is drawn, no error per frame');
  assert.ok(await elementInk(page, 'w') > 20, 'the rock is drawn');
  assert.equal(await page.evaluate(() => document.getElementById('w').world.particleCount), 3);
  await page.evaluate(() => document.getElementById('w').shadowRoot.querySelector('.reset').click());
  assert.ok(await page.evaluate(() => document.getElementById('w').world.particleCount) > 3, 'Reset: the element\'s own scene (the web) again');
  await page.waitForTimeout(300);
  assert.deepEqual(errors, []);
});

test('?embed=1&scene=<path>: a same-origin module or JSON path runs, its name in the readout; hostile values are refused', async () => {
  const o = await openPage(browser, DESKTOP);
  o.requests = [];
  o.context.on('request', (r) => o.requests.push(r.url()));
  await o.page.goto(`${origin}/dist/index.html?embed=1&scene=../docs/examples/curtain.mjs`);
  await o.page.waitForFunction(() => window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  const s = await o.page.evaluate(() => window.silkApp.stats());
  assert.deepEqual(s.problems.filter((p) => !/^worker:/.test(p)), []);
  assert.equal(s.thread, 'worker');
  assert.equal(s.own?.name, 'Curtain');
  // the plain readout names the scene that runs, not the scene setting it replaced ("web")
  await o.page.waitForFunction(() => /^Curtain · /.test(document.querySelector('#compact').textContent), null, { timeout: 10000, polling: 100 });
  // and the canvas's accessible name says so too (it named the scene setting, "web", before)
  await o.page.waitForFunction(() => /: the Curtain scene\./.test(document.querySelector('canvas').getAttribute('aria-label')), null, { timeout: 10000, polling: 100 })
    .catch(async (e) => { throw new Error(`${e.message}: aria-label is ${JSON.stringify(await o.page.getAttribute('canvas', 'aria-label'))}`); });
  // a JSON scene: its own "name" (bridge.json's, not the module's 'Bridge' nor the file's)
  await o.page.goto(`${origin}/dist/index.html?embed=1&scene=../docs/examples/bridge.json`);
  await o.page.waitForFunction(() => window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
  await o.page.waitForFunction(() => /^Bridge with a load · /.test(document.querySelector('#compact').textContent), null, { timeout: 10000, polling: 100 })
    .catch(async (e) => { throw new Error(`${e.message}: #compact says ${JSON.stringify(await o.page.textContent('#compact'))}`); });
  assert.equal((await o.page.evaluate(() => window.silkApp.stats())).own?.name, 'Bridge with a load');
  assert.deepEqual(o.errors, []);
  await o.context.close();

  const hostile = [
    'https://evil.example/x.mjs', '//evil.example/x.mjs', '/\\evil.example/x.mjs', 'HTTPS:evil.example/x.mjs',
    'javascript:alert(1)', 'data:text/javascript,export function build(){}', `${origin}/docs/examples/bridge.mjs`,
    ' //evil.example/x.mjs', 'blob:x',
    // encoded once more: a path on this site (/dist/%2F%2Fevil.example/x.mjs), which is not there
    '%2F%2Fevil.example/x.mjs',
  ];
  for (const value of hostile) {
    const h = await openPage(browser, DESKTOP);
    const seen = [];
    h.context.on('request', (r) => seen.push(r.url()));
    await h.page.goto(`${origin}/dist/index.html?embed=1&scene=${encodeURIComponent(value)}`);
    await h.page.waitForFunction(() => window.silkApp?.stats().framesRendered > 2, null, { timeout: 60000, polling: 100 });
    const notice = await h.page.evaluate(() => document.querySelector('#notice').textContent);
    const refusal = value.startsWith('%') ? /scene http:\/\/127\.0\.0\.1:\d+\/dist\/%2F%2Fevil\.example\/x\.mjs did not load/ : /\?scene=".*" was ignored \(refused: .*\); using the default scene\./;
    assert.match(notice, refusal, `${value}: ${notice}`);
    const loaded = seen.filter((u) => !u.startsWith(`${origin}/dist/`) || /\/docs\/examples\//.test(u));
    assert.deepEqual(loaded, [], `${value}: nothing loaded but the page's own files`);
    await h.context.close();
  }
});


// The JSON forms of the examples (docs/examples/*.json, world.load's format: docs/library.md
// "Scenes as data") in <silk-demo src=...json>: they load, draw and step in the Worker and on the
// main thread; element.load(object) with a bad field rejects naming it, and the demo shows it.
for (const main of [false, true]) {
  test(`JSON scenes in the element (${main ? 'worker="off"' : 'Worker'}): draw and step; a bad field is named`, async () => {
    const body = '<silk-demo id="jc" src="../curtain.json" theme="auto"></silk-demo>' +
      '<silk-demo id="jb" src="../bridge.json" theme="auto"></silk-demo>';
    const o = await openPost({ main, body });
    const { page } = o;
    for (const [id, name, file] of [['jc', 'Curtain', 'curtain'], ['jb', 'Bridge with a load', 'bridge']]) {
      await page.evaluate((i) => document.getElementById(i).scrollIntoView({ block: 'center' }), id);
      await until(page, id, (s, n) => s.scene === n && s.framesRendered >= 1 && s.stateHash !== null, name);
      const s = await statsOf(page, id);
      assert.deepEqual(s.problems, [], id);
      assert.ok(s.own.url.endsWith(`/docs/examples/${file}.json`), s.own.url);
      assert.ok(await elementInk(page, id) > 300, `${id} draws`);
      await page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('.play-overlay').click(), id);
      await until(page, id, (st) => st.physicsSteps > 30 && !st.paused, null);
    }
    const message = await page.evaluate(async () => {
      try {
        await document.getElementById('jc').load({ format: 'silk-scene', version: 1, composites: [{ particles: [[10, 'x']] }] });
        return 'resolved';
      } catch (e) { return String(e?.message ?? e); }
    });
    assert.match(message, /composites\[0\]\.particles\[0\]/, message);
    await until(page, 'jc', (s) => s.problems.some((p) => /particles\[0\]/.test(p)), null);
    assert.deepEqual(o.errors, []);
    await o.context.close();
  });
}
