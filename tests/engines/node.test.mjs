// node.test.mjs -- the determinism runs of hashes.mjs in Node (V8, no browser): the robust
// hashes equal the native build's (build/native/silk-lab hash) after a run and a replay, and
// compat equals the reference verlet-js run in Node. The browsers run the same in suite.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, dist } from './server.mjs';
import { robustHashes, compatVsReference, nativeHashes, SCENES, FRAMES } from './hashes.mjs';

const silkUrl = pathToFileURL(path.join(dist, 'silk.mjs')).href;

test('node: the robust hashes are the native build\'s, after a run and a replay', async () => {
  const native = nativeHashes(root);
  const got = await robustHashes({ silkUrl, scenes: SCENES, frames: FRAMES });
  for (const scene of SCENES) {
    assert.equal(got[scene].hash, native[scene], `${scene}, robust: node ${got[scene].hash}, native ${native[scene]}`);
    assert.equal(got[scene].replay, got[scene].hash, `${scene}: the replay reaches the run's hash`);
  }
});

test('node: compat is verlet-js\'s (tests/reference) bit for bit, run in Node', async () => {
  const refUrl = pathToFileURL(path.join(root, 'tests/reference/verlet-ref.mjs')).href;
  const compat = await compatVsReference({ silkUrl, refUrl, frames: FRAMES });
  for (const [scene, r] of Object.entries(compat)) assert.equal(r.differs, -1, `${scene}: first differs at frame ${r.differs}`);
});
