/* robust_settings.c -- the robust solver's settings: its def (and the mapping from compat's
   per-frame settings), the choice of solver, and the per-item values it reads from storage,
   masses and compliances. Changing a mass or a compliance bumps the world's
   constraints_version (storage.h): the solver's prepared records depend on them.

   The solver itself: robust_prepare.c (ordering, colours, records), robust_step.c (the step),
   material.c (compliance from stiffness). */
#include "detmath.h"
#include "record.h"
#include "settings.h"
#include "validate.h"
#include "constraint.h"
#include "world.h"

#include <math.h>
#include <string.h>

/* ---- defs and the mapping from compat ---------------------------------------------------- */

silk_robust_def silk_robust_def_from_compat(silk_vec2 gravity_per_frame2, double friction,
                                            double ground_friction, double frame_seconds)
{
    silk_robust_def def;
    memset(&def, 0, sizeof(def));
    SILK_ROBUST_SETTINGS(SILK_SETTING_DEFAULT)
    def.internal_cookie = SILK_DEF_COOKIE;
    if (!(frame_seconds > 0.0) || !isfinite(frame_seconds))
    {
        frame_seconds = 1.0 / SILK_COMPAT_FRAME_RATE;
    }
    double h2 = frame_seconds * frame_seconds;
    def.gravity = (silk_vec2){gravity_per_frame2.x / h2, gravity_per_frame2.y / h2};
    /* a factor f per frame is the decay exp(-c t) with c = -ln f / h; f >= 1 (or <= 0, which
       compat allows) has no decay rate: 0 */
    def.damping = friction > 0.0 && friction < 1.0 ? -silk_det_log(friction) / frame_seconds : 0.0;
    def.ground_friction = ground_friction > 0.0 && ground_friction < 1.0
                              ? -silk_det_log(ground_friction) / frame_seconds
                              : 0.0;
    return def;
}

silk_robust_def silk_default_robust_def(void)
{
    return silk_robust_def_from_compat((silk_vec2){0.0, 0.2}, 0.99, 0.8,
                                       1.0 / SILK_COMPAT_FRAME_RATE);
}

/* ---- settings ---------------------------------------------------------------------------- */

silk_status silk_world_set_robust(silk_world* world, const silk_robust_def* def)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_check_robust_def(def, &world->last_error);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_record_robust(world, &world->robust.def, def);
    world->robust.def = *def;
    return SILK_OK;
}

silk_status silk_world_match_robust_to_compat(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_robust_def mapped = silk_robust_def_from_compat(
        world->gravity, world->friction, world->ground_friction, world->stepper.step_seconds);
    silk_robust_def def = world->robust.def;
    def.gravity = mapped.gravity;
    def.damping = mapped.damping;
    def.ground_friction = mapped.ground_friction;
    return silk_world_set_robust(world, &def);
}

silk_robust_def silk_world_get_robust(const silk_world* world)
{
    return silk_is_world(world) ? world->robust.def : silk_default_robust_def();
}

silk_status silk_world_set_solver(silk_world* world, silk_solver solver)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (solver != SILK_SOLVER_COMPAT && solver != SILK_SOLVER_ROBUST)
    {
        return SILK_ERR_RANGE;
    }
    if (solver == SILK_SOLVER_ROBUST && !(silk_features() & SILK_FEATURE_ROBUST))
    {
        return silk_world_report_error(world, SILK_ERR_UNSUPPORTED, "solver",
                                       "this module has the compat solver only");
    }
    if (solver == world->solver)
    {
        return SILK_OK;
    }
    silk_record_input(world, SILK_EVENT_SOLVER, (int32_t)solver, 0, 0);
    /* Both solvers keep velocity in p - q: compat as px per frame (one fixed step), robust as
       px per last_h seconds. A switch to robust reads p - q as one fixed step; a switch back
       rescales q if the last robust step had another length (coupled loop mode). */
    double frame = world->stepper.step_seconds;
    if (solver == SILK_SOLVER_COMPAT && world->robust.last_h != frame)
    {
        double scale = frame / world->robust.last_h;
        for (int32_t i = 0; i < world->particle_count; ++i)
        {
            world->last[i].x = world->pos[i].x - (world->pos[i].x - world->last[i].x) * scale;
            world->last[i].y = world->pos[i].y - (world->pos[i].y - world->last[i].y) * scale;
        }
    }
    world->robust.last_h = frame;
    world->solver = solver;
    return SILK_OK;
}

silk_solver silk_world_get_solver(const silk_world* world)
{
    return silk_is_world(world) ? world->solver : SILK_SOLVER_COMPAT;
}

/* ---- masses and compliance --------------------------------------------------------------- */

silk_status silk_world_set_inverse_mass(silk_world* world, int32_t particle, double inverse_mass)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    silk_status status = silk_check_inverse_mass(inverse_mass);
    if (status != SILK_OK)
    {
        return status;
    }
    world->inverse_mass[particle] = inverse_mass;
    silk_constraints_changed(world);
    return SILK_OK;
}

silk_status silk_world_set_mass(silk_world* world, int32_t particle, double mass)
{
    if (isnan(mass))
    {
        return SILK_ERR_NONFINITE;
    }
    if (!(mass > 0.0))
    {
        return SILK_ERR_RANGE;
    }
    return silk_world_set_inverse_mass(world, particle, isinf(mass) ? 0.0 : 1.0 / mass);
}

silk_status silk_world_get_inverse_mass(const silk_world* world, int32_t particle,
                                        double* out_inverse_mass)
{
    if (!silk_is_world(world) || out_inverse_mass == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    *out_inverse_mass = world->inverse_mass[particle];
    return SILK_OK;
}

silk_status silk_world_set_compliance(silk_world* world, int32_t composite, int32_t index,
                                      double compliance)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    int32_t at = 0;
    silk_status status = silk_locate_constraint(world, composite, index, &at);
    if (status != SILK_OK)
    {
        return status;
    }
    status = silk_check_compliance(compliance);
    if (status != SILK_OK)
    {
        return status;
    }
    world->compliance[at] = compliance;
    silk_constraints_changed(world);
    return SILK_OK;
}

silk_status silk_world_get_compliance(const silk_world* world, int32_t composite, int32_t index,
                                      double* out_compliance)
{
    if (!silk_is_world(world) || out_compliance == NULL)
    {
        return SILK_ERR_NULL;
    }
    int32_t at = 0;
    silk_status status = silk_locate_constraint(world, composite, index, &at);
    if (status == SILK_OK)
    {
        *out_compliance = world->compliance[at];
    }
    return status;
}

const double* silk_world_constraint_compliance(const silk_world* world)
{
    return silk_is_world(world) ? world->compliance : NULL;
}
