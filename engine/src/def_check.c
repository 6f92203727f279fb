/* def_check.c -- the def validators, naming the field that failed and the rule it broke.

   One function per def, shared by the call that takes the def (create, set_stepper,
   set_robust, set_watchdog, stepper_init), by snapshot.c (which turns any failure into
   SILK_ERR_FORMAT) and by hosts that want to say which argument was wrong (the JS binding's
   RangeError names it). The per-value rules stay in validate.c; this file only decides the
   order and the words. Why the order matters: a NaN anywhere in a def has always been
   SILK_ERR_NONFINITE even when another field is also out of range, so every check runs the
   finiteness pass first and the range pass second. */
#include "validate.h"
#include "world.h"

#include <math.h>

#define SILK_STR_(x) #x
#define SILK_STR(x)  SILK_STR_(x)

#define STEP_RULE                                                                                  \
    "must be > 0, in [" SILK_STR(SILK_MIN_STEP_SECONDS) ", " SILK_STR(SILK_MAX_STEP_SECONDS) "] s"
#define FINITE_RULE "must be finite"

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
                status == SILK_ERR_NONFINITE ? FINITE_RULE
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

/* The stepper def's checks; `nested` names its fields as the world def's "stepper.*". */
static silk_status check_stepper(const silk_stepper_def* def, bool nested, silk_error_detail* out)
{
    if (def == NULL)
    {
        return note(out, SILK_ERR_NULL, nested ? "stepper" : "def", "must not be NULL");
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return note(out, SILK_ERR_DEF, nested ? "stepper" : "", "");
    }
    silk_status status = silk_check_step_seconds(def->step_seconds);
    if (status != SILK_OK)
    {
        return value(out, status, nested ? "stepper.step_seconds" : "step_seconds", STEP_RULE);
    }
    if (def->max_steps_per_frame < 1)
    {
        return note(out, SILK_ERR_RANGE,
                    nested ? "stepper.max_steps_per_frame" : "max_steps_per_frame", "must be >= 1");
    }
    return ok(out);
}

silk_status silk_check_stepper_def(const silk_stepper_def* def, silk_error_detail* out_detail)
{
    return check_stepper(def, false, out_detail);
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
    /* finiteness first (see the top of this file) */
    const struct
    {
        const char* field;
        bool finite;
    } numbers[] = {
        {"width", isfinite(def->width)},
        {"height", isfinite(def->height)},
        {"gravity", silk_is_finite_vec2(def->gravity)},
        {"friction", isfinite(def->friction)},
        {"ground_friction", isfinite(def->ground_friction)},
        {"stepper.step_seconds", isfinite(def->stepper.step_seconds)},
    };
    for (size_t k = 0; k < sizeof(numbers) / sizeof(numbers[0]); ++k)
    {
        if (!numbers[k].finite)
        {
            return note(out_detail, SILK_ERR_NONFINITE, numbers[k].field, FINITE_RULE);
        }
    }
    silk_status status = silk_check_size_detail(def->width, def->height, out_detail);
    if (status != SILK_OK)
    {
        return status;
    }
    if (silk_check_relax_passes(def->relax_passes) != SILK_OK)
    {
        return note(out_detail, SILK_ERR_RANGE, "relax_passes",
                    "must be in [1, " SILK_STR(SILK_MAX_RELAX_PASSES) "]");
    }
    status = check_stepper(&def->stepper, true, out_detail);
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
    if (!silk_is_finite_vec2(def->gravity))
    {
        return note(out_detail, SILK_ERR_NONFINITE, "gravity", FINITE_RULE);
    }
    /* the per-value validators (validate.c) that snapshots and recordings share */
    const struct
    {
        silk_status status;
        const char* field;
        const char* rule;
    } checks[] = {
        {silk_check_decay_rate(def->damping), "damping", "must be >= 0 (1/s)"},
        {silk_check_decay_rate(def->ground_friction), "ground_friction", "must be >= 0 (1/s)"},
        {silk_check_restitution(def->restitution), "restitution", "must be in [0, 1]"},
        {silk_check_step_seconds(def->max_step_seconds), "max_step_seconds", STEP_RULE},
        {silk_check_substeps(def->substeps), "substeps",
         "must be in [1, " SILK_STR(SILK_MAX_SUBSTEPS) "]"},
        {silk_check_iterations(def->iterations), "iterations",
         "must be in [1, " SILK_STR(SILK_MAX_ITERATIONS) "]"},
        {silk_check_near_passes(def->near_passes), "near_passes",
         "must be in [1, " SILK_STR(SILK_MAX_NEAR_PASSES) "]"},
        {silk_check_near_mobility(def->near_mobility), "near_mobility", "must be in (0, 1]"},
    };
    const size_t count = sizeof(checks) / sizeof(checks[0]);
    for (size_t k = 0; k < count; ++k)
    {
        if (checks[k].status == SILK_ERR_NONFINITE)
        {
            return value(out_detail, checks[k].status, checks[k].field, checks[k].rule);
        }
    }
    for (size_t k = 0; k < count; ++k)
    {
        if (checks[k].status != SILK_OK)
        {
            return value(out_detail, checks[k].status, checks[k].field, checks[k].rule);
        }
    }
    return ok(out_detail);
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
    const struct
    {
        const char* field;
        double value;
    } numbers[] = {
        {"radius_factor", def->radius_factor},
        {"speed_limit", def->speed_limit},
        {"energy_growth", def->energy_growth},
    };
    for (size_t k = 0; k < sizeof(numbers) / sizeof(numbers[0]); ++k)
    {
        if (!isfinite(numbers[k].value))
        {
            return note(out_detail, SILK_ERR_NONFINITE, numbers[k].field, FINITE_RULE);
        }
    }
    if (def->window < 2 || def->window > SILK_WATCHDOG_MAX_WINDOW)
    {
        return note(out_detail, SILK_ERR_RANGE, "window",
                    "must be in [2, " SILK_STR(SILK_WATCHDOG_MAX_WINDOW) "] steps");
    }
    if (def->radius_factor <= 0.0)
    {
        return note(out_detail, SILK_ERR_RANGE, "radius_factor", "must be > 0");
    }
    if (def->speed_limit <= 0.0)
    {
        return note(out_detail, SILK_ERR_RANGE, "speed_limit", "must be > 0");
    }
    if (def->energy_growth < 1.0)
    {
        return note(out_detail, SILK_ERR_RANGE, "energy_growth", "must be >= 1");
    }
    if (def->snapshot_interval < 1)
    {
        return note(out_detail, SILK_ERR_RANGE, "snapshot_interval", "must be >= 1 steps");
    }
    return ok(out_detail);
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
