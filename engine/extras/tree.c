/* tree.c -- verlet-js's tree: a pinned base and root, a binary branching of depth `depth`
   whose segments shrink by coef^2 a level, angle constraints that stiffen towards the trunk,
   and a little noise so the tree starts swaying. The noise comes from the world's generator
   (two draws per particle, the first moves x by floor(r1*10), the second is unused, as in the
   original); q is left alone, so the offset becomes an initial velocity. */
#include "build.h"

#include <math.h>
#include <string.h>

silk_tree_def silk_default_tree_def(void)
{
    silk_tree_def def;
    memset(&def, 0, sizeof(def));
    def.origin = (silk_vec2){200.0, 380.0};
    def.depth = 5;
    def.branch_length = 70.0;
    def.segment_coef = 0.95;
    def.theta = (SILK_PI / 2) / 3;
    def.internal_cookie = SILK_EXTRAS_DEF_COOKIE;
    return def;
}

typedef struct tree_builder
{
    silk_world* world;
    int32_t comp;
    int32_t depth;
    double length;
    double theta;
} tree_builder;

/* rot(n, (0, 0), t) with the origin's zeros kept as operands: they fix the sign of zeros. */
static silk_vec2 rotate_about_zero(const silk_world* world, silk_vec2 n, double t)
{
    double x = n.x - 0.0;
    double y = n.y - 0.0;
    double c = silk_world_cos(world, t);
    double s = silk_world_sin(world, t);
    return (silk_vec2){silk_or_zero(((x * c) - (y * s)) + 0.0),
                       silk_or_zero(((x * s) + (y * c)) + 0.0)};
}

static silk_status branch(const tree_builder* b, int32_t parent, int32_t i, double coef,
                          silk_vec2 normal, int32_t* out_particle)
{
    silk_world* world = b->world;
    silk_vec2 from = silk_build_position(world, parent);
    double s = b->length * coef;
    double sx = silk_or_zero(normal.x * s); /* normal.scale(len*coef) constructs, and so */
    double sy = silk_or_zero(normal.y * s); /* does parent.pos.add(...) */
    int32_t p = 0;
    silk_status status = silk_build_particle(world, b->comp, silk_or_zero(from.x + sx),
                                             silk_or_zero(from.y + sy), &p);
    if (status == SILK_OK)
    {
        status = silk_build_distance(world, b->comp, parent, p, 0.7);
    }
    if (status == SILK_OK && i < b->depth)
    {
        int32_t left = 0, right = 0;
        status =
            branch(b, p, i + 1, coef * coef, rotate_about_zero(world, normal, -b->theta), &left);
        if (status == SILK_OK)
        {
            status = branch(b, p, i + 1, coef * coef, rotate_about_zero(world, normal, b->theta),
                            &right);
        }
        double joint = (0 - 0.7) * ((double)i / b->depth) + 0.7; /* lerp(0.7, 0, i/depth) */
        if (status == SILK_OK)
        {
            status = silk_build_angle(world, b->comp, parent, p, left, joint);
        }
        if (status == SILK_OK)
        {
            status = silk_build_angle(world, b->comp, parent, p, right, joint);
        }
    }
    *out_particle = p;
    return status;
}

static silk_status build_tree_unreported(silk_world* world, const silk_tree_def* def,
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
    if (!silk_finite2(def->origin) || !isfinite(def->branch_length) ||
        !isfinite(def->segment_coef) || !isfinite(def->theta))
    {
        return SILK_ERR_NONFINITE;
    }
    if (def->depth < 0 || def->depth > 16)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "depth", "must be in [0, 16]");
    }
    silk_world_report_error(world, SILK_OK, "", "");
    silk_world_mark mark = silk_world_get_mark(world);
    int32_t comp = 0;
    SILK_TRY(silk_world_add_composite(world, &comp));
    const int32_t first = silk_world_particle_count(world);
    int32_t base = 0, root = 0, trunk = 0;
    SILK_TRY(silk_build_particle(world, comp, def->origin.x, def->origin.y, &base));
    SILK_TRY(silk_build_particle(world, comp, silk_or_zero(def->origin.x + 0),
                                 silk_or_zero(def->origin.y + 10), &root));
    SILK_TRY(silk_build_pin(world, comp, base));
    SILK_TRY(silk_build_pin(world, comp, root));
    tree_builder b = {world, comp, def->depth, def->branch_length, def->theta};
    SILK_TRY(branch(&b, base, 0, def->segment_coef, (silk_vec2){0.0, -1.0}, &trunk));
    SILK_TRY(silk_build_angle(world, comp, root, base, trunk, 1));

    for (int32_t i = first; i < silk_world_particle_count(world); ++i)
    {
        double r1 = silk_world_random(world);
        (void)silk_world_random(world);
        silk_vec2 p = silk_build_position(world, i);
        SILK_TRY(silk_world_set_position(world, i,
                                         (silk_vec2){p.x + silk_or_zero(floor(r1 * 10)), p.y + 0}));
    }
    *out_composite = comp;
    return SILK_OK;
}

silk_status silk_world_build_tree(silk_world* world, const silk_tree_def* def,
                                  int32_t* out_composite)
{
    silk_world_report_error(world, SILK_OK, "", ""); /* this call's detail, not an earlier one's */
    return silk_build_reported(world, build_tree_unreported(world, def, out_composite),
                               "must start from silk_default_tree_def()");
}
