// layers.test.mjs -- the web/ folders are layers, and each imports only the layers below it:
//   lib  <-  kit (the toolkit)  <-  labs  <-  element  <-  page
// (reference/ is plain reference code any layer may read). Before, page/ was both the page and
// the toolkit the element imported, and page/ and labs/ imported each other. The same claim as
// a grep anyone can run (expected output: nothing):
//   grep -rnE "from '\.\./(page|labs|element)/" web/kit web/lib; \
//   grep -rnE "from '\.\./(page|element)/" web/labs; grep -rn "from '\.\./page/" web/element
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './helpers.mjs';

const WEB = path.join(repoRoot, 'web');
const ALLOWED = {
  lib: ['lib'],
  reference: ['reference'],
  kit: ['lib', 'kit'],
  labs: ['lib', 'kit', 'labs', 'reference'],
  element: ['lib', 'kit', 'labs', 'element'],
  page: ['lib', 'kit', 'labs', 'element', 'page', 'reference'],
};
// static imports, re-exports and dynamic import('...')
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'(\.\.?\/[^']+)'/g;

function graph() {
  const edges = new Map(); // 'role/file' -> ['role/file', ...]
  for (const role of readdirSync(WEB)) {
    for (const name of readdirSync(path.join(WEB, role))) {
      if (!/\.m?js$/.test(name)) continue;
      const text = readFileSync(path.join(WEB, role, name), 'utf8');
      const to = [];
      for (const [, spec] of text.matchAll(SPECIFIER)) {
        to.push(path.relative(WEB, path.resolve(WEB, role, spec)).split(path.sep).join('/'));
      }
      edges.set(`${role}/${name}`, to);
    }
  }
  return edges;
}

test('each layer of web/ imports only the layers below it', () => {
  const bad = [];
  for (const [from, tos] of graph()) {
    const role = from.split('/')[0];
    assert.ok(role in ALLOWED, `web/${role}/ is not a known layer: add it to ALLOWED with its rule`);
    for (const to of tos) {
      if (!ALLOWED[role].includes(to.split('/')[0])) bad.push(`${from} -> ${to}`);
    }
  }
  assert.deepEqual(bad, [], 'imports against the layering');
});

test('no import cycle between files of web/ (a self-import is not a cycle)', () => {
  const edges = graph();
  const state = new Map(); // file -> 1 visiting, 2 done
  const cycles = [];
  const visit = (f, trail) => {
    state.set(f, 1);
    for (const to of edges.get(f) ?? []) {
      if (to === f) continue;
      if (state.get(to) === 1) cycles.push([...trail.slice(trail.indexOf(to)), to].join(' -> '));
      else if (!state.has(to)) visit(to, [...trail, to]);
    }
    state.set(f, 2);
  };
  for (const f of edges.keys()) if (!state.has(f)) visit(f, [f]);
  assert.deepEqual(cycles, []);
});

test('the layer check sees a planted bad import', () => {
  // the regexp the test depends on finds the shapes of import the source uses
  const text = "import { a } from '../page/app.mjs';\nexport { b } from './b.mjs';\nconst m = import('../labs/lab-host.mjs');";
  assert.deepEqual([...text.matchAll(SPECIFIER)].map((m) => m[1]), ['../page/app.mjs', './b.mjs', '../labs/lab-host.mjs']);
});
