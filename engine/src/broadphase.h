/* broadphase.h -- the collision broad phase (broadphase.c) and the contact solve's state
   (contact.c), private. world.h embeds silk_collision_state in the world.

   Who sizes what: silk_broadphase_reserve grows every array here to the world's particle
   capacity, outside the step (silk_robust_reserve calls it, as it sizes the solver's other
   scratch, and only in a world with a radius). A step only fills them. */
#ifndef SILK_BROADPHASE_H
#define SILK_BROADPHASE_H

#include "silk.h"

/* A particle-particle contact of the last contact pass, for the restitution pass after the
   substep's velocities (contact.c): a is pushed along n, b against it; vn is (v_a - v_b) . n
   before the pass (< 0: approaching). */
typedef struct silk_contact
{
    int32_t a, b;
    double nx, ny, vn;
} silk_contact;

/* One grid: the discs it holds, sorted by cell, their data gathered in that order. */
typedef struct silk_grid
{
    int32_t count;       /* discs in it */
    int32_t nx, ny;      /* cells per row, rows */
    double min_x, min_y; /* the grid's corner */
    double inv_cell;     /* 1 / cell size */
    int32_t* cell_start; /* cell c's discs are sorted[cell_start[c] .. cell_start[c+1]) */
    int32_t* sorted;     /* particle indices by cell, then index */
    silk_vec2* gpos;     /* gathered in sorted order: position, */
    silk_vec2* gstart;   /* substep start, */
    double* gw;          /* inverse mass, */
    double* gr;          /* radius, */
    int32_t* gcomp;      /* composite */
} silk_grid;

/* Which discs a grid holds. A sleeping disc (sleep.c) cannot move for the rest of the step,
   so the step's sleeping discs go into one grid built when the step starts (`rest`), and each
   contact pass builds a grid of the awake discs only (`grid`): a pass then costs what its
   awake discs cost, not what the whole pile does (a 20,000-ball pile with a few dozen discs
   awake: 2.7 ms a step natively when every pass sorted and scanned all of them). With no disc
   asleep the awake grid is the grid of all discs, pair for pair: the same bits as before. */
typedef enum silk_grid_members
{
    SILK_GRID_ALL,    /* every disc (diagnostics) */
    SILK_GRID_AWAKE,  /* the discs not asleep (a contact pass) */
    SILK_GRID_ASLEEP, /* the sleeping discs; cells wide enough for any disc's reach */
} silk_grid_members;

typedef struct silk_collision_state
{
    /* some particle has a radius > 0 (set_radius, restore): the step runs the contact pass.
       Only ever conservative (true after the last disc is gone is harmless) */
    bool active;
    int32_t capacity;      /* particle capacity the arrays below hold (0: none yet) */
    int32_t cell_capacity; /* cells a grid may use: 2 x capacity + 64 */
    int32_t contact_capacity;

    silk_grid grid;    /* the last pass's (or the diagnostics') grid (broadphase.c) */
    silk_grid rest;    /* the step's sleeping discs, built as the step starts (count 0: none) */
    int32_t* cell_of;  /* scratch of a build, per disc in index order: its cell */
    int32_t* collider; /* the discs of the last build, in index order */

    /* contacts of the last pass, for restitution (at most contact_capacity: more are solved
       but do not bounce) */
    int32_t contact_count;
    silk_contact* contacts;
    double* depth;     /* diagnostics scratch: the overlaps, contact_capacity of them */
    bool contact_lost; /* a contact of the last pass did not fit: the islands are incomplete */

    /* sleep.c's islands, per particle: union-find parents and each island's least rest */
    int32_t* island_parent;
    int32_t* island_rest;
} silk_collision_state;

/* Grows the arrays to `capacity` particles, all or nothing. */
silk_status silk_broadphase_reserve(silk_world* world, int32_t capacity);
void silk_broadphase_free(silk_world* world);

/* Builds grid `g` over the `members` with radius > 0 and a finite position, from `pos`, and
   gathers them (with `start` and `w`) in cell order; collision.collider lists them in index
   order. Cell size: the largest diameter among them (among all discs for SILK_GRID_ASLEEP),
   grown until the grid fits cell_capacity. Returns the count gathered. No allocation. */
int32_t silk_broadphase_build(silk_world* world, silk_grid* g, silk_grid_members members,
                              const silk_vec2* pos, const silk_vec2* start, const double* w);

/* Whether particles of composites ca and cb collide (the composites' filters). */
bool silk_filter_allows(const silk_world* world, int32_t ca, int32_t cb);

#endif
