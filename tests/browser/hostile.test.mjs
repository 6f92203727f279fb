// hostile.test.mjs -- every page and lab scene loaded with hostile URL values (issue 11).
//
// Values: script injection, __proto__ / constructor as keys and values, repeated keys, a
// 10,000-character value, unicode, 1e308, -0 and negative numbers. Each load must end with
// the page running (data-silk=ready, a drawn canvas, not a blank page), 0 console errors,
// the fallback notice saying which values were ignored and what is used instead, no injected
// markup or script, and Object.prototype untouched.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, canvasCensus, mainThread } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const INJECT = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const LONG = 'x'.repeat(10000);
const HOSTILE = [INJECT, '__proto__', 'constructor', LONG, 'ünï©ødé ✓ 🕷️', '1e308', '-0', '-5', '-1.5', 'NaN', 'Infinity', ''];

// The page's own parameters and each lab scene's.
const PAGE_PARAMS = ['step', 'tensor', 'seed', 'loop', 'hz', 'solver', 'substeps', 'embed'];
const LAB_PARAMS = {
  coupling: ['rate', 'crawl'],
  spiral: ['cost', 'clamp', 'maxSteps'],
  integrators: ['h', 'floor'],
  rope: ['particles', 'iterations', 'weight', 'tool'],
  cloth: ['mode', 'iterations', 'tool'],
};
const SCENES = ['web', 'cloth', 'shapes', 'tree', 'coupling', 'spiral', 'integrators', 'rope', 'ball-pit', 'chain-cloth'];

function query(pairs) {
  return '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

async function load(search) {
  const p = await openPage(browser);
  await p.page.goto(`${server.origin}/${mainThread(search)}`); // silkApp.world: the main-thread page
  await ready(p.page);
  await p.page.waitForTimeout(300); // a few real frames
  const state = await p.page.evaluate(() => ({
    notice: document.getElementById('notice')?.hidden === false ? document.getElementById('notice').innerText : '',
    pwned: window.__pwned,
    injected: document.querySelectorAll('img[src="x"]').length + [...document.scripts].filter((s) => s.textContent.includes('__pwned')).length,
    polluted: Object.keys(Object.prototype).length + (({}).polluted === undefined ? 0 : 1),
    // a number shown as NaN anywhere but the notice (which may quote a hostile ?x=NaN); the
    // dashboard's label "NaN particles" is a label, not a value
    nan: /\bNaN\b/.test(document.body.innerText
      .replace(document.getElementById('notice')?.innerText ?? '', '')
      .replace(/NaN particles/g, '')),
    app: typeof window.silkApp,
  }));
  const census = await canvasCensus(p.page);
  await p.context.close();
  return { ...state, census, errors: p.errors };
}

function checkPage(label, s, expectNotice) {
  assert.deepEqual(s.errors, [], `${label}: console errors`);
  assert.equal(s.app, 'object', `${label}: window.silkApp exists (the app started)`);
  assert.equal(s.pwned, undefined, `${label}: no injected script ran`);
  assert.equal(s.injected, 0, `${label}: no injected markup`);
  assert.equal(s.polluted, 0, `${label}: Object.prototype untouched`);
  assert.equal(s.nan, false, `${label}: the page shows no NaN`);
  assert.ok(s.census.total - s.census.white > 100, `${label}: the canvas is drawn (${JSON.stringify(s.census)})`);
  if (expectNotice) {
    assert.match(s.notice, /was ignored/, `${label}: the fallback notice says what was ignored`);
    assert.match(s.notice, /using /, `${label}: and what is used instead`);
  }
}

for (const scene of SCENES) {
  test(`${scene}: every parameter hostile at once -> notice, no errors, a running page`, async () => {
    const own = LAB_PARAMS[scene] ?? [];
    const pairs = [['scene', scene], ['__proto__', 'polluted'], ['constructor', 'x'], ['__proto__[polluted]', '1']];
    [...PAGE_PARAMS, ...own].forEach((name, k) => pairs.push([name, HOSTILE[k % HOSTILE.length]]));
    pairs.push(['step', '3']); // a repeated key: the first value counts (URLSearchParams.get)
    const s = await load(query(pairs));
    checkPage(scene, s, true);
  });
}

test('web page: each hostile value alone in each page parameter', async () => {
  for (const value of [INJECT, LONG, '1e308', '-0', '-5', 'ünï©ødé ✓', '__proto__']) {
    for (const name of ['step', 'scene']) {
      const s = await load(query([[name, value]]));
      checkPage(`?${name}=${value.slice(0, 30)}`, s, true);
    }
  }
});

test('hostile keys and repeated keys alone change nothing visible and break nothing', async () => {
  for (const search of [
    query([['__proto__', '1']]),
    query([['constructor', 'prototype']]),
    query([['__proto__[step]', '9'], ['constructor[prototype][x]', '1']]),
    query([['scene', 'cloth'], ['scene', INJECT]]),
    '?' + 'a=1&'.repeat(2000),
    '?%E0%A4%A',
  ]) {
    const s = await load(search);
    checkPage(search.slice(0, 40), s, false);
  }
});
