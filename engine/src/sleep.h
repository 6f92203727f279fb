/* sleep.h -- resting discs fall asleep (sleep.c), private. */
#ifndef SILK_SLEEP_H
#define SILK_SLEEP_H

#include "silk.h"

/* Wakes every sleeping particle (an input changed the world: sleep.c says which). Nothing to
   do, O(1), while none sleeps. */
void silk_sleep_wake_all(silk_world* world);
/* The sleeping particles into the step's effective inverse masses `w` (0: not integrated, and
   a pair of two of them is not solved). */
void silk_sleep_freeze(const silk_world* world, double* w);
/* After a robust step's last velocities (robust_step.c): counts each disc's resting steps,
   wakes the sleeping discs an awake disc hit, and puts to sleep the islands of this step's
   contacts whose every disc has rested sleep_steps steps and that no settling disc presses
   hard. No allocation. */
void silk_sleep_update(silk_world* world, double gravity_speed);

#endif
