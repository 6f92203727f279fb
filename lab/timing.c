/* timing.c -- the timing lab's laws (?scene=coupling and ?scene=spiral), on the spider page and
   on silk_stepper, at every display clock the page offers:

       rates     30, 60, 120, 144, 240 Hz      one frame of exactly 1/Hz
       pattern   16.6, 33, 8 ms, repeating      seed 002's uneven frames
       random    (1/60)(1 +- 0.3 u)             u uniform from SplitMix64 (seed 1)
       stall     one frame of 1 s

   What seed000.11 already asserts (the free fall takes 84 frames; coupled at 60/120/144 Hz it
   takes N/Hz, the accumulator N/60) is not repeated; these rows add the other clocks, the step
   count per simulated second, the state hash under two jittered clocks, the stall, and the
   spiral's growth for any per-step cost (seed002.6/7 cover a cost of exactly 2 steps). */
#include "lab.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define STEP (1.0 / 60.0)

static const char* labelf(char* buf, const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(buf, 48, fmt, args);
    va_end(args);
    return buf;
}

/* ---- clocks -------------------------------------------------------------------------------- */

typedef enum clock_kind
{
    CLOCK_RATE,
    CLOCK_PATTERN,
    CLOCK_RANDOM,
} clock_kind;

typedef struct clock
{
    clock_kind kind;
    double hz;
    int frame;
    silk_rng rng;
} clock;

static clock make_clock(clock_kind kind, double hz)
{
    clock c = {kind, hz, 0, silk_rng_make(1)};
    return c;
}

static double next_dt(clock* c)
{
    static const double pattern[3] = {0.0166, 0.033, 0.008};
    double dt = c->kind == CLOCK_RATE ? 1.0 / c->hz
                : c->kind == CLOCK_PATTERN
                    ? pattern[c->frame % 3]
                    : STEP * (1.0 + 0.3 * (2.0 * silk_rng_next_double(&c->rng) - 1.0));
    c->frame += 1;
    return dt;
}

static const char* clock_name(const clock* c, char* buf)
{
    if (c->kind == CLOCK_RATE)
    {
        return labelf(buf, "%.0f Hz", c->hz);
    }
    return c->kind == CLOCK_PATTERN ? "16.6/33/8 ms" : "60 Hz +-30%";
}

/* ---- the page ------------------------------------------------------------------------------ */

static silk_world* make_page(silk_loop_mode mode, bool crawl)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    silk_world_create(&def, &w);
    silk_scene_def scene = silk_default_scene_def();
    silk_world_build_scene(w, &scene);
    silk_world_set_auto_crawl(w, crawl);
    silk_world_set_loop_mode(w, mode);
    return w;
}

static double thorax_y(const silk_world* w)
{
    silk_spider_info info;
    silk_world_spider_info(w, &info);
    silk_vec2 p = {0, 0};
    silk_world_get_position(w, info.thorax, &p);
    return p.y;
}

/* Wall seconds until the thorax reaches the web's centre line (y 250), free fall (no crawl);
   out_frames: display frames, out_steps: fixed steps run. */
typedef struct fall_run
{
    double wall;   /* s, at the end of the frame that first showed it */
    int frames;    /* display frames */
    int steps;     /* fixed steps run by then */
    int before;    /* fixed steps run before that frame */
    double max_dt; /* longest frame */
} fall_run;

static fall_run fall(silk_loop_mode mode, clock c)
{
    silk_world* w = make_page(mode, false);
    fall_run run = {0, 0, 0, 0, 0};
    while (thorax_y(w) < 250 && run.frames < 100000)
    {
        double dt = next_dt(&c);
        silk_advance_result r;
        silk_world_advance(w, dt, &r);
        run.wall += dt;
        run.max_dt = dt > run.max_dt ? dt : run.max_dt;
        run.frames += 1;
        run.before = run.steps;
        run.steps += r.steps;
    }
    silk_world_destroy(w);
    return run;
}

/* The free fall's frame count from its closed form (seed000.11): the first N with
   g/(1-f) (N - f (1 - f^N)/(1 - f)) >= 550. */
static int free_fall_frames(void)
{
    const double g = 0.2, f = 0.99;
    for (int n = 1; n < 1000; ++n)
    {
        if (g / (1 - f) * (n - f * (1 - pow(f, n)) / (1 - f)) >= 550)
        {
            return n;
        }
    }
    return -1;
}

/* ---- 1. the fall on every clock -------------------------------------------------------------- */

static void fall_every_clock(lab_report* r)
{
    const int n = free_fall_frames();
    clock clocks[4] = {make_clock(CLOCK_RATE, 30), make_clock(CLOCK_RATE, 240),
                       make_clock(CLOCK_PATTERN, 0), make_clock(CLOCK_RANDOM, 0)};
    char label[48], name[48];
    for (int k = 0; k < 4; ++k)
    {
        /* coupled: exactly n display frames, whatever they last */
        clock c = clocks[k];
        double first_n = 0;
        for (int i = 0; i < n; ++i)
        {
            first_n += next_dt(&c);
        }
        fall_run run = fall(SILK_LOOP_COUPLED, clocks[k]);
        lab_row* row = lab_add_row(
            r, labelf(label, "coupled, %s", clock_name(&clocks[k], name)), first_n, run.wall,
            run.frames == n && fabs(run.wall - first_n) < 1e-9, "%.3f s (84 frames)", "%.3f s");
        if (row != NULL)
        {
            snprintf(row->measured, sizeof(row->measured), "%.3f s, %d frames", run.wall,
                     run.frames);
        }
        /* fixed: the 84th step of 1/60 s crosses; a frame of several steps may run past it, so
           the crossing frame is the one whose steps include step 84, at wall time >= 84/60 s
           (the accumulator pays out a step only when its time has passed) and less than one
           frame later */
        run = fall(SILK_LOOP_FIXED, clocks[k]);
        row = lab_add_row(r, labelf(label, "fixed, %s", clock_name(&clocks[k], name)), n * STEP,
                          run.wall,
                          run.before < n && run.steps >= n && run.wall >= n * STEP - 1e-9 &&
                              run.wall < n * STEP + run.max_dt + 1e-9,
                          "N/60 = %.3f s (+1 frame)", "%.3f s");
        if (row != NULL)
        {
            snprintf(row->measured, sizeof(row->measured), "%.3f s, steps %d..%d", run.wall,
                     run.before + 1, run.steps);
        }
    }
    lab_note(r, "Coupled, the fall lasts 84 display frames: N/Hz, or the sum of 84 jittered "
                "frame times. With the accumulator it lasts 84 steps of 1/60 s = 1.400 s of "
                "simulated time on every clock, displayed at the first frame after. 60/120/144 Hz: "
                "seed000.11.");
}

/* ---- 2. steps per simulated second ------------------------------------------------------------
 */

static void steps_per_second(lab_report* r)
{
    clock clocks[7] = {make_clock(CLOCK_RATE, 30),  make_clock(CLOCK_RATE, 60),
                       make_clock(CLOCK_RATE, 120), make_clock(CLOCK_RATE, 144),
                       make_clock(CLOCK_RATE, 240), make_clock(CLOCK_PATTERN, 0),
                       make_clock(CLOCK_RANDOM, 0)};
    char label[48], name[48];
    for (int k = 0; k < 7; ++k)
    {
        silk_world* fixed = make_page(SILK_LOOP_FIXED, true);
        silk_world* coupled = make_page(SILK_LOOP_COUPLED, true);
        clock c = clocks[k];
        double wall = 0;
        int frames = 0;
        long steps_fixed = 0, steps_coupled = 0;
        while (wall < 10.0 - 1e-9)
        {
            double dt = next_dt(&c);
            silk_advance_result a, b;
            silk_world_advance(fixed, dt, &a);
            silk_world_advance(coupled, dt, &b);
            steps_fixed += a.steps;
            steps_coupled += b.steps;
            wall += dt;
            frames += 1;
        }
        silk_world_destroy(fixed);
        silk_world_destroy(coupled);
        double expected = floor(wall / STEP + 1e-6);
        lab_row* row = lab_add_row(
            r, labelf(label, "%s, %.3f s", clock_name(&clocks[k], name), wall), expected,
            (double)steps_fixed, steps_fixed == (long)expected && steps_coupled == frames,
            "fixed floor(T*60) = %.0f", "%.0f");
        if (row != NULL)
        {
            snprintf(row->measured, sizeof(row->measured), "fixed %ld, coupled %ld (= frames)",
                     steps_fixed, steps_coupled);
        }
    }
    lab_note(r, "The accumulator runs 60 steps per second of wall time on every clock; coupled "
                "runs one per display frame, so its simulated time (frames / 60) runs at Hz/60 "
                "of real time.");
}

/* ---- 3. the state hash under two jittered clocks ----------------------------------------------
 */

/* A: seed 002's 16.6/33/8 ms pattern, 156 frames. B: 150 frames of 60 Hz +-30 %, rescaled to
   A's total: the same wall time in a different number of frames of different lengths. */
#define SEQ_A 156
#define SEQ_B 150

static void sequences(double* a, double* b, double* out_total_a, double* out_total_b)
{
    clock ca = make_clock(CLOCK_PATTERN, 0), cb = make_clock(CLOCK_RANDOM, 0);
    double ta = 0, tb = 0;
    for (int i = 0; i < SEQ_A; ++i)
    {
        a[i] = next_dt(&ca);
        ta += a[i];
    }
    for (int i = 0; i < SEQ_B; ++i)
    {
        b[i] = next_dt(&cb);
        tb += b[i];
    }
    double sum = 0;
    for (int i = 0; i < SEQ_B; ++i)
    {
        b[i] = b[i] / tb * ta;
        sum += b[i];
    }
    *out_total_a = ta;
    *out_total_b = sum;
}

static uint64_t run_sequence(silk_loop_mode mode, const double* dts, int count, long* out_steps)
{
    silk_world* w = make_page(mode, true);
    long steps = 0;
    for (int i = 0; i < count; ++i)
    {
        silk_advance_result res;
        silk_world_advance(w, dts[i], &res);
        steps += res.steps;
    }
    uint64_t h = silk_world_state_hash(w);
    silk_world_destroy(w);
    *out_steps = steps;
    return h;
}

static void jittered_hashes(lab_report* r)
{
    double a[SEQ_A], b[SEQ_B], ta = 0, tb = 0;
    sequences(a, b, &ta, &tb);
    lab_row* row =
        lab_add_row(r, "totals A, B (s)", ta, tb, fabs(ta - tb) < 1e-12, "%.15f", "%.15f");
    long sa = 0, sb = 0, ca = 0, cb = 0;
    uint64_t fa = run_sequence(SILK_LOOP_FIXED, a, SEQ_A, &sa);
    uint64_t fb = run_sequence(SILK_LOOP_FIXED, b, SEQ_B, &sb);
    row = lab_add_row(r, "fixed: steps A, B", floor(ta / STEP), (double)sa,
                      sa == sb && sa == (long)floor(ta / STEP), "floor(T*60) = %.0f", "%.0f");
    if (row != NULL)
    {
        snprintf(row->measured, sizeof(row->measured), "%ld, %ld", sa, sb);
    }
    row =
        lab_add_row(r, "fixed: state hash A == B", 1, fa == fb, fa == fb, "bit-identical", "%.0f");
    if (row != NULL)
    {
        snprintf(row->measured, sizeof(row->measured), "%016llx %s", (unsigned long long)fa,
                 fa == fb ? "==" : "!=");
    }
    uint64_t ha = run_sequence(SILK_LOOP_COUPLED, a, SEQ_A, &ca);
    uint64_t hb = run_sequence(SILK_LOOP_COUPLED, b, SEQ_B, &cb);
    row = lab_add_row(r, "coupled: state hash A vs B", 0, ha == hb, ha != hb && ca != cb,
                      "different (%.0f)", "%.0f");
    if (row != NULL)
    {
        snprintf(row->measured, sizeof(row->measured), "%016llx vs %016llx, %ld vs %ld frames",
                 (unsigned long long)ha, (unsigned long long)hb, ca, cb);
    }
    /* coupled is deterministic in frames, not in time: the same 156 frames, other lengths */
    double c[SEQ_A];
    for (int i = 0; i < SEQ_A; ++i)
    {
        c[i] = a[SEQ_A - 1 - i] * 1.5;
    }
    long cc = 0;
    uint64_t hc = run_sequence(SILK_LOOP_COUPLED, c, SEQ_A, &cc);
    lab_add_row(r, "coupled: A's frame count, other dts", 1, hc == ha, hc == ha,
                "same hash (frames, not time)", "%.0f");
    lab_note(r, "With the accumulator the physics sees only the step count: two clocks with the "
                "same total give bit-identical states (the page's determinism readout). The "
                "original's coupled loop is deterministic per frame, so the same total time in "
                "150 or 156 frames gives two different states.");
}

/* ---- 4. the stall ---------------------------------------------------------------------------- */

static void stall(lab_report* r)
{
    silk_world* fixed = make_page(SILK_LOOP_FIXED, true);
    silk_world* coupled = make_page(SILK_LOOP_COUPLED, true);
    silk_advance_result a, b;
    silk_world_advance(fixed, 1.0, &a);
    silk_world_advance(coupled, 1.0, &b);
    silk_world_destroy(fixed);
    silk_world_destroy(coupled);
    lab_add_row(r, "fixed: steps in a 1 s frame", 8, a.steps, a.steps == 8,
                "max_steps_per_frame = %.0f", "%.0f");
    lab_add_row(r, "fixed: dropped", 1.0 - 8 * STEP, a.dropped_seconds,
                fabs(a.dropped_seconds - (1.0 - 8 * STEP)) < 1e-9, "1 - 8/60 = %.4f s", "%.4f s");
    lab_add_row(r, "coupled: steps in a 1 s frame", 1, b.steps, b.steps == 1, "%.0f", "%.0f");
    lab_note(r, "A stall is a frame the accumulator cannot catch up: it runs 8 steps and drops "
                "the rest (the spiral-of-death brake), so simulated time falls 0.87 s behind "
                "the wall clock; coupled, the stall is one frame like any other.");
}

/* ---- 5. the spiral for any per-step cost -------------------------------------------------------
 */

/* Seed 002's feedback model with the display's floor: each frame lasts as long as its steps
   cost, but no less than one 1/60 s display frame: dt' = max(1/60, steps x cost). The first
   frame is 1/60 s. Returns the steps of frame `upto - 1`, the total dropped time, the
   largest frame, and whether alpha stayed in [0, 1). */
typedef struct spiral_run
{
    long steps[64];
    double dropped;
    long max_steps;
    bool alpha_ok;
} spiral_run;

static void spiral(double cost_in_steps, int32_t max_steps, int frames, spiral_run* out)
{
    memset(out, 0, sizeof(*out));
    out->alpha_ok = true;
    silk_stepper_def def = silk_default_stepper_def();
    def.step_seconds = STEP;
    def.max_steps_per_frame = max_steps;
    silk_stepper s;
    silk_stepper_init(&s, &def);
    double dt = STEP;
    for (int i = 0; i < frames && i < 64; ++i)
    {
        silk_advance_result res;
        silk_stepper_advance(&s, dt, NULL, NULL, &res);
        out->steps[i] = res.steps;
        out->dropped += res.dropped_seconds;
        out->max_steps = res.steps > out->max_steps ? res.steps : out->max_steps;
        out->alpha_ok = out->alpha_ok && res.alpha >= 0.0 && res.alpha < 1.0;
        double work = res.steps * cost_in_steps * STEP;
        dt = work > STEP ? work : STEP;
    }
}

static void spiral_costs(lab_report* r)
{
    char label[48];
    spiral_run run;
    const double cheap[2] = {0.5, 1.0};
    for (int k = 0; k < 2; ++k)
    {
        spiral(cheap[k], 1 << 30, 60, &run);
        lab_add_row(r, labelf(label, "cost %.1f step: max steps/frame", cheap[k]), 1,
                    (double)run.max_steps, run.max_steps == 1 && run.alpha_ok, "%.0f (keeps up)",
                    "%.0f");
    }
    /* cost c > 1: the frame count grows by c per frame (up to the rounding of steps) */
    const double grows[2] = {1.5, 3.0};
    for (int k = 0; k < 2; ++k)
    {
        double c = grows[k];
        int a = k == 0 ? 20 : 8, b = k == 0 ? 30 : 12;
        spiral(c, 1 << 30, b + 1, &run);
        double ratio = pow((double)run.steps[b] / (double)run.steps[a], 1.0 / (b - a));
        lab_add_row(r, labelf(label, "cost %.1f: growth per frame", c), c, ratio,
                    fabs(ratio - c) < 0.05 * c && run.alpha_ok, "x %.1f", "x %.3f");
    }
    /* clamped at 8, cost 3: frames settle at 8 steps and 8 x 3 / 60 s; each drops 16/60 s */
    spiral(3.0, 8, 40, &run);
    spiral_run longer;
    spiral(3.0, 8, 60, &longer);
    double per_frame = (longer.dropped - run.dropped) / 20;
    lab_add_row(r, "cost 3, max 8: max steps/frame", 8, (double)run.max_steps,
                run.max_steps == 8 && run.alpha_ok, "%.0f", "%.0f");
    lab_add_row(r, "  dropped per frame, settled", 16 * STEP, per_frame,
                fabs(per_frame - 16 * STEP) < 1e-9, "8 x (3 - 1)/60 = %.4f s", "%.4f s");
    lab_note(r, "The spiral page's model: a frame lasts max(1/60 s, steps x cost). A cost up to "
                "one step keeps up (1 step a frame); above it the steps grow by the cost every "
                "frame (seed002.6: cost 2, exact doubling). The clamp holds them at 8 and drops "
                "8 x (cost - 1) steps' worth of time each frame.");
}

static const lab_experiment experiments[] = {
    {"timing.1", "the 550 px fall on every clock: coupled N/Hz, fixed N/60", fall_every_clock},
    {"timing.2", "60 steps per second of wall time on every clock", steps_per_second},
    {"timing.3", "two jittered clocks, same total: same hash fixed, not coupled", jittered_hashes},
    {"timing.4", "a 1 s stall: 8 steps and the rest dropped", stall},
    {"timing.5", "spiral: steps grow by the per-step cost; the clamp holds", spiral_costs},
};

const lab_experiment* lab_timing_experiments(int* out_count)
{
    *out_count = (int)(sizeof(experiments) / sizeof(experiments[0]));
    return experiments;
}
