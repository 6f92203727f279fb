/* def_check.c -- the def validators, naming the field that failed and the rule it broke.

   One function per def, shared by the call that takes the def (create, set_stepper,
   set_robust, set_watchdog, stepper_init), by snapshot.c (which turns any failure into
   SILK_ERR_FORMAT) and by hosts that want to say which argument was wrong (the JS binding's
   RangeError names it). The per-value rules stay in validate.c; this file only decides the
   order and the words, and the fields and their rule texts come from the settings tables
   (settings.h). Why the order matters: a NaN anywhere in a def has always been
   SILK_ERR_NONFINITE even when another field is also out of range, so every check runs the
   finiteness pass first and the range pass second. */
#include "settings.h"
#include "validate.h"
#include "world.h"

#include <math.h>

static silk_status note(silk_error_detail* out, silk_status status, const char* field,
                        const char* rule)
{
    if (out != NULL)
    {
        out->status = status;
        out->field = field;
        out->rule = rule;
    }
    return status;
}

static silk_status ok(silk_error_detail* out)
{
    return note(out, SILK_OK, "", "");
}

/* A per-value validator's status, worded: NaN and infinity say so, ranges say the rule. */
static silk_status value(silk_error_detail* out, silk_status status, const char* field,
                         const char* rule)
{
    return note(out, status, status == SILK_OK ? "" : field,
                status == SILK_ERR_NONFINITE ? SILK_FINITE_RULE
                : status == SILK_OK          ? ""
                                             : rule);
}

silk_status silk_check_size_detail(double width, double height, silk_error_detail* out_detail)
{
    silk_status status = silk_check_size(width, height);
    if (status == SILK_OK)
    {
        return ok(out_detail);
    }
    /* silk_check_size(x, x) checks one side alone: the first failing side is named */
    bool width_fails = silk_check_size(width, width) != SILK_OK;
    return value(out_detail, status, width_fails ? "width" : "height", "must be >= 1 px");
}

/* ---- one pass over a settings table (settings.h) -----------------------------------------

   Each pass returns the first field of the table that fails, worded, or SILK_OK without
   writing the detail. FIELD_NAME(name) is the name the detail gives (the world def names its
   stepper's fields "stepper.*"). */
#define NONFINITE_PASS(type, name, wire, dflt, check, rule, event, slot)                           \
    if (silk_check_##check(def->name) == SILK_ERR_NONFINITE)                                       \
    {                                                                                              \
        return value(out, SILK_ERR_NONFINITE, FIELD_NAME(name), rule);                             \
    }
#define RANGE_PASS(type, name, wire, dflt, check, rule, event, slot)                               \
    if (silk_check_##check(def->name) != SILK_OK)                                                  \
    {                                                                                              \
        return value(out, silk_check_##check(def->name), FIELD_NAME(name), rule);                  \
    }

#define FIELD_NAME(name) #name
static silk_status world_nonfinite(const silk_world_def* def, silk_error_detail* out)
{
    SILK_WORLD_SETTINGS(NONFINITE_PASS)
    return SILK_OK;
}

static silk_status world_ranges(const silk_world_def* def, silk_error_detail* out)
{
    SILK_WORLD_SETTINGS(RANGE_PASS)
    return SILK_OK;
}

static silk_status robust_nonfinite(const silk_robust_def* def, silk_error_detail* out)
{
    SILK_ROBUST_SETTINGS(NONFINITE_PASS)
    return SILK_OK;
}

static silk_status robust_ranges(const silk_robust_def* def, silk_error_detail* out)
{
    SILK_ROBUST_SETTINGS(RANGE_PASS)
    return SILK_OK;
}

static silk_status watchdog_nonfinite(const silk_watchdog_def* def, silk_error_detail* out)
{
    SILK_WATCHDOG_SETTINGS(NONFINITE_PASS)
    return SILK_OK;
}

static silk_status watchdog_ranges(const silk_watchdog_def* def, silk_error_detail* out)
{
    SILK_WATCHDOG_SETTINGS(RANGE_PASS)
    return SILK_OK;
}
#undef FIELD_NAME

#define FIELD_NAME(name) (nested ? "stepper." #name : #name)
static silk_status stepper_nonfinite(const silk_stepper_def* def, bool nested,
                                     silk_error_detail* out)
{
    SILK_STEPPER_SETTINGS(NONFINITE_PASS)
    return SILK_OK;
}

static silk_status stepper_ranges(const silk_stepper_def* def, bool nested, silk_error_detail* out)
{
    SILK_STEPPER_SETTINGS(RANGE_PASS)
    return SILK_OK;
}
#undef FIELD_NAME
#undef NONFINITE_PASS
#undef RANGE_PASS

/* ---- the def checks ---------------------------------------------------------------------- */

silk_status silk_check_stepper_def(const silk_stepper_def* def, silk_error_detail* out_detail)
{
    if (def == NULL)
    {
        return note(out_detail, SILK_ERR_NULL, "def", "must not be NULL");
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return note(out_detail, SILK_ERR_DEF, "", "");
    }
    silk_status status = stepper_nonfinite(def, false, out_detail);
    if (status == SILK_OK)
    {
        status = stepper_ranges(def, false, out_detail);
    }
    return status == SILK_OK ? ok(out_detail) : status;
}

silk_status silk_check_world_def(const silk_world_def* def, silk_error_detail* out_detail)
{
    if (def == NULL)
    {
        return note(out_detail, SILK_ERR_NULL, "def", "must not be NULL");
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return note(out_detail, SILK_ERR_DEF, "", "");
    }
    if (def->stepper.internal_cookie != SILK_DEF_COOKIE)
    {
        return note(out_detail, SILK_ERR_DEF, "stepper", "");
    }
    /* finiteness first (see the top of this file), the world's and then its stepper's */
    silk_status status = world_nonfinite(def, out_detail);
    if (status == SILK_OK)
    {
        status = stepper_nonfinite(&def->stepper, true, out_detail);
    }
    if (status == SILK_OK)
    {
        status = world_ranges(def, out_detail);
    }
    if (status == SILK_OK)
    {
        status = stepper_ranges(&def->stepper, true, out_detail);
    }
    if (status != SILK_OK)
    {
        return status;
    }
    if (def->particle_capacity < 0 || def->particle_capacity > SILK_MAX_PARTICLES)
    {
        return note(out_detail, SILK_ERR_CAPACITY, "particle_capacity",
                    "must be in [0, SILK_MAX_PARTICLES]");
    }
    if (def->constraint_capacity < 0 || def->constraint_capacity > SILK_MAX_CONSTRAINTS)
    {
        return note(out_detail, SILK_ERR_CAPACITY, "constraint_capacity",
                    "must be in [0, SILK_MAX_CONSTRAINTS]");
    }
    if (def->composite_capacity < 0 || def->composite_capacity > SILK_MAX_COMPOSITES)
    {
        return note(out_detail, SILK_ERR_CAPACITY, "composite_capacity",
                    "must be in [0, SILK_MAX_COMPOSITES]");
    }
    if ((def->alloc_fn == NULL) != (def->free_fn == NULL))
    {
        return note(out_detail, SILK_ERR_NULL, def->alloc_fn == NULL ? "alloc_fn" : "free_fn",
                    "alloc_fn and free_fn go together: set both or neither");
    }
    return ok(out_detail);
}

silk_status silk_check_robust_def(const silk_robust_def* def, silk_error_detail* out_detail)
{
    if (def == NULL)
    {
        return note(out_detail, SILK_ERR_NULL, "def", "must not be NULL");
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return note(out_detail, SILK_ERR_DEF, "", "");
    }
    silk_status status = robust_nonfinite(def, out_detail);
    if (status == SILK_OK)
    {
        status = robust_ranges(def, out_detail);
    }
    return status == SILK_OK ? ok(out_detail) : status;
}

silk_status silk_check_watchdog_def(const silk_watchdog_def* def, silk_error_detail* out_detail)
{
    if (def == NULL)
    {
        return note(out_detail, SILK_ERR_NULL, "def", "must not be NULL");
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return note(out_detail, SILK_ERR_DEF, "", "");
    }
    silk_status status = watchdog_nonfinite(def, out_detail);
    if (status == SILK_OK)
    {
        status = watchdog_ranges(def, out_detail);
    }
    return status == SILK_OK ? ok(out_detail) : status;
}

silk_status silk_world_report_error(silk_world* world, silk_status status, const char* field,
                                    const char* rule)
{
    if (silk_is_world(world))
    {
        world->last_error = (silk_error_detail){status, field ? field : "", rule ? rule : ""};
    }
    return status;
}

silk_error_detail silk_world_last_error_detail(const silk_world* world)
{
    if (!silk_is_world(world))
    {
        return (silk_error_detail){SILK_ERR_NULL, "world", "must be a live world"};
    }
    return world->last_error;
}
