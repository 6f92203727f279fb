/* runs.c -- silent runs (silk_world_run_frames) and the step sweep, for experiments and the
   page's diagnostic buttons. Named for what it does: "lab" is the timing lab and the seed
   experiments (lab/, web/labs/). */
#include "build.h"

/* The elements one pass of a silent run is counted over (silk_extras.h, SILK_LAB_MAX_PASSES):
   particles + constraints + SILK_REPLAY_ANGLE_EXTRA per angle (its trigonometry costs about
   that many distance passes) + the grips the crawl may still add + 1. The grips are counted
   before they exist, so the bound a run is admitted under holds until its last frame: the
   crawl adds constraints as it runs (a web run admitted at 994 frames of 4096 passes was
   refused at 995 with "at most 979" after it, and took 21 s). */
static uint64_t work_elements(const silk_world* world)
{
    const int32_t constraints = silk_world_constraint_count(world);
    const uint8_t* kind = silk_world_constraint_kinds(world);
    uint64_t angles = 0;
    for (int32_t j = 0; j < constraints; ++j)
    {
        angles += kind[j] == SILK_ANGLE;
    }
    return (uint64_t)silk_world_particle_count(world) + (uint64_t)constraints +
           SILK_REPLAY_ANGLE_EXTRA * angles + (uint64_t)silk_spider_grip_room(world) + 1;
}

silk_status silk_world_work_elements(const silk_world* world, int32_t* out_elements)
{
    if (world == NULL || out_elements == NULL)
    {
        return SILK_ERR_NULL;
    }
    const uint64_t elements = work_elements(world);
    *out_elements = elements > INT32_MAX ? INT32_MAX : (int32_t)elements;
    return SILK_OK;
}

silk_status silk_world_run_frames_max(const silk_world* world, int32_t step, int32_t* out_frames)
{
    if (world == NULL || out_frames == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (step < 1 || step > SILK_MAX_RELAX_PASSES)
    {
        return SILK_ERR_RANGE;
    }
    const uint64_t most =
        (uint64_t)SILK_LAB_MAX_PASSES / (((uint64_t)step + 1) * work_elements(world));
    *out_frames = most > SILK_LAB_MAX_FRAMES ? SILK_LAB_MAX_FRAMES : (int32_t)most;
    return SILK_OK;
}

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
    if ((uint64_t)frames * ((uint64_t)step + 1) * work_elements(world) >
        (uint64_t)SILK_LAB_MAX_PASSES)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "frames",
                                       "must be at most silk_world_run_frames_max (work: frames x "
                                       "(step + 1) x elements <= SILK_LAB_MAX_PASSES)");
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
            const uint64_t passes = (uint64_t)count * ((uint64_t)count + 3) / 2;
            if (frames < 0 ||
                (uint64_t)frames * passes * work_elements(world) > (uint64_t)SILK_LAB_MAX_PASSES)
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

silk_status silk_step_sweep_max_frames(const silk_world_def* world_def, const silk_scene_def* scene,
                                       int32_t count, int32_t* out_frames)
{
    if (world_def == NULL || scene == NULL || out_frames == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (count < 1 || count > SILK_SWEEP_MAX_COUNT)
    {
        return SILK_ERR_RANGE;
    }
    silk_world* world = NULL;
    silk_status status = silk_world_create(world_def, &world);
    if (status == SILK_OK)
    {
        status = silk_world_build_scene(world, scene);
    }
    if (status == SILK_OK)
    {
        /* every row is the same scene: frames x sum over steps of (step + 1) x elements */
        const uint64_t passes = (uint64_t)count * ((uint64_t)count + 3) / 2;
        const uint64_t most = (uint64_t)SILK_LAB_MAX_PASSES / (passes * work_elements(world));
        *out_frames = most > INT32_MAX ? INT32_MAX : (int32_t)most;
    }
    silk_world_destroy(world);
    return status;
}
