/* build.c -- helpers shared by the builders. */
#include "build.h"
#include "../detmath.h"
#include "../trig.h"

silk_status silk_build_particle(silk_world* world, int32_t composite, double x, double y,
                                int32_t* out_particle)
{
    return silk_world_add_particle(world, composite, (silk_vec2){x, y}, out_particle);
}

silk_status silk_build_distance(silk_world* world, int32_t composite, int32_t a, int32_t b,
                                double stiffness)
{
    silk_distance_def def = silk_default_distance_def();
    def.a = a;
    def.b = b;
    def.stiffness = stiffness;
    return silk_world_add_distance(world, composite, &def, NULL);
}

silk_status silk_build_pin(silk_world* world, int32_t composite, int32_t particle)
{
    silk_pin_def def = silk_default_pin_def();
    def.particle = particle;
    return silk_world_add_pin(world, composite, &def, NULL);
}

silk_status silk_build_angle(silk_world* world, int32_t composite, int32_t a, int32_t b, int32_t c,
                             double stiffness)
{
    silk_angle_def def = silk_default_angle_def();
    def.a = a;
    def.b = b;
    def.c = c;
    def.stiffness = stiffness;
    return silk_world_add_angle(world, composite, &def, NULL);
}

silk_build_mark silk_build_begin(const silk_world* world)
{
    return (silk_build_mark){world->particle_count, world->constraint_count,
                             world->composite_count};
}

void silk_build_rollback(silk_world* world, silk_build_mark mark)
{
    /* Builders only append a new last composite, so its constraints are the array's tail. */
    world->particle_count = mark.particles;
    world->constraint_count = mark.constraints;
    world->composite_count = mark.composites;
}

/* ---- the builders' trig ------------------------------------------------------------------ */

/* A builder measures and places with the trig of the world's solver: the host's (compat, so a
   built scene is verlet-js's to the bit) or detmath's (robust, the same bits everywhere). */

double silk_build_cos(const silk_world* world, double x)
{
    return world->solver == SILK_SOLVER_ROBUST ? silk_det_cos(x) : silk_cos(x);
}

double silk_build_sin(const silk_world* world, double x)
{
    return world->solver == SILK_SOLVER_ROBUST ? silk_det_sin(x) : silk_sin(x);
}
