/* test_boundary.c -- the contracts a host (the JS binding) builds on:

   - the def checks name the field that failed and the rule, a NaN anywhere still wins, and a
     world keeps the detail of its last failing def setter (and forgets it on success);
   - queued pointer samples land on the fixed step their time falls in: the same bits as a host
     that moved the drag by hand before each step, in fixed and coupled mode, and a recording
     of a queued drag replays to the same hash. */
#include "check.h"
#include "silk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int same(const char* a, const char* b)
{
    return a != NULL && b != NULL && strcmp(a, b) == 0;
}

static void test_world_def_detail(void)
{
    silk_error_detail d;
    silk_world_def def = silk_default_world_def();
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_OK);
    CHECK_EQ_INT(d.status, SILK_OK);
    CHECK(same(d.field, "") && same(d.rule, ""));
    CHECK_EQ_INT(silk_check_world_def(&def, NULL), SILK_OK); /* the detail is optional */

    def.width = 0.5;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_RANGE);
    CHECK(same(d.field, "width") && strstr(d.rule, ">= 1") != NULL);
    def = silk_default_world_def();
    def.height = -1.0;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_RANGE);
    CHECK(same(d.field, "height"));

    /* a NaN anywhere is SILK_ERR_NONFINITE, even with a range error before it */
    def = silk_default_world_def();
    def.width = 0.0;
    def.friction = NAN;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_NONFINITE);
    CHECK(same(d.field, "friction") && same(d.rule, "must be finite"));

    def = silk_default_world_def();
    def.relax_passes = SILK_MAX_RELAX_PASSES + 1;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_RANGE);
    CHECK(same(d.field, "relax_passes") && strstr(d.rule, "4096") != NULL);

    def = silk_default_world_def();
    def.stepper.step_seconds = 0.0;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_RANGE);
    CHECK(same(d.field, "stepper.step_seconds"));
    def = silk_default_world_def();
    def.stepper.max_steps_per_frame = 0;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_RANGE);
    CHECK(same(d.field, "stepper.max_steps_per_frame"));

    def = silk_default_world_def();
    def.particle_capacity = -1;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_CAPACITY);
    CHECK(same(d.field, "particle_capacity"));

    def = silk_default_world_def();
    def.internal_cookie = 0;
    CHECK_EQ_INT(silk_check_world_def(&def, &d), SILK_ERR_DEF);
    CHECK(same(d.field, "") && same(d.rule, ""));

    /* create reports what the check reports, and makes no world */
    def = silk_default_world_def();
    def.stepper.step_seconds = SILK_MAX_STEP_SECONDS * 2.0;
    silk_world* world = (silk_world*)&def; /* overwritten with NULL on failure */
    CHECK_EQ_INT(silk_world_create(&def, &world), SILK_ERR_RANGE);
    CHECK(world == NULL);
}

static void test_setting_defs_detail(void)
{
    silk_error_detail d;
    silk_robust_def r = silk_default_robust_def();
    CHECK_EQ_INT(silk_check_robust_def(&r, &d), SILK_OK);
    r.near_passes = SILK_MAX_NEAR_PASSES + 1;
    CHECK_EQ_INT(silk_check_robust_def(&r, &d), SILK_ERR_RANGE);
    CHECK(same(d.field, "near_passes"));
    r.damping = NAN; /* the NaN wins over the range error listed before it */
    CHECK_EQ_INT(silk_check_robust_def(&r, &d), SILK_ERR_NONFINITE);
    CHECK(same(d.field, "damping"));

    silk_watchdog_def w = silk_default_watchdog_def();
    CHECK_EQ_INT(silk_check_watchdog_def(&w, &d), SILK_OK);
    w.window = 1;
    CHECK_EQ_INT(silk_check_watchdog_def(&w, &d), SILK_ERR_RANGE);
    CHECK(same(d.field, "window"));

    silk_stepper_def s = silk_default_stepper_def();
    s.step_seconds = INFINITY;
    CHECK_EQ_INT(silk_check_stepper_def(&s, &d), SILK_ERR_NONFINITE);
    CHECK(same(d.field, "step_seconds"));
    CHECK_EQ_INT(silk_check_stepper_def(NULL, &d), SILK_ERR_NULL);
}

static silk_world* make_chain(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world* world = NULL;
    silk_world_create(&def, &world);
    int32_t c = 0;
    silk_world_add_composite(world, &c);
    for (int32_t i = 0; i < 8; ++i)
    {
        int32_t p = 0;
        silk_world_add_particle(world, c, (silk_vec2){300.0 + 20.0 * i, 100.0}, &p);
        if (i > 0)
        {
            silk_distance_def d = silk_default_distance_def();
            d.a = i - 1;
            d.b = i;
            silk_world_add_distance(world, c, &d, NULL);
        }
    }
    silk_pin_def pin = silk_default_pin_def();
    pin.particle = 0;
    silk_world_add_pin(world, c, &pin, NULL);
    silk_advance_result r;
    for (int k = 0; k < 30; ++k)
    {
        silk_world_advance(world, 1.0 / 60.0, &r);
    }
    return world;
}

static int same_positions(const silk_world* a, const silk_world* b)
{
    int32_t n = silk_world_particle_count(a);
    return n == silk_world_particle_count(b) &&
           memcmp(silk_world_positions(a), silk_world_positions(b), sizeof(silk_vec2) * n) == 0 &&
           silk_world_state_hash(a) == silk_world_state_hash(b);
}

static void test_world_keeps_last_detail(void)
{
    silk_world* world = make_chain();
    uint64_t before = silk_world_state_hash(world);
    silk_error_detail d = silk_world_last_error_detail(world);
    CHECK_EQ_INT(d.status, SILK_OK);
    CHECK(same(d.field, ""));

    silk_robust_def r = silk_world_get_robust(world);
    r.substeps = 0;
    CHECK_EQ_INT(silk_world_set_robust(world, &r), SILK_ERR_RANGE);
    d = silk_world_last_error_detail(world);
    CHECK_EQ_INT(d.status, SILK_ERR_RANGE);
    CHECK(same(d.field, "substeps"));
    CHECK_EQ_INT(silk_world_set_size(world, 800.0, 0.0), SILK_ERR_RANGE);
    CHECK(same(silk_world_last_error_detail(world).field, "height"));
    CHECK_EQ_INT(silk_world_set_size(world, 0.0, 0.0), SILK_ERR_RANGE);
    CHECK(same(silk_world_last_error_detail(world).field, "width"));
    silk_watchdog_def w = silk_default_watchdog_def();
    w.energy_growth = 0.5;
    CHECK_EQ_INT(silk_world_set_watchdog(world, &w), SILK_ERR_RANGE);
    CHECK(same(silk_world_last_error_detail(world).field, "energy_growth"));
    silk_stepper_def s = silk_default_stepper_def();
    s.max_steps_per_frame = -3;
    CHECK_EQ_INT(silk_world_set_stepper(world, &s), SILK_ERR_RANGE);
    CHECK(same(silk_world_last_error_detail(world).field, "max_steps_per_frame"));
    CHECK(silk_world_state_hash(world) == before); /* failures changed nothing */

    CHECK_EQ_INT(silk_world_set_size(world, 800.0, 500.0), SILK_OK); /* success forgets it */
    d = silk_world_last_error_detail(world);
    CHECK_EQ_INT(d.status, SILK_OK);
    CHECK(same(d.field, "") && same(d.rule, ""));
    CHECK_EQ_INT(silk_world_last_error_detail(NULL).status, SILK_ERR_NULL);
    silk_world_destroy(world);
}

static void test_match_robust_to_compat(void)
{
    silk_world* world = make_chain();
    silk_world_set_gravity(world, (silk_vec2){0.0, 0.1});
    silk_world_set_friction(world, 0.95);
    CHECK_EQ_INT(silk_world_match_robust_to_compat(world), SILK_OK);
    silk_robust_def want = silk_robust_def_from_compat(
        (silk_vec2){0.0, 0.1}, 0.95, silk_world_get_ground_friction(world), 1.0 / 60.0);
    silk_robust_def got = silk_world_get_robust(world);
    CHECK(got.gravity.y == want.gravity.y && got.damping == want.damping &&
          got.ground_friction == want.ground_friction);
    CHECK_EQ_INT(got.substeps, silk_default_robust_def().substeps); /* the rest stays */
    CHECK_EQ_INT(silk_world_match_robust_to_compat(NULL), SILK_ERR_NULL);
    silk_world_destroy(world);
}

static const silk_vec2 samples[4] = {{300, 200}, {310, 205}, {320, 210}, {330, 215}};
#define H (1.0 / 60.0)

static void test_pointer_spread_over_steps(void)
{
    /* two steps in one frame, four samples at 0.5, 1, 1.5 and 2 steps: step 1 takes sample 2
       (at its end exactly), step 2 takes sample 4 */
    silk_world* a = make_chain();
    silk_world* b = make_chain();
    silk_world* c = make_chain();
    for (int k = 0; k < 3; ++k)
    {
        silk_world* w = k == 0 ? a : k == 1 ? b : c;
        CHECK_EQ_INT(silk_world_drag_begin(w, 7, (silk_vec2){290, 195}), SILK_OK);
    }
    for (int32_t k = 0; k < 4; ++k)
    {
        CHECK_EQ_INT(silk_world_queue_pointer(a, samples[k], 2.0 * H * (k + 1) / 4.0), SILK_OK);
    }
    CHECK_EQ_INT(silk_world_pointer_queue_count(a), 4);
    silk_advance_result r;
    CHECK_EQ_INT(silk_world_advance(a, 2.0 * H, &r), SILK_OK);
    CHECK_EQ_INT(r.steps, 2);
    CHECK_EQ_INT(silk_world_pointer_queue_count(a), 0);
    /* by hand: one sample per step */
    silk_world_drag_move(b, samples[1]);
    silk_world_advance(b, H, &r);
    silk_world_drag_move(b, samples[3]);
    silk_world_advance(b, H, &r);
    CHECK(same_positions(a, b));
    /* the newest sample for the whole frame is another trajectory */
    silk_world_drag_move(c, samples[3]);
    silk_world_advance(c, 2.0 * H, &r);
    CHECK(!same_positions(a, c));
    silk_world_destroy(a);
    silk_world_destroy(b);
    silk_world_destroy(c);
}

static void test_pointer_after_the_last_step(void)
{
    /* half a step in the accumulator: the frame's one step ends at half a step; the samples at
       0.25 and 0.5 steps are due, the one at 0.75 steps waits and is the drag after advance */
    silk_world* a = make_chain();
    silk_world* b = make_chain();
    silk_advance_result r;
    silk_world_advance(a, 0.5 * H, &r);
    silk_world_advance(b, 0.5 * H, &r);
    silk_world_drag_begin(a, 7, (silk_vec2){290, 195});
    silk_world_drag_begin(b, 7, (silk_vec2){290, 195});
    silk_world_queue_pointer(a, samples[0], 0.25 * H);
    silk_world_queue_pointer(a, samples[1], 0.5 * H);
    silk_world_queue_pointer(a, samples[2], 0.75 * H);
    CHECK_EQ_INT(silk_world_advance(a, 0.75 * H, &r), SILK_OK);
    CHECK_EQ_INT(r.steps, 1);
    silk_world_drag_move(b, samples[1]);
    silk_world_advance(b, 0.75 * H, &r);
    silk_world_drag_move(b, samples[2]);
    CHECK(same_positions(a, b));
    silk_world_advance(a, H, &r); /* the next step uses sample 3 in both */
    silk_world_advance(b, H, &r);
    CHECK(same_positions(a, b));
    silk_world_destroy(a);
    silk_world_destroy(b);
}

static void test_pointer_coupled_takes_the_newest(void)
{
    silk_world* a = make_chain();
    silk_world* b = make_chain();
    silk_world_set_loop_mode(a, SILK_LOOP_COUPLED);
    silk_world_set_loop_mode(b, SILK_LOOP_COUPLED);
    silk_world_drag_begin(a, 7, (silk_vec2){290, 195});
    silk_world_drag_begin(b, 7, (silk_vec2){290, 195});
    for (int32_t k = 0; k < 4; ++k)
    {
        silk_world_queue_pointer(a, samples[k], 2.0 * H * (k + 1) / 4.0);
    }
    silk_advance_result r;
    silk_world_advance(a, 2.0 * H, &r);
    CHECK_EQ_INT(r.steps, 1);
    silk_world_drag_move(b, samples[3]);
    silk_world_advance(b, 2.0 * H, &r);
    CHECK(same_positions(a, b));
    silk_world_destroy(a);
    silk_world_destroy(b);
}

static void test_pointer_queue_rules(void)
{
    silk_world* a = make_chain();
    silk_world* b = make_chain();
    CHECK_EQ_INT(silk_world_queue_pointer(a, samples[0], 0.0), SILK_ERR_STATE); /* no drag */
    CHECK_EQ_INT(silk_world_queue_pointer(NULL, samples[0], 0.0), SILK_ERR_NULL);
    silk_world_drag_begin(a, 7, (silk_vec2){290, 195});
    silk_world_drag_begin(b, 7, (silk_vec2){290, 195});
    CHECK_EQ_INT(silk_world_queue_pointer(a, (silk_vec2){NAN, 0}, 0.0), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_queue_pointer(a, samples[0], INFINITY), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_queue_pointer(a, samples[0], -1e-9), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_queue_pointer(a, samples[0], 0.01), SILK_OK);
    CHECK_EQ_INT(silk_world_queue_pointer(a, samples[1], 0.005), SILK_ERR_RANGE); /* earlier */
    CHECK_EQ_INT(silk_world_pointer_queue_count(a), 1);
    /* a full queue forgets its oldest sample and never grows */
    for (int32_t k = 0; k < 3 * SILK_MAX_POINTER_SAMPLES; ++k)
    {
        CHECK_EQ_INT(silk_world_queue_pointer(a, samples[k % 4], 0.01 + k * 1e-4), SILK_OK);
    }
    CHECK_EQ_INT(silk_world_pointer_queue_count(a), SILK_MAX_POINTER_SAMPLES);
    /* flush: the newest sample now, the queue empty */
    CHECK_EQ_INT(silk_world_flush_pointer(a), SILK_OK);
    CHECK_EQ_INT(silk_world_pointer_queue_count(a), 0);
    silk_world_drag_move(b, samples[(3 * SILK_MAX_POINTER_SAMPLES - 1) % 4]);
    silk_advance_result r;
    silk_world_advance(a, H, &r);
    silk_world_advance(b, H, &r);
    CHECK(same_positions(a, b));
    /* drag_end and clear empty the queue */
    silk_world_queue_pointer(a, samples[0], 0.0);
    silk_world_drag_end(a);
    CHECK_EQ_INT(silk_world_pointer_queue_count(a), 0);
    silk_world_drag_begin(a, 7, (silk_vec2){290, 195});
    silk_world_queue_pointer(a, samples[0], 0.0);
    silk_world_clear(a);
    CHECK_EQ_INT(silk_world_pointer_queue_count(a), 0);
    silk_world_destroy(a);
    silk_world_destroy(b);
}

static void test_pointer_recording_replays(void)
{
    silk_world* a = make_chain();
    CHECK_EQ_INT(silk_world_record_begin(a), SILK_OK);
    silk_world_drag_begin(a, 7, (silk_vec2){290, 195});
    silk_advance_result r;
    for (int frame = 0; frame < 40; ++frame)
    {
        for (int32_t k = 0; k < 5; ++k)
        {
            silk_vec2 p = {300.0 + frame * 3.0 + k, 200.0 - frame * 2.0};
            silk_world_queue_pointer(a, p, 1.7 * H * (k + 1) / 5.0);
        }
        silk_world_advance(a, 1.7 * H, &r);
    }
    silk_world_drag_end(a);
    silk_world_advance(a, H, &r);
    silk_world_record_end(a);
    size_t size = silk_world_recording_size(a);
    void* bytes = malloc(size);
    CHECK_EQ_INT(silk_world_recording_export(a, bytes, size, NULL), SILK_OK);
    silk_world* b = make_chain();
    silk_replay_result result;
    CHECK_EQ_INT(silk_world_replay(b, bytes, size, &result), SILK_OK);
    CHECK(result.matches);
    CHECK(same_positions(a, b));
    free(bytes);
    silk_world_destroy(a);
    silk_world_destroy(b);
}

int main(void)
{
    test_world_def_detail();
    test_setting_defs_detail();
    test_world_keeps_last_detail();
    test_match_robust_to_compat();
    test_pointer_spread_over_steps();
    test_pointer_after_the_last_step();
    test_pointer_coupled_takes_the_newest();
    test_pointer_queue_rules();
    test_pointer_recording_replays();
    return check_report("boundary");
}
