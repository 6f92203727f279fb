/* drag.h -- the pointer queue the stepper drains (drag.c) */
#ifndef SILK_DRAG_H
#define SILK_DRAG_H

#include "world.h"

/* drag.c: moves the drag to queued pointer sample `count - 1` and forgets samples
   0 .. count - 1 (the stepper decides how many are due). */
void silk_drag_take_queued(silk_world* world, int32_t count);

#endif
