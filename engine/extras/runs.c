/* runs.c -- silent runs (silk_world_run_frames) and the step sweep, for experiments and the
   page's diagnostic buttons. Named for what it does: "lab" is the timing lab and the seed
   experiments (lab/, web/labs/). */
#include "build.h"

silk_status silk_world_run_frames(silk_world* world, int32_t frames, int32_t step, silk_vec2 center)
{
    if (world == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_finite2(center))
    {
        return SILK_ERR_NONFINITE;
    }
    if (frames < 0 || frames > SILK_LAB_MAX_FRAMES || step < 1 || step > SILK_MAX_RELAX_PASSES)
    {
        return SILK_ERR_RANGE;
    }
    /* bounded by work, not frames: a frame's cost is its passes over the world */
    const uint64_t elements = (uint64_t)silk_world_particle_count(world) +
                              (uint64_t)silk_world_constraint_count(world) + 1;
    if ((uint64_t)frames * ((uint64_t)step + 1) * elements > (uint64_t)SILK_LAB_MAX_PASSES)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "frames",
                                       "times (step + 1) times (particles + constraints + 1) "
                                       "must be <= SILK_LAB_MAX_PASSES");
    }
    for (int32_t f = 0; f < frames; ++f)
    {
        if (silk_world_get_auto_crawl(world))
        {
            silk_world_spider_tick(world, NULL); /* SILK_ERR_STATE without a spider: no crawl */
        }
        silk_world_frame(world, step);
    }
    return silk_world_update_diagnostics(world, center);
}

silk_status silk_step_sweep(const silk_world_def* world_def, const silk_scene_def* scene,
                            int32_t frames, int32_t count, silk_sweep_row* out_rows)
{
    if (world_def == NULL || scene == NULL || out_rows == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (count < 1 || count > SILK_SWEEP_MAX_COUNT)
    {
        return SILK_ERR_RANGE;
    }
    for (int32_t step = 1; step <= count; ++step)
    {
        silk_world* world = NULL;
        silk_status status = silk_world_create(world_def, &world);
        if (status == SILK_OK)
        {
            status = silk_world_build_scene(world, scene);
        }
        if (status == SILK_OK && step == 1)
        {
            /* the whole sweep's work, known once the scene is built (every row is the same
               scene): frames x sum over steps of (step + 1) x elements, as run_frames counts */
            const uint64_t elements = (uint64_t)silk_world_particle_count(world) +
                                      (uint64_t)silk_world_constraint_count(world) + 1;
            const uint64_t passes = (uint64_t)count * ((uint64_t)count + 3) / 2;
            if (frames < 0 || (uint64_t)frames * passes * elements > (uint64_t)SILK_LAB_MAX_PASSES)
            {
                status = SILK_ERR_RANGE;
            }
        }
        if (status == SILK_OK)
        {
            silk_vec2 size = silk_world_get_size(world);
            silk_vec2 center = {size.x / 2, size.y / 2};
            status = silk_world_run_frames(world, frames, step, center);
        }
        if (status != SILK_OK)
        {
            silk_world_destroy(world);
            return status;
        }
        const double* v = silk_world_diagnostics(world)->values;
        silk_sweep_row* row = &out_rows[step - 1];
        row->step = step;
        row->k_effective = v[SILK_DIAG_K_EFFECTIVE];
        row->stability_margin = v[SILK_DIAG_STABILITY_MARGIN];
        row->verdict = (silk_verdict)v[SILK_DIAG_VERDICT];
        row->bounding_radius = v[SILK_DIAG_BOUNDING_RADIUS];
        row->nan_count = v[SILK_DIAG_NAN_COUNT];
        row->exploded = v[SILK_DIAG_EXPLODED] != 0.0;
        silk_world_destroy(world);
    }
    return SILK_OK;
}
