// cls.test.mjs -- layout shift and first paint (issue 18): a dark blog post with each kind of
// demo (the element with each scene, the ?embed=1 iframe, silk-embed.html) must not move the
// post or itself while it loads. Measured with the Layout Instability API (PerformanceObserver
// 'layout-shift', buffered) in the post and inside the iframe, at desktop 1280 x 800 and phone
// 390 x 844 DPR 3: cumulative shift < 0.01 in each. Prints every figure (the issue's table).
// Also: the embed's first paint is already in embed mode and dark (no light header or white
// canvas while the modules load).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, DESKTOP, PHONE } from './helpers.mjs';
import { KINDS, openPost, demoRunning } from './post.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const LIMIT = 0.01;

// Runs in the post and in every frame before any of their scripts.
function observeShifts() {
  window.__cls = { total: 0, shifts: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__cls.total += e.value;
        window.__cls.shifts.push({
          value: +e.value.toFixed(4),
          sources: (e.sources ?? []).map((s) => `${s.node?.nodeName ?? '?'}.${s.node?.className ?? ''} ${s.previousRect.height}->${s.currentRect.height} @${s.previousRect.y}->${s.currentRect.y}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch { window.__cls.unsupported = true; }
  // What the document looks like once parsed, before its module scripts run.
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive' || !document.querySelector('#stage')) return;
    const top = document.querySelector('.top');
    window.__firstLook = {
      header: top ? getComputedStyle(top).display : null,
      background: getComputedStyle(document.body).backgroundColor,
      stage: getComputedStyle(document.getElementById('stage')).backgroundColor,
    };
  });
}

const rows = [];
for (const [profileName, profile] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  for (const kind of KINDS) {
    test(`CLS < ${LIMIT}: ${kind.name}, ${profileName}`, async () => {
      const { page, context, errors } = await openPost(browser, server, kind, profile, {
        before: (p) => p.addInitScript(observeShifts),
      });
      const target = await demoRunning(page, kind, 20);
      await page.waitForTimeout(600); // late readouts and bars would shift now
      const post = await page.evaluate(() => window.__cls);
      const inner = target === page ? null : await target.evaluate(() => ({ cls: window.__cls, first: window.__firstLook }));
      assert.ok(!post.unsupported, 'the Layout Instability API is available');
      const frameCls = inner?.cls.total ?? 0;
      rows.push(`${profileName.padEnd(8)} ${kind.name.padEnd(22)} post ${post.total.toFixed(4)}  frame ${inner ? frameCls.toFixed(4) : '  -   '}`);
      assert.ok(post.total < LIMIT, `post CLS ${post.total.toFixed(4)}: ${JSON.stringify(post.shifts)}`);
      assert.ok(frameCls < LIMIT, `CLS inside the frame ${frameCls.toFixed(4)}: ${JSON.stringify(inner?.cls.shifts)}`);
      if (inner) {
        // parsed, scripts not yet run: no page header, the dark ground already
        assert.deepEqual(inner.first, { header: 'none', background: 'rgb(13, 17, 23)', stage: 'rgb(13, 17, 23)' });
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

after(() => { if (rows.length) console.log(`# layout shift (cumulative, Layout Instability API)\n${rows.map((r) => `# ${r}`).join('\n')}`); });
