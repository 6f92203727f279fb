/* pages.c -- the original example pages as scenes: the same objects, sizes and settings. */
#include "build.h"
#include "../trig.h"

#include <string.h>

silk_scene_def silk_default_scene_def(void)
{
    silk_scene_def def;
    memset(&def, 0, sizeof(def));
    def.scene = SILK_SCENE_WEB;
    def.tensor = 0.3;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

static double min2(double a, double b)
{
    return a < b ? a : b;
}

/* spiderweb.html: the web fills the canvas; the spider falls in from 300 px above it. */
static silk_status build_web(silk_world* world, double tensor)
{
    silk_spiderweb_def web = silk_default_spiderweb_def();
    web.center = (silk_vec2){world->width / 2, world->height / 2};
    web.radius = min2(world->width, world->height) / 2;
    web.tensor = tensor;
    int32_t id = 0;
    silk_status status = silk_world_build_spiderweb(world, &web, &id);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_spider_def spider = silk_default_spider_def();
    spider.origin = (silk_vec2){world->width / 2, -300};
    status = silk_world_build_spider(world, &spider, &id);
    world->auto_crawl = true;
    return status;
}

/* cloth.html: friction 1, a 20 x 20 cloth a third of the way down, every 6th top pin. */
static silk_status build_cloth(silk_world* world)
{
    world->friction = 1;
    double size = min2(world->width, world->height) * 0.5;
    silk_cloth_def cloth = silk_default_cloth_def();
    cloth.center = (silk_vec2){world->width / 2, world->height / 3};
    cloth.width = size;
    cloth.height = size;
    int32_t id = 0;
    return silk_world_build_cloth(world, &cloth, &id);
}

/* shapes.html: friction 1, a line pinned at both ends and three tires. */
static silk_status build_shapes(silk_world* world)
{
    world->friction = 1;
    const silk_vec2 line[5] = {{20, 10}, {40, 10}, {60, 10}, {80, 10}, {100, 10}};
    int32_t id = 0;
    silk_status status = silk_world_build_line_segments(world, line, 5, 0.02, &id);
    int32_t first = world->particle_count - 5;
    if (status == SILK_OK)
    {
        status = silk_build_pin(world, id, first);
    }
    if (status == SILK_OK)
    {
        status = silk_build_pin(world, id, first + 4);
    }
    const silk_tire_def tires[3] = {
        {{200, 50}, 50, 30, 0.3, 0.9, SILK_DEF_COOKIE},
        {{400, 50}, 70, 7, 0.1, 0.2, SILK_DEF_COOKIE},
        {{600, 50}, 70, 3, 1, 1, SILK_DEF_COOKIE},
    };
    for (int32_t i = 0; i < 3 && status == SILK_OK; ++i)
    {
        status = silk_world_build_tire(world, &tires[i], &id);
    }
    return status;
}

/* tree.html: no gravity, friction 0.98, two trees 120 px above the floor. */
static silk_status build_trees(silk_world* world)
{
    world->gravity = (silk_vec2){0, 0};
    world->friction = 0.98;
    silk_tree_def tree = silk_default_tree_def();
    tree.origin = (silk_vec2){world->width / 4, world->height - 120};
    int32_t id = 0;
    silk_status status = silk_world_build_tree(world, &tree, &id);
    if (status == SILK_OK)
    {
        tree.origin = (silk_vec2){world->width - world->width / 4, world->height - 120};
        status = silk_world_build_tree(world, &tree, &id);
    }
    return status;
}

/* Builds the scene into a world as the pages do (clears it first); may fail half-way. */
static silk_status build_into(silk_world* world, const silk_scene_def* def)
{
    silk_world_clear(world);
    silk_spider_forget(world);
    /* verlet-js's VerletJS() defaults; each page then changes what it needs */
    world->gravity = (silk_vec2){0, 0.2};
    world->friction = 0.99;
    world->ground_friction = 0.8;
    world->auto_crawl = false;
    world->last_step = world->relax_steps;
    silk_status status = SILK_ERR_RANGE;
    switch (def->scene)
    {
        case SILK_SCENE_WEB:
            status = build_web(world, def->tensor);
            break;
        case SILK_SCENE_CLOTH:
            status = build_cloth(world);
            break;
        case SILK_SCENE_SHAPES:
            status = build_shapes(world);
            break;
        case SILK_SCENE_TREE:
            status = build_trees(world);
            break;
        default:
            break;
    }
    return status;
}

/* The storage a build needs, measured by building the scene once into a scratch world with the
   same size, solver (trig), clock and allocator, then reserved in `world` before anything in
   it changes. The build into `world` then cannot run out of memory: every reserve it makes
   asks for no more than the scratch world's capacities. So a failing build_scene -- the
   allocator refusing -- changes nothing (silk.h: "a failing call leaves the world as it was"). */
static silk_status reserve_for_scene(silk_world* world, const silk_scene_def* def)
{
    silk_world_def wd = silk_default_world_def();
    wd.width = world->width;
    wd.height = world->height;
    wd.seed = world->seed;
    wd.relax_steps = world->relax_steps;
    wd.stepper.step_seconds = world->stepper.step_seconds;
    wd.stepper.max_steps_per_frame = world->stepper.max_steps_per_frame;
    wd.particle_capacity = 0;
    wd.constraint_capacity = 0;
    wd.composite_capacity = 0;
    wd.alloc_fn = world->alloc_fn;
    wd.free_fn = world->free_fn;
    wd.allocator_user = world->allocator_user;
    silk_world* scratch = NULL;
    silk_status status = silk_world_create(&wd, &scratch);
    if (status != SILK_OK)
    {
        return status;
    }
    scratch->solver = world->solver;
    status = build_into(scratch, def);
    if (status == SILK_OK)
    {
        status = silk_reserve_particles(world, scratch->particle_capacity);
    }
    if (status == SILK_OK)
    {
        status = silk_reserve_constraints(world, scratch->constraint_capacity);
    }
    if (status == SILK_OK)
    {
        status = silk_reserve_composites(world, scratch->composite_capacity);
    }
    if (status == SILK_OK)
    {
        status = silk_spider_reserve_candidates(world, scratch->spider.candidate_capacity);
    }
    silk_world_destroy(scratch);
    return status;
}

silk_status silk_world_build_scene(silk_world* world, const silk_scene_def* def)
{
    if (!silk_is_world(world) || def == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!silk_is_finite(def->tensor))
    {
        return SILK_ERR_NONFINITE;
    }
    if (def->scene < 0 || def->scene >= SILK_SCENE_COUNT)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "scene", "must be a silk_scene");
    }
    if (def->tensor <= 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "tensor", "must be > 0");
    }
    silk_world_report_error(world, SILK_OK, "", "");
    silk_status status = reserve_for_scene(world, def);
    if (status != SILK_OK)
    {
        return status; /* nothing has changed */
    }
    status = build_into(world, def);
    if (status != SILK_OK)
    {
        /* not reached: the same build just succeeded with no more storage than is reserved;
           should it ever fail, no half scene stays behind */
        silk_world_clear(world);
        silk_spider_forget(world);
        return status;
    }
    /* The robust solver gets the page's settings in seconds (silk.h, "the mapping from
       compat"): one compat frame per fixed step. Substeps, box and the rest stay as set. */
    silk_robust_def mapped = silk_robust_def_from_compat(
        world->gravity, world->friction, world->ground_friction, world->stepper.step_seconds);
    world->robust.def.gravity = mapped.gravity;
    world->robust.def.damping = mapped.damping;
    world->robust.def.ground_friction = mapped.ground_friction;
    world->robust.last_h = world->stepper.step_seconds;
    return SILK_OK;
}
