/* sleep.c -- resting discs fall asleep: a settled pile costs a fraction of an awake one.

   With silk_robust_def.sleep on (off by default), each robust step ends with:

       1. rest counts: a disc that may sleep (below) and moves slower than sleep_speed px/s
          counts one more resting step (up to sleep_steps); any other particle counts 0
       2. islands: the discs of this step's contacts (the last contact pass's, contact.c),
          joined by union-find over the contacts between two movable discs -- pinned,
          dragged and immovable discs and the static polygons are ground, not members
       3. an awake disc that touched a sleeping one wakes that disc's whole island (its
          members share the island's id) and keeps its own island awake this step
       4. an island whose every member has rested sleep_steps steps sleeps: velocity 0,
          q = p, and sleep_state = -(root + 1), root its lowest particle index

   A sleeping disc has inverse mass 0 for the step (silk_sleep_freeze): it is not integrated,
   a pair of two sleeping discs is skipped before its distance is computed, and a step whose
   discs all sleep runs no contact pass at all (robust_step.c). What may sleep: a disc
   (radius > 0) with inverse mass > 0 whose composite has no constraint (a rope's or a
   cloth's particles, pins included, never sleep: their constraints would need waking rules
   of their own) and that is not dragged. While a drag is held nothing sleeps and every
   count restarts. Any input wakes every sleeping particle: a recorded input (drag, a
   setting, a radius, a filter: record.c), a changed constraint set or mass (storage.c), set
   position or last position, set pin target (they call silk_sleep_wake_all). Restore and
   rollback keep the sleep state: it is world state (the snapshot's v7 column, the state
   hash's sleep block).

   Deterministic: the union-find links the higher root under the lower, so a root is its
   island's lowest index whatever the contacts' order, and every count is an integer. The
   arrays are the broad phase's (broadphase.h), grown outside the step. */
#include "sleep.h"

#include "broadphase.h"
#include "world.h"

#include <stdint.h>

void silk_sleep_wake_all(silk_world* world)
{
    if (world->sleeping_count == 0)
    {
        return;
    }
    int32_t* state = world->sleep_state;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        state[i] = state[i] < 0 ? 0 : state[i];
    }
    world->sleeping_count = 0;
}

void silk_sleep_freeze(const silk_world* world, double* w)
{
    if (world->sleeping_count == 0)
    {
        return;
    }
    const int32_t* state = world->sleep_state;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        w[i] = state[i] < 0 ? 0.0 : w[i];
    }
}

static int32_t find(int32_t* parent, int32_t i)
{
    while (parent[i] != i)
    {
        parent[i] = parent[parent[i]]; /* path halving */
        i = parent[i];
    }
    return i;
}

static void unite(int32_t* parent, int32_t a, int32_t b)
{
    a = find(parent, a);
    b = find(parent, b);
    if (a < b)
    {
        parent[b] = a;
    }
    else if (b < a)
    {
        parent[a] = b;
    }
}

/* 1. Rest counts; returns how many awake discs have rested long enough (none: no island
   can fall asleep this step). */
static int32_t count_rest(silk_world* world, int32_t steps)
{
    const double limit = world->robust.def.sleep_speed;
    const double limit2 = limit * limit;
    const silk_vec2* v = world->velocity;
    const double* w = world->robust.w;
    int32_t* state = world->sleep_state;
    int32_t ready = 0;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        if (state[i] < 0)
        {
            continue; /* asleep */
        }
        const bool member = w[i] > 0.0 && world->radius[i] > 0.0 &&
                            world->composites[world->particle_composite[i]].constraint_count == 0;
        const double s2 = v[i].x * v[i].x + v[i].y * v[i].y;
        const int32_t rest = member && s2 < limit2 ? (state[i] < steps ? state[i] + 1 : steps) : 0;
        state[i] = rest;
        ready += rest >= steps;
    }
    return ready;
}

void silk_sleep_update(silk_world* world)
{
    const silk_robust_def* def = &world->robust.def;
    silk_collision_state* c = &world->collision;
    const int32_t n = world->particle_count;
    if (!def->sleep || !c->active || c->capacity < n)
    {
        return;
    }
    int32_t* state = world->sleep_state;
    if (world->drag.particle >= 0)
    {
        silk_sleep_wake_all(world); /* a dragged disc is kinematic: it would pass through */
        for (int32_t i = 0; i < n; ++i)
        {
            state[i] = 0;
        }
        return;
    }
    const int32_t steps = def->sleep_steps;
    const int32_t ready = count_rest(world, steps);
    const double* w = world->robust.w;
    /* anything to do? an awake disc touching a sleeping one, or discs ready to sleep */
    bool touched = false;
    for (int32_t m = 0; m < c->contact_count && world->sleeping_count > 0 && !touched; ++m)
    {
        touched = (state[c->contacts[m].a] < 0) != (state[c->contacts[m].b] < 0);
    }
    const bool settle = ready > 0 && !c->contact_lost;
    if (!touched && !settle)
    {
        return;
    }
    /* 2. islands over the contacts between two movable (awake, unpinned) discs */
    int32_t* parent = c->island_parent;
    int32_t* rest = c->island_rest;
    for (int32_t i = 0; i < n; ++i)
    {
        parent[i] = i;
        rest[i] = INT32_MAX;
    }
    for (int32_t m = 0; m < c->contact_count; ++m)
    {
        const silk_contact* t = &c->contacts[m];
        if (w[t->a] > 0.0 && w[t->b] > 0.0)
        {
            unite(parent, t->a, t->b);
        }
    }
    /* each island's least rest (a movable particle's root is a movable particle) */
    for (int32_t i = 0; i < n; ++i)
    {
        if (w[i] > 0.0)
        {
            const int32_t root = find(parent, i);
            rest[root] = state[i] < rest[root] ? state[i] : rest[root];
        }
    }
    /* 3. a touch: the awake island stays awake (-1), the sleeping one is marked (-2 at its
       root, a sleeping particle, which no movable particle's island uses) */
    for (int32_t m = 0; m < c->contact_count && touched; ++m)
    {
        const int32_t a = c->contacts[m].a, b = c->contacts[m].b;
        if ((state[a] < 0) != (state[b] < 0))
        {
            const int32_t sleeper = state[a] < 0 ? a : b, waker = state[a] < 0 ? b : a;
            rest[find(parent, waker)] = -1;
            rest[-state[sleeper] - 1] = -2;
        }
    }
    /* 4. wake the marked islands, put the rested ones to sleep */
    for (int32_t i = 0; i < n; ++i)
    {
        if (state[i] < 0)
        {
            if (rest[-state[i] - 1] == -2)
            {
                state[i] = 0;
                world->sleeping_count -= 1;
            }
        }
        else if (settle && w[i] > 0.0 && rest[find(parent, i)] >= steps)
        {
            state[i] = -find(parent, i) - 1;
            world->velocity[i] = (silk_vec2){0.0, 0.0};
            world->last[i] = world->pos[i];
            world->sleeping_count += 1;
        }
    }
}
