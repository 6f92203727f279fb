/* test_robust.c -- the robust solver against verlet-js's defects, and its physical laws.

   Each defect test runs the same situation through both solvers: compat must still show the
   defect (it is verlet-js, on purpose) and robust must not. Runs natively and in wasm. */
#include "check.h"
#include "silk_extras.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static silk_world* make_world(double width, double height, silk_solver solver)
{
    silk_world_def def = silk_default_world_def();
    def.width = width;
    def.height = height;
    silk_world* w = NULL;
    silk_world_create(&def, &w);
    silk_world_set_solver(w, solver);
    return w;
}

static silk_vec2 pos(const silk_world* w, int32_t i)
{
    silk_vec2 p = {0, 0};
    silk_world_get_position(w, i, &p);
    return p;
}

static int32_t add(silk_world* w, int32_t c, double x, double y)
{
    int32_t p = -1;
    silk_world_add_particle(w, c, (silk_vec2){x, y}, &p);
    return p;
}

static int32_t distance(silk_world* w, int32_t c, int32_t a, int32_t b, double k, double rest)
{
    silk_distance_def d = silk_default_distance_def();
    d.a = a;
    d.b = b;
    d.stiffness = k;
    if (rest >= 0)
    {
        d.rest = rest;
        d.rest_from_positions = false;
    }
    int32_t index = -1;
    silk_world_add_distance(w, c, &d, &index);
    return index;
}

static void pin(silk_world* w, int32_t c, int32_t p)
{
    silk_pin_def d = silk_default_pin_def();
    d.particle = p;
    silk_world_add_pin(w, c, &d, NULL);
}

static void set_robust(silk_world* w, int substeps, double damping, silk_vec2 gravity)
{
    silk_robust_def r = silk_world_get_robust(w);
    r.substeps = substeps;
    r.damping = damping;
    r.gravity = gravity;
    silk_world_set_robust(w, &r);
}

static bool finite_world(const silk_world* w)
{
    const silk_vec2* p = silk_world_positions(w);
    for (int32_t i = 0; i < silk_world_particle_count(w); ++i)
    {
        if (!isfinite(p[i].x) || !isfinite(p[i].y))
        {
            return false;
        }
    }
    return true;
}

/* 1. Coincident points: compat divides by |a - b|^2 = 0; robust takes a fixed direction. */
static void defect1_coincident(void)
{
    for (int s = 0; s < 2; ++s)
    {
        silk_world* w = make_world(800, 500, (silk_solver)s);
        silk_world_set_gravity(w, (silk_vec2){0, 0});
        set_robust(w, 8, 0, (silk_vec2){0, 0});
        int32_t c = 0;
        silk_world_add_composite(w, &c);
        int32_t a = add(w, c, 100, 100), b = add(w, c, 100, 100), d = add(w, c, 130, 100);
        distance(w, c, a, b, 1, 10);
        distance(w, c, b, d, 1, -1);
        for (int f = 0; f < 120; ++f)
        {
            silk_world_advance(w, 1.0 / 60, NULL);
        }
        if (s == SILK_SOLVER_COMPAT)
        {
            CHECK(isnan(pos(w, a).x) && isnan(pos(w, d).x)); /* and it spread to d */
        }
        else
        {
            CHECK(finite_world(w));
            double len = hypot(pos(w, a).x - pos(w, b).x, pos(w, a).y - pos(w, b).y);
            printf("defect 1: robust separates coincident points to %.6f px (rest 10)\n", len);
            CHECK(fabs(len - 10) < 0.01);
            CHECK(silk_world_health(w) == SILK_HEALTH_HEALTHY);
        }
        silk_world_destroy(w);
    }
}

/* 2. No ceiling: a particle thrown upward leaves the canvas in compat, not in robust. One-way:
   a particle that starts above the canvas still falls in. */
static void defect2_ceiling(void)
{
    for (int s = 0; s < 2; ++s)
    {
        silk_world* w = make_world(800, 500, (silk_solver)s);
        int32_t c = 0;
        silk_world_add_composite(w, &c);
        int32_t up = add(w, c, 400, 100);
        int32_t above = add(w, c, 200, -300);
        silk_world_set_last_position(w, up, (silk_vec2){400, 130}); /* 30 px/frame upwards */
        double highest = 1e9, lowest_above = -1e9;
        for (int f = 0; f < 600; ++f)
        {
            silk_world_advance(w, 1.0 / 60, NULL);
            highest = fmin(highest, pos(w, up).y);
            lowest_above = fmax(lowest_above, pos(w, above).y);
        }
        printf("defect 2: %s: thrown particle reached y = %.1f; the one dropped from -300 reached "
               "y = %.1f\n",
               s ? "robust" : "compat", highest, lowest_above);
        if (s == SILK_SOLVER_COMPAT)
        {
            CHECK(highest < -1000); /* v^2 / 2g = 900 / 0.4: it flies 2250 px up */
        }
        else
        {
            CHECK(highest >= 0.0);
        }
        CHECK(lowest_above == 499.0); /* both let it in and it lands on the floor */
        silk_world_destroy(w);
    }
}

static silk_vec2 centre_of_mass(const silk_world* w)
{
    silk_vec2 sum = {0, 0};
    int32_t n = silk_world_particle_count(w);
    for (int32_t i = 0; i < n; ++i)
    {
        sum.x += pos(w, i).x;
        sum.y += pos(w, i).y;
    }
    return (silk_vec2){sum.x / n, sum.y / n};
}

/* 3. The angle constraint alone: compat's four rotations move the centre of mass (and run
   away above k ~ 0.5 per pass); robust's gradients sum to zero. */
static void defect3_angle_momentum(void)
{
    const double ks[2] = {0.3, 0.9};
    for (int s = 0; s < 2; ++s)
    {
        for (int kk = 0; kk < 2; ++kk)
        {
            silk_world* w = make_world(1e6, 1e6, (silk_solver)s);
            silk_world_set_gravity(w, (silk_vec2){0, 0});
            silk_world_set_friction(w, 1);
            /* damping scales every velocity alike, so it keeps a zero total; it stops the
               particles before they reach a wall (a wall is an outside force). Coordinates
               near 200 px and a 12 degree bend: rounding (~1e-14 px a step) is what is left. */
            set_robust(w, 8, 2.0, (silk_vec2){0, 0});
            int32_t c = 0;
            silk_world_add_composite(w, &c);
            int32_t a = add(w, c, 200, 200), b = add(w, c, 250, 200);
            int32_t d = add(w, c, 250, 250);
            silk_angle_def ad = silk_default_angle_def();
            ad.a = a;
            ad.b = b;
            ad.c = d;
            ad.stiffness = ks[kk];
            silk_world_add_angle(w, c, &ad, NULL);
            silk_world_set_position(w, d, (silk_vec2){260, 248}); /* bend it */
            silk_world_set_last_position(w, d, (silk_vec2){260, 248});
            silk_vec2 before = centre_of_mass(w);
            double drift = 0.0;
            for (int f = 0; f < 600; ++f)
            {
                if (s == SILK_SOLVER_COMPAT)
                {
                    silk_world_frame(w, 1); /* one pass of coefficient k */
                }
                else
                {
                    silk_world_advance(w, 1.0 / 60, NULL);
                }
                silk_vec2 now = centre_of_mass(w);
                double dd = hypot(now.x - before.x, now.y - before.y);
                drift = isfinite(dd) && dd > drift ? dd : (isfinite(dd) ? drift : INFINITY);
            }
            printf("defect 3: %s, k %.1f: centre of mass moved %.3g px over 600 steps\n",
                   s ? "robust" : "compat", ks[kk], drift);
            if (s == SILK_SOLVER_COMPAT)
            {
                CHECK(drift > 1e-3);
            }
            else
            {
                CHECK(drift < 1e-9);
                CHECK(finite_world(w));
            }
            silk_world_destroy(w);
        }
    }
}

/* 4. Per-frame physics: with the original's loop (one step per display frame) a 120 Hz
   display makes compat fall four times as far in one second and slide further in 0.1 s on the
   floor; robust, in seconds, does not care. */
static void defect4_frame_rate(void)
{
    const double rates[2] = {60, 120};
    double fall[2][2], slide[2][2];
    for (int s = 0; s < 2; ++s)
    {
        for (int r = 0; r < 2; ++r)
        {
            silk_world* w = make_world(1e6, 1e6, (silk_solver)s);
            silk_world_set_loop_mode(w, SILK_LOOP_COUPLED);
            silk_world_set_friction(w, 1);
            set_robust(w, 8, 0, (silk_vec2){0, 720});
            int32_t c = 0;
            silk_world_add_composite(w, &c);
            int32_t p = add(w, c, 1000, 1000);
            /* one on the floor, sliding at 5 px per 1/60 s (robust reads p - q over the
               stepper's 1/60 s: 300 px/s; compat reads 5 px per frame, whatever a frame is) */
            int32_t q = add(w, c, 1000, 1e6 - 1);
            silk_world_set_last_position(w, q, (silk_vec2){995, 1e6 - 1});
            for (int f = 0; f < (int)rates[r]; ++f)
            {
                silk_world_advance(w, 1.0 / rates[r], NULL);
                if (f + 1 == (int)rates[r] / 10)
                {
                    slide[s][r] = pos(w, q).x - 1000;
                }
            }
            fall[s][r] = pos(w, p).y - 1000;
            silk_world_destroy(w);
        }
        printf("defect 4: %s: at 60 / 120 Hz: fell %.1f / %.1f px in 1 s, slid %.2f / %.2f px "
               "in 0.1 s\n",
               s ? "robust" : "compat", fall[s][0], fall[s][1], slide[s][0], slide[s][1]);
    }
    CHECK(fall[0][1] / fall[0][0] > 3.5); /* 0.1 n (n + 1): 1452 vs 366 */
    CHECK(fabs(fall[1][1] / fall[1][0] - 1) < 0.01);
    CHECK(fabs(fall[1][0] - 360) < 5);      /* g t^2 / 2 */
    CHECK(slide[0][1] / slide[0][0] > 1.2); /* 5 (0.8 + ... + 0.8^n): 14.8 vs 18.6 */
    CHECK(fabs(slide[1][1] / slide[1][0] - 1) < 0.01);
    /* 300 / 13.39 (1 - exp(-1.339)) = 16.5 px; the substeps' first-order integration adds
       c hs / 2 = 1.4% */
    CHECK(fabs(slide[1][0] / (300 / 13.388613 * (1 - exp(-1.3388613))) - 1) < 0.02);
}

/* 7. Health: the web at one relaxation pass explodes to ~1e150 px without a NaN (seed 000);
   the watchdog says so. The robust solver at one substep stays healthy. */
static void defect7_health(void)
{
    for (int s = 0; s < 2; ++s)
    {
        silk_world* w = make_world(800, 500, (silk_solver)s);
        silk_world_set_relax_passes(w, 1);
        silk_robust_def r = silk_world_get_robust(w);
        r.substeps = 1;
        silk_world_set_robust(w, &r);
        silk_scene_def scene = silk_default_scene_def();
        silk_world_build_scene(w, &scene);
        int first_unhealthy = -1;
        bool nan_at_detection = false;
        for (int f = 0; f < 300; ++f)
        {
            silk_world_advance(w, 1.0 / 60, NULL);
            if (first_unhealthy < 0 && silk_world_health(w) != SILK_HEALTH_HEALTHY)
            {
                first_unhealthy = f;
                nan_at_detection = !finite_world(w);
            }
        }
        silk_world_update_diagnostics(w, (silk_vec2){400, 250});
        const double* v = silk_world_diagnostics(w)->values;
        printf("defect 7: %s at 1 pass/substep: first unhealthy step %d (NaN then: %s), after 300 "
               "steps health %s, radius %.3g, restores %.0f\n",
               s ? "robust" : "compat", first_unhealthy, nan_at_detection ? "yes" : "no",
               silk_health_string(silk_world_health(w)), v[SILK_DIAG_BOUNDING_RADIUS],
               v[SILK_DIAG_HEALTH_RESTORES]);
        if (s == SILK_SOLVER_COMPAT)
        {
            CHECK(first_unhealthy > 0 && first_unhealthy < 150);
            CHECK(!nan_at_detection); /* caught before any NaN: the silent explosion */
            CHECK(v[SILK_DIAG_HEALTH] != SILK_HEALTH_HEALTHY);
            CHECK(v[SILK_DIAG_UNHEALTHY_STEPS] > 0);
        }
        else
        {
            CHECK(first_unhealthy < 0);
            CHECK(v[SILK_DIAG_BOUNDING_RADIUS] < 400);
        }
        silk_world_destroy(w);
    }
}

/* The watchdog's auto-restore brings the last healthy state back. */
static void watchdog_auto_restore(void)
{
    silk_world* w = make_world(800, 500, SILK_SOLVER_COMPAT);
    silk_watchdog_def wd = silk_default_watchdog_def();
    wd.auto_restore = true;
    wd.snapshot_interval = 30;
    CHECK_EQ_INT(silk_world_set_watchdog(w, &wd), SILK_OK);
    silk_scene_def scene = silk_default_scene_def();
    silk_world_build_scene(w, &scene);
    for (int f = 0; f < 120; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
    }
    silk_world_set_relax_passes(w, 1); /* the setting that blows it up */
    for (int f = 0; f < 300; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
    }
    silk_world_update_diagnostics(w, (silk_vec2){400, 250});
    const double* v = silk_world_diagnostics(w)->values;
    printf("watchdog: auto-restore: %.0f restores, relax steps now %d, health %s, radius %.1f\n",
           v[SILK_DIAG_HEALTH_RESTORES], silk_world_get_relax_passes(w),
           silk_health_string(silk_world_health(w)), v[SILK_DIAG_BOUNDING_RADIUS]);
    CHECK(v[SILK_DIAG_HEALTH_RESTORES] >= 1);
    CHECK(silk_world_get_relax_passes(w) == 16); /* the settings came back with the state */
    CHECK(silk_world_health(w) == SILK_HEALTH_HEALTHY);
    CHECK(v[SILK_DIAG_BOUNDING_RADIUS] < 400);
    silk_world_destroy(w);
}

/* An 8-segment chain of 20 px links hanging from a pin; mean stretch over the last 2 of 10 s. */
static uint64_t chain_hash;

static double chain_stretch(silk_solver solver, double compliance, int substeps, double dt,
                            silk_loop_mode mode, int relax_passes)
{
    silk_world* w = make_world(800, 2000, solver);
    silk_world_set_loop_mode(w, mode);
    silk_world_set_relax_passes(w, relax_passes);
    set_robust(w, substeps, 3.0, (silk_vec2){0, 720});
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    int32_t p[9];
    for (int i = 0; i < 9; ++i)
    {
        p[i] = add(w, c, 400, 100 + 20 * i);
    }
    pin(w, c, p[0]);
    for (int i = 0; i < 8; ++i)
    {
        int32_t index = distance(w, c, p[i], p[i + 1], 1, -1);
        if (compliance >= 0)
        {
            silk_world_set_compliance(w, c, index, compliance);
        }
    }
    int steps = (int)lround(10.0 / dt), window = (int)lround(2.0 / dt);
    double sum = 0.0;
    for (int f = 0; f < steps; ++f)
    {
        silk_world_advance(w, dt, NULL);
        if (f >= steps - window)
        {
            double length = 0.0;
            for (int i = 0; i < 8; ++i)
            {
                length +=
                    hypot(pos(w, p[i]).x - pos(w, p[i + 1]).x, pos(w, p[i]).y - pos(w, p[i + 1]).y);
            }
            sum += length / 160 - 1;
        }
    }
    chain_hash = silk_world_state_hash(w);
    silk_world_destroy(w);
    return sum / window;
}

static void stiffness_independence(void)
{
    const double dts[3] = {1.0 / 60, 1.0 / 120, 1.0 / 144};
    double fixed[3], coupled[3], substeps[3], compat[3];
    uint64_t fixed_hash[3];
    for (int k = 0; k < 3; ++k)
    {
        /* the page's loop: a fixed 1/60 s step whatever the display */
        fixed[k] = chain_stretch(SILK_SOLVER_ROBUST, 3e-4, 8, dts[k], SILK_LOOP_FIXED, 16);
        fixed_hash[k] = chain_hash;
        /* one step per display frame: the step itself changes */
        coupled[k] = chain_stretch(SILK_SOLVER_ROBUST, 3e-4, 8, dts[k], SILK_LOOP_COUPLED, 16);
        substeps[k] =
            chain_stretch(SILK_SOLVER_ROBUST, 3e-4, 8 << k, 1.0 / 60, SILK_LOOP_FIXED, 16);
        compat[k] = chain_stretch(SILK_SOLVER_COMPAT, -1, 8, 1.0 / 60, SILK_LOOP_FIXED, 8 << k);
    }
    printf("chain stretch: robust fixed step at 60/120/144 Hz %.5f %.5f %.5f; one step per "
           "frame %.5f %.5f %.5f; 8/16/32 substeps %.5f %.5f %.5f; compat frame(8/16/32) %.5f "
           "%.5f %.5f\n",
           fixed[0], fixed[1], fixed[2], coupled[0], coupled[1], coupled[2], substeps[0],
           substeps[1], substeps[2], compat[0], compat[1], compat[2]);
    for (int k = 1; k < 3; ++k)
    {
        CHECK(fixed_hash[k] == fixed_hash[0]); /* the very same states */
        CHECK(fabs(coupled[k] / coupled[0] - 1) < 0.01);
        CHECK(fabs(substeps[k] / substeps[0] - 1) < 0.01);
        CHECK(fabs(compat[k] / compat[0] - 1) > 0.2); /* compat's stiffness is the pass count */
    }
    double rigid = chain_stretch(SILK_SOLVER_ROBUST, 0.0, 8, 1.0 / 60, SILK_LOOP_FIXED, 16);
    printf("rigid links (compliance 0), 8 substeps: stretch %.5f%%\n", rigid * 100);
    CHECK(rigid >= 0 && rigid < 0.001);
}

/* Tethers (long-range attachments): a 60-link rope released horizontally sags less. */
static double rope_mean_stretch(bool tethers)
{
    silk_world* w = make_world(1e5, 1e5, SILK_SOLVER_ROBUST);
    silk_robust_def r = silk_world_get_robust(w);
    r.substeps = 8;
    r.damping = 0;
    r.gravity = (silk_vec2){0, 981};
    r.tethers = tethers;
    silk_world_set_robust(w, &r);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    for (int i = 0; i <= 60; ++i)
    {
        add(w, c, 50000 + 10 * i, 1000);
    }
    for (int i = 0; i < 60; ++i)
    {
        silk_world_set_compliance(w, c, distance(w, c, i, i + 1, 1, -1), 0.0);
    }
    pin(w, c, 0);
    double sum = 0.0;
    for (int f = 0; f < 300; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
        if (f >= 180)
        {
            for (int i = 0; i < 60; ++i)
            {
                sum +=
                    fabs(hypot(pos(w, i).x - pos(w, i + 1).x, pos(w, i).y - pos(w, i + 1).y) - 10) /
                    10;
            }
        }
    }
    CHECK(finite_world(w));
    silk_world_destroy(w);
    return sum / (120 * 60);
}

static void tethers(void)
{
    double plain = rope_mean_stretch(false), tethered = rope_mean_stretch(true);
    printf("tethers: 60-link rope, 8 substeps, mean stretch over 2 s: %.3f%% without, %.3f%% "
           "with\n",
           100 * plain, 100 * tethered);
    CHECK(tethered < 0.5 * plain);
}

/* The peers bench's scenes (bench/peers.mjs): 1 m = 100 px, 9.81 m/s^2, 1/60 s, rigid links.
   rope: 60 links pinned at one end, released horizontally; cloth: 40 x 40 with every 4th top
   particle pinned. Returns the largest |len - rest| / rest over the last 2 of 5 s. */
static double peers_max_stretch(bool cloth, silk_robust_def r)
{
    silk_world* w = make_world(1e5, 1e5, SILK_SOLVER_ROBUST);
    r.damping = 0;
    r.gravity = (silk_vec2){0, 981};
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_OK);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    const int n = cloth ? 40 : 61;
    int32_t la[3200], lb[3200], links = 0;
    for (int i = 0; i < (cloth ? n * n : n); ++i)
    {
        add(w, c, 50000 + 10 * (cloth ? i % n : i), 1000 + 10 * (cloth ? i / n : 0));
    }
    for (int i = 0; i < (cloth ? n * n : n - 1); ++i)
    {
        const int x = cloth ? i % n : i, y = cloth ? i / n : 0;
        int32_t pairs[2][2] = {{cloth ? i - 1 : i, cloth ? i : i + 1}, {i - n, i}};
        for (int e = 0; e < (cloth ? 2 : 1); ++e)
        {
            if (cloth && (e == 0 ? x == 0 : y == 0))
            {
                continue;
            }
            la[links] = pairs[e][0];
            lb[links] = pairs[e][1];
            silk_world_set_compliance(w, c, distance(w, c, la[links], lb[links], 1, -1), 0.0);
            links += 1;
        }
    }
    for (int x = 0; x < (cloth ? n : 1); x += 4)
    {
        pin(w, c, x);
    }
    double max = 0.0;
    for (int f = 0; f < 300; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
        for (int k = 0; k < links && f >= 180; ++k)
        {
            silk_vec2 a = pos(w, la[k]), b = pos(w, lb[k]);
            double s = fabs(hypot(a.x - b.x, a.y - b.y) - 10) / 10;
            max = s > max || isnan(s) ? s : max;
        }
    }
    CHECK(finite_world(w));
    silk_world_destroy(w);
    return max;
}

/* The chain solve (robust_chain.c): one tridiagonal solve per path per pass. The rope is one
   path, so a pin's pull reaches its end in one pass: 2 substeps x 2 passes hold it under
   0.5 %, where the same passes of Gauss-Seidel leave it tens of percent long. */
static void chains_rope(void)
{
    silk_robust_def r = silk_default_robust_def();
    r.substeps = 2;
    r.iterations = 2;
    double plain = peers_max_stretch(false, r);
    r.chains = true;
    double chained = peers_max_stretch(false, r);
    r.substeps = 6;
    r.iterations = 1;
    double six = peers_max_stretch(false, r);
    printf("chains: 60-link rope, max stretch over 2 s: 2 substeps x 2 passes %.3f%% plain, "
           "%.3f%% chains; 6 substeps chains %.3f%%\n",
           100 * plain, 100 * chained, 100 * six);
    CHECK(chained < 0.005);
    CHECK(six < 0.005);
    CHECK(plain > 10 * chained);
}

/* Repeated near passes: the 40 x 40 cloth is stretched most in its taut top row, and 4 near
   passes at 18 substeps take it under 1 %, which one near pass at 18 substeps does not. */
static void near_passes(void)
{
    silk_robust_def r = silk_default_robust_def();
    r.substeps = 18;
    double one = peers_max_stretch(true, r);
    r.near_passes = 4;
    double four = peers_max_stretch(true, r);
    printf("near passes: 40 x 40 cloth, 18 substeps, max stretch over 2 s: %.3f%% with 1, "
           "%.3f%% with 4\n",
           100 * one, 100 * four);
    CHECK(four < 0.01);
    CHECK(one > 0.01);
    /* range: 1..SILK_MAX_NEAR_PASSES */
    silk_world* w = make_world(100, 100, SILK_SOLVER_ROBUST);
    r.near_passes = 0;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_ERR_RANGE);
    r.near_passes = SILK_MAX_NEAR_PASSES + 1;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_ERR_RANGE);
    r.near_passes = SILK_MAX_NEAR_PASSES;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_OK);
    CHECK(silk_world_get_robust(w).near_passes == SILK_MAX_NEAR_PASSES);
    CHECK(silk_default_robust_def().near_passes == 1 && !silk_default_robust_def().chains);
    silk_world_destroy(w);
}

/* Near mobility: the near passes weighted towards the pins. At 15 substeps one near pass
   leaves the cloth over 1 % (its taut top row keeps being pulled down by the columns); with
   the pins' side of each near link moving a quarter as far, the same passes hold it under
   1 %. Range (0, 1]; 1, the default, is the plain near pass with its bits (the pinned hashes
   of every scene). */
static void near_mobility(void)
{
    silk_robust_def r = silk_default_robust_def();
    r.substeps = 15;
    const double plain = peers_max_stretch(true, r);
    r.near_mobility = 0.25;
    const double scaled = peers_max_stretch(true, r);
    printf("near mobility: 40 x 40 cloth, 15 substeps, max stretch over 2 s: %.3f%% at 1, "
           "%.3f%% at 0.25\n",
           100 * plain, 100 * scaled);
    CHECK(scaled < 0.01);
    CHECK(plain > 0.01);
    CHECK(silk_default_robust_def().near_mobility == 1.0);
    silk_world* w = make_world(100, 100, SILK_SOLVER_ROBUST);
    const double bad[] = {0.0, -0.25, 1.0 + 1e-12, 2.0, INFINITY, -INFINITY, NAN};
    const silk_status want[] = {SILK_ERR_RANGE,    SILK_ERR_RANGE,     SILK_ERR_RANGE,
                                SILK_ERR_RANGE,    SILK_ERR_NONFINITE, SILK_ERR_NONFINITE,
                                SILK_ERR_NONFINITE};
    for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); ++k)
    {
        silk_robust_def b = silk_world_get_robust(w);
        b.near_mobility = bad[k];
        CHECK_EQ_INT(silk_world_set_robust(w, &b), want[k]);
        CHECK(silk_world_get_robust(w).near_mobility == 1.0);
    }
    silk_error_detail detail;
    silk_robust_def b = silk_default_robust_def();
    b.near_mobility = 0.0;
    CHECK_EQ_INT(silk_check_robust_def(&b, &detail), SILK_ERR_RANGE);
    CHECK(detail.field != NULL && strcmp(detail.field, "near_mobility") == 0);
    b.near_mobility = 1e-9;
    CHECK_EQ_INT(silk_world_set_robust(w, &b), SILK_OK);
    CHECK(silk_world_get_robust(w).near_mobility == 1e-9);
    silk_world_destroy(w);
}

/* A snapshot carries the two settings: restored into a default world, the run goes on with
   the same bits as the world that took it. */
static void chain_settings_in_snapshots(void)
{
    silk_world* w = make_world(800, 500, SILK_SOLVER_ROBUST);
    silk_robust_def r = silk_world_get_robust(w);
    r.chains = true;
    r.near_passes = 3;
    r.iterations = 2;
    r.near_mobility = 0.5;
    silk_world_set_robust(w, &r);
    silk_scene_def s = silk_default_scene_def();
    s.scene = SILK_SCENE_CLOTH;
    CHECK_EQ_INT(silk_world_build_scene(w, &s), SILK_OK);
    for (int f = 0; f < 30; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
    }
    size_t size = silk_world_snapshot_size(w);
    uint8_t* snap = malloc(size);
    size_t written = 0;
    CHECK_EQ_INT(silk_world_snapshot(w, snap, size, &written), SILK_OK);
    silk_world_def plain = silk_default_world_def();
    silk_world* other = NULL;
    silk_world_create(&plain, &other);
    CHECK_EQ_INT(silk_world_restore(other, snap, written), SILK_OK);
    silk_robust_def got = silk_world_get_robust(other);
    CHECK(got.chains && got.near_passes == 3 && got.iterations == 2 && got.near_mobility == 0.5);
    for (int f = 0; f < 120; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
        silk_world_advance(other, 1.0 / 60, NULL);
    }
    CHECK(silk_world_state_hash(other) == silk_world_state_hash(w));
    free(snap);
    silk_world_destroy(other);
    silk_world_destroy(w);
}

/* A free pendulum (rigid link, no damping) keeps its energy bounded for 10,000 steps: it never
   gains. Position projection does lose a little per substep (about (v hs / L)^2 of the kinetic
   energy), so the loss is printed for 8 and 32 substeps; the scenes' own damping (0.6/s on
   velocity, compat's 0.99 per frame) is far larger. */
static double pendulum_loss(int substeps, double* out_gain)
{
    silk_world* w = make_world(2000, 2000, SILK_SOLVER_ROBUST);
    set_robust(w, substeps, 0, (silk_vec2){0, 720});
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    int32_t pivot = add(w, c, 1000, 500), bob = add(w, c, 1100, 500);
    pin(w, c, pivot);
    int32_t link = distance(w, c, pivot, bob, 1, -1);
    silk_world_set_compliance(w, c, link, 0.0);
    const double h = 1.0 / 60;
    double e0 = -720 * 500.0, e_max = e0, e_end = e0; /* released at rest: E = -g y */
    for (int f = 0; f < 10000; ++f)
    {
        silk_world_advance(w, h, NULL);
        silk_vec2 p = pos(w, bob), q;
        silk_world_get_last_position(w, bob, &q);
        double vx = (p.x - q.x) / h, vy = (p.y - q.y) / h;
        e_end = 0.5 * (vx * vx + vy * vy) - 720 * p.y;
        e_max = fmax(e_max, e_end);
    }
    silk_world_destroy(w);
    *out_gain = e_max - e0;
    return e0 - e_end;
}

static void pendulum_energy(void)
{
    const double swing = 720 * 100.0; /* m g L */
    double gain8 = 0, gain32 = 0;
    double loss8 = pendulum_loss(8, &gain8);
    double loss32 = pendulum_loss(32, &gain32);
    printf("pendulum, 10,000 steps: largest gain %.3g / %.3g, energy lost %.1f%% / %.1f%% of "
           "m g L at 8 / 32 substeps\n",
           gain8, gain32, 100 * loss8 / swing, 100 * loss32 / swing);
    CHECK(gain8 < 1e-6 * swing && gain32 < 1e-6 * swing); /* never gains */
    CHECK(loss8 >= 0 && loss8 < swing);
    CHECK(loss32 < 0.8 * loss8); /* the loss shrinks with the substep */
}

/* Pins hold exactly in robust even when they come first (the web); compat's are soft. */
static void pins_exact(void)
{
    for (int s = 0; s < 2; ++s)
    {
        silk_world* w = make_world(800, 500, (silk_solver)s);
        silk_scene_def scene = silk_default_scene_def();
        silk_world_build_scene(w, &scene);
        for (int f = 0; f < 300; ++f)
        {
            silk_world_advance(w, 1.0 / 60, NULL);
        }
        double worst = 0.0;
        int32_t count = 0;
        silk_world_composite_constraint_count(w, 0, &count);
        for (int32_t j = 0; j < count; ++j)
        {
            silk_constraint_info info;
            silk_world_get_constraint(w, 0, j, &info);
            if (info.kind == SILK_PIN)
            {
                silk_vec2 p = pos(w, info.a);
                worst = fmax(worst, hypot(p.x - info.target.x, p.y - info.target.y));
            }
        }
        printf("pins: %s: web pins are off their targets by up to %.3g px\n",
               s ? "robust" : "compat", worst);
        CHECK(s ? worst == 0.0 : worst > 1.0);
        silk_world_destroy(w);
    }
}

/* Masses: a light and a heavy particle pulled together; momentum is conserved. */
static void masses(void)
{
    silk_world* w = make_world(1e6, 1e6, SILK_SOLVER_ROBUST);
    set_robust(w, 8, 0, (silk_vec2){0, 0});
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    int32_t a = add(w, c, 1000, 1000), b = add(w, c, 1100, 1000);
    CHECK_EQ_INT(silk_world_set_mass(w, b, 9.0), SILK_OK);
    CHECK_EQ_INT(silk_world_set_mass(w, b, 0.0), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_set_inverse_mass(w, b, -1.0), SILK_ERR_RANGE);
    distance(w, c, a, b, 1, 50);
    silk_world_advance(w, 1.0 / 60, NULL);
    double moved_a = pos(w, a).x - 1000, moved_b = 1100 - pos(w, b).x;
    double com = (pos(w, a).x + 9 * pos(w, b).x) / 10;
    printf("masses: light moved %.4f px, heavy %.4f px (ratio %.4f), centre of mass %.12f\n",
           moved_a, moved_b, moved_a / moved_b, com);
    CHECK(fabs(moved_a / moved_b - 9) < 1e-6);
    CHECK(fabs(com - (1000 + 9 * 1100.0) / 10) < 1e-9);
    silk_world_destroy(w);
}

/* Switching solvers keeps the motion: the velocity is converted, not lost. */
static void solver_switch(void)
{
    silk_world* w = make_world(1e6, 1e6, SILK_SOLVER_COMPAT);
    silk_world_set_gravity(w, (silk_vec2){0, 0});
    silk_world_set_friction(w, 1);
    set_robust(w, 8, 0, (silk_vec2){0, 0});
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    int32_t p = add(w, c, 1000, 1000);
    silk_world_set_last_position(w, p, (silk_vec2){997, 1000}); /* 3 px/frame = 180 px/s */
    for (int f = 0; f < 10; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
    }
    silk_world_set_solver(w, SILK_SOLVER_ROBUST);
    for (int f = 0; f < 10; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
    }
    silk_world_set_solver(w, SILK_SOLVER_COMPAT);
    for (int f = 0; f < 10; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
    }
    printf("solver switch: 30 steps at 3 px/frame across two switches: x = %.9f\n", pos(w, p).x);
    CHECK(fabs(pos(w, p).x - 1090) < 1e-9);
    CHECK_EQ_INT(silk_world_set_solver(w, (silk_solver)7), SILK_ERR_RANGE);
    silk_world_destroy(w);
}

static silk_world* robust_web(uint64_t seed)
{
    silk_world_def def = silk_default_world_def();
    def.seed = seed;
    silk_world* w = NULL;
    silk_world_create(&def, &w);
    silk_world_set_solver(w, SILK_SOLVER_ROBUST);
    silk_scene_def scene = silk_default_scene_def();
    silk_world_build_scene(w, &scene);
    return w;
}

static void run(silk_world* w, int steps)
{
    for (int f = 0; f < steps; ++f)
    {
        silk_world_advance(w, 1.0 / 60, NULL);
    }
}

static void snapshots(void)
{
    silk_world* w = robust_web(4);
    run(w, 200);
    size_t size = silk_world_snapshot_size(w);
    uint8_t* snap = malloc(size);
    size_t written = 0;
    CHECK_EQ_INT(silk_world_snapshot(w, snap, size - 1, &written), SILK_ERR_CAPACITY);
    CHECK_EQ_INT(silk_world_snapshot(w, snap, size, &written), SILK_OK);
    CHECK(written == size);
    run(w, 300);
    uint64_t straight = silk_world_state_hash(w);

    silk_world* other = robust_web(99); /* another seed, another state */
    run(other, 17);
    CHECK_EQ_INT(silk_world_restore(other, snap, size), SILK_OK);
    run(other, 300);
    CHECK(silk_world_state_hash(other) == straight);
    CHECK_EQ_INT(silk_world_restore(w, snap, size), SILK_OK);
    run(w, 300);
    CHECK(silk_world_state_hash(w) == straight);
    silk_world_def plain = silk_default_world_def(); /* a fresh world: no scene, compat */
    silk_world* fresh = NULL;
    silk_world_create(&plain, &fresh);
    /* the web's crawl state is the extras' extension block: a core-only world refuses it
       (and stays as it was), one with the extras installed takes it */
    CHECK_EQ_INT(silk_world_restore(fresh, snap, size), SILK_ERR_FORMAT);
    CHECK_EQ_INT(silk_world_particle_count(fresh), 0);
    CHECK_EQ_INT(silk_extras_install(fresh), SILK_OK);
    CHECK_EQ_INT(silk_world_restore(fresh, snap, size), SILK_OK);
    run(fresh, 300);
    CHECK(silk_world_state_hash(fresh) == straight);
    silk_world_destroy(fresh);
    printf("snapshot: %zu bytes; restore + 300 steps = 300 steps: %016llx\n", size,
           (unsigned long long)straight);

    /* corrupt bytes: every rejection leaves the world as it was */
    uint64_t before = silk_world_state_hash(other);
    int32_t particles = silk_world_particle_count(other);
    const size_t flips[] = {0, 9, 20, 28, 40, size / 2, size - 1};
    for (size_t k = 0; k < sizeof(flips) / sizeof(flips[0]); ++k)
    {
        snap[flips[k]] ^= 0x10;
        CHECK_EQ_INT(silk_world_restore(other, snap, size), SILK_ERR_FORMAT);
        snap[flips[k]] ^= 0x10;
    }
    CHECK_EQ_INT(silk_world_restore(other, snap, size - 8), SILK_ERR_FORMAT);
    CHECK_EQ_INT(silk_world_restore(other, snap, 10), SILK_ERR_FORMAT);
    const char foreign[] = "PK\x03\x04 not a snapshot at all, but long enough to have a header";
    CHECK_EQ_INT(silk_world_restore(other, foreign, sizeof(foreign)), SILK_ERR_FORMAT);
    /* a well-formed checksum over an impossible index: caught by the second layer */
    uint8_t* bad = malloc(size);
    memcpy(bad, snap, size);
    /* the snapshot ends with the extension block: tag, count, count values */
    size_t block = 0;
    for (uint32_t count = 0; count <= SILK_MAX_EXTENSION_VALUES && block == 0; ++count)
    {
        const uint8_t* at = snap + size - 4 * count - 8;
        uint32_t tag = at[0] | at[1] << 8 | at[2] << 16 | (uint32_t)at[3] << 24;
        uint32_t n = at[4] | at[5] << 8 | at[6] << 16 | (uint32_t)at[7] << 24;
        block = tag == SILK_EXTRAS_TAG && n == count ? 8 + 4 * count : 0;
    }
    CHECK(block > 8);
    size_t last_constraint = size - block - 56; /* kind, a, b, c (4 x i32), then 5 f64 */
    bad[last_constraint + 4] = 0xff;            /* particle a := huge */
    bad[last_constraint + 5] = 0xff;
    bad[last_constraint + 6] = 0xff;
    bad[last_constraint + 7] = 0x7f;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 32; i < size; ++i)
    {
        h = (h ^ bad[i]) * 0x100000001b3ULL;
    }
    for (int b = 0; b < 8; ++b)
    {
        bad[24 + b] = (uint8_t)(h >> (8 * b));
    }
    CHECK_EQ_INT(silk_world_restore(other, bad, size), SILK_ERR_INDEX);
    CHECK(silk_world_state_hash(other) == before);
    CHECK_EQ_INT(silk_world_particle_count(other), particles);
    free(bad);
    free(snap);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

/* A recorded session with drags, settings and solver switches replays to the same hash. */
static void record_replay(silk_loop_mode mode)
{
    silk_world* w = robust_web(11);
    silk_world_set_loop_mode(w, mode);
    silk_spider_info info;
    silk_world_spider_info(w, &info);
    CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
    const double dts[4] = {1.0 / 60, 1.0 / 144, 0.021, 1.0 / 120};
    for (int f = 0; f < 900; ++f)
    {
        if (f == 100)
        {
            silk_world_drag_begin(w, info.thorax, (silk_vec2){420, 200});
        }
        if (f > 100 && f < 180)
        {
            silk_world_drag_move(w, (silk_vec2){420 + f, 200 - f / 4.0});
        }
        if (f == 180)
        {
            silk_world_drag_end(w);
        }
        if (f == 250)
        {
            silk_robust_def r = silk_world_get_robust(w);
            r.substeps = 4;
            r.gravity = (silk_vec2){30, 900};
            r.restitution = 0.3;
            silk_world_set_robust(w, &r);
        }
        if (f == 400)
        {
            silk_world_set_solver(w, SILK_SOLVER_COMPAT);
            silk_world_drag_begin(w, 0, (silk_vec2){300, 120}); /* a web pin */
        }
        if (f == 450)
        {
            silk_world_drag_end(w);
            silk_world_set_gravity(w, (silk_vec2){0, 0.3});
        }
        if (f == 500)
        {
            silk_world_set_solver(w, SILK_SOLVER_ROBUST);
        }
        silk_world_advance(w, dts[f % 4], NULL);
    }
    size_t size = silk_world_recording_size(w);
    uint8_t* file = malloc(size);
    CHECK_EQ_INT(silk_world_recording_export(w, file, size, NULL), SILK_OK);
    uint64_t recorded = silk_world_state_hash(w);

    silk_world* other = robust_web(5);
    silk_replay_result result;
    CHECK_EQ_INT(silk_world_replay(other, file, size, &result), SILK_OK);
    printf("replay (%s loop): %lld steps, %zu bytes: %016llx vs recorded %016llx\n",
           mode == SILK_LOOP_FIXED ? "fixed" : "coupled", (long long)result.steps, size,
           (unsigned long long)result.hash, (unsigned long long)recorded);
    CHECK(result.matches);
    CHECK(result.hash == recorded);
    CHECK(silk_world_state_hash(other) == recorded);
    file[size / 3] ^= 1;
    uint64_t before = silk_world_state_hash(other);
    CHECK_EQ_INT(silk_world_replay(other, file, size, &result), SILK_ERR_FORMAT);
    CHECK(silk_world_state_hash(other) == before);
    free(file);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

static void mapping(void)
{
    silk_robust_def d = silk_default_robust_def();
    printf("mapping: gravity %.6f px/s^2, damping %.6f /s, ground friction %.6f /s; compliance "
           "of k = 1, 0.6, 0.02: %.4g %.4g %.4g\n",
           d.gravity.y, d.damping, d.ground_friction, silk_compliance_from_stiffness(1, 2),
           silk_compliance_from_stiffness(0.6, 2), silk_compliance_from_stiffness(0.02, 2));
    CHECK(fabs(d.gravity.y - 720) < 1e-9);
    CHECK(fabs(d.damping - (-60 * log(0.99))) < 1e-12);
    CHECK(fabs(d.ground_friction - (-60 * log(0.8))) < 1e-12);
    CHECK(silk_compliance_from_stiffness(1, 2) < silk_compliance_from_stiffness(0.6, 2));
    CHECK(silk_compliance_from_stiffness(4, 2) == 0.0);
    CHECK(silk_compliance_from_stiffness(0, 2) == SILK_MAX_COMPLIANCE);
}

int main(void)
{
    defect1_coincident();
    defect2_ceiling();
    defect3_angle_momentum();
    defect4_frame_rate();
    defect7_health();
    watchdog_auto_restore();
    stiffness_independence();
    pendulum_energy();
    tethers();
    chains_rope();
    near_passes();
    near_mobility();
    chain_settings_in_snapshots();
    pins_exact();
    masses();
    solver_switch();
    snapshots();
    record_replay(SILK_LOOP_FIXED);
    record_replay(SILK_LOOP_COUPLED);
    mapping();
    return check_report("robust");
}
