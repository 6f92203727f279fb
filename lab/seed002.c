/* seed002.c -- seed 002's seven FixedStepLoop cases, run against silk_stepper.

   The seed's loop keeps a double accumulator; Silk's counts integer ticks (silk.h explains
   why), so where floating-point drift shaped one of the seed's printed numbers the row says so
   and asserts the exact law instead. */
#include "lab.h"

#include <math.h>
#include <stdio.h>

#define STEP (1.0 / 60.0)

static silk_stepper make_stepper(int32_t max_steps)
{
    silk_stepper_def def = silk_default_stepper_def();
    def.step_seconds = STEP;
    def.max_steps_per_frame = max_steps;
    silk_stepper stepper;
    silk_stepper_init(&stepper, &def);
    return stepper;
}

/* 1. Uneven 16.6 / 33 / 8 ms frames: alpha in [0, 1), nothing dropped, and the step count is
   exactly floor(total / step). */
static void uneven_frames(lab_report* r)
{
    silk_stepper s = make_stepper(8);
    const double ms[3] = {16.6, 33.0, 8.0};
    long steps = 0;
    double total_ms = 0.0;
    bool alpha_ok = true, none_dropped = true;
    for (int i = 0; i < 90; ++i)
    {
        silk_advance_result out;
        silk_stepper_advance(&s, ms[i % 3] / 1000.0, NULL, NULL, &out);
        alpha_ok = alpha_ok && out.alpha >= 0.0 && out.alpha < 1.0;
        none_dropped = none_dropped && out.dropped_seconds == 0.0;
        steps += out.steps;
        total_ms += ms[i % 3];
    }
    double expected = floor(total_ms / 1000.0 / STEP);
    lab_add_row(r, "steps over 90 frames", expected, (double)steps, steps == (long)expected,
                "floor(T/h) = %.0f", "%.0f");
    lab_add_row(r, "alpha in [0,1) every frame", 1, alpha_ok, alpha_ok, "%.0f", "%.0f");
    lab_add_row(r, "dropped time", 0, none_dropped ? 0 : 1, none_dropped, "%.0f s", "%.0f s");
}

/* 2. 16.6 ms is less than one step: it only accumulates. */
static void under_one_step(lab_report* r)
{
    silk_stepper s = make_stepper(8);
    silk_advance_result out;
    silk_stepper_advance(&s, 0.0166, NULL, NULL, &out);
    double alpha = 0.0166 / STEP;
    lab_add_row(r, "steps", 0, out.steps, out.steps == 0, "%.0f", "%.0f");
    lab_add_row(r, "alpha", alpha, out.alpha, fabs(out.alpha - alpha) < 1e-6, "%.6f", "%.6f");
}

typedef struct step_log
{
    int count;
    double seen[8];
} step_log;

static void log_step(void* context, double step_seconds)
{
    step_log* log = context;
    if (log->count < 8)
    {
        log->seen[log->count] = step_seconds;
    }
    log->count += 1;
}

/* 3. 50 ms gives three steps, each reported with the step length. */
static void on_step_per_step(lab_report* r)
{
    silk_stepper s = make_stepper(8);
    step_log log = {0};
    silk_advance_result out;
    silk_stepper_advance(&s, 0.050, log_step, &log, &out);
    bool each = log.count == 3 && log.seen[0] == STEP && log.seen[1] == STEP && log.seen[2] == STEP;
    lab_add_row(r, "steps for 50 ms", 3, out.steps, out.steps == 3, "%.0f", "%.0f");
    lab_add_row(r, "callbacks, each h", 3, log.count, each, "%.0f x 1/60", "%.0f");
}

/* 4. Interpolation lies between the two states. */
static void interpolation(lab_report* r)
{
    double a = silk_interpolate(10, 20, 0.0);
    double b = silk_interpolate(10, 20, 0.5);
    double c = silk_interpolate(10, 20, 0.99);
    lab_add_row(r, "alpha 0", 10, a, a == 10, "%.6g", "%.6g");
    lab_add_row(r, "alpha 0.5", 15, b, b == 15, "%.6g", "%.6g");
    lab_add_row(r, "alpha 0.99", 19.9, c, fabs(c - 19.9) < 1e-6, "%.6g", "%.6g");
}

/* 5. A 1 s stall with max 5 steps: 5 steps, the rest dropped, alpha 0. */
static void clamp(lab_report* r)
{
    silk_stepper s = make_stepper(5);
    silk_advance_result out;
    silk_stepper_advance(&s, 1.0, NULL, NULL, &out);
    double dropped = 1.0 - 5 * STEP;
    lab_add_row(r, "steps", 5, out.steps, out.steps == 5, "%.0f", "%.0f");
    lab_add_row(r, "dropped seconds", dropped, out.dropped_seconds,
                fabs(out.dropped_seconds - dropped) < 1e-9, "%.6f", "%.6f");
    lab_add_row(r, "alpha", 0, out.alpha, out.alpha == 0.0, "%.0f", "%.0f");
}

/* 6. The spiral: each step costs 2 h of wall time, so the next frame is twice as long. */
static void spiral(lab_report* r)
{
    silk_stepper s = make_stepper(1000000);
    double elapsed = STEP;
    int max_steps = 0;
    bool doubling = true;
    int expected = 1;
    for (int i = 0; i < 40; ++i)
    {
        silk_advance_result out;
        silk_stepper_advance(&s, elapsed, NULL, NULL, &out);
        if (i < 12)
        {
            doubling = doubling && out.steps == expected;
            expected *= 2;
        }
        max_steps = out.steps > max_steps ? out.steps : max_steps;
        elapsed = out.steps * (2 * STEP);
    }
    lab_add_row(r, "frames 1..12 double exactly", 1, doubling, doubling, "1->2->4->...->2048",
                doubling ? "yes" : "no");
    lab_add_row(r, "max steps in 40 frames", 1000, max_steps, max_steps > 1000, "> %.0f", "%.0f");
    lab_note(r, "The seed prints 1 2 4 8 16 32 63 127 ...: its double accumulator loses a step to "
                "rounding at 64. Silk counts integer ticks, so the doubling is exact.");
}

/* 7. The same feedback with max 5 steps stays bounded and drops time. */
static void clamped_spiral(lab_report* r)
{
    silk_stepper s = make_stepper(5);
    double elapsed = STEP;
    int max_steps = 0;
    double dropped = 0.0;
    for (int i = 0; i < 1000; ++i)
    {
        silk_advance_result out;
        silk_stepper_advance(&s, elapsed, NULL, NULL, &out);
        max_steps = out.steps > max_steps ? out.steps : max_steps;
        dropped += out.dropped_seconds;
        elapsed = out.steps * (2 * STEP);
    }
    /* frames: 1, 2, 4, then 8 (5 run, 3 dropped), then 996 x 10 (5 run, 5 dropped) */
    double expected = (3 + 996 * 5) * STEP;
    lab_add_row(r, "max steps per frame", 5, max_steps, max_steps <= 5, "<= %.0f", "%.0f");
    lab_add_row(r, "dropped seconds", expected, dropped, fabs(dropped - expected) < 1e-6, "%.2f s",
                "%.2f s");
}

static const lab_experiment experiments[] = {
    {"seed002.1", "uneven dt: steps = floor(T/h), alpha in [0,1)", uneven_frames},
    {"seed002.2", "less than one step only accumulates", under_one_step},
    {"seed002.3", "on_step runs once per step with h", on_step_per_step},
    {"seed002.4", "interpolation between states", interpolation},
    {"seed002.5", "max_steps_per_frame clamps and drops", clamp},
    {"seed002.6", "spiral of death doubles without a clamp", spiral},
    {"seed002.7", "clamped spiral stays bounded", clamped_spiral},
};

const lab_experiment* lab_seed002_experiments(int* out_count)
{
    *out_count = (int)(sizeof(experiments) / sizeof(experiments[0]));
    return experiments;
}
