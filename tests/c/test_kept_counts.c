/* test_kept_counts.c -- the counts the world keeps for the step's work bound (world.h
   angle_count and disc_count, read by work.c on every advance instead of a scan) equal a full
   scan of its columns after every kind of edit: adding and removing constraints, a cut, setting
   a radius (up, down, refused), a rollback, a clear, a scene build, a snapshot restore, a replay
   (whole and in slices), and the steps of a crawling spider (its grips come and go). The test
   reads the private struct, as test_settings reads the private tables. */
#include "check.h"
#include "world.h" /* private: engine/src */
#include "world_bytes.h"

#include <math.h>

/* Both counts against a scan of the public columns, reported at the caller's line. */
#define CHECK_COUNTS(w)                                                                            \
    do                                                                                             \
    {                                                                                              \
        int32_t angles_ = 0, discs_ = 0;                                                           \
        scan((w), &angles_, &discs_);                                                              \
        CHECK_EQ_INT((w)->angle_count, angles_);                                                   \
        CHECK_EQ_INT((w)->disc_count, discs_);                                                     \
    } while (0)

static void scan(const silk_world* w, int32_t* out_angles, int32_t* out_discs)
{
    const uint8_t* kind = silk_world_constraint_kinds(w);
    for (int32_t j = 0; j < silk_world_constraint_count(w); ++j)
    {
        *out_angles += kind[j] == SILK_ANGLE;
    }
    const double* radii = silk_world_radii(w);
    for (int32_t i = 0; i < silk_world_particle_count(w); ++i)
    {
        *out_discs += radii[i] > 0.0;
    }
}

static silk_world* fresh_world(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    return w;
}

/* A composite of `n` particles in a row, joined by distances, with an angle at each inner
   particle. */
static int32_t add_strand(silk_world* w, int32_t n)
{
    int32_t composite = -1, first = silk_world_particle_count(w);
    CHECK_EQ_INT(silk_world_add_composite(w, &composite), SILK_OK);
    for (int32_t i = 0; i < n; ++i)
    {
        int32_t p = -1;
        CHECK_EQ_INT(
            silk_world_add_particle(w, composite, (silk_vec2){100.0 + 20.0 * i, 100.0}, &p),
            SILK_OK);
    }
    for (int32_t i = 0; i + 1 < n; ++i)
    {
        silk_distance_def d = silk_default_distance_def();
        d.a = first + i;
        d.b = first + i + 1;
        CHECK_EQ_INT(silk_world_add_distance(w, composite, &d, NULL), SILK_OK);
    }
    for (int32_t i = 1; i + 1 < n; ++i)
    {
        silk_angle_def a = silk_default_angle_def();
        a.a = first + i - 1;
        a.b = first + i;
        a.c = first + i + 1;
        CHECK_EQ_INT(silk_world_add_angle(w, composite, &a, NULL), SILK_OK);
    }
    return composite;
}

/* add, remove, cut, set radius, rollback, clear */
static void test_edits(void)
{
    silk_world* w = fresh_world();
    CHECK_COUNTS(w);
    const int32_t c = add_strand(w, 5); /* 4 distances, then 3 angles */
    CHECK_EQ_INT(w->angle_count, 3);
    CHECK_COUNTS(w);
    silk_pin_def pin = silk_default_pin_def();
    pin.particle = 0;
    CHECK_EQ_INT(silk_world_add_pin(w, c, &pin, NULL), SILK_OK);
    CHECK_COUNTS(w);

    CHECK_EQ_INT(silk_world_set_radius(w, 1, 3.0), SILK_OK); /* 0 -> disc */
    CHECK_EQ_INT(w->disc_count, 1);
    CHECK_EQ_INT(silk_world_set_radius(w, 1, 5.0), SILK_OK); /* disc -> disc */
    CHECK_EQ_INT(silk_world_set_radius(w, 2, 4.0), SILK_OK);
    CHECK_EQ_INT(w->disc_count, 2);
    CHECK_COUNTS(w);
    CHECK_EQ_INT(silk_world_set_radius(w, 1, 0.0), SILK_OK); /* disc -> point */
    CHECK_EQ_INT(silk_world_set_radius(w, 3, 0.0), SILK_OK); /* point -> point */
    CHECK_EQ_INT(w->disc_count, 1);
    CHECK_COUNTS(w);
    CHECK_EQ_INT(silk_world_set_radius(w, 2, -1.0), SILK_ERR_RANGE); /* refused: nothing */
    CHECK_EQ_INT(silk_world_set_radius(w, 2, NAN), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_world_set_radius(w, 99, 1.0), SILK_ERR_INDEX);
    CHECK_EQ_INT(w->disc_count, 1);
    CHECK_COUNTS(w);

    CHECK_EQ_INT(silk_world_remove_constraint(w, c, 5), SILK_OK); /* the second angle */
    CHECK_EQ_INT(w->angle_count, 2);
    CHECK_COUNTS(w);
    CHECK_EQ_INT(silk_world_remove_constraint(w, c, 0), SILK_OK); /* a distance */
    CHECK_EQ_INT(w->angle_count, 2);
    CHECK_COUNTS(w);
    int32_t removed = 0; /* a vertical cut through the strand: distances only */
    CHECK_EQ_INT(silk_world_cut(w, (silk_vec2){150, 0}, (silk_vec2){150, 300}, &removed), SILK_OK);
    CHECK_EQ_INT(removed, 1);
    CHECK_COUNTS(w);

    /* a rollback drops the rows past the mark, discs and angles among them */
    silk_world_mark mark = silk_world_get_mark(w);
    const int32_t c2 = add_strand(w, 4);
    CHECK_EQ_INT(silk_world_set_radius(w, silk_world_particle_count(w) - 1, 2.0), SILK_OK);
    CHECK_EQ_INT(silk_world_set_radius(w, 0, 2.0), SILK_OK); /* below the mark: stays */
    (void)c2;
    CHECK_EQ_INT(w->angle_count, 4);
    CHECK_EQ_INT(w->disc_count, 3);
    CHECK_COUNTS(w);
    CHECK_EQ_INT(silk_world_rollback(w, mark), SILK_OK);
    CHECK_EQ_INT(w->angle_count, 2);
    CHECK_EQ_INT(w->disc_count, 2);
    CHECK_COUNTS(w);

    silk_world_clear(w);
    CHECK_EQ_INT(w->angle_count, 0);
    CHECK_EQ_INT(w->disc_count, 0);
    CHECK_COUNTS(w);
    silk_world_destroy(w);
}

/* a snapshot restore rewrites every row: into the world it came from, after edits, and into a
   fresh world */
static void test_restore(void)
{
    silk_world* w = fresh_world();
    add_strand(w, 6);
    CHECK_EQ_INT(silk_world_set_radius(w, 2, 3.0), SILK_OK);
    CHECK_EQ_INT(silk_world_set_radius(w, 4, 3.0), SILK_OK);
    bytes saved = snap(w);
    const int32_t angles = w->angle_count, discs = w->disc_count;
    CHECK_EQ_INT(angles, 4);
    CHECK_EQ_INT(discs, 2);

    add_strand(w, 3);
    CHECK_EQ_INT(silk_world_set_radius(w, 0, 1.0), SILK_OK);
    CHECK_EQ_INT(silk_world_set_radius(w, 2, 0.0), SILK_OK);
    CHECK_EQ_INT(silk_world_restore(w, saved.data, saved.size), SILK_OK);
    CHECK_EQ_INT(w->angle_count, angles);
    CHECK_EQ_INT(w->disc_count, discs);
    CHECK_COUNTS(w);

    silk_world* other = fresh_world();
    add_strand(other, 9);
    CHECK_EQ_INT(silk_world_restore(other, saved.data, saved.size), SILK_OK);
    CHECK_EQ_INT(other->angle_count, angles);
    CHECK_EQ_INT(other->disc_count, discs);
    CHECK_COUNTS(other);

    /* a refused restore changes nothing, the counts included */
    saved.data[saved.size - 1] ^= 1;
    CHECK_EQ_INT(silk_world_restore(other, saved.data, saved.size), SILK_ERR_FORMAT);
    CHECK_EQ_INT(other->angle_count, angles);
    CHECK_COUNTS(other);
    free(saved.data);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

/* a replay restores the recording's snapshot, then applies its radius events */
static void test_replay(void)
{
    silk_world* w = fresh_world();
    add_strand(w, 5);
    CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
    for (int32_t s = 0; s < 12; ++s)
    {
        if (s == 3 || s == 7)
        {
            CHECK_EQ_INT(silk_world_set_radius(w, s / 2, 4.0), SILK_OK);
        }
        if (s == 9)
        {
            CHECK_EQ_INT(silk_world_set_radius(w, 1, 0.0), SILK_OK);
        }
        CHECK_EQ_INT(silk_world_advance(w, 1.0 / 60.0 + 1e-9, NULL), SILK_OK);
    }
    CHECK_EQ_INT(silk_world_record_end(w), SILK_OK);
    CHECK_EQ_INT(w->disc_count, 1);
    CHECK_COUNTS(w);
    bytes rec = {NULL, silk_world_recording_size(w)};
    rec.data = malloc(rec.size);
    CHECK_EQ_INT(silk_world_recording_export(w, rec.data, rec.size, NULL), SILK_OK);

    silk_world* other = fresh_world();
    add_strand(other, 7);
    silk_replay_result r;
    CHECK_EQ_INT(silk_world_replay(other, rec.data, rec.size, &r), SILK_OK);
    CHECK(r.matches);
    CHECK_EQ_INT(other->disc_count, 1);
    CHECK_COUNTS(other);

    /* the same in slices, checked after each */
    CHECK_EQ_INT(silk_world_play_begin(other, rec.data, rec.size), SILK_OK);
    CHECK_EQ_INT(other->disc_count, 0); /* the snapshot's: before any event */
    CHECK_COUNTS(other);
    int64_t ran = 1;
    while (ran > 0)
    {
        CHECK_EQ_INT(silk_world_play_run(other, 2, &ran), SILK_OK);
        CHECK_COUNTS(other);
    }
    CHECK_EQ_INT(other->disc_count, 1);
    free(rec.data);
    silk_world_destroy(w);
    silk_world_destroy(other);
}

/* every page scene as built, and the web's spider crawling (it removes and adds grips) */
static void test_scenes(void)
{
    for (int scene = 0; scene < SILK_SCENE_COUNT; ++scene)
    {
        silk_world* w = scene_world(scene, SILK_SOLVER_COMPAT);
        CHECK_COUNTS(w);
        silk_world_destroy(w);
    }
    silk_world* w = scene_world(SILK_SCENE_TREE, SILK_SOLVER_COMPAT);
    CHECK(w->angle_count > 0);
    silk_world_destroy(w);
    w = scene_world(SILK_SCENE_CHAIN_CLOTH, SILK_SOLVER_COMPAT);
    CHECK(w->disc_count > 0);
    silk_world_destroy(w);

    w = scene_world(SILK_SCENE_WEB, SILK_SOLVER_COMPAT);
    for (int32_t k = 0; k < 40; ++k)
    {
        CHECK_EQ_INT(silk_world_advance(w, 5.0 / 60.0 + 1e-9, NULL), SILK_OK);
        CHECK_COUNTS(w);
    }
    silk_world_destroy(w);
}

int main(void)
{
    test_edits();
    test_restore();
    test_replay();
    test_scenes();
    return check_report("test_kept_counts");
}
