/* test_extension_identity.c -- issue 21, items 1, 3, 4 and 5: the extras know their own
   extension by identity, not by tag; a rollback tells the extension (or is refused); a mark
   the world cannot honour is refused; and content that needs the extras' extension never
   evicts a host's, nor changes the world when it fails. */
#include "check.h"
#include "world_bytes.h"
#include "failing_alloc.h"
#include "silk_extras.h"

#include <stdlib.h>
#include <string.h>

/* ---- helpers ---------------------------------------------------------------------------- */

/* Byte-identical to `before`; frees both. */
static bool same_as(bytes before, const silk_world* w)
{
    bytes after = snap(w);
    bool same = before.size == after.size && memcmp(before.data, after.data, before.size) == 0;
    free(before.data);
    free(after.data);
    return same;
}

static bool detail_is(const silk_world* w, silk_status status, const char* field)
{
    silk_error_detail d = silk_world_last_error_detail(w);
    return d.status == status && strcmp(d.field, field) == 0 && d.rule[0] != '\0';
}

/* The world's own snapshot restores into a fresh world with the same extension (`ext`, or the
   extras' for NULL): the invariant the fuzzer checks after every call. */
static silk_status own_snapshot_restores_with(const silk_world* w, const silk_extension_def* ext)
{
    silk_world_def def = silk_default_world_def();
    silk_world* other = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &other), SILK_OK);
    CHECK_EQ_INT(ext ? silk_world_set_extension(other, ext) : silk_extras_install(other), SILK_OK);
    bytes b = snap(w);
    silk_status status = silk_world_restore(other, b.data, b.size);
    if (status == SILK_OK)
    {
        CHECK(silk_world_state_hash(other) == silk_world_state_hash(w));
    }
    free(b.data);
    silk_world_destroy(other);
    return status;
}

static silk_status own_snapshot_restores(const silk_world* w)
{
    return own_snapshot_restores_with(w, NULL);
}

static silk_world* make_world(failing* alloc)
{
    silk_world_def def = silk_default_world_def();
    if (alloc != NULL)
    {
        def.alloc_fn = failing_alloc;
        def.free_fn = failing_free;
        def.allocator_user = alloc;
        /* no room yet: every builder's reserve allocates, so NOMEM can strike anywhere */
        def.particle_capacity = 0;
        def.constraint_capacity = 0;
        def.composite_capacity = 0;
    }
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    return w;
}

/* A host's step hook that uses the extras' tag: 16 values (the extras keep 15), no particle
   scratch, a step counter in value 0 and check() accepting anything but negative counters.
   Until issue 21 the extras took it for their own. */
static void host_before_step(silk_world* world)
{
    silk_world_extension_values(world)[0] += 1;
}

static silk_status host_check(const int32_t* v, int32_t particles, int32_t constraints,
                              int32_t composites, int32_t* out_headroom)
{
    (void)particles;
    (void)constraints;
    (void)composites;
    (void)out_headroom;
    return v[0] >= 0 ? SILK_OK : SILK_ERR_RANGE;
}

static silk_extension_def host_def(uint32_t tag)
{
    silk_extension_def def = silk_default_extension_def();
    def.tag = tag;
    def.value_count = 16;
    def.before_step = host_before_step;
    def.check = host_check;
    return def;
}

/* Sets the host's values to what the extras' spider state looked like: a web, a spider,
   parts and feet at particles 1..12, auto-crawl on. */
static void host_values_like_a_spider(silk_world* w)
{
    int32_t* v = silk_world_extension_values(w);
    for (int32_t k = 0; k < 14; ++k)
    {
        v[k] = k < 2 ? 1 : k - 1;
    }
    v[13] = 0;
    v[14] = 1;
}

static silk_spiderweb_def small_web(void)
{
    silk_spiderweb_def web = silk_default_spiderweb_def();
    web.segments = 8;
    web.depth = 3;
    web.radius = 120;
    return web;
}

/* ---- item 1: identity, not tag ---------------------------------------------------------- */

/* A host's step-hook extension with SILK_EXTRAS_TAG and >= 15 values but no scratch: the web
   scene said OK and built the spider, and the crawl wrote through a NULL scratch. */
static void test_host_extension_with_extras_tag_is_not_the_extras(void)
{
    silk_world* w = make_world(NULL);
    silk_extension_def def = host_def(SILK_EXTRAS_TAG);
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    CHECK(silk_world_extension_scratch(w) == NULL);

    silk_scene_def scene = silk_default_scene_def();
    bytes before = snap(w);
    CHECK_EQ_INT(silk_world_build_scene(w, &scene), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "extension"));
    CHECK(same_as(before, w));
    CHECK_EQ_INT(silk_world_extension_tag(w), SILK_EXTRAS_TAG);

    /* values that look like a spider are the host's, never read as one */
    host_values_like_a_spider(w);
    int32_t comp = 0, p = 0;
    CHECK_EQ_INT(silk_world_add_composite(w, &comp), SILK_OK);
    for (int32_t k = 0; k < 40; ++k)
    {
        CHECK_EQ_INT(silk_world_add_particle(w, comp, (silk_vec2){400.0 + k, 300.0}, &p), SILK_OK);
    }
    before = snap(w);
    for (int32_t leg = 0; leg < 8; ++leg)
    {
        CHECK_EQ_INT(silk_world_crawl(w, leg), SILK_ERR_STATE);
    }
    CHECK_EQ_INT(silk_world_spider_tick(w, NULL), SILK_ERR_STATE);
    CHECK(same_as(before, w));
    CHECK(!silk_world_get_auto_crawl(w)); /* value 14 is 1, but it is the host's */
    silk_spider_info info;
    CHECK_EQ_INT(silk_world_spider_info(w, &info), SILK_OK);
    CHECK_EQ_INT(info.web_composite, -1);
    CHECK_EQ_INT(info.spider_composite, -1);

    /* the host's hook keeps running: a silent run does not crawl through its values */
    int32_t steps = silk_world_extension_values(w)[0];
    CHECK_EQ_INT(silk_world_advance(w, 3.0 / 60.0 + 1e-9, NULL), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], steps + 3);
    CHECK_EQ_INT(silk_world_run_frames(w, 5, 1, (silk_vec2){400, 300}), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], steps + 3);
    silk_world_destroy(w);
}

/* Re-installing with the same tag kept the old spider state: a host's extension inherited
   the extras' values, and the extras' came back with them. */
static void test_reinstall_with_extras_tag_starts_from_zero(void)
{
    silk_world* w = make_world(NULL);
    silk_scene_def scene = silk_default_scene_def();
    CHECK_EQ_INT(silk_world_build_scene(w, &scene), SILK_OK);
    silk_spider_info info;
    CHECK_EQ_INT(silk_world_spider_info(w, &info), SILK_OK);
    CHECK(info.web_composite >= 0 && info.spider_composite >= 0);
    CHECK(silk_world_get_auto_crawl(w));

    /* installing the extras again keeps their state */
    CHECK_EQ_INT(silk_extras_install(w), SILK_OK);
    CHECK_EQ_INT(silk_world_spider_info(w, &info), SILK_OK);
    CHECK(info.spider_composite >= 0);

    silk_extension_def def = host_def(SILK_EXTRAS_TAG);
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    int32_t v[16];
    CHECK_EQ_INT(silk_world_get_extension_values(w, v, 16), SILK_OK);
    for (int32_t k = 0; k < 16; ++k)
    {
        CHECK_EQ_INT(v[k], 0);
    }
    CHECK_EQ_INT(own_snapshot_restores_with(w, &def), SILK_OK);

    /* the host writes its own values; the extras, installed again, start from zero */
    host_values_like_a_spider(w);
    CHECK_EQ_INT(silk_extras_install(w), SILK_OK);
    CHECK_EQ_INT(silk_world_spider_info(w, &info), SILK_OK);
    CHECK_EQ_INT(info.web_composite, -1);
    CHECK_EQ_INT(info.spider_composite, -1);
    CHECK_EQ_INT(info.thorax, -1);
    CHECK(!silk_world_get_auto_crawl(w));
    CHECK(silk_world_extension_scratch(w) != NULL);
    CHECK_EQ_INT(silk_world_crawl(w, 0), SILK_ERR_STATE);
    CHECK_EQ_INT(own_snapshot_restores(w), SILK_OK);

    /* a host's extension without an owner keeps its values when installed again, as before */
    def = host_def(0x54534f48u);
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    silk_world_extension_values(w)[0] = 7;
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], 7);
    silk_world_destroy(w);
}

/* ---- item 3: a rollback tells the extension, or is refused ------------------------------ */

static void test_rollback_past_web_and_spider_forgets_them(void)
{
    silk_world* w = make_world(NULL);
    CHECK_EQ_INT(silk_extras_install(w), SILK_OK);
    int32_t comp = 0, p = 0;
    CHECK_EQ_INT(silk_world_add_composite(w, &comp), SILK_OK);
    CHECK_EQ_INT(silk_world_add_particle(w, comp, (silk_vec2){10, 10}, &p), SILK_OK);
    CHECK_EQ_INT(silk_world_set_auto_crawl(w, true), SILK_OK);
    int32_t values_before[15];
    CHECK_EQ_INT(silk_world_get_extension_values(w, values_before, 15), SILK_OK);
    silk_world_mark before_web = silk_world_get_mark(w);

    silk_spiderweb_def web = small_web();
    int32_t web_id = 0, spider_id = 0;
    CHECK_EQ_INT(silk_world_build_spiderweb(w, &web, &web_id), SILK_OK);
    silk_world_mark before_spider = silk_world_get_mark(w);
    silk_spider_def spider = silk_default_spider_def();
    spider.origin = (silk_vec2){400, 250};
    CHECK_EQ_INT(silk_world_build_spider(w, &spider, &spider_id), SILK_OK);
    for (int32_t k = 0; k < 30; ++k)
    {
        CHECK_EQ_INT(silk_world_advance(w, 1.0 / 60.0 + 1e-9, NULL), SILK_OK);
    }

    /* back past the spider: the web stays, the spider is forgotten */
    CHECK_EQ_INT(silk_world_rollback(w, before_spider), SILK_OK);
    silk_spider_info info;
    CHECK_EQ_INT(silk_world_spider_info(w, &info), SILK_OK);
    CHECK_EQ_INT(info.web_composite, web_id);
    CHECK_EQ_INT(info.spider_composite, -1);
    CHECK_EQ_INT(info.thorax, -1);
    CHECK_EQ_INT(info.feet[7], -1);
    CHECK_EQ_INT(own_snapshot_restores(w), SILK_OK);
    CHECK_EQ_INT(silk_world_crawl(w, 3), SILK_ERR_STATE);

    /* a new spider, then back past the web: the world is as it was before the web */
    CHECK_EQ_INT(silk_world_build_spider(w, &spider, &spider_id), SILK_OK);
    CHECK_EQ_INT(silk_world_advance(w, 10.0 / 60.0 + 1e-9, NULL), SILK_OK);
    CHECK_EQ_INT(silk_world_rollback(w, before_web), SILK_OK);
    CHECK_EQ_INT(silk_world_spider_info(w, &info), SILK_OK);
    CHECK_EQ_INT(info.web_composite, -1);
    CHECK_EQ_INT(info.spider_composite, -1);
    CHECK(silk_world_get_auto_crawl(w)); /* a setting, not an index: it stays */
    CHECK_EQ_INT(own_snapshot_restores(w), SILK_OK);
    CHECK_EQ_INT(silk_world_spider_tick(w, NULL), SILK_ERR_STATE);
    CHECK_EQ_INT(silk_world_particle_count(w), 1);
    /* the extension's values are those of before the web, every one */
    int32_t values_after[15];
    CHECK_EQ_INT(silk_world_get_extension_values(w, values_after, 15), SILK_OK);
    CHECK(memcmp(values_before, values_after, sizeof(values_after)) == 0);
    silk_world_destroy(w);
}

/* A host's extension without on_rollback whose values name a particle the rollback removes:
   refused, with its own detail, the world byte-identical. */
#define INDEX_TAG 0x58444e49u /* "INDX" */

static silk_status index_check(const int32_t* v, int32_t particles, int32_t constraints,
                               int32_t composites, int32_t* out_headroom)
{
    (void)constraints;
    (void)composites;
    (void)out_headroom;
    return v[0] >= 0 && v[0] <= particles ? SILK_OK : SILK_ERR_INDEX;
}

static void index_rollback(int32_t* v, int32_t particles, int32_t constraints, int32_t composites)
{
    (void)constraints;
    (void)composites;
    v[0] = v[0] <= particles ? v[0] : 0;
}

static void test_rollback_refused_when_the_extension_cannot_follow(void)
{
    silk_world* w = make_world(NULL);
    silk_extension_def def = silk_default_extension_def();
    def.tag = INDEX_TAG;
    def.check = index_check;
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    silk_world_mark mark = silk_world_get_mark(w);
    int32_t comp = 0, p = 0;
    CHECK_EQ_INT(silk_world_add_composite(w, &comp), SILK_OK);
    CHECK_EQ_INT(silk_world_add_particle(w, comp, (silk_vec2){10, 10}, &p), SILK_OK);
    silk_world_extension_values(w)[0] = p + 1;
    bytes before = snap(w);
    CHECK_EQ_INT(silk_world_rollback(w, mark), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "extension"));
    CHECK(same_as(before, w));
    CHECK_EQ_INT(own_snapshot_restores_with(w, &def), SILK_OK);

    /* with a hook that drops the index, the same rollback succeeds */
    def.on_rollback = index_rollback;
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK); /* same tag and owner: kept */
    CHECK_EQ_INT(silk_world_extension_values(w)[0], p + 1);
    CHECK_EQ_INT(silk_world_rollback(w, mark), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], 0);
    CHECK_EQ_INT(silk_world_particle_count(w), 0);
    silk_world_destroy(w);
}

/* ---- item 4: a mark the world cannot honour -------------------------------------------- */

static void test_rollback_refuses_particles_of_removed_composites(void)
{
    silk_world* w = make_world(NULL);
    int32_t a = 0, b = 0, p = 0, q = 0;
    CHECK_EQ_INT(silk_world_add_composite(w, &a), SILK_OK);
    CHECK_EQ_INT(silk_world_add_particle(w, a, (silk_vec2){10, 10}, &p), SILK_OK);
    silk_world_mark old = silk_world_get_mark(w);
    CHECK_EQ_INT(silk_world_add_composite(w, &b), SILK_OK);
    CHECK_EQ_INT(silk_world_add_particle(w, b, (silk_vec2){20, 10}, &p), SILK_OK);
    CHECK_EQ_INT(silk_world_add_particle(w, b, (silk_vec2){30, 10}, &q), SILK_OK);
    silk_distance_def d = silk_default_distance_def();
    d.a = p;
    d.b = q;
    CHECK_EQ_INT(silk_world_add_distance(w, b, &d, NULL), SILK_OK);
    silk_world_mark now = silk_world_get_mark(w);

    /* rollback({ particles: now, composites: old }): particles whose composite would go */
    silk_world_mark mixed = {now.particles, old.constraints, old.composites};
    bytes before = snap(w);
    CHECK_EQ_INT(silk_world_rollback(w, mixed), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "mark.composites"));
    CHECK(same_as(before, w));
    CHECK_EQ_INT(own_snapshot_restores(w), SILK_OK);

    /* the other marks it cannot honour, each with its own detail */
    silk_world_mark keep_constraints = {now.particles, now.constraints, old.composites};
    before = snap(w);
    CHECK_EQ_INT(silk_world_rollback(w, keep_constraints), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "mark.constraints"));
    silk_world_mark some_particles = {now.particles - 1, now.constraints, now.composites};
    CHECK_EQ_INT(silk_world_rollback(w, some_particles), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "mark.particles"));
    silk_world_mark above = {now.particles + 1, now.constraints, now.composites};
    CHECK_EQ_INT(silk_world_rollback(w, above), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "mark"));
    silk_world_mark negative = {-1, 0, 0};
    CHECK_EQ_INT(silk_world_rollback(w, negative), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "mark"));
    CHECK(same_as(before, w));

    /* the honest mark still rolls back, and keeps the detail of the call before it */
    CHECK_EQ_INT(silk_world_rollback(w, old), SILK_OK);
    CHECK(detail_is(w, SILK_ERR_STATE, "mark"));
    CHECK_EQ_INT(silk_world_particle_count(w), 1);
    CHECK_EQ_INT(silk_world_composite_count(w), 1);
    CHECK_EQ_INT(own_snapshot_restores(w), SILK_OK);
    silk_world_destroy(w);
}

/* ---- item 5: a failing call leaves the world byte-identical ---------------------------- */

static void test_failed_spiderweb_keeps_the_host_extension(void)
{
    silk_world* w = make_world(NULL);
    silk_extension_def def = host_def(0x54534f48u); /* "HOST" */
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    silk_world_extension_values(w)[0] = 5;
    silk_spiderweb_def web = small_web();
    web.tensor = 1e308; /* rest * tensor overflows: SILK_ERR_NONFINITE once built */
    int32_t id = 0;
    bytes before = snap(w);
    CHECK(silk_world_build_spiderweb(w, &web, &id) != SILK_OK);
    CHECK(same_as(before, w));
    CHECK_EQ_INT(silk_world_extension_tag(w), 0x54534f48u);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], 5);

    /* a good web and a spider say that they need the extras', and change nothing */
    web.tensor = 0.3;
    before = snap(w);
    CHECK_EQ_INT(silk_world_build_spiderweb(w, &web, &id), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "extension"));
    silk_spider_def spider = silk_default_spider_def();
    CHECK_EQ_INT(silk_world_build_spider(w, &spider, &id), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "extension"));
    CHECK(same_as(before, w));
    CHECK_EQ_INT(silk_world_extension_tag(w), 0x54534f48u);

    /* without any extension, the failing web installs nothing either */
    silk_world* bare = make_world(NULL);
    web.tensor = 1e308;
    before = snap(bare);
    CHECK_EQ_INT(silk_world_build_spiderweb(bare, &web, &id), SILK_ERR_NONFINITE);
    CHECK(same_as(before, bare));
    CHECK_EQ_INT(silk_world_extension_tag(bare), 0);
    web.tensor = 0.3;
    CHECK_EQ_INT(silk_world_build_spiderweb(bare, &web, &id), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_tag(bare), SILK_EXTRAS_TAG);
    silk_world_destroy(bare);
    silk_world_destroy(w);
}

/* NOMEM at every allocation the web and the spider make: each failure leaves the world
   byte-identical and without the extras' extension, until one succeeds. */
static void test_nomem_spiderweb_and_spider_leave_the_world(void)
{
    for (int32_t builder = 0; builder < 2; ++builder)
    {
        bool built = false;
        int32_t failures = 0;
        for (int64_t n = 0; n < 64 && !built; ++n)
        {
            failing alloc = {-1};
            silk_world* w = make_world(&alloc);
            alloc.left = n;
            int32_t id = 0;
            bytes before = snap(w);
            silk_status s;
            if (builder == 0)
            {
                silk_spiderweb_def web = small_web();
                s = silk_world_build_spiderweb(w, &web, &id);
            }
            else
            {
                silk_spider_def spider = silk_default_spider_def();
                s = silk_world_build_spider(w, &spider, &id);
            }
            failures += s == SILK_ERR_NOMEM;
            if (s == SILK_OK)
            {
                built = true;
                free(before.data);
                CHECK_EQ_INT(silk_world_extension_tag(w), SILK_EXTRAS_TAG);
            }
            else
            {
                CHECK_EQ_INT(s, SILK_ERR_NOMEM);
                CHECK(same_as(before, w));
                CHECK_EQ_INT(silk_world_extension_tag(w), 0);
            }
            silk_world_destroy(w);
        }
        CHECK(built);
        CHECK(failures >= 3); /* the scratch, and the reserve's arrays, each failed once */
    }
}

/* set_auto_crawl replaced a host's extension even when it succeeded. */
static void test_auto_crawl_does_not_evict_a_host_extension(void)
{
    silk_world* w = make_world(NULL);
    silk_extension_def def = host_def(0x54534f48u);
    CHECK_EQ_INT(silk_world_set_extension(w, &def), SILK_OK);
    silk_world_extension_values(w)[0] = 9;
    bytes before = snap(w);
    CHECK_EQ_INT(silk_world_set_auto_crawl(w, true), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "extension"));
    CHECK_EQ_INT(silk_world_set_auto_crawl(w, false), SILK_ERR_STATE);
    CHECK(same_as(before, w));
    CHECK_EQ_INT(silk_world_extension_tag(w), 0x54534f48u);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], 9);

    /* the web scene says so too; the other scenes build and keep the host's extension */
    silk_scene_def scene = silk_default_scene_def();
    before = snap(w);
    CHECK_EQ_INT(silk_world_build_scene(w, &scene), SILK_ERR_STATE);
    CHECK(detail_is(w, SILK_ERR_STATE, "extension"));
    CHECK(same_as(before, w));
    scene.scene = SILK_SCENE_CLOTH;
    CHECK_EQ_INT(silk_world_build_scene(w, &scene), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_tag(w), 0x54534f48u);
    CHECK(silk_world_particle_count(w) > 0);
    int32_t steps = silk_world_extension_values(w)[0];
    CHECK_EQ_INT(silk_world_advance(w, 2.0 / 60.0 + 1e-9, NULL), SILK_OK);
    CHECK_EQ_INT(silk_world_extension_values(w)[0], steps + 2);

    /* asked for explicitly, the extras replace it */
    CHECK_EQ_INT(silk_extras_install(w), SILK_OK);
    CHECK_EQ_INT(silk_world_set_auto_crawl(w, true), SILK_OK);
    CHECK(silk_world_get_auto_crawl(w));
    silk_world_destroy(w);
}

int main(void)
{
    test_host_extension_with_extras_tag_is_not_the_extras();
    test_reinstall_with_extras_tag_starts_from_zero();
    test_rollback_past_web_and_spider_forgets_them();
    test_rollback_refused_when_the_extension_cannot_follow();
    test_rollback_refuses_particles_of_removed_composites();
    test_failed_spiderweb_keeps_the_host_extension();
    test_nomem_spiderweb_and_spider_leave_the_world();
    test_auto_crawl_does_not_evict_a_host_extension();
    return check_report("extension_identity");
}
