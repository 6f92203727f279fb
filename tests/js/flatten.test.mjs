// flatten.test.mjs -- scripts/flatten.mjs, which turns web/<role>/ into the flat dist/ that
// hosts, the package and scripts/embed.mjs rely on: every file arrives, every import in the flat
// copy names a file beside it, and the two ways to break the flat contract stop the build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './helpers.mjs';

const script = path.join(repoRoot, 'scripts', 'flatten.mjs');
const ROLES = ['lib', 'kit', 'element', 'page', 'labs', 'reference'];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'(\.\.?\/[^']+)'/g;

function flatten(web) {
  const out = mkdtempSync(path.join(tmpdir(), 'silk-flat-'));
  const r = spawnSync(process.execPath, [script, web, out], { encoding: 'utf8' });
  return { out, status: r.status, stderr: r.stderr };
}

function fakeWeb(files) {
  const web = mkdtempSync(path.join(tmpdir(), 'silk-web-'));
  for (const role of ROLES) mkdirSync(path.join(web, role));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(web, file), text);
  return web;
}

test('web/ flattens into one folder whose imports all name a file beside them', () => {
  const web = path.join(repoRoot, 'web');
  const { out, status, stderr } = flatten(web);
  try {
    assert.equal(status, 0, stderr);
    const sources = ROLES.flatMap((role) => readdirSync(path.join(web, role)).map((name) => [role, name]));
    // every file of web/<role>/, and index.html from the top-level shell.html
    assert.deepEqual(readdirSync(out).sort(), [...sources.map(([, name]) => name), 'index.html'].sort());
    for (const [role, name] of sources) {
      const flat = readFileSync(path.join(out, name), 'utf8');
      for (const [, spec] of flat.matchAll(SPECIFIER)) {
        assert.ok(spec.startsWith('./'), `${name}: '${spec}' is not flat`);
        // a .d.ts names a declaration file by its .js form ('./silk.js' -> silk.d.ts, as nodenext wants)
        const declared = name.endsWith('.d.ts') && spec.endsWith('.js');
        const file = declared ? spec.replace(/\.js$/, '.d.ts') : path.extname(spec) ? spec : `${spec}.d.ts`;
        assert.ok(existsSync(path.join(out, file)), `${name}: '${spec}' names no file in dist/`);
      }
      // Only the specifiers change: the rest of each file is byte for byte its source.
      const source = readFileSync(path.join(web, role, name), 'utf8');
      assert.equal(flat.replace(SPECIFIER, ''), source.replace(SPECIFIER, ''), name);
    }
    assert.ok(existsSync(path.join(out, 'index.html')), 'shell.html (beside web/) becomes dist/index.html');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('flatten stops on a name two roles share, and on an import that leaves web/<role>/', () => {
  const cases = [
    [{ 'lib/a.mjs': '', 'page/a.mjs': '' }, /would both be/],
    [{ 'page/a.mjs': "import { b } from '../../b.mjs';\n" }, /not a file of web/],
    [{ 'page/a.mjs': "import { b } from '../lib/missing.mjs';\n" }, /not a file of web/],
  ];
  for (const [files, message] of cases) {
    const web = fakeWeb(files);
    const { out, status, stderr } = flatten(web);
    rmSync(web, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    assert.notEqual(status, 0, JSON.stringify(files));
    assert.match(stderr, message);
  }
});
