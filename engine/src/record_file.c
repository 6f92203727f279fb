/* record_file.c -- the recording file format: export and parse (silk.h documents the bytes).

   Its own file because the format is the contract between the recorder (record.c) and the
   player (replay.c): export writes the bytes, parse checks every one of them (header,
   checksum, the snapshot, each event's payload through record_events.c, the work bound
   through replay_budget.c) before anything is changed. */
#include "record.h"
#include "snapshot.h"
#include "validate.h"
#include "world.h"

#include <string.h>

#define REC_MAGIC "SILKREC1"
#define REC_VERSION                                                                                \
    3u /* 2: chains, near passes (event 15); 3: extension inputs, one flag per event */
#define FNV_OFFSET 0xcbf29ce484222325ULL

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
    at = put(at, r->active ? silk_world_state_hash(world) : r->end_hash, 8);
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

silk_record_event silk_record_read_event(const uint8_t* at)
{
    silk_record_event e;
    e.step = get(at, 8);
    e.type = (uint32_t)get(at + 8, 4);
    e.i = (int32_t)(uint32_t)get(at + 12, 4);
    e.x = bits_f64(get(at + 16, 8));
    e.y = bits_f64(get(at + 24, 8));
    return e;
}

uint64_t silk_record_event_step(const uint8_t* at)
{
    return get(at, 8);
}

silk_status silk_record_parse(const silk_world* world, const uint8_t* bytes, size_t size,
                              silk_rec_view* v)
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
        v->steps > (uint64_t)size * SILK_REPLAY_STEPS_PER_BYTE ||
        (snapshot_size > 0 && v->steps > (uint64_t)SILK_REPLAY_MAX_WORK / snapshot_size))
    {
        return SILK_ERR_FORMAT;
    }
    v->snapshot = bytes + REC_HEADER;
    v->snapshot_size = (size_t)snapshot_size;
    v->events = v->snapshot + snapshot_size;
    v->event_count = (int64_t)events;
    silk_snapshot_facts facts;
    if (silk_snapshot_check_facts(world, v->snapshot, v->snapshot_size, &facts) != SILK_OK)
    {
        return SILK_ERR_FORMAT;
    }
    silk_replay_cost cost = silk_replay_cost_of_snapshot(&facts);
    uint64_t previous = 0;
    for (int64_t e = 0; e < v->event_count; ++e)
    {
        silk_record_event ev = silk_record_read_event(v->events + e * REC_EVENT_SIZE);
        if (ev.step < previous || ev.step > v->steps ||
            !silk_record_event_check(world, &ev, facts.particles))
        {
            return SILK_ERR_FORMAT;
        }
        if (ev.step < v->steps) /* trailing events (step S) run no step */
        {
            silk_replay_cost_note(&cost, ev.type, ev.i, ev.x);
        }
        previous = ev.step;
    }
    /* a compat-only module cannot play a recording that selects the robust solver: refused
       here, before anything changes, rather than replayed on the wrong solver */
    if (cost.robust && !(silk_features() & SILK_FEATURE_ROBUST))
    {
        return SILK_ERR_UNSUPPORTED;
    }
    /* the work bound: S steps at the most expensive settings the file reaches */
    v->step_work = silk_replay_step_work(&cost);
    if (!silk_replay_within_work(v->steps, v->step_work))
    {
        return SILK_ERR_FORMAT;
    }
    return SILK_OK;
}
