/* test_stepper.c -- the accumulator counts exactly: N advances of 1/Hz seconds give exactly
   N * 60 / Hz steps of 1/60 s at every common display rate, for ten simulated minutes, where a
   double accumulator drifts (144 advances of 1/144 s give 59 steps with one). */
#include "check.h"
#include "silk_extras.h"

static int64_t run(double hz, int64_t frames)
{
    silk_stepper_def def = silk_default_stepper_def();
    def.max_steps_per_frame = 1000;
    silk_stepper s;
    silk_stepper_init(&s, &def);
    int64_t steps = 0;
    for (int64_t i = 0; i < frames; ++i)
    {
        silk_advance_result out;
        silk_stepper_advance(&s, 1.0 / hz, NULL, NULL, &out);
        steps += out.steps;
        CHECK(out.alpha >= 0.0 && out.alpha < 1.0);
    }
    return steps;
}

static int64_t run_double_accumulator(double hz, int64_t frames)
{
    double acc = 0.0, step = 1.0 / 60.0;
    int64_t steps = 0;
    for (int64_t i = 0; i < frames; ++i)
    {
        acc += 1.0 / hz;
        while (acc >= step)
        {
            acc -= step;
            steps += 1;
        }
    }
    return steps;
}

/* Found by the API fuzzer (seed 11): a frame the clamp cuts leaves an empty accumulator with a
   carry of -1/2 tick, and a following advance(0) rounded -1/2 to -1: a negative accumulator
   (alpha < 0) whose snapshot the world's own restore refused. */
static void test_half_tick_carry(void)
{
    const double T = (double)SILK_TICKS_PER_STEP;
    silk_stepper_def def = silk_default_stepper_def();
    def.max_steps_per_frame = 1;
    silk_stepper s;
    CHECK_EQ_INT(silk_stepper_init(&s, &def), SILK_OK);
    silk_advance_result out;
    /* 2.5 ticks past three steps (exactly representable in the stepper's arithmetic): rounds to
       3 ticks (carry -0.5), runs one step, drops the rest */
    double dt = (3.0 * T + 2.5) / T * def.step_seconds;
    CHECK_EQ_INT(silk_stepper_advance(&s, dt, NULL, NULL, &out), SILK_OK);
    CHECK_EQ_INT(out.steps, 1);
    CHECK(out.alpha == 0.0);
    CHECK_EQ_INT(silk_stepper_advance(&s, 0.0, NULL, NULL, &out), SILK_OK);
    CHECK(out.alpha >= 0.0 && out.alpha < 1.0);
    CHECK(out.accumulator_seconds >= 0.0);
    /* the half tick is not lost: the next half tick completes it */
    CHECK_EQ_INT(silk_stepper_advance(&s, 0.5 / T * def.step_seconds, NULL, NULL, &out), SILK_OK);
    CHECK(out.alpha >= 0.0 && out.alpha < 1.0);
}

int main(void)
{
    test_half_tick_carry();
    CHECK_EQ_INT(run(120, 120), 60);
    CHECK_EQ_INT(run(144, 144), 60);
    CHECK(run_double_accumulator(144, 144) == 59); /* why ticks: the double sum falls short */
    const double rates[] = {30, 50, 60, 75, 90, 100, 120, 144, 165, 240};
    for (int i = 0; i < (int)(sizeof(rates) / sizeof(rates[0])); ++i)
    {
        for (int64_t seconds = 1; seconds <= 600; seconds *= 5)
        {
            int64_t frames = (int64_t)rates[i] * seconds;
            CHECK_EQ_INT(run(rates[i], frames), 60 * seconds);
        }
    }
    /* A rate that is no divisor-friendly fraction of 60 Hz (59.94 Hz NTSC): after 10 minutes the
       step count is the exact floor of elapsed/step, not off by rounding drift. */
    int64_t frames = 35964; /* 600 s at 59.94 Hz */
    CHECK_EQ_INT(run(59.94, frames), (int64_t)(frames / 59.94 * 60.0 + 1e-9));
    return check_report("stepper");
}
