// post.mjs -- the dark test post (docs/examples/dark-post/) with one demo of each kind, served
// from the test server's origin (so 'self' in its CSP covers dist/). Used by cls.test.mjs and
// scripts/screenshot-post.mjs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { root, openPage, DESKTOP } from './helpers.mjs';

const DIR = path.join(root, 'docs', 'examples', 'dark-post');

/** Every kind of demo a post can hold: the element with each scene, the iframe, the single file. */
export const KINDS = Object.freeze([
  { name: 'element', element: '' },
  { name: 'element coupling', element: 'scene="coupling"' },
  { name: 'element spiral', element: 'scene="spiral"' },
  { name: 'element integrators', element: 'scene="integrators"' },
  { name: 'element rope', element: 'scene="rope"' },
  { name: 'element cloth', element: 'scene="cloth"' },
  { name: 'iframe ?embed=1', frame: '/?embed=1&theme=page' },
  { name: 'silk-embed.html', frame: '/silk-embed.html?theme=page' },
]);

export async function postHtml(kind) {
  const template = await readFile(path.join(DIR, 'post.html'), 'utf8');
  const head = kind.element !== undefined
    ? '<link rel="stylesheet" href="/silk-demo.css">\n<script type="module" src="/silk-demo.mjs"></script>'
    : '';
  const demo = kind.element !== undefined
    ? `<silk-demo ${kind.element} theme="page"></silk-demo>`
    : `<iframe class="silk" src="${kind.frame}" title="Silk: a spider web simulated in WebAssembly"></iframe>`;
  return template.replace('<!--HEAD-->', head).replace('<!--DEMO-->', demo);
}

/**
 * Opens the post with `kind` at server.origin/post.html. options.before(page) runs before the
 * navigation (init scripts). Returns openPage's record.
 */
export async function openPost(browser, server, kind, profile = DESKTOP, options = {}) {
  const o = await openPage(browser, profile);
  const [html, css] = [await postHtml(kind), await readFile(path.join(DIR, 'post.css'), 'utf8')];
  await o.context.route(`${server.origin}/post.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await o.context.route(`${server.origin}/post.css`, (route) => route.fulfill({ contentType: 'text/css', body: css }));
  await options.before?.(o.page);
  await o.page.goto(`${server.origin}/post.html`);
  return o;
}

/** Waits until the post's demo has drawn `n` frames (inside its iframe for the frame kinds). */
export async function demoRunning(page, kind, n = 10) {
  if (kind.element !== undefined) {
    await page.waitForFunction((k) => document.querySelector('silk-demo')?.stats?.().framesRendered > k, n, { timeout: 60000, polling: 100 });
    return page;
  }
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction((k) => window.silkApp?.stats().framesRendered > k, n, { timeout: 60000, polling: 100 });
  return frame;
}
