/* record.c -- recording the inputs of a run per fixed step, and replaying them.

   A run of advance() is a function of its start state and its inputs: the steps themselves
   are deterministic (the robust solver bit for bit on every platform; compat on one JS engine
   or one C library). So a recording is a snapshot plus a list of inputs stamped with the
   step before which they happened -- a few kilobytes for a minute of dragging -- and a replay
   restores the snapshot and runs the same steps with the same inputs at the same points.
   The file ends with the state hash at the end of the recording, so a replay can prove that
   it reached the same state (silk.h documents the format).

   Recording allocates only in the input calls that append events (outside steps). */
#include "health.h"
#include "record.h"
#include "settings.h"
#include "snapshot.h"
#include "stepper.h"
#include "validate.h"
#include "world.h"

#include <math.h>
#include <string.h>

#define REC_MAGIC "SILKREC1"
#define REC_VERSION                                                                                \
    3u /* 2: chains, near passes (event 15); 3: extension inputs, one flag per event */
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

/* ---- the work a replay may do --------------------------------------------------------------

   A step's cost is its passes over the world's elements (silk.h, SILK_REPLAY_MAX_PASSES). A
   recording fixes the elements (the snapshot: no input adds particles) and can change the
   passes only through setting events, so the most a step of its replay can cost is the
   snapshot's elements times the passes of the most expensive settings the snapshot or any
   event reaches. The loader computes it from the file; the recorder from the same snapshot and
   every event it logs, so that it stops before writing a file its own loader would refuse. */
static silk_replay_cost cost_of_snapshot(const silk_snapshot_facts* f)
{
    return (silk_replay_cost){
        .elements = (int64_t)f->particles + f->constraints + SILK_REPLAY_ANGLE_EXTRA * f->angles +
                    f->constraint_headroom + 1,
        .relax_passes = f->relax_passes,
        .substeps = f->robust.substeps,
        .iterations = f->robust.iterations,
        .near_passes = f->robust.near_passes,
        .compat = f->solver == SILK_SOLVER_COMPAT,
        .robust = f->solver == SILK_SOLVER_ROBUST,
        .chains = f->robust.chains,
    };
}

static int32_t max_i32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* An event's values, already checked by its payload's validator. */
static void cost_note(silk_replay_cost* c, uint32_t type, int32_t i, double x)
{
    switch (type)
    {
        case SILK_EVENT_RELAX_PASSES:
            c->relax_passes = max_i32(c->relax_passes, i);
            break;
        case SILK_EVENT_SOLVER:
            c->compat = c->compat || i == SILK_SOLVER_COMPAT;
            c->robust = c->robust || i == SILK_SOLVER_ROBUST;
            break;
        case SILK_EVENT_ROBUST_ITERATIONS:
            c->substeps = max_i32(c->substeps, i);
            c->iterations = max_i32(c->iterations, (int32_t)x);
            break;
        case SILK_EVENT_ROBUST_NEAR_PASSES:
            c->near_passes = max_i32(c->near_passes, i);
            break;
        case SILK_EVENT_ROBUST_CHAINS:
            c->chains = c->chains || i == 1;
            break;
        default:
            break;
    }
}

/* Element passes of one step at the cost's settings (silk.h, SILK_REPLAY_MAX_PASSES): a
   compat frame is its relax passes and one over the particles; a robust step per substep one
   integration and box pass, one for the pins, drag and tethers, `iterations` constraint passes
   (SILK_REPLAY_CHAIN_FACTOR each with chains) and `near_passes` more, and one closing pass.
   At most about 2^25 elements x 2^17 passes: far below 2^63. */
static uint64_t step_work(const silk_replay_cost* c)
{
    uint64_t passes = 0;
    if (c->compat)
    {
        passes = (uint64_t)c->relax_passes + 1;
    }
    if (c->robust)
    {
        const uint64_t per_iteration = c->chains ? SILK_REPLAY_CHAIN_FACTOR : 1;
        uint64_t robust = (uint64_t)c->substeps * ((uint64_t)c->iterations * per_iteration +
                                                   (uint64_t)c->near_passes + 2) +
                          1;
        passes = robust > passes ? robust : passes;
    }
    return passes * (uint64_t)c->elements;
}

/* Whether `steps` steps of `per_step` element passes stay within SILK_REPLAY_MAX_PASSES. */
static bool within_work(uint64_t steps, uint64_t per_step)
{
    return per_step == 0 || steps <= (uint64_t)SILK_REPLAY_MAX_PASSES / per_step;
}

bool silk_record_affords_step(const silk_world* world)
{
    const silk_record_state* r = &world->record;
    return within_work(r->steps + 1, step_work(&r->cost));
}

void silk_record_input(silk_world* world, uint32_t type, int32_t i, double x, double y)
{
    silk_record_state* r = &world->record;
    if (!r->active || r->replaying)
    {
        return;
    }
    cost_note(&r->cost, type, i, x); /* also if the event is lost below: the world changed */
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
    r->cost = cost_of_snapshot(&facts);
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

/* ---- replay ------------------------------------------------------------------------------ */

typedef struct rec_view
{
    uint64_t steps, hash;
    uint64_t step_work; /* the most one step may cost, in element passes */
    const uint8_t* snapshot;
    size_t snapshot_size;
    const uint8_t* events;
    int64_t event_count;
} rec_view;

/* ---- the event manifest -------------------------------------------------------------------

   Every input a recording holds, declared once: its public type (silk.h SILK_EVENT_*), the
   payload it carries, and the call that replays it. A payload is checked on load with the
   validator of the call that applies it (validate.c), so a replay only ever makes calls the
   API accepts: no NaN step length, no float-to-int conversion out of range. Each payload
   field has one meaning; nothing is bit-packed. The events that carry a setting take their
   payload checks from the settings tables (settings.h, payload_setting), and the robust
   def's events are all of SILK_ROBUST_EVENTS, replayed by apply_robust. */
#define SILK_RECORD_EVENTS(X)                                                                      \
    X(DRAG_BEGIN, particle_point, drag_begin)                                                      \
    X(DRAG_MOVE, point, drag_move)                                                                 \
    X(DRAG_END, none, drag_end)                                                                    \
    X(GRAVITY, setting, gravity)                                                                   \
    X(FRICTION, setting, friction)                                                                 \
    X(GROUND_FRICTION, setting, ground_friction)                                                   \
    X(RELAX_PASSES, setting, relax_passes)                                                         \
    X(SOLVER, solver, solver)                                                                      \
    X(EXTENSION, extension_input, extension)                                                       \
    X(STEP_SECONDS, step_seconds, step_seconds)                                                    \
    SILK_RECORD_COLLISION_EVENTS(X)

/* The collision setters' events (contact.c), kept apart for merges. */
#define SILK_RECORD_COLLISION_EVENTS(X)                                                            \
    X(RADIUS, radius, radius)                                                                      \
    X(COLLISION_FILTER, collision_filter, collision_filter)                                        \
    X(COLLISION_SELF, collision_self, collision_self)

/* `particles`: the recording's snapshot's particle count. A run may add particles after the
   recording began (not an input: the hash check reports the difference), so an index is only
   checked against what any world can hold -- what the recorder wrote, the loader accepts. */
typedef bool payload_check(const silk_world* world, const silk_record_event* e, int32_t particles);
/* `step_seconds`: the length of the step the events precede (coupled robust steps). */
typedef void event_apply(silk_world* world, const silk_record_event* e, double* step_seconds);

static bool finite_xy(const silk_record_event* e)
{
    return isfinite(e->x) && isfinite(e->y);
}

/* A whole number stored as a double: in range first, then the conversion is defined. */
static bool whole(double v, double lo, double hi)
{
    return v >= lo && v <= hi && v == (double)(int32_t)v;
}

/* A whole number in [0, 2^32 - 1] stored as a double (filter bits). */
static bool whole_u32(double v)
{
    return v >= 0.0 && v <= 4294967295.0 && v == (double)(uint32_t)v;
}

static bool payload_none(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)e, (void)n;
    return true;
}

static bool payload_particle_point(const silk_world* w, const silk_record_event* e, int32_t n)
{
    /* not `e->i < n`: a particle added during the recording and then dragged has an index past
       the snapshot's count. The replay's drag_begin refuses an index its world does not have
       (the event is skipped, and the hash check says so), as every apply does. */
    (void)w, (void)n;
    return e->i >= 0 && e->i < SILK_MAX_PARTICLES && finite_xy(e);
}

static bool payload_point(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)n;
    return finite_xy(e);
}

static bool payload_solver(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)n;
    return e->i == SILK_SOLVER_COMPAT || e->i == SILK_SOLVER_ROBUST;
}

static bool payload_extension_input(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)n;
    return w->extension.def.check_input != NULL && whole(e->x, -2147483648.0, 2147483647.0) &&
           e->y == 0.0 && w->extension.def.check_input(e->i, (int32_t)e->x) == SILK_OK;
}

static bool payload_step_seconds(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)n;
    return silk_check_step_seconds(e->x) == SILK_OK;
}

/* ---- the collision events (contact.c) ---------------------------------------------------- */

static bool payload_radius(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)n; /* an index past the snapshot's count: as payload_particle_point */
    return e->i >= 0 && e->i < SILK_MAX_PARTICLES && silk_check_radius(e->x) == SILK_OK &&
           e->y == 0.0;
}

static bool payload_collision_filter(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)n;
    return e->i >= 0 && e->i < SILK_MAX_COMPOSITES && whole_u32(e->x) && whole_u32(e->y);
}

static bool payload_collision_self(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)n;
    return e->i >= 0 && e->i < SILK_MAX_COMPOSITES && (e->x == 0.0 || e->x == 1.0) && e->y == 0.0;
}

static void apply_radius(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_set_radius(w, e->i, e->x);
}

static void apply_collision_filter(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_collision_filter f;
    if (silk_world_get_collision_filter(w, e->i, &f) == SILK_OK)
    {
        f.category_bits = (uint32_t)e->x;
        f.mask_bits = (uint32_t)e->y;
        silk_world_set_collision_filter(w, e->i, f);
    }
}

static void apply_collision_self(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_collision_filter f;
    if (silk_world_get_collision_filter(w, e->i, &f) == SILK_OK)
    {
        f.self_collide = e->x == 1.0;
        silk_world_set_collision_filter(w, e->i, f);
    }
}

/* ---- the settings' events (settings.h) ----------------------------------------------------

   An entry's value in its event's slot, by wire type and slot: whether the slot can hold it
   (an int32 in x must be a whole number in range before it is converted), the value, and the
   slot written from it. Only the combinations the tables use are here: a new one fails to
   compile until it is added. */
#define fits_f64_x(e)     true
#define fits_f64_y(e)     true
#define fits_vec2_xy(e)   true
#define fits_i32_i(e)     true
#define fits_flag_i(e)    true
#define fits_i32_x(e)     whole((e)->x, -2147483648.0, 2147483647.0)
#define slot_f64_x(e)     ((e)->x)
#define slot_f64_y(e)     ((e)->y)
#define slot_vec2_xy(e)   ((silk_vec2){(e)->x, (e)->y})
#define slot_i32_i(e)     ((e)->i)
#define slot_flag_i(e)    ((e)->i)
#define slot_i32_x(e)     ((int32_t)(e)->x)
#define put_f64_x(s, v)   ((s)->x = (v))
#define put_f64_y(s, v)   ((s)->y = (v))
#define put_vec2_xy(s, v) ((s)->x = (v).x, (s)->y = (v).y)
#define put_i32_i(s, v)   ((s)->i = (v))
#define put_flag_i(s, v)  ((s)->i = (v) ? 1 : 0)
#define put_i32_x(s, v)   ((s)->x = (v))

typedef struct slots
{
    int32_t i;
    double x, y;
} slots;

/* The slots an event's entries use (bit 1 i, 2 x, 4 y), for a strict event's unused ones. */
#define SLOT_BITS_i  1
#define SLOT_BITS_x  2
#define SLOT_BITS_y  4
#define SLOT_BITS_xy 6

/* An entry without an event expands to nothing; one with an event to SLOT_<what>. */
#define SETTING_SLOT(what, event, slot, name, wire, check)                                         \
    SETTING_SLOT_##slot(what, event, slot, name, wire, check)
#define SETTING_SLOT_none(what, event, slot, name, wire, check)
#define SETTING_SLOT_i(what, event, slot, name, wire, check)                                       \
    SLOT_##what(event, slot, name, wire##_i, check)
#define SETTING_SLOT_x(what, event, slot, name, wire, check)                                       \
    SLOT_##what(event, slot, name, wire##_x, check)
#define SETTING_SLOT_y(what, event, slot, name, wire, check)                                       \
    SLOT_##what(event, slot, name, wire##_y, check)
#define SETTING_SLOT_xy(what, event, slot, name, wire, check)                                      \
    SLOT_##what(event, slot, name, wire##_xy, check)

#define SLOT_CHECK(event, slot, name, at, check)                                                   \
    if (e->type == SILK_EVENT_##event)                                                             \
    {                                                                                              \
        used |= SLOT_BITS_##slot;                                                                  \
        ok = ok && fits_##at(e) && silk_check_##check(slot_##at(e)) == SILK_OK;                    \
    }
#define CHECK_ENTRY(type, name, wire, dflt, check, rule, event, slot)                              \
    SETTING_SLOT(CHECK, event, slot, name, wire, check)
#define STRICT_EVENT(event, is_strict)                                                             \
    if (e->type == SILK_EVENT_##event)                                                             \
    {                                                                                              \
        strict = is_strict;                                                                        \
    }

/* Every entry the event carries, through the entry's validator. */
static bool payload_setting(const silk_world* w, const silk_record_event* e, int32_t n)
{
    (void)w, (void)n;
    bool ok = true, strict = false;
    int used = 0;
    SILK_WORLD_SETTINGS(CHECK_ENTRY)
    SILK_ROBUST_SETTINGS(CHECK_ENTRY)
    SILK_ROBUST_EVENTS(STRICT_EVENT)
    return ok &&
           (!strict || ((used & SLOT_BITS_i || e->i == 0) && (used & SLOT_BITS_x || e->x == 0.0) &&
                        (used & SLOT_BITS_y || e->y == 0.0)));
}
#undef CHECK_ENTRY
#undef STRICT_EVENT

/* The calls, as the page made them. A call can still refuse in a state it does not fit (a
   drag move with nothing dragged), and is then skipped: the hash will say so. */
static void apply_drag_begin(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_drag_begin(w, e->i, (silk_vec2){e->x, e->y});
}

static void apply_drag_move(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_drag_move(w, (silk_vec2){e->x, e->y});
}

static void apply_drag_end(silk_world* w, const silk_record_event* e, double* h)
{
    (void)e, (void)h;
    silk_world_drag_end(w);
}

static void apply_gravity(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_set_gravity(w, (silk_vec2){e->x, e->y});
}

static void apply_friction(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_set_friction(w, e->x);
}

static void apply_ground_friction(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_set_ground_friction(w, e->x);
}

static void apply_relax_passes(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_set_relax_passes(w, e->i);
}

static void apply_solver(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_set_solver(w, (silk_solver)e->i);
}

static void apply_extension(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_world_extension_input(w, e->i, (int32_t)e->x);
}

static void apply_step_seconds(silk_world* w, const silk_record_event* e, double* h)
{
    (void)w;
    *h = e->x;
}

/* A robust event: the def with the entries the event carries, through the setter. */
#define SLOT_APPLY(event, slot, name, at, check)                                                   \
    if (e->type == SILK_EVENT_##event)                                                             \
    {                                                                                              \
        def.name = slot_##at(e);                                                                   \
    }
#define APPLY_ENTRY(type, name, wire, dflt, check, rule, event, slot)                              \
    SETTING_SLOT(APPLY, event, slot, name, wire, check)
static void apply_robust(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    silk_robust_def def = w->robust.def;
    SILK_ROBUST_SETTINGS(APPLY_ENTRY)
    silk_world_set_robust(w, &def);
}
#undef APPLY_ENTRY

typedef struct event_op
{
    uint32_t type;
    payload_check* check;
    event_apply* apply;
} event_op;

/* Indexed by type; types the manifests do not name stay zero (op_of refuses them). */
static const event_op event_ops[SILK_EVENT_COUNT] = {
#define X(name, payload, call)                                                                     \
    [SILK_EVENT_##name] = {SILK_EVENT_##name, payload_##payload, apply_##call},
    SILK_RECORD_EVENTS(X)
#undef X
#define X(name, strict) [SILK_EVENT_##name] = {SILK_EVENT_##name, payload_setting, apply_robust},
        SILK_ROBUST_EVENTS(X)
#undef X
};

#define COUNT_EVENT(name, ...) +1
_Static_assert(0 SILK_RECORD_EVENTS(COUNT_EVENT)
                       SILK_ROBUST_EVENTS(COUNT_EVENT) == SILK_EVENT_COUNT - 1,
               "every SILK_EVENT_* is in a manifest");
#undef COUNT_EVENT

static const event_op* op_of(uint32_t type)
{
    return type >= 1 && type < SILK_EVENT_COUNT && event_ops[type].type == type ? &event_ops[type]
                                                                                : NULL;
}

/* Whether a value changed, as the setter sees it (-0.0 is 0.0). */
#define differs_f64_x(a, b)   ((a) != (b))
#define differs_f64_y         differs_f64_x
#define differs_i32_i         differs_f64_x
#define differs_i32_x         differs_f64_x
#define differs_flag_i        differs_f64_x
#define differs_vec2_xy(a, b) ((a).x != (b).x || (a).y != (b).y)

/* One event of silk_record_robust: recorded when any entry it carries changed. */
#define SLOT_RECORD(event, slot, name, at, check)                                                  \
    if (type == SILK_EVENT_##event)                                                                \
    {                                                                                              \
        changed = changed || differs_##at(old->name, def->name);                                   \
        put_##at(&out, def->name);                                                                 \
    }
#define RECORD_ENTRY(type_, name, wire, dflt, check, rule, event, slot)                            \
    SETTING_SLOT(RECORD, event, slot, name, wire, check)
static void record_robust_event(silk_world* world, const silk_robust_def* old,
                                const silk_robust_def* def, uint32_t type)
{
    bool changed = false;
    slots out = {0, 0.0, 0.0};
    SILK_ROBUST_SETTINGS(RECORD_ENTRY)
    if (changed)
    {
        silk_record_input(world, type, out.i, out.x, out.y);
    }
}
#undef RECORD_ENTRY

/* Records what changed between two robust settings, one event per field group, in the order
   of SILK_ROBUST_EVENTS. */
void silk_record_robust(silk_world* world, const silk_robust_def* old, const silk_robust_def* def)
{
#define RECORD_EVENT(name, strict) record_robust_event(world, old, def, SILK_EVENT_##name);
    SILK_ROBUST_EVENTS(RECORD_EVENT)
#undef RECORD_EVENT
}

static silk_record_event read_event(const uint8_t* at)
{
    silk_record_event e;
    e.step = get(at, 8);
    e.type = (uint32_t)get(at + 8, 4);
    e.i = (int32_t)(uint32_t)get(at + 12, 4);
    e.x = bits_f64(get(at + 16, 8));
    e.y = bits_f64(get(at + 24, 8));
    return e;
}

static silk_status parse(const silk_world* world, const uint8_t* bytes, size_t size, rec_view* v)
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
    silk_replay_cost cost = cost_of_snapshot(&facts);
    uint64_t previous = 0;
    for (int64_t e = 0; e < v->event_count; ++e)
    {
        silk_record_event ev = read_event(v->events + e * REC_EVENT_SIZE);
        const event_op* op = op_of(ev.type);
        if (ev.step < previous || ev.step > v->steps || op == NULL ||
            !op->check(world, &ev, facts.particles))
        {
            return SILK_ERR_FORMAT;
        }
        if (ev.step < v->steps) /* trailing events (step S) run no step */
        {
            cost_note(&cost, ev.type, ev.i, ev.x);
        }
        previous = ev.step;
    }
    /* the work bound: S steps at the most expensive settings the file reaches */
    v->step_work = step_work(&cost);
    if (!within_work(v->steps, v->step_work))
    {
        return SILK_ERR_FORMAT;
    }
    return SILK_OK;
}

/* Applies one event through its call (parse() has checked it against the manifest). */
static void apply(silk_world* world, const uint8_t* at, double* step_seconds)
{
    silk_record_event e = read_event(at);
    const event_op* op = op_of(e.type);
    if (op != NULL)
    {
        op->apply(world, &e, step_seconds);
    }
}

/* Checks everything, restores the recording's snapshot and arms the player; `bytes` must
   outlive the replay. Nothing changes -- the world, or a replay already in progress -- unless
   the whole file is valid and the restore succeeded (restore is itself all or nothing). */
static silk_status play_load(silk_world* world, const uint8_t* bytes, size_t size)
{
    rec_view v;
    silk_status status = parse(world, bytes, size, &v);
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
