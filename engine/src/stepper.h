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

#endif
