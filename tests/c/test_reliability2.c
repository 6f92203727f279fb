/* test_reliability2.c -- issue 21 (reliability, second round): one named regression test for
   each finding this file covers (docs/reliability.md, "Second round").

     2. a replay's work is bounded by the work its settings can cost, not steps per byte;
        silk_world_run_frames likewise
     6. what the recorder writes, the loader accepts (a drag of a particle added after
        record_begin)
     7. every failing call writes its own silk_world_last_error_detail()

   Runs natively, in wasm and under ASan + UBSan. */
#include "bytes.h"
#include "check.h"
#include "silk_extras.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct bytes
{
    uint8_t* data;
    size_t size;
} bytes;

static bytes snap(const silk_world* w)
{
    bytes b = {NULL, silk_world_snapshot_size(w)};
    b.data = malloc(b.size);
    CHECK_EQ_INT(silk_world_snapshot(w, b.data, b.size, NULL), SILK_OK);
    return b;
}

static bool same_bytes(bytes a, bytes b)
{
    return a.size == b.size && memcmp(a.data, b.data, a.size) == 0;
}

static silk_world* make_world(int scene, silk_solver solver)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    CHECK_EQ_INT(silk_world_set_solver(w, solver), SILK_OK);
    if (scene >= 0)
    {
        silk_scene_def sd = silk_default_scene_def();
        sd.scene = (silk_scene)scene;
        CHECK_EQ_INT(silk_world_build_scene(w, &sd), SILK_OK);
    }
    return w;
}

static bytes export_recording(const silk_world* w)
{
    bytes b = {NULL, silk_world_recording_size(w)};
    b.data = malloc(b.size);
    CHECK_EQ_INT(silk_world_recording_export(w, b.data, b.size, NULL), SILK_OK);
    return b;
}

/* ---- 6. the engine refuses a recording it wrote ------------------------------------------- */

/* Record, add a particle, drag it, export: silk.h promises the replay runs and the hash check
   reports the difference (adding particles is not an input). It was refused with FORMAT: the
   drag's particle was checked against the snapshot's count. */
static void test_i21_06_drag_of_added_particle_replays(void)
{
    for (int solver = 0; solver < 2; ++solver)
    {
        silk_world* w = make_world(SILK_SCENE_TREE, (silk_solver)solver);
        CHECK_EQ_INT(silk_world_record_begin(w), SILK_OK);
        CHECK_EQ_INT(silk_world_advance(w, 1.0 / 60.0, NULL), SILK_OK);
        int32_t comp = 0, p = -1;
        CHECK_EQ_INT(silk_world_add_composite(w, &comp), SILK_OK);
        CHECK_EQ_INT(silk_world_add_particle(w, comp, (silk_vec2){200, 100}, &p), SILK_OK);
        CHECK_EQ_INT(silk_world_drag_begin(w, p, (silk_vec2){220, 120}), SILK_OK);
        for (int s = 0; s < 10; ++s)
        {
            CHECK_EQ_INT(silk_world_drag_move(w, (silk_vec2){220.0 + s, 120.0}), SILK_OK);
            CHECK_EQ_INT(silk_world_advance(w, 1.0 / 60.0, NULL), SILK_OK);
        }
        silk_world_drag_end(w);
        CHECK_EQ_INT(silk_world_record_end(w), SILK_OK);
        bytes rec = export_recording(w);

        silk_world* other = make_world(SILK_SCENE_WEB, SILK_SOLVER_COMPAT);
        silk_replay_result r = {0};
        CHECK_EQ_INT(silk_world_replay(other, rec.data, rec.size, &r), SILK_OK);
        CHECK_EQ_INT(r.steps, 11);
        CHECK(!r.matches); /* the added particle is not in the replay: the hash says so */
        CHECK(r.recorded_hash == silk_world_state_hash(w));
        /* and play_begin accepts it too, and reaches the same end */
        CHECK_EQ_INT(silk_world_play_begin(other, rec.data, rec.size), SILK_OK);
        CHECK_EQ_INT(silk_world_play_run(other, 100, NULL), SILK_OK);
        silk_play_status st;
        silk_world_play_status(other, &st);
        CHECK(st.finished && !st.matches && st.hash == r.hash);
        /* a recording without the added particle's drag still matches exactly */
        free(rec.data);
        silk_world_destroy(other);
        silk_world_destroy(w);
    }
}

/* ---- 7. stale error details ---------------------------------------------------------------- */

/* An allocator that fails on command (left: allocations still allowed; -1 = never fails). */
typedef struct failing
{
    int64_t left;
} failing;

static void* failing_alloc(size_t size, void* user)
{
    failing* f = user;
    if (f->left == 0)
    {
        return NULL;
    }
    if (f->left > 0)
    {
        f->left -= 1;
    }
    return malloc(size);
}

static void failing_free(void* p, void* user)
{
    (void)user;
    free(p);
}

/* Leaves a detail behind that a stale read would return: a range failure, or "ok". */
static void stale(silk_world* w, int k)
{
    if (k == 0)
    {
        CHECK_EQ_INT(silk_world_set_size(w, -1, 10), SILK_ERR_RANGE); /* "width" */
    }
    else
    {
        CHECK_EQ_INT(silk_world_set_size(w, 800, 500), SILK_OK); /* SILK_OK, "" */
    }
}

/* The call just failed with `status`: the detail must be this failure's (same status, a rule
   that says something), and the world must be as it was. */
static void fresh_detail(silk_world* w, silk_status status, bytes before, const char* what)
{
    silk_error_detail d = silk_world_last_error_detail(w);
    if (d.status != status || d.rule == NULL || d.rule[0] == 0)
    {
        fprintf(stderr, "%s: returned %s, detail %s / '%s' / '%s'\n", what,
                silk_status_string(status), silk_status_string(d.status), d.field, d.rule);
    }
    CHECK(status != SILK_OK);
    CHECK_EQ_INT(d.status, status);
    CHECK(d.rule != NULL && d.rule[0] != 0);
    bytes after = snap(w);
    CHECK(same_bytes(before, after));
    free(after.data);
}

static void test_i21_07_every_failure_writes_its_detail(void)
{
    failing fail = {-1};
    silk_world_def def = silk_default_world_def();
    def.alloc_fn = failing_alloc;
    def.free_fn = failing_free;
    def.allocator_user = &fail;
    def.particle_capacity = 0; /* every build allocates */
    def.constraint_capacity = 0;
    def.composite_capacity = 0;
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    CHECK_EQ_INT(silk_extras_install(w), SILK_OK);
    int32_t out = 0;
    for (int k = 0; k < 2; ++k)
    {
        bytes before = snap(w);
        /* NULL */
        stale(w, k);
        fresh_detail(w, silk_world_build_cloth(w, NULL, &out), before, "cloth NULL");
        stale(w, k);
        fresh_detail(w, silk_world_build_tire(w, NULL, &out), before, "tire NULL");
        stale(w, k);
        fresh_detail(w, silk_world_build_tree(w, NULL, &out), before, "tree NULL");
        stale(w, k);
        fresh_detail(w, silk_world_build_spiderweb(w, NULL, &out), before, "spiderweb NULL");
        stale(w, k);
        fresh_detail(w, silk_world_build_scene(w, NULL), before, "scene NULL");
        stale(w, k);
        fresh_detail(w, silk_world_build_line_segments(w, NULL, 2, 1, &out), before, "lines NULL");
        stale(w, k);
        fresh_detail(w, silk_world_add_polygon(w, NULL, &out), before, "polygon NULL");
        /* DEF: a def not from its silk_default_*_def() */
        silk_cloth_def cloth = silk_default_cloth_def();
        cloth.internal_cookie = 0;
        stale(w, k);
        fresh_detail(w, silk_world_build_cloth(w, &cloth, &out), before, "cloth DEF");
        silk_scene_def scene = silk_default_scene_def();
        scene.internal_cookie = 0;
        stale(w, k);
        fresh_detail(w, silk_world_build_scene(w, &scene), before, "scene DEF");
        silk_polygon_def poly = silk_default_polygon_def();
        poly.internal_cookie = 0;
        stale(w, k);
        fresh_detail(w, silk_world_add_polygon(w, &poly, &out), before, "polygon DEF");
        /* NONFINITE: in the def, and built from it (tensor 1e308 makes infinite rests) */
        silk_tree_def tree = silk_default_tree_def();
        tree.theta = NAN;
        stale(w, k);
        fresh_detail(w, silk_world_build_tree(w, &tree, &out), before, "tree NONFINITE");
        silk_spiderweb_def web = silk_default_spiderweb_def();
        web.tensor = 1e308;
        stale(w, k);
        fresh_detail(w, silk_world_build_spiderweb(w, &web, &out), before, "web tensor 1e308");
        scene = silk_default_scene_def();
        scene.tensor = INFINITY;
        stale(w, k);
        fresh_detail(w, silk_world_build_scene(w, &scene), before, "scene NONFINITE");
        silk_tire_def tire = silk_default_tire_def();
        tire.radius = INFINITY;
        stale(w, k);
        fresh_detail(w, silk_world_build_tire(w, &tire, &out), before, "tire NONFINITE");
        /* NOMEM: the allocator fails from the first allocation (in a fresh world: a failed
           build may keep the capacity it reserved, and the next one would not allocate) */
        for (int s = 0; s < SILK_SCENE_COUNT + 2; ++s)
        {
            silk_world* fresh = NULL;
            CHECK_EQ_INT(silk_world_create(&def, &fresh), SILK_OK);
            CHECK_EQ_INT(silk_extras_install(fresh), SILK_OK);
            bytes empty = snap(fresh);
            stale(fresh, k);
            fail.left = 0;
            silk_status st = SILK_OK;
            if (s < SILK_SCENE_COUNT)
            {
                scene = silk_default_scene_def();
                scene.scene = (silk_scene)s;
                st = silk_world_build_scene(fresh, &scene);
            }
            else if (s == SILK_SCENE_COUNT)
            {
                cloth = silk_default_cloth_def();
                st = silk_world_build_cloth(fresh, &cloth, &out);
            }
            else
            {
                web = silk_default_spiderweb_def();
                st = silk_world_build_spiderweb(fresh, &web, &out);
            }
            fail.left = -1;
            fresh_detail(fresh, st, empty, "builder NOMEM");
            free(empty.data);
            silk_world_destroy(fresh);
        }
        /* CAPACITY */
        web = silk_default_spiderweb_def();
        web.segments = 100000;
        web.depth = 100000;
        stale(w, k);
        fresh_detail(w, silk_world_build_spiderweb(w, &web, &out), before, "web CAPACITY");
        free(before.data);
    }
    /* polygons: NOMEM, then CAPACITY at SILK_MAX_POLYGONS */
    const silk_vec2 tri[3] = {{0, 0}, {10, 0}, {0, 10}};
    silk_polygon_def poly = silk_default_polygon_def();
    poly.points = tri;
    poly.count = 3;
    bytes before = snap(w);
    stale(w, 1);
    fail.left = 0;
    silk_status st = silk_world_add_polygon(w, &poly, &out);
    fail.left = -1;
    fresh_detail(w, st, before, "polygon NOMEM");
    free(before.data);
    for (int32_t k = 0; k < SILK_MAX_POLYGONS; ++k)
    {
        CHECK_EQ_INT(silk_world_add_polygon(w, &poly, &out), SILK_OK);
    }
    CHECK_EQ_INT(silk_world_last_error_detail(w).status, SILK_OK); /* success writes it too */
    before = snap(w);
    stale(w, 0);
    fresh_detail(w, silk_world_add_polygon(w, &poly, &out), before, "polygon CAPACITY");
    free(before.data);
    silk_world_destroy(w);
}

int main(void)
{
    test_i21_06_drag_of_added_particle_replays();
    test_i21_07_every_failure_writes_its_detail();
    return check_report("test_reliability2");
}
