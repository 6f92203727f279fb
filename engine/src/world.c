/* world.c -- creating a world, its settings, composites and particles (columns: storage.c). */
#include "cold.h"
#include "extension.h"
#include "health.h"
#include "polygon.h"
#include "record.h"
#include "settings.h"
#include "validate.h"
#include "sleep.h"
#include "world.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char* silk_status_string(silk_status status)
{
    switch (status)
    {
        case SILK_OK:
            return "ok";
        case SILK_ERR_NULL:
            return "null pointer";
        case SILK_ERR_INDEX:
            return "index out of range";
        case SILK_ERR_NONFINITE:
            return "number is NaN or infinite";
        case SILK_ERR_RANGE:
            return "number out of range";
        case SILK_ERR_CAPACITY:
            return "capacity exceeded";
        case SILK_ERR_NOMEM:
            return "out of memory";
        case SILK_ERR_STATE:
            return "world lacks what the call needs";
        case SILK_ERR_DEF:
            return "def not initialised by silk_default_*_def()";
        case SILK_ERR_KIND:
            return "wrong constraint kind";
        case SILK_ERR_DEGENERATE:
            return "degenerate geometry";
        case SILK_ERR_FORMAT:
            return "not a valid snapshot or recording";
        case SILK_ERR_UNSUPPORTED:
            return "not in this module (compat solver only)";
    }
    return "unknown status";
}

/* ---- validation ------------------------------------------------------------------------ */

bool silk_is_world(const silk_world* world)
{
    return world != NULL && world->cookie == SILK_WORLD_COOKIE;
}

bool silk_is_finite(double x)
{
    return isfinite(x);
}

bool silk_is_finite_vec2(silk_vec2 v)
{
    return isfinite(v.x) && isfinite(v.y);
}

bool silk_valid_particle(const silk_world* world, int32_t particle)
{
    return particle >= 0 && particle < world->particle_count;
}

bool silk_valid_composite(const silk_world* world, int32_t composite)
{
    return composite >= 0 && composite < world->composite_count;
}

/* ---- memory ---------------------------------------------------------------------------- */

static void* default_alloc(size_t size, void* user)
{
    (void)user;
    return malloc(size);
}

static void default_free(void* memory, void* user)
{
    (void)user;
    free(memory);
}

/* ---- defs, create, destroy ------------------------------------------------------------- */

silk_stepper_def silk_default_stepper_def(void)
{
    silk_stepper_def def = {0};
    SILK_STEPPER_SETTINGS(SILK_SETTING_DEFAULT)
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

SILK_COLD
silk_world_def silk_default_world_def(void)
{
    silk_world_def def = {0};
    SILK_WORLD_SETTINGS(SILK_SETTING_DEFAULT)
    def.particle_capacity = 256;
    def.constraint_capacity = 1024;
    def.composite_capacity = 8;
    def.stepper = silk_default_stepper_def();
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

SILK_COLD
silk_status silk_world_create(const silk_world_def* def, silk_world** out_world)
{
    if (def == NULL || out_world == NULL)
    {
        return SILK_ERR_NULL;
    }
    *out_world = NULL;
    silk_status status = silk_check_world_def(def, NULL);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_alloc_fn* alloc_fn = def->alloc_fn ? def->alloc_fn : default_alloc;
    silk_world* world = alloc_fn(sizeof(silk_world), def->allocator_user);
    if (world == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    memset(world, 0, sizeof(*world));
    world->alloc_fn = alloc_fn;
    world->free_fn = def->free_fn ? def->free_fn : default_free;
    world->allocator_user = def->allocator_user;
    world->cookie = SILK_WORLD_COOKIE;
    world->last_error = (silk_error_detail){SILK_OK, "", ""};
    {
        silk_world* to = world;
        const silk_world_def* from = def;
        SILK_WORLD_SETTINGS(SILK_SETTING_COPY)
    }
    world->rng = silk_rng_make(def->seed);
    world->last_passes = def->relax_passes;
    world->loop_mode = SILK_LOOP_FIXED;
    world->drag.particle = -1;
    world->drag.pin = -1;
    world->drag.queue_count = 0;
    silk_stepper_init(&world->stepper, &def->stepper);
    world->solver = SILK_SOLVER_COMPAT;
    world->robust.def = silk_default_robust_def();
    world->robust.last_h = def->stepper.step_seconds;
    world->constraints_version = 1; /* the robust solver's prepared_version 0: nothing yet */
    world->watchdog.def = silk_default_watchdog_def();
    silk_watchdog_reset(world);

    status = silk_reserve_particles(world, def->particle_capacity);
    if (status == SILK_OK)
    {
        status = silk_reserve_constraints(world, def->constraint_capacity);
    }
    if (status == SILK_OK)
    {
        status = silk_reserve_composites(world, def->composite_capacity);
    }
    if (status != SILK_OK)
    {
        silk_world_destroy(world);
        return status;
    }
    *out_world = world;
    return SILK_OK;
}

SILK_COLD
void silk_world_destroy(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return;
    }
    silk_storage_free(world);
    silk_robust_free(world);
    silk_extension_free(world);
    silk_watchdog_free(world);
    silk_record_free(world);
    silk_play_free(world);
    silk_polygons_free(world);
    world->cookie = 0;
    world->free_fn(world, world->allocator_user);
}

SILK_COLD
void silk_world_clear(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return;
    }
    silk_world_play_stop(world);
    world->particle_count = 0;
    world->constraint_count = 0;
    world->composite_count = 0;
    world->angle_count = 0;
    world->disc_count = 0;
    world->sleeping_count = 0;
    world->frame_count = 0;
    world->rng = silk_rng_make(world->seed);
    world->drag.particle = -1;
    world->drag.pin = -1;
    world->drag.queue_count = 0;
    /* an empty world starts as a fresh one would: the diagnostics' relaxation count is the
       world's own, and the robust velocity of a new particle p - q is over one fixed step */
    world->last_passes = world->relax_passes;
    world->robust.last_h = world->stepper.step_seconds;
    silk_extension_clear(world);
    silk_world_reset_clock(world);
    silk_constraints_changed(world);
    silk_watchdog_reset(world);
    silk_polygons_clear(world);
}

/* ---- settings (the setters and getters: world_settings.c) ----------------------------- */

double silk_world_random(silk_world* world)
{
    return silk_is_world(world) ? silk_rng_next_double(&world->rng) : 0.0;
}

/* ---- composites and particles ---------------------------------------------------------- */

SILK_COLD
silk_status silk_world_add_composite(silk_world* world, int32_t* out_composite)
{
    if (!silk_is_world(world) || out_composite == NULL)
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_reserve_composites(world, world->composite_count + 1);
    if (status != SILK_OK)
    {
        return status;
    }
    int32_t id = world->composite_count++;
    world->composites[id].constraint_begin = world->constraint_count;
    world->composites[id].constraint_count = 0;
    world->composites[id].filter = silk_default_collision_filter();
    *out_composite = id;
    return SILK_OK;
}

int32_t silk_world_composite_count(const silk_world* world)
{
    return silk_is_world(world) ? world->composite_count : 0;
}

SILK_COLD
silk_status silk_world_add_particle(silk_world* world, int32_t composite, silk_vec2 position,
                                    int32_t* out_particle)
{
    if (!silk_is_world(world) || out_particle == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    if (!silk_is_finite_vec2(position))
    {
        return SILK_ERR_NONFINITE;
    }
    silk_status status = silk_reserve_particles(world, world->particle_count + 1);
    if (status != SILK_OK)
    {
        return status;
    }
    int32_t i = world->particle_count++;
    world->pos[i] = position;
    world->last[i] = position;
    world->prev[i] = position;
    world->particle_composite[i] = composite;
    world->inverse_mass[i] = 1.0;
    world->velocity[i] = (silk_vec2){0.0, 0.0};
    world->radius[i] = 0.0;
    world->sleep_state[i] = 0;
    silk_constraints_changed(world);
    *out_particle = i;
    return SILK_OK;
}

int32_t silk_world_particle_count(const silk_world* world)
{
    return silk_is_world(world) ? world->particle_count : 0;
}

silk_status silk_world_particle_composite(const silk_world* world, int32_t particle,
                                          int32_t* out_composite)
{
    if (!silk_is_world(world) || out_composite == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    *out_composite = world->particle_composite[particle];
    return SILK_OK;
}

static silk_status check_particle_write(const silk_world* world, int32_t particle, silk_vec2 v)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    return silk_is_finite_vec2(v) ? SILK_OK : SILK_ERR_NONFINITE;
}

silk_status silk_world_set_position(silk_world* world, int32_t particle, silk_vec2 p)
{
    silk_status status = check_particle_write(world, particle, p);
    if (status == SILK_OK)
    {
        world->pos[particle] = p;
        silk_sleep_wake_all(world);
    }
    return status;
}

silk_status silk_world_set_last_position(silk_world* world, int32_t particle, silk_vec2 q)
{
    silk_status status = check_particle_write(world, particle, q);
    if (status == SILK_OK)
    {
        world->last[particle] = q;
        silk_sleep_wake_all(world);
    }
    return status;
}

silk_status silk_world_get_position(const silk_world* world, int32_t particle, silk_vec2* out_p)
{
    if (!silk_is_world(world) || out_p == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    *out_p = world->pos[particle];
    return SILK_OK;
}

silk_status silk_world_get_last_position(const silk_world* world, int32_t particle,
                                         silk_vec2* out_q)
{
    if (!silk_is_world(world) || out_q == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    *out_q = world->last[particle];
    return SILK_OK;
}

const silk_vec2* silk_world_positions(const silk_world* world)
{
    return silk_is_world(world) ? world->pos : NULL;
}

const silk_vec2* silk_world_last_positions(const silk_world* world)
{
    return silk_is_world(world) ? world->last : NULL;
}

const silk_vec2* silk_world_previous_positions(const silk_world* world)
{
    return silk_is_world(world) ? world->prev : NULL;
}

/* ---- whole-world storage: def, reservations, rollback ------------------------------------ */

SILK_COLD
silk_world_def silk_world_get_def(const silk_world* world)
{
    silk_world_def def = silk_default_world_def();
    if (!silk_is_world(world))
    {
        return def;
    }
    {
        silk_world_def* to = &def;
        const silk_world* from = world;
        SILK_WORLD_SETTINGS(SILK_SETTING_COPY)
    }
    def.particle_capacity = world->particle_capacity;
    def.constraint_capacity = world->constraint_capacity;
    def.composite_capacity = world->composite_capacity;
    def.stepper.step_seconds = world->stepper.step_seconds;
    def.stepper.max_steps_per_frame = world->stepper.max_steps_per_frame;
    def.alloc_fn = world->alloc_fn;
    def.free_fn = world->free_fn;
    def.allocator_user = world->allocator_user;
    return def;
}

SILK_COLD
silk_status silk_world_reserve(silk_world* world, int32_t particles, int32_t constraints,
                               int32_t composites)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (particles < 0 || constraints < 0 || composites < 0 || particles > SILK_MAX_PARTICLES ||
        constraints > SILK_MAX_CONSTRAINTS || composites > SILK_MAX_COMPOSITES)
    {
        return SILK_ERR_CAPACITY;
    }
    /* each grows all of its arrays or none; a larger capacity is not visible state */
    silk_status status = silk_reserve_particles(world, particles);
    if (status == SILK_OK)
    {
        status = silk_reserve_constraints(world, constraints);
    }
    if (status == SILK_OK)
    {
        status = silk_reserve_composites(world, composites);
    }
    return status;
}

silk_world_mark silk_world_get_mark(const silk_world* world)
{
    silk_world_mark mark = {0, 0, 0};
    if (silk_is_world(world))
    {
        mark.particles = world->particle_count;
        mark.constraints = world->constraint_count;
        mark.composites = world->composite_count;
    }
    return mark;
}

/* Everything after the mark is appended: new composites own every constraint and particle
   past it, and nothing before it refers to them. Each refusal names what the mark breaks. */
SILK_COLD
static silk_status check_mark(silk_world* world, silk_world_mark mark)
{
    if (mark.particles < 0 || mark.constraints < 0 || mark.composites < 0 ||
        mark.particles > world->particle_count || mark.constraints > world->constraint_count ||
        mark.composites > world->composite_count)
    {
        return silk_world_report_error(world, SILK_ERR_STATE, "mark",
                                       "counts must be in [0, the world's counts]");
    }
    const silk_composite* last_old =
        mark.composites > 0 ? &world->composites[mark.composites - 1] : NULL;
    int32_t old_end = last_old ? last_old->constraint_begin + last_old->constraint_count : 0;
    if (old_end != mark.constraints)
    {
        return silk_world_report_error(world, SILK_ERR_STATE, "mark.constraints",
                                       "must end the last kept composite's constraints");
    }
    for (int32_t i = 0; i < world->particle_count; ++i)
    {
        /* a kept particle needs its composite kept, a removed one a removed composite */
        if (i < mark.particles && world->particle_composite[i] >= mark.composites)
        {
            return silk_world_report_error(world, SILK_ERR_STATE, "mark.composites",
                                           "must keep the composite of every kept particle");
        }
        if (i >= mark.particles && world->particle_composite[i] < mark.composites)
        {
            return silk_world_report_error(world, SILK_ERR_STATE, "mark.particles",
                                           "removes a particle of a kept composite");
        }
    }
    for (int32_t j = 0; j < mark.constraints; ++j)
    {
        if (world->ca[j] >= mark.particles || world->cb[j] >= mark.particles ||
            world->cc[j] >= mark.particles)
        {
            return silk_world_report_error(world, SILK_ERR_STATE, "mark.particles",
                                           "removes a particle a kept constraint uses");
        }
    }
    return SILK_OK;
}

SILK_COLD
silk_status silk_world_rollback(silk_world* world, silk_world_mark mark)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_status status = check_mark(world, mark);
    if (status != SILK_OK)
    {
        return status;
    }
    /* the extension drops what goes (its hook), or the rollback is refused: its values must
       pass its own check with the new counts, or the world's snapshot would not restore */
    int32_t values[SILK_MAX_EXTENSION_VALUES];
    if (silk_extension_rollback(world, mark, values) != SILK_OK)
    {
        return silk_world_report_error(world, SILK_ERR_STATE, "extension",
                                       "its values refer to what the rollback removes");
    }
    memcpy(world->extension.values, values, sizeof(values));
    if (world->drag.particle >= mark.particles || world->drag.pin >= mark.constraints)
    {
        world->drag.particle = -1;
        world->drag.pin = -1;
    }
    silk_counts_drop_rows(world, mark.particles, mark.constraints);
    world->particle_count = mark.particles;
    world->constraint_count = mark.constraints;
    world->composite_count = mark.composites;
    silk_constraints_changed(world);
    return SILK_OK;
}
