/* test_sleep.c -- resting discs fall asleep (silk.h "Sleeping", engine/src/sleep.c): a settled
   pile sleeps and holds still, a ball dropped on it wakes it without an explosion, a drag
   wakes, replay and restore carry the sleep state, sleep with a zero speed threshold changes
   no bit, and a version 6 snapshot loads with sleep off and every particle awake. Runs
   natively, in wasm and under ASan + UBSan. */
#include "check.h"
#include "bytes.h"
#include "silk.h"
#include "silk_extras.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define H (1.0 / 60.0)

static silk_world* ball_pit(bool sleep, double speed)
{
    silk_world* w = NULL;
    silk_world_def def = silk_default_world_def();
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    silk_scene_def sd = silk_default_scene_def();
    sd.scene = SILK_SCENE_BALL_PIT;
    CHECK_EQ_INT(silk_world_build_scene(w, &sd), SILK_OK);
    silk_robust_def r = silk_world_get_robust(w);
    r.sleep = sleep;
    r.sleep_speed = speed;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_OK);
    return w;
}

static void run(silk_world* w, int steps)
{
    for (int s = 0; s < steps; ++s)
    {
        CHECK_EQ_INT(silk_world_advance(w, H, NULL), SILK_OK);
    }
}

static double sleeping(silk_world* w)
{
    CHECK_EQ_INT(silk_world_update_diagnostics(w, (silk_vec2){400, 250}), SILK_OK);
    return silk_world_diagnostics(w)->values[SILK_DIAG_SLEEPING];
}

static double max_speed(const silk_world* w)
{
    const silk_vec2* p = silk_world_positions(w);
    const silk_vec2* q = silk_world_last_positions(w);
    double top = 0.0;
    for (int32_t i = 0; i < silk_world_particle_count(w); ++i)
    {
        double s =
            sqrt((p[i].x - q[i].x) * (p[i].x - q[i].x) + (p[i].y - q[i].y) * (p[i].y - q[i].y)) / H;
        top = s > top || s != s ? s : top;
    }
    return top;
}

static int32_t outside_cup(const silk_world* w)
{
    const silk_vec2 size = silk_world_get_size(w);
    const silk_vec2* p = silk_world_positions(w);
    int32_t outside = 0;
    for (int32_t i = 0; i < silk_world_particle_count(w); ++i)
    {
        bool in = p[i].x > size.x * 0.19 && p[i].x < size.x * 0.81 && p[i].y < size.y - 30.0 &&
                  p[i].y > 0.0;
        outside += !in;
    }
    return outside;
}

/* The ball pit settles and sleeps: after 10 s at least 95 % of its 2,000 balls sleep (the
   whole pile sleeps after about 8 s at the default 12 px/s and 30 steps), and a second later
   every sleeping ball is exactly where it was (bit for bit). */
static silk_world* settled_pit(void)
{
    silk_world* w = ball_pit(true, silk_default_robust_def().sleep_speed);
    run(w, 600);
    return w;
}

static void test_settled_pile_sleeps_and_holds_still(void)
{
    silk_world* w = settled_pit();
    const int32_t n = silk_world_particle_count(w);
    const double asleep = sleeping(w);
    printf("ball pit at 10 s: %.0f of %d balls asleep\n", asleep, n);
    CHECK(asleep >= 0.95 * n);
    CHECK_EQ_INT(outside_cup(w), 0);
    silk_vec2* before = malloc((size_t)n * sizeof(silk_vec2));
    memcpy(before, silk_world_positions(w), (size_t)n * sizeof(silk_vec2));
    run(w, 60);
    const silk_vec2* after = silk_world_positions(w);
    int32_t moved = 0;
    for (int32_t i = 0; i < n; ++i)
    {
        moved += before[i].x != after[i].x || before[i].y != after[i].y;
    }
    const double still = sleeping(w);
    printf("a second later: %.0f asleep, %d balls moved\n", still, moved);
    CHECK(still >= asleep);
    CHECK(moved <= n - (int32_t)still); /* only awake balls may move */
    free(before);
    silk_world_destroy(w);
}

/* A ball dropped from 150 px above the settled pile at 300 px/s: it wakes the pile (the
   sleeping count falls), nothing flies off (every ball stays in the cup, no ball faster than
   the drop's speed plus what 1 s of gravity adds), no NaN, and the pile sleeps again. */
static void test_dropped_ball_wakes_pile(void)
{
    silk_world* w = settled_pit();
    const double asleep = sleeping(w);
    const silk_vec2 size = silk_world_get_size(w);
    int32_t c = -1, b = -1;
    CHECK_EQ_INT(silk_world_add_composite(w, &c), SILK_OK);
    const silk_vec2 at = {size.x * 0.5, size.y * 0.2};
    CHECK_EQ_INT(silk_world_add_particle(w, c, at, &b), SILK_OK);
    CHECK_EQ_INT(silk_world_set_last_position(w, b, (silk_vec2){at.x, at.y - 300.0 * H}), SILK_OK);
    CHECK_EQ_INT(silk_world_set_radius(w, b, 6.0), SILK_OK);
    silk_collision_filter f = silk_default_collision_filter();
    CHECK_EQ_INT(silk_world_set_collision_filter(w, c, f), SILK_OK);
    const double g = silk_world_get_robust(w).gravity.y;
    double fastest = 0.0, least = asleep;
    for (int s = 0; s < 600; ++s)
    {
        run(w, 1);
        const double m = max_speed(w);
        fastest = m > fastest || m != m ? m : fastest;
        const double z = sleeping(w);
        least = z < least ? z : least;
    }
    const double again = sleeping(w);
    printf("dropped ball: asleep %.0f -> least %.0f -> %.0f after 10 s, fastest %.1f px/s\n",
           asleep, least, again, fastest);
    CHECK(least < 0.5 * asleep); /* adding the ball (an input) woke the pile */
    CHECK(fastest < 300.0 + g * 1.0);
    CHECK_EQ_INT(outside_cup(w), 0);
    CHECK(again >= 0.9 * silk_world_particle_count(w));
    CHECK(silk_world_diagnostics(w)->values[SILK_DIAG_NAN_COUNT] == 0.0);
    silk_world_destroy(w);
}

/* A drag wakes every sleeping ball, and nothing sleeps while it is held; set position and
   an added polygon wake them too. */
static void test_drag_wakes(void)
{
    silk_world* w = settled_pit();
    CHECK(sleeping(w) > 0.0);
    CHECK_EQ_INT(silk_world_drag_begin(w, 100, (silk_vec2){400, 100}), SILK_OK);
    CHECK(sleeping(w) == 0.0);
    run(w, 60);
    CHECK(sleeping(w) == 0.0);
    silk_world_drag_end(w);
    run(w, 600);
    CHECK(sleeping(w) > 0.0);
    /* set position wakes too */
    silk_vec2 p;
    CHECK_EQ_INT(silk_world_get_position(w, 7, &p), SILK_OK);
    CHECK_EQ_INT(silk_world_set_position(w, 7, p), SILK_OK);
    CHECK(sleeping(w) == 0.0);
    /* and a static polygon added where discs sleep (they must be pushed out of it) */
    run(w, 600);
    CHECK(sleeping(w) > 0.0);
    const silk_vec2 square[4] = {{390, 380}, {410, 380}, {410, 400}, {390, 400}};
    silk_polygon_def pd = silk_default_polygon_def();
    pd.points = square;
    pd.count = 4;
    CHECK_EQ_INT(silk_world_add_polygon(w, &pd, NULL), SILK_OK);
    CHECK(sleeping(w) == 0.0);
    silk_world_destroy(w);
}

/* A recording that starts with a partly sleeping pit, with a drag, a setting change and a
   radius change in it, replays to the same state hash; a snapshot round trip keeps the hash
   and the next steps' hash. */
static void test_replay_and_restore_carry_sleep(void)
{
    silk_world* w = ball_pit(true, silk_default_robust_def().sleep_speed);
    run(w, 450);
    const double asleep = sleeping(w);
    CHECK(asleep > 0.0);
    CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
    for (int s = 0; s < 240; ++s)
    {
        if (s == 30)
        {
            CHECK_EQ_INT(silk_world_drag_begin(w, 1500, (silk_vec2){400, 100}), SILK_OK);
        }
        if (s == 40)
        {
            silk_world_drag_end(w);
        }
        if (s == 100)
        {
            silk_robust_def r = silk_world_get_robust(w);
            r.sleep_steps = 20;
            r.sleep_speed = 6.0;
            CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_OK);
        }
        if (s == 200)
        {
            CHECK_EQ_INT(silk_world_set_radius(w, 12, 5.0), SILK_OK);
        }
        run(w, 1);
    }
    CHECK_EQ_INT(silk_world_record_end(w), SILK_OK);
    printf("replay: %.0f asleep at the start, %.0f at the end\n", asleep, sleeping(w));
    size_t size = silk_world_recording_size(w);
    uint8_t* rec = malloc(size);
    CHECK_EQ_INT(silk_world_recording_export(w, rec, size, &size), SILK_OK);
    const uint64_t end = silk_world_state_hash(w);
    silk_world* other = ball_pit(false, 4.0);
    silk_replay_result result;
    CHECK_EQ_INT(silk_world_replay(other, rec, size, &result), SILK_OK);
    CHECK(result.matches);
    CHECK(silk_world_state_hash(other) == end);
    CHECK(silk_world_get_robust(other).sleep_steps == 20);
    /* snapshot, step, restore, step: the same hash */
    size_t snap_size = silk_world_snapshot_size(w);
    uint8_t* snap = malloc(snap_size);
    CHECK_EQ_INT(silk_world_snapshot(w, snap, snap_size, NULL), SILK_OK);
    run(w, 30);
    const uint64_t later = silk_world_state_hash(w);
    CHECK_EQ_INT(silk_world_restore(other, snap, snap_size), SILK_OK);
    CHECK(silk_world_state_hash(other) == end);
    run(other, 30);
    CHECK(silk_world_state_hash(other) == later);
    free(snap);
    free(rec);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

/* Sleep on with a zero speed threshold never rests a disc: every step is bit for bit the one
   with sleep off (the skipped pairs and the sleep pass change nothing), and so is the state
   hash. Sleep off is the default. */
static void test_zero_threshold_changes_nothing(void)
{
    CHECK(!silk_default_robust_def().sleep);
    silk_world* off = ball_pit(false, 4.0);
    silk_world* on = ball_pit(true, 0.0);
    run(off, 400);
    run(on, 400);
    CHECK(sleeping(on) == 0.0);
    CHECK(silk_world_state_hash(off) == silk_world_state_hash(on));
    silk_world_destroy(off);
    silk_world_destroy(on);
}

/* The setters' validation: sleep_speed >= 0 and finite, sleep_steps in [1, max]. */
static void test_setters_validate(void)
{
    silk_world* w = ball_pit(false, 4.0);
    silk_robust_def r = silk_world_get_robust(w);
    r.sleep_speed = -1.0;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_ERR_RANGE);
    r.sleep_speed = NAN;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_ERR_NONFINITE);
    r = silk_world_get_robust(w);
    r.sleep_steps = 0;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_ERR_RANGE);
    r.sleep_steps = SILK_MAX_SLEEP_STEPS + 1;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_ERR_RANGE);
    CHECK(silk_world_get_robust(w).sleep_steps == 30);
    CHECK(silk_world_get_robust(w).sleep_speed == 4.0); /* as set, the bad values refused */
    silk_world_destroy(w);
}

/* Snapshot layout (silk.h, SNAPSHOT FORMAT; test_reliability.c has the same offsets): v7
   appended the sleep settings (16 bytes at payload offset 224) and a sleep state per particle
   row (its last 4 of 88 bytes; the rows start at payload offset 284). */
#define SNAP_HEADER  32
#define AT_SLEEP     224
#define SNAP_FIXED   284
#define PER_PARTICLE 88

/* A version 6 snapshot (these bytes without the v7 fields) of a sleeping pit loads with
   sleep off and every ball awake; the same bytes claiming version 7 are refused. */
static void test_version_6_loads_awake(void)
{
    silk_world* w = settled_pit();
    CHECK(sleeping(w) > 0.0);
    const int32_t n = silk_world_particle_count(w);
    size_t size = silk_world_snapshot_size(w);
    uint8_t* v7 = malloc(size);
    CHECK_EQ_INT(silk_world_snapshot(w, v7, size, NULL), SILK_OK);
    CHECK_EQ_INT(v7[8], 7);
    const size_t cut = 16 + 4 * (size_t)n;
    uint8_t* v6 = malloc(size - cut);
    uint8_t* to = v6;
    const uint8_t* payload = v7 + SNAP_HEADER;
    memcpy(to, v7, SNAP_HEADER + AT_SLEEP);
    to += SNAP_HEADER + AT_SLEEP;
    memcpy(to, payload + AT_SLEEP + 16, SNAP_FIXED - AT_SLEEP - 16);
    to += SNAP_FIXED - AT_SLEEP - 16;
    for (int32_t i = 0; i < n; ++i)
    {
        memcpy(to, payload + SNAP_FIXED + (size_t)i * PER_PARTICLE, PER_PARTICLE - 4);
        to += PER_PARTICLE - 4;
    }
    const size_t rest = size - SNAP_HEADER - SNAP_FIXED - (size_t)n * PER_PARTICLE;
    memcpy(to, payload + SNAP_FIXED + (size_t)n * PER_PARTICLE, rest);
    to += rest;
    CHECK((size_t)(to - v6) == size - cut);
    put_le(v6 + 8, 6, 4);
    put_le(v6 + 16, size - cut - SNAP_HEADER, 8);
    put_le(v6 + 24, fnv1a(v6 + SNAP_HEADER, size - cut - SNAP_HEADER), 8);
    silk_world* into = ball_pit(true, 4.0);
    CHECK_EQ_INT(silk_world_restore(into, v6, size - cut), SILK_OK);
    CHECK(!silk_world_get_robust(into).sleep);
    CHECK(silk_world_get_robust(into).sleep_steps == 30);
    CHECK(sleeping(into) == 0.0);
    CHECK(memcmp(silk_world_positions(into), silk_world_positions(w),
                 (size_t)n * sizeof(silk_vec2)) == 0);
    put_le(v6 + 8, 7, 4);
    CHECK_EQ_INT(silk_world_restore(into, v6, size - cut), SILK_ERR_FORMAT);
    free(v6);
    free(v7);
    silk_world_destroy(w);
    silk_world_destroy(into);
}

/* The largest overlap between two discs, as a share of the smaller radius. */
static double overlap_max(const silk_world* w)
{
    const int32_t n = silk_world_particle_count(w);
    const silk_vec2* p = silk_world_positions(w);
    const double* radius = silk_world_radii(w);
    double top = 0.0;
    for (int32_t i = 0; i < n; ++i)
    {
        const double ri = radius[i];
        for (int32_t j = i + 1; j < n && ri > 0.0; ++j)
        {
            const double rj = radius[j];
            const double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y;
            const double depth = ri + rj - sqrt(dx * dx + dy * dy);
            const double share = depth / (ri < rj ? ri : rj);
            top = share > top ? share : top;
        }
    }
    return top;
}

/* A robust world of `width` x `height` px with sleep on and one self-colliding composite. */
static silk_world* sleep_box(double width, double height, int32_t capacity, double gravity,
                             int32_t* composite)
{
    silk_world* w = NULL;
    silk_world_def def = silk_default_world_def();
    def.width = width;
    def.height = height;
    def.particle_capacity = capacity;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    CHECK_EQ_INT(silk_world_set_solver(w, SILK_SOLVER_ROBUST), SILK_OK);
    silk_robust_def r = silk_world_get_robust(w);
    r.gravity = (silk_vec2){0.0, gravity > 0.0 ? gravity : r.gravity.y};
    r.damping = gravity > 0.0 ? 0.0 : r.damping;
    r.substeps = 4;
    r.sleep = true;
    CHECK_EQ_INT(silk_world_set_robust(w, &r), SILK_OK);
    CHECK_EQ_INT(silk_world_add_composite(w, composite), SILK_OK);
    silk_collision_filter f = silk_default_collision_filter();
    f.self_collide = true;
    CHECK_EQ_INT(silk_world_set_collision_filter(w, *composite, f), SILK_OK);
    return w;
}

/* A hit wakes the disc hit, not its island. Six rows of balls packed wall to wall (87
   balls, added top row first, so the island's label -- its lowest index -- is the ball under
   the drop, and waking it relabels the island) rest from the start and fall asleep as
   one island; a ball thrown up from above comes down on them at about 500 px/s. Whether a
   hit is seen depends on the substep it lands in (sleep.c sees the last substep's
   contacts), so it is dropped from eight heights: in none may more than a few balls of the
   island wake (waking the island woke all 87 at two of these heights), in at least one
   some must, and every time the stack and the ball sleep again, with no overlap deeper
   than half a radius. */
static void test_hit_wakes_only_the_disc_hit(void)
{
    int woke = 0;
    for (int k = 0; k < 8; ++k)
    {
        int32_t c = -1;
        silk_world* w = sleep_box(151.0, 400.0, 100, 0.0, &c);
        const double floor_y = 399.0;
        int32_t stack = 0;
        for (int row = 5; row >= 0; --row)
        {
            for (int j = 0; j < (row % 2 ? 14 : 15); ++j)
            {
                const int i = (j + 6) % (row % 2 ? 14 : 15); /* index 0 at x = 70, under the ball */
                int32_t p = -1;
                const silk_vec2 at = {5.0 + 10.0 * i + 5.0 * (row % 2), floor_y - 5.0 - row * 8.6};
                CHECK_EQ_INT(silk_world_add_particle(w, c, at, &p), SILK_OK);
                CHECK_EQ_INT(silk_world_set_radius(w, p, 5.0), SILK_OK);
                stack += 1;
            }
        }
        const silk_vec2 at = {72.0, floor_y - 5.0 - 6.0 * 8.66 - (200.0 + 20.0 * k)};
        int32_t b = -1;
        CHECK_EQ_INT(silk_world_add_particle(w, c, at, &b), SILK_OK);
        CHECK_EQ_INT(silk_world_set_radius(w, b, 5.0), SILK_OK);
        CHECK_EQ_INT(silk_world_set_last_position(w, b, (silk_vec2){at.x, at.y + 300.0 * H}),
                     SILK_OK);
        run(w, 45);
        CHECK(sleeping(w) == stack); /* the stack is asleep before the ball comes down */
        double least = stack;
        for (int s = 0; s < 255; ++s)
        {
            run(w, 1);
            const double z = sleeping(w);
            least = z < least ? z : least;
        }
        printf("hit from %d px: least asleep %.0f of %d, then %.0f asleep, overlap %.3f r\n",
               200 + 20 * k, least, stack, sleeping(w), overlap_max(w));
        CHECK(least >= stack - 4);
        CHECK(sleeping(w) == stack + 1);
        CHECK(overlap_max(w) <= 0.5);
        woke += least < stack;
        silk_world_destroy(w);
    }
    CHECK(woke >= 1);
}

/* An awake disc meets every sleeping disc it can touch (contact.c's grid of the sleeping
   discs, broadphase.c): a disc of radius 20 falls onto a sleeping stack of radius-5 balls --
   over its middle, over its left end and half past its right end -- and must not sink in.
   (It is added with the stack, high above it: adding a disc is an input, which wakes
   everything.) Its hit wakes the balls it strikes; their neighbours sleep on and hold it up.
   The sleeping discs' cells are as wide as the widest pair's reach (25 px here): cells as
   wide as the sleeping discs alone (10 px) miss the balls 15-25 px from the big disc's centre:
   tried, it sank 1.15 r and 1.39 r deep into the stack over its middle and its right end. */
static void test_big_disc_on_sleeping_stack(void)
{
    const double xs[3] = {75.0, 5.0, 160.0};
    for (int k = 0; k < 3; ++k)
    {
        int32_t c = -1;
        silk_world* w = sleep_box(301.0, 700.0, 100, 0.0, &c);
        const double floor_y = 699.0, top = floor_y - 5.0 - 3.0 * 8.66 - 5.0;
        int32_t stack = 0;
        for (int row = 0; row < 4; ++row)
        {
            for (int j = 0; j < (row % 2 ? 14 : 15); ++j)
            {
                int32_t p = -1;
                const silk_vec2 at = {5.0 + 10.0 * j + 5.0 * (row % 2), floor_y - 5.0 - row * 8.66};
                CHECK_EQ_INT(silk_world_add_particle(w, c, at, &p), SILK_OK);
                CHECK_EQ_INT(silk_world_set_radius(w, p, 5.0), SILK_OK);
                stack += 1;
            }
        }
        int32_t big = -1;
        CHECK_EQ_INT(silk_world_add_particle(w, c, (silk_vec2){xs[k], top - 600.0}, &big), SILK_OK);
        CHECK_EQ_INT(silk_world_set_radius(w, big, 20.0), SILK_OK);
        run(w, 50);
        CHECK(sleeping(w) >= stack - 2); /* asleep when it comes (an end ball may roll on) */
        CHECK(silk_world_positions(w)[big].y < top - 20.0 - 50.0); /* before it comes */
        double deepest = 0.0, least = stack;
        for (int s = 0; s < 240; ++s)
        {
            run(w, 1);
            const double o = overlap_max(w), z = sleeping(w);
            deepest = o > deepest ? o : deepest;
            least = z < least ? z : least;
        }
        printf("big disc at x %.0f: deepest overlap %.3f r, least asleep %.0f of %d, %.0f at the "
               "end\n",
               xs[k], deepest, least, stack, sleeping(w));
        CHECK(least >= stack / 2); /* most of the stack slept through the landing */
        CHECK(deepest <= 0.5);
        silk_world_destroy(w);
    }
}

/* 3,000 balls poured into a box (bench/balls.c's, 4 substeps) are all asleep by 8 s, and no
   two discs overlap by more than 1.5 r (before the load wait of sleep.c, a 20,000-ball pile
   froze 1.43 r overlaps in its sleeping bottom; this is the small pile's guard). */
static void test_poured_pile_sleeps(void)
{
    const int32_t n = 3000;
    const double r = 5.0, spacing = 12.0;
    const double width = 100.0 * sqrt(2.0 * 0.0092 * n) + 20.0;
    const int columns = (int)floor((width - 2.0 * spacing) / spacing);
    const int rows = (n + columns - 1) / columns;
    const double height = rows * spacing + width;
    int32_t c = -1;
    silk_world* w = sleep_box(width, height, n, 981.0, &c);
    for (int32_t k = 0; k < n; ++k)
    {
        const int row = k / columns, col = k % columns;
        const silk_vec2 at = {spacing + col * spacing + (row % 2 ? r * 0.5 : 0.0),
                              spacing + row * spacing - 1.0}; /* balls.c's grid, in px */
        int32_t p = -1;
        CHECK_EQ_INT(silk_world_add_particle(w, c, at, &p), SILK_OK);
        CHECK_EQ_INT(silk_world_set_radius(w, p, r), SILK_OK);
    }
    run(w, 480);
    const double asleep = sleeping(w), overlap = overlap_max(w);
    printf("poured pile: %.0f of %d asleep at 8 s, max overlap %.3f r\n", asleep, n, overlap);
    CHECK(asleep == n);
    CHECK(overlap <= 1.5);
    silk_world_destroy(w);
}

int main(void)
{
    test_setters_validate();
    test_zero_threshold_changes_nothing();
    test_settled_pile_sleeps_and_holds_still();
    test_dropped_ball_wakes_pile();
    test_hit_wakes_only_the_disc_hit();
    test_poured_pile_sleeps();
    test_big_disc_on_sleeping_stack();
    test_drag_wakes();
    test_replay_and_restore_carry_sleep();
    test_version_6_loads_awake();
    return check_report("sleep");
}
