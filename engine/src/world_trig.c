/* world_trig.c -- the trig of the world's solver, for content built on the core.

   Compat measures and places with the host's Math.cos/sin/atan2 (trig.h), so that a scene
   built in a compat world is verlet-js's to the bit; robust with detmath, so that a robust
   world is the same bits natively and in every browser. */
#include "detmath.h"
#include "trig.h"
#include "constraint.h"
#include "validate.h"
#include "world.h"

static bool robust(const silk_world* world)
{
    return silk_is_world(world) && world->solver == SILK_SOLVER_ROBUST;
}

double silk_world_cos(const silk_world* world, double x)
{
    return robust(world) ? silk_det_cos(x) : silk_cos(x);
}

double silk_world_sin(const silk_world* world, double x)
{
    return robust(world) ? silk_det_sin(x) : silk_sin(x);
}

/* verlet-js: b.angle2(a, c) = (a - b).angle(c - b) = atan2(cross, dot); every difference is a
   constructed Vec2 (silk_or_zero). */
double silk_world_angle(const silk_world* world, silk_vec2 a, silk_vec2 b, silk_vec2 c)
{
    if (!robust(world))
    {
        return silk_angle_at(a, b, c);
    }
    double ux = silk_or_zero(a.x - b.x);
    double uy = silk_or_zero(a.y - b.y);
    double vx = silk_or_zero(c.x - b.x);
    double vy = silk_or_zero(c.y - b.y);
    return silk_det_atan2(ux * vy - uy * vx, ux * vx + uy * vy);
}
