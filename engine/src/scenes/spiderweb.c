/* spiderweb.c -- verlet-js's web: a jittered inward spiral of particles, spokes, a few pins,
   and every rest length multiplied by `tensor`.

   The spiral has segments * depth particles; particle i sits at angle
   i*stride + jitter and a radius shrinking linearly with i, so particle i + segments lies on
   the same spoke one ring further in. Constraints: pins on every 4th outer particle (first
   in the list: later constraints pull the pinned particles away again in every pass, so the
   web's pins are soft), the spiral neighbour (i, i+1), the spoke (i, i+segments) or, past the
   centre, (i, n-1), and one closing link (0, segments-1). Then rest *= tensor: at 0.3 the web
   cannot be satisfied (it would have to shrink to 30% while its rim is pinned), which is why
   it looks taut -- and why its median strain sits near 97% (seed 000, row 16). */
#include "build.h"
#include "../trig.h"

#include <string.h>

silk_spiderweb_def silk_default_spiderweb_def(void)
{
    silk_spiderweb_def def;
    memset(&def, 0, sizeof(def));
    def.center = (silk_vec2){400.0, 250.0};
    def.radius = 250.0;
    def.segments = 20;
    def.depth = 7;
    def.tensor = 0.3;
    def.stiffness = 0.6;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

static silk_status validate(silk_world* world, const silk_spiderweb_def* def, const int32_t* out)
{
    if (!silk_is_world(world) || def == NULL || out == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!silk_is_finite_vec2(def->center) || !silk_is_finite(def->radius) ||
        !silk_is_finite(def->tensor) || !silk_is_finite(def->stiffness))
    {
        return SILK_ERR_NONFINITE;
    }
    /* each range names its field (silk_world_last_error_detail), so a host can say which */
    if (def->radius <= 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "radius", "must be > 0 px");
    }
    if (def->segments < 3 || def->segments > 100000)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "segments", "must be in [3, 100000]");
    }
    if (def->depth < 1 || def->depth > 100000)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "depth", "must be in [1, 100000]");
    }
    if (def->tensor <= 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "tensor", "must be > 0");
    }
    if ((int64_t)def->segments * def->depth > SILK_MAX_PARTICLES)
    {
        return silk_world_report_error(world, SILK_ERR_CAPACITY, "segments",
                                       "times depth must be <= SILK_MAX_PARTICLES");
    }
    return silk_world_report_error(world, SILK_OK, "", "");
}

/* Crawl needs one candidate slot per web particle; allocated here, never in a step. */
silk_status silk_spider_reserve_candidates(silk_world* world, int32_t count)
{
    if (count <= world->spider.candidate_capacity)
    {
        return SILK_OK;
    }
    int32_t* fresh = silk_alloc(world, (size_t)count * sizeof(int32_t));
    if (fresh == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    silk_free(world, world->spider.candidates);
    world->spider.candidates = fresh;
    world->spider.candidate_capacity = count;
    return SILK_OK;
}

silk_status silk_world_build_spiderweb(silk_world* world, const silk_spiderweb_def* def,
                                       int32_t* out_composite)
{
    silk_status status = validate(world, def, out_composite);
    if (status != SILK_OK)
    {
        return status;
    }
    const int32_t segments = def->segments;
    const int32_t n = segments * def->depth;
    const double radius = def->radius;
    const double stride = (2 * SILK_PI) / segments;
    const double rs = radius / n;
    const double k = def->stiffness;

    silk_build_mark mark = silk_build_begin(world);
    SILK_TRY(silk_spider_reserve_candidates(world, n));
    SILK_TRY(silk_reserve_particles(world, world->particle_count + n));
    SILK_TRY(silk_reserve_constraints(world, world->constraint_count + segments / 4 + 1 + 2 * n));
    int32_t comp = 0;
    SILK_TRY(silk_world_add_composite(world, &comp));
    int32_t first = world->particle_count;
    for (int32_t i = 0; i < n; ++i)
    {
        double theta = (i * stride + silk_build_cos(world, i * 0.4) * 0.05) +
                       silk_build_cos(world, i * 0.05) * 0.2;
        double r = (radius - rs * i) + silk_build_cos(world, i * 0.1) * 20;
        double offy = (silk_build_cos(world, theta * 2.1) * (radius / def->depth)) * 0.2;
        int32_t p = 0;
        SILK_TRY(silk_build_particle(
            world, comp, silk_or_zero(def->center.x + silk_build_cos(world, theta) * r),
            silk_or_zero((def->center.y + silk_build_sin(world, theta) * r) + offy), &p));
    }
    for (int32_t i = 0; i < segments; i += 4)
    {
        SILK_TRY(silk_build_pin(world, comp, first + i));
    }
    for (int32_t i = 0; i < n - 1; ++i)
    {
        SILK_TRY(silk_build_distance(world, comp, first + i, first + i + 1, k));
        int32_t off = i + segments;
        SILK_TRY(
            silk_build_distance(world, comp, first + i, first + (off < n - 1 ? off : n - 1), k));
    }
    SILK_TRY(silk_build_distance(world, comp, first, first + segments - 1, k));

    const silk_composite* c = &world->composites[comp];
    /* the scaled rest lengths pass the validator add_distance and restore use (a huge web
       times a large tensor overflows to inf): all of them, before any is changed */
    for (int32_t j = c->constraint_begin; j < c->constraint_begin + c->constraint_count; ++j)
    {
        if (world->kind[j] == SILK_DISTANCE)
        {
            SILK_TRY(silk_check_rest(SILK_DISTANCE, world->rest[j] * def->tensor));
        }
    }
    for (int32_t j = c->constraint_begin; j < c->constraint_begin + c->constraint_count; ++j)
    {
        if (world->kind[j] == SILK_DISTANCE)
        {
            world->rest[j] = world->rest[j] * def->tensor;
        }
    }
    world->spider.web = comp;
    *out_composite = comp;
    return SILK_OK;
}
