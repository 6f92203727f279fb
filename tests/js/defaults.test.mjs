// defaults.test.mjs -- no engine default or limit is restated under web/ (issue 20 item 2):
// - the generated DEFAULTS (scripts/gen-boundary.mjs, from engine/src/settings.h) are what the
//   engine's silk_default_*_def() return, field by field;
// - the page's settings (web/kit/params.mjs) start where a fresh world does;
// - the source holds no copy of them. The check below is this grep, run on the files (its
//   expected output: nothing):
//     grep -rnE "\b(800|500)\b|step: ?16\b|substeps: ?8\b|seed: ?1\b|tensor: ?0\.3\b" \
//       web/lib web/page web/element web/kit --include=*.mjs \
//       | grep -vE "^[^:]+:[0-9]+:\s*(//|\*|/\*)" | grep -v "^web/lib/silk-boundary.mjs:"
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadSilkForTests, repoRoot } from './helpers.mjs';
import { DEFAULTS, LIMITS, LOOP_MODES, SOLVERS } from '../../web/lib/silk-boundary.mjs';
import { DEFAULTS as PAGE, LOOP_MODES as PAGE_LOOP_MODES, SOLVER_NAMES, LIMITS as PAGE_LIMITS } from '../../web/kit/params.mjs';

const silk = await loadSilkForTests();

test('the generated DEFAULTS are the engine\'s silk_default_*_def()', () => {
  assert.deepEqual(Object.keys(DEFAULTS), ['silk_world_def', 'silk_stepper_def', 'silk_robust_def', 'silk_watchdog_def']);
  for (const [struct, fields] of Object.entries(DEFAULTS)) {
    const engine = silk._readStruct(struct, silk._defaultDef(struct));
    assert.ok(Object.keys(fields).length >= 2, struct);
    for (const [field, value] of Object.entries(fields)) {
      const got = typeof engine[field] === 'bigint' ? Number(engine[field]) : engine[field];
      assert.deepEqual(got, value, `${struct}.${field}`);
    }
  }
  // the world def's stepper is the stepper def
  const world = silk._readStruct('silk_world_def', silk._defaultDef('silk_world_def'));
  assert.equal(world['stepper.step_seconds'], DEFAULTS.silk_stepper_def.step_seconds);
  // the extras' named default
  assert.equal(silk._readStruct('silk_scene_def', silk._defaultDef('silk_scene_def')).tensor, LIMITS.DEFAULT_TENSOR);
  assert.equal(silk._readStruct('silk_spiderweb_def', silk._defaultDef('silk_spiderweb_def')).tensor, LIMITS.DEFAULT_TENSOR);
});

test('the page starts where a fresh world does', () => {
  const w = silk.createWorld();
  assert.equal(PAGE.step, w.step);
  assert.equal(PAGE.loopMode, w.loopMode);
  assert.equal(PAGE.solver, w.solver);
  assert.equal(PAGE.substeps, w.robust.substeps);
  assert.equal(PAGE.seed, DEFAULTS.silk_world_def.seed);
  assert.equal(PAGE.tensor, silk._readStruct('silk_scene_def', silk._defaultDef('silk_scene_def')).tensor);
  w.destroy();
  assert.equal(PAGE_LOOP_MODES, LOOP_MODES);
  assert.equal(SOLVER_NAMES, SOLVERS);
  // the page's own ranges (its sliders) lie inside the engine's
  assert.ok(PAGE_LIMITS.step.max <= LIMITS.MAX_RELAX_PASSES && PAGE_LIMITS.step.min >= 1);
  assert.ok(PAGE_LIMITS.substeps.max <= LIMITS.MAX_SUBSTEPS && PAGE_LIMITS.substeps.min >= 1);
  assert.ok(PAGE_LIMITS.step.min <= PAGE.step && PAGE.step <= PAGE_LIMITS.step.max);
  assert.ok(PAGE_LIMITS.substeps.min <= PAGE.substeps && PAGE.substeps <= PAGE_LIMITS.substeps.max);
});

/** The engine defaults a hand-written file could restate: the world's size, relax passes,
 *  robust substeps, seed and web tensor (as an option, a setting or a bare number). */
export const RESTATED = /\b(800|500)\b|\bstep: ?16\b|\bsubsteps: ?8\b|\bseed: ?1\b|\btensor: ?0\.3\b/;
const COMMENT = /^\s*(\/\/|\*|\/\*)/;

/** Lines of .mjs files under web/<dirs> (recursively) that match, comments left out, as grep -rn
 *  prints them: 'web/page/x.mjs:12:  text'. */
function grep(dirs, pattern) {
  const hits = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.mjs') && rel !== 'web/lib/silk-boundary.mjs') { // generated from C
        readFileSync(path.join(repoRoot, rel), 'utf8').split('\n').forEach((line, i) => {
          if (pattern.test(line) && !COMMENT.test(line)) hits.push(`${rel}:${i + 1}:${line}`);
        });
      }
    }
  };
  dirs.forEach(walk);
  return hits;
}

test('no engine default is restated in the library, the page, the element or the kit', () => {
  const hits = grep(['web/lib', 'web/page', 'web/element', 'web/kit'], RESTATED);
  assert.deepEqual(hits, []);
});

test('no world anywhere under web/ is made with the default size spelled out', () => {
  const hits = grep(['web'], /createWorld\(\{[^}]*\bwidth: ?800\b|createWorld\(\{[^}]*\bheight: ?500\b/);
  assert.deepEqual(hits, []);
  // the check can fail: it finds the old spelling
  assert.ok(RESTATED.test('    width: 800, height: 500, seed: settings.seed, step: settings.step,'));
  assert.ok(RESTATED.test('  step: 16,') && RESTATED.test('  substeps: 8,') && RESTATED.test('  seed: 1,'));
});
