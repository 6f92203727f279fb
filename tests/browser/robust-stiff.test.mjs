// robust-stiff.test.mjs -- the robust solver's opt-in stiffness settings (nearPasses, chains;
// docs/notes/2026-12-robust-stiff-cloth.md) give in Chromium the state hash `silk-lab hash` prints natively:
// the chain solve's tridiagonal elimination and the repeated near passes are + - * / and sqrt
// in a fixed order, so V8's wasm must reach the same bits as gcc's x86-64 code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serve, launch, openPage, ready, root } from './helpers.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('nearPasses and chains: Chromium (silk.mjs over silk.wasm) and native silk-lab agree', async () => {
  const lab = `${root}/build/native/silk-lab`;
  assert.ok(existsSync(lab), `native silk-lab not found at ${lab}: build the native tree first (scripts/build.sh)`);
  const cases = [
    { scene: 'cloth', opts: { nearPasses: 4 }, args: ['--near-passes', '4'] },
    { scene: 'cloth', opts: { nearMobility: 0.25, substeps: 15 }, args: ['--near-mobility', '0.25', '--substeps', '15'] },
    { scene: 'cloth', opts: { chains: true, substeps: 2, iterations: 2 }, args: ['--chains', '1', '--substeps', '2', '--iterations', '2'] },
    { scene: 'web', opts: { chains: true, tethers: true, substeps: 6 }, args: ['--chains', '1', '--tethers', '1', '--substeps', '6'] },
  ];
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.origin}/`);
  await ready(page);
  const hashes = await page.evaluate(async (list) => {
    const { loadSilk } = await import('/silk.mjs');
    const silk = await loadSilk();
    return list.map(({ scene, opts }) => {
      const w = silk.createWorld({ seed: 7, solver: 'robust', ...opts });
      w.buildScene(scene);
      for (let f = 0; f < 600; f++) w.advance(1 / 60);
      const h = w.stateHash();
      w.destroy();
      return h;
    });
  }, cases.map(({ scene, opts }) => ({ scene, opts })));
  cases.forEach(({ scene, args }, k) => {
    const native = execFileSync(lab, ['hash', '--scene', scene, '--solver', 'robust', '--seed', '7', '--frames', '600', ...args],
      { encoding: 'utf8' }).trim();
    assert.match(native, /^[0-9a-f]{16}$/);
    assert.equal(hashes[k], native, `${scene} ${args.join(' ')}: Chromium vs native`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});
