/* work.h -- the work one call may do (work.c, silk.h SILK_CALL_MAX_PASSES) */
#ifndef SILK_WORK_H
#define SILK_WORK_H

#include "world.h"

/* Element passes of one step of the world at its settings now (replay_budget.c's unit). */
uint64_t silk_step_work(const silk_world* world);
/* ... as if `solver` were selected (a robust step runs whatever solver is). */
uint64_t silk_step_work_for(const silk_world* world, silk_solver solver);
/* Element passes of one pass over the world (a relax iteration, a compat frame's pass). */
uint64_t silk_pass_work(const silk_world* world);
/* The settings run the fewest passes a step can (compat: one relax pass; robust: one substep
   of one iteration, one near pass, no chains): a step at them is always admitted, since only
   the world's size, which its builder chose, is left. */
bool silk_step_is_lightest(const silk_world* world);
bool silk_step_is_lightest_for(const silk_world* world, silk_solver solver);
/* How many steps of per_step element passes fit in SILK_CALL_MAX_PASSES. */
int64_t silk_steps_within_call(uint64_t per_step);

#endif
