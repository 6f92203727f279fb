/* drag.c -- the original's mouse: pick the nearest particle, drag it (or its pin's target).

   verlet-js drags an *entity*: the nearest particle within the selection radius, or, when
   a pin constraint of that particle's composite holds it, the pin itself (the last such pin
   in the list). Frame step 2 then sets entity.pos := pointer, so a dragged pin stays where
   it is dropped while an unpinned particle falls once released. */
#include "drag.h"
#include "record.h"
#include "validate.h"
#include "world.h"

#include <math.h>
#include <string.h>

silk_status silk_world_find_nearest(const silk_world* world, silk_vec2 point, double radius,
                                    int32_t* out_particle)
{
    if (!silk_is_world(world) || out_particle == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite_vec2(point) || !silk_is_finite(radius))
    {
        return SILK_ERR_NONFINITE;
    }
    if (radius < 0.0)
    {
        return SILK_ERR_RANGE;
    }
    /* Composite order, then particle order, strict '<' on ties: as nearestEntity(). */
    int32_t best = -1;
    double best_d2 = 0.0;
    const double r2 = radius * radius;
    for (int32_t k = 0; k < world->composite_count; ++k)
    {
        for (int32_t i = 0; i < world->particle_count; ++i)
        {
            if (world->particle_composite[i] != k)
            {
                continue;
            }
            double x = point.x - world->pos[i].x;
            double y = point.y - world->pos[i].y;
            double d2 = x * x + y * y;
            if (d2 <= r2 && (best < 0 || d2 < best_d2))
            {
                best = i;
                best_d2 = d2;
            }
        }
    }
    *out_particle = best;
    return SILK_OK;
}

/* The pin a drag of `particle` moves: the last one on it in its composite's list. */
static int32_t pin_of(const silk_world* world, int32_t particle)
{
    const silk_composite* comp = &world->composites[world->particle_composite[particle]];
    int32_t pin = -1;
    for (int32_t j = comp->constraint_begin; j < comp->constraint_begin + comp->constraint_count;
         ++j)
    {
        if (world->kind[j] == SILK_PIN && world->ca[j] == particle)
        {
            pin = j; /* the last one wins, as in the original's loop */
        }
    }
    return pin;
}

silk_status silk_world_particle_pin(const silk_world* world, int32_t particle,
                                    int32_t* out_constraint)
{
    if (!silk_is_world(world) || out_constraint == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    *out_constraint = pin_of(world, particle);
    return SILK_OK;
}

silk_status silk_world_drag_begin(silk_world* world, int32_t particle, silk_vec2 pointer)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    if (!silk_is_finite_vec2(pointer))
    {
        return SILK_ERR_NONFINITE;
    }
    int32_t pin = pin_of(world, particle);
    silk_record_input(world, SILK_EVENT_DRAG_BEGIN, particle, pointer.x, pointer.y);
    world->drag.particle = particle;
    world->drag.pin = pin;
    world->drag.pointer = pointer;
    world->drag.queue_count = 0;
    return SILK_OK;
}

silk_status silk_world_queue_pointer(silk_world* world, silk_vec2 pointer, double time_seconds)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite_vec2(pointer) || !isfinite(time_seconds))
    {
        return SILK_ERR_NONFINITE;
    }
    silk_drag_state* drag = &world->drag;
    if (drag->particle < 0)
    {
        return SILK_ERR_STATE;
    }
    if (time_seconds < 0.0 ||
        (drag->queue_count > 0 && time_seconds < drag->queue_time[drag->queue_count - 1]))
    {
        return SILK_ERR_RANGE;
    }
    if (drag->queue_count == SILK_MAX_POINTER_SAMPLES)
    {
        /* full: the oldest sample goes, as a host that cannot keep up would drop it */
        memmove(drag->queue_point, drag->queue_point + 1,
                sizeof(drag->queue_point[0]) * (SILK_MAX_POINTER_SAMPLES - 1));
        memmove(drag->queue_time, drag->queue_time + 1,
                sizeof(drag->queue_time[0]) * (SILK_MAX_POINTER_SAMPLES - 1));
        drag->queue_count -= 1;
    }
    drag->queue_point[drag->queue_count] = pointer;
    drag->queue_time[drag->queue_count] = time_seconds;
    drag->queue_count += 1;
    return SILK_OK;
}

int32_t silk_world_pointer_queue_count(const silk_world* world)
{
    return silk_is_world(world) ? world->drag.queue_count : 0;
}

void silk_drag_take_queued(silk_world* world, int32_t count)
{
    silk_drag_state* drag = &world->drag;
    if (count <= 0 || drag->queue_count == 0)
    {
        return;
    }
    count = count < drag->queue_count ? count : drag->queue_count;
    if (drag->particle >= 0)
    {
        silk_world_drag_move(world, drag->queue_point[count - 1]); /* recorded at this step */
    }
    int32_t rest = drag->queue_count - count;
    memmove(drag->queue_point, drag->queue_point + count, sizeof(drag->queue_point[0]) * rest);
    memmove(drag->queue_time, drag->queue_time + count, sizeof(drag->queue_time[0]) * rest);
    memmove(drag->queue_ticks, drag->queue_ticks + count, sizeof(drag->queue_ticks[0]) * rest);
    drag->queue_count = rest;
}

silk_status silk_world_flush_pointer(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_drag_take_queued(world, world->drag.queue_count);
    return SILK_OK;
}

silk_status silk_world_drag_move(silk_world* world, silk_vec2 pointer)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite_vec2(pointer))
    {
        return SILK_ERR_NONFINITE;
    }
    if (world->drag.particle < 0)
    {
        return SILK_ERR_STATE;
    }
    silk_record_input(world, SILK_EVENT_DRAG_MOVE, 0, pointer.x, pointer.y);
    world->drag.pointer = pointer;
    return SILK_OK;
}

void silk_world_drag_end(silk_world* world)
{
    if (silk_is_world(world))
    {
        silk_record_input(world, SILK_EVENT_DRAG_END, 0, 0.0, 0.0);
        world->drag.particle = -1;
        world->drag.pin = -1;
        world->drag.queue_count = 0;
    }
}

int32_t silk_world_dragged_particle(const silk_world* world)
{
    return silk_is_world(world) ? world->drag.particle : -1;
}

int32_t silk_world_dragged_pin(const silk_world* world)
{
    return silk_is_world(world) && world->drag.particle >= 0 ? world->drag.pin : -1;
}
