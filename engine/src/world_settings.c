/* world_settings.c -- the world's settings: one setter and one getter driven by the table.

   Every setting of silk_world_def is an entry of settings.h's SILK_WORLD_SETTINGS, and this
   file is the only code that sets one on a live world: silk_world_apply_setting converts the
   value from its silk_setting_value slots (a whole number for an int32, 0 or 1 for a flag),
   runs the entry's validator (the one create, snapshots and recordings use), assigns the
   field, records the entry's event when a recording runs (record_events.c), and does what a
   change means besides the field (the seed restarts the generator). The named setters of
   silk.h (set_gravity, set_friction, ...) are one line each over it, so they cannot drift
   from the table or from each other: they were near-copies that each restated a check. */
#include "record.h"
#include "settings.h"
#include "validate.h"
#include "sleep.h"
#include "world.h"

#include <math.h>

/* ---- a setting's value in and out of silk_setting_value, by wire type ---------------------

   One pair per wire type the world's table uses (f64, vec2, i32, u64): an entry of another
   type (a flag: the value 0 or 1 in x) fails to compile until its pair is added here. */

static silk_status from_f64(const silk_setting_value* v, double* out)
{
    *out = v->x;
    return SILK_OK;
}

static silk_status from_vec2(const silk_setting_value* v, silk_vec2* out)
{
    *out = (silk_vec2){v->x, v->y};
    return SILK_OK;
}

/* An int32 travels as a double (the JS number): it must be a whole number in range. */
static silk_status from_i32(const silk_setting_value* v, int32_t* out)
{
    if (!isfinite(v->x))
    {
        return SILK_ERR_NONFINITE;
    }
    if (v->x < -2147483648.0 || v->x > 2147483647.0 || v->x != floor(v->x))
    {
        return SILK_ERR_RANGE;
    }
    *out = (int32_t)v->x;
    return SILK_OK;
}

static silk_status from_u64(const silk_setting_value* v, uint64_t* out)
{
    *out = v->seed;
    return SILK_OK;
}

static silk_setting_value to_f64(double v)
{
    return (silk_setting_value){v, 0.0, 0};
}

static silk_setting_value to_vec2(silk_vec2 v)
{
    return (silk_setting_value){v.x, v.y, 0};
}

static silk_setting_value to_i32(int32_t v)
{
    return (silk_setting_value){(double)v, 0.0, 0};
}

static silk_setting_value to_u64(uint64_t v)
{
    return (silk_setting_value){0.0, 0.0, v};
}

static silk_status note(silk_error_detail* detail, silk_status status, const char* field,
                        const char* rule)
{
    if (detail != NULL)
    {
        *detail = (silk_error_detail){status, status == SILK_OK ? "" : field,
                                      status == SILK_OK              ? ""
                                      : status == SILK_ERR_NONFINITE ? SILK_FINITE_RULE
                                                                     : rule};
    }
    return status;
}

/* What a change means besides the field: the seed restarts the generator (as create and
   clear start it). A new setting usually has nothing here. */
static void setting_changed(silk_world* world, int32_t setting)
{
    if (setting == SILK_WS_seed)
    {
        world->rng = silk_rng_make(world->seed);
    }
}

/* ---- the one setter and the one getter ------------------------------------------------------ */

#define SET_ENTRY(type, name, wire, dflt, check, rule, event, slot)                                \
    case SILK_WS_##name:                                                                           \
    {                                                                                              \
        type v;                                                                                    \
        silk_status status = from_##wire(value, &v);                                               \
        if (status == SILK_OK)                                                                     \
        {                                                                                          \
            status = silk_check_##check(v);                                                        \
        }                                                                                          \
        if (status != SILK_OK)                                                                     \
        {                                                                                          \
            return note(detail, status, #name, rule);                                              \
        }                                                                                          \
        world->name = v;                                                                           \
        break;                                                                                     \
    }

silk_status silk_world_apply_setting(silk_world* world, int32_t setting,
                                     const silk_setting_value* value, silk_error_detail* detail)
{
    switch (setting)
    {
        SILK_WORLD_SETTINGS(SET_ENTRY)
        default:
            return note(detail, SILK_ERR_RANGE, "setting", "must be a silk_world_setting");
    }
    silk_record_world_setting(world, setting);
    setting_changed(world, setting);
    silk_sleep_wake_all(world); /* the box or the gravity may have changed */
    return note(detail, SILK_OK, "", "");
}
#undef SET_ENTRY

silk_status silk_world_set_setting(silk_world* world, silk_world_setting setting,
                                   const silk_setting_value* value)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (value == NULL)
    {
        return silk_world_report_error(world, SILK_ERR_NULL, "value", "must not be NULL");
    }
    return silk_world_apply_setting(world, (int32_t)setting, value, &world->last_error);
}

#define GET_ENTRY(type, name, wire, dflt, check, rule, event, slot)                                \
    case SILK_WS_##name:                                                                           \
        *out_value = to_##wire(world->name);                                                       \
        return SILK_OK;

silk_status silk_world_get_setting(const silk_world* world, silk_world_setting setting,
                                   silk_setting_value* out_value)
{
    if (!silk_is_world(world) || out_value == NULL)
    {
        return SILK_ERR_NULL;
    }
    switch ((int32_t)setting)
    {
        SILK_WORLD_SETTINGS(GET_ENTRY)
        default:
            return SILK_ERR_RANGE;
    }
}
#undef GET_ENTRY

/* ---- the named setters and getters (silk.h's contracts), one line each over the table ------- */

static silk_status set_quietly(silk_world* world, int32_t setting, silk_setting_value value)
{
    return silk_is_world(world) ? silk_world_apply_setting(world, setting, &value, NULL)
                                : SILK_ERR_NULL;
}

static silk_setting_value value_of(const silk_world* world, int32_t setting)
{
    silk_setting_value v = {0.0, 0.0, 0}; /* a NULL world reads as zeros */
    silk_world_get_setting(world, (silk_world_setting)setting, &v);
    return v;
}

silk_status silk_world_set_gravity(silk_world* world, silk_vec2 gravity)
{
    return set_quietly(world, SILK_WS_gravity, to_vec2(gravity));
}

silk_status silk_world_set_friction(silk_world* world, double friction)
{
    return set_quietly(world, SILK_WS_friction, to_f64(friction));
}

silk_status silk_world_set_ground_friction(silk_world* world, double ground_friction)
{
    return set_quietly(world, SILK_WS_ground_friction, to_f64(ground_friction));
}

silk_status silk_world_set_relax_passes(silk_world* world, int32_t passes)
{
    return set_quietly(world, SILK_WS_relax_passes, to_i32(passes));
}

silk_status silk_world_set_seed(silk_world* world, uint64_t seed)
{
    return set_quietly(world, SILK_WS_seed, to_u64(seed));
}

/* Two settings in one call: both sides are checked before either changes (the detail names
   the first failing side), then each goes through the table. */
silk_status silk_world_set_size(silk_world* world, double width, double height)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_check_size_detail(width, height, &world->last_error);
    if (status == SILK_OK)
    {
        silk_world_apply_setting(world, SILK_WS_width, &(silk_setting_value){width, 0.0, 0}, NULL);
        silk_world_apply_setting(world, SILK_WS_height, &(silk_setting_value){height, 0.0, 0},
                                 NULL);
    }
    return status;
}

silk_vec2 silk_world_get_gravity(const silk_world* world)
{
    silk_setting_value v = value_of(world, SILK_WS_gravity);
    return (silk_vec2){v.x, v.y};
}

double silk_world_get_friction(const silk_world* world)
{
    return value_of(world, SILK_WS_friction).x;
}

double silk_world_get_ground_friction(const silk_world* world)
{
    return value_of(world, SILK_WS_ground_friction).x;
}

int32_t silk_world_get_relax_passes(const silk_world* world)
{
    return (int32_t)value_of(world, SILK_WS_relax_passes).x;
}

silk_vec2 silk_world_get_size(const silk_world* world)
{
    return (silk_vec2){value_of(world, SILK_WS_width).x, value_of(world, SILK_WS_height).x};
}
