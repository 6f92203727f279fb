/* snapshot.h -- snapshots and the state hash (snapshot.c) */
#ifndef SILK_SNAPSHOT_H
#define SILK_SNAPSHOT_H

#include "world.h"

/* Snapshots (snapshot.c): the serialized state without allocation into a caller buffer. */
size_t silk_snapshot_size_of(const silk_world* world);
/* The size of a snapshot of a world with these counts and no extension block. */
size_t silk_snapshot_size_for(int32_t particles, int32_t constraints, int32_t composites);
void silk_snapshot_write(const silk_world* world, uint8_t* out);
/* Every check restore makes, changing nothing; out_particles (may be NULL) receives the
   snapshot's particle count. */
silk_status silk_snapshot_check(const silk_world* world, const uint8_t* bytes, size_t size,
                                int32_t* out_particles);
/* What a replay's work bound needs of a snapshot (replay_budget.c): its counts and step
   settings. */
typedef struct silk_snapshot_facts
{
    int32_t particles, constraints, angles, constraint_headroom;
    int32_t discs; /* particles with radius > 0: the contact pass's work (replay_budget.c) */
    int32_t relax_passes, solver;
    silk_robust_def robust;
} silk_snapshot_facts;
/* silk_snapshot_check, and on success the facts. */
silk_status silk_snapshot_check_facts(const silk_world* world, const uint8_t* bytes, size_t size,
                                      silk_snapshot_facts* out_facts);
/* Restore without resetting the watchdog (its auto-restore uses it). */
silk_status silk_snapshot_restore(silk_world* world, const uint8_t* bytes, size_t size);
/* silk_world_restore for a replay's load (replay.c): also sizes the robust scratch, so that the
   replay's steps cannot fail for memory. */
silk_status silk_snapshot_restore_for_replay(silk_world* world, const uint8_t* bytes, size_t size);
uint64_t silk_fnv1a(uint64_t hash, const uint8_t* bytes, size_t count);

#endif
