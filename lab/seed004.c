/* seed004.c -- seed 004's integrator lesson, measured on silk_ball (silk.h, "Integrator lesson").

   The seed's four tables, each checked against a law a reader can verify with a pen:

     1    free fall vs the closed form: explicit Euler is off by exactly g h t / 2
     2a-c energy per bounce: where every joule comes from, step by step and bounce by bounce
     3    sub-steps: n sub-steps of h / n shrink the error by exactly n (first order)
     4    jittered wall clock through silk_stepper: the physics sees only the step count

   Where the seed's printed numbers differ from ours, the experiment's note says so and why.
   The seed's ball: y0 = 5 m, launched at 0.9 rad, g = 9.81 m/s^2, m = 1 kg. */
#include "lab.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define G     9.81
#define Y0    5.0
#define ANGLE 0.9

static silk_ball make_ball(silk_integrator integrator, silk_floor_rule rule, double v0)
{
    silk_ball_def def = silk_default_ball_def();
    def.integrator = integrator;
    def.floor_rule = rule;
    def.gravity = G;
    def.y = Y0;
    def.vx = v0 * cos(ANGLE);
    def.vy = v0 * sin(ANGLE);
    silk_ball ball;
    silk_ball_init(&def, &ball);
    return ball;
}

static double closed_y(double v0, double t)
{
    return Y0 + v0 * sin(ANGLE) * t - 0.5 * G * t * t;
}

static double energy(const silk_ball* ball)
{
    double e = NAN;
    silk_ball_energy(ball, &e);
    return e;
}

static const char* integrator_name(silk_integrator integrator)
{
    static const char* names[] = {"explicit", "semi-implicit", "verlet"};
    return names[integrator];
}

/* Overwrites a row's measured text (lab_add_row formats only one number). */
static void measured_text(lab_row* row, const char* fmt, ...)
{
    if (row == NULL)
    {
        return;
    }
    va_list args;
    va_start(args, fmt);
    vsnprintf(row->measured, sizeof(row->measured), fmt, args);
    va_end(args);
}

/* ---- 1. free fall ------------------------------------------------------------------------ */

/* Explicit Euler's y after n steps is y0 + vy0 t - g h^2 n(n-1)/2 = y_closed + g h t / 2: the
   sum of the old velocities lags the true integral by one triangle per step. The difference
   is therefore exactly g h t / 2 (first order in h), up to rounding: a few hundred additions
   of numbers below 10 m, so below 1e-12 m. The rows assert it to 1e-9 m. */
#define FREE_FALL_TOL 1e-9

/* The closed form's landing time (y = 0) for the seed's launch. */
static double landing_time(double v0)
{
    double vy0 = v0 * sin(ANGLE);
    return (vy0 + sqrt(vy0 * vy0 + 2 * G * Y0)) / G;
}

/* max over the steps k h <= the landing time of (y - y_closed), signed by its largest
   magnitude; out_t_last = the last step's time. */
static double flight_error(silk_integrator integrator, double h, double v0, double* out_t_last)
{
    silk_ball ball = make_ball(integrator, SILK_FLOOR_NONE, v0);
    const double t_land = landing_time(v0);
    double worst = 0.0, t_last = 0.0;
    for (int k = 1; k * h <= t_land; ++k)
    {
        silk_ball_step(&ball, h, NULL);
        double d = ball.y - closed_y(v0, k * h);
        worst = fabs(d) > fabs(worst) ? d : worst;
        t_last = k * h;
    }
    *out_t_last = t_last;
    return worst;
}

static void free_fall(lab_report* r)
{
    const double v0 = 6.0, h = 1.0 / 120.0;
    /* The seed's table 1: sample rows at h = 1/120, each checkable by hand. */
    silk_ball ball = make_ball(SILK_INTEGRATOR_EXPLICIT_EULER, SILK_FLOOR_NONE, v0);
    for (int k = 1; k <= 180; ++k)
    {
        silk_ball_step(&ball, h, NULL);
        if (k % 30 != 0)
        {
            continue;
        }
        double t = k * h, yc = closed_y(v0, t), d = ball.y - yc, law = 0.5 * G * h * t;
        char label[48];
        snprintf(label, sizeof(label), "t %.2f: y %.5f, closed %.5f", t, ball.y, yc);
        lab_add_row(r, label, law, d, fabs(d - law) < FREE_FALL_TOL, "g h t/2 = %.6f m", "%.6f m");
    }
    /* Over the whole flight, for halving h: max error / (g h t_last / 2) == 1, and the
       ratio to the previous h is 0.5 * t_last / t_last_prev, within h_prev / (2 t) of 0.5. */
    double prev_err = 0.0, prev_t = 0.0, prev_h = 0.0;
    for (int i = 0; i < 4; ++i)
    {
        double hi = 1.0 / (30 << i), t_last = 0.0;
        double err = flight_error(SILK_INTEGRATOR_EXPLICIT_EULER, hi, v0, &t_last);
        double law = 0.5 * G * hi * t_last;
        char label[48];
        snprintf(label, sizeof(label), "explicit h 1/%d: max over flight", 30 << i);
        lab_add_row(r, label, law, err, fabs(err - law) < FREE_FALL_TOL, "g h t_last/2 = %.6f",
                    "%.6f m");
        if (i > 0)
        {
            double ratio = err / prev_err;
            double tol = 0.5 * prev_h / prev_t + 1e-9;
            snprintf(label, sizeof(label), "  ratio to h 1/%d", 30 << (i - 1));
            lab_add_row(r, label, 0.5, ratio, fabs(ratio - 0.5) <= tol, "~%.1f (first order)",
                        "%.6f");
        }
        prev_err = err;
        prev_t = t_last;
        prev_h = hi;
    }
    /* The other two at h = 1/120: semi-implicit errs by the same amount the other way,
       position Verlet is exact for constant gravity (rounding only). */
    double t_last = 0.0;
    double semi = flight_error(SILK_INTEGRATOR_SEMI_IMPLICIT_EULER, h, v0, &t_last);
    double law = -0.5 * G * h * t_last;
    lab_add_row(r, "semi-implicit h 1/120: max", law, semi, fabs(semi - law) < FREE_FALL_TOL,
                "-g h t_last/2 = %.6f", "%.6f m");
    double verlet = flight_error(SILK_INTEGRATOR_POSITION_VERLET, h, v0, &t_last);
    lab_add_row(r, "verlet h 1/120: max", 0.0, verlet, fabs(verlet) < FREE_FALL_TOL,
                "0 (exact for constant g)", "%.2g m");
}

/* ---- 2. energy per bounce ---------------------------------------------------------------- */

/* Where the energy goes, exactly. In one flight step explicit Euler adds g^2 h^2 / 2 and
   semi-implicit Euler removes as much (silk.h); the floor then adds g * lift, where the lift
   is how far the rule moves the ball up (snap: the penetration depth; mirror: twice it), and
   flipping vy changes no energy. So between the pre-contact energies of bounces n-1 and n:

       E_n - E_{n-1} = g * lift_{n-1} +- N_n g^2 h^2 / 2      (N_n: steps between the contacts)

   Position Verlet keeps E exactly in flight (its velocity estimate is exact for constant g),
   so its bounces change E only at the contact. Energies reach ~200 J, so rounding in one
   difference stays below 1e-12 J; the laws are asserted to 1e-9 J. */
#define ENERGY_TOL  1e-9
#define BOUNCE_ROWS 8

/* The energy one flight step adds: +g^2 h^2/2 (explicit), -g^2 h^2/2 (semi-implicit), 0. */
static double flight_step_energy(silk_integrator integrator, double h)
{
    const double e = 0.5 * G * G * h * h;
    return integrator == SILK_INTEGRATOR_EXPLICIT_EULER        ? e
           : integrator == SILK_INTEGRATOR_SEMI_IMPLICIT_EULER ? -e
                                                               : 0.0;
}

typedef struct bounce_run
{
    int count;
    double e_pre[64];      /* energy the integrator produced at contact n, before the rule */
    double e_post[64];     /* after the rule */
    double law[64];        /* E_n predicted: the formula above (Euler), or E after the
                              last contact (Verlet) */
    int steps[64];         /* N_n */
    double step_law_error; /* max |dE - (+-g^2 h^2 / 2)| over every step's integration */
} bounce_run;

static void run_bounces(silk_integrator integrator, silk_floor_rule rule, double h, int bounces,
                        bounce_run* out)
{
    memset(out, 0, sizeof(*out));
    silk_ball ball = make_ball(integrator, rule, 2.0);
    const double per_step = flight_step_energy(integrator, h);
    double e_last_pre = energy(&ball); /* E_0: the launch */
    double e = e_last_pre;
    double lift = 0.0;
    int steps = 0;
    while (out->count < bounces && out->count < 64)
    {
        silk_ball_contact c;
        silk_ball_step(&ball, h, &c);
        steps += 1;
        double integrated = c.count ? c.energy_before : energy(&ball);
        double dev = fabs((integrated - e) - per_step);
        out->step_law_error = dev > out->step_law_error ? dev : out->step_law_error;
        e = energy(&ball);
        if (c.count == 0)
        {
            continue;
        }
        int n = out->count++;
        out->e_pre[n] = c.energy_before;
        out->e_post[n] = c.energy_after;
        out->steps[n] = steps;
        if (integrator == SILK_INTEGRATOR_POSITION_VERLET)
        {
            out->law[n] = n == 0 ? e_last_pre : out->e_post[n - 1];
        }
        else
        {
            out->law[n] = e_last_pre + G * lift + steps * per_step;
        }
        lift =
            rule == SILK_FLOOR_SNAP ? ball.floor_y - c.y_before : 2 * (ball.floor_y - c.y_before);
        e_last_pre = c.energy_before;
        steps = 0;
    }
}

/* Adds the per-bounce rows of one integrator; `expect` is +1 (every ratio > 1), -1 (every
   ratio < 1) or 0 (ratios on both sides of 1: no monotonic trend). Verlet's first bounce has
   E_1 = E_0 exactly (its flight is exact), so for Verlet -1 means "every contact loses
   energy" instead: with the snap floor it removes g times the height of the previous point
   above the floor (its speed estimate drops by g h, the lift gives less back). */
static void bounce_rows(lab_report* r, silk_integrator integrator, silk_floor_rule rule, double h,
                        int rows, int expect)
{
    bounce_run run;
    run_bounces(integrator, rule, h, rows, &run);
    silk_ball start = make_ball(integrator, rule, 2.0);
    int above = 0, below = 0;
    double prev = energy(&start); /* E_0: the launch */
    for (int n = 0; n < run.count; ++n)
    {
        double ratio = run.e_pre[n] / prev;
        above += ratio > 1.0;
        below += ratio < 1.0;
        bool verlet = integrator == SILK_INTEGRATOR_POSITION_VERLET;
        bool sign_ok = expect > 0   ? ratio > 1.0
                       : expect < 0 ? (verlet ? run.e_post[n] < run.e_pre[n] : ratio < 1.0)
                                    : true;
        bool law_ok = fabs(run.e_pre[n] - run.law[n]) < ENERGY_TOL;
        char label[48];
        snprintf(label, sizeof(label), "%s #%d (N %d)", integrator_name(integrator), n + 1,
                 run.steps[n]);
        lab_row* row =
            lab_add_row(r, label, run.law[n], run.e_pre[n], sign_ok && law_ok, "%.4f J", "%.4f J");
        if (row != NULL)
        {
            snprintf(row->theory, sizeof(row->theory), "%.4f (%s)", run.law[n],
                     expect > 0   ? "ratio > 1"
                     : expect < 0 ? (verlet ? "contact loses" : "ratio < 1")
                                  : "any ratio");
            measured_text(row, "%.4f, ratio %.4f, after %.4f", run.e_pre[n], ratio, run.e_post[n]);
        }
        prev = run.e_pre[n];
    }
    if (expect == 0)
    {
        lab_row* row = lab_add_row(r, "  no monotonic trend", 1, above > 0 && below > 0,
                                   above > 0 && below > 0, "ratios above and below 1", "%.0f");
        measured_text(row, "%d above, %d below", above, below);
    }
    const double per_step = flight_step_energy(integrator, h);
    char label[48];
    snprintf(label, sizeof(label), "  %s dE per flight step", integrator_name(integrator));
    lab_row* row = lab_add_row(r, label, per_step, run.step_law_error,
                               run.step_law_error < ENERGY_TOL, "%+.6f J", "%.1e J");
    if (row != NULL)
    {
        measured_text(row, "max deviation %.1e J", run.step_law_error);
    }
}

/* The mean factor per bounce over the first `rows` bounces (geometric). */
static double mean_factor(silk_integrator integrator, silk_floor_rule rule, double h, int rows)
{
    bounce_run run;
    run_bounces(integrator, rule, h, rows, &run);
    silk_ball start = make_ball(integrator, rule, 2.0);
    return pow(run.e_pre[run.count - 1] / energy(&start), 1.0 / run.count);
}

static void energy_table(lab_report* r, double h, const char* h_text)
{
    bounce_rows(r, SILK_INTEGRATOR_EXPLICIT_EULER, SILK_FLOOR_SNAP, h, BOUNCE_ROWS, +1);
    bounce_rows(r, SILK_INTEGRATOR_SEMI_IMPLICIT_EULER, SILK_FLOOR_SNAP, h, BOUNCE_ROWS, -1);
    bounce_rows(r, SILK_INTEGRATOR_POSITION_VERLET, SILK_FLOOR_SNAP, h, BOUNCE_ROWS, -1);
    double fe = mean_factor(SILK_INTEGRATOR_EXPLICIT_EULER, SILK_FLOOR_SNAP, h, BOUNCE_ROWS);
    double fs = mean_factor(SILK_INTEGRATOR_SEMI_IMPLICIT_EULER, SILK_FLOOR_SNAP, h, BOUNCE_ROWS);
    char label[48];
    snprintf(label, sizeof(label), "explicit mean per bounce, h %s", h_text);
    lab_add_row(r, label, 2.0, (fe - 1) * 100, fe > 1.0, "seed: +%.0f %% (grows)", "%+.2f %%");
    snprintf(label, sizeof(label), "semi-implicit mean per bounce, h %s", h_text);
    lab_add_row(r, label, -1.0, (fs - 1) * 100, fs < 1.0, "seed: %.0f %% (shrinks)", "%+.2f %%");
}

static void energy_h15(lab_report* r)
{
    energy_table(r, 1.0 / 15.0, "1/15");
    lab_note(r, "Seed: explicit +2 %%, semi-implicit -1 %% per bounce. At h = 1/15 s they are "
                "several times larger (rows above); the seed's figures fit h = 1/120 (seed004.2c). "
                "With the seed's snap floor semi-implicit Euler and Verlet lose energy at every "
                "bounce: a decay, not the seed's 'narrow band'.");
}

static void energy_h60(lab_report* r)
{
    energy_table(r, 1.0 / 60.0, "1/60");
    lab_note(r, "Snap floor: explicit gains N g^2 h^2/2 in flight plus the lift; semi-implicit "
                "loses N g^2 h^2/2 (~ g h |v| per bounce) and regains only the lift (on average "
                "half of that), so it decays by ~g h |v| / 2 per bounce.");
}

/* 2c. The seed's own numbers (h = 1/120), and the mirror floor: the rule under which
   semi-implicit Euler really stays in a band (its in-flight loss and the mirror's lift of
   twice the penetration cancel on average), while explicit Euler still grows every bounce. */
static void energy_mirror(lab_report* r)
{
    const double h120 = 1.0 / 120.0;
    double fe = mean_factor(SILK_INTEGRATOR_EXPLICIT_EULER, SILK_FLOOR_SNAP, h120, BOUNCE_ROWS);
    double fs =
        mean_factor(SILK_INTEGRATOR_SEMI_IMPLICIT_EULER, SILK_FLOOR_SNAP, h120, BOUNCE_ROWS);
    lab_add_row(r, "snap, h 1/120: explicit mean", 2.0, (fe - 1) * 100, fe > 1.0,
                "seed: +%.0f %% (grows)", "%+.2f %%");
    lab_add_row(r, "snap, h 1/120: semi-implicit mean", -1.0, (fs - 1) * 100, fs < 1.0,
                "seed: %.0f %% (shrinks)", "%+.2f %%");
    const double h = 1.0 / 60.0;
    bounce_rows(r, SILK_INTEGRATOR_EXPLICIT_EULER, SILK_FLOOR_MIRROR, h, 10, +1);
    bounce_rows(r, SILK_INTEGRATOR_SEMI_IMPLICIT_EULER, SILK_FLOOR_MIRROR, h, 10, 0);
    bounce_rows(r, SILK_INTEGRATOR_POSITION_VERLET, SILK_FLOOR_MIRROR, h, 10, 0);
    lab_note(r, "The seed's +2 %% / -1 %% per bounce are close to what h = 1/120 s gives with the "
                "snap floor (first two rows). Its 'semi-implicit stays in a narrow band' holds "
                "with the mirror floor (h = 1/60 s rows), not with the snap floor it uses.");
}

/* ---- 3. sub-steps ------------------------------------------------------------------------ */

/* n sub-steps of h / n over T = 0.6 s (36 frames of 1/60 s). The error is g (h/n) t / 2 at
   every frame end, largest at T, so each doubling of n halves it. The smallest error here is
   g (1/480) 0.6 / 2 = 6e-3 m and rounding stays below 1e-12 m, so the ratio is 0.5 to better
   than 1e-9; the rows assert that. */
static double substep_error(silk_integrator integrator, double h, int n, int frames, double v0)
{
    silk_ball ball = make_ball(integrator, SILK_FLOOR_NONE, v0);
    double worst = 0.0;
    for (int k = 1; k <= frames; ++k)
    {
        silk_ball_substep(&ball, h, n, NULL);
        double d = fabs(ball.y - closed_y(v0, k * h));
        worst = d > worst ? d : worst;
    }
    return worst;
}

static void substeps(lab_report* r)
{
    const double h = 1.0 / 60.0, v0 = 6.0, t_end = 0.6;
    const int frames = 36;
    const silk_integrator which[2] = {SILK_INTEGRATOR_EXPLICIT_EULER,
                                      SILK_INTEGRATOR_SEMI_IMPLICIT_EULER};
    for (int w = 0; w < 2; ++w)
    {
        double prev = 0.0;
        for (int n = 1; n <= 8; n *= 2)
        {
            double err = substep_error(which[w], h, n, frames, v0);
            double law = 0.5 * G * (h / n) * t_end;
            char label[48];
            snprintf(label, sizeof(label), "%s n %d, hh 1/%d s", integrator_name(which[w]), n,
                     60 * n);
            lab_add_row(r, label, law, err, fabs(err - law) < 1e-9, "g hh T/2 = %.6f m", "%.6f m");
            if (n > 1)
            {
                double ratio = err / prev;
                lab_add_row(r, "  error / previous n", 0.5, ratio, fabs(ratio - 0.5) < 1e-9, "%.1f",
                            "%.12f");
            }
            prev = err;
        }
    }
    double verlet = 0.0;
    for (int n = 1; n <= 8; n *= 2)
    {
        double e = substep_error(SILK_INTEGRATOR_POSITION_VERLET, h, n, frames, v0);
        verlet = e > verlet ? e : verlet;
    }
    lab_add_row(r, "verlet n 1..8", 0.0, verlet, verlet < 1e-9, "0 (exact)", "%.2g m");
}

/* ---- 4. jittered wall clock --------------------------------------------------------------- */

#define JITTER_H      (1.0 / 120.0)
#define JITTER_FRAMES 72 /* 0.6 s */
#define JITTER_SUB    8  /* the seed's 1.5 keeps 1.4's sub-steps */
#define JITTER_SEQS   8

static void ball_on_step(void* context, double step_seconds)
{
    silk_ball_substep(context, step_seconds, JITTER_SUB, NULL);
}

static silk_ball jitter_ball(void)
{
    return make_ball(SILK_INTEGRATOR_SEMI_IMPLICIT_EULER, SILK_FLOOR_SNAP, 6.0);
}

/* Feeds the sequence through silk_stepper; returns the steps run. */
static int run_stepper(const double* dt, int count, silk_ball* ball)
{
    silk_stepper_def def = silk_default_stepper_def();
    def.step_seconds = JITTER_H;
    def.max_steps_per_frame = 8;
    silk_stepper stepper;
    silk_stepper_init(&stepper, &def);
    int steps = 0;
    for (int i = 0; i < count; ++i)
    {
        silk_advance_result out;
        silk_stepper_advance(&stepper, dt[i], ball_on_step, ball, &out);
        steps += out.steps;
    }
    return steps;
}

/* The seed's loop: a double accumulator (acc += wall; while (acc >= h) acc -= h). */
static int run_double_accumulator(const double* dt, int count)
{
    double acc = 0.0;
    int steps = 0;
    for (int i = 0; i < count; ++i)
    {
        acc += dt[i];
        while (acc >= JITTER_H)
        {
            acc -= JITTER_H;
            steps += 1;
        }
    }
    return steps;
}

/* Silk's documented rule, computed apart from the stepper: each dt becomes
   llround(dt / step * TICKS + carry) ticks, the rounding remainder carried to the next dt,
   and the steps are the whole steps in the tick sum. */
static int tick_rule_steps(const double* dt, int count, int64_t* out_deficit)
{
    int64_t ticks = 0;
    double carry = 0.0;
    for (int i = 0; i < count; ++i)
    {
        double exact = dt[i] / JITTER_H * (double)SILK_TICKS_PER_STEP + carry;
        int64_t t = llround(exact);
        carry = exact - (double)t;
        ticks += t;
    }
    *out_deficit = (int64_t)JITTER_FRAMES * SILK_TICKS_PER_STEP - ticks;
    return (int)(ticks / SILK_TICKS_PER_STEP);
}

static double sum_left_to_right(const double* dt, int count)
{
    double s = 0.0;
    for (int i = 0; i < count; ++i)
    {
        s += dt[i];
    }
    return s;
}

static bool same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof(a)) == 0;
}

static bool same_ball(const silk_ball* a, const silk_ball* b)
{
    return same_bits(a->x, b->x) && same_bits(a->y, b->y) && same_bits(a->vx, b->vx) &&
           same_bits(a->vy, b->vy) && same_bits(a->prev_x, b->prev_x) &&
           same_bits(a->prev_y, b->prev_y) && same_bits(a->prev_h, b->prev_h);
}

/* The ball after `steps` fixed steps with no clock at all. */
static silk_ball uniform_run(int steps)
{
    silk_ball ball = jitter_ball();
    for (int i = 0; i < steps; ++i)
    {
        ball_on_step(&ball, JITTER_H);
    }
    return ball;
}

static double ulps_from(double x, double ref)
{
    return (x - ref) / (nextafter(ref, 1.0) - ref);
}

static void jitter(lab_report* r)
{
    const double h = JITTER_H, delta = 0.3 * h;
    double a[JITTER_FRAMES], b[JITTER_FRAMES];
    for (int i = 0; i < JITTER_FRAMES; ++i)
    {
        a[i] = h;
        b[i] = h;
    }
    b[0] = h + delta;
    b[JITTER_FRAMES - 1] = h - delta;

    /* The seed says both sums are exactly 0.6 in floating point. They are not; what makes the
       step counts equal in Silk is that they differ by far less than one tick. */
    double sa = sum_left_to_right(a, JITTER_FRAMES), sb = sum_left_to_right(b, JITTER_FRAMES);
    double tick_seconds = h / (double)SILK_TICKS_PER_STEP;
    lab_row* row = lab_add_row(r, "fp sums A (72 x h), B (+d ... -d)", tick_seconds, fabs(sa - sb),
                               fabs(sa - sb) < tick_seconds, "|A - B| < 1 tick = %.2g s", "%.2g");
    measured_text(row, "A %+.0f ulp, B %+.0f ulp of 0.6", ulps_from(sa, 0.6), ulps_from(sb, 0.6));

    silk_ball ball_a = jitter_ball(), ball_b = jitter_ball();
    int steps_a = run_stepper(a, JITTER_FRAMES, &ball_a);
    int steps_b = run_stepper(b, JITTER_FRAMES, &ball_b);
    lab_add_row(r, "A: Silk steps", JITTER_FRAMES, steps_a, steps_a == JITTER_FRAMES, "%.0f",
                "%.0f");
    lab_add_row(r, "B: Silk steps", JITTER_FRAMES, steps_b, steps_b == JITTER_FRAMES, "%.0f",
                "%.0f");
    row = lab_add_row(r, "A vs B final state", 0.0, fabs(ball_a.y - ball_b.y),
                      same_ball(&ball_a, &ball_b), "|dy| = 0, bit-identical", "|dy| = %.17g");
    measured_text(row, "|dy| %g, y %.6f, vy %.6f", fabs(ball_a.y - ball_b.y), ball_a.y, ball_a.vy);
    int dbl_a = run_double_accumulator(a, JITTER_FRAMES);
    int dbl_b = run_double_accumulator(b, JITTER_FRAMES);
    row = lab_add_row(r, "A, B: seed's double accumulator", JITTER_FRAMES, dbl_a,
                      dbl_a == JITTER_FRAMES && dbl_b == JITTER_FRAMES, "%.0f steps each", "%.0f");
    measured_text(row, "%d and %d steps", dbl_a, dbl_b);

    /* The counter-example: jitter of +-30 %, normalised by dividing by its sum. Its fp sum
       misses 0.6 by a few ulps either way, and the seed's double accumulator then may lose
       the 72nd step. Silk's ticks do not see ulps of the total (one ulp of 0.6 s is 4e-5
       ticks), and because each dt's rounding remainder is carried into the next, the tick sum
       is the running total rounded once: it lands on 72 steps exactly. Each row checks Silk
       against its own tick rule and that the final state is exactly that of a clock-free run
       of as many steps. (Rounding each dt on its own, Silk's first stepper lost the step in
       3 of these 8 sequences: the carry is what fixed it.) */
    int lost_silk = 0, lost_double = 0, fp_short = 0, short_ticks = 0;
    for (int s = 1; s <= JITTER_SEQS; ++s)
    {
        silk_rng rng = silk_rng_make((uint64_t)s);
        double c[JITTER_FRAMES], total = 0.0;
        for (int i = 0; i < JITTER_FRAMES; ++i)
        {
            c[i] = h * (1.0 + 0.3 * (2.0 * silk_rng_next_double(&rng) - 1.0));
            total += c[i];
        }
        for (int i = 0; i < JITTER_FRAMES; ++i)
        {
            c[i] = c[i] / total * 0.6;
        }
        double sc = sum_left_to_right(c, JITTER_FRAMES);
        silk_ball ball = jitter_ball();
        int steps = run_stepper(c, JITTER_FRAMES, &ball);
        int64_t deficit = 0;
        int predicted = tick_rule_steps(c, JITTER_FRAMES, &deficit);
        int dbl = run_double_accumulator(c, JITTER_FRAMES);
        silk_ball reference = uniform_run(steps);
        bool ok = steps == predicted && same_ball(&ball, &reference);
        char label[48];
        snprintf(label, sizeof(label), "C%d: fp sum %+.0f ulp, ticks %+lld", s, ulps_from(sc, 0.6),
                 (long long)-deficit);
        row = lab_add_row(r, label, predicted, steps, ok, "%.0f (tick rule)", "%.0f");
        measured_text(row, "Silk %d, double acc %d", steps, dbl);
        lost_silk += steps < JITTER_FRAMES;
        short_ticks += deficit > 0;
        lost_double += dbl < JITTER_FRAMES;
        fp_short += sc < 0.6;
    }
    /* Silk never loses the step: the carried tick sum cannot fall short by whole ticks. */
    row = lab_add_row(r, "C1..C8: Silk lost a step", 0, lost_silk,
                      lost_silk == 0 && short_ticks == 0, "0 (ticks short: 0)", "%.0f");
    measured_text(row, "Silk %d, double acc %d; fp short %d", lost_silk, lost_double, fp_short);
    /* A lost step costs one step of motion: |dy| = |vy| h to within g h^2 (vy changes by g h
       over the step). The seed says ~0.12 m; at h = 1/120 s it is ~0.01 m. */
    /* What a lost step costs (the double accumulator's C rows): |dy| = |vy| h to within
       g h^2 (vy changes by g h over the step). The seed says ~0.12 m; at h = 1/120 s it is
       ~0.01 m. */
    silk_ball full = uniform_run(JITTER_FRAMES), short_one = uniform_run(JITTER_FRAMES - 1);
    double lost_dy = fabs(full.y - short_one.y);
    lab_add_row(r, "one lost step: |dy|", fabs(full.vy) * h, lost_dy,
                fabs(lost_dy - fabs(full.vy) * h) <= G * h * h, "|vy| h = %.4f m", "%.4f m");
    lab_note(r, "Seed: both sums are exactly 0.6 (they are 0.6 + 3 and + 4 ulp; the counts "
                "agree because the difference is < 1 tick), and a lost step moves y by ~0.12 m "
                "(it is |vy| h ~ 0.01 m). Silk's ticks ignore ulps of the total and carry each "
                "dt's rounding remainder, so a normalised sequence keeps all 72 steps.");
}

static const lab_experiment experiments[] = {
    {"seed004.1", "free fall: explicit Euler errs by g h t/2 (first order)", free_fall},
    {"seed004.2a", "energy per bounce, h 1/15, snap floor", energy_h15},
    {"seed004.2b", "energy per bounce, h 1/60, snap floor", energy_h60},
    {"seed004.2c", "seed's h 1/120; mirror floor: semi-implicit in a band", energy_mirror},
    {"seed004.3", "n sub-steps cut the error by n (ratio 0.5 per doubling)", substeps},
    {"seed004.4", "jittered clock, fixed steps: same count, same bits", jitter},
};

const lab_experiment* lab_seed004_experiments(int* out_count)
{
    *out_count = (int)(sizeof(experiments) / sizeof(experiments[0]));
    return experiments;
}
