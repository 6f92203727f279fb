/* seed000.c -- seed 000's 17 numerical experiments on verlet-js, re-run on Silk's compat
   solver and checked against theory (closed forms, thresholds, ratios), not copied numbers.

   Notation used in the comments: a particle's velocity is v = p - q (px/frame), f is the
   world friction, g gravity (px/frame^2), k the correction fraction of one relaxation
   (stiffness x coef), s the `step` of frame(step) and d a rest length. For one distance
   constraint of length d(1 + e) one relaxation gives exactly

       e' = (1 + e)(1 + 2k((1 + e)^-2 - 1)) - 1  =  e (1 - 4k + 2k e / (1 + e))

   (the closed form of the seed's section 1.3, rearranged), so 1 - 4k is its linear factor
   and 2k e / (1 + e) the whole of its non-linear part. Several rows lean on that identity. */
#include "lab.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* ---- helpers ---------------------------------------------------------------------------- */

static silk_world* make_world(double friction, silk_vec2 gravity)
{
    silk_world_def def = silk_default_world_def();
    def.width = 1e9; /* far walls: free particles never touch them */
    def.height = 1e9;
    def.friction = friction;
    def.gravity = gravity;
    silk_world* world = NULL;
    silk_world_create(&def, &world);
    return world;
}

/* The spider page (800 x 500): web with `tensor` and the spider 300 px above the canvas. */
static silk_world* make_page(double tensor)
{
    silk_world_def def = silk_default_world_def();
    silk_world* world = NULL;
    silk_world_create(&def, &world);
    silk_scene_def scene = silk_default_scene_def();
    scene.tensor = tensor;
    silk_world_build_scene(world, &scene);
    return world;
}

static int32_t add_composite(silk_world* w)
{
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    return c;
}

/* A particle at p moving v px/frame (its last position is p - v). */
static int32_t add_moving(silk_world* w, int32_t comp, silk_vec2 p, silk_vec2 v)
{
    int32_t i = 0;
    silk_world_add_particle(w, comp, p, &i);
    silk_world_set_last_position(w, i, (silk_vec2){p.x - v.x, p.y - v.y});
    return i;
}

static void add_distance(silk_world* w, int32_t comp, int32_t a, int32_t b, double k, double rest)
{
    silk_distance_def def = silk_default_distance_def();
    def.a = a;
    def.b = b;
    def.stiffness = k;
    def.rest = rest;
    def.rest_from_positions = false;
    int32_t index = 0;
    silk_world_add_distance(w, comp, &def, &index);
}

static void add_pin(silk_world* w, int32_t comp, int32_t particle)
{
    silk_pin_def def = silk_default_pin_def();
    def.particle = particle;
    int32_t index = 0;
    silk_world_add_pin(w, comp, &def, &index);
}

static silk_vec2 pos(const silk_world* w, int32_t i)
{
    silk_vec2 p = {0, 0};
    silk_world_get_position(w, i, &p);
    return p;
}

static silk_vec2 last_pos(const silk_world* w, int32_t i)
{
    silk_vec2 q = {0, 0};
    silk_world_get_last_position(w, i, &q);
    return q;
}

static double dist(silk_vec2 a, silk_vec2 b)
{
    return hypot(a.x - b.x, a.y - b.y);
}

static const double* diag(const silk_world* w)
{
    static const double none[SILK_DIAG_CAPACITY]; /* zeros if the world was never created */
    const silk_diagnostics* d = silk_world_diagnostics(w);
    return d != NULL ? d->values : none;
}

/* Row labels are built with printf formats into a caller's buffer. */
static const char* labelf(char* buf, const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(buf, 48, fmt, args);
    va_end(args);
    return buf;
}

static bool near_rel(double measured, double theory, double tolerance)
{
    return fabs(measured - theory) <= tolerance * fabs(theory);
}

/* The one-relaxation closed form for a distance constraint (the file's header). */
static double relaxed_error(double e, double k)
{
    return (1 + e) * (1 + 2 * k * (1 / ((1 + e) * (1 + e)) - 1)) - 1;
}

/* ---- 1. free particle ------------------------------------------------------------------- */

/* A free particle follows x_{n+1} = x_n + (x_n - x_{n-1}) f + g to the bit. */
static void free_particle(lab_report* r)
{
    silk_world* w = make_world(1.0, (silk_vec2){0, 0.2});
    int32_t c = 0, p = 0;
    silk_world_add_composite(w, &c);
    silk_world_add_particle(w, c, (silk_vec2){1000, 1000}, &p);
    silk_world_set_last_position(w, p, (silk_vec2){999, 1000});
    double x = 1000, y = 1000, qx = 999, qy = 1000, max_dev = 0.0;
    for (int n = 1; n <= 160; ++n)
    {
        double vx = (x - qx) * 1.0, vy = (y - qy) * 1.0;
        qx = x;
        qy = y;
        x = (x + 0.0) + vx;
        y = (y + 0.2) + vy;
        silk_world_frame(w, 16);
        silk_vec2 got;
        silk_world_get_position(w, p, &got);
        max_dev = fmax(max_dev, fmax(fabs(got.x - x), fabs(got.y - y)));
    }
    silk_vec2 end;
    silk_world_get_position(w, p, &end);
    lab_add_row(r, "max deviation, 160 frames", 0, max_dev, max_dev == 0.0, "%.1e px", "%.1e px");
    lab_add_row(r, "x after 160 frames", 1160, end.x, fabs(end.x - 1160) < 1e-9, "%.2f", "%.2f");
    double closed = 1000 + 0.1 * 160 * 161;
    lab_add_row(r, "y = 1000 + 0.1 n(n+1)", closed, end.y, fabs(end.y - closed) < 1e-6, "%.2f",
                "%.2f");
    silk_world_destroy(w);
}

/* ---- 2. friction ------------------------------------------------------------------------ */

/* Friction multiplies the velocity once per frame, v_n = f^n v_0, so v100 / v1 = f^99. */
static void friction_decay(lab_report* r)
{
    const double fs[3] = {1.0, 0.99, 0.95};
    double worst = 0.0;
    char label[48];
    for (int i = 0; i < 3; ++i)
    {
        silk_world* w = make_world(fs[i], (silk_vec2){0, 0});
        /* starts at x = 0 moving 1 px/frame: x stays below 100, where an ulp is 1.4e-14 */
        int32_t p = add_moving(w, add_composite(w), (silk_vec2){0, 0}, (silk_vec2){1, 0});
        double x_prev = 0, v1 = 0, v100 = 0;
        for (int n = 1; n <= 100; ++n)
        {
            silk_world_frame(w, 16);
            double x = pos(w, p).x;
            v1 = n == 1 ? x - x_prev : v1;
            v100 = n == 100 ? x - x_prev : v100;
            x_prev = x;
        }
        double theory = pow(fs[i], 99);
        double rel = fabs(v100 / v1 / theory - 1);
        worst = fmax(worst, rel);
        lab_add_row(r, labelf(label, "f = %.2f: v100 / v1", fs[i]), theory, v100 / v1, rel < 1e-12,
                    "f^99 = %.9e", "%.9e");
        silk_world_destroy(w);
    }
    lab_add_row(r, "largest relative deviation", 1e-12, worst, worst < 1e-12, "< %.0e", "%.1e");
    lab_note(r, "Not bit-exact, and it need not be: the velocity is re-derived every frame as "
                "p - q after p += v was rounded to an ulp of p, so v_n carries about "
                "n ulp(x) / v_n relative error -- a few 1e-13 at f = 0.95, where v100 is only "
                "6e-3 px/frame. pow(f, 99) itself is correctly rounded.");
}

/* ---- 3. floor and ground friction ------------------------------------------------------- */

/* The floor clamps y to height - 1; on that line the whole velocity is scaled by the ground
   friction gf after the friction f, so successive speeds shrink by gf * f. To isolate it the
   particle starts on the floor, moving sideways (gravity's push into the floor is undone by
   the clamp every frame, so its vertical speed is exactly 0). */
static void floor_and_ground_friction(lab_report* r)
{
    silk_world_def def = silk_default_world_def(); /* 800 x 500, g 0.2, f 0.99, gf 0.8 */
    const double floor_y = def.height - 1;
    char label[48];

    silk_world* w = NULL;
    silk_world_create(&def, &w);
    int32_t p = add_moving(w, add_composite(w), (silk_vec2){100, 300}, (silk_vec2){3, 0});
    for (int n = 0; n < 400; ++n)
    {
        silk_world_frame(w, 16);
    }
    silk_vec2 at = pos(w, p);
    double vy = at.y - last_pos(w, p).y;
    lab_add_row(r, "dropped from y 300: rest height", floor_y, at.y, at.y == floor_y,
                "H - 1 = %.0f", "%.15g");
    lab_add_row(r, "vertical speed on the floor", 0, vy, vy == 0.0, "%.0f", "%.3g");
    silk_world_destroy(w);

    const double fs[2] = {1.0, 0.99};
    double residual = 0.0;
    for (int i = 0; i < 2; ++i)
    {
        def.friction = fs[i];
        silk_world_create(&def, &w);
        p = add_moving(w, add_composite(w), (silk_vec2){100, floor_y}, (silk_vec2){10, 0});
        double speed = 10, ratio = 0, worst = 0;
        for (int n = 1; n <= 300; ++n)
        {
            silk_world_frame(w, 16);
            double now = pos(w, p).x - last_pos(w, p).x;
            if (n <= 20)
            {
                ratio = now / speed;
                worst = fmax(worst, fabs(ratio / (def.ground_friction * fs[i]) - 1));
            }
            speed = now;
        }
        double theory = def.ground_friction * fs[i];
        lab_add_row(r, labelf(label, "f = %.2f: speed ratio, frames 1-20", fs[i]), theory, ratio,
                    worst < 1e-9, "gf x f = %.4f", "%.10f");
        residual = i == 0 ? speed : residual;
        silk_world_destroy(w);
    }
    /* Ground friction only acts while speed^2 > 1e-6. With f = 1 nothing else slows the
       particle, so it keeps the first speed at or below 1e-3 px/frame forever:
       10 * 0.8^N with N = ceil(log(1e-4) / log(0.8)) = 42. */
    double n_stop = ceil(log(1e-3 / 10) / log(def.ground_friction));
    double slide = 10 * pow(def.ground_friction, n_stop);
    lab_add_row(r, "f = 1: speed after 300 frames", slide, residual,
                near_rel(residual, slide, 1e-9), "10 x 0.8^42 = %.4e", "%.4e");
    lab_note(r, "With friction 1 a particle on the floor never stops: below 1e-3 px/frame the "
                "ground-friction test (speed^2 > 1e-6) switches off and it slides on at "
                "8.5e-4 px/frame. Ground friction is per frame, so it brakes twice as hard at "
                "120 Hz.");
}

/* ---- 4. one relaxation: the closed form ------------------------------------------------- */

/* One relax of a distance constraint stretched by e = 1%: the measured e' equals the closed
   form, and e'/e equals 1 - 4k plus the exact non-linear part 2k e / (1 + e). */
static void one_relaxation(lab_report* r)
{
    const double ks[5] = {0.05, 0.2, 0.3, 0.6, 0.99};
    double worst = 0.0;
    char label[48];
    for (int i = 0; i < 5; ++i)
    {
        silk_world* w = make_world(1.0, (silk_vec2){0, 0});
        int32_t c = add_composite(w);
        /* near the origin, so lengths carry 1e-14 px of rounding, not 1e-13 */
        int32_t a = add_moving(w, c, (silk_vec2){0, 0}, (silk_vec2){0, 0});
        int32_t b = add_moving(w, c, (silk_vec2){101, 0}, (silk_vec2){0, 0});
        add_distance(w, c, a, b, ks[i], 100);
        silk_world_relax(w, 1, 1.0);
        double e = 101.0 / 100.0 - 1.0;
        double measured = dist(pos(w, a), pos(w, b)) / 100 - 1;
        double closed = relaxed_error(e, ks[i]);
        double rel = fabs(measured / closed - 1);
        worst = fmax(worst, rel);
        lab_add_row(r, labelf(label, "k = %.2f: e' after one relax", ks[i]), closed, measured,
                    rel < 1e-12, "closed form %+.8f", "%+.8f");
        double linear = 1 - 4 * ks[i];
        double exact = linear + 2 * ks[i] * e / (1 + e);
        lab_add_row(r, labelf(label, "k = %.2f: e'/e, 1 - 4k = %+.2f", ks[i], linear), exact,
                    measured / e, fabs(measured / e - exact) < 1e-10, "1-4k+2ke/(1+e) %+.5f",
                    "%+.5f");
        silk_world_destroy(w);
    }
    lab_add_row(r, "largest relative deviation of e'", 1e-12, worst, worst < 1e-12, "< %.0e",
                "%.1e");
    lab_note(r, "k < 0.25 shrinks the error without overshoot, 0.25 < k < 0.5 overshoots and "
                "flips its sign, k > 0.5 amplifies it. The 2ke/(1+e) term is why e'/e differs "
                "from 1 - 4k by up to 0.02 at e = 1%%.");
}

/* ---- 5. the k = 0.5 threshold ----------------------------------------------------------- */

typedef struct relax_run
{
    double error[201]; /* |a - b| - d after n relaxations, px */
    int sign_flips;
} relax_run;

static void relax_200(double k, relax_run* out)
{
    silk_world* w = make_world(1.0, (silk_vec2){0, 0});
    int32_t c = add_composite(w);
    int32_t a = add_moving(w, c, (silk_vec2){0, 0}, (silk_vec2){0, 0});
    int32_t b = add_moving(w, c, (silk_vec2){102, 0}, (silk_vec2){0, 0});
    add_distance(w, c, a, b, k, 100);
    out->error[0] = 2;
    out->sign_flips = 0;
    for (int n = 1; n <= 200; ++n)
    {
        silk_world_relax(w, 1, 1.0);
        out->error[n] = dist(pos(w, a), pos(w, b)) - 100;
        out->sign_flips += (out->error[n] < 0) != (out->error[n - 1] < 0);
    }
    silk_world_destroy(w);
}

/* 200 relaxations from a 2 px error: |1 - 4k| < 1 converges, k = 0.5 maps the length L to
   d^2 / L (period 2, so |e| never decays), k > 0.5 amplifies small errors. */
static void stability_threshold(lab_report* r)
{
    static relax_run run; /* 1.6 KB; one at a time */
    const double e0 = 0.02;

    relax_200(0.40, &run);
    lab_add_row(r, "k = 0.40: error after 200", 0, fabs(run.error[200]),
                fabs(run.error[200]) < 1e-10, "2 x 0.6^200 ~ 0 px", "%.3e px");

    /* Near k = 0.5 the decay is slow, so the non-linear part matters: multiplying the per-pass
       ratios (1 + 2k e_n / ((1 + e_n)(1 - 4k))) of an alternating geometric e_n gives about
       exp(e0 / (2 (1 - 4k))) on top of the linear 2 |1 - 4k|^200. */
    relax_200(0.49, &run);
    double linear = 2 * pow(fabs(1 - 4 * 0.49), 200);
    double second = linear * exp(e0 / (2 * (1 - 4 * 0.49)));
    lab_add_row(r, "k = 0.49: error after 200", second, fabs(run.error[200]),
                near_rel(fabs(run.error[200]), second, 2e-3), "%.4e", "%.4e px");
    snprintf(r->rows[r->count - 1].theory, 64, "2x0.96^200 x %.4f = %.4e", second / linear, second);

    relax_200(0.50, &run);
    lab_add_row(r, "k = 0.50: error after 199", 100.0 * 100.0 / 102.0 - 100, run.error[199],
                fabs(run.error[199] - (100.0 * 100.0 / 102.0 - 100)) < 1e-9, "d^2/102 - d = %.6f",
                "%.6f px");
    lab_add_row(r, "k = 0.50: error after 200", 2, run.error[200], fabs(run.error[200] - 2) < 1e-9,
                "%.6f (period 2)", "%.6f px");
    lab_add_row(r, "k = 0.50: sign flips in 200", 200, run.sign_flips, run.sign_flips == 200,
                "%.0f", "%.0f");

    const double grow[2] = {0.51, 0.99};
    char label[48];
    for (int i = 0; i < 2; ++i)
    {
        relax_200(grow[i], &run);
        double peak = 0.0;
        for (int n = 0; n <= 200; ++n)
        {
            peak = fmax(peak, fabs(run.error[n]));
        }
        lab_add_row(r, labelf(label, "k = %.2f: error after 200", grow[i]), 2, fabs(run.error[200]),
                    fabs(run.error[200]) > 2, "> %.0f px (diverges)", "%.4g px");
        lab_add_row(r, labelf(label, "k = %.2f: largest error", grow[i]), 20, peak, peak > 20,
                    "> %.0f px (10x the start)", "%.4g px");
    }
    lab_note(r, "'Diverges' means the error leaves rest for good, not that it reaches infinity: "
                "one relax maps a length L to (1 - 2k) L + 2k d^2 / L, which shrinks long links "
                "and throws short ones out to ~2k d^2 / L, so k > 0.5 ends in an erratic orbit "
                "of tens of d (the seed's 206.8 and 1856 px are reproduced to the digit).");
}

/* ---- 6. frame(step) ---------------------------------------------------------------------- */

/* One frame from rest (no velocity, no gravity) of a constraint stretched by 2 px. */
static double frame_residual(int32_t step, double k)
{
    silk_world* w = make_world(0.99, (silk_vec2){0, 0});
    int32_t c = add_composite(w);
    int32_t a = add_moving(w, c, (silk_vec2){1000, 1000}, (silk_vec2){0, 0});
    int32_t b = add_moving(w, c, (silk_vec2){1102, 1000}, (silk_vec2){0, 0});
    add_distance(w, c, a, b, k, 100);
    silk_world_frame(w, step);
    double residual = fabs(dist(pos(w, a), pos(w, b)) - 100);
    silk_world_destroy(w);
    return residual;
}

/* frame(s) is s relaxation passes with coefficient 1/s, not a time step: one frame multiplies
   a small error by (1 - 4k/s)^s. Exactly, each pass multiplies it by (1 - 4k/s) + 2(k/s) e/(1+e),
   and |e| <= e0 throughout (for s = 1 there is a single pass), so with
   delta = 2(k/s) e0 / ((1 - e0) |1 - 4k/s|) the residual lies within (1 -+ delta)^s of the linear
   prediction: tight where delta is small, loose at s = 4 where 1 - 4k/s is only 0.01. */
static void frame_semantics(lab_report* r)
{
    const double k = 0.99, e0 = 0.02;
    int inside = 0, best = 1;
    double residual[33] = {0};
    char label[48];
    for (int s = 1; s <= 32; ++s)
    {
        residual[s] = frame_residual(s, k);
        double ks = k / s;
        double linear = 100 * e0 * pow(fabs(1 - 4 * ks), s);
        double delta = 2 * ks * e0 / ((1 - e0) * fabs(1 - 4 * ks));
        bool ok = residual[s] >= linear * pow(1 - delta, s) * (1 - 1e-9) &&
                  residual[s] <= linear * pow(1 + delta, s) * (1 + 1e-9);
        inside += ok;
        best = residual[s] < residual[best] ? s : best;
        if (s == 1 || s == 2 || s == 4 || s == 8 || s == 16 || s == 32)
        {
            lab_add_row(r, labelf(label, "step %2d (k/step %.4f)", s, ks), linear, residual[s], ok,
                        "2|1-4k/s|^s = %.3e", "%.3e px");
        }
    }
    lab_add_row(r, "steps 1-32 within (1 -+ delta)^s", 32, inside, inside == 32, "%.0f", "%.0f");
    lab_add_row(r, "step 1 amplifies the 2 px error", 2, residual[1], residual[1] > 2, "> %.0f px",
                "%.3f px");
    lab_add_row(r, "step with the smallest residual", round(4 * k), best, best == round(4 * k),
                "s ~ 4k = %.0f", "%.0f");
    lab_note(r, "At step 4 the linear factor 1 - 4k/s is 0.01, as small as the non-linear part "
                "2(k/s)e, so the residual is twice the linear 2e-8 px; everywhere else the linear "
                "law holds to the percent.");
}

/* ---- 7. the rigid rod ------------------------------------------------------------------- */

/* A pendulum: pivot pinned (pin first in the list, as the web's pins), bob on a 100 px
   distance of stiffness 0.99, frame(16), friction 0.99. The pin resets the pivot before every
   pass, so the bob takes only half of each correction and one frame multiplies the rod's error
   by c = (1 - 2k/s)^s (not the (1 - 4k/s)^s of two free ends). Each frame gravity and the
   swing push the bob outward by j = g cos(theta) + v^2 / L before relaxing, so the error
   settles where r = c (r + j): r = c j / (1 - c). At rest j = g; while swinging j <= 3g,
   since v^2 <= 2gL for a bob released from the horizontal. */
/* A pinned pivot (pin first) and a bob on a distance of stiffness 0.99 and length `rest`. */
static silk_world* make_rod(double g, silk_vec2 pivot, silk_vec2 bob_at, double rest, int32_t* bob)
{
    silk_world* w = make_world(0.99, (silk_vec2){0, g});
    int32_t c = add_composite(w);
    int32_t top = add_moving(w, c, pivot, (silk_vec2){0, 0});
    *bob = add_moving(w, c, bob_at, (silk_vec2){0, 0});
    add_pin(w, c, top);
    add_distance(w, c, *bob, top, 0.99, rest);
    return w;
}

static void rigid_rod(lab_report* r)
{
    const double k = 0.99, L = 100, g = 0.2;
    const int32_t s = 16;
    const silk_vec2 pivot = {1000, 1000};
    int32_t bob = 0;

    /* c measured: no gravity, the bob 0.1 px too far out, one frame. The pinned map's
       non-linear part, 3(k/s)e/(1 - 2k/s) per pass at e = 1e-3, allows ~0.5% over 16 passes. */
    silk_world* w = make_rod(0, pivot, (silk_vec2){pivot.x, pivot.y + L}, L - 0.1, &bob);
    silk_world_frame(w, s);
    double c_measured = (dist(pos(w, bob), pivot) - (L - 0.1)) / 0.1;
    silk_world_destroy(w);
    double cf = pow(1 - 2 * k / s, s);
    lab_add_row(r, "per-frame contraction c", cf, c_measured, near_rel(c_measured, cf, 0.01),
                "pinned (1-2k/s)^s = %.4f", "%.4f");

    w = make_rod(g, pivot, (silk_vec2){pivot.x + L, pivot.y}, L, &bob);
    double max_err = 0, sum = 0, err = 0;
    const int frames = 20000;
    for (int n = 0; n < frames; ++n)
    {
        silk_world_frame(w, s);
        err = dist(pos(w, bob), pivot) - L;
        max_err = fmax(max_err, fabs(err));
        sum += fabs(err);
    }
    silk_world_destroy(w);
    double at_rest = cf * g / (1 - cf);
    double swing = cf * 3 * g / (1 - cf);
    /* the pinned map's non-linear part, 3(k/s)e/(1 - 2k/s) per pass, adds ~0.1% at e = 3e-4 */
    lab_add_row(r, "error after 20000 frames (rest)", at_rest, err, near_rel(err, at_rest, 5e-3),
                "c g / (1 - c) = %.5f px", "%.5f px");
    lab_add_row(r, "largest error, 20000 frames", swing, max_err,
                max_err >= at_rest && max_err <= swing, "est. <= 3 c g/(1 - c) = %.4f", "%.4f px");
    lab_add_row(r, "mean |error|", at_rest, sum / frames, near_rel(sum / frames, at_rest, 0.05),
                "~ rest value %.4f px", "%.4f px");
    lab_note(r, "Error = bob's distance from the pin target - 100. The seed quotes (1 - 4k/s)^s = "
                "0.0106 as the rod's contraction; with a pinned pivot it is (1 - 2k/s)^s = 0.121, "
                "which predicts its 0.0277 px mean. Its 0.075 px max (start not given) and our "
                "0.061 px from the horizontal both lie under the 3g estimate. Never 0: gravity "
                "re-injects g every frame.");
}

/* ---- 8. the hanging chain --------------------------------------------------------------- */

/* Stretch (length / rest - 1) of each link of a chain of `links` segments of rest 30 hanging
   from a pin (pin first, links top-down), after it has settled. */
static void hang_chain(int links, double g, double* stretch)
{
    silk_world* w = make_world(0.99, (silk_vec2){0, g});
    int32_t c = add_composite(w);
    int32_t first = 0;
    for (int i = 0; i <= links; ++i)
    {
        int32_t p = add_moving(w, c, (silk_vec2){1000, 1000 + 30.0 * i}, (silk_vec2){0, 0});
        first = i == 0 ? p : first;
    }
    add_pin(w, c, first);
    for (int i = 1; i <= links; ++i)
    {
        add_distance(w, c, first + i - 1, first + i, 0.99, 30);
    }
    for (int n = 0; n < 3000; ++n) /* friction 0.99: the start-up sway is gone (0.99^3000) */
    {
        silk_world_frame(w, 16);
    }
    for (int i = 1; i <= links; ++i)
    {
        stretch[i - 1] = dist(pos(w, first + i - 1), pos(w, first + i)) / 30 - 1;
    }
    silk_world_destroy(w);
}

static bool decreasing(const double* v, int n)
{
    for (int i = 1; i < n; ++i)
    {
        if (!(v[i] < v[i - 1]))
        {
            return false;
        }
    }
    return true;
}

/* At rest the settled errors solve a linear fixed point x = C (x + g), so they are
   proportional to g up to the non-linear part, which is of the order of the strain itself.
   A link holds the particles below it, so the top link is the most stretched and the stretch
   grows with the chain. One link alone is the rod of row 7 at rest: the bob sits c g / (1 - c)
   below the pin target, and the last pass leaves the pivot 2(k/s) r / (1 - 2k/s) towards the
   bob, so the link itself is stretched by c g / (1 - c) x (1 - 4k/s) / (1 - 2k/s). */
static void hanging_chain(lab_report* r)
{
    const double gs[3] = {0.05, 0.2, 0.8};
    double st[3][4];
    char label[48];
    for (int i = 0; i < 3; ++i)
    {
        hang_chain(4, gs[i], st[i]);
        lab_add_row(r, labelf(label, "4 links, g = %.2f: top / 4th", gs[i]), NAN, 100 * st[i][0],
                    decreasing(st[i], 4), "decreasing downwards", "%.2f%%");
        snprintf(r->rows[r->count - 1].measured, 64, "%.2f%% / %.2f%%", 100 * st[i][0],
                 100 * st[i][3]);
    }
    /* exact proportionality up to the non-linear part: allow twice the larger strain */
    double ratio_lo = st[1][0] / st[0][0], ratio_hi = st[2][0] / st[1][0];
    lab_add_row(r, "top: stretch(0.2) / stretch(0.05)", 4, ratio_lo,
                near_rel(ratio_lo, 4, 2 * st[1][0]), "%.0f (gravity x4)", "%.3f");
    lab_add_row(r, "top: stretch(0.8) / stretch(0.2)", 4, ratio_hi,
                near_rel(ratio_hi, 4, 2 * st[2][0]), "%.0f (gravity x4)", "%.3f");

    const int ns[4] = {1, 2, 4, 8};
    double chain[4][8];
    double previous_top = 0;
    bool grows = true;
    for (int i = 0; i < 4; ++i)
    {
        hang_chain(ns[i], 0.2, chain[i]);
        grows = grows && chain[i][0] > previous_top && decreasing(chain[i], ns[i]);
        previous_top = chain[i][0];
    }
    const double ks = 0.99 / 16;
    double cf = pow(1 - 2 * ks, 16);
    double one = cf * 0.2 / (1 - cf) * (1 - 4 * ks) / (1 - 2 * ks) / 30;
    /* 16 passes x the pinned map's non-linear part 3(k/s)e/(1 - 2k/s) at e ~ 1e-3: ~0.5% */
    lab_add_row(r, "1 link: stretch (row 7's rod)", 100 * one, 100 * chain[0][0],
                near_rel(chain[0][0], one, 0.01), "closed form %.4f%%", "%.4f%%");
    for (int i = 1; i < 4; ++i)
    {
        lab_add_row(r, labelf(label, "%d links: top / bottom", ns[i]), NAN, 100 * chain[i][0],
                    grows, "top grows, decreasing down", "%.2f%%");
        snprintf(r->rows[r->count - 1].measured, 64, "%.2f%% / %.2f%%", 100 * chain[i][0],
                 100 * chain[i][ns[i] - 1]);
    }
    /* The 8-link chain: stretch per particle held (link i holds 8 - i particles). */
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < 8; ++i)
    {
        double per = chain[3][i] / (8 - i);
        lo = fmin(lo, per);
        hi = fmax(hi, per);
    }
    lab_add_row(r, "8 links: stretch per load, max/min", 1, hi / lo, hi / lo < 1.25,
                "~ %.0f (proportional)", "%.3f");
    snprintf(r->rows[r->count - 1].measured, 64, "%.3f (%.3f-%.3f%%)", hi / lo, 100 * lo, 100 * hi);
    lab_note(r, "Pin first, settled for 3000 frames. Agrees with the seed's tables to their one "
                "decimal (its 8-link top 2.2%%, ours 2.16%%); its 1-link 0.1%% is 0.079%%, the "
                "closed form above. The stretch is a budget effect: 16 passes of k/s cannot "
                "cancel g in one frame.");
}

/* ---- 9. coincident particles ------------------------------------------------------------ */

/* Defect #1: a distance relax divides by |a - b|^2; for coincident points that is 0/0 in the
   scale ((d^2 - 0) / 0 = inf, times a zero normal = NaN), so both ends become NaN. */
static void coincident(lab_report* r)
{
    silk_world* w = make_world(1.0, (silk_vec2){0, 0});
    int32_t c = add_composite(w);
    int32_t a = add_moving(w, c, (silk_vec2){500, 500}, (silk_vec2){0, 0});
    int32_t b = add_moving(w, c, (silk_vec2){500, 500}, (silk_vec2){0, 0});
    add_distance(w, c, a, b, 1, 10);
    silk_world_relax(w, 1, 1.0);
    silk_vec2 pa = pos(w, a), pb = pos(w, b);
    int nans = isnan(pa.x) + isnan(pa.y) + isnan(pb.x) + isnan(pb.y);
    lab_add_row(r, "NaN coordinates after one relax", 4, nans, nans == 4, "%.0f of 4", "%.0f");
    silk_world_update_diagnostics(w, (silk_vec2){0, 0});
    double counted = diag(w)[SILK_DIAG_NAN_COUNT];
    lab_add_row(r, "diagnostics NaN count", 2, counted, counted == 2, "%.0f particles", "%.0f");
    double flag = diag(w)[SILK_DIAG_EXPLODED];
    lab_add_row(r, "diagnostics exploded flag", 1, flag, flag == 1, "%.0f", "%.0f");
    silk_world_destroy(w);
    lab_note(r, "Compat keeps the defect on purpose. After the first NaN the original's Vec2 "
                "coercion (x || 0) shapes how it spreads (tests/reference/NOTES.md D1).");
}

/* ---- 10. bounds: floor and walls, no ceiling -------------------------------------------- */

/* Flight with friction f and gravity g: v_n = f^n v_0 + g (1 - f^n) / (1 - f). */
static double flight(double y0, double v0, double f, double g, int frames)
{
    double y = y0;
    for (int n = 1; n <= frames; ++n)
    {
        y += pow(f, n) * v0 + g * (1 - pow(f, n)) / (1 - f);
    }
    return y;
}

static void bounds(lab_report* r)
{
    silk_world_def def = silk_default_world_def(); /* 800 x 500, g 0.2, f 0.99 */
    silk_world* w = NULL;
    silk_world_create(&def, &w);
    int32_t c = add_composite(w);
    int32_t up = add_moving(w, c, (silk_vec2){400, 100}, (silk_vec2){0, -80});
    int32_t left = add_moving(w, c, (silk_vec2){100, 200}, (silk_vec2){-50, 0});
    int32_t right = add_moving(w, c, (silk_vec2){700, 200}, (silk_vec2){50, 0});
    for (int n = 0; n < 5; ++n)
    {
        silk_world_frame(w, 16);
    }
    double y = pos(w, up).y;
    double free_y = flight(100, -80, def.friction, def.gravity.y, 5);
    lab_add_row(r, "upward particle: y after 5 frames", free_y, y, y < 0 && fabs(y - free_y) < 1e-9,
                "free flight %.4f", "%.4f (not clamped)");
    lab_add_row(r, "left wall: x after 5 frames", 0, pos(w, left).x, pos(w, left).x == 0.0,
                "%.0f (clamped)", "%.15g");
    lab_add_row(r, "right wall: x after 5 frames", def.width - 1, pos(w, right).x,
                pos(w, right).x == def.width - 1, "W - 1 = %.0f", "%.15g");
    silk_world_destroy(w);
    lab_note(r, "Only the floor and the side walls clamp. The page relies on it: the spider "
                "starts at y = -300 and falls in.");
}

/* ---- 11. frame-rate coupling: the 550 px fall ------------------------------------------- */

static int32_t thorax_of(const silk_world* w)
{
    silk_spider_info info;
    silk_world_spider_info(w, &info);
    return info.thorax;
}

/* Frames until the thorax reaches y >= 250, the web's centre line. */
static int fall_frames(silk_world* w, bool crawl, double* grips)
{
    int32_t thorax = thorax_of(w);
    int n = 0;
    while (pos(w, thorax).y < 250 && n < 10000)
    {
        if (crawl)
        {
            silk_world_spider_tick(w, NULL);
        }
        silk_world_frame(w, 16);
        n += 1;
    }
    silk_world_update_diagnostics(w, (silk_vec2){400, 250});
    *grips = diag(w)[SILK_DIAG_GRIPS];
    return n;
}

/* Seconds of display time until the thorax reaches 250 when advance() is fed 1/hz per call. */
static double fall_seconds(silk_loop_mode mode, double hz)
{
    silk_world* w = make_page(0.3);
    silk_world_set_auto_crawl(w, false);
    silk_world_set_loop_mode(w, mode);
    int32_t thorax = thorax_of(w);
    int calls = 0;
    while (pos(w, thorax).y < 250 && calls < 100000)
    {
        silk_world_advance(w, 1.0 / hz, NULL);
        calls += 1;
    }
    silk_world_destroy(w);
    return calls / hz;
}

/* Without the crawl rule the spider falls freely (the web is another composite; nothing
   collides): drop(N) = sum v_n = g/(1-f) (N - f (1 - f^N)/(1 - f)), from v_0 = 0. The frame
   count is the first N with drop(N) >= 550. A frame is a fixed amount of physics, so the fall
   takes N / Hz seconds on a display of Hz frames per second when one frame is run per display
   frame (coupled), and N / 60 s at any Hz with the fixed-step loop. */
static void frame_rate_coupling(lab_report* r)
{
    const double g = 0.2, f = 0.99;
    int n_free = 0;
    for (int n = 1; n_free == 0 && n < 1000; ++n)
    {
        double drop = g / (1 - f) * (n - f * (1 - pow(f, n)) / (1 - f));
        n_free = drop >= 550 ? n : 0;
    }
    double grips = 0;
    silk_world* w = make_page(0.3);
    int measured = fall_frames(w, false, &grips);
    silk_world_destroy(w);
    lab_add_row(r, "frames to fall 550 px, no crawl", n_free, measured, measured == n_free,
                "closed form %.0f", "%.0f");

    const double hz[3] = {60, 120, 144};
    char label[48];
    for (int i = 0; i < 3; ++i)
    {
        double t = fall_seconds(SILK_LOOP_COUPLED, hz[i]);
        lab_add_row(r, labelf(label, "coupled loop at %.0f Hz", hz[i]), n_free / hz[i], t,
                    fabs(t - n_free / hz[i]) < 1e-9, "N / Hz = %.3f s", "%.3f s");
    }
    for (int i = 1; i < 3; ++i)
    {
        double t = fall_seconds(SILK_LOOP_FIXED, hz[i]);
        lab_add_row(r, labelf(label, "fixed 60 Hz step at %.0f Hz", hz[i]), n_free / 60.0, t,
                    t >= n_free / 60.0 - 1e-9 && t < n_free / 60.0 + 1 / hz[i],
                    "N / 60 = %.3f s (+1 frame)", "%.3f s");
    }

    w = make_page(0.3);
    int with_crawl = fall_frames(w, true, &grips);
    silk_world_destroy(w);
    lab_add_row(r, "with the crawl rule (seed 1)", n_free, with_crawl,
                with_crawl > n_free && grips > 0, "> %.0f (feet grip first)", "%.0f frames");
    lab_note(r, "The seed's 84 frames is free fall. With the page's crawl rule the feet grip the "
                "web before the thorax arrives and hold it back: the count depends on the draws "
                "(SplitMix64 seed 1 here, Math.random in the seed; 84-346 over seeds 1-40, "
                "tests/reference/NOTES.md D3).");
}

/* ---- 12-13. the angle constraint -------------------------------------------------------- */

/* Three particles a, b, c with |ba| = |bc| = 100 and the angle a-b-c = theta at b, an angle
   constraint (stiffness 1) that keeps theta, then c turned `open_deg` further about b. No
   gravity; friction 0.99 matters only when frames are run (row 15). */
typedef struct hinge
{
    silk_world* w;
    int32_t a, b, c;
    double rest;
} hinge;

static hinge make_hinge(double theta_deg, double open_deg)
{
    hinge h;
    h.w = make_world(0.99, (silk_vec2){0, 0});
    int32_t comp = add_composite(h.w);
    const silk_vec2 b = {1000, 1000};
    double t = theta_deg * PI / 180, t2 = (theta_deg + open_deg) * PI / 180;
    h.a = add_moving(h.w, comp, (silk_vec2){b.x + 100, b.y}, (silk_vec2){0, 0});
    h.b = add_moving(h.w, comp, b, (silk_vec2){0, 0});
    h.c = add_moving(h.w, comp, (silk_vec2){b.x + 100 * cos(t), b.y + 100 * sin(t)},
                     (silk_vec2){0, 0});
    silk_angle_def def = silk_default_angle_def();
    def.a = h.a;
    def.b = h.b;
    def.c = h.c;
    int32_t index = 0;
    silk_world_add_angle(h.w, comp, &def, &index);
    silk_constraint_info info;
    silk_world_get_constraint(h.w, comp, index, &info);
    h.rest = info.rest;
    silk_world_set_position(h.w, h.c, (silk_vec2){b.x + 100 * cos(t2), b.y + 100 * sin(t2)});
    silk_world_set_last_position(h.w, h.c, pos(h.w, h.c));
    return h;
}

/* Signed angle error, wrapped to (-pi, pi]. */
static double hinge_error(const hinge* h)
{
    silk_vec2 a = pos(h->w, h->a), b = pos(h->w, h->b), c = pos(h->w, h->c);
    double ux = a.x - b.x, uy = a.y - b.y, vx = c.x - b.x, vy = c.y - b.y;
    double e = atan2(ux * vy - uy * vx, ux * vx + uy * vy) - h->rest;
    return e > PI ? e - 2 * PI : e <= -PI ? e + 2 * PI : e;
}

static silk_vec2 hinge_centroid(const hinge* h)
{
    silk_vec2 a = pos(h->w, h->a), b = pos(h->w, h->b), c = pos(h->w, h->c);
    return (silk_vec2){(a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3};
}

/* Per-iteration ratio of the angle error once it is below 1e-6 rad. */
static double angle_ratio(double theta_deg, double coef)
{
    hinge h = make_hinge(theta_deg, 1.0);
    double e = hinge_error(&h), ratio = NAN;
    for (int n = 0; n < 2000 && fabs(e) > 1e-6; ++n)
    {
        silk_world_relax(h.w, 1, coef);
        double next = hinge_error(&h);
        ratio = next / e;
        e = next;
    }
    silk_world_destroy(h.w);
    return ratio;
}

/* One relax turns a by +phi and c by -phi about b (phi = coef x error), then b about a by +phi
   and about c by -phi: to first order b moves phi |ac| at right angles to ac. Summing the four
   changes of the angle (|ba| = |bc|) gives error' = error (1 - 2(2 - cos theta) coef), which
   is the distance constraint's 1 - 4k exactly at theta = 90 degrees, and not elsewhere.
   Tolerance 1e-4: the ratio is read at |error| < 1e-6 rad, where second-order terms are
   ~1e-6 and the angle's rounding (1e-13 rad) is 1e-7 of the error. */
static void angle_contraction(lab_report* r)
{
    const double coefs[4] = {0.025, 0.05, 0.1, 0.2};
    char label[48];
    for (int i = 0; i < 4; ++i)
    {
        double ratio = angle_ratio(90, coefs[i]);
        double theory = 1 - 4 * coefs[i];
        lab_add_row(r, labelf(label, "90 deg, coef %.3f", coefs[i]), theory, ratio,
                    fabs(ratio - theory) < 1e-4, "1 - 4k = %.5f", "%.5f");
    }
    const double thetas[3] = {60, 120, 170};
    for (int i = 0; i < 3; ++i)
    {
        double ratio = angle_ratio(thetas[i], 0.1);
        double theory = 1 - 2 * (2 - cos(thetas[i] * PI / 180)) * 0.1;
        lab_add_row(r, labelf(label, "%.0f deg, coef 0.100", thetas[i]), theory, ratio,
                    fabs(ratio - theory) < 1e-4, "1-2(2-cos t)k = %.5f", "%.5f");
    }
    lab_note(r, "The seed calls 1 - 4k an empirical law for angles (0.90244 at 0.025). It holds "
                "at right angles only: the gain is 2(2 - cos theta), from 3k at 60 deg to 6k at "
                "180 deg. An almost straight joint (the spider's legs are ~170 deg) at coef 1/3 "
                "overshoots to -0.99 per pass: on the edge by itself, and over it inside Verlet "
                "(row 15, step 3).");
}

/* 200 relaxations from a 1 degree error. While it converges, each iteration moves a and c
   by at most L phi and b by |ac| phi <= 2 L phi, so the centroid moves at most
   (4/3) L sum phi = (4/3) L coef e0 / (1 - |1 - 4 coef|). At coef 0.99 the factor is -2.96:
   the error grows, and turning b about a and then about c keeps neither |ba| nor |bc|, so
   the triangle, and the centroid with it, runs away geometrically. */
static void angle_momentum(lab_report* r)
{
    const double coefs[3] = {0.99, 0.3, 0.025};
    const double e0 = PI / 180, L = 100;
    char label[48];
    for (int i = 0; i < 3; ++i)
    {
        hinge h = make_hinge(90, 1.0);
        silk_vec2 c0 = hinge_centroid(&h);
        silk_world_relax(h.w, 200, coefs[i]);
        silk_vec2 c1 = hinge_centroid(&h);
        double drift = dist(c0, c1);
        double error_deg = fabs(hinge_error(&h)) * 180 / PI;
        silk_world_destroy(h.w);
        if (i == 0)
        {
            lab_add_row(r, "coef 0.99: error after 200", 1, error_deg, error_deg > 1,
                        "> %.0f deg (diverges)", "%.4g deg");
            lab_add_row(r, "coef 0.99: centroid drift", 1e50, drift, drift > 1e50,
                        "> %.0e px (runs away)", "%.3e px");
            continue;
        }
        double bound = 4.0 / 3.0 * L * coefs[i] * e0 / (1 - fabs(1 - 4 * coefs[i]));
        lab_add_row(r, labelf(label, "coef %.3f: error after 200", coefs[i]), 1e-6, error_deg,
                    error_deg < 1e-6, "< %.0e deg", "%.3e deg");
        lab_add_row(r, labelf(label, "coef %.3f: centroid drift", coefs[i]), bound, drift,
                    drift <= bound, "<= %.3f px", "%.2e px");
    }
    lab_note(r, "The seed's 6.6e108 px at coef 0.99 is a random start; ours starts at 90 + 1 "
                "deg. Either way the operator is not momentum-conserving and coef must stay "
                "well below 1/(2 - cos theta): 0.5 at 90 deg, 1/3 for a straight joint.");
}

/* ---- 14. the spider page: size ---------------------------------------------------------- */

/* Counts from the builders: web n = segments x depth particles; pins on every 4th outer
   particle, n - 1 spiral links, n - 1 spokes (clamped to n - 1 at the centre), one closing
   link. Spider 3 + 8 x 4 particles; 3 body constraints + 4 rows x 16 (8 distances, 8 angles).
   frame(16) relaxes every constraint 16 times. */
static void page_size(lab_report* r)
{
    silk_world* w = make_page(0.3);
    silk_world_set_auto_crawl(w, false);
    silk_world_frame(w, 16);
    silk_world_update_diagnostics(w, (silk_vec2){400, 250});
    silk_spider_info info;
    silk_world_spider_info(w, &info);
    int32_t web_c = 0, spider_c = 0;
    silk_world_composite_constraint_count(w, info.web_composite, &web_c);
    silk_world_composite_constraint_count(w, info.spider_composite, &spider_c);
    silk_spiderweb_def web = silk_default_spiderweb_def();
    int n = web.segments * web.depth;
    int web_constraints = (web.segments + 3) / 4 + 2 * (n - 1) + 1;
    int web_particles = 0;
    for (int i = 0; i < silk_world_particle_count(w); ++i)
    {
        int32_t comp = -1;
        silk_world_particle_composite(w, i, &comp);
        web_particles += comp == info.web_composite;
    }
    const double* v = diag(w);
    lab_add_row(r, "web particles", n, web_particles, web_particles == n, "20 x 7 = %.0f", "%.0f");
    lab_add_row(r, "web constraints", web_constraints, web_c, web_c == web_constraints,
                "5 + 2(n-1) + 1 = %.0f", "%.0f");
    lab_add_row(r, "spider particles", 35, silk_world_particle_count(w) - web_particles,
                silk_world_particle_count(w) - web_particles == 35, "3 + 8 x 4 = %.0f", "%.0f");
    lab_add_row(r, "spider constraints", 67, spider_c, spider_c == 67, "3 + 4 x 16 = %.0f", "%.0f");
    lab_add_row(r, "diagnostics: particles", n + 35, v[SILK_DIAG_PARTICLES],
                v[SILK_DIAG_PARTICLES] == n + 35, "%.0f", "%.0f");
    lab_add_row(r, "diagnostics: constraints", web_constraints + 67, v[SILK_DIAG_CONSTRAINTS],
                v[SILK_DIAG_CONSTRAINTS] == web_constraints + 67, "%.0f", "%.0f");
    double relax = 16.0 * (web_constraints + 67);
    lab_add_row(r, "relaxations per frame(16)", relax, v[SILK_DIAG_RELAXATIONS_PER_FRAME],
                v[SILK_DIAG_RELAXATIONS_PER_FRAME] == relax, "16 x 351 = %.0f", "%.0f");
    silk_world_destroy(w);
    lab_note(r, "Timing is not asserted here (benchmarks measure it); the seed's 0.55 ms per "
                "frame was Node on a 2019 laptop.");
}

/* ---- 15. the step sweep ----------------------------------------------------------------- */

/* Largest distance of a web particle from the canvas centre, as built. */
static double web_radius(void)
{
    silk_world* w = make_page(0.3);
    silk_spider_info info;
    silk_world_spider_info(w, &info);
    double radius = 0;
    for (int i = 0; i < silk_world_particle_count(w); ++i)
    {
        int32_t comp = -1;
        silk_world_particle_composite(w, i, &comp);
        radius = comp == info.web_composite ? fmax(radius, dist(pos(w, i), (silk_vec2){400, 250}))
                                            : radius;
    }
    silk_world_destroy(w);
    return radius;
}

static double page_radius(int32_t step, int32_t frames)
{
    silk_world* w = make_page(0.3);
    silk_world_run_frames(w, frames, step, (silk_vec2){400, 250});
    double radius = diag(w)[SILK_DIAG_BOUNDING_RADIUS];
    silk_world_destroy(w);
    return radius;
}

/* Growth per frame of a lone joint's error under frame(step): the geometric mean of
   |e_{n+1} / e_n| over frames 6..12. With a real dominant root the other mode has faded by
   then and this is the root; with a complex pair (step 4) it only shows the decay. */
static double joint_growth(double theta_deg, int32_t step)
{
    hinge h = make_hinge(theta_deg, 1e-4);
    double e6 = 0;
    for (int n = 1; n <= 12; ++n)
    {
        silk_world_frame(h.w, step);
        e6 = n == 6 ? fabs(hinge_error(&h)) : e6;
    }
    double e12 = fabs(hinge_error(&h));
    silk_world_destroy(h.w);
    return pow(e12 / e6, 1.0 / 6.0);
}

/* Relaxation inside Verlet: a mode whose error one frame's relaxation multiplies by c also
   carries its last change as velocity, x_{n+1} = c (x_n + f (x_n - x_{n-1})), so it grows
   as the largest root of L^2 - c(1 + f) L + c f = 0, which passes -1 at c = -1 / (1 + 2f):
   a frame that overshoots by more than ~1/3 is unstable even though |c| < 1. For a joint of
   angle theta, c = (1 - 2(2 - cos theta) k/s)^s (row 12). */
static double verlet_root(double c, double f)
{
    double b = c * (1 + f), disc = b * b - 4 * c * f;
    return disc < 0 ? sqrt(c * f) : fmax(fabs((b + sqrt(disc)) / 2), fabs((b - sqrt(disc)) / 2));
}

/* The page at step 1..32 for 120 frames. k_max is 1 (body, joints, grips), so k/step is 1,
   0.5, 0.33: steps 1 and 2 are past the linear threshold and blow up to astronomic radii
   without a NaN (no 'isnan' health check would see it; the explosion flag does). Step 3 is
   stable for distances (c = (1 - 4/3)^3 = -0.04) but not for the spider's almost straight
   stiffness-1 joints: at 170 degrees c = -0.97, past Verlet's -1/(1 + 2f). From step 4 the
   joints' c is positive and the page stays within the web. */
static void step_sweep(lab_report* r)
{
    silk_world_def def = silk_default_world_def();
    silk_scene_def scene = silk_default_scene_def();
    silk_sweep_row rows[32];
    silk_step_sweep(&def, &scene, 120, 32, rows);
    char label[48];
    for (int i = 0; i < 2; ++i)
    {
        const silk_sweep_row* s = &rows[i];
        bool ok = s->bounding_radius > 1e30 && s->nan_count == 0 && s->exploded;
        lab_add_row(r, labelf(label, "step %d (k/step %.2f): radius", s->step, s->k_effective),
                    1e30, s->bounding_radius, ok, "> %.0e px, 0 NaN, flagged", "%.3e px");
    }
    double web0 = web_radius();
    double lo = 0.8 * web0, hi = 1.1 * web0;
    double r3_120 = rows[2].bounding_radius, r3_1000 = page_radius(3, 1000);
    lab_add_row(r, "step 3: radius at 120 frames", SILK_EXPLOSION_FACTOR * 800, r3_120,
                rows[2].exploded && rows[2].nan_count == 0, "> 4 x 800 (flagged)", "%.0f px");
    lab_add_row(r, "step 3: radius at 1000 frames", 1e6, r3_1000, r3_1000 > 1e6,
                "> %.0e px (keeps growing)", "%.3e px");
    for (int32_t step = 3; step <= 4; ++step)
    {
        double per_pass = 1 - 2 * (2 - cos(170 * PI / 180)) / step;
        double root = verlet_root(pow(per_pass, step), 0.99);
        double growth = joint_growth(170, step);
        lab_add_row(r, labelf(label, "lone 170 deg joint, step %d: x/frame", step), root, growth,
                    step == 3 ? near_rel(growth, root, 0.02) : growth < 1,
                    step == 3 ? "Verlet root %.3f (grows)" : "|complex roots| %.3f < 1", "%.3f");
    }
    double min_r = INFINITY, max_r = 0;
    bool bounded = true;
    for (int i = 3; i < 32; ++i)
    {
        min_r = fmin(min_r, rows[i].bounding_radius);
        max_r = fmax(max_r, rows[i].bounding_radius);
        bounded = bounded && !rows[i].exploded && rows[i].nan_count == 0;
    }
    lab_add_row(r, "steps 4-32: radius range", web0, min_r, bounded && min_r >= lo && max_r <= hi,
                "within 0.8-1.1 x web %.0f px", "%.1f");
    snprintf(r->rows[r->count - 1].measured, 64, "%.1f - %.1f px", min_r, max_r);
    double r4_1000 = page_radius(4, 1000);
    lab_add_row(r, "step 4: radius at 1000 frames", hi, r4_1000, r4_1000 <= hi,
                "<= %.0f px (stays bounded)", "%.1f px");
    double r16 = rows[15].bounding_radius;
    lab_add_row(r, "step 16 (the page)", web0, r16, r16 >= lo && r16 <= hi, "web radius %.1f px",
                "%.1f px");
    lab_note(r, "Our k_max is 1 (body, joints, grips), so k/step is 1/step; the seed divided "
                "0.99. Step 3: the seed's 'step <= 3 diverges' is right, only slower -- a few "
                "thousand px at 120 frames, growing on (the exact figure differs between the "
                "native and wasm trees, whose trig differs in the last bit, which the explosion "
                "amplifies). The diagnostics' linear verdict (1 - 4 k/step) calls step 3 "
                "'stable'; it does not know the joints' 2(2 - cos theta) gain or Verlet's "
                "feedback. The radius and the explosion flag catch it.");
}

/* ---- 16. tensor ------------------------------------------------------------------------- */

static int compare_doubles(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

/* Median of |len - rest| / rest over one composite's distance constraints with rest > 0
   (NaN if any is not finite). */
static double composite_strain_median(const silk_world* w, int32_t comp)
{
    static double strain[512]; /* the web has 279 */
    int32_t count = 0, n = 0;
    silk_world_composite_constraint_count(w, comp, &count);
    for (int32_t j = 0; j < count && n < 512; ++j)
    {
        silk_constraint_info c;
        silk_world_get_constraint(w, comp, j, &c);
        if (c.kind == SILK_DISTANCE && c.rest > 0)
        {
            strain[n++] = fabs(dist(pos(w, c.a), pos(w, c.b)) - c.rest) / c.rest;
        }
    }
    qsort(strain, (size_t)n, sizeof(double), compare_doubles);
    double median = n % 2 ? strain[n / 2] : 0.5 * (strain[n / 2 - 1] + strain[n / 2]);
    return isfinite(median) && isfinite(strain[n - 1]) ? median : NAN;
}

/* The web's median strain after `frames` page frames (crawling, seed 1), or with no spider. */
static double web_strain(double tensor, int32_t frames, bool spider)
{
    silk_world* w = NULL;
    int32_t web = 0;
    if (spider)
    {
        w = make_page(tensor);
        silk_spider_info info;
        silk_world_spider_info(w, &info);
        web = info.web_composite;
    }
    else
    {
        w = make_world(0.99, (silk_vec2){0, 0.2});
        silk_world_set_size(w, 800, 500);
        silk_spiderweb_def def = silk_default_spiderweb_def();
        def.tensor = tensor;
        silk_world_build_spiderweb(w, &def, &web);
    }
    silk_world_run_frames(w, frames, 16, (silk_vec2){400, 250});
    double median = composite_strain_median(w, web);
    silk_world_destroy(w);
    return median;
}

/* tensor t multiplies every web rest length, and the pinned rim cannot shrink with it: the
   web settles in an over-stretched equilibrium. If nothing gave way every link would be
   strained by 1/t - 1; the web gives in part, so its median strain lies below that and
   rises as t falls. Without the spider the equilibrium is static (the same figure at 240 and
   600 frames); with the crawling spider it is statistical. */
static void tensor_strain(lab_report* r)
{
    const double ts[6] = {1.0, 0.8, 0.6, 0.4, 0.3, 0.2};
    double previous = -1, at03 = 0;
    char label[48];
    for (int i = 0; i < 6; ++i)
    {
        double m = web_strain(ts[i], 400, true);
        double cap = ts[i] < 1 ? 1 / ts[i] - 1 : 0.05; /* tensor 1: only sag, a few % */
        bool ok = m > previous && m < cap;
        lab_add_row(r, labelf(label, "tensor %.1f: median strain", ts[i]), 100 * cap, 100 * m, ok,
                    ts[i] < 1 ? "rising, < 1/t - 1 = %.0f%%" : "small, < %.0f%% (sag)", "%.2f%%");
        previous = m;
        at03 = ts[i] == 0.3 ? m : at03;
    }
    lab_add_row(r, "tensor 0.3: the seed's ~97%", 97, 100 * at03, at03 > 0.85 && at03 < 1.10,
                "85-110%% (seed %.0f%%)", "%.2f%%");
    double web240 = web_strain(0.3, 240, false), web600 = web_strain(0.3, 600, false);
    lab_add_row(r, "web alone, 0.3: 240 vs 600 frames", 100 * web600, 100 * web240,
                near_rel(web240, web600, 1e-4), "static: %.3f%%", "%.3f%%");
    const int32_t frames[3] = {60, 240, 600};
    for (int i = 0; i < 3; ++i)
    {
        double m = web_strain(0.3, frames[i], true);
        lab_add_row(r, labelf(label, "page, 0.3, after %d frames", frames[i]), 100 * at03, 100 * m,
                    near_rel(m, at03, 0.10), "400-frame %.1f%% +-10%%", "%.2f%%");
    }
    lab_note(r, "The web's own distance constraints, as the seed measured (its median rest length "
                "scales exactly with tensor, which only the web's do); the diagnostics median "
                "also counts the spider's legs and reads ~88%%. With crawling the median wanders "
                "93-106%% over frames and seeds; the web alone settles at 97.40%%. No NaN.");
}

/* ---- 17. the spider's legs -------------------------------------------------------------- */

static double joint_error(const silk_world* w, const silk_constraint_info* c, bool wrap)
{
    silk_vec2 a = pos(w, c->a), b = pos(w, c->b), cc = pos(w, c->c);
    double ux = a.x - b.x, uy = a.y - b.y, vx = cc.x - b.x, vy = cc.y - b.y;
    double e = atan2(ux * vy - uy * vx, ux * vx + uy * vy) - c->rest;
    if (wrap)
    {
        e = e > PI ? e - 2 * PI : e <= -PI ? e + 2 * PI : e;
    }
    return fabs(e) * 180 / PI;
}

/* The legs, over 1000 page frames (seed 1). Spider constraint j = 3 + 16 row + m: m = 0, 1 the
   hip links (thorax to R1 / L1, 3-5 px), m = 2..7 the leg segments proper (rest 20 / 20 / 12
   x 1, .7, .7, .9), m = 8..15 the joint angles. A leg is held by k/s = 0.06 per pass and
   yanked by its foot's grip, so its segments stretch by percents, not by 0; the count grows
   by one grip per foot at most, since crawl replaces a foot's old grip. */
static void spider_legs(lab_report* r)
{
    silk_world* w = make_page(0.3);
    silk_spider_info info;
    silk_world_spider_info(w, &info);
    int32_t count0 = 0, count = 0, max_count = 0;
    silk_world_composite_constraint_count(w, info.spider_composite, &count0);
    double med_lo = INFINITY, med_hi = 0, worst = 0, wrapped = 0, naive = 0, typical = 0;
    static double angle_max[1000];
    double sampled[2] = {0, 0};
    for (int n = 0; n < 1000; ++n)
    {
        silk_world_spider_tick(w, NULL);
        silk_world_frame(w, 16);
        silk_world_composite_constraint_count(w, info.spider_composite, &count);
        max_count = count > max_count ? count : max_count;
        double seg[24];
        int ns = 0;
        angle_max[n] = 0;
        for (int32_t j = 3; j < 67; ++j)
        {
            silk_constraint_info c;
            silk_world_get_constraint(w, info.spider_composite, j, &c);
            int m = (j - 3) % 16;
            if (m >= 2 && m < 8)
            {
                seg[ns] = fabs(dist(pos(w, c.a), pos(w, c.b)) / c.rest - 1);
                worst = fmax(worst, seg[ns++]);
            }
            else if (m >= 8)
            {
                angle_max[n] = fmax(angle_max[n], joint_error(w, &c, true));
                naive = fmax(naive, joint_error(w, &c, false));
            }
        }
        wrapped = fmax(wrapped, angle_max[n]);
        if (n + 1 == 150 || n + 1 == 400) /* the seed's samples: right front leg, j = 5, 7, 9 */
        {
            double front = 0;
            for (int32_t j = 5; j <= 9; j += 2)
            {
                silk_constraint_info c;
                silk_world_get_constraint(w, info.spider_composite, j, &c);
                front = fmax(front, fabs(dist(pos(w, c.a), pos(w, c.b)) / c.rest - 1));
            }
            sampled[n + 1 == 400] = front;
        }
        if (n >= 150) /* landed: from frame ~84 on the spider is in the web */
        {
            qsort(seg, 24, sizeof(double), compare_doubles);
            double median = 0.5 * (seg[11] + seg[12]);
            med_lo = fmin(med_lo, median);
            med_hi = fmax(med_hi, median);
        }
    }
    silk_world_update_diagnostics(w, (silk_vec2){400, 250});
    double diag_angle = diag(w)[SILK_DIAG_ANGLE_ERROR_MAX];
    double last_joint = 0;
    for (int32_t j = 0; j < 67; ++j)
    {
        silk_constraint_info c;
        silk_world_get_constraint(w, info.spider_composite, j, &c);
        last_joint = c.kind == SILK_ANGLE ? fmax(last_joint, joint_error(w, &c, true)) : last_joint;
    }
    silk_world_destroy(w);
    qsort(angle_max, 1000, sizeof(double), compare_doubles);
    typical = angle_max[500];

    lab_add_row(r, "median leg segment, frames 150-1000", 1, 100 * med_lo,
                med_lo > 0.01 && med_hi < 0.5, "|len/rest - 1| in 1%% .. 50%%", "%.1f%%");
    snprintf(r->rows[r->count - 1].measured, 64, "%.1f%% .. %.1f%%", 100 * med_lo, 100 * med_hi);
    lab_add_row(r, "right front leg, frames 150 / 400", 1, 100 * sampled[0],
                sampled[0] > 0.01 && sampled[0] < 0.5 && sampled[1] > 0.01 && sampled[1] < 0.5,
                "several %%: 1%% .. 50%%", "%.1f%%");
    snprintf(r->rows[r->count - 1].measured, 64, "%.1f%% / %.1f%%", 100 * sampled[0],
             100 * sampled[1]);
    lab_add_row(r, "worst leg segment, any frame", 10, 100 * worst, worst > 0.01 && worst < 10,
                "transient, no blow-up (< 1000%%)", "%.0f%%");
    lab_add_row(r, "worst joint per frame, median", 90, typical, typical > 1 && typical < 90,
                "1 .. %.0f deg", "%.1f deg");
    lab_add_row(r, "worst joint, any frame, wrapped", 180, wrapped, wrapped <= 180, "<= %.0f deg",
                "%.1f deg");
    lab_add_row(r, "worst joint, any frame, unwrapped", 180, naive, naive > 180,
                "> %.0f deg (the trap)", "%.1f deg");
    lab_add_row(r, "diagnostics angle max (wraps)", last_joint, diag_angle,
                fabs(diag_angle - last_joint) < 1e-9, "ours, last frame %.2f deg", "%.2f deg");
    lab_add_row(r, "spider constraints at build", 67, count0, count0 == 67, "%.0f", "%.0f");
    lab_add_row(r, "spider constraints, most", 75, max_count, max_count > 67 && max_count <= 75,
                "67 < n <= 67 + 8 = %.0f", "%.0f");
    lab_note(r, "The seed sampled one right front leg at frames 60/150/400 (-8%% .. +24%%, joints "
                "40-65 deg): the same order as our samples and typical worst joint. Over every "
                "frame and leg the extremes are wider (the worst-segment row), and the 3-5 px "
                "hip links, left out here, stretch several-fold when a grip yanks a foot. "
                "SplitMix64 seed 1.");
}

static const lab_experiment experiments[] = {
    {"seed000.01", "position Verlet matches its recurrence bit for bit", free_particle},
    {"seed000.02", "friction is a per-frame factor: v100/v1 = f^99", friction_decay},
    {"seed000.03", "floor at H-1, ground friction x0.8 per frame", floor_and_ground_friction},
    {"seed000.04", "one relaxation: closed form, linear factor 1-4k", one_relaxation},
    {"seed000.05", "stability threshold k = 0.5", stability_threshold},
    {"seed000.06", "frame(step): one frame contracts by (1-4k/s)^s", frame_semantics},
    {"seed000.07", "a rigid rod is not rigid: steady error c g/(1-c)", rigid_rod},
    {"seed000.08", "hanging chain: stretch grows with gravity and load", hanging_chain},
    {"seed000.09", "coincident particles give NaN (defect #1)", coincident},
    {"seed000.10", "bounds: floor and walls clamp, no ceiling", bounds},
    {"seed000.11", "frame-rate coupling: the 550 px fall", frame_rate_coupling},
    {"seed000.12", "angle constraint contraction 1-2(2-cos t)k", angle_contraction},
    {"seed000.13", "angle constraint at coef 0.99 runs away", angle_momentum},
    {"seed000.14", "the spider page: 175 / 351, 5616 relaxations", page_size},
    {"seed000.15", "step sweep: steps 1-3 explode, 4+ bounded", step_sweep},
    {"seed000.16", "tensor: median strain rises as tensor falls", tensor_strain},
    {"seed000.17", "the spider's legs deform but keep their topology", spider_legs},
};

const lab_experiment* lab_seed000_experiments(int* out_count)
{
    *out_count = (int)(sizeof(experiments) / sizeof(experiments[0]));
    return experiments;
}
