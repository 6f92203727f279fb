// lite.test.mjs -- the compat-only module in the hosts (web/kit/lite.mjs, issue 26 item 3): the
// element (Worker and worker="off") and ?embed=1 start a compat scene on silk-lite.wasm (the
// server says which module was fetched); asking for what needs silk.wasm -- the robust solver, a
// collision scene -- moves the run there (in place in ?embed=1; the element restarts on an
// attribute change) and it draws, steps, and its stats are sane. The upgrade's latency in place
// is written to test-artifacts/lite-upgrade.json (docs/performance.md quotes it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, artifacts, DESKTOP } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const MODULES = ['silk.wasm', 'silk-lite.wasm'];
/** The engine modules a page fetched, in order (its Worker's included). */
function watchModules(page) {
  const fetched = [];
  page.context().on('response', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop();
    if (MODULES.includes(name)) fetched.push(name);
  });
  return fetched;
}

const figures = {};

for (const worker of ['', ' worker="off"']) {
  test(`<silk-demo${worker}> web starts on silk-lite.wasm; scene="ball-pit" runs on silk.wasm`, async () => {
    const o = await openPage(browser, DESKTOP);
    const fetched = watchModules(o.page);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
      <title>lite</title><link rel="stylesheet" href="/silk-demo.css">
      <script type="module" src="/silk-demo.mjs"></script></head>
      <body><silk-demo id="d" scene="web"${worker}></silk-demo></body></html>`;
    await o.context.route(`${server.origin}/host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await o.page.goto(`${server.origin}/host.html`);
    const stats = () => o.page.evaluate(() => document.getElementById('d').stats());
    await o.page.waitForFunction(() => document.getElementById('d')?.stats?.().framesRendered > 10, null, { timeout: 60000, polling: 100 });
    let s = await stats();
    assert.equal(s.engine, 'compat');
    assert.deepEqual(fetched, ['silk-lite.wasm'], 'a compat scene fetches silk-lite.wasm only');
    const hash0 = s.stateHash;
    assert.match(hash0, /^[0-9a-f]{16}$/);

    await o.page.evaluate(() => document.getElementById('d').setAttribute('scene', 'ball-pit'));
    await o.page.waitForFunction(() => {
      const t = document.getElementById('d').stats();
      return t.scene === 'ball-pit' && t.engine === 'full' && t.framesRendered > 10;
    }, null, { timeout: 60000, polling: 100 });
    s = await stats();
    assert.deepEqual(fetched, ['silk-lite.wasm', 'silk.wasm']);
    const p0 = s.physicsSteps;
    await o.page.waitForFunction((n) => document.getElementById('d').stats().physicsSteps > n + 20, p0, { timeout: 20000, polling: 100 });
    s = await stats();
    assert.equal(s.problems.filter((p) => !p.startsWith('worker:')).length, 0, s.problems.join('; '));
    assert.match(s.stateHash, /^[0-9a-f]{16}$/);
    assert.notEqual(s.stateHash, hash0);
    if (worker) {
      const w = await o.page.evaluate(() => {
        const world = document.getElementById('d').world;
        const p = world.positions;
        return { solver: world.solver, n: world.particleCount, finite: p.every(Number.isFinite), module: world._silk.module };
      });
      assert.deepEqual(w, { solver: 'robust', n: w.n, finite: true, module: 'full' });
      assert.ok(w.n > 1000, `${w.n} particles`);
    }
    assert.deepEqual(o.errors, []);
    await o.context.close();
  });
}

for (const [name, value] of [['solver', 'robust'], ['scene', 'ball-pit']]) {
  for (const worker of ['1', '0']) {
    test(`?embed=1&worker=${worker}: starts on silk-lite.wasm; silkApp.set('${name}', '${value}') upgrades in place and draws`, async () => {
      const o = await openPage(browser, DESKTOP);
      const fetched = watchModules(o.page);
      await o.page.goto(`${server.origin}/?embed=1&scene=web&worker=${worker}`);
      await o.page.waitForFunction(() => window.silkApp?.stats().framesRendered > 10, null, { timeout: 60000, polling: 100 });
      let s = await o.page.evaluate(() => window.silkApp.stats());
      assert.equal(s.engine, 'compat');
      assert.deepEqual(fetched, ['silk-lite.wasm']);
      const builds = s.builds;
      await o.page.evaluate(([n, v]) => window.silkApp.set(n, v), [name, value]);
      await o.page.waitForFunction(() => window.silkApp.stats().engine === 'full', null, { timeout: 30000, polling: 50 });
      const f0 = (await o.page.evaluate(() => window.silkApp.stats())).framesRendered;
      await o.page.waitForFunction((f) => window.silkApp.stats().framesRendered > f + 20, f0, { timeout: 20000, polling: 100 });
      s = await o.page.evaluate(() => window.silkApp.stats());
      assert.deepEqual(fetched, ['silk-lite.wasm', 'silk.wasm']);
      assert.equal(s[name], value);
      assert.equal(s.exploded, false);
      assert.equal(s.nanCount, 0);
      assert.equal(s.health, 'healthy');
      assert.ok(s.physicsSteps > 0 && s.stepsPerSecond > 0, JSON.stringify({ steps: s.physicsSteps, rate: s.stepsPerSecond }));
      assert.ok(Number.isFinite(s.upgradeMs) && s.upgradeMs > 0, `upgradeMs ${s.upgradeMs}`);
      if (name === 'solver') assert.equal(s.builds ?? builds, builds, 'the solver changes on the same world: no rebuild');
      figures[`embed worker=${worker} set ${name}`] = Math.round(s.upgradeMs * 10) / 10;
      // the recorder still works across the move: the last 10 s replay and match
      await o.page.evaluate(() => window.silkApp.replayLast());
      await o.page.waitForFunction(() => window.silkApp.stats().replay?.state === 'done', null, { timeout: 60000, polling: 100 });
      s = await o.page.evaluate(() => window.silkApp.stats());
      assert.equal(s.replay.matches, true, JSON.stringify(s.replay.parts));
      assert.deepEqual(o.errors, []);
      await o.context.close();
    });
  }
}

test('upgrade latency: written for the docs', () => {
  assert.ok(Object.keys(figures).length > 0, 'measured above');
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(path.join(artifacts, 'lite-upgrade.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('upgrade ms (from the message to the world on silk.wasm, fetch and compile included):', JSON.stringify(figures));
});
