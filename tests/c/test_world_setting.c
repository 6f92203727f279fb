/* test_world_setting.c -- every world setting goes through its table: the generic setter and
   getter, the named setter, validation with the error detail, the snapshot, the recording and
   its replay.

   Built twice: as test_world_setting against the engine as shipped (native and wasm), and as
   test_world_setting_knob against the engine built with -DSILK_TEST_SETTING, where settings.h,
   silk.h and snapshot.c's version declare one more setting, test_knob, and nothing else
   mentions it. That build passing these same walks is the proof of docs/extending.md's recipe
   "A world setting": one table entry yields its check, setter, snapshot field, recording event
   and replay. It also loads a snapshot of the previous version (without test_knob), which
   must take the default.

   Runs natively, in wasm (the shipped build) and under ASan + UBSan. */
#include "check.h"
#include "bytes.h"
#include "silk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Per setting: a valid value other than the default, and a value its validator refuses with
   `bad_status` (SILK_OK: every value is valid). The order is silk_world_setting's. */
typedef struct sample
{
    const char* field;
    silk_setting_value good;
    silk_setting_value bad;
    silk_status bad_status;
} sample;

static const sample samples[] = {
    {"width", {640.0, 0.0, 0}, {0.5, 0.0, 0}, SILK_ERR_RANGE},
    {"height", {420.0, 0.0, 0}, {NAN, 0.0, 0}, SILK_ERR_NONFINITE},
    {"gravity", {0.01, 0.25, 0}, {0.0, INFINITY, 0}, SILK_ERR_NONFINITE},
    {"friction", {0.97, 0.0, 0}, {NAN, 0.0, 0}, SILK_ERR_NONFINITE},
    {"ground_friction", {0.7, 0.0, 0}, {-INFINITY, 0.0, 0}, SILK_ERR_NONFINITE},
    {"seed", {0.0, 0.0, 0x123456789abcdefULL}, {0.0, 0.0, 0}, SILK_OK},
    {"relax_passes", {12.0, 0.0, 0}, {0.0, 0.0, 0}, SILK_ERR_RANGE},
#ifdef SILK_TEST_SETTING
    {"test_knob", {0.25, 0.0, 0}, {1.5, 0.0, 0}, SILK_ERR_RANGE},
#endif
};
_Static_assert(sizeof(samples) / sizeof(samples[0]) == SILK_WORLD_SETTING_COUNT,
               "a sample for every silk_world_setting");

static bool same_value(silk_setting_value a, silk_setting_value b)
{
    return a.x == b.x && a.y == b.y && a.seed == b.seed;
}

static silk_setting_value get(const silk_world* w, int s)
{
    silk_setting_value v = {-1.0, -1.0, 1};
    CHECK_EQ_INT(silk_world_get_setting(w, (silk_world_setting)s, &v), SILK_OK);
    return v;
}

static silk_world* small_world(void)
{
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&(silk_world_def){0}, &w), SILK_ERR_DEF);
    silk_world_def def = silk_default_world_def();
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    int32_t c = 0, p = 0;
    CHECK_EQ_INT(silk_world_add_composite(w, &c), SILK_OK);
    CHECK_EQ_INT(silk_world_add_particle(w, c, (silk_vec2){100.0, 100.0}, &p), SILK_OK);
    return w;
}

/* The default is the def's, the good value sets and reads back, the bad one is refused with
   its status and the detail naming the field, and the world is unchanged. */
static void test_set_get_validate(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = small_world();
    const silk_setting_value from_def[] = {
        {def.width, 0.0, 0},
        {def.height, 0.0, 0},
        {def.gravity.x, def.gravity.y, 0},
        {def.friction, 0.0, 0},
        {def.ground_friction, 0.0, 0},
        {0.0, 0.0, def.seed},
        {(double)def.relax_passes, 0.0, 0},
#ifdef SILK_TEST_SETTING
        {def.test_knob, 0.0, 0},
#endif
    };
    for (int s = 0; s < SILK_WORLD_SETTING_COUNT; ++s)
    {
        const sample* k = &samples[s];
        CHECK(same_value(get(w, s), from_def[s]));
        CHECK(!same_value(k->good, from_def[s]));
        CHECK_EQ_INT(silk_world_set_setting(w, (silk_world_setting)s, &k->good), SILK_OK);
        CHECK(same_value(get(w, s), k->good));
        CHECK_EQ_INT(silk_world_last_error_detail(w).status, SILK_OK);
        if (k->bad_status != SILK_OK)
        {
            CHECK_EQ_INT(silk_world_set_setting(w, (silk_world_setting)s, &k->bad), k->bad_status);
            silk_error_detail d = silk_world_last_error_detail(w);
            CHECK_EQ_INT(d.status, k->bad_status);
            CHECK(strcmp(d.field, k->field) == 0);
            CHECK(d.rule[0] != 0);
            CHECK(same_value(get(w, s), k->good)); /* nothing changed */
        }
        /* the world's def reads the same value (silk_world_get_def, from the table) */
        silk_world_def now = silk_world_get_def(w);
        silk_world* twin = NULL;
        CHECK_EQ_INT(silk_world_create(&now, &twin), SILK_OK);
        CHECK(same_value(get(twin, s), k->good));
        silk_world_destroy(twin);
    }
    /* no such setting; a NULL value; a NULL world */
    silk_setting_value v = {0};
    CHECK_EQ_INT(silk_world_set_setting(w, SILK_WORLD_SETTING_COUNT, &v), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_set_setting(w, (silk_world_setting)-1, &v), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_get_setting(w, SILK_WORLD_SETTING_COUNT, &v), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_set_setting(w, SILK_WORLD_SETTING_FRICTION, NULL), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_setting(NULL, SILK_WORLD_SETTING_FRICTION, &v), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_setting(NULL, SILK_WORLD_SETTING_FRICTION, &v), SILK_ERR_NULL);
    /* an int32 setting takes a whole number in range only */
    const double not_int[] = {12.5, 3e9, -3e9};
    for (size_t k = 0; k < sizeof(not_int) / sizeof(not_int[0]); ++k)
    {
        v = (silk_setting_value){not_int[k], 0.0, 0};
        CHECK_EQ_INT(silk_world_set_setting(w, SILK_WORLD_SETTING_RELAX_PASSES, &v),
                     SILK_ERR_RANGE);
    }
    silk_world_destroy(w);
}

/* The named setters are the same call: same value, same status, no detail written. */
static void test_named_setters_are_the_table(void)
{
    silk_world* w = small_world();
    CHECK_EQ_INT(silk_world_set_gravity(w, (silk_vec2){0.01, 0.25}), SILK_OK);
    CHECK(same_value(get(w, SILK_WORLD_SETTING_GRAVITY), samples[SILK_WORLD_SETTING_GRAVITY].good));
    CHECK_EQ_INT(silk_world_set_friction(w, 0.97), SILK_OK);
    CHECK_EQ_INT(silk_world_set_ground_friction(w, 0.7), SILK_OK);
    CHECK_EQ_INT(silk_world_set_relax_passes(w, 12), SILK_OK);
    CHECK_EQ_INT(silk_world_set_seed(w, 0x123456789abcdefULL), SILK_OK);
    CHECK_EQ_INT(silk_world_set_size(w, 640.0, 420.0), SILK_OK);
    for (int s = 0; s < SILK_WORLD_SETTING_COUNT; ++s)
    {
#ifdef SILK_TEST_SETTING
        if (s == SILK_WORLD_SETTING_TEST_KNOB)
        {
            continue; /* no named setter: the generic call is its setter */
        }
#endif
        CHECK(same_value(get(w, s), samples[s].good));
    }
    CHECK(silk_world_get_friction(w) == 0.97 && silk_world_get_ground_friction(w) == 0.7);
    CHECK(silk_world_get_relax_passes(w) == 12 && silk_world_get_size(w).x == 640.0);
    CHECK(silk_world_get_gravity(w).y == 0.25);
    /* refusals as before, and the detail of an earlier call stays */
    silk_world_report_error(w, SILK_ERR_STATE, "marker", "kept");
    CHECK_EQ_INT(silk_world_set_friction(w, NAN), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_set_ground_friction(w, INFINITY), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_set_gravity(w, (silk_vec2){NAN, 0.0}), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_set_relax_passes(w, 0), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_set_relax_passes(w, SILK_MAX_RELAX_PASSES + 1), SILK_ERR_RANGE);
    CHECK(strcmp(silk_world_last_error_detail(w).field, "marker") == 0);
    CHECK_EQ_INT(silk_world_set_size(w, 0.0, 10.0), SILK_ERR_RANGE); /* set_size writes it */
    CHECK(strcmp(silk_world_last_error_detail(w).field, "width") == 0);
    CHECK(silk_world_get_friction(w) == 0.97 && silk_world_get_relax_passes(w) == 12);
    /* the seed restarts the generator: the same draws as a world created with it */
    silk_world_def def = silk_default_world_def();
    def.seed = 0x123456789abcdefULL;
    silk_world* seeded = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &seeded), SILK_OK);
    CHECK_EQ_INT(silk_world_set_seed(w, 0x123456789abcdefULL), SILK_OK);
    CHECK(silk_world_random(w) == silk_world_random(seeded));
    silk_world_destroy(seeded);
    CHECK_EQ_INT(silk_world_set_friction(NULL, 0.5), SILK_ERR_NULL);
    CHECK(silk_world_get_friction(NULL) == 0.0 && silk_world_get_relax_passes(NULL) == 0);
    silk_world_destroy(w);
}

static void* snapshot_of(const silk_world* w, size_t* size)
{
    *size = silk_world_snapshot_size(w);
    void* bytes = malloc(*size);
    CHECK_EQ_INT(silk_world_snapshot(w, bytes, *size, NULL), SILK_OK);
    return bytes;
}

/* Each setting survives a snapshot into a default world. */
static void test_snapshot_round_trip(void)
{
    for (int s = 0; s < SILK_WORLD_SETTING_COUNT; ++s)
    {
        silk_world* w = small_world();
        CHECK_EQ_INT(silk_world_set_setting(w, (silk_world_setting)s, &samples[s].good), SILK_OK);
        size_t size = 0;
        void* bytes = snapshot_of(w, &size);
        silk_world* into = small_world();
        CHECK_EQ_INT(silk_world_restore(into, bytes, size), SILK_OK);
        CHECK(same_value(get(into, s), samples[s].good));
        CHECK(silk_world_state_hash(into) == silk_world_state_hash(w));
        free(bytes);
        silk_world_destroy(w);
        silk_world_destroy(into);
    }
}

/* A setting the table gives an event is recorded and replayed (the replay ends with the value
   and the recorded hash); one without is not recorded (the replay keeps the snapshot's). The
   recorded ones include the four the page changes while it runs. */
static void test_recording_and_replay(void)
{
    int recorded = 0;
    for (int s = 0; s < SILK_WORLD_SETTING_COUNT; ++s)
    {
        silk_world* w = small_world();
        silk_setting_value start = get(w, s);
        CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
        CHECK_EQ_INT(silk_world_advance(w, 1.0 / 60.0, NULL), SILK_OK);
        size_t before = silk_world_recording_size(w);
        CHECK_EQ_INT(silk_world_set_setting(w, (silk_world_setting)s, &samples[s].good), SILK_OK);
        const bool has_event = silk_world_recording_size(w) == before + 32;
        CHECK(has_event || silk_world_recording_size(w) == before);
        recorded |= has_event ? 1 << s : 0;
        CHECK_EQ_INT(silk_world_advance(w, 1.0 / 60.0, NULL), SILK_OK);
        CHECK_EQ_INT(silk_world_record_end(w), SILK_OK);
        size_t size = silk_world_recording_size(w);
        void* file = malloc(size);
        CHECK_EQ_INT(silk_world_recording_export(w, file, size, NULL), SILK_OK);
        silk_world* r = small_world();
        silk_replay_result result;
        CHECK_EQ_INT(silk_world_replay(r, file, size, &result), SILK_OK);
        CHECK(result.matches || !has_event); /* an unrecorded change the replay lacks */
        if (!result.matches)
        {
            printf("setting %d: not recorded, the replay differs\n", s);
        }
        CHECK(same_value(get(r, s), has_event ? samples[s].good : start));
        free(file);
        silk_world_destroy(w);
        silk_world_destroy(r);
    }
    const int page = 1 << SILK_WORLD_SETTING_GRAVITY | 1 << SILK_WORLD_SETTING_FRICTION |
                     1 << SILK_WORLD_SETTING_GROUND_FRICTION | 1 << SILK_WORLD_SETTING_RELAX_PASSES;
    CHECK_EQ_INT(recorded & page, page);
#ifdef SILK_TEST_SETTING
    CHECK(recorded & 1 << SILK_WORLD_SETTING_TEST_KNOB);
#endif
}

#ifdef SILK_TEST_SETTING
/* A snapshot of the version before test_knob (7): this build's bytes without test_knob's 8
   (after relax_passes, at payload offset 60 + 8 for the generator) loads, test_knob at its
   default, everything else as saved. */
static void test_previous_version_loads(void)
{
    silk_world* w = small_world();
    CHECK_EQ_INT(silk_world_set_friction(w, 0.97), SILK_OK);
    CHECK_EQ_INT(silk_world_set_setting(w, SILK_WORLD_SETTING_TEST_KNOB,
                                        &samples[SILK_WORLD_SETTING_TEST_KNOB].good),
                 SILK_OK);
    size_t size = 0;
    uint8_t* v6 = snapshot_of(w, &size);
    CHECK_EQ_INT(v6[8], 8);
    const size_t header = 32, at = header + 68;
    uint8_t* v5 = malloc(size - 8);
    memcpy(v5, v6, at);
    memcpy(v5 + at, v6 + at + 8, size - at - 8);
    put_le(v5 + 8, 7, 4);
    put_le(v5 + 16, size - 8 - header, 8);
    put_le(v5 + 24, fnv1a(v5 + header, size - 8 - header), 8);
    silk_world* into = small_world();
    CHECK_EQ_INT(silk_world_set_setting(into, SILK_WORLD_SETTING_TEST_KNOB,
                                        &(silk_setting_value){0.75, 0.0, 0}),
                 SILK_OK);
    CHECK_EQ_INT(silk_world_restore(into, v5, size - 8), SILK_OK);
    CHECK(get(into, SILK_WORLD_SETTING_TEST_KNOB).x == 0.5);
    CHECK(silk_world_get_friction(into) == 0.97);
    CHECK(silk_world_state_hash(into) == silk_world_state_hash(w));
    /* the same bytes claiming version 8 are too short: refused */
    put_le(v5 + 8, 8, 4);
    CHECK_EQ_INT(silk_world_restore(into, v5, size - 8), SILK_ERR_FORMAT);
    free(v5);
    free(v6);
    silk_world_destroy(w);
    silk_world_destroy(into);
}
#endif

int main(void)
{
    test_set_get_validate();
    test_named_setters_are_the_table();
    test_snapshot_round_trip();
    test_recording_and_replay();
#ifdef SILK_TEST_SETTING
    test_previous_version_loads();
    return check_report("test_world_setting_knob");
#else
    return check_report("test_world_setting");
#endif
}
