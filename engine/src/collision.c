/* collision.c -- particle radii and collision filters: the state the robust solver's contact
   pass (contact.c) reads, and which the snapshot and state hash carry. Its own file because the
   compat-only module (silk-lite.wasm, robust_absent.c) leaves the pass out but keeps this: a
   world's radii and filters are part of its state whichever module holds it, so a world moved
   between the two modules keeps its hash. */
#include "contact.h"

#include "record.h"
#include "validate.h"
#include "world.h"

/* ---- the API ------------------------------------------------------------------------------ */

silk_collision_filter silk_default_collision_filter(void)
{
    return (silk_collision_filter){1u, 0xFFFFFFFFu, false};
}

silk_status silk_world_set_radius(silk_world* world, int32_t particle, double radius)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    silk_status status = silk_check_radius(radius);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_record_input(world, SILK_EVENT_RADIUS, particle, radius, 0.0);
    world->disc_count += (radius > 0.0) - (world->radius[particle] > 0.0);
    world->radius[particle] = radius;
    world->collision.active = world->collision.active || radius > 0.0;
    return SILK_OK;
}

silk_status silk_world_get_radius(const silk_world* world, int32_t particle, double* out_radius)
{
    if (!silk_is_world(world) || out_radius == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    *out_radius = world->radius[particle];
    return SILK_OK;
}

const double* silk_world_radii(const silk_world* world)
{
    return silk_is_world(world) ? world->radius : NULL;
}

silk_status silk_world_set_collision_filter(silk_world* world, int32_t composite,
                                            silk_collision_filter filter)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    silk_collision_filter* f = &world->composites[composite].filter;
    if (f->category_bits != filter.category_bits || f->mask_bits != filter.mask_bits)
    {
        silk_record_input(world, SILK_EVENT_COLLISION_FILTER, composite,
                          (double)filter.category_bits, (double)filter.mask_bits);
    }
    if (f->self_collide != filter.self_collide)
    {
        silk_record_input(world, SILK_EVENT_COLLISION_SELF, composite,
                          filter.self_collide ? 1.0 : 0.0, 0.0);
    }
    *f = (silk_collision_filter){filter.category_bits, filter.mask_bits, filter.self_collide};
    return SILK_OK;
}

silk_status silk_world_get_collision_filter(const silk_world* world, int32_t composite,
                                            silk_collision_filter* out_filter)
{
    if (!silk_is_world(world) || out_filter == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    *out_filter = world->composites[composite].filter;
    return SILK_OK;
}

void silk_collision_refresh(silk_world* world)
{
    bool active = false;
    for (int32_t i = 0; i < world->particle_count && !active; ++i)
    {
        active = world->radius[i] > 0.0;
    }
    world->collision.active = active;
}

bool silk_collision_in_state(const silk_world* world)
{
    for (int32_t i = 0; i < world->particle_count; ++i)
    {
        if (world->radius[i] != 0.0)
        {
            return true;
        }
    }
    const silk_collision_filter d = silk_default_collision_filter();
    for (int32_t k = 0; k < world->composite_count; ++k)
    {
        const silk_collision_filter* f = &world->composites[k].filter;
        if (f->category_bits != d.category_bits || f->mask_bits != d.mask_bits ||
            f->self_collide != d.self_collide)
        {
            return true;
        }
    }
    return false;
}
