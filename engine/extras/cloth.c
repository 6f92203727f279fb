/* cloth.c -- a segments x segments grid; each particle linked to its left and upper
   neighbour; pins last (so, unlike the web's, they hold exactly). */
#include "build.h"

#include <string.h>

silk_cloth_def silk_default_cloth_def(void)
{
    silk_cloth_def def;
    memset(&def, 0, sizeof(def));
    def.center = (silk_vec2){400.0, 500.0 / 3.0};
    def.width = 250.0;
    def.height = 250.0;
    def.segments = 20;
    def.pin_mod = 6;
    def.stiffness = 0.9;
    def.internal_cookie = SILK_EXTRAS_DEF_COOKIE;
    return def;
}

static silk_status build_cloth_unreported(silk_world* world, const silk_cloth_def* def,
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
    if (!silk_finite2(def->center) || !isfinite(def->width) || !isfinite(def->height) ||
        !isfinite(def->stiffness))
    {
        return SILK_ERR_NONFINITE;
    }
    /* each range names its field (silk_world_last_error_detail), so a host can say which */
    if (def->width <= 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "width", "must be > 0 px");
    }
    if (def->height <= 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "height", "must be > 0 px");
    }
    if (def->segments < 1 || def->segments > 2048)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "segments", "must be in [1, 2048]");
    }
    if (def->pin_mod < 1)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "pin_mod", "must be >= 1");
    }
    silk_world_report_error(world, SILK_OK, "", "");
    const int32_t segs = def->segments;
    const double w = def->width, h = def->height;
    const double xs = w / segs, ys = h / segs;
    const double k = def->stiffness;
    silk_world_mark mark = silk_world_get_mark(world);
    SILK_TRY(silk_build_reserve(world, segs * segs, 2 * segs * segs + segs, 1));
    int32_t comp = 0;
    SILK_TRY(silk_world_add_composite(world, &comp));
    const int32_t first = silk_world_particle_count(world);
    for (int32_t y = 0; y < segs; ++y)
    {
        for (int32_t x = 0; x < segs; ++x)
        {
            double px = ((def->center.x + x * xs) - w / 2) + xs / 2;
            double py = ((def->center.y + y * ys) - h / 2) + ys / 2;
            int32_t p = 0;
            SILK_TRY(silk_build_particle(world, comp, silk_or_zero(px), silk_or_zero(py), &p));
            if (x > 0)
            {
                SILK_TRY(silk_build_distance(world, comp, p, p - 1, k));
            }
            if (y > 0)
            {
                SILK_TRY(silk_build_distance(world, comp, p, p - segs, k));
            }
        }
    }
    for (int32_t x = 0; x < segs; ++x)
    {
        if (x % def->pin_mod == 0)
        {
            SILK_TRY(silk_build_pin(world, comp, first + x));
        }
    }
    *out_composite = comp;
    return SILK_OK;
}

silk_status silk_world_build_cloth(silk_world* world, const silk_cloth_def* def,
                                   int32_t* out_composite)
{
    silk_world_report_error(world, SILK_OK, "", ""); /* this call's detail, not an earlier one's */
    return silk_build_reported(world, build_cloth_unreported(world, def, out_composite),
                               "must start from silk_default_cloth_def()");
}
