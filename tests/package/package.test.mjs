// package.test.mjs -- the npm package silk-verlet (package/package.json, staged by
// scripts/package.mjs into build/package/ during scripts/build.sh):
//   - `npm pack` it; the tarball holds the module, the .wasm, the .d.ts files, the element and
//     the licence, and nothing of the repository's dev side;
//   - install the tarball into fresh fixture apps in a temp dir: one built with esbuild, one
//     with Vite (each its only dev dependency, from the npm registry), and one with no bundler
//     (an import map pointing at node_modules);
//   - in each, the README's quick start builds a rope particle by particle, steps it and draws
//     it: checked in headless Chromium (the rope swings down from its pin, the canvas has ink).
// Figures (tarball size, file list) go to test-artifacts/guest-figures.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, cp, rm, readFile, writeFile, mkdir, copyFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from '../../scripts/serve.mjs';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const staged = path.join(root, 'build', 'package');
const fixture = path.join(here, 'fixture');
const artifacts = path.join(root, 'test-artifacts');
const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error', '--no-save'];

let tmp;
let tarball;
let browser;

before(async () => {
  if (!existsSync(path.join(staged, 'package.json'))) throw new Error('build/package is missing: run scripts/build.sh first');
  tmp = await mkdtemp(path.join(os.tmpdir(), 'silk-package-'));
  browser = await chromium.launch({
    executablePath: process.env.SILK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
after(async () => {
  await browser?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function npm(cwd, ...args) {
  const { stdout } = await run('npm', args, { cwd, maxBuffer: 64 << 20, timeout: 300000 });
  return stdout;
}

/** A fresh app dir with the fixture's files, the tarball and `devDeps` installed. */
async function app(name, devDeps) {
  const dir = path.join(tmp, name);
  await cp(fixture, dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: `silk-fixture-${name}`, private: true, type: 'module' }));
  await npm(dir, 'install', ...NPM_FLAGS, tarball, ...devDeps);
  return dir;
}

/** Serves `dir`, opens `page`, waits for 60 frames of the rope; returns what it saw. */
async function check(dir, page = 'index.html') {
  const server = createServer(dir);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext();
  const tab = await context.newPage();
  const errors = [];
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  tab.on('pageerror', (e) => errors.push(e.message));
  try {
    await tab.goto(`${origin}/${page}`);
    await tab.waitForFunction(() => window.rope?.frames > 60, null, { timeout: 60000, polling: 100 });
    const seen = await tab.evaluate(() => {
      const w = window.rope.world;
      const p = w.positions;
      const c = document.querySelector('canvas');
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      let ink = 0;
      for (let k = 3; k < data.length; k += 4) if (data[k] > 0) ink++;
      return { particles: w.particleCount, constraints: w.constraintCount, pin: [p[0], p[1]], end: [p[38], p[39]], ink };
    });
    return { seen, errors };
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

function assertRope({ seen, errors }, what) {
  assert.deepEqual(errors, [], what);
  assert.equal(seen.particles, 20, what);
  assert.equal(seen.constraints, 20, `${what}: 19 links and a pin`);
  assert.ok(Math.hypot(seen.pin[0] - 120, seen.pin[1] - 20) < 1, `${what}: the pinned end stays (${seen.pin})`);
  assert.ok(seen.end[1] > 60, `${what}: the free end has swung down (y ${seen.end[1]})`);
  assert.ok(seen.ink > 100, `${what}: the rope is drawn (${seen.ink} px)`);
}

test('npm pack: the tarball holds the module, the wasm, the types, the element and the licence', async () => {
  const out = JSON.parse(await npm(staged, 'pack', '--json', '--pack-destination', tmp, '--loglevel=error'));
  const [info] = out;
  tarball = path.join(tmp, info.filename);
  const files = info.files.map((f) => f.path).sort();
  for (const f of ['package.json', 'silk.mjs', 'silk.wasm', 'silk.d.ts', 'silk-demo.mjs', 'silk-demo.d.ts', 'LICENSE', 'README.md', 'loop.mjs', 'render.mjs', 'silk-demo-worker.mjs', 'silk-demo.css']) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  // no page: its modules, markup and stylesheet stay out (silk-demo.css is the element's own
  // size before it is defined, issue 18: the one stylesheet the package ships)
  for (const f of files) assert.ok(!/^(app|main)\.mjs$|\.html$|^(?!silk-demo\.css$).*\.css$|^tests?\/|^scripts\//.test(f), `${f} does not belong in the package`);
  const manifest = JSON.parse(await readFile(path.join(staged, 'package.json'), 'utf8'));
  assert.equal(manifest.name, 'silk-verlet');
  assert.equal(manifest.license, 'MIT');
  assert.match(manifest.version, /^\d+\.\d+\.\d+$/);
  for (const key of ['exports', 'types', 'files', 'sideEffects']) assert.ok(manifest[key] !== undefined, key);
  const dev = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  assert.equal(dev.name, 'silk-dev');
  assert.equal(dev.private, true, 'the dev manifest stays separate and private');
  await mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, 'guest-figures.json');
  const old = await readFile(file, 'utf8').then(JSON.parse, () => ({}));
  await writeFile(file, JSON.stringify({ ...old, package: { tarball: info.filename, tarballBytes: info.size, unpackedBytes: info.unpackedSize, files } }, null, 2));
});

test('esbuild app: npm install the tarball, bundle, and the rope runs in Chromium', async () => {
  assert.ok(tarball, 'the pack test ran');
  const dir = await app('esbuild', ['esbuild@^0.25.0']);
  await mkdir(path.join(dir, 'dist'));
  const { stderr } = await run(path.join(dir, 'node_modules', '.bin', 'esbuild'), ['main.js', '--bundle', '--format=esm', '--outfile=dist/main.js', '--log-level=warning'], { cwd: dir });
  assert.equal(stderr, '', 'esbuild bundles it without a warning');
  // esbuild leaves new URL('./silk.wasm', import.meta.url) alone: the wasm goes beside the bundle
  await copyFile(path.join(dir, 'node_modules', 'silk-verlet', 'silk.wasm'), path.join(dir, 'dist', 'silk.wasm'));
  await copyFile(path.join(dir, 'index.html'), path.join(dir, 'dist', 'index.html'));
  assertRope(await check(path.join(dir, 'dist')), 'esbuild');
});

test('Vite app: npm install the tarball, vite build, and the rope runs in Chromium', async () => {
  assert.ok(tarball, 'the pack test ran');
  const dir = await app('vite', ['vite@^6.0.0']);
  await run(path.join(dir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: dir, timeout: 300000 });
  // Vite found the wasm through new URL(..., import.meta.url) and emitted it as an asset
  const assets = await readdir(path.join(dir, 'dist', 'assets'));
  assert.ok(assets.some((f) => /^silk-[\w-]+\.wasm$/.test(f)), `the wasm asset: ${assets}`);
  assertRope(await check(path.join(dir, 'dist')), 'vite');
});

test('no bundler: an import map to node_modules, and the rope runs in Chromium', async () => {
  assert.ok(tarball, 'the pack test ran');
  const dir = await app('importmap', []);
  assertRope(await check(dir, 'importmap.html'), 'import map');
});
