/* stepper.c -- the fixed-step accumulator (seed 002's FixedStepLoop, in integer ticks).

   Wall-clock frames arrive unevenly (16.6, 33, 8 ms ...). Physics must advance in equal
   steps, so the accumulator collects wall time and pays it out one step at a time; the
   remainder becomes alpha, the render interpolation weight, in [0, 1). A frame that would
   need more than max_steps_per_frame steps drops its whole remainder instead: otherwise a
   slow step makes the next frame longer, which needs more steps, which makes the frame after
   longer still -- the spiral of death (1 -> 2 -> 4 -> 8 ...).

   Why ticks and not a double accumulator: see SILK_TICKS_PER_STEP in silk.h. */
#include "drag.h"
#include "extension.h"
#include "health.h"
#include "record.h"
#include "stepper.h"
#include "validate.h"
#include "work.h"
#include "world.h"

#include <math.h>

silk_status silk_stepper_init(silk_stepper* stepper, const silk_stepper_def* def)
{
    if (stepper == NULL)
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_check_stepper_def(def, NULL);
    if (status != SILK_OK)
    {
        return status;
    }
    stepper->accumulator_ticks = 0;
    stepper->tick_carry = 0.0;
    stepper->step_seconds = def->step_seconds;
    stepper->max_steps_per_frame = def->max_steps_per_frame;
    return SILK_OK;
}

void silk_stepper_reset(silk_stepper* stepper)
{
    if (stepper != NULL)
    {
        stepper->accumulator_ticks = 0;
        stepper->tick_carry = 0.0;
    }
}

/* A stepper is a public value type, so advance checks what init would have set: a zeroed or
   corrupted one would divide by a zero step (dropping everything as "OK"), hand NaN to
   llround, or, with max_steps_per_frame <= 0, never reach its clamp. */
static bool stepper_is_ready(const silk_stepper* stepper)
{
    return silk_check_step_seconds(stepper->step_seconds) == SILK_OK &&
           stepper->max_steps_per_frame >= 1 && stepper->accumulator_ticks >= 0 &&
           stepper->accumulator_ticks < SILK_TICKS_PER_STEP && isfinite(stepper->tick_carry) &&
           fabs(stepper->tick_carry) <= 0.5;
}

/* A time from now (>= 0, finite) in whole ticks, as advance converts its dt: `exact` gets
   the unrounded count, whose remainder advance carries into the next call. */
static int64_t seconds_to_ticks(const silk_stepper* stepper, double seconds, double* exact)
{
    /* dt in steps; anything past a billion steps is certainly dropped by the clamp, and
       capping it keeps the tick count far inside int64. */
    double in_steps = seconds / stepper->step_seconds;
    if (in_steps > 1e9)
    {
        in_steps = 1e9;
    }
    /* Round the running total, not each dt: the remainder rides along to the next call. At
       realistic dts (< 1e4 steps) the subtraction below is exact. */
    *exact = in_steps * (double)SILK_TICKS_PER_STEP + stepper->tick_carry;
    int64_t ticks = llround(*exact);
    if (ticks < 0)
    {
        /* exact = -0.5 (a carry of -0.5 and dt = 0): llround rounds half away from zero, to
           -1, which would take an empty accumulator below zero. Keep the half in the carry. */
        ticks = 0;
    }
    return ticks;
}

static double ticks_to_seconds(const silk_stepper* stepper, int64_t ticks)
{
    return (double)ticks / (double)SILK_TICKS_PER_STEP * stepper->step_seconds;
}

static silk_status advance_clamped(silk_stepper* stepper, double dt_seconds, int32_t clamp,
                                   silk_step_fn* on_step, void* context,
                                   silk_advance_result* out_result);

silk_status silk_stepper_advance(silk_stepper* stepper, double dt_seconds, silk_step_fn* on_step,
                                 void* context, silk_advance_result* out_result)
{
    if (stepper == NULL)
    {
        return SILK_ERR_NULL;
    }
    return advance_clamped(stepper, dt_seconds, stepper->max_steps_per_frame, on_step, context,
                           out_result);
}

/* advance with the clamp at `clamp` steps (the world's may be lower than max_steps_per_frame:
   its work bound). */
static silk_status advance_clamped(silk_stepper* stepper, double dt_seconds, int32_t clamp,
                                   silk_step_fn* on_step, void* context,
                                   silk_advance_result* out_result)
{
    if (stepper == NULL || out_result == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!stepper_is_ready(stepper))
    {
        return SILK_ERR_STATE;
    }
    if (isnan(dt_seconds) || isinf(dt_seconds))
    {
        return SILK_ERR_NONFINITE;
    }
    if (dt_seconds < 0.0)
    {
        return SILK_ERR_RANGE;
    }
    double exact = 0.0;
    int64_t ticks = seconds_to_ticks(stepper, dt_seconds, &exact);
    stepper->tick_carry = exact - (double)ticks;
    if (!(fabs(stepper->tick_carry) <= 0.5))
    {
        stepper->tick_carry = 0.0; /* a dt of ~1e9 steps: its sub-tick remainder is noise */
    }
    stepper->accumulator_ticks += ticks;

    int32_t steps = 0;
    while (stepper->accumulator_ticks >= SILK_TICKS_PER_STEP)
    {
        if (steps == clamp)
        {
            /* The clamp: this frame cannot catch up, so its remainder is dropped whole. */
            out_result->steps = steps;
            out_result->alpha = 0.0;
            out_result->dropped_seconds = ticks_to_seconds(stepper, stepper->accumulator_ticks);
            out_result->accumulator_seconds = 0.0;
            stepper->accumulator_ticks = 0;
            return SILK_OK;
        }
        stepper->accumulator_ticks -= SILK_TICKS_PER_STEP;
        steps += 1;
        if (on_step != NULL)
        {
            on_step(context, stepper->step_seconds);
        }
    }
    out_result->steps = steps;
    out_result->alpha = (double)stepper->accumulator_ticks / (double)SILK_TICKS_PER_STEP;
    out_result->dropped_seconds = 0.0;
    out_result->accumulator_seconds = ticks_to_seconds(stepper, stepper->accumulator_ticks);
    return SILK_OK;
}

double silk_interpolate(double prev, double cur, double alpha)
{
    return prev + (cur - prev) * alpha;
}

/* ---- the world's clock ----------------------------------------------------------------- */

silk_status silk_world_set_stepper(silk_world* world, const silk_stepper_def* def)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_stepper fresh;
    silk_status status = silk_check_stepper_def(def, &world->last_error);
    if (status == SILK_OK)
    {
        status = silk_stepper_init(&fresh, def);
    }
    if (status == SILK_OK)
    {
        world->stepper = fresh;
    }
    return status;
}

silk_status silk_world_set_loop_mode(silk_world* world, silk_loop_mode mode)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (mode != SILK_LOOP_FIXED && mode != SILK_LOOP_COUPLED)
    {
        return SILK_ERR_RANGE;
    }
    world->loop_mode = mode;
    silk_stepper_reset(&world->stepper);
    return SILK_OK;
}

silk_loop_mode silk_world_get_loop_mode(const silk_world* world)
{
    return silk_is_world(world) ? world->loop_mode : SILK_LOOP_FIXED;
}

void silk_world_reset_clock(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return;
    }
    silk_stepper_reset(&world->stepper);
    world->total_steps = 0;
    world->last_advance = (silk_advance_result){0, 0.0, 0.0, 0.0};
}

/* One simulation step as the page runs it: the extension's rule (the extras' crawl), then the
   selected solver (compat: frame(relax_passes); robust: h seconds), then the watchdog. Replay runs
   exactly this, so a recording and its replay take the same path. */
silk_status silk_world_step(silk_world* world, double h)
{
    silk_status status = SILK_OK;
    if (world->record.active && !silk_record_affords_step(world))
    {
        silk_record_stop(world); /* this step would take its replay past the work bound */
    }
    if (world->record.playing)
    {
        h = silk_play_before_step(world); /* the recording's inputs and step length */
    }
    silk_extension_before_step(world); /* content's per-step rule (silk_extras: crawl) */
    if (world->solver == SILK_SOLVER_ROBUST)
    {
        /* fails only if storage grew since the call began (its entry point reserved) */
        status = silk_robust_step(world, h);
    }
    else
    {
        silk_compat_frame(world, world->relax_passes);
    }
    silk_count(&world->total_steps);
    silk_watchdog_after_step(world, h);
    if (world->record.active)
    {
        world->record.steps += 1;
        if (world->record.steps >= silk_record_step_limit(world))
        {
            silk_record_stop(world); /* the format's limit: the recording ends there */
        }
    }
    if (world->record.playing)
    {
        silk_play_after_step(world);
    }
    return status;
}

/* The robust solver sizes its scratch when it prepares. A call that runs steps asks it to do
   so first, before it changes anything, so that running out of memory is reported with the
   world untouched -- also when a replay in progress may switch to the robust solver. */
silk_status silk_world_check_step_work(silk_world* world)
{
    if (silk_step_is_lightest(world) || silk_step_work(world) <= (uint64_t)SILK_CALL_MAX_PASSES)
    {
        return SILK_OK;
    }
    const bool robust = world->solver == SILK_SOLVER_ROBUST;
    return silk_world_report_error(world, SILK_ERR_RANGE, robust ? "robust" : "relax_passes",
                                   "one step of this world must be at most SILK_CALL_MAX_PASSES "
                                   "element passes (silk_world_step_work)");
}

/* The steps one advance may run: max_steps_per_frame, or fewer when the world is so heavy
   that they would pass SILK_CALL_MAX_PASSES (work.c). */
static int32_t step_clamp(const silk_world* world)
{
    const int64_t most = silk_steps_within_call(silk_step_work(world));
    const int32_t clamp = world->stepper.max_steps_per_frame;
    if (most >= clamp)
    {
        return clamp;
    }
    return most > 1 ? (int32_t)most : 1;
}

silk_status silk_world_reserve_for_steps(silk_world* world)
{
    if (world->solver == SILK_SOLVER_ROBUST || world->record.playing)
    {
        /* a replay's events may turn the chain solve on */
        return silk_robust_reserve(world, world->robust.def.chains || world->record.playing);
    }
    return SILK_OK;
}

typedef struct fixed_steps
{
    silk_world* world;
    silk_status status; /* the first failed step's */
} fixed_steps;

/* ---- queued pointer samples (silk_world_queue_pointer) -------------------------------------

   advance converts each sample's time to ticks from the start of its dt exactly as it
   converts the dt, so a sample at time dt lands on the frame's last tick. Step k of the
   call ends at (k + 1) * SILK_TICKS_PER_STEP - accumulator ticks at the start; before it
   runs, the drag takes the newest sample at or before that end. */

static void pointer_prepare(silk_world* world)
{
    silk_drag_state* drag = &world->drag;
    double exact = 0.0;
    for (int32_t k = 0; k < drag->queue_count; ++k)
    {
        drag->queue_ticks[k] = seconds_to_ticks(&world->stepper, drag->queue_time[k], &exact);
    }
    drag->queue_step_end = -world->stepper.accumulator_ticks;
}

/* Before a fixed step: the samples due by its end. */
static void pointer_before_step(silk_world* world)
{
    silk_drag_state* drag = &world->drag;
    if (drag->queue_count == 0)
    {
        return;
    }
    drag->queue_step_end += SILK_TICKS_PER_STEP;
    int32_t due = 0;
    while (due < drag->queue_count && drag->queue_ticks[due] <= drag->queue_step_end)
    {
        due += 1;
    }
    silk_drag_take_queued(world, due);
}

static void fixed_step(void* context, double step_seconds)
{
    fixed_steps* run = context;
    silk_world* world = run->world;
    pointer_before_step(world);
    int32_t n = world->particle_count;
    for (int32_t i = 0; i < n; ++i)
    {
        world->prev[i] = world->pos[i];
    }
    silk_status status = silk_world_step(world, step_seconds);
    run->status = run->status == SILK_OK ? status : run->status;
}

/* Coupled: one step per call. Compat's frame has no length; the robust step is the call's dt
   (at most max_step_seconds; a dt of 0 runs nothing). */
static int32_t coupled_step(silk_world* world, double dt_seconds, silk_status* out_status)
{
    double h = world->stepper.step_seconds;
    if (world->solver == SILK_SOLVER_ROBUST)
    {
        h = dt_seconds < world->robust.def.max_step_seconds ? dt_seconds
                                                            : world->robust.def.max_step_seconds;
        if (h < SILK_MIN_STEP_SECONDS)
        {
            return 0; /* a dt of 0 (or below the step range) runs nothing */
        }
        silk_record_input(world, SILK_EVENT_STEP_SECONDS, 0, h, 0.0);
    }
    *out_status = silk_world_step(world, h);
    return 1;
}

static void store_advance(silk_world* world, const silk_advance_result* result)
{
    world->last_advance = *result;
    double* v = world->diagnostics.values;
    v[SILK_DIAG_ADVANCE_STEPS] = result->steps;
    v[SILK_DIAG_ADVANCE_ALPHA] = result->alpha;
    v[SILK_DIAG_ADVANCE_DROPPED] = result->dropped_seconds;
    v[SILK_DIAG_ACCUMULATOR] = result->accumulator_seconds;
    v[SILK_DIAG_TOTAL_STEPS] = (double)world->total_steps;
    v[SILK_DIAG_SIM_SECONDS] = (double)world->total_steps * world->stepper.step_seconds;
    v[SILK_DIAG_FRAME_COUNT] = (double)world->frame_count;
    v[SILK_DIAG_LOOP_MODE] = world->loop_mode;
    silk_diagnostics_store_health(world);
}

silk_status silk_world_advance(silk_world* world, double dt_seconds,
                               silk_advance_result* out_result)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_advance_result result = {0, 0.0, 0.0, 0.0};
    silk_status step_status = SILK_OK;
    if (world->loop_mode == SILK_LOOP_COUPLED)
    {
        if (isnan(dt_seconds) || isinf(dt_seconds))
        {
            return SILK_ERR_NONFINITE;
        }
        if (dt_seconds < 0.0)
        {
            return SILK_ERR_RANGE;
        }
        silk_status status = silk_world_check_step_work(world);
        if (status == SILK_OK)
        {
            status = silk_world_reserve_for_steps(world);
        }
        if (status != SILK_OK)
        {
            return status;
        }
        silk_drag_take_queued(world, world->drag.queue_count); /* one step takes them all */
        result.steps = coupled_step(world, dt_seconds, &step_status);
        int32_t n = world->particle_count;
        for (int32_t i = 0; i < n; ++i)
        {
            world->prev[i] = world->pos[i];
        }
    }
    else
    {
        /* reserved before the stepper is touched; a bad dt is the stepper's to report (it
           runs no step then) */
        silk_status status =
            isfinite(dt_seconds) && dt_seconds >= 0.0 ? silk_world_check_step_work(world) : SILK_OK;
        if (status == SILK_OK && isfinite(dt_seconds) && dt_seconds >= 0.0)
        {
            status = silk_world_reserve_for_steps(world);
        }
        if (status != SILK_OK)
        {
            return status;
        }
        pointer_prepare(world);
        fixed_steps run = {world, SILK_OK};
        status = advance_clamped(&world->stepper, dt_seconds, step_clamp(world), fixed_step, &run,
                                 &result);
        if (status != SILK_OK)
        {
            return status;
        }
        step_status = run.status;
        /* past the last step's end: the drag holds the newest sample for the next step */
        silk_drag_take_queued(world, world->drag.queue_count);
    }
    store_advance(world, &result);
    if (out_result != NULL)
    {
        *out_result = result;
    }
    return step_status;
}
