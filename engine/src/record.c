/* record.c -- recording the inputs of a run per fixed step, and replaying them.

   A run of advance() is a function of its start state and its inputs: the steps themselves
   are deterministic (the robust solver bit for bit on every platform; compat on one JS engine
   or one C library). So a recording is a snapshot plus a list of inputs stamped with the
   step before which they happened -- a few kilobytes for a minute of dragging -- and a replay
   restores the snapshot and runs the same steps with the same inputs at the same points.
   The file ends with the state hash at the end of the recording, so a replay can prove that
   it reached the same state (silk.h documents the format).

   Recording allocates only in the input calls that append events (outside steps). */
#include "world.h"

#include <math.h>
#include <string.h>

#define REC_MAGIC      "SILKREC1"
#define REC_VERSION    2u /* 2: robust chains (bit 4) and near passes (event 15) */
#define REC_HEADER     48
#define REC_EVENT_SIZE 32
#define FNV_OFFSET     0xcbf29ce484222325ULL

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

void silk_record_input(silk_world* world, uint32_t type, int32_t i, double x, double y)
{
    silk_record_state* r = &world->record;
    if (!r->active || r->replaying)
    {
        return;
    }
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
    silk_record_state* r = &world->record;
    r->snapshot = snapshot;
    r->snapshot_size = size;
    r->steps = 0;
    r->active = true;
    return SILK_OK;
}

silk_status silk_world_record_end(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    world->record.active = false;
    return SILK_OK;
}

bool silk_world_recording(const silk_world* world)
{
    return silk_is_world(world) && world->record.active;
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

static uint8_t* put(uint8_t* at, uint64_t v, int bytes)
{
    for (int k = 0; k < bytes; ++k)
    {
        *at++ = (uint8_t)(v >> (8 * k));
    }
    return at;
}

static uint64_t get(const uint8_t* at, int bytes)
{
    uint64_t v = 0;
    for (int k = 0; k < bytes; ++k)
    {
        v |= (uint64_t)at[k] << (8 * k);
    }
    return v;
}

static uint64_t f64_bits(double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof(bits));
    return bits;
}

static double bits_f64(uint64_t bits)
{
    double v;
    memcpy(&v, &bits, sizeof(v));
    return v;
}

silk_status silk_world_recording_export(const silk_world* world, void* buffer, size_t capacity,
                                        size_t* out_size)
{
    if (!silk_is_world(world) || buffer == NULL)
    {
        return SILK_ERR_NULL;
    }
    const silk_record_state* r = &world->record;
    if (r->snapshot == NULL)
    {
        return SILK_ERR_STATE;
    }
    size_t size = silk_world_recording_size(world);
    if (out_size != NULL)
    {
        *out_size = size;
    }
    if (capacity < size)
    {
        return SILK_ERR_CAPACITY;
    }
    uint8_t* out = buffer;
    memcpy(out, REC_MAGIC, 8);
    uint8_t* at = put(out + 8, REC_VERSION, 4);
    at = put(at, 0, 4);
    at = put(at, r->steps, 8);
    at = put(at, silk_world_state_hash(world), 8);
    at = put(at, r->snapshot_size, 8);
    at = put(at, (uint64_t)r->event_count, 8);
    memcpy(at, r->snapshot, r->snapshot_size);
    at += r->snapshot_size;
    for (int64_t e = 0; e < r->event_count; ++e)
    {
        const silk_record_event* ev = &r->events[e];
        at = put(at, ev->step, 8);
        at = put(at, ev->type, 4);
        at = put(at, (uint32_t)ev->i, 4);
        at = put(at, f64_bits(ev->x), 8);
        at = put(at, f64_bits(ev->y), 8);
    }
    put(at, silk_fnv1a(FNV_OFFSET, out, size - 8), 8);
    return SILK_OK;
}

/* ---- replay ------------------------------------------------------------------------------ */

typedef struct rec_view
{
    uint64_t steps, hash;
    const uint8_t* snapshot;
    size_t snapshot_size;
    const uint8_t* events;
    int64_t event_count;
} rec_view;

/* An event's values through the validators of the calls that apply it (validate.c), so that a
   replay only ever makes calls the API accepts: no NaN step length, no float-to-int
   conversion out of range. `particles` is the recording's snapshot's particle count (no
   recorded input adds particles). */
static bool event_valid(uint32_t type, int32_t i, double x, double y, int32_t particles)
{
    const bool xy = isfinite(x) && isfinite(y);
    switch (type)
    {
        case SILK_EVENT_DRAG_BEGIN:
            return i >= 0 && i < particles && xy;
        case SILK_EVENT_DRAG_MOVE:
        case SILK_EVENT_GRAVITY:
        case SILK_EVENT_ROBUST_GRAVITY:
            return xy;
        case SILK_EVENT_DRAG_END:
            return true;
        case SILK_EVENT_FRICTION:
        case SILK_EVENT_GROUND_FRICTION:
            return isfinite(x);
        case SILK_EVENT_RELAX_STEPS:
            return silk_check_relax_steps(i) == SILK_OK;
        case SILK_EVENT_SOLVER:
        case SILK_EVENT_AUTO_CRAWL:
            return i == 0 || i == 1;
        case SILK_EVENT_ROBUST_DAMPING:
            return silk_check_decay_rate(x) == SILK_OK && silk_check_decay_rate(y) == SILK_OK;
        case SILK_EVENT_ROBUST_ITERATIONS:
            /* x iterations and y flags are whole numbers stored as doubles: in range first,
               then the conversion is defined */
            return silk_check_substeps(i) == SILK_OK && x >= 1.0 && x <= SILK_MAX_ITERATIONS &&
                   x == (double)(int32_t)x && y >= 0.0 && y <= 7.0 && y == (double)(int32_t)y;
        case SILK_EVENT_ROBUST_NEAR_PASSES:
            return silk_check_near_passes(i) == SILK_OK;
        case SILK_EVENT_ROBUST_BOX:
            return (i == 0 || i == 1) && silk_check_restitution(x) == SILK_OK &&
                   silk_check_step_seconds(y) == SILK_OK;
        case SILK_EVENT_STEP_SECONDS:
            return silk_check_step_seconds(x) == SILK_OK;
        default:
            return false;
    }
}

static silk_status parse(const uint8_t* bytes, size_t size, rec_view* v)
{
    if (size < REC_HEADER + 8 || memcmp(bytes, REC_MAGIC, 8) != 0 ||
        get(bytes + 8, 4) != REC_VERSION || get(bytes + 12, 4) != 0)
    {
        return SILK_ERR_FORMAT;
    }
    if (get(bytes + size - 8, 8) != silk_fnv1a(FNV_OFFSET, bytes, size - 8))
    {
        return SILK_ERR_FORMAT;
    }
    v->steps = get(bytes + 16, 8);
    v->hash = get(bytes + 24, 8);
    uint64_t snapshot_size = get(bytes + 32, 8);
    uint64_t events = get(bytes + 40, 8);
    uint64_t room = size - REC_HEADER - 8;
    /* the work a replay does is bounded by the bytes: at most SILK_REPLAY_STEPS_PER_BYTE steps
       per byte of the file (and 2^40 in all) */
    if (snapshot_size > room || events > (room - snapshot_size) / REC_EVENT_SIZE ||
        snapshot_size + events * REC_EVENT_SIZE != room || v->steps > SILK_MAX_RECORDING_STEPS ||
        v->steps > (uint64_t)size * SILK_REPLAY_STEPS_PER_BYTE)
    {
        return SILK_ERR_FORMAT;
    }
    v->snapshot = bytes + REC_HEADER;
    v->snapshot_size = (size_t)snapshot_size;
    v->events = v->snapshot + snapshot_size;
    v->event_count = (int64_t)events;
    int32_t particles = 0;
    if (silk_snapshot_check(v->snapshot, v->snapshot_size, &particles) != SILK_OK)
    {
        return SILK_ERR_FORMAT;
    }
    uint64_t previous = 0;
    for (int64_t e = 0; e < v->event_count; ++e)
    {
        const uint8_t* at = v->events + e * REC_EVENT_SIZE;
        uint64_t step = get(at, 8);
        uint32_t type = (uint32_t)get(at + 8, 4);
        int32_t i = (int32_t)(uint32_t)get(at + 12, 4);
        double x = bits_f64(get(at + 16, 8));
        double y = bits_f64(get(at + 24, 8));
        if (step < previous || step > v->steps || !event_valid(type, i, x, y, particles))
        {
            return SILK_ERR_FORMAT;
        }
        previous = step;
    }
    return SILK_OK;
}

/* Applies one event through the public calls, as the page made them. parse() has checked every
   value with the setter's own validator; a call can still refuse in a state it does not fit
   (a drag move with nothing dragged), and is then skipped: the hash will say so. */
static void apply(silk_world* world, const uint8_t* at, double* step_seconds)
{
    uint32_t type = (uint32_t)get(at + 8, 4);
    int32_t i = (int32_t)(uint32_t)get(at + 12, 4);
    double x = bits_f64(get(at + 16, 8));
    double y = bits_f64(get(at + 24, 8));
    silk_robust_def def = world->robust.def;
    switch (type)
    {
        case SILK_EVENT_DRAG_BEGIN:
            silk_world_drag_begin(world, i, (silk_vec2){x, y});
            break;
        case SILK_EVENT_DRAG_MOVE:
            silk_world_drag_move(world, (silk_vec2){x, y});
            break;
        case SILK_EVENT_DRAG_END:
            silk_world_drag_end(world);
            break;
        case SILK_EVENT_GRAVITY:
            silk_world_set_gravity(world, (silk_vec2){x, y});
            break;
        case SILK_EVENT_FRICTION:
            silk_world_set_friction(world, x);
            break;
        case SILK_EVENT_GROUND_FRICTION:
            silk_world_set_ground_friction(world, x);
            break;
        case SILK_EVENT_RELAX_STEPS:
            silk_world_set_relax_steps(world, i);
            break;
        case SILK_EVENT_SOLVER:
            silk_world_set_solver(world, (silk_solver)i);
            break;
        case SILK_EVENT_AUTO_CRAWL:
            silk_world_set_auto_crawl(world, i != 0);
            break;
        case SILK_EVENT_ROBUST_GRAVITY:
            def.gravity = (silk_vec2){x, y};
            silk_world_set_robust(world, &def);
            break;
        case SILK_EVENT_ROBUST_DAMPING:
            def.damping = x;
            def.ground_friction = y;
            silk_world_set_robust(world, &def);
            break;
        case SILK_EVENT_ROBUST_ITERATIONS:
            def.substeps = i;
            def.iterations = (int32_t)x;
            def.tethers = ((int32_t)y & 1) != 0;
            def.near_pass = ((int32_t)y & 2) != 0;
            def.chains = ((int32_t)y & 4) != 0;
            silk_world_set_robust(world, &def);
            break;
        case SILK_EVENT_ROBUST_NEAR_PASSES:
            def.near_passes = i;
            silk_world_set_robust(world, &def);
            break;
        case SILK_EVENT_ROBUST_BOX:
            def.ceiling = i != 0;
            def.restitution = x;
            def.max_step_seconds = y;
            silk_world_set_robust(world, &def);
            break;
        case SILK_EVENT_STEP_SECONDS:
            *step_seconds = x;
            break;
        default:
            break;
    }
}

/* Checks everything, restores the recording's snapshot and arms the player; `bytes` must
   outlive the replay. Nothing changes -- the world, or a replay already in progress -- unless
   the whole file is valid and the restore succeeded (restore is itself all or nothing). */
static silk_status play_load(silk_world* world, const uint8_t* bytes, size_t size)
{
    rec_view v;
    silk_status status = parse(bytes, size, &v);
    if (status != SILK_OK)
    {
        return status;
    }
    status = silk_snapshot_restore_for_replay(world, v.snapshot, v.snapshot_size);
    if (status != SILK_OK)
    {
        return status == SILK_ERR_NOMEM ? status : SILK_ERR_FORMAT;
    }
    silk_world_play_stop(world); /* only now: a failed load leaves a running replay running */
    silk_record_state* r = &world->record;
    r->active = false;
    r->replaying = true; /* inputs the replay applies are not recorded again */
    r->playing = true;
    r->played = false;
    r->play_events = v.events;
    r->play_event_count = v.event_count;
    r->play_next_event = 0;
    r->play_steps = v.steps;
    r->play_step = 0;
    r->play_recorded_hash = v.hash;
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
           get(r->play_events + r->play_next_event * REC_EVENT_SIZE, 8) == r->play_step;
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
    status = silk_world_play_run(world, INT64_MAX, NULL);
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
    silk_status status = silk_world_reserve_for_steps(world);
    if (status != SILK_OK)
    {
        return status;
    }
    int64_t steps = 0;
    /* exactly the steps advance would run: previous positions, then one world step */
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
