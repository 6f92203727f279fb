/* sleep.c -- resting discs fall asleep: a settled pile costs a fraction of an awake one.

   With silk_robust_def.sleep on (off by default), each robust step ends with:

       1. rest counts: a disc that may sleep (below) and moves slower than sleep_speed px/s
          counts one more resting step (up to sleep_steps); any other particle counts 0
       2. islands: the rested discs (sleep_steps resting steps) joined by union-find over
          this step's contacts between two of them (the last contact pass's, contact.c) --
          pinned, dragged and immovable discs, the static polygons and the discs still
          settling are not members: to an island they are ground, as a sleeping island is
          ground to them
       3. an island waits while a disc still settling presses one of its discs deeper than
          SLEEP_LOAD of the smaller radius (the weight of a pile still moving above it: it
          would fall asleep squeezed, and keep that overlap); an awake disc that hit a
          sleeping one faster than sleep_speed plus one substep of gravity (the approach a
          disc resting on it has) keeps its own island awake this step and wakes the disc it
          hit -- that disc alone, not its island
       4. the islands sleep: velocity 0, q = p, and sleep_state = -(root + 1), root the
          island's lowest sleeping particle index (relabel_islands keeps it so when a root
          wakes alone)

   Why the disc alone (2026-12-06, docs/performance.md "Waking one disc"): waking the whole
   island cascaded through a large pile -- a ball rolling onto a 20,000-ball pile woke
   thousands of discs, which had to rest sleep_steps steps again, and the pile was still
   waking and sleeping at 12 s. The disc hit yields; if it hits its own neighbours hard
   enough, they wake in turn, so a hit wakes as far as its momentum carries. Why the load
   wait: with the pile still moving above them, the bottom's discs rest (slower than
   sleep_speed) while squeezed by a passing load; asleep, they kept overlaps of 1.4 r that
   the awake pile relaxes (at 20,000 balls).

   Why islands of rested discs, not of all touching discs (Box2D's rule): a pile is one
   island of touching discs, and one disc still creeping on its slope (an avalanche, a ball
   wedged at a wall) then keeps all of it awake -- measured, a 5,000-ball pile did not sleep
   in 14 s that way, and sleeps in 7 s this way. The price: a disc still settling rests on a
   sleeping island as on the floor (it cannot push it) unless it hits it faster than the
   threshold.

   A sleeping disc has inverse mass 0 for the step (silk_sleep_freeze): it is not integrated,
   a pair of two sleeping discs is never visited (the sleeping discs have their own grid,
   built once a step: broadphase.c), and a step whose discs all sleep runs no contact pass at
   all (robust_step.c). What may sleep: a disc
   (radius > 0) with inverse mass > 0 whose composite has no constraint (a rope's or a
   cloth's particles, pins included, never sleep: their constraints would need waking rules
   of their own) and that is not dragged. While a drag is held nothing sleeps and every
   count restarts. Any input wakes every sleeping particle: a recorded input (drag, a
   setting, a radius, a filter: record.c), a changed constraint set or mass (storage.c), set
   position or last position, set pin target, adding a static polygon (they call
   silk_sleep_wake_all). Restore and
   rollback keep the sleep state: it is world state (the snapshot's v7 column, the state
   hash's sleep block).

   Deterministic: the union-find links the higher root under the lower, so a root is its
   island's lowest index whatever the contacts' order, and every count is an integer. The
   arrays are the broad phase's (broadphase.h), grown outside the step. */
#include "sleep.h"

#include "broadphase.h"
#include "world.h"

#include <stdint.h>

/* Step 3's load: an island waits while a disc still settling overlaps one of its discs
   deeper than this share of the smaller radius. Below it the 1,000-ball pile (whose bottom
   overlaps reach 0.5 r under the full load) sleeps as before; measured at 0.25-0.75,
   docs/performance.md. */
#define SLEEP_LOAD 0.6

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

/* Whether contact t is an awake disc hitting a sleeping one hard enough to wake it: their
   approach speed (before the pass) above wake_speed. A disc merely resting on a sleeping one
   approaches at one substep of gravity each substep, and would wake it every step. */
static bool wakes(const silk_world* world, const silk_contact* t, double wake_speed)
{
    const int32_t* state = world->sleep_state;
    return (state[t->a] < 0) != (state[t->b] < 0) && t->vn < -wake_speed;
}

/* Whether the pair (a, b) overlaps deeper than SLEEP_LOAD of the smaller radius at the end
   of the step (compared squared: no square root). */
static bool pressed(const silk_world* world, int32_t a, int32_t b)
{
    const silk_vec2* p = world->pos;
    const double* r = world->radius;
    const double small = r[a] < r[b] ? r[a] : r[b];
    const double reach = r[a] + r[b] - SLEEP_LOAD * small;
    const double dx = p[a].x - p[b].x, dy = p[a].y - p[b].y;
    return dx * dx + dy * dy < reach * reach;
}

/* After discs woke alone (step 3): the rest of an island whose label (its lowest index)
   woke takes its lowest sleeping index as the new label, so a label is always a sleeping
   disc, which no awake island's root is (step 3's marks and the snapshot rely on it).
   `scratch`: one int32 per particle. O(n), only in a step where a label woke. */
static void relabel_islands(silk_world* world, int32_t* scratch)
{
    int32_t* state = world->sleep_state;
    const int32_t n = world->particle_count;
    for (int32_t i = 0; i < n; ++i)
    {
        if (state[i] < 0 && state[-state[i] - 1] >= 0)
        {
            scratch[-state[i] - 1] = -1; /* a label that woke: no new root yet */
        }
    }
    for (int32_t i = 0; i < n; ++i)
    {
        const int32_t label = -state[i] - 1;
        if (state[i] < 0 && state[label] >= 0)
        {
            scratch[label] = scratch[label] < 0 ? i : scratch[label]; /* the lowest: first */
            state[i] = -scratch[label] - 1;
        }
    }
}

void silk_sleep_update(silk_world* world, double gravity_speed)
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
    const double wake_speed = def->sleep_speed + gravity_speed;
    const double* w = world->robust.w;
    /* anything to do? an awake disc touching a sleeping one, or discs ready to sleep */
    bool touched = false;
    for (int32_t m = 0; m < c->contact_count && world->sleeping_count > 0 && !touched; ++m)
    {
        touched = wakes(world, &c->contacts[m], wake_speed);
    }
    const bool settle = ready > 0 && !c->contact_lost;
    if (!touched && !settle)
    {
        return;
    }
    /* 2. islands over the contacts between two rested movable discs */
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
        if (w[t->a] > 0.0 && w[t->b] > 0.0 && state[t->a] >= steps && state[t->b] >= steps)
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
    /* 3. an island pressed hard by a disc still settling waits for it */
    for (int32_t m = 0; m < c->contact_count && settle; ++m)
    {
        const int32_t a = c->contacts[m].a, b = c->contacts[m].b;
        const bool rested_a = state[a] >= steps, rested_b = state[b] >= steps;
        if (w[a] > 0.0 && w[b] > 0.0 && rested_a != rested_b && pressed(world, a, b))
        {
            rest[find(parent, rested_a ? a : b)] = -1;
        }
    }
    /* a touch: the awake island stays awake (-1), the disc hit wakes alone */
    bool relabel = false;
    for (int32_t m = 0; m < c->contact_count && touched; ++m)
    {
        const int32_t a = c->contacts[m].a, b = c->contacts[m].b;
        if (wakes(world, &c->contacts[m], wake_speed))
        {
            const int32_t sleeper = state[a] < 0 ? a : b, waker = state[a] < 0 ? b : a;
            rest[find(parent, waker)] = -1;
            relabel = relabel || state[sleeper] == -sleeper - 1;
            state[sleeper] = 0;
            world->sleeping_count -= 1;
        }
    }
    /* 4. put the rested islands to sleep (a disc woken in 3 has w 0 this step: it stays
       awake) */
    for (int32_t i = 0; i < n && settle; ++i)
    {
        const int32_t root = state[i] >= 0 && w[i] > 0.0 ? find(parent, i) : -1;
        if (root >= 0 && rest[root] >= steps)
        {
            state[i] = -root - 1;
            world->velocity[i] = (silk_vec2){0.0, 0.0};
            world->last[i] = world->pos[i];
            world->sleeping_count += 1;
        }
    }
    if (relabel)
    {
        relabel_islands(world, parent);
    }
}
