// page.test.mjs -- the page on a desktop viewport, in real headless Chromium: it loads clean,
// draws the web, its dashboard tells the truth, step 1 blows up visibly, bad URLs fall back,
// controls work from the keyboard, the silent runs agree with the engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, screenshot, canvasCensus, stats, DESKTOP, mainThread } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(query = '', options = DESKTOP) {
  const p = await openPage(browser, options);
  await p.page.goto(`${server.origin}/${mainThread(query)}`); // silkApp.world: the main-thread page
  await ready(p.page);
  return p;
}

const numbers = (text) => (text.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? []).map(Number);

function close(a, b, rel = 0.006) {
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b)) + 1e-9;
}

test('loads with no console error and no request outside 127.0.0.1, and draws the web', async () => {
  const { page, context, errors, external } = await open();
  await page.waitForFunction(() => window.silkApp.stats().framesRendered > 90); // ~1.5 s: the spider has landed
  const census = await canvasCensus(page);
  await screenshot(page, 'desktop.png', { fullPage: true });
  assert.deepEqual(errors, []);
  assert.deepEqual(external, []);
  // The web's 284 lines in strain colours: thousands of green-dominant pixels, and the
  // spider's black body and legs; most of the canvas stays white.
  assert.ok(census.green > 2000, `green (web) pixels: ${census.green}`);
  assert.ok(census.black > 150, `black (spider) pixels: ${census.black}`);
  assert.ok(census.white > census.total * 0.6, `white pixels: ${census.white} of ${census.total}`);
  const s = await stats(page);
  assert.equal(s.scene, 'web');
  assert.equal(s.exploded, false);
  assert.equal(await page.evaluate(() => window.silkApp.world.particleCount), 175);
  await context.close();
});

test('dashboard numbers change over time and agree with world.diagnostics()', async () => {
  const { page, context } = await open();
  const read = () => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.readouts dd')].map((e) => [e.id, e.textContent])));
  await page.waitForFunction(() => window.silkApp.stats().framesRendered > 20);
  const first = await read();
  await page.waitForTimeout(1000);
  const second = await read();
  assert.notEqual(first['d-frames'], second['d-frames']);
  assert.notEqual(first['d-err'] + first['d-strain'] + first['d-radius'], second['d-err'] + second['d-strain'] + second['d-radius']);

  // Freeze, show the current state, and compare every readout with the engine's named fields.
  await page.evaluate(() => { window.silkApp.set('paused', true); window.silkApp.refresh(); });
  const shown = await read();
  const d = await page.evaluate(() => window.silkApp.world.diagnostics());
  const [errMed, errP99] = numbers(shown['d-err']);
  assert.ok(close(errMed, d.errorMedian) && close(errP99, d.errorP99), `${shown['d-err']} vs ${d.errorMedian}, ${d.errorP99}`);
  const [sMed, sP97, sMax] = numbers(shown['d-strain']);
  assert.ok(close(sMed, d.strainMedian * 100) && close(sP97, d.strainP97 * 100) && close(sMax, d.strainMax * 100), shown['d-strain']);
  const [gMed, gMax] = numbers(shown['d-grip']);
  assert.ok(close(gMed, d.gripErrorMedian) && close(gMax, d.gripErrorMax), shown['d-grip']);
  const [aMed, aMax] = numbers(shown['d-angle']);
  assert.ok(close(aMed, d.angleErrorMedian) && close(aMax, d.angleErrorMax), shown['d-angle']);
  assert.deepEqual(numbers(shown['d-relax']), [d.relaxationsPerFrame]);
  assert.deepEqual(numbers(shown['d-keff']), [d.kMax, d.step, d.kEffective]);
  assert.match(shown['d-verdict'], new RegExp(`^${d.verdict} \\(${d.stabilityMargin}\\)$`));
  assert.deepEqual(numbers(shown['d-nan']), [d.nanCount, d.particles]);
  assert.ok(close(numbers(shown['d-radius'])[0], d.boundingRadius), `${shown['d-radius']} vs ${d.boundingRadius}`);
  assert.deepEqual(numbers(shown['d-count']), [d.particles, d.constraints]);
  assert.equal(numbers(shown['d-frames'])[0], d.frameCount);
  await context.close();
});

test("set('step', 1) blows the web up within seconds, visibly, and Reset recovers", async () => {
  const { page, context, errors } = await open();
  await page.waitForFunction(() => window.silkApp.stats().framesRendered > 10);
  const t0 = Date.now();
  await page.evaluate(() => window.silkApp.set('step', 1));
  await page.waitForFunction(() => document.body.classList.contains('exploded'), null, { timeout: 10000 });
  const seconds = (Date.now() - t0) / 1000;
  assert.ok(seconds < 5, `took ${seconds} s`);
  assert.equal(await page.isVisible('#blowup'), true);
  assert.match(await page.textContent('#blowup'), /blew up/);
  assert.match(await page.textContent('#dashboard .chip'), /BLOWN UP/);
  assert.equal((await stats(page)).exploded, true);
  await page.waitForTimeout(300);
  await screenshot(page, 'exploded.png');

  await page.evaluate(() => window.silkApp.set('step', 16));
  await page.click('#blowup button');
  await page.waitForFunction(() => !document.body.classList.contains('exploded'), null, { timeout: 10000 });
  assert.equal(await page.isVisible('#blowup'), false);
  assert.equal((await stats(page)).exploded, false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad URL parameters show a clear message and fall back to the defaults', async () => {
  const { page, context, errors } = await open('?step=-3&tensor=abc&loop=sideways&hz=75&seed=1.5&scene=moon');
  const notice = await page.textContent('#notice');
  assert.equal(await page.isVisible('#notice'), true);
  for (const p of ['step=-3', 'tensor=abc', 'loop=sideways', 'hz=75', 'seed=1.5', 'scene=moon']) {
    assert.ok(notice.includes(`?${p}`), `notice mentions ?${p}: ${notice}`);
  }
  const o = await page.evaluate(() => window.silkApp.options);
  assert.deepEqual([o.step, o.tensor, o.loopMode, o.simulatedHz, o.seed, o.scene], [16, 0.3, 'fixed', 'device', 1, 'web']);
  await page.waitForFunction(() => window.silkApp.stats().framesRendered > 30);
  const census = await canvasCensus(page);
  assert.ok(census.green > 2000, 'the web is still drawn');
  const shown = await page.$$eval('.readouts dd, #compact, .legend-text', (els) => els.map((e) => e.textContent).join(' | '));
  assert.doesNotMatch(shown, /NaN|undefined|Infinity/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('good URL parameters are applied', async () => {
  const { page, context } = await open('?scene=cloth&step=8&seed=7&loop=coupled&hz=120');
  const o = await page.evaluate(() => window.silkApp.options);
  assert.deepEqual([o.scene, o.step, o.seed, o.loopMode, o.simulatedHz], ['cloth', 8, 7, 'coupled', 120]);
  assert.equal(await page.evaluate(() => window.silkApp.world.loopMode), 'coupled');
  assert.equal(await page.isVisible('#notice'), false);
  await context.close();
});

test('set() validates: TypeError for a wrong type, RangeError out of range', async () => {
  const { page, context } = await open();
  const outcomes = await page.evaluate(() => {
    const tries = [['step', -3], ['step', 2.5], ['step', '8'], ['tensor', 'abc'], ['tensor', 0], ['loopMode', 'sideways'],
      ['simulatedHz', 75], ['paused', 'yes'], ['scene', 'moon'], ['seed', -1], ['nonsense', 1]];
    return tries.map(([n, v]) => { try { window.silkApp.set(n, v); return 'ok'; } catch (e) { return e.name; } });
  });
  assert.deepEqual(outcomes, ['RangeError', 'RangeError', 'TypeError', 'TypeError', 'RangeError', 'RangeError',
    'RangeError', 'TypeError', 'RangeError', 'RangeError', 'RangeError']);
  const o = await page.evaluate(() => window.silkApp.options);
  assert.deepEqual([o.step, o.tensor, o.loopMode], [16, 0.3, 'fixed']);
  // and the good ones take effect
  await page.evaluate(() => { const a = window.silkApp; a.set('step', 4); a.set('tensor', 0.5); a.set('simulatedHz', 144); a.set('seed', 3); });
  const p = await page.evaluate(() => ({ o: window.silkApp.options, step: window.silkApp.world.step }));
  assert.deepEqual([p.o.step, p.step, p.o.tensor, p.o.simulatedHz, p.o.seed], [4, 4, 0.5, 144, 3]);
  await context.close();
});

test('every scene draws (and the screenshots are kept)', async () => {
  const { page, context, errors } = await open();
  const expected = { web: 175, cloth: 400, shapes: 48, tree: 130 };
  for (const [scene, particles] of Object.entries(expected)) {
    await page.evaluate((s) => window.silkApp.set('scene', s), scene);
    const f0 = (await stats(page)).framesRendered;
    await page.waitForFunction((f) => window.silkApp.stats().framesRendered > f + 30, f0);
    assert.equal(await page.evaluate(() => window.silkApp.world.particleCount), particles, scene);
    const c = await canvasCensus(page);
    const drawn = scene === 'cloth' ? c.total - c.black - c.white : c.total - c.white;
    assert.ok(drawn > c.total * 0.01, `${scene}: ${drawn} drawn pixels`);
    await screenshot(page, `scene-${scene}.png`, { clip: await page.locator('#stage').boundingBox() });
  }
  assert.equal(await page.inputValue('#c-scene'), 'tree');
  assert.deepEqual(errors, []);
  await context.close();
});

test('controls are labelled and work from the keyboard', async () => {
  const { page, context } = await open();
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll('input, select, button')]
    .filter((e) => !(e.labels?.length || e.textContent.trim() || e.getAttribute('aria-label')))
    .map((e) => e.id || e.outerHTML.slice(0, 60)));
  assert.deepEqual(unlabelled, []);

  await page.focus('#c-step');
  await page.keyboard.press('ArrowRight');
  assert.equal((await page.evaluate(() => window.silkApp.options)).step, 17);
  assert.equal(await page.evaluate(() => window.silkApp.world.step), 17);

  await page.focus('#controls button.play');
  await page.keyboard.press('Enter');
  assert.equal((await stats(page)).paused, true);
  assert.equal(await page.isVisible('#play-overlay'), true);
  await page.keyboard.press('Space');
  assert.equal((await stats(page)).paused, false);

  await page.focus('#c-loopMode-coupled');
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => window.silkApp.world.loopMode), 'coupled');

  await page.selectOption('#c-simulatedHz', '30');
  assert.equal((await stats(page)).simulatedHz, 30);

  // the canvas itself: space pauses, '.' steps once
  await page.focus('#view');
  await page.keyboard.press('Space');
  assert.equal((await stats(page)).paused, true);
  const before = (await stats(page)).physicsSteps;
  await page.keyboard.press('.');
  assert.equal((await stats(page)).physicsSteps, before + 1);
  await context.close();
});

test('prefers-reduced-motion: starts paused with a visible Play button', async () => {
  const { page, context } = await open('', { ...DESKTOP, reducedMotion: 'reduce' });
  assert.equal((await stats(page)).paused, true);
  assert.equal(await page.isVisible('#play-overlay'), true);
  await page.waitForTimeout(300);
  assert.equal((await stats(page)).physicsSteps, 0);
  const census = await canvasCensus(page);
  assert.ok(census.green > 1000, 'the paused web is drawn');
  await page.click('#play-overlay');
  await page.waitForFunction(() => window.silkApp.stats().physicsSteps > 10);
  assert.equal(await page.isVisible('#play-overlay'), false);
  await context.close();
});

test('the silent runs: 300-frame diagnostic, and a step sweep that matches the engine', async () => {
  const { page, context } = await open();
  await page.click('button.diag');
  const text = await page.textContent('.diag-result');
  assert.match(text, /300 frames of a fresh web at step 16 \(seed 1\)/);
  assert.match(text, /NaN particles 0, final bounding radius 2\d\d px/);

  await page.click('button.sweep');
  await page.waitForFunction(() => document.querySelectorAll('table.sweep tbody tr').length === 32, null, { timeout: 20000 });
  const rows = await page.$$eval('table.sweep tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const engine = await page.evaluate(() => window.silkApp.silk.stepSweep({ frames: 120, count: 32 }));
  for (let i = 0; i < 32; i++) {
    const [step, , , verdict, radius, measured] = rows[i];
    assert.equal(Number(step), i + 1);
    assert.equal(verdict, engine[i].verdict, `step ${i + 1}`);
    assert.ok(close(Number(radius), engine[i].boundingRadius), `step ${i + 1}: ${radius} vs ${engine[i].boundingRadius}`);
    assert.equal(measured.startsWith('blew up'), engine[i].exploded, `step ${i + 1}`);
  }
  assert.equal(rows[0][5].startsWith('blew up'), true, 'step 1 blows up');
  assert.equal(rows[15][5], 'bounded', 'step 16 holds');
  await context.close();
});
