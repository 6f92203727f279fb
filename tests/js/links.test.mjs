// links.test.mjs -- every link between the repository's Markdown files resolves (issue 26 item
// 6: README linked an anchor of docs/embedding.md that a rename had removed). For each relative
// link [text](path#anchor) in a tracked .md file: the path names a file or folder of the
// repository, and an anchor names a heading of the target (GitHub's slugs: lower case, the
// punctuation dropped, spaces to '-', repeats numbered -1, -2, ...). Links to other sites are
// not fetched.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

/** GitHub's heading anchors of a Markdown text (code blocks skipped). */
export function anchors(text) {
  const out = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const plain = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = plain.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) out.add(m[1]);
  return out;
}

/** The relative links of a Markdown text, outside code blocks and inline code. */
function links(text) {
  const out = [];
  let fenced = false;
  for (const [n, line] of text.split('\n').entries()) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1];
      if (/^[a-z][\w+.-]*:/i.test(target)) continue; // https:, mailto:, ...
      out.push({ line: n + 1, target });
    }
  }
  return out;
}

test('anchors: GitHub slugs', () => {
  const a = anchors('# A b\n## The Worker (the default): off your page\'s main thread\n## A b\n```\n# not\n```\n### `x.mjs` -- y');
  assert.deepEqual([...a], ['a-b', 'the-worker-the-default-off-your-pages-main-thread', 'a-b-1', 'xmjs----y']);
});

test('every intra-repository Markdown link and anchor resolves', () => {
  const broken = [];
  let checked = 0;
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const { line, target } of links(text)) {
      const [rel, anchor] = target.split('#');
      const dest = rel === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(rel));
      checked++;
      if (!existsSync(dest)) { broken.push(`${file}:${line}: ${target} (no such file)`); continue; }
      if (anchor === undefined || anchor === '' || !dest.endsWith('.md') || statSync(dest).isDirectory()) continue;
      if (!anchors(readFileSync(dest, 'utf8')).has(decodeURIComponent(anchor))) broken.push(`${file}:${line}: ${target} (no such heading)`);
    }
  }
  assert.ok(checked > 50, `links were found (${checked})`);
  assert.deepEqual(broken, []);
});

// Issue 26 item 3: an iframe snippet without loading="lazy" makes every reader download the
// demo (silk-embed.html is ~120 KB) at page load, however far below it sits. Every <iframe> tag
// in the Markdown (README, docs/, code blocks included: the snippets are what a blogger copies)
// and in the examples of docs/examples/ must carry it.
test('every iframe snippet in the docs, the README and the examples has loading="lazy"', () => {
  const sources = execFileSync('git', ['ls-files', '*.md', 'docs/examples/*'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const eager = [];
  let found = 0;
  for (const file of sources) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/<iframe\b[^>]*>/g)) {
      found++;
      if (!/\bloading="lazy"/.test(m[0])) eager.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`);
    }
  }
  assert.ok(found >= 5, `iframe snippets were found (${found})`);
  assert.deepEqual(eager, []);
});
