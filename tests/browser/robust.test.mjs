// robust.test.mjs -- the robust solver on the page (issue 5): the solver switch, its health
// badge and state hash, and "Replay the last 10 s", which must end on the recorded run's hash.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, installClock, frames, stats, screenshot, mainThread } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function clocked(query = '') {
  const p = await openPage(browser);
  await installClock(p.page);
  await p.page.goto(`${server.origin}/${mainThread(query)}`); // the test clock drives the main thread
  await ready(p.page);
  await frames(p.page, 3, 60);
  return p;
}

test('?solver=robust runs the XPBD solver: step 1 no longer explodes, health stays healthy', async () => {
  const { page, context, errors } = await clocked('?solver=robust&substeps=4');
  await page.evaluate(() => window.silkApp.set('step', 1));
  await frames(page, 240, 60);
  const s = await stats(page);
  assert.equal(s.solver, 'robust');
  assert.equal(s.health, 'healthy');
  assert.equal(s.exploded, false);
  assert.match(s.stateHash, /^[0-9a-f]{16}$/);
  const d = await page.evaluate(() => window.silkApp.world.diagnostics());
  assert.equal(d.solver, 'robust');
  assert.equal(d.substeps, 4);
  await page.evaluate(() => window.silkApp.refresh());
  assert.match(await page.textContent('#d-solver'), /robust · 4 substeps/);
  assert.match(await page.textContent('#d-health'), /healthy/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('compat at step 1 explodes and the watchdog says so; switching live to robust is allowed', async () => {
  const { page, context } = await clocked();
  await page.evaluate(() => window.silkApp.set('step', 1));
  await frames(page, 120, 60);
  let s = await stats(page);
  assert.equal(s.solver, 'compat');
  assert.notEqual(s.health, 'healthy');
  await page.evaluate(() => { window.silkApp.reset(); window.silkApp.set('solver', 'robust'); });
  await frames(page, 120, 60);
  s = await stats(page);
  assert.equal(s.health, 'healthy');
  await assert.rejects(page.evaluate(() => window.silkApp.set('solver', 'xpbd')), /solver must be one of/);
  await assert.rejects(page.evaluate(() => window.silkApp.set('substeps', 0)), /substeps must be from 1 to 32/);
  await context.close();
});

for (const solver of ['robust', 'compat']) {
  test(`${solver}: "Replay the last 10 s" replays dragged input and ends on the recorded hash`, async () => {
    const { page, context, errors } = await clocked(`?solver=${solver}`);
    // 14 s of run with a drag in the middle of it (the replay covers the last 10-20 s)
    await frames(page, 300, 60);
    const [x, y] = await page.evaluate(() => {
      const w = window.silkApp.world;
      const p = w.positions;
      return window.silkApp.worldToClient(p[2 * 30], p[2 * 30 + 1]);
    });
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let k = 0; k < 30; k++) {
      await page.mouse.move(x + k * 3, y + k);
      await frames(page, 2, 60);
    }
    await page.mouse.up();
    await frames(page, 480, 60);
    const before = await stats(page);
    assert.equal(before.replay.state, 'idle');

    await page.click('button.replay');
    let s = await stats(page);
    assert.equal(s.replay.state, 'playing');
    const total = s.replay.steps;
    assert.ok(total >= 600 && total <= 1200, `the replay covers ${total} steps`);
    await frames(page, total + 10, 60);
    s = await stats(page);
    assert.equal(s.replay.state, 'done');
    assert.equal(s.replay.matches, true, JSON.stringify(s.replay.parts));
    await page.waitForFunction(() => /bit for bit/.test(document.querySelector('.replay-result').textContent));
    const links = await page.$$eval('.replay-files a', (as) => as.map((a) => a.download));
    assert.ok(links.length >= 1);
    await screenshot(page, `replay-${solver}.png`, { fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the page shows the hash `silk-lab hash` prints for the same scene, seed and frame count', async () => {
  const { execFileSync } = await import('node:child_process');
  const { root } = await import('./helpers.mjs');
  const lab = `${root}/build/native/silk-lab`;
  for (const [scene, seed] of [['web', 1], ['cloth', 4]]) {
    const { page, context } = await clocked(`?solver=robust&scene=${scene}&seed=${seed}`);
    await frames(page, 597, 60); // 600 display frames in all at 60 Hz
    const s = await stats(page);
    const native = execFileSync(lab, ['hash', '--scene', scene, '--solver', 'robust', '--seed', String(seed),
      '--frames', String(s.physicsSteps)], { encoding: 'utf8' }).trim();
    assert.equal(s.stateHash, native, `${scene}, seed ${seed}, ${s.physicsSteps} steps: page vs native silk-lab`);
    await context.close();
  }
});
