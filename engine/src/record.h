/* record.h -- recording inputs and replaying them (record.c) */
#ifndef SILK_RECORD_H
#define SILK_RECORD_H

#include "world.h"

/* Recording (record.c). */
void silk_record_input(silk_world* world, uint32_t type, int32_t i, double x, double y);
/* One event per changed field group of the robust settings (the setter calls it). */
void silk_record_robust(silk_world* world, const silk_robust_def* old, const silk_robust_def* def);
void silk_record_free(silk_world* world);
/* The most steps the recording in progress may claim and still load (silk.h: per byte of
   the file, times snapshot bytes, and in all). */
uint64_t silk_record_step_limit(const silk_world* world);
/* Whether the recording in progress may log one more step and stay within the work bound
   (silk.h, SILK_REPLAY_MAX_PASSES): checked before each step, which is not logged otherwise. */
bool silk_record_affords_step(const silk_world* world);
/* Stops the recording in progress and keeps the state hash its steps reached. */
void silk_record_stop(silk_world* world);
/* A replay in progress: the step's length after the recording's inputs of this step, and the
   bookkeeping after it (called by silk_world_step). */
double silk_play_before_step(silk_world* world);
void silk_play_after_step(silk_world* world);
void silk_play_free(silk_world* world);

#endif
