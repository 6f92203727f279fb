/* stepper.h -- one step as advance runs it, and reserving for steps (stepper.c) */
#ifndef SILK_STEPPER_H
#define SILK_STEPPER_H

#include "world.h"

/* One step as advance runs it (crawl rule, the selected solver, watchdog, recording);
   h is the robust step in seconds (compat ignores it). stepper.c. Returns the robust step's
   status: SILK_ERR_NOMEM if its prepare could not size the scratch (that step moved nothing). */
silk_status silk_world_step(silk_world* world, double h);
/* Before a call runs steps: lets the robust solver size its scratch (when the world is robust,
   or a replay in progress may make it so), so that the call can fail before changing
   anything. stepper.c. */
silk_status silk_world_reserve_for_steps(silk_world* world);
/* One compat frame without silk_world_frame's checks (solver_compat.c): a step's, at the
   relax_passes its entry point checked. */
void silk_compat_frame(silk_world* world, int32_t step);
/* Whether one step at the world's settings now fits in SILK_CALL_MAX_PASSES (or runs the
   lightest settings): SILK_ERR_RANGE with the setting named in the detail if not. */
silk_status silk_world_check_step_work(silk_world* world);

#endif
