/* replay.c -- playing a recording back: load, the step hooks, run, status, stop.

   Its own file because playback is a state machine of its own (armed, stepping, finished)
   driven by silk_world_step, while recording is a log that grows: they share only the file
   format (record_file.c) and the event manifest (record_events.c). */
#include "record.h"
#include "snapshot.h"
#include "validate.h"
#include "stepper.h"
#include "work.h"
#include "world.h"

#include <string.h>

/* Applies one event through its call (parse() has checked it against the manifest). */
static void apply(silk_world* world, const uint8_t* at, double* step_seconds)
{
    silk_record_event e = silk_record_read_event(at);
    silk_record_event_apply(world, &e, step_seconds);
}

/* Checks everything, restores the recording's snapshot and arms the player; `bytes` must
   outlive the replay. Nothing changes -- the world, or a replay already in progress -- unless
   the whole file is valid and the restore succeeded (restore is itself all or nothing). */
static silk_status play_load(silk_world* world, const uint8_t* bytes, size_t size)
{
    silk_rec_view v;
    silk_status status = silk_record_parse(world, bytes, size, &v);
    if (status != SILK_OK)
    {
        return status;
    }
    /* a recording in progress ends here, at the state it reached before the restore */
    const uint64_t recorded = world->record.active ? silk_world_state_hash(world) : 0;
    status = silk_snapshot_restore_for_replay(world, v.snapshot, v.snapshot_size);
    if (status != SILK_OK)
    {
        return status == SILK_ERR_NOMEM ? status : SILK_ERR_FORMAT;
    }
    silk_world_play_stop(world); /* only now: a failed load leaves a running replay running */
    silk_record_state* r = &world->record;
    if (r->active)
    {
        r->end_hash = recorded;
        r->active = false;
    }
    r->replaying = true; /* inputs the replay applies are not recorded again */
    r->playing = true;
    r->played = false;
    r->play_events = v.events;
    r->play_event_count = v.event_count;
    r->play_next_event = 0;
    r->play_steps = v.steps;
    r->play_step = 0;
    r->play_recorded_hash = v.hash;
    r->play_step_work = v.step_work;
    silk_stepper_reset(&world->stepper);
    if (v.steps == 0)
    {
        silk_play_after_step(world); /* nothing to step: finish (trailing inputs) now */
    }
    return SILK_OK;
}

double silk_play_before_step(silk_world* world)
{
    silk_record_state* r = &world->record;
    double h = world->stepper.step_seconds;
    for (; r->play_next_event < r->play_event_count &&
           silk_record_event_step(r->play_events + r->play_next_event * REC_EVENT_SIZE) ==
               r->play_step;
         ++r->play_next_event)
    {
        apply(world, r->play_events + r->play_next_event * REC_EVENT_SIZE, &h);
    }
    return h;
}

void silk_play_after_step(silk_world* world)
{
    silk_record_state* r = &world->record;
    if (r->play_steps > 0)
    {
        r->play_step += 1;
    }
    if (r->play_step < r->play_steps)
    {
        return;
    }
    double unused = 0.0;
    for (; r->play_next_event < r->play_event_count; ++r->play_next_event)
    {
        apply(world, r->play_events + r->play_next_event * REC_EVENT_SIZE, &unused);
    }
    r->play_hash = silk_world_state_hash(world);
    r->playing = false;
    r->played = true;
    r->replaying = false;
    r->play_events = NULL; /* it pointed into bytes that may go away now */
    r->play_event_count = 0;
}

void silk_play_free(silk_world* world)
{
    silk_free(world, world->record.play_copy);
    world->record.play_copy = NULL;
}

static silk_status play_steps(silk_world* world, int64_t max_steps, int64_t* out_steps);

silk_status silk_world_replay(silk_world* world, const void* bytes, size_t size,
                              silk_replay_result* out_result)
{
    if (!silk_is_world(world) || bytes == NULL)
    {
        return SILK_ERR_NULL;
    }
    silk_status status = play_load(world, bytes, size);
    if (status != SILK_OK)
    {
        return status;
    }
    /* the load sized the robust scratch (a replay may switch to robust): this cannot fail */
    status = play_steps(world, INT64_MAX, NULL); /* the whole file: its own bound */
    if (status != SILK_OK)
    {
        return status;
    }
    if (out_result != NULL)
    {
        out_result->steps = (int64_t)world->record.play_steps;
        out_result->hash = world->record.play_hash;
        out_result->recorded_hash = world->record.play_recorded_hash;
        out_result->matches = out_result->hash == out_result->recorded_hash;
    }
    return SILK_OK;
}

silk_status silk_world_play_begin(silk_world* world, const void* bytes, size_t size)
{
    if (!silk_is_world(world) || bytes == NULL)
    {
        return SILK_ERR_NULL;
    }
    uint8_t* copy = silk_alloc(world, size > 0 ? size : 1);
    if (copy == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    memcpy(copy, bytes, size);
    silk_status status = play_load(world, copy, size);
    if (status != SILK_OK)
    {
        silk_free(world, copy);
        return status;
    }
    world->record.play_copy = copy;
    return SILK_OK;
}

/* Up to max_steps steps of the replay in progress, exactly the steps advance would run:
   previous positions, then one world step. */
static silk_status play_steps(silk_world* world, int64_t max_steps, int64_t* out_steps)
{
    silk_status status = silk_world_reserve_for_steps(world);
    if (status != SILK_OK)
    {
        return status;
    }
    int64_t steps = 0;
    for (; steps < max_steps && world->record.playing && status == SILK_OK; ++steps)
    {
        for (int32_t i = 0; i < world->particle_count; ++i)
        {
            world->prev[i] = world->pos[i];
        }
        status = silk_world_step(world, world->stepper.step_seconds);
    }
    if (out_steps != NULL)
    {
        *out_steps = steps;
    }
    return status;
}

silk_status silk_world_play_run(silk_world* world, int64_t max_steps, int64_t* out_steps)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (max_steps < 0)
    {
        return SILK_ERR_RANGE;
    }
    /* one call runs at most SILK_CALL_MAX_PASSES of work (work.c): the rest is the next
       call's, so a host slices a long replay whatever max_steps it asks for */
    const int64_t most = silk_steps_within_call(world->record.play_step_work);
    if (max_steps > most)
    {
        max_steps = most > 1 ? most : 1;
    }
    return play_steps(world, max_steps, out_steps);
}

silk_status silk_world_play_status(const silk_world* world, silk_play_status* out_status)
{
    if (!silk_is_world(world) || out_status == NULL)
    {
        return SILK_ERR_NULL;
    }
    const silk_record_state* r = &world->record;
    out_status->playing = r->playing;
    out_status->finished = r->played;
    out_status->step = (int64_t)r->play_step;
    out_status->steps = (int64_t)r->play_steps;
    out_status->hash = r->played ? r->play_hash : 0;
    out_status->recorded_hash = r->play_recorded_hash;
    out_status->matches = r->played && r->play_hash == r->play_recorded_hash;
    out_status->step_work = (int64_t)r->play_step_work;
    return SILK_OK;
}

void silk_world_play_stop(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return;
    }
    silk_record_state* r = &world->record;
    if (r->playing)
    {
        r->playing = false;
        r->replaying = false;
    }
    r->play_events = NULL;
    r->play_event_count = 0;
    silk_play_free(world);
}
