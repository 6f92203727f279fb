/* record.c -- recording the inputs of a run per fixed step (the recorder).

   A run of advance() is a function of its start state and its inputs: the steps themselves
   are deterministic (the robust solver bit for bit on every platform; compat on one JS engine
   or one C library). So a recording is a snapshot plus a list of inputs stamped with the
   step before which they happened -- a few kilobytes for a minute of dragging -- and a replay
   restores the snapshot and runs the same steps with the same inputs at the same points.
   The file ends with the state hash at the end of the recording, so a replay can prove that
   it reached the same state (silk.h documents the format).

   Why five files: recording and replay share only the bytes between them, as Box2D keeps the
   writer and the reader of a format apart. record.c captures inputs while a run steps;
   record_file.c is the file format (export, and the parse that checks every byte);
   record_events.c is the event manifest (each event's payload check and the call that replays
   it, and the events of a settings change); replay_budget.c bounds the work a replay may do,
   which both the recorder and the loader apply; replay.c plays a file back step by step.

   Recording allocates only in the input calls that append events (outside steps). */
#include "health.h"
#include "record.h"
#include "snapshot.h"
#include "validate.h"
#include "sleep.h"
#include "world.h"

#include <string.h>

void silk_record_free(silk_world* world)
{
    silk_free(world, world->record.snapshot);
    silk_free(world, world->record.events);
    world->record.snapshot = NULL;
    world->record.events = NULL;
    world->record.snapshot_size = 0;
    world->record.event_count = 0;
    world->record.event_capacity = 0;
    world->record.active = false;
}

bool silk_record_affords_step(const silk_world* world)
{
    const silk_record_state* r = &world->record;
    return silk_replay_within_work(r->steps + 1, silk_replay_step_work(&r->cost));
}

void silk_record_input(silk_world* world, uint32_t type, int32_t i, double x, double y)
{
    /* every input wakes the sleeping discs (sleep.c), recorded or replayed alike */
    silk_sleep_wake_all(world);
    silk_record_state* r = &world->record;
    if (!r->active || r->replaying)
    {
        return;
    }
    /* noted also if the event is lost below: the world changed */
    silk_replay_cost_note(&r->cost, type, i, x);
    if (r->event_count == r->event_capacity)
    {
        int64_t capacity = r->event_capacity < 64 ? 64 : 2 * r->event_capacity;
        silk_record_event* fresh = silk_alloc(world, (size_t)capacity * sizeof(silk_record_event));
        if (fresh == NULL)
        {
            return; /* the event is lost; the replay's hash check will say so */
        }
        if (r->event_count > 0)
        {
            memcpy(fresh, r->events, (size_t)r->event_count * sizeof(silk_record_event));
        }
        silk_free(world, r->events);
        r->events = fresh;
        r->event_capacity = capacity;
    }
    r->events[r->event_count++] = (silk_record_event){r->steps, type, i, x, y};
}

silk_status silk_world_record_begin(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    size_t size = silk_snapshot_size_of(world);
    uint8_t* snapshot = silk_alloc(world, size);
    if (snapshot == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    silk_record_free(world);
    /* the watchdog's history is not in the snapshot: restart it here, as a replay's restore
       does, so that both runs see the same watchdog */
    silk_watchdog_reset(world);
    silk_snapshot_write(world, snapshot);
    silk_snapshot_facts facts;
    if (silk_snapshot_check_facts(world, snapshot, size, &facts) != SILK_OK)
    {
        /* not reached: a world's own snapshot always loads (the fuzzers check it) */
        silk_free(world, snapshot);
        return SILK_ERR_STATE;
    }
    silk_record_state* r = &world->record;
    r->cost = silk_replay_cost_of_snapshot(&facts);
    r->snapshot = snapshot;
    r->snapshot_size = size;
    r->steps = 0;
    r->active = true;
    return SILK_OK;
}

void silk_record_stop(silk_world* world)
{
    if (world->record.active)
    {
        /* the file's hash is the state its S steps reached, not that of steps run after the
           recording stopped (at a bound, or before a late export) */
        world->record.end_hash = silk_world_state_hash(world);
        world->record.active = false;
    }
}

silk_status silk_world_record_end(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_record_stop(world);
    return SILK_OK;
}

bool silk_world_recording(const silk_world* world)
{
    return silk_is_world(world) && world->record.active;
}

uint64_t silk_record_step_limit(const silk_world* world)
{
    const silk_record_state* r = &world->record;
    uint64_t size = REC_HEADER + r->snapshot_size + (uint64_t)r->event_count * REC_EVENT_SIZE + 8;
    uint64_t limit = (uint64_t)SILK_MAX_RECORDING_STEPS;
    uint64_t per_byte = size * SILK_REPLAY_STEPS_PER_BYTE;
    uint64_t work =
        r->snapshot_size > 0 ? (uint64_t)SILK_REPLAY_MAX_WORK / r->snapshot_size : limit;
    limit = per_byte < limit ? per_byte : limit;
    return work < limit ? work : limit;
}

size_t silk_world_recording_size(const silk_world* world)
{
    if (!silk_is_world(world) || world->record.snapshot == NULL)
    {
        return 0;
    }
    return REC_HEADER + world->record.snapshot_size +
           (size_t)world->record.event_count * REC_EVENT_SIZE + 8;
}
