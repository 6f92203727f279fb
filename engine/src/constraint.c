/* constraint.c -- adding, removing and reading distance, pin and angle constraints.

   Storage: the constraint columns of storage.h, sorted by composite. Appending to the last
   composite is O(1); appending to an earlier one shifts the later composites' runs by one (a
   memmove, never inside a step). */
#include "cold.h"
#include "trig.h"
#include "detmath.h"
#include "material.h"
#include "constraint.h"
#include "validate.h"
#include "sleep.h"
#include "world.h"

#include <math.h>
#include <string.h>

silk_distance_def silk_default_distance_def(void)
{
    silk_distance_def def = {0};
    def.a = -1;
    def.b = -1;
    def.stiffness = 1.0;
    def.rest = 0.0;
    def.rest_from_positions = true;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

silk_pin_def silk_default_pin_def(void)
{
    silk_pin_def def = {0};
    def.particle = -1;
    def.target_from_position = true;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

silk_angle_def silk_default_angle_def(void)
{
    silk_angle_def def = {0};
    def.a = -1;
    def.b = -1;
    def.c = -1;
    def.stiffness = 1.0;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

double silk_angle_at(silk_vec2 a, silk_vec2 b, silk_vec2 c)
{
    /* verlet-js: b.angle2(a, c) = (a - b).angle(c - b) = atan2(cross, dot). The sign of a zero
       cross product matters: a body whose head points straight left measures atan2(-0,
       negative) = -pi, not pi. */
    double ux = silk_or_zero(a.x - b.x);
    double uy = silk_or_zero(a.y - b.y);
    double vx = silk_or_zero(c.x - b.x);
    double vy = silk_or_zero(c.y - b.y);
    return silk_atan2(ux * vy - uy * vx, ux * vx + uy * vy);
}

SILK_COLD
silk_status silk_push_constraint(silk_world* world, int32_t composite, silk_constraint_kind kind,
                                 int32_t a, int32_t b, int32_t c, double stiffness, double rest,
                                 silk_vec2 target, int32_t* out_index)
{
    silk_status status = silk_reserve_constraints(world, world->constraint_count + 1);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_composite* comp = &world->composites[composite];
    int32_t at = comp->constraint_begin + comp->constraint_count;
    silk_constraints_shift(world, at, 1);
    for (int32_t k = composite + 1; k < world->composite_count; ++k)
    {
        world->composites[k].constraint_begin += 1;
    }
    if (world->drag.pin >= at)
    {
        world->drag.pin += 1;
    }
    world->kind[at] = (uint8_t)kind;
    world->ca[at] = a;
    world->cb[at] = b;
    world->cc[at] = c;
    world->stiffness[at] = stiffness;
    world->rest[at] = rest;
    world->target[at] = target;
    const silk_vec2 none = {0.0, 0.0};
    world->compliance[at] =
        silk_default_compliance(kind, world->pos[a], b >= 0 ? world->pos[b] : none,
                                c >= 0 ? world->pos[c] : none, stiffness);
    world->constraint_count += 1;
    world->angle_count += kind == SILK_ANGLE;
    silk_constraints_changed(world);
    if (out_index != NULL)
    {
        *out_index = comp->constraint_count;
    }
    comp->constraint_count += 1;
    return SILK_OK;
}

SILK_COLD
static silk_status check_add(const silk_world* world, int32_t composite, const void* def,
                             int32_t cookie)
{
    if (!silk_is_world(world) || def == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (cookie != SILK_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    return SILK_OK;
}

SILK_COLD
silk_status silk_world_add_distance(silk_world* world, int32_t composite,
                                    const silk_distance_def* def, int32_t* out_index)
{
    silk_status status = check_add(world, composite, def, def ? def->internal_cookie : 0);
    if (status != SILK_OK)
    {
        return status;
    }
    if (!silk_valid_particle(world, def->a) || !silk_valid_particle(world, def->b))
    {
        return SILK_ERR_INDEX;
    }
    if (!silk_is_finite(def->stiffness) ||
        (!def->rest_from_positions && !silk_is_finite(def->rest)))
    {
        return SILK_ERR_NONFINITE;
    }
    double rest = def->rest;
    if (def->rest_from_positions)
    {
        /* verlet-js: a.pos.sub(b.pos).length() */
        double dx = silk_or_zero(world->pos[def->a].x - world->pos[def->b].x);
        double dy = silk_or_zero(world->pos[def->a].y - world->pos[def->b].y);
        rest = sqrt(dx * dx + dy * dy);
        if (!silk_is_finite(rest))
        {
            return SILK_ERR_NONFINITE;
        }
    }
    else if (rest < 0.0)
    {
        return SILK_ERR_RANGE;
    }
    return silk_push_constraint(world, composite, SILK_DISTANCE, def->a, def->b, -1, def->stiffness,
                                rest, (silk_vec2){0.0, 0.0}, out_index);
}

SILK_COLD
silk_status silk_world_add_pin(silk_world* world, int32_t composite, const silk_pin_def* def,
                               int32_t* out_index)
{
    silk_status status = check_add(world, composite, def, def ? def->internal_cookie : 0);
    if (status != SILK_OK)
    {
        return status;
    }
    if (!silk_valid_particle(world, def->particle))
    {
        return SILK_ERR_INDEX;
    }
    silk_vec2 target = def->target_from_position ? world->pos[def->particle] : def->target;
    if (!silk_is_finite_vec2(target))
    {
        return SILK_ERR_NONFINITE;
    }
    return silk_push_constraint(world, composite, SILK_PIN, def->particle, -1, -1, 1.0, 0.0, target,
                                out_index);
}

SILK_COLD
silk_status silk_world_add_angle(silk_world* world, int32_t composite, const silk_angle_def* def,
                                 int32_t* out_index)
{
    silk_status status = check_add(world, composite, def, def ? def->internal_cookie : 0);
    if (status != SILK_OK)
    {
        return status;
    }
    if (!silk_valid_particle(world, def->a) || !silk_valid_particle(world, def->b) ||
        !silk_valid_particle(world, def->c))
    {
        return SILK_ERR_INDEX;
    }
    if (!silk_is_finite(def->stiffness))
    {
        return SILK_ERR_NONFINITE;
    }
    double rest =
        silk_world_angle(world, world->pos[def->a], world->pos[def->b], world->pos[def->c]);
    /* the rest angle restore accepts (validate.c): an angle of points so far apart that the
       cross product overflows has none (atan2 of inf - inf) */
    silk_status rest_status = silk_check_rest(SILK_ANGLE, rest);
    if (rest_status != SILK_OK)
    {
        return rest_status == SILK_ERR_RANGE ? SILK_ERR_RANGE : SILK_ERR_NONFINITE;
    }
    return silk_push_constraint(world, composite, SILK_ANGLE, def->a, def->b, def->c,
                                def->stiffness, rest, (silk_vec2){0.0, 0.0}, out_index);
}

silk_status silk_locate_constraint(const silk_world* world, int32_t composite, int32_t index,
                                   int32_t* out_global)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    const silk_composite* comp = &world->composites[composite];
    if (index < 0 || index >= comp->constraint_count)
    {
        return SILK_ERR_INDEX;
    }
    *out_global = comp->constraint_begin + index;
    return SILK_OK;
}

static bool is_at(const silk_world* world, int32_t j, void* context)
{
    (void)world;
    return j == *(const int32_t*)context;
}

SILK_COLD
silk_status silk_world_remove_constraint(silk_world* world, int32_t composite, int32_t index)
{
    int32_t at = 0;
    silk_status status = silk_locate_constraint(world, composite, index, &at);
    if (status != SILK_OK)
    {
        return status;
    }
    /* The same order-preserving pass as a cut: composite runs, the dragged pin and the robust
       solver's order are kept in one place. A removed pin being dragged leaves the particle
       itself following the pointer. */
    silk_remove_constraints_where(world, is_at, &at);
    return SILK_OK;
}

int32_t silk_world_constraint_count(const silk_world* world)
{
    return silk_is_world(world) ? world->constraint_count : 0;
}

silk_status silk_world_composite_constraint_count(const silk_world* world, int32_t composite,
                                                  int32_t* out_count)
{
    if (!silk_is_world(world) || out_count == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    *out_count = world->composites[composite].constraint_count;
    return SILK_OK;
}

silk_status silk_world_composite_constraint_begin(const silk_world* world, int32_t composite,
                                                  int32_t* out_begin)
{
    if (!silk_is_world(world) || out_begin == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    *out_begin = world->composites[composite].constraint_begin;
    return SILK_OK;
}

SILK_COLD
silk_status silk_world_get_constraint(const silk_world* world, int32_t composite, int32_t index,
                                      silk_constraint_info* out_info)
{
    if (out_info == NULL)
    {
        return SILK_ERR_NULL;
    }
    int32_t at = 0;
    silk_status status = silk_locate_constraint(world, composite, index, &at);
    if (status != SILK_OK)
    {
        return status;
    }
    out_info->kind = (silk_constraint_kind)world->kind[at];
    out_info->a = world->ca[at];
    out_info->b = world->cb[at];
    out_info->c = world->cc[at];
    out_info->stiffness = world->stiffness[at];
    out_info->rest = world->rest[at];
    out_info->target = world->target[at];
    return SILK_OK;
}

silk_status silk_world_set_pin_target(silk_world* world, int32_t composite, int32_t index,
                                      silk_vec2 target)
{
    int32_t at = 0;
    silk_status status = silk_locate_constraint(world, composite, index, &at);
    if (status != SILK_OK)
    {
        return status;
    }
    if (world->kind[at] != SILK_PIN)
    {
        return SILK_ERR_KIND;
    }
    if (!silk_is_finite_vec2(target))
    {
        return SILK_ERR_NONFINITE;
    }
    world->target[at] = target;
    silk_sleep_wake_all(world); /* a moving pin is kinematic: sleeping discs would not yield */
    return SILK_OK;
}

silk_status silk_world_set_rest(silk_world* world, int32_t composite, int32_t index, double rest)
{
    int32_t at = 0;
    silk_status status = silk_locate_constraint(world, composite, index, &at);
    if (status != SILK_OK)
    {
        return status;
    }
    if (world->kind[at] == SILK_PIN)
    {
        return SILK_ERR_KIND;
    }
    if (!silk_is_finite(rest))
    {
        return SILK_ERR_NONFINITE;
    }
    status = silk_check_rest((silk_constraint_kind)world->kind[at], rest);
    if (status != SILK_OK)
    {
        return status;
    }
    world->rest[at] = rest;
    silk_constraints_changed(world); /* the prepared records hold a copy of the rest */
    return SILK_OK;
}

const uint8_t* silk_world_constraint_kinds(const silk_world* world)
{
    return silk_is_world(world) ? world->kind : NULL;
}

const int32_t* silk_world_constraint_a(const silk_world* world)
{
    return silk_is_world(world) ? world->ca : NULL;
}

const int32_t* silk_world_constraint_b(const silk_world* world)
{
    return silk_is_world(world) ? world->cb : NULL;
}

const int32_t* silk_world_constraint_c(const silk_world* world)
{
    return silk_is_world(world) ? world->cc : NULL;
}

const double* silk_world_constraint_rest(const silk_world* world)
{
    return silk_is_world(world) ? world->rest : NULL;
}

const silk_vec2* silk_world_constraint_targets(const silk_world* world)
{
    return silk_is_world(world) ? world->target : NULL;
}

int32_t silk_remove_constraints_where(silk_world* world, silk_constraint_filter* drop,
                                      void* context)
{
    /* One pass, writing each kept constraint to the next free slot: the order is kept, and
       every composite's run shrinks by what it lost. */
    int32_t write = 0;
    int32_t drag_pin = -1;
    for (int32_t k = 0; k < world->composite_count; ++k)
    {
        silk_composite* comp = &world->composites[k];
        const int32_t begin = comp->constraint_begin, end = begin + comp->constraint_count;
        comp->constraint_begin = write;
        for (int32_t j = begin; j < end; ++j)
        {
            if (drop(world, j, context))
            {
                world->angle_count -= world->kind[j] == SILK_ANGLE;
                continue;
            }
            if (j == world->drag.pin)
            {
                drag_pin = write;
            }
            if (write != j)
            {
                silk_constraints_move(world, write, j);
            }
            write += 1;
        }
        comp->constraint_count = write - comp->constraint_begin;
    }
    int32_t removed = world->constraint_count - write;
    world->constraint_count = write;
    world->drag.pin = drag_pin;
    if (removed > 0)
    {
        silk_constraints_changed(world);
    }
    return removed;
}
