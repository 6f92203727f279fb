// silk-work.mjs -- naming the largest call a world admits (silk.h, SILK_CALL_MAX_PASSES).
//
// The engine bounds every call that steps by work: one step's element passes (the settings'
// passes times the world's elements) times the steps the call runs must stay within
// LIMITS.CALL_MAX_PASSES, so that the largest call admitted returns within about 2 s on a
// phone-class CPU. The engine refuses with SILK_ERR_RANGE and a static rule; these functions
// say, for the message, the largest value the caller could have passed instead. The formula
// is replay_budget.c's (silk_replay_step_work), so the numbers are the engine's.
import { LIMITS } from './silk-boundary.mjs';

const MAX = LIMITS.CALL_MAX_PASSES;

/** Passes per element of one robust step at these settings. */
function robustPasses(r) {
  const perSubstep = r.iterations * (r.chains ? LIMITS.REPLAY_CHAIN_FACTOR : 1) + r.nearPasses + 2;
  return { perSubstep, passes: r.substeps * perSubstep + 1 };
}

function robustIsLightest(r) {
  return r.substeps === 1 && r.iterations === 1 && r.nearPasses <= 1 && !r.chains;
}

/**
 * Throws a RangeError naming the largest admitted setting when one step of `world` with
 * `solver` ('compat' or 'robust') is more than one call may do; returns otherwise.
 */
export function checkStepWork(where, world, solver = world.solver) {
  let elements = world.workElements;
  if (solver === 'robust') {
    // a disc (radius > 0) costs its contact work in every robust pass (replay_budget.c)
    let discs = 0;
    for (const r of world.radii) discs += r > 0;
    elements += LIMITS.REPLAY_CONTACT_EXTRA * discs;
    const r = world.robust;
    const { perSubstep, passes } = robustPasses(r);
    if (robustIsLightest(r) || passes * elements <= MAX) return;
    const substeps = Math.floor((Math.floor(MAX / elements) - 1) / perSubstep);
    const fix = substeps >= 1
      ? `set substeps to at most ${substeps} (at iterations ${r.iterations}, nearPasses ${r.nearPasses}${r.chains ? ', chains' : ''})`
      : `lower iterations, nearPasses or chains (even 1 substep at these is too much)`;
    throw new RangeError(`${where}: one robust step of this world is ${passes} passes over ${elements} elements, more ` +
      `work than one call may block for (passes x elements <= ${MAX}); ${fix}`);
  }
  const relaxPasses = world.step;
  if (relaxPasses <= 1 || (relaxPasses + 1) * elements <= MAX) return;
  throw new RangeError(`${where}: one compat step of relaxPasses ${relaxPasses} over ${elements} elements is more work ` +
    `than one call may block for ((relaxPasses + 1) x elements <= ${MAX}); set relaxPasses to at most ` +
    `${framePassesMost(elements)}`);
}

/** The largest frame(step) a world of `elements` work elements admits (at least 1). */
export function framePassesMost(elements) {
  return Math.max(1, Math.min(LIMITS.MAX_RELAX_PASSES, Math.floor(MAX / elements) - 1));
}
