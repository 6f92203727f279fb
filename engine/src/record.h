/* record.h -- recording inputs and replaying them: the recorder (record.c), the file format
   (record_file.c), the event manifest (record_events.c), the work bound (replay_budget.c) and
   playback (replay.c). */
#ifndef SILK_RECORD_H
#define SILK_RECORD_H

#include "snapshot.h"
#include "world.h"

/* The file's fixed sizes (silk.h documents the format): the header and one event. */
#define REC_HEADER     48
#define REC_EVENT_SIZE 32

/* Recording (record.c). */
void silk_record_input(silk_world* world, uint32_t type, int32_t i, double x, double y);
/* One event per changed field group of the robust settings (the setter calls it). */
void silk_record_robust(silk_world* world, const silk_robust_def* old, const silk_robust_def* def);
/* The world setting at index `setting` (settings.h) just changed: its event, if the table
   gives it one (record_events.c). */
void silk_record_world_setting(silk_world* world, int32_t setting);
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

/* The file format (record_file.c). A parsed recording: its claims and where its parts are. */
typedef struct silk_rec_view
{
    uint64_t steps, hash;
    uint64_t step_work; /* the most one step may cost, in element passes */
    const uint8_t* snapshot;
    size_t snapshot_size;
    const uint8_t* events;
    int64_t event_count;
} silk_rec_view;
/* Checks every byte of a recording (header, checksum, snapshot, each event's payload, the work
   bound) without changing anything; on success `v` describes it. */
silk_status silk_record_parse(const silk_world* world, const uint8_t* bytes, size_t size,
                              silk_rec_view* v);
/* One event of the file at `at` (REC_EVENT_SIZE bytes), and just its step. */
silk_record_event silk_record_read_event(const uint8_t* at);
uint64_t silk_record_event_step(const uint8_t* at);

/* The event manifest (record_events.c): an event's payload check (false for a type no
   manifest names) and its replay through the call the page made. */
bool silk_record_event_check(const silk_world* world, const silk_record_event* e,
                             int32_t particles);
void silk_record_event_apply(silk_world* world, const silk_record_event* e, double* step_seconds);

/* The work a replay may do (replay_budget.c, silk.h SILK_REPLAY_MAX_PASSES): the cost of a
   snapshot's settings, an event's change of it, one step's element passes at a cost, and
   whether `steps` steps of `per_step` passes stay within the bound. */
silk_replay_cost silk_replay_cost_of_snapshot(const silk_snapshot_facts* f);
void silk_replay_cost_note(silk_replay_cost* c, uint32_t type, int32_t i, double x);
uint64_t silk_replay_step_work(const silk_replay_cost* c);
bool silk_replay_within_work(uint64_t steps, uint64_t per_step);

#endif
