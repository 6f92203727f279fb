/* test_api.c -- every public function of silk.h fed bad input.

   Out-of-range indices, NaN and +-Inf, zero and negative counts and capacities, NULL
   pointers, defs not from silk_default_*_def(), an allocator that runs dry: each call must
   return its exact status code (silk.h, ERRORS) and leave the world as it was -- counts,
   settings, positions, constraints, drag, spider and diagnostics compared bit for bit, and the
   random generator checked against an identical twin world. */
#include "check.h"
#include "silk_extras.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double NaN_ = NAN;
static const double Inf = INFINITY;

/* ---- snapshots ---------------------------------------------------------------------------- */

typedef struct snapshot
{
    int32_t particles, constraints, composites, dragged, relax_passes;
    silk_loop_mode loop_mode;
    silk_vec2 gravity, size;
    double friction, ground_friction;
    silk_spider_info spider;
    silk_status spider_status;
    silk_diagnostics diagnostics;
    silk_vec2 *pos, *last, *prev;
    uint8_t* kinds;
    int32_t *a, *b, *c;
    double* rest;
    int32_t* runs; /* per composite: begin, count */
} snapshot;

static void* copy(const void* from, size_t bytes)
{
    void* to = malloc(bytes ? bytes : 1);
    if (from != NULL && bytes > 0)
    {
        memcpy(to, from, bytes);
    }
    return to;
}

static snapshot take(const silk_world* w)
{
    snapshot s;
    memset(&s, 0, sizeof(s));
    s.particles = silk_world_particle_count(w);
    s.constraints = silk_world_constraint_count(w);
    s.composites = silk_world_composite_count(w);
    s.dragged = silk_world_dragged_particle(w);
    s.relax_passes = silk_world_get_relax_passes(w);
    s.loop_mode = silk_world_get_loop_mode(w);
    s.gravity = silk_world_get_gravity(w);
    s.size = silk_world_get_size(w);
    s.friction = silk_world_get_friction(w);
    s.ground_friction = silk_world_get_ground_friction(w);
    s.spider_status = silk_world_spider_info(w, &s.spider);
    s.diagnostics = *silk_world_diagnostics(w);
    size_t np = (size_t)s.particles * sizeof(silk_vec2);
    s.pos = copy(silk_world_positions(w), np);
    s.last = copy(silk_world_last_positions(w), np);
    s.prev = copy(silk_world_previous_positions(w), np);
    size_t nc = (size_t)s.constraints;
    s.kinds = copy(silk_world_constraint_kinds(w), nc);
    s.a = copy(silk_world_constraint_a(w), nc * sizeof(int32_t));
    s.b = copy(silk_world_constraint_b(w), nc * sizeof(int32_t));
    s.c = copy(silk_world_constraint_c(w), nc * sizeof(int32_t));
    s.rest = copy(silk_world_constraint_rest(w), nc * sizeof(double));
    s.runs = malloc(2 * sizeof(int32_t) * (size_t)(s.composites + 1));
    for (int32_t k = 0; k < s.composites; ++k)
    {
        silk_world_composite_constraint_begin(w, k, &s.runs[2 * k]);
        silk_world_composite_constraint_count(w, k, &s.runs[2 * k + 1]);
    }
    return s;
}

static void drop(snapshot* s)
{
    free(s->pos);
    free(s->last);
    free(s->prev);
    free(s->kinds);
    free(s->a);
    free(s->b);
    free(s->c);
    free(s->rest);
    free(s->runs);
}

static bool same(const snapshot* x, const snapshot* y)
{
    if (x->particles != y->particles || x->constraints != y->constraints ||
        x->composites != y->composites)
    {
        return false;
    }
    size_t np = (size_t)x->particles * sizeof(silk_vec2);
    size_t nc = (size_t)x->constraints;
    return x->dragged == y->dragged && x->relax_passes == y->relax_passes &&
           x->loop_mode == y->loop_mode && memcmp(&x->gravity, &y->gravity, 16) == 0 &&
           memcmp(&x->size, &y->size, 16) == 0 && memcmp(&x->friction, &y->friction, 8) == 0 &&
           memcmp(&x->ground_friction, &y->ground_friction, 8) == 0 &&
           x->spider_status == y->spider_status &&
           memcmp(&x->spider, &y->spider, sizeof(x->spider)) == 0 &&
           memcmp(&x->diagnostics, &y->diagnostics, sizeof(x->diagnostics)) == 0 &&
           memcmp(x->pos, y->pos, np) == 0 && memcmp(x->last, y->last, np) == 0 &&
           memcmp(x->prev, y->prev, np) == 0 && memcmp(x->kinds, y->kinds, nc) == 0 &&
           memcmp(x->a, y->a, nc * 4) == 0 && memcmp(x->b, y->b, nc * 4) == 0 &&
           memcmp(x->c, y->c, nc * 4) == 0 && memcmp(x->rest, y->rest, nc * 8) == 0 &&
           memcmp(x->runs, y->runs, 2 * sizeof(int32_t) * (size_t)x->composites) == 0;
}

/* A failing call on world w: exactly `status`, and w as it was. */
#define FAILS(w, status, call)                                                                     \
    do                                                                                             \
    {                                                                                              \
        snapshot before_ = take(w);                                                                \
        CHECK_EQ_INT((call), (status));                                                            \
        snapshot after_ = take(w);                                                                 \
        CHECK(same(&before_, &after_));                                                            \
        drop(&before_);                                                                            \
        drop(&after_);                                                                             \
    } while (0)

/* The generator of `w` still matches its twin's (both draw once, so they stay twins). */
static bool same_random(silk_world* w, silk_world* twin)
{
    double a = silk_world_random(w);
    double b = silk_world_random(twin);
    return memcmp(&a, &b, sizeof(a)) == 0;
}

/* ---- a world with a bit of everything ----------------------------------------------------- */

typedef struct fixture
{
    silk_world* w;
    int32_t comp;             /* the extra composite */
    int32_t p0, p1, p2;       /* its particles */
    int32_t dist, pin, angle; /* its constraints' positions */
} fixture;

static fixture make_fixture(uint64_t seed)
{
    fixture f;
    memset(&f, 0, sizeof(f));
    silk_world_def def = silk_default_world_def();
    def.seed = seed;
    silk_world_create(&def, &f.w);
    silk_scene_def scene = silk_default_scene_def();
    silk_world_build_scene(f.w, &scene);
    silk_world_run_frames(f.w, 30, 16, (silk_vec2){400, 250});
    silk_world_add_composite(f.w, &f.comp);
    silk_world_add_particle(f.w, f.comp, (silk_vec2){100, 100}, &f.p0);
    silk_world_add_particle(f.w, f.comp, (silk_vec2){130, 100}, &f.p1);
    silk_world_add_particle(f.w, f.comp, (silk_vec2){130, 140}, &f.p2);
    silk_distance_def d = silk_default_distance_def();
    d.a = f.p0;
    d.b = f.p1;
    silk_world_add_distance(f.w, f.comp, &d, &f.dist);
    silk_pin_def p = silk_default_pin_def();
    p.particle = f.p0;
    silk_world_add_pin(f.w, f.comp, &p, &f.pin);
    silk_angle_def a = silk_default_angle_def();
    a.a = f.p0;
    a.b = f.p1;
    a.c = f.p2;
    silk_world_add_angle(f.w, f.comp, &a, &f.angle);
    silk_world_advance(f.w, 0.05, NULL);
    silk_world_update_diagnostics(f.w, (silk_vec2){400, 250});
    return f;
}

/* ---- status strings, rng, stepper ---------------------------------------------------------- */

static void test_status_strings(void)
{
    for (int s = SILK_ERR_UNSUPPORTED; s <= SILK_OK; ++s)
    {
        const char* name = silk_status_string((silk_status)s);
        CHECK(name != NULL && strcmp(name, "unknown status") != 0);
        for (int t = SILK_ERR_UNSUPPORTED; t < s; ++t)
        {
            CHECK(strcmp(name, silk_status_string((silk_status)t)) != 0);
        }
    }
    CHECK(strcmp(silk_status_string((silk_status)1), "unknown status") == 0);
    CHECK(strcmp(silk_status_string((silk_status)-13), "unknown status") == 0);
}

static void test_rng(void)
{
    CHECK(silk_rng_next_u64(NULL) == 0);
    CHECK(silk_rng_next_double(NULL) == 0.0);
    silk_rng r = silk_rng_make(0);
    for (int i = 0; i < 1000; ++i)
    {
        double x = silk_rng_next_double(&r);
        CHECK(x >= 0.0 && x < 1.0);
    }
}

static int step_calls = 0;
static void count_step(void* context, double step_seconds)
{
    (void)context;
    (void)step_seconds;
    step_calls += 1;
}

static void test_stepper(void)
{
    silk_stepper_def def = silk_default_stepper_def();
    silk_stepper s;
    CHECK_EQ_INT(silk_stepper_init(&s, &def), SILK_OK);
    silk_stepper keep = s;
    CHECK_EQ_INT(silk_stepper_init(NULL, &def), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_stepper_init(&s, NULL), SILK_ERR_NULL);
    silk_stepper_def zero = {0};
    CHECK_EQ_INT(silk_stepper_init(&s, &zero), SILK_ERR_DEF);
    silk_stepper_def bad = def;
    bad.internal_cookie += 1;
    CHECK_EQ_INT(silk_stepper_init(&s, &bad), SILK_ERR_DEF);
    const double nonfinite[3] = {NaN_, Inf, -Inf};
    for (int i = 0; i < 3; ++i)
    {
        bad = def;
        bad.step_seconds = nonfinite[i];
        CHECK_EQ_INT(silk_stepper_init(&s, &bad), SILK_ERR_NONFINITE);
    }
    const double steps[2] = {0.0, -1.0 / 60};
    for (int i = 0; i < 2; ++i)
    {
        bad = def;
        bad.step_seconds = steps[i];
        CHECK_EQ_INT(silk_stepper_init(&s, &bad), SILK_ERR_RANGE);
    }
    const int32_t maxes[3] = {0, -1, INT32_MIN};
    for (int i = 0; i < 3; ++i)
    {
        bad = def;
        bad.max_steps_per_frame = maxes[i];
        CHECK_EQ_INT(silk_stepper_init(&s, &bad), SILK_ERR_RANGE);
    }
    CHECK(memcmp(&s, &keep, sizeof(s)) == 0);

    /* advance: half a step in the accumulator first, so "unchanged" means something */
    silk_advance_result out;
    CHECK_EQ_INT(silk_stepper_advance(&s, 0.5 / 60, count_step, NULL, &out), SILK_OK);
    keep = s;
    silk_advance_result out_keep = out;
    step_calls = 0;
    CHECK_EQ_INT(silk_stepper_advance(NULL, 0.1, count_step, NULL, &out), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_stepper_advance(&s, 0.1, count_step, NULL, NULL), SILK_ERR_NULL);
    for (int i = 0; i < 3; ++i)
    {
        CHECK_EQ_INT(silk_stepper_advance(&s, nonfinite[i], count_step, NULL, &out),
                     SILK_ERR_NONFINITE);
    }
    CHECK_EQ_INT(silk_stepper_advance(&s, -1e-300, count_step, NULL, &out), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_stepper_advance(&s, -1.0, count_step, NULL, &out), SILK_ERR_RANGE);
    CHECK(memcmp(&s, &keep, sizeof(s)) == 0);
    CHECK(memcmp(&out, &out_keep, sizeof(out)) == 0);
    CHECK_EQ_INT(step_calls, 0);

    /* a stepper init never set up: zeroed, NaN step, no clamp, accumulator out of range */
    silk_stepper broken[5] = {{0}, s, s, s, s};
    broken[1].step_seconds = NaN_;
    broken[2].max_steps_per_frame = 0;
    broken[3].accumulator_ticks = -1;
    broken[4].accumulator_ticks = SILK_TICKS_PER_STEP;
    for (int i = 0; i < 5; ++i)
    {
        silk_stepper copy_ = broken[i];
        CHECK_EQ_INT(silk_stepper_advance(&broken[i], 1.0, count_step, NULL, &out), SILK_ERR_STATE);
        CHECK(memcmp(&copy_, &broken[i], sizeof(copy_)) == 0);
    }
    CHECK_EQ_INT(step_calls, 0);

    /* -0 is not negative; a zero dt is a valid frame */
    CHECK_EQ_INT(silk_stepper_advance(&s, -0.0, count_step, NULL, &out), SILK_OK);
    CHECK_EQ_INT(out.steps, 0);
    silk_stepper_reset(NULL);
    CHECK(silk_interpolate(1.0, 3.0, 0.5) == 2.0);
}

/* ---- world creation ----------------------------------------------------------------------- */

typedef struct budget
{
    int64_t left; /* allocations still allowed; < 0: unlimited */
} budget;

static void* budget_alloc(size_t size, void* user)
{
    budget* b = user;
    if (b->left == 0)
    {
        return NULL;
    }
    if (b->left > 0)
    {
        b->left -= 1;
    }
    return malloc(size);
}

static void budget_free(void* memory, void* user)
{
    (void)user;
    free(memory);
}

static void create_fails(const silk_world_def* def, silk_status status)
{
    silk_world* w = (silk_world*)&w; /* a sentinel the call must reset */
    CHECK_EQ_INT(silk_world_create(def, &w), status);
    CHECK(w == NULL);
}

static void test_create(void)
{
    const silk_world_def good = silk_default_world_def();
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(NULL, &w), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_create(&good, NULL), SILK_ERR_NULL);
    silk_world_def def = {0};
    create_fails(&def, SILK_ERR_DEF);
    def = good;
    def.stepper.internal_cookie = 0;
    create_fails(&def, SILK_ERR_DEF);

    const double nonfinite[3] = {NaN_, Inf, -Inf};
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite[i];
        def = good, def.width = v, create_fails(&def, SILK_ERR_NONFINITE);
        def = good, def.height = v, create_fails(&def, SILK_ERR_NONFINITE);
        def = good, def.gravity.x = v, create_fails(&def, SILK_ERR_NONFINITE);
        def = good, def.gravity.y = v, create_fails(&def, SILK_ERR_NONFINITE);
        def = good, def.friction = v, create_fails(&def, SILK_ERR_NONFINITE);
        def = good, def.ground_friction = v, create_fails(&def, SILK_ERR_NONFINITE);
        def = good, def.stepper.step_seconds = v, create_fails(&def, SILK_ERR_NONFINITE);
    }
    def = good, def.width = 0.999, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.height = -500, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.relax_passes = 0, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.relax_passes = -16, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.relax_passes = SILK_MAX_RELAX_PASSES + 1, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.stepper.step_seconds = 0, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.stepper.step_seconds = -1, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.stepper.max_steps_per_frame = 0, create_fails(&def, SILK_ERR_RANGE);
    def = good, def.particle_capacity = -1, create_fails(&def, SILK_ERR_CAPACITY);
    def = good, def.constraint_capacity = -1, create_fails(&def, SILK_ERR_CAPACITY);
    def = good, def.composite_capacity = INT32_MIN, create_fails(&def, SILK_ERR_CAPACITY);
    def = good, def.particle_capacity = SILK_MAX_PARTICLES + 1,
    create_fails(&def, SILK_ERR_CAPACITY);
    def = good, def.constraint_capacity = SILK_MAX_CONSTRAINTS + 1,
    create_fails(&def, SILK_ERR_CAPACITY);
    def = good, def.composite_capacity = SILK_MAX_COMPOSITES + 1,
    create_fails(&def, SILK_ERR_CAPACITY);
    def = good, def.alloc_fn = budget_alloc, create_fails(&def, SILK_ERR_NULL);
    def = good, def.free_fn = budget_free, create_fails(&def, SILK_ERR_NULL);

    /* the allocator runs dry at each of create's allocations in turn */
    for (int64_t n = 0; n < 20; ++n)
    {
        budget b = {n};
        def = good;
        def.alloc_fn = budget_alloc;
        def.free_fn = budget_free;
        def.allocator_user = &b;
        silk_world* made = NULL;
        silk_status status = silk_world_create(&def, &made);
        CHECK(status == SILK_OK || status == SILK_ERR_NOMEM);
        CHECK((status == SILK_OK) == (made != NULL));
        silk_world_destroy(made);
    }
    /* zero capacities are fine: the world grows */
    def = good;
    def.particle_capacity = def.constraint_capacity = def.composite_capacity = 0;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    silk_world_destroy(w);
    silk_world_destroy(NULL);
}

/* ---- NULL world: every call answers without touching memory -------------------------------- */

static void test_null_world(void)
{
    silk_vec2 v;
    int32_t i = 7;
    silk_constraint_info info;
    silk_spider_info spider;
    silk_advance_result adv;
    bool b;
    CHECK_EQ_INT(silk_world_set_gravity(NULL, (silk_vec2){0, 1}), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_friction(NULL, 1), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_ground_friction(NULL, 1), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_size(NULL, 10, 10), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_seed(NULL, 1), SILK_ERR_NULL);
    CHECK(silk_world_get_gravity(NULL).x == 0 && silk_world_get_gravity(NULL).y == 0);
    CHECK(silk_world_get_friction(NULL) == 0 && silk_world_get_ground_friction(NULL) == 0);
    CHECK(silk_world_get_size(NULL).x == 0 && silk_world_get_size(NULL).y == 0);
    CHECK(silk_world_random(NULL) == 0);
    silk_world_clear(NULL);
    CHECK_EQ_INT(silk_world_add_composite(NULL, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_composite_count(NULL), 0);
    CHECK_EQ_INT(silk_world_add_particle(NULL, 0, (silk_vec2){0, 0}, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_particle_count(NULL), 0);
    CHECK_EQ_INT(silk_world_particle_composite(NULL, 0, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_position(NULL, 0, (silk_vec2){0, 0}), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_last_position(NULL, 0, (silk_vec2){0, 0}), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_position(NULL, 0, &v), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_last_position(NULL, 0, &v), SILK_ERR_NULL);
    CHECK(silk_world_positions(NULL) == NULL && silk_world_last_positions(NULL) == NULL &&
          silk_world_previous_positions(NULL) == NULL);
    silk_distance_def dd = silk_default_distance_def();
    silk_pin_def pd = silk_default_pin_def();
    silk_angle_def ad = silk_default_angle_def();
    CHECK_EQ_INT(silk_world_add_distance(NULL, 0, &dd, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_add_pin(NULL, 0, &pd, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_add_angle(NULL, 0, &ad, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_remove_constraint(NULL, 0, 0), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_constraint_count(NULL), 0);
    CHECK_EQ_INT(silk_world_composite_constraint_count(NULL, 0, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_constraint(NULL, 0, 0, &info), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_pin_target(NULL, 0, 0, (silk_vec2){0, 0}), SILK_ERR_NULL);
    CHECK(silk_world_constraint_kinds(NULL) == NULL && silk_world_constraint_a(NULL) == NULL &&
          silk_world_constraint_b(NULL) == NULL && silk_world_constraint_c(NULL) == NULL &&
          silk_world_constraint_rest(NULL) == NULL);
    CHECK_EQ_INT(silk_world_composite_constraint_begin(NULL, 0, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_frame(NULL, 16), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_relax(NULL, 1, 1), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_find_nearest(NULL, (silk_vec2){0, 0}, 10, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_drag_begin(NULL, 0, (silk_vec2){0, 0}), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_drag_move(NULL, (silk_vec2){0, 0}), SILK_ERR_NULL);
    silk_world_drag_end(NULL);
    CHECK_EQ_INT(silk_world_dragged_particle(NULL), -1);
    silk_stepper_def sd = silk_default_stepper_def();
    CHECK_EQ_INT(silk_world_set_stepper(NULL, &sd), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_set_loop_mode(NULL, SILK_LOOP_FIXED), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_loop_mode(NULL), SILK_LOOP_FIXED);
    CHECK_EQ_INT(silk_world_set_relax_passes(NULL, 16), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_get_relax_passes(NULL), 0);
    CHECK_EQ_INT(silk_world_set_auto_crawl(NULL, true), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_advance(NULL, 0.1, &adv), SILK_ERR_NULL);
    silk_world_reset_clock(NULL);
    silk_spiderweb_def web = silk_default_spiderweb_def();
    silk_spider_def spi = silk_default_spider_def();
    silk_cloth_def cloth = silk_default_cloth_def();
    silk_tire_def tire = silk_default_tire_def();
    silk_tree_def tree = silk_default_tree_def();
    silk_scene_def scene = silk_default_scene_def();
    const silk_vec2 pts[2] = {{0, 0}, {1, 1}};
    CHECK_EQ_INT(silk_world_build_spiderweb(NULL, &web, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_build_spider(NULL, &spi, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_build_cloth(NULL, &cloth, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_build_tire(NULL, &tire, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_build_line_segments(NULL, pts, 2, 1, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_build_tree(NULL, &tree, &i), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_crawl(NULL, 0), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_spider_tick(NULL, &b), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_spider_info(NULL, &spider), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_build_scene(NULL, &scene), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_update_diagnostics(NULL, (silk_vec2){0, 0}), SILK_ERR_NULL);
    CHECK(silk_world_diagnostics(NULL) == NULL);
    CHECK_EQ_INT(silk_world_run_frames(NULL, 1, 16, (silk_vec2){0, 0}), SILK_ERR_NULL);
    CHECK_EQ_INT(i, 7); /* no failing call wrote its out-parameter */
}

/* ---- settings, composites, particles ------------------------------------------------------ */

static const double nonfinite3[3] = {NAN, INFINITY, -INFINITY};

static void test_settings(fixture* f, silk_world* twin)
{
    silk_world* w = f->w;
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_gravity(w, (silk_vec2){v, 0.2}));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_gravity(w, (silk_vec2){0, v}));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_friction(w, v));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_ground_friction(w, v));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_size(w, v, 500));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_size(w, 800, v));
    }
    FAILS(w, SILK_ERR_RANGE, silk_world_set_size(w, 0.5, 500));
    FAILS(w, SILK_ERR_RANGE, silk_world_set_size(w, 800, -1));
    FAILS(w, SILK_ERR_RANGE, silk_world_set_size(w, 0, 0));
    CHECK(same_random(w, twin));
}

static void test_particles(fixture* f)
{
    silk_world* w = f->w;
    const int32_t n = silk_world_particle_count(w);
    const int32_t nk = silk_world_composite_count(w);
    int32_t out = -7;
    silk_vec2 v = {-7, -7};
    FAILS(w, SILK_ERR_NULL, silk_world_add_composite(w, NULL));
    FAILS(w, SILK_ERR_NULL, silk_world_add_particle(w, 0, (silk_vec2){1, 1}, NULL));
    const int32_t bad_composites[4] = {-1, nk, nk + 1000, INT32_MIN};
    for (int i = 0; i < 4; ++i)
    {
        FAILS(w, SILK_ERR_INDEX,
              silk_world_add_particle(w, bad_composites[i], (silk_vec2){1, 1}, &out));
        FAILS(w, SILK_ERR_INDEX,
              silk_world_add_particle(w, bad_composites[i], (silk_vec2){NaN_, 1}, &out));
    }
    for (int i = 0; i < 3; ++i)
    {
        double x = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_add_particle(w, 0, (silk_vec2){x, 1}, &out));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_add_particle(w, 0, (silk_vec2){1, x}, &out));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_position(w, 0, (silk_vec2){x, 1}));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_position(w, n - 1, (silk_vec2){1, x}));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_set_last_position(w, 0, (silk_vec2){x, x}));
    }
    const int32_t bad_particles[4] = {-1, n, n + 1, INT32_MAX};
    for (int i = 0; i < 4; ++i)
    {
        int32_t p = bad_particles[i];
        FAILS(w, SILK_ERR_INDEX, silk_world_particle_composite(w, p, &out));
        FAILS(w, SILK_ERR_INDEX, silk_world_set_position(w, p, (silk_vec2){1, 1}));
        FAILS(w, SILK_ERR_INDEX, silk_world_set_last_position(w, p, (silk_vec2){1, 1}));
        FAILS(w, SILK_ERR_INDEX, silk_world_get_position(w, p, &v));
        FAILS(w, SILK_ERR_INDEX, silk_world_get_last_position(w, p, &v));
    }
    FAILS(w, SILK_ERR_NULL, silk_world_particle_composite(w, 0, NULL));
    FAILS(w, SILK_ERR_NULL, silk_world_get_position(w, 0, NULL));
    FAILS(w, SILK_ERR_NULL, silk_world_get_last_position(w, 0, NULL));
    CHECK_EQ_INT(out, -7);
    CHECK(v.x == -7 && v.y == -7);
}

/* ---- constraints --------------------------------------------------------------------------- */

static void test_constraints(fixture* f)
{
    silk_world* w = f->w;
    const int32_t n = silk_world_particle_count(w);
    const int32_t nk = silk_world_composite_count(w);
    int32_t count = 0, out = -7;
    silk_world_composite_constraint_count(w, f->comp, &count);

    silk_distance_def d = silk_default_distance_def();
    d.a = f->p1;
    d.b = f->p2;
    FAILS(w, SILK_ERR_NULL, silk_world_add_distance(w, f->comp, NULL, &out));
    silk_distance_def dz = {0};
    dz.a = f->p1, dz.b = f->p2, dz.stiffness = 1, dz.rest_from_positions = true;
    FAILS(w, SILK_ERR_DEF, silk_world_add_distance(w, f->comp, &dz, &out));
    FAILS(w, SILK_ERR_INDEX, silk_world_add_distance(w, -1, &d, &out));
    FAILS(w, SILK_ERR_INDEX, silk_world_add_distance(w, nk, &d, &out));
    silk_distance_def bad = d;
    bad.a = -1;
    FAILS(w, SILK_ERR_INDEX, silk_world_add_distance(w, f->comp, &bad, &out));
    bad = d, bad.b = n;
    FAILS(w, SILK_ERR_INDEX, silk_world_add_distance(w, f->comp, &bad, &out));
    for (int i = 0; i < 3; ++i)
    {
        bad = d, bad.stiffness = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_add_distance(w, f->comp, &bad, &out));
        bad = d, bad.rest_from_positions = false, bad.rest = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_add_distance(w, f->comp, &bad, &out));
    }
    bad = d, bad.rest_from_positions = false, bad.rest = -1;
    FAILS(w, SILK_ERR_RANGE, silk_world_add_distance(w, f->comp, &bad, &out));

    silk_pin_def p = silk_default_pin_def();
    p.particle = f->p2;
    FAILS(w, SILK_ERR_NULL, silk_world_add_pin(w, f->comp, NULL, &out));
    silk_pin_def pz = {0};
    pz.particle = f->p2, pz.target_from_position = true;
    FAILS(w, SILK_ERR_DEF, silk_world_add_pin(w, f->comp, &pz, &out));
    FAILS(w, SILK_ERR_INDEX, silk_world_add_pin(w, nk, &p, &out));
    silk_pin_def pbad = p;
    pbad.particle = n;
    FAILS(w, SILK_ERR_INDEX, silk_world_add_pin(w, f->comp, &pbad, &out));
    pbad.particle = -1;
    FAILS(w, SILK_ERR_INDEX, silk_world_add_pin(w, f->comp, &pbad, &out));
    for (int i = 0; i < 3; ++i)
    {
        pbad = p, pbad.target_from_position = false, pbad.target = (silk_vec2){nonfinite3[i], 0};
        FAILS(w, SILK_ERR_NONFINITE, silk_world_add_pin(w, f->comp, &pbad, &out));
    }

    silk_angle_def a = silk_default_angle_def();
    a.a = f->p2, a.b = f->p1, a.c = f->p0;
    FAILS(w, SILK_ERR_NULL, silk_world_add_angle(w, f->comp, NULL, &out));
    silk_angle_def az = {0};
    az.a = f->p2, az.b = f->p1, az.c = f->p0, az.stiffness = 1;
    FAILS(w, SILK_ERR_DEF, silk_world_add_angle(w, f->comp, &az, &out));
    FAILS(w, SILK_ERR_INDEX, silk_world_add_angle(w, -1, &a, &out));
    silk_angle_def abad = a;
    abad.a = -1;
    FAILS(w, SILK_ERR_INDEX, silk_world_add_angle(w, f->comp, &abad, &out));
    abad = a, abad.b = n;
    FAILS(w, SILK_ERR_INDEX, silk_world_add_angle(w, f->comp, &abad, &out));
    abad = a, abad.c = n;
    FAILS(w, SILK_ERR_INDEX, silk_world_add_angle(w, f->comp, &abad, &out));
    for (int i = 0; i < 3; ++i)
    {
        abad = a, abad.stiffness = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_add_angle(w, f->comp, &abad, &out));
    }
    CHECK_EQ_INT(out, -7);

    silk_constraint_info info;
    memset(&info, 0x5a, sizeof(info));
    silk_constraint_info info_keep = info;
    FAILS(w, SILK_ERR_INDEX, silk_world_remove_constraint(w, -1, 0));
    FAILS(w, SILK_ERR_INDEX, silk_world_remove_constraint(w, nk, 0));
    FAILS(w, SILK_ERR_INDEX, silk_world_remove_constraint(w, f->comp, -1));
    FAILS(w, SILK_ERR_INDEX, silk_world_remove_constraint(w, f->comp, count));
    FAILS(w, SILK_ERR_INDEX, silk_world_get_constraint(w, f->comp, count, &info));
    FAILS(w, SILK_ERR_INDEX, silk_world_get_constraint(w, nk, 0, &info));
    FAILS(w, SILK_ERR_NULL, silk_world_get_constraint(w, f->comp, 0, NULL));
    CHECK(memcmp(&info, &info_keep, sizeof(info)) == 0);
    FAILS(w, SILK_ERR_INDEX, silk_world_composite_constraint_count(w, nk, &out));
    FAILS(w, SILK_ERR_INDEX, silk_world_composite_constraint_begin(w, -1, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_composite_constraint_count(w, 0, NULL));
    FAILS(w, SILK_ERR_NULL, silk_world_composite_constraint_begin(w, 0, NULL));
    FAILS(w, SILK_ERR_INDEX, silk_world_set_pin_target(w, f->comp, count, (silk_vec2){1, 1}));
    FAILS(w, SILK_ERR_INDEX, silk_world_set_pin_target(w, -1, f->pin, (silk_vec2){1, 1}));
    FAILS(w, SILK_ERR_KIND, silk_world_set_pin_target(w, f->comp, f->dist, (silk_vec2){1, 1}));
    FAILS(w, SILK_ERR_KIND, silk_world_set_pin_target(w, f->comp, f->angle, (silk_vec2){1, 1}));
    for (int i = 0; i < 3; ++i)
    {
        FAILS(w, SILK_ERR_NONFINITE,
              silk_world_set_pin_target(w, f->comp, f->pin, (silk_vec2){1, nonfinite3[i]}));
    }
    CHECK_EQ_INT(out, -7);
}

/* A distance between two far-apart particles whose separation overflows: rest would be inf. */
static void test_overflowing_rest(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    silk_world_create(&def, &w);
    int32_t c = 0, a = 0, b = 0, out = -7;
    silk_world_add_composite(w, &c);
    silk_world_add_particle(w, c, (silk_vec2){1e308, 0}, &a);
    silk_world_add_particle(w, c, (silk_vec2){-1e308, 0}, &b);
    silk_distance_def d = silk_default_distance_def();
    d.a = a, d.b = b;
    FAILS(w, SILK_ERR_NONFINITE, silk_world_add_distance(w, c, &d, &out));
    CHECK_EQ_INT(out, -7);
    silk_world_destroy(w);
}

/* ---- solver, drag, stepping ---------------------------------------------------------------- */

static void test_solver_and_drag(fixture* f)
{
    silk_world* w = f->w;
    const int32_t n = silk_world_particle_count(w);
    const int32_t steps[4] = {0, -1, SILK_MAX_RELAX_PASSES + 1, INT32_MIN};
    for (int i = 0; i < 4; ++i)
    {
        FAILS(w, SILK_ERR_RANGE, silk_world_frame(w, steps[i]));
        FAILS(w, SILK_ERR_RANGE, silk_world_set_relax_passes(w, steps[i]));
        FAILS(w, SILK_ERR_RANGE, silk_world_run_frames(w, 1, steps[i], (silk_vec2){400, 250}));
    }
    FAILS(w, SILK_ERR_RANGE, silk_world_relax(w, -1, 0.5));
    FAILS(w, SILK_ERR_RANGE, silk_world_relax(w, 1000001, 0.5));
    FAILS(w, SILK_ERR_RANGE, silk_world_run_frames(w, -1, 16, (silk_vec2){400, 250}));
    FAILS(w, SILK_ERR_RANGE, silk_world_run_frames(w, 10000001, 16, (silk_vec2){400, 250}));
    int32_t out = -7;
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_relax(w, 1, v));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_find_nearest(w, (silk_vec2){v, 0}, 10, &out));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_find_nearest(w, (silk_vec2){0, 0}, v, &out));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_drag_begin(w, 0, (silk_vec2){0, v}));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_update_diagnostics(w, (silk_vec2){v, 0}));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_run_frames(w, 1, 16, (silk_vec2){0, v}));
        FAILS(w, SILK_ERR_NONFINITE, silk_world_advance(w, v, NULL));
    }
    FAILS(w, SILK_ERR_RANGE, silk_world_find_nearest(w, (silk_vec2){0, 0}, -1, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_find_nearest(w, (silk_vec2){0, 0}, 10, NULL));
    CHECK_EQ_INT(out, -7);
    FAILS(w, SILK_ERR_INDEX, silk_world_drag_begin(w, -1, (silk_vec2){0, 0}));
    FAILS(w, SILK_ERR_INDEX, silk_world_drag_begin(w, n, (silk_vec2){0, 0}));
    FAILS(w, SILK_ERR_STATE, silk_world_drag_move(w, (silk_vec2){0, 0}));
    /* while dragging, a bad move keeps the pointer where it was */
    CHECK_EQ_INT(silk_world_drag_begin(w, f->p2, (silk_vec2){50, 50}), SILK_OK);
    for (int i = 0; i < 3; ++i)
    {
        FAILS(w, SILK_ERR_NONFINITE, silk_world_drag_move(w, (silk_vec2){nonfinite3[i], 0}));
    }
    silk_world_drag_end(w);
    FAILS(w, SILK_ERR_RANGE, silk_world_advance(w, -1e-9, NULL));
    FAILS(w, SILK_ERR_RANGE, silk_world_set_loop_mode(w, (silk_loop_mode)2));
    FAILS(w, SILK_ERR_RANGE, silk_world_set_loop_mode(w, (silk_loop_mode)-1));
    CHECK_EQ_INT(silk_world_set_loop_mode(w, SILK_LOOP_COUPLED), SILK_OK);
    FAILS(w, SILK_ERR_RANGE, silk_world_advance(w, -1, NULL));
    FAILS(w, SILK_ERR_NONFINITE, silk_world_advance(w, NaN_, NULL));
    CHECK_EQ_INT(silk_world_set_loop_mode(w, SILK_LOOP_FIXED), SILK_OK);

    silk_stepper_def sd = silk_default_stepper_def();
    FAILS(w, SILK_ERR_NULL, silk_world_set_stepper(w, NULL));
    silk_stepper_def sz = {0};
    sz.step_seconds = 1.0 / 60, sz.max_steps_per_frame = 8;
    FAILS(w, SILK_ERR_DEF, silk_world_set_stepper(w, &sz));
    silk_stepper_def sbad = sd;
    sbad.step_seconds = NaN_;
    FAILS(w, SILK_ERR_NONFINITE, silk_world_set_stepper(w, &sbad));
    sbad = sd, sbad.step_seconds = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_set_stepper(w, &sbad));
    sbad = sd, sbad.max_steps_per_frame = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_set_stepper(w, &sbad));
}

/* ---- builders and scenes ------------------------------------------------------------------- */

static void test_builders(fixture* f, silk_world* twin)
{
    silk_world* w = f->w;
    int32_t out = -7;

    silk_spiderweb_def web = silk_default_spiderweb_def();
    FAILS(w, SILK_ERR_NULL, silk_world_build_spiderweb(w, NULL, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_build_spiderweb(w, &web, NULL));
    silk_spiderweb_def wz = web;
    wz.internal_cookie = 0;
    FAILS(w, SILK_ERR_DEF, silk_world_build_spiderweb(w, &wz, &out));
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite3[i];
        wz = web, wz.center.x = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_spiderweb(w, &wz, &out));
        wz = web, wz.radius = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_spiderweb(w, &wz, &out));
        wz = web, wz.tensor = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_spiderweb(w, &wz, &out));
        wz = web, wz.stiffness = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_spiderweb(w, &wz, &out));
    }
    wz = web, wz.radius = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_spiderweb(w, &wz, &out));
    wz = web, wz.segments = 2;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_spiderweb(w, &wz, &out));
    wz = web, wz.depth = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_spiderweb(w, &wz, &out));
    wz = web, wz.tensor = -0.3;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_spiderweb(w, &wz, &out));
    wz = web, wz.segments = 100001;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_spiderweb(w, &wz, &out));
    wz = web, wz.segments = 100000, wz.depth = 100;
    FAILS(w, SILK_ERR_CAPACITY, silk_world_build_spiderweb(w, &wz, &out));

    silk_spider_def sp = silk_default_spider_def();
    FAILS(w, SILK_ERR_NULL, silk_world_build_spider(w, NULL, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_build_spider(w, &sp, NULL));
    silk_spider_def spz = sp;
    spz.internal_cookie = 0;
    FAILS(w, SILK_ERR_DEF, silk_world_build_spider(w, &spz, &out));
    spz = sp, spz.origin.y = Inf;
    FAILS(w, SILK_ERR_NONFINITE, silk_world_build_spider(w, &spz, &out));

    silk_cloth_def cl = silk_default_cloth_def();
    FAILS(w, SILK_ERR_NULL, silk_world_build_cloth(w, NULL, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_build_cloth(w, &cl, NULL));
    silk_cloth_def cz = {0};
    cz.width = cz.height = 10, cz.segments = 3, cz.pin_mod = 1, cz.stiffness = 1;
    FAILS(w, SILK_ERR_DEF, silk_world_build_cloth(w, &cz, &out));
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite3[i];
        cz = cl, cz.center.y = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_cloth(w, &cz, &out));
        cz = cl, cz.width = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_cloth(w, &cz, &out));
        cz = cl, cz.height = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_cloth(w, &cz, &out));
        cz = cl, cz.stiffness = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_cloth(w, &cz, &out));
    }
    cz = cl, cz.width = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_cloth(w, &cz, &out));
    cz = cl, cz.height = -1;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_cloth(w, &cz, &out));
    cz = cl, cz.segments = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_cloth(w, &cz, &out));
    cz = cl, cz.segments = 2049;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_cloth(w, &cz, &out));
    cz = cl, cz.pin_mod = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_cloth(w, &cz, &out));

    silk_tire_def ti = silk_default_tire_def();
    FAILS(w, SILK_ERR_NULL, silk_world_build_tire(w, NULL, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_build_tire(w, &ti, NULL));
    silk_tire_def tz = ti;
    tz.internal_cookie = 1;
    FAILS(w, SILK_ERR_DEF, silk_world_build_tire(w, &tz, &out));
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite3[i];
        tz = ti, tz.center.x = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tire(w, &tz, &out));
        tz = ti, tz.radius = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tire(w, &tz, &out));
        tz = ti, tz.spoke_stiffness = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tire(w, &tz, &out));
        tz = ti, tz.tread_stiffness = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tire(w, &tz, &out));
    }
    tz = ti, tz.radius = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_tire(w, &tz, &out));
    tz = ti, tz.segments = 1;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_tire(w, &tz, &out));
    tz = ti, tz.segments = 1000001;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_tire(w, &tz, &out));

    silk_vec2 pts[3] = {{10, 10}, {20, 10}, {30, 10}};
    FAILS(w, SILK_ERR_NULL, silk_world_build_line_segments(w, NULL, 3, 1, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_build_line_segments(w, pts, 3, 1, NULL));
    FAILS(w, SILK_ERR_RANGE, silk_world_build_line_segments(w, pts, 0, 1, &out));
    FAILS(w, SILK_ERR_RANGE, silk_world_build_line_segments(w, pts, -1, 1, &out));
    FAILS(w, SILK_ERR_RANGE,
          silk_world_build_line_segments(w, pts, SILK_MAX_PARTICLES + 1, 1, &out));
    for (int i = 0; i < 3; ++i)
    {
        FAILS(w, SILK_ERR_NONFINITE,
              silk_world_build_line_segments(w, pts, 3, nonfinite3[i], &out));
        pts[2].y = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_line_segments(w, pts, 3, 1, &out));
        pts[2].y = 10;
    }

    silk_tree_def tr = silk_default_tree_def();
    FAILS(w, SILK_ERR_NULL, silk_world_build_tree(w, NULL, &out));
    FAILS(w, SILK_ERR_NULL, silk_world_build_tree(w, &tr, NULL));
    silk_tree_def trz = tr;
    trz.internal_cookie = 0;
    FAILS(w, SILK_ERR_DEF, silk_world_build_tree(w, &trz, &out));
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite3[i];
        trz = tr, trz.origin.x = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tree(w, &trz, &out));
        trz = tr, trz.branch_length = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tree(w, &trz, &out));
        trz = tr, trz.segment_coef = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tree(w, &trz, &out));
        trz = tr, trz.theta = v;
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_tree(w, &trz, &out));
    }
    trz = tr, trz.depth = -1;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_tree(w, &trz, &out));
    trz = tr, trz.depth = 17;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_tree(w, &trz, &out));
    CHECK_EQ_INT(out, -7);
    CHECK(same_random(w, twin)); /* the failed trees drew no noise */

    FAILS(w, SILK_ERR_INDEX, silk_world_crawl(w, -1));
    FAILS(w, SILK_ERR_INDEX, silk_world_crawl(w, 8));
    FAILS(w, SILK_ERR_NULL, silk_world_spider_info(w, NULL));

    silk_scene_def sc = silk_default_scene_def();
    FAILS(w, SILK_ERR_NULL, silk_world_build_scene(w, NULL));
    silk_scene_def scz = sc;
    scz.internal_cookie = 0;
    FAILS(w, SILK_ERR_DEF, silk_world_build_scene(w, &scz));
    for (int i = 0; i < 3; ++i)
    {
        scz = sc, scz.tensor = nonfinite3[i];
        FAILS(w, SILK_ERR_NONFINITE, silk_world_build_scene(w, &scz));
    }
    scz = sc, scz.tensor = 0;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_scene(w, &scz));
    scz = sc, scz.scene = (silk_scene)-1;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_scene(w, &scz));
    scz = sc, scz.scene = SILK_SCENE_COUNT;
    FAILS(w, SILK_ERR_RANGE, silk_world_build_scene(w, &scz));
    CHECK(same_random(w, twin));
}

/* crawl and spider_tick need a web and a spider; without them they fail and draw nothing. */
static void test_spider_state(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world *w = NULL, *twin = NULL;
    silk_world_create(&def, &w);
    silk_world_create(&def, &twin);
    bool crawled = true;
    FAILS(w, SILK_ERR_STATE, silk_world_crawl(w, 0));
    FAILS(w, SILK_ERR_STATE, silk_world_spider_tick(w, &crawled));
    CHECK(crawled == true);
    silk_spider_def sp = silk_default_spider_def();
    int32_t id = 0;
    silk_world_build_spider(w, &sp, &id);
    silk_world_build_spider(twin, &sp, &id);
    FAILS(w, SILK_ERR_STATE, silk_world_crawl(w, 3)); /* a spider but no web */
    FAILS(w, SILK_ERR_STATE, silk_world_spider_tick(w, NULL));
    CHECK(same_random(w, twin));
    silk_world_destroy(w);
    silk_world_destroy(twin);
}

/* The allocator runs dry: every growing call fails with SILK_ERR_NOMEM and changes nothing. */
static silk_world* full_world(budget* b)
{
    /* capacities 0: the first add of each kind allocates 16 slots; fill them exactly, so the
       next add of each kind must allocate again */
    silk_world_def def = silk_default_world_def();
    def.particle_capacity = def.constraint_capacity = def.composite_capacity = 0;
    def.alloc_fn = budget_alloc;
    def.free_fn = budget_free;
    def.allocator_user = b;
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    int32_t c = 0, p = 0;
    for (int i = 0; i < 16; ++i)
    {
        CHECK_EQ_INT(silk_world_add_composite(w, &c), SILK_OK);
    }
    for (int i = 0; i < 16; ++i)
    {
        CHECK_EQ_INT(silk_world_add_particle(w, 0, (silk_vec2){10.0 * i, 10}, &p), SILK_OK);
    }
    silk_distance_def d = silk_default_distance_def();
    for (int i = 0; i < 16; ++i)
    {
        d.a = i, d.b = (i + 1) % 16;
        CHECK_EQ_INT(silk_world_add_distance(w, i % 3, &d, NULL), SILK_OK);
    }
    return w;
}

typedef silk_status build_fn(silk_world* w, int32_t* out);

static silk_status build_web(silk_world* w, int32_t* out)
{
    silk_spiderweb_def def = silk_default_spiderweb_def();
    return silk_world_build_spiderweb(w, &def, out);
}

static silk_status build_spider(silk_world* w, int32_t* out)
{
    silk_spider_def def = silk_default_spider_def();
    return silk_world_build_spider(w, &def, out);
}

static silk_status build_cloth(silk_world* w, int32_t* out)
{
    silk_cloth_def def = silk_default_cloth_def();
    return silk_world_build_cloth(w, &def, out);
}

static silk_status build_tire(silk_world* w, int32_t* out)
{
    silk_tire_def def = silk_default_tire_def();
    return silk_world_build_tire(w, &def, out);
}

static silk_status build_line(silk_world* w, int32_t* out)
{
    const silk_vec2 pts[3] = {{0, 0}, {1, 0}, {2, 0}};
    return silk_world_build_line_segments(w, pts, 3, 1, out);
}

static silk_status build_tree(silk_world* w, int32_t* out)
{
    silk_tree_def def = silk_default_tree_def();
    return silk_world_build_tree(w, &def, out);
}

static void test_out_of_memory(void)
{
    budget b = {-1};
    silk_world* w = full_world(&b);
    b.left = 0;
    int32_t out = -7;
    FAILS(w, SILK_ERR_NOMEM, silk_world_add_composite(w, &out));
    FAILS(w, SILK_ERR_NOMEM, silk_world_add_particle(w, 1, (silk_vec2){1, 1}, &out));
    silk_distance_def d = silk_default_distance_def();
    d.a = 0, d.b = 2;
    FAILS(w, SILK_ERR_NOMEM, silk_world_add_distance(w, 1, &d, &out));
    silk_pin_def p = silk_default_pin_def();
    p.particle = 3;
    FAILS(w, SILK_ERR_NOMEM, silk_world_add_pin(w, 2, &p, &out));
    silk_angle_def a = silk_default_angle_def();
    a.a = 0, a.b = 1, a.c = 2;
    FAILS(w, SILK_ERR_NOMEM, silk_world_add_angle(w, 0, &a, &out));
    CHECK_EQ_INT(out, -7);
    silk_world_destroy(w);

    /* each builder with 0, 1, 2 ... allocations left fails at a later point, and rolls back,
       until it has enough; every builder must fail at least at 0 and 1 */
    build_fn* const builders[6] = {build_web,  build_spider, build_cloth,
                                   build_tire, build_line,   build_tree};
    for (int k = 0; k < 6; ++k)
    {
        b.left = -1;
        w = full_world(&b);
        int failures = 0;
        for (int64_t left = 0; left < 40; ++left)
        {
            b.left = left;
            snapshot before = take(w);
            silk_status s = builders[k](w, &out);
            if (s == SILK_OK)
            {
                drop(&before);
                break;
            }
            snapshot after = take(w);
            CHECK_EQ_INT(s, SILK_ERR_NOMEM);
            CHECK(same(&before, &after));
            drop(&before);
            drop(&after);
            failures += 1;
        }
        CHECK(failures >= 2);
        silk_world_destroy(w);
    }

    /* build_scene is atomic (finding 2 of the reliability issue; this used to pin the old
       behaviour, an emptied world): a scene that runs out of memory at any point leaves the
       world exactly as it was -- never half a scene, never an empty world */
    b.left = -1;
    w = full_world(&b);
    silk_scene_def scene = silk_default_scene_def();
    int scene_failures = 0;
    for (int64_t left = 0; left < 1000; ++left)
    {
        b.left = left;
        snapshot before = take(w);
        silk_status s = silk_world_build_scene(w, &scene);
        snapshot after = take(w);
        if (s != SILK_OK)
        {
            CHECK_EQ_INT(s, SILK_ERR_NOMEM);
            CHECK(same(&before, &after));
            CHECK_EQ_INT(silk_world_particle_count(w), 16);
            scene_failures += 1;
        }
        drop(&before);
        drop(&after);
        if (s == SILK_OK)
        {
            break;
        }
    }
    CHECK(scene_failures >= 2);
    CHECK(silk_world_particle_count(w) > 16); /* the web, once the allocator allowed it */
    silk_world_destroy(w);
    b.left = -1;
    w = full_world(&b);
    CHECK_EQ_INT(silk_world_build_scene(w, &scene), SILK_OK);
    silk_world_destroy(w);
}

static void test_step_sweep(void)
{
    silk_world_def def = silk_default_world_def();
    silk_scene_def scene = silk_default_scene_def();
    silk_sweep_row rows[2];
    memset(rows, 0x5a, sizeof(rows));
    silk_sweep_row keep[2];
    memcpy(keep, rows, sizeof(rows));
    CHECK_EQ_INT(silk_step_sweep(NULL, &scene, 1, 2, rows), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_step_sweep(&def, NULL, 1, 2, rows), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_step_sweep(&def, &scene, 1, 2, NULL), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_step_sweep(&def, &scene, 1, 0, rows), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_step_sweep(&def, &scene, 1, -1, rows), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_step_sweep(&def, &scene, 1, SILK_MAX_RELAX_PASSES + 1, rows), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_step_sweep(&def, &scene, 1, SILK_SWEEP_MAX_COUNT + 1, rows), SILK_ERR_RANGE);
    silk_world_def dz = def;
    dz.internal_cookie = 0;
    CHECK_EQ_INT(silk_step_sweep(&dz, &scene, 1, 2, rows), SILK_ERR_DEF);
    silk_scene_def sz = scene;
    sz.internal_cookie = 0;
    CHECK_EQ_INT(silk_step_sweep(&def, &sz, 1, 2, rows), SILK_ERR_DEF);
    CHECK_EQ_INT(silk_step_sweep(&def, &scene, -1, 2, rows), SILK_ERR_RANGE);
    CHECK(memcmp(rows, keep, sizeof(rows)) == 0);
}

/* ---- the ball (Integrator lesson) ---------------------------------------------------------- */

static bool same_ball(const silk_ball* a, const silk_ball* b)
{
    return memcmp(a, b, sizeof(*a)) == 0;
}

static void test_ball(void)
{
    const silk_ball_def good = silk_default_ball_def();
    silk_ball ball;
    memset(&ball, 0x5a, sizeof(ball));
    silk_ball keep = ball;
    CHECK_EQ_INT(silk_ball_init(NULL, &ball), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_ball_init(&good, NULL), SILK_ERR_NULL);
    silk_ball_def def = {0};
    CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_DEF);
    def = good, def.internal_cookie += 1;
    CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_DEF);
    for (int i = 0; i < 3; ++i)
    {
        double v = nonfinite3[i];
        def = good, def.gravity = v;
        CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_NONFINITE);
        def = good, def.floor_y = v;
        CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_NONFINITE);
        def = good, def.x = v;
        CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_NONFINITE);
        def = good, def.y = v;
        CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_NONFINITE);
        def = good, def.vx = v;
        CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_NONFINITE);
        def = good, def.vy = v;
        CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_NONFINITE);
    }
    def = good, def.integrator = SILK_INTEGRATOR_COUNT;
    CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_RANGE);
    def = good, def.integrator = (silk_integrator)-1;
    CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_RANGE);
    def = good, def.floor_rule = SILK_FLOOR_RULE_COUNT;
    CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_RANGE);
    def = good, def.floor_rule = (silk_floor_rule)-1;
    CHECK_EQ_INT(silk_ball_init(&def, &ball), SILK_ERR_RANGE);
    CHECK(same_ball(&ball, &keep));

    CHECK_EQ_INT(silk_ball_init(&good, &ball), SILK_OK);
    CHECK_EQ_INT(silk_ball_step(&ball, 0.01, NULL), SILK_OK);
    keep = ball;
    silk_ball_contact contact;
    memset(&contact, 0x5a, sizeof(contact));
    silk_ball_contact contact_keep = contact;
    double e = -7;
    CHECK_EQ_INT(silk_ball_step(NULL, 0.01, &contact), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_ball_substep(NULL, 0.01, 2, &contact), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_ball_energy(NULL, &e), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_ball_energy(&ball, NULL), SILK_ERR_NULL);
    for (int i = 0; i < 3; ++i)
    {
        CHECK_EQ_INT(silk_ball_step(&ball, nonfinite3[i], &contact), SILK_ERR_NONFINITE);
        CHECK_EQ_INT(silk_ball_substep(&ball, nonfinite3[i], 4, &contact), SILK_ERR_NONFINITE);
    }
    const double bad_h[4] = {0.0, -0.0, -1e-300, -1.0};
    for (int i = 0; i < 4; ++i)
    {
        CHECK_EQ_INT(silk_ball_step(&ball, bad_h[i], &contact), SILK_ERR_RANGE);
    }
    const int32_t bad_n[4] = {0, -1, INT32_MIN, SILK_BALL_MAX_SUBSTEPS + 1};
    for (int i = 0; i < 4; ++i)
    {
        CHECK_EQ_INT(silk_ball_substep(&ball, 0.01, bad_n[i], &contact), SILK_ERR_RANGE);
    }
    CHECK_EQ_INT(silk_ball_substep(&ball, 5e-324, 2, &contact), SILK_ERR_RANGE); /* h/n == 0 */
    CHECK(same_ball(&ball, &keep));
    CHECK(memcmp(&contact, &contact_keep, sizeof(contact)) == 0);

    /* a ball whose fields were written by hand */
    silk_ball broken = keep;
    broken.y = NaN_;
    CHECK_EQ_INT(silk_ball_step(&broken, 0.01, NULL), SILK_ERR_NONFINITE);
    CHECK_EQ_INT(silk_ball_energy(&broken, &e), SILK_ERR_NONFINITE);
    broken = keep, broken.prev_h = Inf;
    CHECK_EQ_INT(silk_ball_step(&broken, 0.01, NULL), SILK_ERR_NONFINITE);
    broken = keep, broken.prev_h = -0.01;
    CHECK_EQ_INT(silk_ball_step(&broken, 0.01, NULL), SILK_ERR_RANGE);
    broken = keep, broken.integrator = (silk_integrator)7;
    CHECK_EQ_INT(silk_ball_step(&broken, 0.01, NULL), SILK_ERR_RANGE);
    CHECK_EQ_INT(silk_ball_energy(&broken, &e), SILK_ERR_RANGE);
    broken = keep, broken.floor_rule = (silk_floor_rule)-3;
    CHECK_EQ_INT(silk_ball_substep(&broken, 0.01, 3, NULL), SILK_ERR_RANGE);
    CHECK(e == -7);

    /* steps whose result leaves the doubles: refused whole, the ball unchanged */
    for (int integrator = 0; integrator < SILK_INTEGRATOR_COUNT; ++integrator)
    {
        silk_ball_def big = good;
        big.integrator = (silk_integrator)integrator;
        big.vy = 1e300;
        silk_ball b;
        CHECK_EQ_INT(silk_ball_init(&big, &b), SILK_OK);
        silk_ball b_keep = b;
        CHECK_EQ_INT(silk_ball_step(&b, 1e10, &contact), SILK_ERR_NONFINITE);
        CHECK_EQ_INT(silk_ball_substep(&b, 1e10, 3, &contact), SILK_ERR_NONFINITE);
        CHECK(same_ball(&b, &b_keep));
        big.vy = 0, big.vx = 1e200; /* finite, but its energy is not */
        CHECK_EQ_INT(silk_ball_init(&big, &b), SILK_OK);
        CHECK_EQ_INT(silk_ball_energy(&b, &e), SILK_ERR_NONFINITE);
        CHECK_EQ_INT(silk_ball_step(&b, 0.01, NULL), SILK_ERR_NONFINITE);
    }
    CHECK(memcmp(&contact, &contact_keep, sizeof(contact)) == 0);
    CHECK(e == -7);
}

/* The pin a drag moves: the last pin on the particle in its composite's list, as a flat
   constraint index; -1 for none; the dragged pin follows drag begin and end. */
static void test_particle_pin(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    int32_t c = 0, p = 0, pin = 0;
    CHECK_EQ_INT(silk_world_add_composite(w, &c), SILK_OK);
    for (int i = 0; i < 2; i++)
    {
        CHECK_EQ_INT(silk_world_add_particle(w, c, (silk_vec2){10.0 * i, 0}, &p), SILK_OK);
    }
    silk_pin_def pd = silk_default_pin_def();
    pd.particle = 1;
    CHECK_EQ_INT(silk_world_add_pin(w, c, &pd, NULL), SILK_OK);
    CHECK_EQ_INT(silk_world_add_pin(w, c, &pd, NULL), SILK_OK);
    CHECK_EQ_INT(silk_world_particle_pin(w, 1, &pin), SILK_OK);
    CHECK_EQ_INT(pin, 1);
    CHECK_EQ_INT(silk_world_particle_pin(w, 0, &pin), SILK_OK);
    CHECK_EQ_INT(pin, -1);
    CHECK_EQ_INT(silk_world_particle_pin(w, 2, &pin), SILK_ERR_INDEX);
    CHECK_EQ_INT(silk_world_particle_pin(w, 0, NULL), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_particle_pin(NULL, 0, &pin), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_dragged_pin(w), -1);
    CHECK_EQ_INT(silk_world_drag_begin(w, 1, (silk_vec2){5, 5}), SILK_OK);
    CHECK_EQ_INT(silk_world_dragged_pin(w), 1);
    silk_world_drag_end(w);
    CHECK_EQ_INT(silk_world_dragged_pin(w), -1);
    CHECK_EQ_INT(silk_world_dragged_pin(NULL), -1);
    silk_world_destroy(w);
}

int main(void)
{
    test_status_strings();
    test_particle_pin();
    test_rng();
    test_stepper();
    test_create();
    test_null_world();

    fixture f = make_fixture(3);
    fixture twin = make_fixture(3);
    test_settings(&f, twin.w);
    test_particles(&f);
    test_constraints(&f);
    test_solver_and_drag(&f);
    test_builders(&f, twin.w);
    silk_world_destroy(f.w);
    silk_world_destroy(twin.w);

    test_overflowing_rest();
    test_spider_state();
    test_out_of_memory();
    test_step_sweep();
    test_ball();
    return check_report("api");
}
