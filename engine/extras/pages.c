/* pages.c -- the original example pages as scenes: the same objects, sizes and settings. */
#include "build.h"

#include <string.h>

silk_scene_def silk_default_scene_def(void)
{
    silk_scene_def def;
    memset(&def, 0, sizeof(def));
    def.scene = SILK_SCENE_WEB;
    def.tensor = SILK_DEFAULT_TENSOR;
    def.internal_cookie = SILK_EXTRAS_DEF_COOKIE;
    return def;
}

static double min2(double a, double b)
{
    return a < b ? a : b;
}

/* spiderweb.html: the web fills the canvas; the spider falls in from 300 px above it. */
static silk_status build_web(silk_world* world, double tensor)
{
    const silk_vec2 size = silk_world_get_size(world);
    silk_spiderweb_def web = silk_default_spiderweb_def();
    web.center = (silk_vec2){size.x / 2, size.y / 2};
    web.radius = min2(size.x, size.y) / 2;
    web.tensor = tensor;
    int32_t id = 0;
    silk_status status = silk_world_build_spiderweb(world, &web, &id);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_spider_def spider = silk_default_spider_def();
    spider.origin = (silk_vec2){size.x / 2, -300};
    status = silk_world_build_spider(world, &spider, &id);
    if (status == SILK_OK)
    {
        /* the page's crawl rule; set as the scene's state, not as a recorded input */
        silk_spider_set_auto_crawl(world, true);
    }
    return status;
}

/* cloth.html: friction 1, a 20 x 20 cloth a third of the way down, every 6th top pin. */
static silk_status build_cloth(silk_world* world)
{
    const silk_vec2 size = silk_world_get_size(world);
    silk_world_set_friction(world, 1);
    double side = min2(size.x, size.y) * 0.5;
    silk_cloth_def cloth = silk_default_cloth_def();
    cloth.center = (silk_vec2){size.x / 2, size.y / 3};
    cloth.width = side;
    cloth.height = side;
    int32_t id = 0;
    return silk_world_build_cloth(world, &cloth, &id);
}

/* shapes.html: friction 1, a line pinned at both ends and three tires. */
static silk_status build_shapes(silk_world* world)
{
    silk_world_set_friction(world, 1);
    const silk_vec2 line[5] = {{20, 10}, {40, 10}, {60, 10}, {80, 10}, {100, 10}};
    int32_t id = 0;
    silk_status status = silk_world_build_line_segments(world, line, 5, 0.02, &id);
    int32_t first = silk_world_particle_count(world) - 5;
    if (status == SILK_OK)
    {
        status = silk_build_pin(world, id, first);
    }
    if (status == SILK_OK)
    {
        status = silk_build_pin(world, id, first + 4);
    }
    const silk_tire_def tires[3] = {
        {{200, 50}, 50, 30, 0.3, 0.9, SILK_EXTRAS_DEF_COOKIE},
        {{400, 50}, 70, 7, 0.1, 0.2, SILK_EXTRAS_DEF_COOKIE},
        {{600, 50}, 70, 3, 1, 1, SILK_EXTRAS_DEF_COOKIE},
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
    const silk_vec2 size = silk_world_get_size(world);
    silk_world_set_gravity(world, (silk_vec2){0, 0});
    silk_world_set_friction(world, 0.98);
    silk_tree_def tree = silk_default_tree_def();
    tree.origin = (silk_vec2){size.x / 4, size.y - 120};
    int32_t id = 0;
    silk_status status = silk_world_build_tree(world, &tree, &id);
    if (status == SILK_OK)
    {
        tree.origin = (silk_vec2){size.x - size.x / 4, size.y - 120};
        status = silk_world_build_tree(world, &tree, &id);
    }
    return status;
}

/* Builds the scene into a world as the pages do (clears it first); may fail half-way. */
static silk_status build_into(silk_world* world, const silk_scene_def* def)
{
    silk_world_clear(world);
    /* the web's crawl rule lives in the extras' extension (scratch for crawl included); a
       host's own extension stays (the web scene refused it before anything changed) */
    silk_status status = SILK_OK;
    if (silk_world_extension_tag(world) == 0 || silk_spider_owns(world))
    {
        status = silk_spider_install(world);
        if (status != SILK_OK)
        {
            return status;
        }
        silk_spider_set_auto_crawl(world, false);
    }
    /* verlet-js's VerletJS() defaults; each page then changes what it needs */
    silk_world_set_gravity(world, (silk_vec2){0, 0.2});
    silk_world_set_friction(world, 0.99);
    silk_world_set_ground_friction(world, 0.8);
    status = SILK_ERR_RANGE;
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
        case SILK_SCENE_BALL_PIT:
            status = silk_build_ball_pit(world);
            break;
        case SILK_SCENE_CHAIN_CLOTH:
            status = silk_build_chain_cloth(world);
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
    silk_world_def wd = silk_world_get_def(world);
    wd.particle_capacity = 0;
    wd.constraint_capacity = 0;
    wd.composite_capacity = 0;
    silk_world* scratch = NULL;
    silk_status status = silk_world_create(&wd, &scratch);
    if (status == SILK_OK)
    {
        status = silk_world_set_solver(scratch, silk_world_get_solver(world));
    }
    if (status == SILK_OK)
    {
        status = build_into(scratch, def);
    }
    if (status == SILK_OK)
    {
        silk_world_def need = silk_world_get_def(scratch);
        status = silk_world_reserve(world, need.particle_capacity, need.constraint_capacity,
                                    need.composite_capacity);
    }
    if (status == SILK_OK && silk_world_polygon_count(scratch) > 0)
    {
        /* the collision scenes' static polygons (collide.c) */
        int32_t points = 0, count = 0;
        for (int32_t g = 0; g < silk_world_polygon_count(scratch); ++g)
        {
            silk_world_get_polygon(scratch, g, NULL, 0, &count);
            points += count;
        }
        status = silk_world_reserve_polygons(world, silk_world_polygon_count(scratch), points);
    }
    if (status == SILK_OK && (silk_world_extension_tag(world) == 0 || silk_spider_owns(world)))
    {
        status = silk_spider_install(world); /* its scratch, sized by the reservation above */
    }
    silk_world_destroy(scratch);
    return status;
}

static silk_status build_scene_unreported(silk_world* world, const silk_scene_def* def)
{
    if (world == NULL || def == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (silk_world_get_def(world).alloc_fn == NULL)
    {
        return SILK_ERR_NULL; /* not a world: its def is the default, with no allocator */
    }
    if (def->internal_cookie != SILK_EXTRAS_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!isfinite(def->tensor))
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
    if (def->scene == SILK_SCENE_WEB && silk_spider_require(world) != SILK_OK)
    {
        return SILK_ERR_STATE; /* the web needs the extras' extension: said, not evicted */
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
        return status;
    }
    /* The robust solver gets the page's settings in seconds (silk.h, "the mapping from
       compat"): one compat frame per fixed step. Substeps, box and the rest stay as set. */
    return silk_world_match_robust_to_compat(world);
}

silk_status silk_world_build_scene(silk_world* world, const silk_scene_def* def)
{
    silk_world_report_error(world, SILK_OK, "", ""); /* this call's detail, not an earlier one's */
    return silk_build_reported(world, build_scene_unreported(world, def),
                               "must start from silk_default_scene_def()");
}
