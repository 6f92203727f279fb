// collide.test.mjs -- the colliding-particle scenes in the page (engine/extras/collide.c):
//   - the scene picker lists ball-pit and chain-cloth;
//   - on the ball pit the dashboard's Collisions group shows the contacts (a positive count),
//     the overlap max / p99 and the max overlap / radius, every number finite, once the balls
//     land; on the web (no discs) the same rows show a dash;
//   - a ball of the pile can be grabbed and dragged (the scene is draggable), through the Worker;
//   - <silk-demo scene="ball-pit"> and scene="chain-cloth" run in the element's Worker and draw.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, DESKTOP, elementInk } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(query) {
  const o = await openPage(browser, DESKTOP);
  await o.page.goto(`${server.origin}/${query}`);
  await ready(o.page);
  return o;
}

const numbers = (text) => (text.match(/-?\d+(\.\d+)?(e[-+]?\d+)?/gi) ?? []).map(Number);

test('the scene picker lists the ball pit and the chain and cloth', async () => {
  const { page, context, errors } = await open('');
  const options = await page.$$eval('select#c-scene option', (os) => os.map((o) => o.value));
  for (const name of ['ball-pit', 'chain-cloth']) assert.ok(options.includes(name), `${name} in ${options}`);
  assert.equal(await page.textContent('#d-contacts'), '—', 'the web has no discs: a dash');
  assert.deepEqual(errors, []);
  await context.close();
});

test('ball pit: the dashboard shows contacts, max overlap and overlap p99, all finite', async () => {
  const { page, context, errors } = await open('?scene=ball-pit');
  // the balls pour into the cup over the first second or two
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#d-contacts')?.textContent ?? ''), null, { timeout: 60000, polling: 200 });
  const contacts = Number(await page.textContent('#d-contacts'));
  assert.ok(Number.isFinite(contacts) && contacts > 0, `contacts ${contacts}`);
  const overlap = await page.textContent('#d-overlap');
  const [max, p99] = numbers(overlap);
  assert.match(overlap, /px$/);
  assert.ok(Number.isFinite(max) && Number.isFinite(p99) && max >= p99 && p99 >= 0, `overlap "${overlap}"`);
  const ratio = await page.textContent('#d-overlap-r');
  const [percent] = numbers(ratio);
  assert.ok(Number.isFinite(percent) && percent >= 0, `max overlap / radius "${ratio}"`);
  // the ball pit sleeps (robust sleep): its row is a dash until the pile rests (about 8 s of
  // simulated time), then the count of sleeping balls
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#d-sleeping')?.textContent ?? ''), null, { timeout: 90000, polling: 500 });
  const sleeping = Number(await page.textContent('#d-sleeping'));
  assert.ok(sleeping > 0 && sleeping <= 2000, `sleeping ${sleeping}`);
  // no constraint, nothing relaxes: the linear verdict is stable (it said "unstable (0)": the
  // formula's margin at k = 0), and so does the readout under the canvas
  assert.equal(await page.textContent('#d-verdict'), 'stable (1)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('ball pit: a ball of the pile can be dragged', async () => {
  const { page, context, errors } = await open('?scene=ball-pit');
  await page.waitForFunction(() => window.silkApp?.stats().framesRendered > 150, null, { timeout: 60000, polling: 100 });
  const box = await page.evaluate(() => document.getElementById('view').getBoundingClientRect().toJSON());
  // the pile sits at the bottom of the cup, in the middle of the canvas
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height * 0.86;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.waitForFunction(() => window.silkApp.stats().dragging, null, { timeout: 5000, polling: 50 });
  for (let k = 1; k <= 10; k++) { await page.mouse.move(cx + k * 4, cy - k * 12); await page.waitForTimeout(16); }
  await page.mouse.up();
  await page.waitForFunction(() => !window.silkApp.stats().dragging, null, { timeout: 5000, polling: 50 });
  assert.deepEqual(errors, []);
  await context.close();
});

const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; style-src 'self'; img-src 'self'";

for (const scene of ['ball-pit', 'chain-cloth']) {
  test(`<silk-demo scene="${scene}">: runs in the element's Worker and draws`, async () => {
    const o = await openPage(browser, DESKTOP);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}"><title>A post with ${scene}</title>
<script type="module" src="/silk-demo.mjs"></script></head><body><main><silk-demo id="l" scene="${scene}"></silk-demo></main></body></html>`;
    await o.context.route(`${server.origin}/host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await o.page.goto(`${server.origin}/host.html`);
    await o.page.waitForFunction(() => document.getElementById('l')?.stats?.().framesRendered > 30, null, { timeout: 60000, polling: 100 });
    const s = await o.page.evaluate(() => document.getElementById('l').stats());
    assert.equal(s.thread, 'worker');
    assert.deepEqual(s.problems, []);
    assert.ok(await elementInk(o.page, 'l') > 200, 'the Worker draws the discs');
    assert.deepEqual(o.errors, []);
    await o.context.close();
  });
}
