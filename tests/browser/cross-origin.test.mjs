// cross-origin.test.mjs -- the cross-origin recipe of docs/embedding.md works as written (issue 26
// item 4). The post, its stylesheet and its Content-Security-Policy are read FROM THE DOCS
// (the blocks after <!-- recipe:post -->, <!-- recipe:css --> and <!-- recipe:csp -->), so the
// docs and this test cannot drift. The post is served from one local origin with that policy as
// a header; dist/ from a second, by `node scripts/serve.mjs --cors` (the CLI, as the docs say).
// On a desktop and on a phone profile: every demo draws (its canvas, as shown, has ink that is
// not its ground), the console has no error (a CSP violation is one), no CSP violation was
// reported in the post or in any frame, and the cumulative layout shift is 0.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { dist, launch, openPage, shownPixels, DESKTOP, PHONE } from './helpers.mjs';
import { recipe, recipeFor, servePost, serveCors, PLACEHOLDER_URL, PLACEHOLDER_ORIGIN } from './recipe.mjs';

let post; // the blog's origin
let cdn; // the CDN's: scripts/serve.mjs --cors
let silk; // its origin
let browser;

before(async () => {
  cdn = await serveCors(dist);
  silk = cdn.origin;
  post = await servePost(recipeFor(silk));
  browser = await launch();
});
after(async () => { await browser?.close(); await post?.close(); await cdn?.close(); });

// Runs in the post and in every frame before their scripts: layout shifts and CSP violations.
function observe() {
  window.__cls = { total: 0, shifts: [] };
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls.total += e.value;
      window.__cls.shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => `${s.node?.nodeName} ${s.previousRect.y}->${s.currentRect.y}`) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Shown pixels of `box` that differ from its most common colour (the ground): ink. */
async function ink(page, box) {
  await shownPixels(page, box);
  return page.evaluate(() => {
    const { data, width, height } = window.__shownPixels;
    const counts = new Map();
    for (let k = 0; k < data.length; k += 4) {
      const key = (data[k] << 16) | (data[k + 1] << 8) | data[k + 2];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const ground = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const [gr, gg, gb] = [(ground >> 16) & 255, (ground >> 8) & 255, ground & 255];
    let n = 0;
    for (let k = 0; k < data.length; k += 4) {
      if (Math.abs(data[k] - gr) + Math.abs(data[k + 1] - gg) + Math.abs(data[k + 2] - gb) > 60) n++;
    }
    return { ink: n, total: width * height };
  });
}

const figures = [];
for (const [profileName, profile] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the cross-origin post of docs/embedding.md, ${profileName}: every demo draws, 0 errors, CLS 0`, async () => {
    const { page, context, errors } = await openPage(browser, profile);
    await context.addInitScript(observe);
    await page.goto(`${post.origin}/post.html`);
    await page.waitForFunction(() => customElements.get('silk-demo') !== undefined, null, { timeout: 30000, polling: 100 })
      .catch((e) => { throw new Error(`silk-demo never defined: ${e.message}\n${errors.join('\n')}`); });
    const demos = await page.evaluate(() => [...document.querySelectorAll('article silk-demo, article iframe')].map((d) => d.localName));
    assert.deepEqual(demos.filter((d) => d === 'silk-demo').length, 3, `three elements in the docs' post: ${demos}`);
    assert.deepEqual(demos.filter((d) => d === 'iframe').length, 2, 'two iframes');
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('iframe')].every((f) => f.loading === 'lazy')), true, 'every iframe is lazy');

    for (let i = 0; i < demos.length; i++) {
      const box = await page.evaluate(async (k) => {
        const d = document.querySelectorAll('article silk-demo, article iframe')[k];
        d.scrollIntoView({ block: 'center' });
        await new Promise((r) => setTimeout(r, 50));
        const c = d.localName === 'silk-demo' ? d.shadowRoot.querySelector('canvas') : d;
        const r = c.getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height };
      }, i);
      let stats;
      if (demos[i] === 'silk-demo') {
        await page.waitForFunction((k) => document.querySelectorAll('article silk-demo')[k].stats().framesRendered > 20,
          demos.slice(0, i).filter((d) => d === 'silk-demo').length, { timeout: 60000, polling: 100 });
        stats = await page.evaluate((k) => document.querySelectorAll('article silk-demo')[k].stats(), demos.slice(0, i).filter((d) => d === 'silk-demo').length);
        assert.equal(stats.thread, 'worker', `element ${i} runs in its Worker: ${stats.problems}`);
      } else {
        const handle = (await page.$$('article iframe'))[demos.slice(0, i).filter((d) => d === 'iframe').length];
        const frame = await handle.contentFrame();
        await frame.waitForFunction(() => window.silkApp?.stats().framesRendered > 20, null, { timeout: 60000, polling: 100 });
        stats = await frame.evaluate(() => window.silkApp.stats());
        assert.equal(new URL(frame.url()).origin, silk, 'the frame is on the second origin');
        assert.deepEqual(await frame.evaluate(() => window.__violations ?? []), [], `no CSP violation inside frame ${i}`);
        const inner = await frame.evaluate(() => window.__cls?.total ?? 0);
        assert.equal(inner, 0, `CLS inside frame ${i}`);
      }
      assert.deepEqual(stats.problems, [], `demo ${i} (${demos[i]}) has no problems`);
      const shown = await ink(page, box);
      figures.push(`${profileName} ${demos[i]} ${i}: ${shown.ink} of ${shown.total} px inked, ${stats.framesRendered} frames, thread ${stats.thread}`);
      assert.ok(shown.ink > shown.total * 0.002 && shown.ink > 200, `demo ${i} (${demos[i]}) draws: ${shown.ink} of ${shown.total} px`);
    }
    const cls = await page.evaluate(() => window.__cls);
    figures.push(`${profileName} post CLS ${cls.total}`);
    assert.equal(cls.total, 0, `post CLS: ${JSON.stringify(cls.shifts)}`);
    assert.deepEqual(await page.evaluate(() => window.__violations), [], 'no CSP violation in the post');
    assert.deepEqual(errors, [], 'no console error');
    await context.close();
  });
}

test('the docs\' recipe: the policy names the second origin in every directive it needs', () => {
  const csp = recipe('csp');
  for (const d of ['script-src', 'style-src', 'connect-src', 'worker-src', 'frame-src']) {
    assert.match(csp, new RegExp(`${d} [^;]*${PLACEHOLDER_ORIGIN.replaceAll('.', '\\.')}`), d);
  }
  assert.match(csp, /worker-src blob: /);
  assert.match(csp, /'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /unsafe-inline|'unsafe-eval'/);
  const html = recipe('post');
  assert.ok(html.includes(`${PLACEHOLDER_URL}/silk-demo.css`), 'the post links silk-demo.css');
  for (const f of html.match(/<iframe[\s\S]*?>/g)) assert.match(f, /loading="lazy"/, f);
});

after(() => { if (figures.length) console.log(figures.map((f) => `# ${f}`).join('\n')); });
