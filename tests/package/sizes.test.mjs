// sizes.test.mjs -- docs/embedding.md's download sizes are the build's (issue 18: they went
// stale when written by hand). scripts/sizes.mjs measures dist/ and the staged package; the
// doc's table between its `sizes` markers must give the same file counts and every size
// within 3 % (a small change elsewhere does not fail this; a stale table does). Fix with
// `node scripts/sizes.mjs --docs` after scripts/build.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sizes, table, MARKERS } from '../../scripts/sizes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('docs/embedding.md: the download sizes are the build\'s', async () => {
  assert.ok(existsSync(path.join(root, 'build', 'package', 'package.json')), 'run scripts/build.sh first');
  const doc = MARKERS.exec(await readFile(path.join(root, 'docs', 'embedding.md'), 'utf8'));
  assert.ok(doc, 'docs/embedding.md has the sizes markers');
  const measured = table(await sizes());
  const numbers = (t) => [...t.matchAll(/(\d+(?:\.\d+)?)( KB)?/g)].map((m) => ({ value: Number(m[1]), kb: m[2] !== undefined }));
  const want = numbers(measured);
  const got = numbers(doc[2]);
  assert.equal(got.length, want.length, `the table's shape:\n${doc[2]}\n---\n${measured}`);
  for (let i = 0; i < want.length; i++) {
    const ok = want[i].kb ? Math.abs(got[i].value - want[i].value) <= 0.03 * want[i].value : got[i].value === want[i].value;
    assert.ok(ok, `figure ${i + 1}: the doc says ${got[i].value}, the build ${want[i].value} (node scripts/sizes.mjs --docs)\n${measured}`);
  }
});
