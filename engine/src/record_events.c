/* record_events.c -- the event manifest: every input a recording holds, its payload check and
   the call that replays it; and the events a settings change records.

   Its own file because it is the one list both sides read: the loader checks each payload
   here (record_file.c), the player applies each event here (replay.c), and the setters record
   their changes here. A new event is one line of SILK_RECORD_EVENTS or of a settings table. */
#include "record.h"
#include "settings.h"
#include "validate.h"
#include "world.h"

#include <math.h>

/* ---- the event manifest -------------------------------------------------------------------

   Every input a recording holds, declared once: its public type (silk.h SILK_EVENT_*), the
   payload it carries, and the call that replays it. A payload is checked on load with the
   validator of the call that applies it (validate.c), so a replay only ever makes calls the
   API accepts: no NaN step length, no float-to-int conversion out of range. Each payload
   field has one meaning; nothing is bit-packed. The events that carry a setting take their
   payload checks from the settings tables (settings.h, payload_setting): the world's events
   are those its table names (GRAVITY, FRICTION, GROUND_FRICTION, RELAX_PASSES), recorded by
   silk_record_world_setting and replayed by apply_world_setting; the robust def's events are
   all of SILK_ROBUST_EVENTS, replayed by apply_robust. */
#define SILK_RECORD_EVENTS(X)                                                                      \
    X(DRAG_BEGIN, particle_point, drag_begin)                                                      \
    X(DRAG_MOVE, point, drag_move)                                                                 \
    X(DRAG_END, none, drag_end)                                                                    \
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
#define fits_i32_y(e)     whole((e)->y, -2147483648.0, 2147483647.0)
#define slot_f64_x(e)     ((e)->x)
#define slot_f64_y(e)     ((e)->y)
#define slot_vec2_xy(e)   ((silk_vec2){(e)->x, (e)->y})
#define slot_i32_i(e)     ((e)->i)
#define slot_flag_i(e)    ((e)->i)
#define slot_i32_x(e)     ((int32_t)(e)->x)
#define slot_i32_y(e)     ((int32_t)(e)->y)
#define put_f64_x(s, v)   ((s)->x = (v))
#define put_f64_y(s, v)   ((s)->y = (v))
#define put_vec2_xy(s, v) ((s)->x = (v).x, (s)->y = (v).y)
#define put_i32_i(s, v)   ((s)->i = (v))
#define put_flag_i(s, v)  ((s)->i = (v) ? 1 : 0)
#define put_i32_x(s, v)   ((s)->x = (v))
#define put_i32_y(s, v)   ((s)->y = (v))
/* A slot's value as the world's setter takes it (silk_setting_value, world_settings.c). */
#define value_f64_x(e)   ((silk_setting_value){(e)->x, 0.0, 0})
#define value_f64_y(e)   ((silk_setting_value){(e)->y, 0.0, 0})
#define value_vec2_xy(e) ((silk_setting_value){(e)->x, (e)->y, 0})
#define value_i32_i(e)   ((silk_setting_value){(double)(e)->i, 0.0, 0})
#define value_flag_i(e)  ((silk_setting_value){(double)(e)->i, 0.0, 0})
#define value_i32_x(e)   ((silk_setting_value){(e)->x, 0.0, 0})
#define value_i32_y(e)   ((silk_setting_value){(e)->y, 0.0, 0})

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

/* A world setting's event (one entry each): the value through the table's setter, as the
   named setter the page called does it (no error detail). */
#define SLOT_APPLY_WORLD(event, slot, name, at, check)                                             \
    if (e->type == SILK_EVENT_##event)                                                             \
    {                                                                                              \
        silk_setting_value v = value_##at(e);                                                      \
        silk_world_apply_setting(w, SILK_WS_##name, &v, NULL);                                     \
    }
#define APPLY_WORLD_ENTRY(type, name, wire, dflt, check, rule, event, slot)                        \
    SETTING_SLOT(APPLY_WORLD, event, slot, name, wire, check)
static void apply_world_setting(silk_world* w, const silk_record_event* e, double* h)
{
    (void)h;
    SILK_WORLD_SETTINGS(APPLY_WORLD_ENTRY)
}
#undef APPLY_WORLD_ENTRY

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
#define SLOT_OP(event, slot, name, at, check)                                                      \
    [SILK_EVENT_##event] = {SILK_EVENT_##event, payload_setting, apply_world_setting},
#define OP_ENTRY(type, name, wire, dflt, check, rule, event, slot)                                 \
    SETTING_SLOT(OP, event, slot, name, wire, check)
            SILK_WORLD_SETTINGS(OP_ENTRY)
#undef OP_ENTRY
};

#define COUNT_EVENT(name, ...)                   +1
#define SLOT_COUNT(event, slot, name, at, check) +1
#define COUNT_ENTRY(type, name, wire, dflt, check, rule, event, slot)                              \
    SETTING_SLOT(COUNT, event, slot, name, wire, check)
_Static_assert(0 SILK_RECORD_EVENTS(COUNT_EVENT) SILK_ROBUST_EVENTS(COUNT_EVENT)
                       SILK_WORLD_SETTINGS(COUNT_ENTRY) == SILK_EVENT_COUNT - 1,
               "every SILK_EVENT_* is in a manifest");
#undef COUNT_EVENT
#undef COUNT_ENTRY

static const event_op* op_of(uint32_t type)
{
    return type >= 1 && type < SILK_EVENT_COUNT && event_ops[type].type == type ? &event_ops[type]
                                                                                : NULL;
}

bool silk_record_event_check(const silk_world* world, const silk_record_event* e, int32_t particles)
{
    const event_op* op = op_of(e->type);
    return op != NULL && op->check(world, e, particles);
}

void silk_record_event_apply(silk_world* world, const silk_record_event* e, double* step_seconds)
{
    const event_op* op = op_of(e->type);
    if (op != NULL)
    {
        op->apply(world, e, step_seconds);
    }
}

/* Whether a value changed, as the setter sees it (-0.0 is 0.0). */
#define differs_f64_x(a, b)   ((a) != (b))
#define differs_f64_y         differs_f64_x
#define differs_i32_i         differs_f64_x
#define differs_i32_x         differs_f64_x
#define differs_i32_y         differs_f64_x
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

/* A world setting's change: its entry's event, the value in its slot (none: not recorded). */
#define SLOT_RECORD_WORLD(event, slot, name, at, check)                                            \
    case SILK_WS_##name:                                                                           \
    {                                                                                              \
        slots out = {0, 0.0, 0.0};                                                                 \
        put_##at(&out, world->name);                                                               \
        silk_record_input(world, SILK_EVENT_##event, out.i, out.x, out.y);                         \
        break;                                                                                     \
    }
#define RECORD_WORLD_ENTRY(type, name, wire, dflt, check, rule, event, slot)                       \
    SETTING_SLOT(RECORD_WORLD, event, slot, name, wire, check)
void silk_record_world_setting(silk_world* world, int32_t setting)
{
    switch (setting)
    {
        SILK_WORLD_SETTINGS(RECORD_WORLD_ENTRY)
        default:
            break;
    }
}
#undef RECORD_WORLD_ENTRY

/* Records what changed between two robust settings, one event per field group, in the order
   of SILK_ROBUST_EVENTS. */
void silk_record_robust(silk_world* world, const silk_robust_def* old, const silk_robust_def* def)
{
#define RECORD_EVENT(name, strict) record_robust_event(world, old, def, SILK_EVENT_##name);
    SILK_ROBUST_EVENTS(RECORD_EVENT)
#undef RECORD_EVENT
}
