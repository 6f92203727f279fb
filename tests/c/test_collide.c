/* test_collide.c -- particle collisions in the robust solver (silk.h "Collisions"), one test
   per law: momentum, restitution, a pile at rest, no tunnelling below the stated bound, the
   filters, snapshots / recordings / replay carrying radii and filters, compat untouched, and
   the setters' validation. Runs natively and in wasm. */
#include "check.h"
#include "silk.h"
#include "silk_extras.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define H (1.0 / 60.0)

static silk_world* robust_world(double width, double height, silk_vec2 gravity, double e)
{
    silk_world_def def = silk_default_world_def();
    def.width = width;
    def.height = height;
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    CHECK_EQ_INT(silk_world_set_solver(w, SILK_SOLVER_ROBUST), SILK_OK);
    silk_robust_def r = silk_default_robust_def();
    r.gravity = gravity;
    r.damping = 0.0;
    r.contact_restitution = e;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_OK);
    return w;
}

/* A disc of radius r moving at v (px/s): q = p - v h, which the first step reads back. */
static int32_t ball(silk_world* w, int32_t c, silk_vec2 p, silk_vec2 v, double r)
{
    int32_t i = -1;
    CHECK_EQ_INT(silk_world_add_particle(w, c, p, &i), SILK_OK);
    CHECK_EQ_INT(silk_world_set_last_position(w, i, (silk_vec2){p.x - v.x * H, p.y - v.y * H}),
                 SILK_OK);
    CHECK_EQ_INT(silk_world_set_radius(w, i, r), SILK_OK);
    return i;
}

static silk_vec2 velocity(const silk_world* w, int32_t i)
{
    silk_vec2 p, q;
    silk_world_get_position(w, i, &p);
    silk_world_get_last_position(w, i, &q);
    return (silk_vec2){(p.x - q.x) / H, (p.y - q.y) / H};
}

static double dist(const silk_world* w, int32_t a, int32_t b)
{
    silk_vec2 p, q;
    silk_world_get_position(w, a, &p);
    silk_world_get_position(w, b, &q);
    return sqrt((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y));
}

static void run(silk_world* w, int steps)
{
    for (int s = 0; s < steps; ++s)
    {
        CHECK_EQ_INT(silk_world_robust_step(w, H), SILK_OK);
    }
}

/* Two balls head-on (no gravity, no damping, no walls in reach): the total momentum is the
   same after the collision to 1e-9 of |m v|; with restitution 0 they end at one common
   velocity (|v_a - v_b| < 1e-6 px/s) and do not overlap by more than 1e-9 px; with
   restitution 1 they swap velocities to 1e-9 relative (equal masses). Also unequal masses
   (1 and 3): momentum to 1e-9, and restitution 1 gives the elastic result to 1e-6. */
static void test_head_on_conserves_momentum(void)
{
    const double e_values[2] = {0.0, 1.0};
    for (int k = 0; k < 2; ++k)
    {
        for (int heavy = 0; heavy < 2; ++heavy)
        {
            silk_world* w = robust_world(4000, 4000, (silk_vec2){0, 0}, e_values[k]);
            int32_t c = -1;
            silk_world_add_composite(w, &c);
            silk_collision_filter f = silk_default_collision_filter();
            f.self_collide = true;
            CHECK_EQ_INT(silk_world_set_collision_filter(w, c, f), SILK_OK);
            const double ma = 1.0, mb = heavy ? 3.0 : 1.0, v0 = 300.0;
            int32_t a = ball(w, c, (silk_vec2){1900, 2000}, (silk_vec2){v0, 0}, 10);
            int32_t b = ball(w, c, (silk_vec2){2100, 2000}, (silk_vec2){-v0, 0}, 10);
            CHECK_EQ_INT(silk_world_set_mass(w, b, mb), SILK_OK);
            const double p0 = ma * v0 - mb * v0;
            run(w, 60);
            silk_vec2 va = velocity(w, a), vb = velocity(w, b);
            double p1 = ma * va.x + mb * vb.x;
            CHECK(fabs(p1 - p0) <= 1e-9 * (ma + mb) * v0);
            CHECK(fabs(ma * va.y + mb * vb.y) <= 1e-9 * (ma + mb) * v0);
            CHECK(dist(w, a, b) >= 20.0 - 1e-9);
            if (e_values[k] == 0.0)
            {
                CHECK(fabs(va.x - vb.x) < 1e-6);
            }
            else
            {
                /* elastic: v_a' = ((ma - mb) va + 2 mb vb) / (ma + mb) */
                double ea = ((ma - mb) * v0 + 2 * mb * -v0) / (ma + mb);
                double eb = ((mb - ma) * -v0 + 2 * ma * v0) / (ma + mb);
                CHECK(fabs(va.x - ea) < 1e-6 * v0);
                CHECK(fabs(vb.x - eb) < 1e-6 * v0);
            }
            silk_world_destroy(w);
        }
    }
}

static silk_world* ball_pit(void)
{
    silk_world* w = NULL;
    silk_world_def def = silk_default_world_def();
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    silk_scene_def sd = silk_default_scene_def();
    sd.scene = SILK_SCENE_BALL_PIT;
    CHECK_EQ_INT(silk_world_build_scene(w, &sd), SILK_OK);
    CHECK_EQ_INT(silk_world_get_solver(w), SILK_SOLVER_ROBUST);
    return w;
}

static double mean_speed(const silk_world* w)
{
    double sum = 0.0;
    for (int32_t i = 0; i < silk_world_particle_count(w); ++i)
    {
        silk_vec2 v = velocity(w, i);
        sum += sqrt(v.x * v.x + v.y * v.y);
    }
    return sum / silk_world_particle_count(w);
}

static double max_speed(const silk_world* w)
{
    double top = 0.0;
    for (int32_t i = 0; i < silk_world_particle_count(w); ++i)
    {
        silk_vec2 v = velocity(w, i);
        double s = sqrt(v.x * v.x + v.y * v.y);
        top = s > top || s != s ? s : top;
    }
    return top;
}

/* The ball pit (2000 balls of radius 4 poured into the cup): while pouring, no ball moves a
   radius in one substep (8 substeps at 60 Hz: speed < 4 x 480 = 1920 px/s -- the tunnelling
   bound); after 20 s every ball is in the cup, nothing is NaN, the mean speed is below
   0.5 px/s (at rest), the fastest ball below 12 px/s (0.2 px a frame, 5 % of its radius: the
   residual jitter of a few wedged balls, measured 2.5-9.4 px/s between 10 and 40 s) and the
   deepest overlap below 15 % of a radius (measured 8 %). */
static void test_pile_comes_to_rest_without_tunnelling(void)
{
    silk_world* w = ball_pit();
    const int32_t n = silk_world_particle_count(w);
    CHECK_EQ_INT(n, 2000);
    const silk_vec2 size = silk_world_get_size(w);
    const double bound = 4.0 * 60.0 * silk_world_get_robust(w).substeps;
    double fastest = 0.0;
    for (int s = 0; s < 1200; ++s)
    {
        run(w, 1);
        if (s < 240)
        {
            double m = max_speed(w);
            fastest = m > fastest ? m : fastest;
        }
    }
    printf("ball pit: fastest while pouring %.1f px/s (bound %.0f)\n", fastest, bound);
    CHECK(fastest < bound);
    const silk_vec2* p = silk_world_positions(w);
    int32_t outside = 0;
    for (int32_t i = 0; i < n; ++i)
    {
        bool in = p[i].x > size.x * 0.25 - size.x * 0.06 &&
                  p[i].x < size.x * 0.75 + size.x * 0.06 && p[i].y < size.y - 30.0 && p[i].y > 0.0;
        outside += !in;
    }
    CHECK_EQ_INT(outside, 0);
    double speed = max_speed(w), mean = mean_speed(w);
    CHECK(silk_world_update_diagnostics(w, (silk_vec2){400, 250}) == SILK_OK);
    const silk_diagnostics* d = silk_world_diagnostics(w);
    printf("ball pit at 20 s: mean speed %.3g px/s, max speed %.3g px/s, contacts %.0f, overlap "
           "max %.3g px "
           "(%.3g r), p99 %.3g px\n",
           mean, speed, d->values[SILK_DIAG_CONTACTS], d->values[SILK_DIAG_OVERLAP_MAX],
           d->values[SILK_DIAG_OVERLAP_RATIO_MAX], d->values[SILK_DIAG_OVERLAP_P99]);
    CHECK(mean < 0.5);
    CHECK(speed < 12.0);
    CHECK(d->values[SILK_DIAG_NAN_COUNT] == 0.0);
    CHECK(d->values[SILK_DIAG_CONTACTS] > n); /* a pile: more contacts than balls */
    CHECK(d->values[SILK_DIAG_OVERLAP_RATIO_MAX] < 0.15);
    CHECK(d->values[SILK_DIAG_OVERLAP_P99] <= d->values[SILK_DIAG_OVERLAP_MAX]);
    /* no constraint, nothing relaxes: the linear verdict is stable, not the formula's margin 0
       at k = 0 (the readout said "ball-pit · at rest · unstable") */
    CHECK(d->values[SILK_DIAG_K_MAX] == 0.0);
    CHECK(d->values[SILK_DIAG_STABILITY_MARGIN] == 1.0);
    CHECK(d->values[SILK_DIAG_VERDICT] == SILK_VERDICT_STABLE);
    silk_world_destroy(w);
}

/* A ball at the bound's edge (3.9 px a substep, radius 4) hits a 20 px slab and a resting
   ball: it passes through neither. */
static void test_fast_ball_does_not_tunnel(void)
{
    silk_world* w = robust_world(4000, 4000, (silk_vec2){0, 0}, 0.0);
    const silk_vec2 pts[4] = {{2000, 1000}, {2020, 1000}, {2020, 3000}, {2000, 3000}};
    silk_polygon_def pd = silk_default_polygon_def();
    pd.points = pts;
    pd.count = 4;
    CHECK_EQ_INT(silk_world_add_polygon(w, &pd, NULL), SILK_OK);
    int32_t c1 = -1, c2 = -1;
    silk_world_add_composite(w, &c1);
    silk_world_add_composite(w, &c2);
    const double v = 3.9 * 480.0;
    int32_t a = ball(w, c1, (silk_vec2){1800, 2000}, (silk_vec2){v, 0}, 4);
    int32_t b = ball(w, c1, (silk_vec2){1000, 1500}, (silk_vec2){v, 0}, 4);
    int32_t still = ball(w, c2, (silk_vec2){1400, 1500}, (silk_vec2){0, 0}, 4);
    run(w, 30);
    silk_vec2 pa, pb, ps;
    silk_world_get_position(w, a, &pa);
    silk_world_get_position(w, b, &pb);
    silk_world_get_position(w, still, &ps);
    CHECK(pa.x <= 2000.0 - 4.0 + 1e-9);
    CHECK(pb.x < ps.x); /* it pushed the resting ball along instead of passing it */
    silk_world_destroy(w);
}

/* Which pairs collide: different composites by default; the same composite only with
   self_collide; masks exclude both ways. Two overlapping balls are pushed apart exactly when
   their filters allow it. */
static bool pushed_apart(silk_collision_filter fa, silk_collision_filter fb, bool same)
{
    silk_world* w = robust_world(800, 800, (silk_vec2){0, 0}, 0.0);
    int32_t ca = -1, cb = -1;
    silk_world_add_composite(w, &ca);
    silk_world_add_composite(w, &cb);
    CHECK_EQ_INT(silk_world_set_collision_filter(w, ca, fa), SILK_OK);
    CHECK_EQ_INT(silk_world_set_collision_filter(w, cb, fb), SILK_OK);
    int32_t a = ball(w, ca, (silk_vec2){400, 400}, (silk_vec2){0, 0}, 5);
    int32_t b = ball(w, same ? ca : cb, (silk_vec2){405, 400}, (silk_vec2){0, 0}, 5);
    run(w, 2);
    bool apart = dist(w, a, b) > 9.999;
    silk_world_destroy(w);
    return apart;
}

static void test_filters_decide_pairs(void)
{
    silk_collision_filter d = silk_default_collision_filter();
    CHECK(d.category_bits == 1u && d.mask_bits == 0xFFFFFFFFu && !d.self_collide);
    CHECK(pushed_apart(d, d, false));
    CHECK(!pushed_apart(d, d, true));
    silk_collision_filter self = d;
    self.self_collide = true;
    CHECK(pushed_apart(self, d, true));
    silk_collision_filter debris = {2u, 0xFFFFFFFFu & ~2u, false};
    CHECK(!pushed_apart(debris, debris, false)); /* debris ignores debris */
    CHECK(pushed_apart(debris, d, false));
    silk_collision_filter deaf = {1u, 0u, false};
    CHECK(!pushed_apart(deaf, d, false)); /* one side's mask is enough to refuse */
}

/* Bad input: an error code and nothing changed. */
static void test_setters_validate(void)
{
    silk_world* w = robust_world(800, 800, (silk_vec2){0, 0}, 0.0);
    int32_t c = -1, p = -1;
    silk_world_add_composite(w, &c);
    silk_world_add_particle(w, c, (silk_vec2){1, 1}, &p);
    double r = -1;
    CHECK_EQ_INT(silk_world_get_radius(w, p, &r), SILK_OK);
    CHECK(r == 0.0);
    CHECK_EQ_INT(silk_world_set_radius(w, p, NAN), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_set_radius(w, p, INFINITY), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_set_radius(w, p, -1.0), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_set_radius(w, p, SILK_MAX_RADIUS * 2), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_set_radius(w, p + 1, 1.0), SILK_ERR_INDEX);
    CHECK_EQ_INT(silk_world_set_radius(NULL, p, 1.0), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_radius(w, p, NULL), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_radius(w, p, &r), SILK_OK);
    CHECK(r == 0.0);
    CHECK_EQ_INT(silk_world_set_radius(w, p, 2.5), SILK_OK);
    CHECK(silk_world_radii(w)[p] == 2.5);
    silk_collision_filter f;
    CHECK_EQ_INT(silk_world_set_collision_filter(w, c + 1, f = silk_default_collision_filter()),
                 SILK_ERR_INDEX);
    CHECK_EQ_INT(silk_world_get_collision_filter(w, c, NULL), SILK_ERR_NULL);
    silk_robust_def rd = silk_world_get_robust(w);
    rd.contact_friction = -0.1;
    CHECK_EQ_INT(silk_world_set_robust(w, &rd), SILK_ERR_RANGE);
    rd.contact_friction = NAN;
    CHECK_EQ_INT(silk_world_set_robust(w, &rd), SILK_ERR_NONFINITE);
    rd = silk_world_get_robust(w);
    rd.contact_restitution = 1.5;
    CHECK_EQ_INT(silk_world_set_robust(w, &rd), SILK_ERR_RANGE);
    CHECK(silk_world_get_robust(w).contact_friction == 0.3);
    CHECK(silk_world_get_robust(w).contact_restitution == 0.0);
    silk_world_destroy(w);
}

static uint8_t* snapshot_of(const silk_world* w, size_t* size)
{
    *size = silk_world_snapshot_size(w);
    uint8_t* b = malloc(*size);
    CHECK_EQ_INT(silk_world_snapshot(w, b, *size, NULL), SILK_OK);
    return b;
}

/* A snapshot carries radii, filters and the contact settings; the hash covers them (a
   changed radius changes it), and a world without collisions hashes as if radii did not
   exist (its hash does not see the zero radii or default filters). */
static void test_snapshot_carries_collisions(void)
{
    silk_world* w = ball_pit();
    run(w, 30);
    silk_collision_filter f = {4u, 5u, true};
    CHECK_EQ_INT(silk_world_set_collision_filter(w, 0, f), SILK_OK);
    silk_robust_def rd = silk_world_get_robust(w);
    rd.contact_friction = 0.7;
    rd.contact_restitution = 0.25;
    CHECK_EQ_INT(silk_world_set_robust(w, &rd), SILK_OK);
    size_t size = 0;
    uint8_t* b = snapshot_of(w, &size);
    const uint64_t hash = silk_world_state_hash(w);
    silk_world* other = ball_pit();
    CHECK_EQ_INT(silk_world_set_radius(other, 3, 1.0), SILK_OK);
    CHECK(silk_world_state_hash(other) != hash);
    CHECK_EQ_INT(silk_world_restore(other, b, size), SILK_OK);
    CHECK(silk_world_state_hash(other) == hash);
    silk_collision_filter g;
    CHECK_EQ_INT(silk_world_get_collision_filter(other, 0, &g), SILK_OK);
    CHECK(g.category_bits == 4u && g.mask_bits == 5u && g.self_collide);
    CHECK(silk_world_get_robust(other).contact_friction == 0.7);
    CHECK(silk_world_get_robust(other).contact_restitution == 0.25);
    run(w, 20);
    run(other, 20);
    CHECK(silk_world_state_hash(other) == silk_world_state_hash(w));
    double r = 0;
    silk_world_get_radius(other, 7, &r);
    CHECK(r == 4.0);
    const uint64_t before = silk_world_state_hash(other);
    CHECK_EQ_INT(silk_world_set_radius(other, 7, 4.5), SILK_OK);
    CHECK(silk_world_state_hash(other) != before);
    free(b);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

/* A recording of the ball pit -- a drag, a radius change, a filter change -- replays into a
   fresh ball pit to the recorded state hash. */
static void test_replay_of_ball_pit_gives_same_hash(void)
{
    silk_world* w = ball_pit();
    run(w, 20);
    CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
    for (int s = 0; s < 90; ++s)
    {
        if (s == 10)
        {
            CHECK_EQ_INT(silk_world_drag_begin(w, 1500, (silk_vec2){400, 100}), SILK_OK);
        }
        if (s == 20)
        {
            CHECK_EQ_INT(silk_world_drag_move(w, (silk_vec2){420, 150}), SILK_OK);
            CHECK_EQ_INT(silk_world_set_radius(w, 12, 6.0), SILK_OK);
        }
        if (s == 30)
        {
            silk_world_drag_end(w);
            silk_collision_filter f = silk_default_collision_filter();
            CHECK_EQ_INT(silk_world_set_collision_filter(w, 0, f), SILK_OK); /* self off */
        }
        if (s == 50)
        {
            silk_collision_filter f = silk_default_collision_filter();
            f.self_collide = true;
            f.category_bits = 3u;
            CHECK_EQ_INT(silk_world_set_collision_filter(w, 0, f), SILK_OK);
        }
        CHECK_EQ_INT(silk_world_advance(w, H, NULL), SILK_OK);
    }
    CHECK_EQ_INT(silk_world_record_end(w), SILK_OK);
    size_t size = silk_world_recording_size(w);
    uint8_t* rec = malloc(size);
    CHECK_EQ_INT(silk_world_recording_export(w, rec, size, &size), SILK_OK);
    const uint64_t end = silk_world_state_hash(w);
    silk_world* other = ball_pit();
    silk_replay_result result;
    CHECK_EQ_INT(silk_world_replay(other, rec, size, &result), SILK_OK);
    CHECK(result.matches);
    CHECK(result.hash == end);
    CHECK(silk_world_state_hash(other) == end);
    free(rec);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

/* Ends `w`'s recording and starts its replay in `player`: what one step of the replay may cost
   (silk_play_status.step_work, element passes), read before the replay is stopped again. */
static int64_t replayed_step_work(silk_world* w, silk_world* player)
{
    CHECK_EQ_INT(silk_world_record_end(w), SILK_OK);
    size_t size = silk_world_recording_size(w);
    uint8_t* rec = malloc(size);
    CHECK_EQ_INT(silk_world_recording_export(w, rec, size, &size), SILK_OK);
    silk_play_status st = {0};
    CHECK_EQ_INT(silk_world_play_begin(player, rec, size), SILK_OK);
    CHECK_EQ_INT(silk_world_play_status(player, &st), SILK_OK);
    silk_world_play_stop(player);
    free(rec);
    return st.step_work;
}

/* A recording's work bound (silk.h, SILK_REPLAY_MAX_PASSES) counts the contact pass: each disc
   is SILK_REPLAY_CONTACT_EXTRA more elements of every robust pass, so the ball pit's 2,000
   discs are a step of about 3.2 M element passes, not 66 K (which let a replay or a playRun of
   ball pit block ~50x longer than the bound means). A radius event makes every particle count
   as a disc (which one is not tracked); in compat, which has no contacts, discs add nothing. */
static void test_replay_bound_counts_contact_work(void)
{
    silk_world* w = ball_pit();
    const int64_t n = silk_world_particle_count(w);
    const silk_robust_def rd = silk_world_get_robust(w);
    const int64_t passes = (int64_t)rd.substeps * (rd.iterations + rd.near_passes + 2) + 1;
    const int64_t plain = n + silk_world_constraint_count(w) + 1; /* no angles, no headroom */
    int64_t discs = 0;
    for (int32_t i = 0; i < n; ++i)
    {
        double r = 0.0;
        silk_world_get_radius(w, i, &r);
        discs += r > 0.0;
    }
    CHECK(discs == 2000);
    CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
    CHECK_EQ_INT(silk_world_advance(w, H, NULL), SILK_OK);
    silk_world* other = ball_pit();
    const int64_t work = replayed_step_work(w, other);
    CHECK(work == passes * (plain + SILK_REPLAY_CONTACT_EXTRA * discs));
    /* the contact pass dominates a pit's step (bench/balls.c: ~200 ns per disc and substep
       natively, against ~1.3 ns per element pass): counted, it is most of the step's work */
    CHECK(work > 32 * passes * plain);

    /* points only, then one radius event: every particle counts as a disc */
    silk_world* p = ball_pit();
    for (int32_t i = 0; i < n; ++i)
    {
        CHECK_EQ_INT(silk_world_set_radius(p, i, 0.0), SILK_OK);
    }
    CHECK_EQ_INT(silk_world_record_begin(p), SILK_OK);
    CHECK_EQ_INT(silk_world_advance(p, H, NULL), SILK_OK);
    CHECK_EQ_INT(silk_world_set_radius(p, 7, 4.0), SILK_OK);
    CHECK_EQ_INT(silk_world_advance(p, H, NULL), SILK_OK);
    CHECK(replayed_step_work(p, other) == passes * (plain + SILK_REPLAY_CONTACT_EXTRA * n));

    /* the same discs in compat: no contact pass, no extra */
    CHECK_EQ_INT(silk_world_set_solver(p, SILK_SOLVER_COMPAT), SILK_OK);
    CHECK_EQ_INT(silk_world_set_radius(p, 7, 4.0), SILK_OK);
    CHECK_EQ_INT(silk_world_record_begin(p), SILK_OK);
    CHECK_EQ_INT(silk_world_advance(p, H, NULL), SILK_OK);
    CHECK(replayed_step_work(p, other) == (int64_t)(silk_world_get_relax_passes(p) + 1) * plain);
    silk_world_destroy(p);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

/* The compat solver is verlet-js: radii change nothing there. */
static void test_compat_ignores_radii(void)
{
    silk_world* w = NULL;
    silk_world_def def = silk_default_world_def();
    silk_world_create(&def, &w);
    int32_t c = -1, a = -1, b = -1;
    silk_world_add_composite(w, &c);
    silk_world_add_particle(w, c, (silk_vec2){400, 400}, &a);
    silk_world_add_particle(w, c, (silk_vec2){402, 400}, &b);
    silk_world* v = NULL;
    silk_world_create(&def, &v);
    silk_world_add_composite(v, &c);
    silk_world_add_particle(v, c, (silk_vec2){400, 400}, &a);
    silk_world_add_particle(v, c, (silk_vec2){402, 400}, &b);
    silk_collision_filter f = silk_default_collision_filter();
    f.self_collide = true;
    silk_world_set_collision_filter(v, c, f);
    silk_world_set_radius(v, a, 10);
    silk_world_set_radius(v, b, 10);
    for (int s = 0; s < 30; ++s)
    {
        silk_world_frame(w, 16);
        silk_world_frame(v, 16);
    }
    CHECK(memcmp(silk_world_positions(w), silk_world_positions(v), 2 * sizeof(silk_vec2)) == 0);
    silk_world_destroy(w);
    silk_world_destroy(v);
}

/* Discs ~1e308 px apart (a world that has exploded, or a fuzzer's positions): the grid's
   span then overflows or holds more cells than an int32 counts, and converting it was
   undefined behaviour (UBSan: "-2147483647 * -2147483647 cannot be represented", the byte
   fuzzer's finding). The broad phase now counts cells in doubles first and gives such a
   step no contacts: the step returns, no sanitizer report, no NaN from the grid. */
static void test_far_flung_discs_are_no_undefined_behaviour(void)
{
    const double spots[][2] = {{-1e308, -1e308}, {1e308, 1e308}, {0.0, 0.0}, {1e300, -1e300}};
    for (int k = 0; k < 4; ++k)
    {
        silk_world* w = robust_world(800.0, 500.0, (silk_vec2){0.0, 0.0}, 0.0);
        int32_t c = -1;
        CHECK_EQ_INT(silk_world_add_composite(w, &c), SILK_OK);
        ball(w, c, (silk_vec2){spots[k][0], spots[k][1]}, (silk_vec2){0.0, 0.0}, 4.0);
        ball(w, c, (silk_vec2){-spots[k][0], -spots[k][1]}, (silk_vec2){0.0, 0.0}, 4.0);
        ball(w, c, (silk_vec2){0.0, 0.0}, (silk_vec2){0.0, 0.0}, 4.0);
        silk_collision_filter f = silk_default_collision_filter();
        f.self_collide = true;
        CHECK_EQ_INT(silk_world_set_collision_filter(w, c, f), SILK_OK);
        CHECK_EQ_INT(silk_world_robust_step(w, H), SILK_OK);
        silk_world_destroy(w);
    }
}

int main(void)
{
    test_far_flung_discs_are_no_undefined_behaviour();
    test_head_on_conserves_momentum();
    test_filters_decide_pairs();
    test_setters_validate();
    test_fast_ball_does_not_tunnel();
    test_snapshot_carries_collisions();
    test_replay_of_ball_pit_gives_same_hash();
    test_replay_bound_counts_contact_work();
    test_compat_ignores_radii();
    test_pile_comes_to_rest_without_tunnelling();
    return check_report("collide");
}
