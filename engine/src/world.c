/* world.c -- creating a world, its settings, composites, particles and storage growth. */
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

void* silk_alloc(const silk_world* world, size_t size)
{
    return world->alloc_fn(size, world->allocator_user);
}

void silk_free(const silk_world* world, void* memory)
{
    if (memory != NULL)
    {
        world->free_fn(memory, world->allocator_user);
    }
}

/* Grows one array from `count` used elements to `capacity`; on failure the old array stays. */
static void* grow_array(silk_world* world, void* old, int32_t count, int32_t capacity,
                        size_t element)
{
    void* fresh = silk_alloc(world, (size_t)capacity * element);
    if (fresh != NULL && old != NULL && count > 0)
    {
        memcpy(fresh, old, (size_t)count * element);
    }
    return fresh;
}

static int32_t next_capacity(int32_t current, int32_t needed, int32_t limit)
{
    int64_t capacity = current < 16 ? 16 : current;
    while (capacity < needed)
    {
        capacity *= 2;
    }
    return capacity > limit ? limit : (int32_t)capacity;
}

silk_status silk_reserve_particles(silk_world* world, int32_t count)
{
    /* a capacity of 0 still allocates (16): the robust scratch and the step's loops never
       see a NULL array, whatever the def asked for */
    if (count <= world->particle_capacity && world->pos != NULL)
    {
        return SILK_OK;
    }
    if (count > SILK_MAX_PARTICLES)
    {
        return SILK_ERR_CAPACITY;
    }
    int32_t n = world->particle_count;
    int32_t capacity = next_capacity(world->particle_capacity, count, SILK_MAX_PARTICLES);
    /* the robust solver's scratch first: larger scratch than needed is harmless if the rest
       fails, while the reverse would leave it short */
    silk_status status = silk_robust_reserve_particles(world, capacity);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_vec2* pos = grow_array(world, world->pos, n, capacity, sizeof(silk_vec2));
    silk_vec2* last = grow_array(world, world->last, n, capacity, sizeof(silk_vec2));
    silk_vec2* prev = grow_array(world, world->prev, n, capacity, sizeof(silk_vec2));
    int32_t* comp = grow_array(world, world->particle_composite, n, capacity, sizeof(int32_t));
    double* inverse_mass = grow_array(world, world->inverse_mass, n, capacity, sizeof(double));
    silk_vec2* velocity = grow_array(world, world->velocity, n, capacity, sizeof(silk_vec2));
    if (pos == NULL || last == NULL || prev == NULL || comp == NULL || inverse_mass == NULL ||
        velocity == NULL)
    {
        silk_free(world, velocity);
        silk_free(world, pos);
        silk_free(world, last);
        silk_free(world, prev);
        silk_free(world, comp);
        silk_free(world, inverse_mass);
        return SILK_ERR_NOMEM;
    }
    silk_free(world, world->pos);
    silk_free(world, world->last);
    silk_free(world, world->prev);
    silk_free(world, world->particle_composite);
    silk_free(world, world->inverse_mass);
    silk_free(world, world->velocity);
    world->velocity = velocity;
    world->pos = pos;
    world->last = last;
    world->prev = prev;
    world->particle_composite = comp;
    world->inverse_mass = inverse_mass;
    world->particle_capacity = capacity;
    silk_watchdog_reserve(world); /* on failure auto-restore only skips snapshots */
    return SILK_OK;
}

silk_status silk_reserve_constraints(silk_world* world, int32_t count)
{
    if (count <= world->constraint_capacity && world->kind != NULL)
    {
        return SILK_OK;
    }
    if (count > SILK_MAX_CONSTRAINTS)
    {
        return SILK_ERR_CAPACITY;
    }
    int32_t n = world->constraint_count;
    int32_t cap = next_capacity(world->constraint_capacity, count, SILK_MAX_CONSTRAINTS);
    silk_status status = silk_robust_reserve_constraints(world, cap); /* first: see particles */
    if (status != SILK_OK)
    {
        return status;
    }
    uint8_t* kind = grow_array(world, world->kind, n, cap, sizeof(uint8_t));
    int32_t* ca = grow_array(world, world->ca, n, cap, sizeof(int32_t));
    int32_t* cb = grow_array(world, world->cb, n, cap, sizeof(int32_t));
    int32_t* cc = grow_array(world, world->cc, n, cap, sizeof(int32_t));
    double* stiffness = grow_array(world, world->stiffness, n, cap, sizeof(double));
    double* rest = grow_array(world, world->rest, n, cap, sizeof(double));
    silk_vec2* target = grow_array(world, world->target, n, cap, sizeof(silk_vec2));
    double* compliance = grow_array(world, world->compliance, n, cap, sizeof(double));
    double* scratch = grow_array(world, NULL, 0, cap, sizeof(double));
    double* scratch2 = grow_array(world, NULL, 0, cap, sizeof(double));
    if (!kind || !ca || !cb || !cc || !stiffness || !rest || !target || !compliance || !scratch ||
        !scratch2)
    {
        silk_free(world, compliance);
        silk_free(world, kind);
        silk_free(world, ca);
        silk_free(world, cb);
        silk_free(world, cc);
        silk_free(world, stiffness);
        silk_free(world, rest);
        silk_free(world, target);
        silk_free(world, scratch);
        silk_free(world, scratch2);
        return SILK_ERR_NOMEM;
    }
    silk_free(world, world->kind);
    silk_free(world, world->ca);
    silk_free(world, world->cb);
    silk_free(world, world->cc);
    silk_free(world, world->stiffness);
    silk_free(world, world->rest);
    silk_free(world, world->target);
    silk_free(world, world->compliance);
    silk_free(world, world->scratch);
    silk_free(world, world->scratch2);
    world->compliance = compliance;
    world->kind = kind;
    world->ca = ca;
    world->cb = cb;
    world->cc = cc;
    world->stiffness = stiffness;
    world->rest = rest;
    world->target = target;
    world->scratch = scratch;
    world->scratch2 = scratch2;
    world->constraint_capacity = cap;
    silk_watchdog_reserve(world);
    return SILK_OK;
}

silk_status silk_reserve_composites(silk_world* world, int32_t count)
{
    if (count <= world->composite_capacity && world->composites != NULL)
    {
        return SILK_OK;
    }
    if (count > SILK_MAX_COMPOSITES)
    {
        return SILK_ERR_CAPACITY;
    }
    int32_t capacity = next_capacity(world->composite_capacity, count, SILK_MAX_COMPOSITES);
    silk_composite* fresh = grow_array(world, world->composites, world->composite_count, capacity,
                                       sizeof(silk_composite));
    if (fresh == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    silk_free(world, world->composites);
    world->composites = fresh;
    world->composite_capacity = capacity;
    silk_watchdog_reserve(world);
    return SILK_OK;
}

/* ---- defs, create, destroy ------------------------------------------------------------- */

silk_stepper_def silk_default_stepper_def(void)
{
    silk_stepper_def def = {0};
    def.step_seconds = 1.0 / 60.0;
    def.max_steps_per_frame = 8;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

silk_world_def silk_default_world_def(void)
{
    silk_world_def def = {0};
    def.width = 800.0;
    def.height = 500.0;
    def.gravity = (silk_vec2){0.0, 0.2};
    def.friction = 0.99;
    def.ground_friction = 0.8;
    def.seed = 1;
    def.particle_capacity = 256;
    def.constraint_capacity = 1024;
    def.composite_capacity = 8;
    def.relax_steps = 16;
    def.stepper = silk_default_stepper_def();
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

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
    world->width = def->width;
    world->height = def->height;
    world->gravity = def->gravity;
    world->friction = def->friction;
    world->ground_friction = def->ground_friction;
    world->seed = def->seed;
    world->rng = silk_rng_make(def->seed);
    world->relax_steps = def->relax_steps;
    world->last_step = def->relax_steps;
    world->loop_mode = SILK_LOOP_FIXED;
    world->drag.particle = -1;
    world->drag.pin = -1;
    world->drag.queue_count = 0;
    silk_stepper_init(&world->stepper, &def->stepper);
    silk_spider_forget(world);
    world->solver = SILK_SOLVER_COMPAT;
    world->robust.def = silk_default_robust_def();
    world->robust.last_h = def->stepper.step_seconds;
    world->robust.version = 1; /* nothing prepared yet */
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

void silk_world_destroy(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return;
    }
    silk_free(world, world->pos);
    silk_free(world, world->last);
    silk_free(world, world->prev);
    silk_free(world, world->particle_composite);
    silk_free(world, world->composites);
    silk_free(world, world->kind);
    silk_free(world, world->ca);
    silk_free(world, world->cb);
    silk_free(world, world->cc);
    silk_free(world, world->stiffness);
    silk_free(world, world->rest);
    silk_free(world, world->target);
    silk_free(world, world->compliance);
    silk_free(world, world->inverse_mass);
    silk_free(world, world->velocity);
    silk_free(world, world->scratch);
    silk_free(world, world->scratch2);
    silk_free(world, world->spider.candidates);
    silk_robust_free(world);
    silk_watchdog_free(world);
    silk_record_free(world);
    silk_play_free(world);
    silk_polygons_free(world);
    world->cookie = 0;
    world->free_fn(world, world->allocator_user);
}

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
    world->frame_count = 0;
    world->rng = silk_rng_make(world->seed);
    world->drag.particle = -1;
    world->drag.pin = -1;
    world->drag.queue_count = 0;
    world->spider.web = -1;
    world->spider.spider = -1;
    world->spider.leg_index = 0;
    silk_world_reset_clock(world);
    silk_robust_touch(world);
    silk_watchdog_reset(world);
    silk_polygons_clear(world);
}

/* ---- settings -------------------------------------------------------------------------- */

silk_status silk_world_set_gravity(silk_world* world, silk_vec2 gravity)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite_vec2(gravity))
    {
        return SILK_ERR_NONFINITE;
    }
    silk_record_input(world, SILK_EVENT_GRAVITY, 0, gravity.x, gravity.y);
    world->gravity = gravity;
    return SILK_OK;
}

silk_status silk_world_set_friction(silk_world* world, double friction)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite(friction))
    {
        return SILK_ERR_NONFINITE;
    }
    silk_record_input(world, SILK_EVENT_FRICTION, 0, friction, 0.0);
    world->friction = friction;
    return SILK_OK;
}

silk_status silk_world_set_ground_friction(silk_world* world, double ground_friction)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite(ground_friction))
    {
        return SILK_ERR_NONFINITE;
    }
    silk_record_input(world, SILK_EVENT_GROUND_FRICTION, 0, ground_friction, 0.0);
    world->ground_friction = ground_friction;
    return SILK_OK;
}

silk_status silk_world_set_size(silk_world* world, double width, double height)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_check_size_detail(width, height, &world->last_error);
    if (status != SILK_OK)
    {
        return status;
    }
    world->width = width;
    world->height = height;
    return SILK_OK;
}

silk_status silk_world_set_seed(silk_world* world, uint64_t seed)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    world->seed = seed;
    world->rng = silk_rng_make(seed);
    return SILK_OK;
}

silk_vec2 silk_world_get_gravity(const silk_world* world)
{
    return silk_is_world(world) ? world->gravity : (silk_vec2){0.0, 0.0};
}

double silk_world_get_friction(const silk_world* world)
{
    return silk_is_world(world) ? world->friction : 0.0;
}

double silk_world_get_ground_friction(const silk_world* world)
{
    return silk_is_world(world) ? world->ground_friction : 0.0;
}

silk_vec2 silk_world_get_size(const silk_world* world)
{
    return silk_is_world(world) ? (silk_vec2){world->width, world->height} : (silk_vec2){0, 0};
}

double silk_world_random(silk_world* world)
{
    return silk_is_world(world) ? silk_rng_next_double(&world->rng) : 0.0;
}

/* ---- composites and particles ---------------------------------------------------------- */

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
    *out_composite = id;
    return SILK_OK;
}

int32_t silk_world_composite_count(const silk_world* world)
{
    return silk_is_world(world) ? world->composite_count : 0;
}

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
    silk_robust_touch(world);
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
    }
    return status;
}

silk_status silk_world_set_last_position(silk_world* world, int32_t particle, silk_vec2 q)
{
    silk_status status = check_particle_write(world, particle, q);
    if (status == SILK_OK)
    {
        world->last[particle] = q;
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
