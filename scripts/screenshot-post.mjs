#!/usr/bin/env node
// screenshot-post.mjs -- pictures of the dark test post (docs/examples/dark-post/) with each kind
// of demo (the element with each scene, the ?embed=1 iframe, silk-embed.html), at desktop
// 1280 x 800 and phone 390 x 844 (DPR 3, saved at CSS scale), cropped to the demo and a little
// of the post around it, into docs/screenshots/dark-post-<kind>-<desktop|phone>.png.
//
//   scripts/build.sh && node scripts/screenshot-post.mjs [kind-substring]
// Each picture is cropped to the post's column and saved at CSS scale (a phone's DPR 3 would
// make it nine times larger), which keeps each file under ~130 KB.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { serve, launch, root, DESKTOP, PHONE } from '../tests/browser/helpers.mjs';
import { KINDS, openPost, demoRunning } from '../tests/browser/post.mjs';

const out = path.join(root, 'docs', 'screenshots');
const only = process.argv[2] ?? '';
const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

await mkdir(out, { recursive: true });
const server = await serve();
const browser = await launch();
try {
  for (const [profileName, profile] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    for (const kind of KINDS.filter((k) => k.name.includes(only))) {
      const { page, context, errors } = await openPost(browser, server, kind, profile);
      await demoRunning(page, kind, 90); // the web has settled, the lab has a few readouts
      await page.waitForTimeout(400);
      const demo = await page.$(kind.element !== undefined ? 'silk-demo' : 'iframe');
      const box = await demo.boundingBox();
      const width = profile.viewport.width;
      const x = Math.max(0, Math.floor(box.x - 24));
      const clip = { x, y: Math.max(0, box.y - 90), width: Math.min(width - x, Math.ceil(box.width + 48)), height: Math.min(box.height + 150, 1400) };
      const file = path.join(out, `dark-post-${slug(kind.name)}-${profileName}.png`);
      await page.screenshot({ path: file, clip, scale: 'css' });
      console.log(`${path.relative(root, file)}  ${clip.width}x${Math.round(clip.height)}  ${(await stat(file)).size} bytes${errors.length ? `  errors: ${errors.join('; ')}` : ''}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
