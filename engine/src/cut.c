/* cut.c -- cutting distance constraints with a segment (a pointer swipe over a rope or cloth).

   A constraint is cut when the segment between its particles' current positions properly
   crosses the cut: the ends of each segment lie strictly on opposite sides of the other's
   line. Touching at an end point, or running along the cut, does not cut -- so a swipe that
   ends exactly on a particle leaves its links alone. The removal is one order-preserving pass
   (constraint.c), so the solver order of what is left does not change. */
#include "constraint.h"
#include "validate.h"
#include "world.h"

#include <math.h>

typedef struct cut_segment
{
    silk_vec2 a, b;
} cut_segment;

/* Twice the signed area of the triangle (a, b, p): its sign says on which side of a-b p is. */
static double side(silk_vec2 a, silk_vec2 b, silk_vec2 p)
{
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

static bool crosses(silk_vec2 a, silk_vec2 b, silk_vec2 p, silk_vec2 q)
{
    double s1 = side(a, b, p), s2 = side(a, b, q);
    double s3 = side(p, q, a), s4 = side(p, q, b);
    return ((s1 > 0.0 && s2 < 0.0) || (s1 < 0.0 && s2 > 0.0)) &&
           ((s3 > 0.0 && s4 < 0.0) || (s3 < 0.0 && s4 > 0.0));
}

static bool cut_by(const silk_world* world, int32_t j, void* context)
{
    const cut_segment* cut = context;
    return world->kind[j] == SILK_DISTANCE &&
           crosses(cut->a, cut->b, world->pos[world->ca[j]], world->pos[world->cb[j]]);
}

silk_status silk_world_cut(silk_world* world, silk_vec2 a, silk_vec2 b, int32_t* out_removed)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite_vec2(a) || !silk_is_finite_vec2(b))
    {
        return SILK_ERR_NONFINITE;
    }
    cut_segment cut = {a, b};
    int32_t removed = silk_remove_constraints_where(world, cut_by, &cut);
    if (out_removed != NULL)
    {
        *out_removed = removed;
    }
    return SILK_OK;
}
