/* health.h -- the watchdog and its diagnostics fields (health.c, diagnostics.c) */
#ifndef SILK_HEALTH_H
#define SILK_HEALTH_H

#include "world.h"

/* Health (health.c): checks after a step; resets the history. */
void silk_watchdog_after_step(silk_world* world, double h);
void silk_watchdog_reset(silk_world* world);
void silk_watchdog_free(silk_world* world);
/* Grows the restore slots to the snapshot size the world's capacities allow (outside steps). */
silk_status silk_watchdog_reserve(silk_world* world);

/* Writes the solver and watchdog fields of the diagnostics (diagnostics.c). */
void silk_diagnostics_store_health(silk_world* world);

#endif
