/* storage.c -- the world's columns: growth, shifting, compaction and freeing, each written
   once over the column tables of storage.h. */
#include "extension.h"
#include "health.h"
#include "sleep.h"
#include "world.h"

#include <string.h>

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

/* A copy of `count` elements of `old` in a fresh array of `capacity`; NULL on failure (the old
   array stays). */
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

/* Growing a table: every column into a fresh array first, and only when all of them exist are
   the old ones freed -- so a failure leaves the world as it was. */
#define GROW_COLUMN(type, name, wire, hashed)                                                      \
    fresh.name = ok ? grow_array(world, world->name, n, capacity, sizeof(type)) : NULL;            \
    ok = ok && fresh.name != NULL;
#define DROP_FRESH(type, name, wire, hashed) silk_free(world, fresh.name);
#define TAKE_FRESH(type, name, wire, hashed)                                                       \
    silk_free(world, world->name);                                                                 \
    world->name = fresh.name;
#define FREE_COLUMN(type, name, wire, hashed)                                                      \
    silk_free(world, world->name);                                                                 \
    world->name = NULL;

silk_status silk_reserve_particles(silk_world* world, int32_t count)
{
    /* a capacity of 0 still allocates (16): the step's loops never see a NULL column,
       whatever the def asked for */
    if (count <= world->particle_capacity && world->pos != NULL)
    {
        return SILK_OK;
    }
    if (count > SILK_MAX_PARTICLES)
    {
        return SILK_ERR_CAPACITY;
    }
    const int32_t n = world->particle_count;
    const int32_t capacity = next_capacity(world->particle_capacity, count, SILK_MAX_PARTICLES);
    /* the extension's scratch first: larger scratch than needed is harmless if the rest fails,
       while the reverse would leave it short */
    silk_status status = silk_extension_reserve(world, capacity);
    if (status != SILK_OK)
    {
        return status;
    }
    struct
    {
        SILK_PARTICLE_COLUMNS(SILK_COLUMN_FIELD)
    } fresh;
    bool ok = true;
    SILK_PARTICLE_COLUMNS(GROW_COLUMN)
    if (!ok)
    {
        SILK_PARTICLE_COLUMNS(DROP_FRESH)
        return SILK_ERR_NOMEM;
    }
    SILK_PARTICLE_COLUMNS(TAKE_FRESH)
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
    const int32_t n = world->constraint_count;
    const int32_t capacity = next_capacity(world->constraint_capacity, count, SILK_MAX_CONSTRAINTS);
    struct
    {
        SILK_CONSTRAINT_COLUMNS(SILK_COLUMN_FIELD)
        double* scratch; /* the diagnostics' per-constraint scratch: nothing to copy */
        double* scratch2;
    } fresh;
    bool ok = true;
    SILK_CONSTRAINT_COLUMNS(GROW_COLUMN)
    fresh.scratch = ok ? grow_array(world, NULL, 0, capacity, sizeof(double)) : NULL;
    ok = ok && fresh.scratch != NULL;
    fresh.scratch2 = ok ? grow_array(world, NULL, 0, capacity, sizeof(double)) : NULL;
    ok = ok && fresh.scratch2 != NULL;
    if (!ok)
    {
        SILK_CONSTRAINT_COLUMNS(DROP_FRESH)
        silk_free(world, fresh.scratch);
        silk_free(world, fresh.scratch2);
        return SILK_ERR_NOMEM;
    }
    SILK_CONSTRAINT_COLUMNS(TAKE_FRESH)
    silk_free(world, world->scratch);
    silk_free(world, world->scratch2);
    world->scratch = fresh.scratch;
    world->scratch2 = fresh.scratch2;
    world->constraint_capacity = capacity;
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

void silk_storage_free(silk_world* world)
{
    SILK_PARTICLE_COLUMNS(FREE_COLUMN)
    SILK_CONSTRAINT_COLUMNS(FREE_COLUMN)
    silk_free(world, world->composites);
    silk_free(world, world->scratch);
    silk_free(world, world->scratch2);
    world->composites = NULL;
    world->scratch = NULL;
    world->scratch2 = NULL;
}

void silk_constraints_shift(silk_world* world, int32_t from, int32_t shift)
{
    const int32_t count = world->constraint_count - from;
    if (count <= 0)
    {
        return;
    }
    const int32_t to = from + shift;
#define SHIFT_COLUMN(type, name, wire, hashed)                                                     \
    memmove(world->name + to, world->name + from, (size_t)count * sizeof(type));
    SILK_CONSTRAINT_COLUMNS(SHIFT_COLUMN)
#undef SHIFT_COLUMN
}

void silk_constraints_move(silk_world* world, int32_t to, int32_t from)
{
#define MOVE_COLUMN(type, name, wire, hashed) world->name[to] = world->name[from];
    SILK_CONSTRAINT_COLUMNS(MOVE_COLUMN)
#undef MOVE_COLUMN
}

void silk_constraints_changed(silk_world* world)
{
    world->constraints_version += 1;
    silk_sleep_wake_all(world); /* what a sleeping island rests on may have changed */
}

void silk_constraints_restored(silk_world* world)
{
    world->constraints_version += 1;
}

static int32_t angles_in(const silk_world* world, int32_t from, int32_t to)
{
    int32_t angles = 0;
    for (int32_t j = from; j < to; ++j)
    {
        angles += world->kind[j] == SILK_ANGLE;
    }
    return angles;
}

static int32_t discs_in(const silk_world* world, int32_t from, int32_t to)
{
    int32_t discs = 0;
    for (int32_t i = from; i < to; ++i)
    {
        discs += world->radius[i] > 0.0;
    }
    return discs;
}

static int32_t sleeping_in(const silk_world* world, int32_t from, int32_t to)
{
    int32_t sleeping = 0;
    for (int32_t i = from; i < to; ++i)
    {
        sleeping += world->sleep_state[i] < 0;
    }
    return sleeping;
}

void silk_counts_drop_rows(silk_world* world, int32_t particles, int32_t constraints)
{
    world->angle_count -= angles_in(world, constraints, world->constraint_count);
    world->disc_count -= discs_in(world, particles, world->particle_count);
    world->sleeping_count -= sleeping_in(world, particles, world->particle_count);
}

void silk_counts_recount(silk_world* world)
{
    world->angle_count = angles_in(world, 0, world->constraint_count);
    world->disc_count = discs_in(world, 0, world->particle_count);
    world->sleeping_count = sleeping_in(world, 0, world->particle_count);
}
