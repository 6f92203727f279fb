/* build.c -- helpers shared by the builders. */
#include "build.h"

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

silk_status silk_build_reserve(silk_world* world, int32_t particles, int32_t constraints,
                               int32_t composites)
{
    int64_t p = (int64_t)silk_world_particle_count(world) + particles;
    int64_t c = (int64_t)silk_world_constraint_count(world) + constraints;
    int64_t k = (int64_t)silk_world_composite_count(world) + composites;
    if (p > SILK_MAX_PARTICLES || c > SILK_MAX_CONSTRAINTS || k > SILK_MAX_COMPOSITES)
    {
        return SILK_ERR_CAPACITY;
    }
    return silk_world_reserve(world, (int32_t)p, (int32_t)c, (int32_t)k);
}

silk_vec2 silk_build_position(const silk_world* world, int32_t particle)
{
    return silk_world_positions(world)[particle];
}

silk_status silk_build_reported(silk_world* world, silk_status status, const char* default_def)
{
    if (status == SILK_OK || silk_world_last_error_detail(world).status != SILK_OK)
    {
        return status; /* succeeded (the builder wrote SILK_OK), or wrote its own detail */
    }
    switch (status)
    {
        case SILK_ERR_NULL:
            return silk_world_report_error(world, status, "def",
                                           "the def and the out pointer must not be NULL");
        case SILK_ERR_DEF:
            return silk_world_report_error(world, status, "def", default_def);
        case SILK_ERR_NONFINITE:
            return silk_world_report_error(world, status, "def",
                                           "every number must be finite, and so must every "
                                           "length and position built from them");
        case SILK_ERR_NOMEM:
            return silk_world_report_error(world, status, "", "the allocator returned NULL");
        case SILK_ERR_CAPACITY:
            return silk_world_report_error(world, status, "",
                                           "the world would pass SILK_MAX_PARTICLES, "
                                           "SILK_MAX_CONSTRAINTS or SILK_MAX_COMPOSITES");
        default:
            return silk_world_report_error(world, status, "", silk_status_string(status));
    }
}
