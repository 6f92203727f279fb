// page-worker.test.mjs -- issue 19: the full page simulates and draws in a Worker by default
// (web/page/page-worker.mjs, page-worker-host.mjs); ?worker=0 keeps the main-thread page
// (app.mjs), which the other page tests examine through silkApp.world.
//   - by default the thread is 'worker': no world, no wasm instance and no requestAnimationFrame
//     on the main thread, while the Worker's counters advance and the dashboard's text and plots
//     follow its posted stats (at most a few times a second);
//   - the same scene, seed and single steps give the same state hash on both threads, and the
//     same silent run (Run 300-frame diagnostic) the same figures;
//   - the controls reach the Worker: step, friction, a scene switch (dashboard counts, lab panel
//     shown and removed), and a bad value is refused on this thread with the same errors;
//   - replay, the hover ring and a mouse drag work through the Worker;
//   - no OffscreenCanvas: the page runs on the main thread and says why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, DESKTOP, countMainThread as instrument, assertOffMainThread } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const stats = (page) => page.evaluate(() => window.silkApp.stats());
const running = (page, n = 30) => page.waitForFunction((k) => window.silkApp?.stats().framesRendered > k, n, { timeout: 60000, polling: 100 });

async function open(query = '', options = DESKTOP) {
  const o = await openPage(browser, options);
  await o.page.addInitScript(instrument);
  await o.page.goto(`${server.origin}/${query}`);
  await ready(o.page);
  return o;
}

test('the full page runs in a Worker by default: no world, no wasm and no rAF on the main thread', async () => {
  const { page, context, errors } = await open();
  await running(page);
  const frames0 = await page.textContent('#d-frames');
  await assertOffMainThread(page);
  // the dashboard follows the Worker: its text moves on, its plots have ink, its numbers are real
  assert.notEqual(await page.textContent('#d-frames'), frames0, 'the frame count moves on');
  assert.match(await page.textContent('#d-count'), /^175 \/ \d+$/);
  assert.match(await page.textContent('#d-verdict'), /^stable \(/);
  assert.match(await page.textContent('#d-hash'), /^[0-9a-f]{16}$/);
  const ink = await page.evaluate(() => {
    const c = document.querySelector('canvas.plots');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const colours = new Set();
    for (let k = 0; k < d.length; k += 4 * 7) colours.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);
    return colours.size;
  });
  assert.ok(ink > 3, `the plots are drawn: ${ink} colours`);
  assert.match(await page.evaluate(() => window.silkApp.stateHash()), /^[0-9a-f]{16}$/, 'stateHash() answers (a promise)');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Paused from the start (reduced motion), n single steps, then the hash and a silent run. */
async function stepped(query, n) {
  const { page, context, errors } = await open(query, { ...DESKTOP, reducedMotion: 'reduce' });
  for (let k = 0; k < n; k++) await page.evaluate(() => window.silkApp.singleStep());
  await page.waitForFunction((k) => window.silkApp.stats().physicsSteps >= k, n, { timeout: 10000, polling: 50 });
  const hash = await page.evaluate(() => window.silkApp.stateHash());
  const diag = await page.evaluate(() => window.silkApp.runDiagnostic(300));
  await page.click('button.diag');
  await page.waitForFunction(() => /frames of a fresh/.test(document.querySelector('.diag-result').textContent), null, { timeout: 20000 });
  const text = (await page.textContent('.diag-result')).replace(/, \d+ ms:/, ', _ ms:');
  const s = await stats(page);
  assert.deepEqual(errors, []);
  await context.close();
  return { hash, diag, text, s };
}

test('the Worker and the main thread run the same: hash after 40 single steps, the silent run', async () => {
  for (const scene of ['web', 'cloth']) {
    const w = await stepped(`?scene=${scene}&seed=7`, 40);
    const m = await stepped(`?scene=${scene}&seed=7&worker=0`, 40);
    assert.equal(w.s.thread, 'worker');
    assert.equal(m.s.thread, 'main');
    assert.equal(w.s.physicsSteps, 40);
    assert.equal(w.hash, m.hash, `${scene}: the same state after 40 steps`);
    delete w.diag.ms;
    delete m.diag.ms;
    assert.deepEqual(w.diag, m.diag, `${scene}: the same silent run`);
    assert.equal(w.text, m.text);
    assert.match(w.text, new RegExp(`^300 frames of a fresh ${scene} at step \\d+ \\(seed 7\\)`));
  }
});

test('the controls reach the Worker; bad values are refused here, as on the main thread', async () => {
  const { page, context, errors } = await open();
  await running(page, 5);
  // step: the range control -> the Worker's world -> the dashboard's k / step
  await page.evaluate(() => { const i = document.querySelector('#c-step'); i.value = '4'; i.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForFunction(() => / \/ 4 = /.test(document.querySelector('#d-keff').textContent), null, { timeout: 5000 });
  assert.equal((await stats(page)).step, 4);
  // friction: the Worker's settings come back to the page once it has applied them
  await page.evaluate(() => window.silkApp.set('friction', 0.9));
  await page.waitForTimeout(600);
  assert.equal(await page.evaluate(() => window.silkApp.options.friction), 0.9);
  // a scene switch: the dashboard counts the cloth; coupling brings its lab panel, web removes it
  await page.selectOption('#c-scene', 'cloth');
  await page.waitForFunction(() => document.querySelector('#d-count').textContent === '400 / 764', null, { timeout: 5000 });
  assert.notEqual(await page.evaluate(() => window.silkApp.options.friction), 0.9, 'a new scene drops the user\'s friction');
  await page.evaluate(() => window.silkApp.set('scene', 'coupling'));
  await page.waitForFunction(() => window.silkApp.lab?.scene === 'coupling' && !document.querySelector('#lab-panel').hidden, null, { timeout: 10000 });
  assert.equal((await page.evaluate(() => window.silkApp.lab)).scene, 'coupling');
  await page.evaluate(() => window.silkApp.set('scene', 'web'));
  await page.waitForTimeout(800);
  assert.equal(await page.evaluate(() => window.silkApp.lab), null);
  assert.equal(await page.evaluate(() => document.querySelector('#lab-panel').hidden), true);
  assert.equal(await page.evaluate(() => document.body.classList.contains('lab')), false);
  // refused on this thread, with the main thread's errors; nothing changes
  for (const [name, value, type] of [['step', -1, 'RangeError'], ['step', 'x', 'TypeError'], ['scene', 'nope', 'RangeError'], ['gravity', NaN, 'RangeError']]) {
    const e = await page.evaluate(([n, v]) => { try { window.silkApp.set(n, v); return null; } catch (x) { return x.name; } }, [name, value]);
    const m = await page.evaluate(([n, v]) => { try { window.silkApp.set(n, v); return null; } catch (x) { return x.message; } }, [name, value]);
    assert.equal(e, type, `${name}=${value}: ${m}`);
  }
  assert.equal((await stats(page)).step, 4);
  await assert.rejects(page.evaluate(() => window.silkApp.runDiagnostic(-5)), /RangeError|frames/);
  assert.equal((await stats(page)).thread, 'worker', 'the page keeps running after a refused call');
  assert.deepEqual(errors, []);
  await context.close();
});

test('replay, the hover ring and a mouse drag work through the Worker', async () => {
  const { page, context, errors } = await open('', { ...DESKTOP, reducedMotion: 'reduce' });
  // hover: paused, a mouse moving over the web redraws (the ring follows it)
  const box = await page.evaluate(() => document.getElementById('view').getBoundingClientRect().toJSON());
  const f0 = (await stats(page)).framesRendered;
  for (let k = 0; k < 8; k++) await page.mouse.move(box.left + box.width * (0.4 + k * 0.02), box.top + box.height * 0.4);
  await page.waitForFunction((f) => window.silkApp.stats().framesRendered > f, f0, { timeout: 5000, polling: 50 });
  // a drag: the web's centre grabbed, moved, released, while running
  await page.evaluate(() => window.silkApp.set('paused', false));
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height * 0.5;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.waitForFunction(() => window.silkApp.stats().dragging, null, { timeout: 5000, polling: 50 });
  for (let k = 1; k <= 10; k++) { await page.mouse.move(cx + k * 8, cy + k * 4); await page.waitForTimeout(16); }
  await page.mouse.up();
  await page.waitForFunction(() => !window.silkApp.stats().dragging, null, { timeout: 5000, polling: 50 });
  // replay the recorded run (the drag included): the same hash, bit for bit
  await page.waitForTimeout(500);
  await page.click('button.replay');
  await page.waitForFunction(() => /^Replayed/.test(document.querySelector('.replay-result').textContent), null, { timeout: 30000, polling: 200 });
  assert.match(await page.textContent('.replay-result'), /the same state as the recorded run, bit for bit/);
  // stats() is the Worker's last posted figures (at most ~250 ms old): the next ones say it too
  await page.waitForFunction(() => window.silkApp.stats().replay.state === 'done', null, { timeout: 5000, polling: 50 });
  assert.equal((await stats(page)).replay.matches, true);
  assert.equal(await page.locator('.replay-files a').count() >= 1, true, 'the recordings to download');
  assert.deepEqual(errors, []);
  await context.close();
});

test('no OffscreenCanvas: the full page runs on the main thread and says why', async () => {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  await page.addInitScript(() => { delete HTMLCanvasElement.prototype.transferControlToOffscreen; });
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning' && /Silk:/.test(m.text())) warnings.push(m.text()); });
  await page.goto(`${server.origin}/`);
  await ready(page);
  await running(page, 5);
  const s = await stats(page);
  assert.equal(s.thread, 'main');
  assert.match(s.problems[0], /^worker: running on the main thread: this browser cannot hand a canvas to a Worker/);
  assert.equal(warnings.length, 1);
  assert.notEqual(await page.evaluate(() => window.silkApp.world), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('?embed=1 and silk-embed.html in the Worker take every setting and answer the calls', async () => {
  for (const url of [`${server.origin}/?embed=1&readout=full`, `${server.origin}/silk-embed.html?readout=full`]) {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await page.goto(url);
    await ready(page);
    await running(page, 5);
    assert.equal((await stats(page)).thread, 'worker', url);
    // a world setting reaches the Worker; the readout line shows it
    await page.evaluate(() => window.silkApp.set('step', 5));
    await page.waitForFunction(() => /^step 5 · /.test(document.querySelector('#compact').textContent), null, { timeout: 5000, polling: 50 });
    assert.equal((await stats(page)).step, 5);
    const refused = await page.evaluate(() => { try { window.silkApp.set('step', 99); return null; } catch (e) { return e.name; } });
    assert.equal(refused, 'RangeError', `${url}: a bad value is refused here`);
    assert.match(await page.evaluate(() => window.silkApp.stateHash()), /^[0-9a-f]{16}$/, url);
    const d = await page.evaluate(() => window.silkApp.runDiagnostic(60));
    assert.equal(d.frames, 60);
    assert.equal(d.step, 5, `${url}: the silent run uses the embed's step`);
    // a scene switch from a script
    await page.evaluate(() => window.silkApp.set('scene', 'cloth'));
    await page.waitForFunction(() => window.silkApp.stats().scene === 'cloth' && /^step /.test(document.querySelector('#compact').textContent), null, { timeout: 5000, polling: 50 });
    assert.match(await page.evaluate(() => document.getElementById('view').getAttribute('aria-label')), /cloth/i);
    assert.deepEqual(errors, [], url);
    await context.close();
  }
});
