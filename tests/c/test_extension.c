/* test_extension.c -- the core's extension seam and the storage calls content builds on,
   with a toy extension and only silk.h: no extras. */
#include "check.h"
#include "silk.h"

#include <stdlib.h>
#include <string.h>

#define TOY_TAG 0x59594f54u /* "TOYY" */

/* A toy rule: values[0] counts steps, values[1] is a setting (an input, 0..9), values[2] a
   particle index + 1 that check() validates. Every step it moves particle 0 by the setting. */
static void toy_before_step(silk_world* world)
{
    int32_t* v = silk_world_extension_values(world);
    v[0] += 1;
    silk_vec2 p;
    if (silk_world_get_position(world, 0, &p) == SILK_OK)
    {
        silk_world_set_position(world, 0, (silk_vec2){p.x + v[1], p.y});
    }
}

static silk_status toy_check(const int32_t* v, int32_t particles, int32_t constraints,
                             int32_t composites, int32_t* out_headroom)
{
    (void)constraints;
    (void)composites;
    *out_headroom = 3;
    return v[0] >= 0 && v[1] >= 0 && v[1] <= 9 && v[2] >= 0 && v[2] <= particles ? SILK_OK
                                                                                 : SILK_ERR_INDEX;
}

static silk_status toy_check_input(int32_t code, int32_t value)
{
    return code == 0 && value >= 0 && value <= 9 ? SILK_OK : SILK_ERR_RANGE;
}

static void toy_apply_input(silk_world* world, int32_t code, int32_t value)
{
    (void)code;
    silk_world_extension_values(world)[1] = value;
}

static silk_extension_def toy_def(void)
{
    silk_extension_def def = silk_default_extension_def();
    def.tag = TOY_TAG;
    def.value_count = 3;
    def.before_step = toy_before_step;
    def.check = toy_check;
    def.check_input = toy_check_input;
    def.apply_input = toy_apply_input;
    def.particle_scratch = true;
    return def;
}

static silk_world* make(bool toy)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    int32_t comp = 0, p = 0;
    silk_world_add_composite(w, &comp);
    silk_world_add_particle(w, comp, (silk_vec2){100, 100}, &p);
    silk_world_add_particle(w, comp, (silk_vec2){120, 100}, &p);
    if (toy)
    {
        silk_extension_def def = toy_def();
        CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    }
    return w;
}

static uint8_t* snap(const silk_world* w, size_t* size)
{
    *size = silk_world_snapshot_size(w);
    uint8_t* b = malloc(*size);
    CHECK_EQ_INT(silk_world_snapshot(w, b, *size, NULL), SILK_OK);
    return b;
}

static void test_install(void)
{
    silk_world* w = make(false);
    CHECK(silk_world_extension_values(w) == NULL);
    CHECK(silk_world_extension_scratch(w) == NULL);
    CHECK_EQ_INT(silk_world_extension_input(w, 0, 1), SILK_ERR_STATE);
    silk_extension_def def = toy_def();
    def.tag = 0;
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_ERR_RANGE);
    def = toy_def();
    def.value_count = SILK_MAX_EXTENSION_VALUES + 1;
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_ERR_RANGE);
    def = toy_def();
    def.apply_input = NULL; /* both or neither */
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_ERR_RANGE);
    def = toy_def();
    def.internal_cookie = 0;
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_ERR_DEF);
    CHECK_EQ_INT(silk_world_extension_tag(w), 0);
    def = toy_def();
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_tag(w), TOY_TAG);
    CHECK(silk_world_extension_scratch(w) != NULL);
    silk_world_extension_values(w)[1] = 4;
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK); /* same tag: values kept */
    CHECK_EQ_INT(silk_world_extension_values(w)[1], 4);
    int32_t v[3];
    CHECK_EQ_INT(silk_world_get_extension_values(w, v, 4), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_get_extension_values(w, v, 3), SILK_OK);
    CHECK_EQ_INT(v[1], 4);
    silk_world_destroy(w);
}

/* before_step runs once per step advance runs, not for frame() or robust_step. */
static void test_before_step(void)
{
    silk_world* w = make(true);
    silk_advance_result r;
    CHECK_EQ_INT(silk_world_advance(w, 5.0 / 60.0 + 1e-9, &r), SILK_OK);
    CHECK_EQ_INT(r.steps, 5);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], 5);
    silk_world_frame(w, 4);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], 5);
    /* a clear without on_clear zeroes the values */
    silk_world_clear(w);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], 0);
    silk_world_destroy(w);
}

/* the values travel in snapshots and the hash; a foreign or bad block changes nothing */
static void test_snapshot(void)
{
    silk_world* w = make(true);
    size_t empty_size = 0;
    uint8_t* empty = snap(w, &empty_size); /* all zero: no block */
    silk_world* plain = make(false);
    CHECK_EQ_INT(silk_world_restore(plain, empty, empty_size), SILK_OK);
    uint64_t h0 = silk_world_state_hash(w);
    CHECK_EQ_INT(silk_world_extension_input(w, 0, 3), SILK_OK);
    CHECK(silk_world_state_hash(w) != h0); /* the block is in the hash */
    silk_world_advance(w, 1.0 / 60.0 + 1e-9, NULL);
    silk_world_extension_values(w)[2] = 2;
    size_t size = 0;
    uint8_t* b = snap(w, &size);
    CHECK(size == empty_size + 3 * 4);
    uint64_t h = silk_world_state_hash(w);

    /* a core-only world refuses content it does not run, and stays as it was */
    uint64_t plain_hash = silk_world_state_hash(plain);
    CHECK_EQ_INT(silk_world_restore(plain, b, size), SILK_ERR_FORMAT);
    CHECK(silk_world_state_hash(plain) == plain_hash);
    /* the same extension restores it exactly */
    silk_world* other = make(true);
    CHECK_EQ_INT(silk_world_restore(other, b, size), SILK_OK);
    CHECK(silk_world_state_hash(other) == h);
    CHECK_EQ_INT(silk_world_extension_values(other)[1], 3);
    /* restoring the empty snapshot zeroes the values */
    CHECK_EQ_INT(silk_world_restore(other, empty, empty_size), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_values(other)[1], 0);

    /* check() refuses values out of range: SILK_ERR_FORMAT, nothing changes */
    silk_world_extension_values(w)[2] = 99; /* particle 98 of 2 */
    free(b);
    b = snap(w, &size);
    uint64_t before = silk_world_state_hash(other);
    CHECK_EQ_INT(silk_world_restore(other, b, size), SILK_ERR_FORMAT);
    CHECK(silk_world_state_hash(other) == before);
    free(b);
    free(empty);
    silk_world_destroy(w);
    silk_world_destroy(plain);
    silk_world_destroy(other);
}

/* inputs are recorded and replayed; bad inputs are refused at the call and at load */
static void test_record(void)
{
    silk_world* w = make(true);
    CHECK_EQ_INT(silk_world_extension_input(w, 0, 10), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_extension_input(w, 1, 1), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
    for (int k = 0; k < 20; ++k)
    {
        if (k == 5 || k == 12)
        {
            CHECK_EQ_INT(silk_world_extension_input(w, 0, k / 4), SILK_OK);
        }
        silk_world_advance(w, 1.0 / 60.0 + 1e-9, NULL);
    }
    CHECK_EQ_INT(silk_world_record_end(w), SILK_OK);
    size_t size = silk_world_recording_size(w);
    uint8_t* rec = malloc(size);
    CHECK_EQ_INT(silk_world_recording_export(w, rec, size, NULL), SILK_OK);
    silk_world* other = make(true);
    silk_replay_result r;
    CHECK_EQ_INT(silk_world_replay(other, rec, size, &r), SILK_OK);
    CHECK(r.matches);
    CHECK(silk_world_state_hash(other) == silk_world_state_hash(w));
    silk_world* plain = make(false);
    CHECK_EQ_INT(silk_world_replay(plain, rec, size, &r), SILK_ERR_FORMAT);
    free(rec);
    silk_world_destroy(w);
    silk_world_destroy(other);
    silk_world_destroy(plain);
}

/* reserve, mark and rollback, set_rest, get_def: what builders use */
static void test_storage(void)
{
    silk_world* w = make(false);
    CHECK_EQ_INT(silk_world_reserve(w, SILK_MAX_PARTICLES + 1, 0, 0), SILK_ERR_CAPACITY);
    CHECK_EQ_INT(silk_world_reserve(w, -1, 0, 0), SILK_ERR_CAPACITY);
    CHECK_EQ_INT(silk_world_reserve(w, 5000, 9000, 40), SILK_OK);
    silk_world_def def = silk_world_get_def(w);
    CHECK(def.particle_capacity >= 5000 && def.constraint_capacity >= 9000 &&
          def.composite_capacity >= 40);
    CHECK(def.width == 800 && def.relax_passes == 16 && def.alloc_fn != NULL);

    uint64_t h = silk_world_state_hash(w);
    silk_world_mark mark = silk_world_get_mark(w);
    int32_t comp = 0, p = 0, q = 0, index = 0;
    silk_world_add_composite(w, &comp);
    silk_world_add_particle(w, comp, (silk_vec2){10, 10}, &p);
    silk_world_add_particle(w, comp, (silk_vec2){20, 10}, &q);
    silk_distance_def d = silk_default_distance_def();
    d.a = p;
    d.b = q;
    CHECK_EQ_INT(silk_world_add_distance(w, comp, &d, &index), SILK_OK);
    CHECK_EQ_INT(silk_world_set_rest(w, comp, index, 4.0), SILK_OK);
    CHECK(silk_world_constraint_rest(w)[silk_world_constraint_count(w) - 1] == 4.0);
    CHECK_EQ_INT(silk_world_set_rest(w, comp, index, -1.0), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_world_set_rest(w, comp, index + 1, 1.0), SILK_ERR_INDEX);
    CHECK_EQ_INT(silk_world_rollback(w, mark), SILK_OK);
    CHECK(silk_world_state_hash(w) == h);

    /* only appends roll back: a new constraint in an old composite refuses */
    mark = silk_world_get_mark(w);
    silk_world_add_composite(w, &comp);
    silk_world_add_particle(w, comp, (silk_vec2){30, 10}, &p);
    d.a = 0;
    d.b = p;
    CHECK_EQ_INT(silk_world_add_distance(w, 0, &d, NULL), SILK_OK);
    h = silk_world_state_hash(w);
    CHECK_EQ_INT(silk_world_rollback(w, mark), SILK_ERR_STATE);
    CHECK(silk_world_state_hash(w) == h);
    silk_world_mark future = {99, 0, 0};
    CHECK_EQ_INT(silk_world_rollback(w, future), SILK_ERR_STATE);
    silk_world_destroy(w);
}

int main(void)
{
    test_install();
    test_before_step();
    test_snapshot();
    test_record();
    test_storage();
    return check_report("extension");
}
