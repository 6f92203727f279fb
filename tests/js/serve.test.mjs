// serve.test.mjs -- scripts/serve.mjs serves its root and nothing outside it (issue 21 item 8),
// and sends the strict CSP header with --csp (issue 18).
import test from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer, resolveInside, realInside, STRICT_CSP, CORS_HEADERS } from '../../scripts/serve.mjs';

const script = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

// A root beside a sibling whose name starts with the root's (the finding: dist-secret).
function tree() {
  const base = mkdtempSync(path.join(tmpdir(), 'silk-serve-'));
  mkdirSync(path.join(base, 'dist', 'sub'), { recursive: true });
  mkdirSync(path.join(base, 'dist-secret'));
  writeFileSync(path.join(base, 'dist', 'index.html'), 'INDEX');
  writeFileSync(path.join(base, 'dist', 'sub', 'a.txt'), 'INSIDE');
  writeFileSync(path.join(base, 'dist', '%2e'), 'PERCENT-NAMED');
  writeFileSync(path.join(base, 'dist-secret', 'key.txt'), 'SECRET');
  writeFileSync(path.join(base, 'top.txt'), 'SECRET');
  return base;
}

// Raw HTTP: the request line goes out byte for byte (no client-side normalization).
function raw(port, target) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => { data += chunk; });
    socket.on('end', () => {
      const [head, ...body] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      const headers = Object.fromEntries(head.split('\r\n').slice(1).map((l) => {
        const i = l.indexOf(':');
        return [l.slice(0, i).toLowerCase(), l.slice(i + 1).trim()];
      }));
      resolve({ status, headers, body: body.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

async function listen(server) {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return server.address().port;
}

const TRAVERSALS = [
  '/..%2fdist-secret%2fkey.txt', // the finding
  '/..%2Fdist-secret%2Fkey.txt',
  '/%2e%2e/dist-secret/key.txt',
  '/%2e%2e%2fdist-secret%2fkey.txt',
  '/%2E%2E%2Ftop.txt',
  '/sub/..%2f..%2ftop.txt',
  '/sub/%2e%2e/%2e%2e/top.txt',
  '/..%5cdist-secret%5ckey.txt', // backslashes
  '/..\\dist-secret\\key.txt',
  '/sub\\..\\..\\top.txt',
  '/%252e%252e%252fdist-secret%252fkey.txt', // double-encoded: one decode gives a literal name
  '/..%252fdist-secret%252fkey.txt',
  '/%00', '/index.html%00.txt', '/..%00/top.txt', // NUL
  '/..%c0%af..%c0%aftop.txt', // overlong UTF-8 (malformed)
  '/%', '/%zz', // malformed escapes
  '//..%2f..%2ftop.txt',
  '/../dist-secret/key.txt', '/../../top.txt',
  'http://127.0.0.1/..%2fdist-secret%2fkey.txt',
];

test('serve: encoded traversals never leave the root (issue 21 item 8)', async () => {
  const base = tree();
  const server = createServer(path.join(base, 'dist'));
  const port = await listen(server);
  try {
    for (const target of TRAVERSALS) {
      const r = await raw(port, target);
      assert.notEqual(r.body, 'SECRET', `${target} served a file outside the root`);
      assert.ok(r.status === 404 || r.status === 400, `${target}: status ${r.status}`);
    }
    // and the root's own files still serve, including a file literally named %2e
    assert.equal((await raw(port, '/')).body, 'INDEX');
    assert.equal((await raw(port, '/sub/a.txt')).body, 'INSIDE');
    assert.equal((await raw(port, '/sub/%2e%2e/index.html')).body, 'INDEX'); // inside: fine
    assert.equal((await raw(port, '/%252e')).body, 'PERCENT-NAMED');
    assert.equal((await raw(port, '/sub/a.txt')).headers['content-security-policy'], undefined);
  } finally {
    server.close();
    rmSync(base, { recursive: true, force: true });
  }
});

test('serve: resolveInside requires root + separator, not a string prefix', () => {
  const root = path.resolve('/srv/dist');
  assert.equal(resolveInside(root, '/'), root);
  assert.equal(resolveInside(root, '/a/b.txt'), path.join(root, 'a', 'b.txt'));
  for (const p of ['/..%2fdist-secret/key.txt', '/../dist-secret', '/..', '/%2e%2e', '/a%5c..%5c..%5cx', '/a%00', '/%E0%A4%A'])
    assert.equal(resolveInside(root, p), null, p);
});

test('serve --csp: every response carries the documented strict header (issue 18)', async () => {
  const base = tree();
  const server = createServer(path.join(base, 'dist'), { csp: true });
  const port = await listen(server);
  try {
    for (const target of ['/', '/sub/a.txt', '/missing', '/..%2fdist-secret%2fkey.txt']) {
      assert.equal((await raw(port, target)).headers['content-security-policy'], STRICT_CSP, target);
    }
    assert.doesNotMatch(STRICT_CSP, /unsafe-inline|'unsafe-eval'|\*|https?:/);
    assert.match(STRICT_CSP, /script-src 'self' 'wasm-unsafe-eval'/);
  } finally {
    server.close();
    rmSync(base, { recursive: true, force: true });
  }
});

test('serve CLI: --csp and the positional dir and port, as documented', async () => {
  const base = tree();
  const probe = createServer(base);
  const port = await listen(probe); // a free port
  await new Promise((r) => probe.close(r));
  const child = spawn(process.execPath, [script, '--csp', path.join(base, 'dist'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    let out = '';
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => { out += d; if (out.includes('Content-Security-Policy')) resolve(); });
      child.on('exit', () => reject(new Error(`serve.mjs exited: ${out}`)));
    });
    assert.ok(out.includes(STRICT_CSP), out);
    const r = await raw(port, '/sub/a.txt');
    assert.equal(r.body, 'INSIDE');
    assert.equal(r.headers['content-security-policy'], STRICT_CSP);
    // the usage text documents the exact header that is sent
    const usage = readFileSync(script, 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(2).trim()).join(' ');
    for (const directive of STRICT_CSP.split('; ')) assert.ok(usage.includes(directive), `usage lacks ${directive}`);
    const docs = readFileSync(fileURLToPath(new URL('../../docs/embedding.md', import.meta.url)), 'utf8');
    assert.ok(docs.includes(STRICT_CSP), 'docs/embedding.md gives the exact header');
  } finally {
    child.kill();
    rmSync(base, { recursive: true, force: true });
  }
});

// issue 31 item 2: symlinks are followed to their real path, which must stay inside the root.
function linkTree() {
  const base = tree();
  const dist = path.join(base, 'dist');
  mkdirSync(path.join(dist, 'real'));
  writeFileSync(path.join(dist, 'real', 'b.txt'), 'LINKED-INSIDE');
  symlinkSync('/etc/hostname', path.join(dist, 'host.txt'));                 // a file outside
  symlinkSync('../top.txt', path.join(dist, 'top-link.txt'));                // a file outside, relative
  symlinkSync(path.join(base, 'dist-secret'), path.join(dist, 'secret'));    // a directory outside
  symlinkSync('../dist-secret', path.join(dist, 'secret-rel'));              // the same, relative
  symlinkSync('real', path.join(dist, 'alias'));                             // inside to inside
  symlinkSync(path.join(dist, 'sub', 'a.txt'), path.join(dist, 'a-link.txt')); // inside, absolute
  symlinkSync(path.join(dist, 'nowhere.txt'), path.join(dist, 'dangling.txt')); // dangling
  symlinkSync('dangling-dir-target', path.join(dist, 'dangling-dir'));      // dangling, as a dir
  mkdirSync(path.join(base, 'outside-site'));
  writeFileSync(path.join(base, 'outside-site', 'index.html'), 'SECRET');
  mkdirSync(path.join(dist, 'site'));
  // a directory's index.html that links outside
  symlinkSync(path.join(base, 'outside-site', 'index.html'), path.join(dist, 'site', 'index.html'));
  return base;
}

async function withLinks(fn) {
  const base = linkTree();
  const server = createServer(path.join(base, 'dist'));
  const port = await listen(server);
  try {
    await fn(port, base);
  } finally {
    server.close();
    rmSync(base, { recursive: true, force: true });
  }
}

async function assertRefused(port, targets) {
  for (const target of targets) {
    const r = await raw(port, target);
    assert.equal(r.status, 404, `${target}: status ${r.status}`);
    assert.equal(r.body, 'not found\n', target);
  }
}

test('serve: a symlink to a file outside the root is 404 (issue 31 item 2)', async () => {
  await withLinks((port) => assertRefused(port, ['/host.txt', '/top-link.txt', '/site/', '/site/index.html']));
});

test('serve: a symlink to a directory outside the root is 404 (issue 31 item 2)', async () => {
  await withLinks((port) => assertRefused(port, ['/secret/key.txt', '/secret-rel/key.txt', '/secret/', '/secret']));
});

test('serve: a symlink inside the root to inside the root serves (issue 31 item 2)', async () => {
  await withLinks(async (port) => {
    const r = await raw(port, '/alias/b.txt');
    assert.equal(r.status, 200);
    assert.equal(r.body, 'LINKED-INSIDE');
    assert.equal((await raw(port, '/a-link.txt')).body, 'INSIDE');
  });
  // and a root that is itself reached through a symlink serves its files
  const base = tree();
  symlinkSync(path.join(base, 'dist'), path.join(base, 'dist-link'));
  const server = createServer(path.join(base, 'dist-link'));
  const port = await listen(server);
  try {
    assert.equal((await raw(port, '/sub/a.txt')).body, 'INSIDE');
    assert.equal((await raw(port, '/')).body, 'INDEX');
    assert.equal((await raw(port, '/..%2fdist-secret%2fkey.txt')).status, 404);
  } finally {
    server.close();
    rmSync(base, { recursive: true, force: true });
  }
});

test('serve: .. traversal through and beside symlinks is 404 (issue 31 item 2)', async () => {
  await withLinks((port) => assertRefused(port, ['/../top.txt', '/alias/../../top.txt', '/secret/../../top.txt', '/alias/../../dist-secret/key.txt']));
});

test('serve: encoded traversal through symlinks is 404 (issue 31 item 2)', async () => {
  await withLinks((port) => assertRefused(port, ['/secret%2fkey.txt', '/%73ecret/key.txt', '/alias%2f..%2f..%2ftop.txt',
    '/secret-rel%2Fkey.txt', '/host%2etxt', '/alias/%2e%2e/%2e%2e/top.txt', '/top%2Dlink.txt']));
});

test('serve: a dangling symlink is 404 and the server keeps serving (issue 31 item 2)', async () => {
  await withLinks(async (port) => {
    await assertRefused(port, ['/dangling.txt', '/dangling-dir', '/dangling-dir/x.txt']);
    assert.equal((await raw(port, '/sub/a.txt')).body, 'INSIDE');
  });
});

test('serve: realInside compares real paths, not text', async () => {
  const base = linkTree();
  const dist = realpathSync(path.join(base, 'dist'));
  try {
    assert.equal(await realInside(dist, path.join(dist, 'host.txt')), null);
    assert.equal(await realInside(dist, path.join(dist, 'secret', 'key.txt')), null);
    assert.equal(await realInside(dist, path.join(dist, 'dangling.txt')), null);
    assert.equal(await realInside(dist, path.join(dist, 'alias', 'b.txt')), path.join(dist, 'real', 'b.txt'));
    assert.equal(await realInside(dist, dist), dist);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('serve --cors: every response carries the CORS headers a second origin needs (issue 26 item 4)', async () => {
  const base = tree();
  const server = createServer(path.join(base, 'dist'), { cors: true });
  const port = await listen(server);
  const plain = createServer(path.join(base, 'dist'));
  const plainPort = await listen(plain);
  try {
    for (const target of ['/', '/sub/a.txt', '/missing']) {
      const r = await raw(port, target);
      assert.equal(r.headers['access-control-allow-origin'], '*', target);
      assert.equal(r.headers['cross-origin-resource-policy'], 'cross-origin', target);
      assert.equal((await raw(plainPort, target)).headers['access-control-allow-origin'], undefined, `${target} without --cors`);
    }
    assert.equal((await raw(port, '/sub/a.txt')).body, 'INSIDE');
    // a preflight: 204, the methods served, nothing else
    const pre = await new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('OPTIONS /sub/a.txt HTTP/1.0\r\nHost: x\r\nOrigin: http://blog.example\r\nAccess-Control-Request-Method: GET\r\n\r\n'));
      let data = '';
      socket.on('data', (c) => { data += c; });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(pre, /^HTTP\/1\.1 204/);
    assert.match(pre, /access-control-allow-methods: GET, HEAD/i);
    assert.match(pre, /access-control-allow-origin: \*/i);
    assert.doesNotMatch(pre, /INSIDE/);
    // the refusals of issue 31 item 2 hold with --cors
    assert.equal((await raw(port, '/..%2fdist-secret%2fkey.txt')).status, 404);
  } finally {
    server.close();
    plain.close();
    rmSync(base, { recursive: true, force: true });
  }
});

test('serve CLI: --cors prints and sends CORS_HEADERS, documented in the usage text', async () => {
  const base = tree();
  const probe = createServer(base);
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  const child = spawn(process.execPath, [script, '--cors', path.join(base, 'dist'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    let out = '';
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => { out += d; if (out.includes('cross-origin-resource-policy')) resolve(); });
      child.on('exit', () => reject(new Error(`serve.mjs exited: ${out}`)));
    });
    const r = await raw(port, '/sub/a.txt');
    assert.equal(r.body, 'INSIDE');
    assert.equal(r.headers['content-security-policy'], undefined, '--cors alone sends no CSP');
    const usage = readFileSync(script, 'utf8');
    for (const [k, v] of Object.entries(CORS_HEADERS)) {
      assert.equal(r.headers[k], v, k);
      const title = k.replace(/(^|-)([a-z])/g, (_, d, c) => d + c.toUpperCase());
      assert.ok(usage.includes(`${title}: ${v}`), `usage documents ${title}: ${v}`);
      const docs = readFileSync(fileURLToPath(new URL('../../docs/embedding.md', import.meta.url)), 'utf8');
      assert.ok(docs.includes(`${title}: ${v}`), `docs/embedding.md names ${title}: ${v}`);
    }
  } finally {
    child.kill();
    rmSync(base, { recursive: true, force: true });
  }
});

test('serve: content-hashed chunks are cacheable for good, everything else no-store', async () => {
  const base = tree();
  writeFileSync(path.join(base, 'dist', 'silk-demo-chunk-AB12CD34.mjs'), 'export {};');
  writeFileSync(path.join(base, 'dist', 'silk-demo.mjs'), 'export {};');
  const server = createServer(path.join(base, 'dist'));
  const port = await listen(server);
  try {
    assert.equal((await raw(port, '/silk-demo-chunk-AB12CD34.mjs')).headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const p of ['/silk-demo.mjs', '/sub/a.txt', '/', '/missing-chunk-AB12CD34.mjs', '/sub/x-chunk-AB12CD34.mjs']) {
      assert.equal((await raw(port, p)).headers['cache-control'], 'no-store', p);
    }
  } finally {
    server.close();
    rmSync(base, { recursive: true, force: true });
  }
});
