/* shapes.c -- tires (a ring, a hub, spokes and cross braces) and line segments. */
#include "build.h"

#include <string.h>

silk_tire_def silk_default_tire_def(void)
{
    silk_tire_def def;
    memset(&def, 0, sizeof(def));
    def.center = (silk_vec2){200.0, 50.0};
    def.radius = 50.0;
    def.segments = 30;
    def.spoke_stiffness = 0.3;
    def.tread_stiffness = 0.9;
    def.internal_cookie = SILK_EXTRAS_DEF_COOKIE;
    return def;
}

static silk_status build_tire_unreported(silk_world* world, const silk_tire_def* def,
                                         int32_t* out_composite)
{
    if (world == NULL || def == NULL || out_composite == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (def->internal_cookie != SILK_EXTRAS_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!silk_finite2(def->center) || !isfinite(def->radius) || !isfinite(def->spoke_stiffness) ||
        !isfinite(def->tread_stiffness))
    {
        return SILK_ERR_NONFINITE;
    }
    /* each range names its field (silk_world_last_error_detail), so a host can say which */
    if (def->radius <= 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "radius", "must be > 0 px");
    }
    if (def->segments < 2 || def->segments > 1000000)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "segments",
                                       "must be in [2, 1000000]");
    }
    silk_world_report_error(world, SILK_OK, "", "");
    const int32_t segs = def->segments;
    const double stride = (2 * SILK_PI) / segs;
    silk_world_mark mark = silk_world_get_mark(world);
    SILK_TRY(silk_build_reserve(world, segs + 1, 3 * segs, 1));
    int32_t comp = 0;
    SILK_TRY(silk_world_add_composite(world, &comp));
    const int32_t first = silk_world_particle_count(world);
    for (int32_t i = 0; i < segs; ++i)
    {
        double theta = i * stride;
        int32_t p = 0;
        SILK_TRY(silk_build_particle(
            world, comp, silk_or_zero(def->center.x + silk_world_cos(world, theta) * def->radius),
            silk_or_zero(def->center.y + silk_world_sin(world, theta) * def->radius), &p));
    }
    int32_t center = 0;
    SILK_TRY(silk_build_particle(world, comp, def->center.x, def->center.y, &center));
    for (int32_t i = 0; i < segs; ++i)
    {
        SILK_TRY(silk_build_distance(world, comp, first + i, first + (i + 1) % segs,
                                     def->tread_stiffness));
        SILK_TRY(silk_build_distance(world, comp, first + i, center, def->spoke_stiffness));
        SILK_TRY(silk_build_distance(world, comp, first + i, first + (i + 5) % segs,
                                     def->tread_stiffness));
    }
    *out_composite = comp;
    return SILK_OK;
}

static silk_status build_line_segments_unreported(silk_world* world, const silk_vec2* points,
                                                  int32_t count, double stiffness,
                                                  int32_t* out_composite)
{
    if (world == NULL || points == NULL || out_composite == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!isfinite(stiffness))
    {
        return SILK_ERR_NONFINITE;
    }
    if (count < 1 || count > SILK_MAX_PARTICLES)
    {
        return SILK_ERR_RANGE;
    }
    for (int32_t i = 0; i < count; ++i)
    {
        if (!silk_finite2(points[i]))
        {
            return SILK_ERR_NONFINITE;
        }
    }
    silk_world_mark mark = silk_world_get_mark(world);
    int32_t comp = 0;
    SILK_TRY(silk_world_add_composite(world, &comp));
    int32_t previous = -1;
    for (int32_t i = 0; i < count; ++i)
    {
        int32_t p = 0;
        SILK_TRY(silk_build_particle(world, comp, points[i].x, points[i].y, &p));
        if (i > 0)
        {
            SILK_TRY(silk_build_distance(world, comp, p, previous, stiffness));
        }
        previous = p;
    }
    *out_composite = comp;
    return SILK_OK;
}

silk_status silk_world_build_tire(silk_world* world, const silk_tire_def* def,
                                  int32_t* out_composite)
{
    silk_world_report_error(world, SILK_OK, "", ""); /* this call's detail, not an earlier one's */
    return silk_build_reported(world, build_tire_unreported(world, def, out_composite),
                               "must start from silk_default_tire_def()");
}

silk_status silk_world_build_line_segments(silk_world* world, const silk_vec2* points,
                                           int32_t count, double stiffness, int32_t* out_composite)
{
    silk_world_report_error(world, SILK_OK, "", ""); /* this call's detail, not an earlier one's */
    return silk_build_reported(
        world, build_line_segments_unreported(world, points, count, stiffness, out_composite),
        "not a def call");
}
