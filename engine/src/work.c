/* work.c -- the work one call may do (silk.h, SILK_CALL_MAX_PASSES).

   A call that steps costs its steps times the element passes of one step. The count of steps
   is the caller's (advance's clamp, frame's step, relax's iterations, play_run's max_steps);
   the passes of a step are the world's settings times its elements. Without a bound on the
   product, one call could block a page for minutes: advance with a clamp of 10^6 steps, or
   frame(4096) on a world of a million constraints. The unit is replay_budget.c's: a step's
   element passes, with angles counted as several distances and the constraints the
   extension may add counted before it adds them, so that a call admitted at its start stays
   within the bound to its end. */
#include "extension.h"
#include "record.h"
#include "snapshot.h"
#include "validate.h"
#include "work.h"

/* The facts a replay's bound reads from a snapshot, read from the world as it is now. Every
   advance asks, so the counts of angles and discs are the ones the world keeps (storage.h),
   not a scan of its columns. */
static silk_snapshot_facts live_facts(const silk_world* world, silk_solver solver)
{
    int32_t headroom = 0;
    const silk_extension_state* ext = &world->extension;
    if (ext->def.tag != 0 &&
        silk_extension_check(world, ext->def.tag, ext->values, ext->def.value_count,
                             world->particle_count, world->constraint_count, world->composite_count,
                             &headroom) != SILK_OK)
    {
        headroom = 0; /* values the extension refuses run no rule (before_step checks too) */
    }
    return (silk_snapshot_facts){.particles = world->particle_count,
                                 .constraints = world->constraint_count,
                                 .angles = world->angle_count,
                                 .constraint_headroom = headroom,
                                 .discs = world->disc_count, /* each a robust step's contact work */
                                 .relax_passes = world->relax_passes,
                                 .solver = solver,
                                 .robust = world->robust.def};
}

uint64_t silk_step_work_for(const silk_world* world, silk_solver solver)
{
    silk_snapshot_facts facts = live_facts(world, solver);
    silk_replay_cost cost = silk_replay_cost_of_snapshot(&facts);
    return silk_replay_step_work(&cost);
}

uint64_t silk_step_work(const silk_world* world)
{
    return silk_step_work_for(world, world->solver);
}

/* The elements of one pass (a step of one relax pass, or one substep of one iteration). */
uint64_t silk_pass_work(const silk_world* world)
{
    silk_snapshot_facts facts = live_facts(world, world->solver);
    return (uint64_t)silk_replay_cost_of_snapshot(&facts).elements;
}

bool silk_step_is_lightest_for(const silk_world* world, silk_solver solver)
{
    if (solver == SILK_SOLVER_COMPAT)
    {
        return world->relax_passes == 1;
    }
    const silk_robust_def* r = &world->robust.def;
    return r->substeps == 1 && r->iterations == 1 && r->near_passes <= 1 && !r->chains;
}

bool silk_step_is_lightest(const silk_world* world)
{
    return silk_step_is_lightest_for(world, world->solver);
}

int64_t silk_steps_within_call(uint64_t per_step)
{
    if (per_step == 0)
    {
        return INT64_MAX;
    }
    return (int64_t)((uint64_t)SILK_CALL_MAX_PASSES / per_step);
}

silk_status silk_world_step_work(const silk_world* world, double* out_passes)
{
    if (!silk_is_world(world) || out_passes == NULL)
    {
        return SILK_ERR_NULL;
    }
    *out_passes = (double)silk_step_work(world);
    return SILK_OK;
}
