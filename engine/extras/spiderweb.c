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

#include <string.h>

silk_spiderweb_def silk_default_spiderweb_def(void)
{
    silk_spiderweb_def def;
    memset(&def, 0, sizeof(def));
    def.center = (silk_vec2){400.0, 250.0};
    def.radius = 250.0;
    def.segments = 20;
    def.depth = 7;
    def.tensor = SILK_DEFAULT_TENSOR;
    def.stiffness = 0.6;
    def.internal_cookie = SILK_EXTRAS_DEF_COOKIE;
    return def;
}

static silk_status validate(silk_world* world, const silk_spiderweb_def* def, const int32_t* out)
{
    if (world == NULL || def == NULL || out == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (def->internal_cookie != SILK_EXTRAS_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!silk_finite2(def->center) || !isfinite(def->radius) || !isfinite(def->tensor) ||
        !isfinite(def->stiffness))
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

static silk_status build_spiderweb_unreported(silk_world* world, const silk_spiderweb_def* def,
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

    /* the extension keeps the web for crawl (its candidate scratch grows with the particles):
       checked first, installed only once the web is built, so a failing build leaves a host's
       extension -- or none -- as it was */
    status = silk_spider_require(world);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_world_mark mark = silk_world_get_mark(world);
    SILK_TRY(silk_build_reserve(world, n, segments / 4 + 1 + 2 * n, 1));
    int32_t comp = 0;
    SILK_TRY(silk_world_add_composite(world, &comp));
    int32_t first = silk_world_particle_count(world);
    for (int32_t i = 0; i < n; ++i)
    {
        double theta = (i * stride + silk_world_cos(world, i * 0.4) * 0.05) +
                       silk_world_cos(world, i * 0.05) * 0.2;
        double r = (radius - rs * i) + silk_world_cos(world, i * 0.1) * 20;
        double offy = (silk_world_cos(world, theta * 2.1) * (radius / def->depth)) * 0.2;
        int32_t p = 0;
        SILK_TRY(silk_build_particle(
            world, comp, silk_or_zero(def->center.x + silk_world_cos(world, theta) * r),
            silk_or_zero((def->center.y + silk_world_sin(world, theta) * r) + offy), &p));
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

    /* the scaled rest lengths pass the validator add_distance and restore use (a huge web
       times a large tensor overflows to inf): all of them, before any is changed */
    int32_t begin = 0, count = 0;
    silk_world_composite_constraint_begin(world, comp, &begin);
    silk_world_composite_constraint_count(world, comp, &count);
    const uint8_t* kind = silk_world_constraint_kinds(world);
    const double* rest = silk_world_constraint_rest(world);
    for (int32_t j = 0; j < count; ++j)
    {
        double scaled = rest[begin + j] * def->tensor;
        if (kind[begin + j] == SILK_DISTANCE && !(isfinite(scaled) && scaled >= 0.0))
        {
            SILK_TRY(isfinite(scaled) ? SILK_ERR_RANGE : SILK_ERR_NONFINITE);
        }
    }
    for (int32_t j = 0; j < count; ++j)
    {
        if (kind[begin + j] == SILK_DISTANCE)
        {
            silk_world_set_rest(world, comp, j, rest[begin + j] * def->tensor);
        }
    }
    SILK_TRY(silk_spider_ensure(world));
    silk_spider_set_web(world, comp);
    *out_composite = comp;
    return SILK_OK;
}

silk_status silk_world_build_spiderweb(silk_world* world, const silk_spiderweb_def* def,
                                       int32_t* out_composite)
{
    silk_world_report_error(world, SILK_OK, "", ""); /* this call's detail, not an earlier one's */
    return silk_build_reported(world, build_spiderweb_unreported(world, def, out_composite),
                               "must start from silk_default_spiderweb_def()");
}
