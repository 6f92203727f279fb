// package.test.mjs -- the npm package silk-verlet (package/package.json, staged by
// scripts/package.mjs into build/package/ during scripts/build.sh):
//   - `npm pack` it; the tarball holds the module, the .wasm, the .d.ts files, the element and
//     the licence, and nothing of the repository's dev side; no packed module reads
//     import.meta (a bundle makes it empty);
//   - install the tarball into fresh fixture apps in a temp dir, each with its bundler from the
//     npm registry (installed in parallel): Vite 6, 7 and 8 (`vite build`, served, and the
//     `vite dev` server, with NO vite config), esbuild (`--bundle`, its default format and
//     --format=esm), and no bundler (an import map pointing at node_modules);
//   - in each, in headless Chromium: the README's quick start builds a rope particle by
//     particle and runs it with the canvas kit (silk-verlet/canvas) (the rope swings down from its pin, the canvas has ink),
//     with no separate wasm file fetched; a <silk-demo worker> really runs in its Worker; no
//     console errors; in the Vite apps the wasm as a separate file (silk-verlet/silk.wasm?url)
//     works too;
//   - in Node, the installed package loads its inline wasm (and silk.wasm by path);
//   - the type declarations: a small TypeScript consumer (the API and the element) passes
//     `tsc --noEmit --strict` under moduleResolution nodenext and bundler, and a deliberate type
//     error in it is caught (so the types are really read).
// Figures (tarball size, file list, bundler versions) go to test-artifacts/guest-figures.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, cp, rm, readFile, writeFile, mkdir, copyFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
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
// the bundlers a new user gets today, by major version (the exact versions go to the figures)
const VITES = { 6: 'vite@^6.0.0', 7: 'vite@^7.0.0', 8: 'vite@^8.0.0' };
const ESBUILD = 'esbuild@^0.28.0';
const TYPESCRIPTS = { 5: 'typescript@^5.0.0', 7: 'typescript@^7.0.0' }; // 7: the native (Go) compiler

let tmp;
let tarball;
let browser;
let apps = null; // name -> dir, once the install test ran
const versions = {};

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

const bin = (dir, name) => path.join(dir, 'node_modules', '.bin', name);
const installed = async (dir, pkg) => JSON.parse(await readFile(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** Serves `dir` (a static server), runs fn(origin), closes. */
async function serving(dir, fn) {
  const server = createServer(dir);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn(`http://127.0.0.1:${server.address().port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function freePort() {
  const s = net.createServer();
  await new Promise((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address();
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** Runs `vite` (the dev server) in `dir`, runs fn(origin) once it answers, stops it. */
async function viteDev(dir, fn) {
  const port = await freePort();
  const child = spawn(bin(dir, 'vite'), ['--host', '127.0.0.1', '--port', String(port), '--strictPort', '--logLevel', 'warn'], {
    cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', BROWSER: 'none' },
  });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let t = Date.now(); ; ) {
      if (child.exitCode !== null) throw new Error(`vite dev exited: ${log}`);
      if (await fetch(`${origin}/`).then((r) => r.ok, () => false)) break;
      if (Date.now() - t > 60000) throw new Error(`vite dev did not answer in 60 s: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const result = await fn(origin);
    return { ...result, log };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Opens `page` at `origin`: waits for 60 frames of the quick start's rope and for the
 * <silk-demo worker> to have rendered in its Worker (and for the separate-wasm check where the
 * page has one); returns what it saw.
 */
async function check(origin, page = 'index.html', { separate = false } = {}) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const errors = [];
  const warnings = [];
  const wasm = [];
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  tab.on('pageerror', (e) => errors.push(e.message));
  // the wasm fetched (Vite's dev server also serves `silk.wasm?import&url` as a module: its URL)
  tab.on('request', (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname) && r.resourceType() !== 'script') wasm.push(r.url()); });
  try {
    await tab.goto(`${origin}/${page}`);
    await tab.waitForFunction((sep) => {
      const s = document.getElementById('w')?.stats?.();
      return window.rope?.frames > 60 && s?.framesRendered > 10 && (!sep || window.separate);
    }, separate, { timeout: 60000, polling: 100 }).catch((e) => { throw new Error(`${e.message}\nconsole: ${[...errors, ...warnings].join('\n')}`); });
    const seen = await tab.evaluate(() => {
      const w = window.rope.world;
      const p = w.positions;
      const c = document.querySelector('canvas');
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      // ink: pixels unlike the background (the kit paints one; the corner is background)
      let ink = 0;
      for (let k = 0; k < data.length; k += 4) {
        if (data[k] !== data[0] || data[k + 1] !== data[1] || data[k + 2] !== data[2] || data[k + 3] !== data[3]) ink++;
      }
      const demo = document.getElementById('w');
      return {
        particles: w.particleCount, constraints: w.constraintCount, pin: [p[0], p[1]], end: [p[38], p[39]], ink,
        element: demo.stats(), shared: customElements.get('silk-demo').shared(), separate: window.separate ?? null,
      };
    });
    return { seen, errors, warnings, wasm };
  } finally {
    await context.close();
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

/** The quick start, the element in its Worker, and no wasm file fetched for either. */
function assertApp(result, what, { separate = false } = {}) {
  assertRope(result, what);
  const { element, shared } = result.seen;
  assert.equal(element.thread, 'worker', `${what}: <silk-demo worker> runs in its Worker (problems: ${element.problems})`);
  assert.deepEqual(element.problems, [], what);
  assert.ok(element.framesRendered > 10, `${what}: the Worker renders (${element.framesRendered} frames)`);
  assert.equal(shared.workers, 1, what);
  assert.deepEqual(result.warnings.filter((w) => /silk/i.test(w)), [], `${what}: no fallback warning`);
  if (separate) {
    assert.ok(result.seen.separate.particles > 0, `${what}: the separate silk.wasm loads (${JSON.stringify(result.seen.separate)})`);
    assert.equal(result.wasm.length, 1, `${what}: exactly the one separate file is fetched (${result.wasm})`);
    assert.match(result.wasm[0], /silk[\w-]*\.wasm/, what);
  } else {
    assert.deepEqual(result.wasm, [], `${what}: the wasm comes inline, no file is fetched`);
  }
}

test('npm pack: the tarball holds the module, the wasm, the types, the element and the licence', async () => {
  const out = JSON.parse(await npm(staged, 'pack', '--json', '--pack-destination', tmp, '--loglevel=error'));
  const [info] = out;
  tarball = path.join(tmp, info.filename);
  const files = info.files.map((f) => f.path).sort();
  for (const f of ['package.json', 'silk.mjs', 'silk.wasm', 'silk.d.ts', 'silk-demo.mjs', 'silk-demo.d.ts', 'canvas.mjs', 'canvas.d.ts', 'LICENSE', 'README.md', 'loop.mjs', 'render.mjs', 'silk-demo-worker.mjs', 'silk-wasm.mjs', 'silk-demo-spawn.mjs', 'silk-demo.css']) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  // a bundle (esbuild's iife, Vite's pre-bundled deps) has no import.meta worth reading
  for (const f of files.filter((name) => name.endsWith('.mjs'))) {
    const text = await readFile(path.join(staged, f), 'utf8');
    assert.ok(!/\bimport\.meta\b/.test(text), `${f} reads no import.meta`);
  }
  const inline = await readFile(path.join(staged, 'silk-wasm.mjs'), 'utf8');
  const wasmFile = await readFile(path.join(staged, 'silk.wasm'));
  assert.ok(inline.includes(`'${wasmFile.toString('base64')}'`), 'silk-wasm.mjs carries this build\'s silk.wasm inline');
  // no page: its modules, markup and stylesheet stay out (silk-demo.css is the element's own
  // size before it is defined: the one stylesheet the package ships)
  for (const f of files) assert.ok(!/^(app|main)\.mjs$|\.html$|^(?!silk-demo\.css$).*\.css$|^tests?\/|^scripts\//.test(f), `${f} does not belong in the package`);
  const manifest = JSON.parse(await readFile(path.join(staged, 'package.json'), 'utf8'));
  assert.equal(manifest.name, 'silk-verlet');
  assert.equal(manifest.license, 'MIT');
  assert.match(manifest.version, /^\d+\.\d+\.\d+$/);
  for (const key of ['exports', 'types', 'files', 'sideEffects']) assert.ok(manifest[key] !== undefined, key);
  const kit = JSON.stringify(manifest.exports['./canvas'] ?? null);
  assert.ok(kit.includes('./canvas.mjs') && kit.includes('./canvas.d.ts'), `silk-verlet/canvas is exported with its types: ${kit}`);
  const dev = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  assert.equal(dev.name, 'silk-dev');
  assert.equal(dev.private, true, 'the dev manifest stays separate and private');
  await mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, 'guest-figures.json');
  const old = await readFile(file, 'utf8').then(JSON.parse, () => ({}));
  await writeFile(file, JSON.stringify({ ...old, package: { tarball: info.filename, tarballBytes: info.size, unpackedBytes: info.unpackedSize, files } }, null, 2));
});

test('fixture apps: npm install the tarball and each bundler, in parallel dirs', async () => {
  assert.ok(tarball, 'the pack test ran');
  const wanted = {
    vite6: [VITES[6]], vite7: [VITES[7]], vite8: [VITES[8]], esbuild: [ESBUILD], importmap: [], typescript5: [TYPESCRIPTS[5]], typescript7: [TYPESCRIPTS[7]],
  };
  const dirs = await Promise.all(Object.entries(wanted).map(([name, deps]) => app(name, deps)));
  apps = Object.fromEntries(Object.keys(wanted).map((name, i) => [name, dirs[i]]));
  for (const v of Object.keys(VITES)) {
    versions[`vite${v}`] = await installed(apps[`vite${v}`], 'vite');
    assert.equal(versions[`vite${v}`].split('.')[0], v);
    // the Vite apps' page also loads the wasm as a separate file (separate.js)
    await copyFile(path.join(fixture, 'vite.html'), path.join(apps[`vite${v}`], 'index.html'));
  }
  versions.esbuild = await installed(apps.esbuild, 'esbuild');
  for (const v of Object.keys(TYPESCRIPTS)) versions[`typescript${v}`] = await installed(apps[`typescript${v}`], 'typescript');
  for (const dir of Object.values(apps)) assert.ok(!existsSync(path.join(dir, 'vite.config.js')), 'no bundler config');
  await mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, 'guest-figures.json');
  const old = await readFile(file, 'utf8').then(JSON.parse, () => ({}));
  await writeFile(file, JSON.stringify({ ...old, bundlers: versions }, null, 2));
});

for (const v of Object.keys(VITES)) {
  test(`Vite ${v}: vite build with no config, served: the quick start and <silk-demo worker> run`, async () => {
    assert.ok(apps, 'the install test ran');
    const dir = apps[`vite${v}`];
    await run(bin(dir, 'vite'), ['build', '--logLevel', 'warn'], { cwd: dir, timeout: 300000 });
    // the separate file: Vite emitted it as an asset from silk-verlet/silk.wasm?url
    const assets = await readdir(path.join(dir, 'dist', 'assets'));
    assert.ok(assets.some((f) => /^silk-[\w-]+\.wasm$/.test(f)), `the wasm asset: ${assets}`);
    const result = await serving(path.join(dir, 'dist'), (origin) => check(origin, 'index.html', { separate: true }));
    assertApp(result, `vite ${versions[`vite${v}`]} build`, { separate: true });
  });

  test(`Vite ${v}: vite dev with no config: the quick start and <silk-demo worker> run`, async () => {
    assert.ok(apps, 'the install test ran');
    const result = await viteDev(apps[`vite${v}`], (origin) => check(origin, 'index.html', { separate: true }));
    assert.doesNotMatch(result.log, /error/i, `vite dev logged: ${result.log}`);
    assertApp(result, `vite ${versions[`vite${v}`]} dev`, { separate: true });
  });
}

for (const format of [null, 'esm']) {
  test(`esbuild --bundle ${format ? `--format=${format}` : '(its default format, iife)'}: the quick start and <silk-demo worker> run`, async () => {
    assert.ok(apps, 'the install test ran');
    const dir = apps.esbuild;
    const out = path.join(dir, `dist-${format ?? 'default'}`);
    await mkdir(out);
    const { stderr } = await run(bin(dir, 'esbuild'), ['main.js', 'element.js', '--bundle', ...(format ? [`--format=${format}`] : []), `--outdir=${out}`, '--log-level=warning'], { cwd: dir });
    assert.equal(stderr, '', 'esbuild bundles it without a warning');
    // nothing copied by hand but the page: no silk.wasm, no Worker file
    await copyFile(path.join(dir, 'index.html'), path.join(out, 'index.html'));
    assert.deepEqual((await readdir(out)).sort(), ['element.js', 'index.html', 'main.js']);
    assertApp(await serving(out, (origin) => check(origin)), `esbuild ${versions.esbuild} ${format ?? 'default format'}`);
  });
}

test('a strict CSP: the blob: Worker needs worker-src blob:, and without it the element says so', async () => {
  assert.ok(apps, 'the install test ran');
  const out = path.join(apps.esbuild, 'dist-esm'); // built by the test above
  const page = await readFile(path.join(out, 'index.html'), 'utf8');
  const strict = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src data:";
  for (const [name, csp] of [['strict.html', strict], ['blob.html', `${strict}; worker-src 'self' blob:`]]) {
    await writeFile(path.join(out, name), page.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${csp}">`));
  }
  // worker-src blob: allowed: the Worker runs
  assertApp(await serving(out, (origin) => check(origin, 'blob.html')), 'CSP with worker-src blob:');
  // not allowed: the quick start runs, the element runs on the main thread and says why
  const result = await serving(out, (origin) => check(origin, 'strict.html'));
  assertRope({ ...result, errors: result.errors.filter((e) => !/Content Security Policy/.test(e)) }, 'strict CSP');
  const { element } = result.seen;
  assert.equal(element.thread, 'main');
  assert.equal(element.problems.length, 1, `${element.problems}`);
  assert.match(element.problems[0], /^worker: running on the main thread: .*a blob: URL \(a CSP needs worker-src blob:\)/);
  assert.deepEqual(result.warnings.filter((w) => /silk/i.test(w)), [`<silk-demo>: ${element.problems[0]}`], 'said once on the console');
});

test('no bundler: an import map to node_modules, the quick start and <silk-demo worker> run', async () => {
  assert.ok(apps, 'the install test ran');
  assertApp(await serving(apps.importmap, (origin) => check(origin, 'importmap.html')), 'import map');
});

test('Node: the installed package loads its inline wasm, and a separate silk.wasm by path', async () => {
  assert.ok(apps, 'the install test ran');
  const script = `
    import { loadSilk } from 'silk-verlet';
    const inline = await loadSilk();
    const w = inline.createWorld({ width: 400, height: 250 });
    w.buildScene('web');
    const y = w.positions[1];
    w.advance(0.5);
    const file = await loadSilk({ wasm: 'node_modules/silk-verlet/silk.wasm' }); // relative to the cwd
    console.log(JSON.stringify({ particles: w.particleCount, moved: w.positions[1] !== y, file: file.createWorld({ width: 9, height: 9 }).particleCount }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: apps.importmap });
  const seen = JSON.parse(stdout);
  assert.ok(seen.particles > 100, `the web is built (${seen.particles})`);
  assert.equal(seen.moved, true, 'it steps');
  assert.equal(seen.file, 0, 'the separate file loads too');
});

for (const [ts, resolution] of Object.keys(TYPESCRIPTS).flatMap((v) => [[v, 'nodenext'], [v, 'bundler']])) {
  test(`types: TypeScript ${ts} tsc --noEmit --strict under moduleResolution ${resolution} (the API and the element)`, async () => {
    assert.ok(apps, 'the install test ran');
    const dir = apps[`typescript${ts}`];
    const compilerOptions = {
      strict: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom'], skipLibCheck: false,
      module: resolution === 'nodenext' ? 'nodenext' : 'esnext', moduleResolution: resolution,
    };
    const tsc = async (files) => {
      const config = `tsconfig.${resolution}.json`;
      await writeFile(path.join(dir, config), JSON.stringify({ compilerOptions, files }));
      return run(bin(dir, 'tsc'), ['-p', config], { cwd: dir }).then(() => '', (e) => e.stdout + e.stderr);
    };
    assert.equal(await tsc(['consumer.ts']), '', `tsc ${versions[`typescript${ts}`]} accepts the consumer`);
    // the README's quick start, as pasted into a .ts file (issue 26 item 6: querySelector may be null)
    const readme = await readFile(path.join(root, 'README.md'), 'utf8');
    const quick = /```js\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Use the library')))[1];
    await writeFile(path.join(dir, 'quickstart.ts'), quick);
    assert.equal(await tsc(['quickstart.ts']), '', `tsc ${versions[`typescript${ts}`]} --strict accepts README.md's quick start as pasted`);
    // the types are really read: a wrong call is an error (were they any, tsc would pass it)
    const caught = await tsc(['consumer-wrong.ts']);
    assert.match(caught, /consumer-wrong\.ts.*error TS2345/, caught); // advance('1/60')
    assert.match(caught, /consumer-wrong\.ts.*error TS2322/, caught); // thread: 'gpu'
    assert.equal(caught.match(/error TS/g).length, 2, `exactly the two planted errors: ${caught}`);
  });
}
