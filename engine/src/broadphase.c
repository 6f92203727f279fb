/* broadphase.c -- the collision broad phase: a uniform grid rebuilt by counting sort.

   Which pairs of discs can touch? A grid of square cells at least one diameter (2 r_max)
   wide answers it: two discs that overlap lie in the same cell or in neighbouring ones. The
   grid is rebuilt from scratch for every contact pass (a few per step), because rebuilding
   is O(n) and needs no state between passes:

       1. bounds: one pass over the particles with r > 0 and a finite position: the box they
          span and the largest radius (cell = 2 r_max; doubled until the grid holds at most
          cell_capacity = 2 n + 64 cells, so a spread-out scene cannot ask for memory)
       2. cell of each collider: (int)((x - min_x) / cell), row-major
       3. counting sort: count per cell, prefix sums, then place the colliders in particle
          index order -- so cell c lists its particles by index, and the whole order is
          (cell, index): it depends on the positions alone, never on the order particles
          were added or moved in, and it is the same on every platform (the cell of a
          particle is + - * and a truncation, exact IEEE)
       4. gather: positions, start positions, inverse masses, radii and composites into
          arrays in that order, so the contact pass (contact.c) reads neighbours from
          nearby memory and writes the positions back once

   Two grids in a step with discs asleep (sleep.c): a sleeping disc cannot move until the step
   ends, so the step's sleeping discs are sorted once as it starts (SILK_GRID_ASLEEP, cells as
   wide as the widest disc's diameter, so an awake disc finds every sleeping disc it can touch
   in the 3 x 3 cells around it), and each contact pass sorts only its awake discs: a pile with
   a few discs awake costs what they cost (20,000 balls with ~30 awake: 0.85 ms a step natively,
   from 4.1 ms when every pass sorted and scanned all of them). With none asleep, the pass's
   grid is the grid of all discs, as before: the same pairs in the same order, the same bits.

   Pairs are then visited once each (contact.c): a particle's later neighbours in its own
   cell and the cell to its right, and the three cells of the next row -- which are
   contiguous in the sorted order, so each particle scans two runs of the gathered arrays.

   Why a dense grid and not a spatial hash: hashing cells folds distant cells together, so a
   pair can be visited twice or through a neighbour list with duplicates; a dense grid over
   the colliders' bounding box has none of that, and the cap on cells keeps it O(n) memory.
   Nothing here allocates but silk_broadphase_reserve, which runs outside the step. */
#include "broadphase.h"
#include "storage.h"
#include "world.h"

#include <math.h>
#include <string.h>

/* Every array of the collision state with its size for `capacity` particles: reserve and
   free walk one table. */
typedef struct collision_array
{
    void** slot;
    size_t size;
} collision_array;

enum
{
    GRID_ARRAYS = 7,
    COLLISION_ARRAYS = 2 * GRID_ARRAYS + 6
};

/* The cells a grid may use and the contacts kept, for `capacity` particles. */
static int32_t cells_for(int32_t capacity)
{
    return 2 * capacity + 64;
}

static int32_t contacts_for(int32_t capacity)
{
    return 4 * capacity;
}

static collision_array* grid_arrays(silk_grid* g, int32_t cells, int32_t capacity,
                                    collision_array* out)
{
    const size_t n = (size_t)capacity;
    out[0] = (collision_array){(void**)&g->cell_start, (size_t)(cells + 1) * sizeof(int32_t)};
    out[1] = (collision_array){(void**)&g->sorted, n * sizeof(int32_t)};
    out[2] = (collision_array){(void**)&g->gpos, n * sizeof(silk_vec2)};
    out[3] = (collision_array){(void**)&g->gstart, n * sizeof(silk_vec2)};
    out[4] = (collision_array){(void**)&g->gw, n * sizeof(double)};
    out[5] = (collision_array){(void**)&g->gr, n * sizeof(double)};
    out[6] = (collision_array){(void**)&g->gcomp, n * sizeof(int32_t)};
    return out + GRID_ARRAYS;
}

static void collision_arrays(silk_collision_state* c, int32_t capacity,
                             collision_array out[COLLISION_ARRAYS])
{
    const int32_t cells = cells_for(capacity), contacts = contacts_for(capacity);
    const size_t n = (size_t)capacity;
    collision_array* next = grid_arrays(&c->grid, cells, capacity, out);
    next = grid_arrays(&c->rest, cells, capacity, next);
    next[0] = (collision_array){(void**)&c->cell_of, n * sizeof(int32_t)};
    next[1] = (collision_array){(void**)&c->collider, n * sizeof(int32_t)};
    next[2] = (collision_array){(void**)&c->contacts, (size_t)contacts * sizeof(silk_contact)};
    next[3] = (collision_array){(void**)&c->depth, (size_t)contacts * sizeof(double)};
    next[4] = (collision_array){(void**)&c->island_parent, n * sizeof(int32_t)};
    next[5] = (collision_array){(void**)&c->island_rest, n * sizeof(int32_t)};
}

silk_status silk_broadphase_reserve(silk_world* world, int32_t capacity)
{
    silk_collision_state* c = &world->collision;
    if (capacity <= c->capacity)
    {
        return SILK_OK;
    }
    collision_array arrays[COLLISION_ARRAYS];
    collision_arrays(c, capacity, arrays);
    void* fresh[COLLISION_ARRAYS];
    bool ok = true;
    for (int k = 0; k < COLLISION_ARRAYS; ++k)
    {
        fresh[k] = ok ? silk_alloc(world, arrays[k].size) : NULL;
        ok = ok && fresh[k] != NULL;
    }
    if (!ok)
    {
        for (int k = 0; k < COLLISION_ARRAYS; ++k)
        {
            silk_free(world, fresh[k]);
        }
        return SILK_ERR_NOMEM;
    }
    silk_broadphase_free(world);
    for (int k = 0; k < COLLISION_ARRAYS; ++k)
    {
        *arrays[k].slot = fresh[k];
    }
    c->capacity = capacity;
    c->cell_capacity = cells_for(capacity);
    c->contact_capacity = contacts_for(capacity);
    return SILK_OK;
}

void silk_broadphase_free(silk_world* world)
{
    silk_collision_state* c = &world->collision;
    collision_array arrays[COLLISION_ARRAYS];
    collision_arrays(c, 0, arrays);
    for (int k = 0; k < COLLISION_ARRAYS; ++k)
    {
        silk_free(world, *arrays[k].slot);
    }
    bool active = c->active;
    memset(c, 0, sizeof(*c));
    c->active = active;
}

bool silk_filter_allows(const silk_world* world, int32_t ca, int32_t cb)
{
    const silk_collision_filter* a = &world->composites[ca].filter;
    if (ca == cb)
    {
        return a->self_collide;
    }
    const silk_collision_filter* b = &world->composites[cb].filter;
    return (a->category_bits & b->mask_bits) != 0 && (b->category_bits & a->mask_bits) != 0;
}

/* Whether particle i belongs in a grid of `members` (its radius and position aside). */
static inline bool grid_member(const silk_world* world, int32_t i, silk_grid_members members)
{
    return members == SILK_GRID_ALL || (world->sleep_state[i] < 0) == (members == SILK_GRID_ASLEEP);
}

int32_t silk_broadphase_build(silk_world* world, silk_grid* g, silk_grid_members members,
                              const silk_vec2* pos, const silk_vec2* start, const double* w)
{
    silk_collision_state* c = &world->collision;
    const double* radius = world->radius;
    /* 1. the colliders, their box and the largest radius (of every disc for the sleeping
       discs' grid: an awake disc looks for its sleeping neighbours in the cells around its
       own, so a cell must span the widest pair's reach) */
    int32_t n = 0;
    double lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY, hi_y = -INFINITY, r_max = 0.0;
    for (int32_t i = 0, count = world->particle_count; i < count; ++i)
    {
        const silk_vec2 p = pos[i];
        if (members == SILK_GRID_ASLEEP)
        {
            r_max = radius[i] > r_max ? radius[i] : r_max;
        }
        if (!(radius[i] > 0.0) || !(p.x - p.x == 0.0) || !(p.y - p.y == 0.0) ||
            !grid_member(world, i, members))
        {
            continue; /* a point, a non-finite position (the watchdog reports it), or not one of
                         this grid's discs */
        }
        c->collider[n++] = i;
        lo_x = p.x < lo_x ? p.x : lo_x;
        lo_y = p.y < lo_y ? p.y : lo_y;
        hi_x = p.x > hi_x ? p.x : hi_x;
        hi_y = p.y > hi_y ? p.y : hi_y;
        r_max = radius[i] > r_max ? radius[i] : r_max;
    }
    g->count = n;
    if (n == 0)
    {
        return 0;
    }
    /* the grid: cells one diameter wide, wider while there would be too many */
    double cell = 2.0 * r_max;
    double span_x = hi_x - lo_x, span_y = hi_y - lo_y;
    double fx = span_x / cell, fy = span_y / cell;
    while (!(fx < 1e9 && fy < 1e9 && (fx + 2.0) * (fy + 2.0) <= (double)c->cell_capacity))
    {
        cell *= 2.0;
        if (!(cell < INFINITY))
        {
            g->count = 0; /* a box no finite cell covers (an overflowing span): see below */
            return 0;
        }
        fx = span_x / cell;
        fy = span_y / cell;
    }
    const double inv_cell = 1.0 / cell;
    /* the corner on the lattice of cells (a multiple of the cell size): cell borders stay
       where they are while the discs near the box's edge move, so the visiting order of a
       resting pile does not change under it */
    lo_x = floor(lo_x * inv_cell) * cell;
    lo_y = floor(lo_y * inv_cell) * cell;
    span_x = hi_x - lo_x;
    span_y = hi_y - lo_y;
    /* Counted in doubles first: discs ~1e308 px apart make a span that overflows, or that no
       int32 holds, and converting such a double to int32 is undefined behaviour (the fuzzer's
       finding). Such a world has already exploded (the watchdog reports it): it gets no
       contacts this step rather than a wrong grid. */
    const double gx = floor(span_x * inv_cell) + 1.0, gy = floor(span_y * inv_cell) + 1.0;
    if (!(gx >= 1.0 && gy >= 1.0 && gx * gy <= (double)c->cell_capacity))
    {
        g->count = 0;
        return 0;
    }
    const int32_t nx = (int32_t)gx, ny = (int32_t)gy;
    const int32_t cells = nx * ny;
    g->nx = nx;
    g->ny = ny;
    g->min_x = lo_x;
    g->min_y = lo_y;
    g->inv_cell = inv_cell;
    /* 2. each collider's cell, and 3. the counting sort */
    int32_t* start_of = g->cell_start;
    memset(start_of, 0, (size_t)(cells + 1) * sizeof(int32_t));
    for (int32_t k = 0; k < n; ++k)
    {
        const silk_vec2 p = pos[c->collider[k]];
        int32_t cx = (int32_t)((p.x - lo_x) * inv_cell);
        int32_t cy = (int32_t)((p.y - lo_y) * inv_cell);
        cx = cx < nx ? cx : nx - 1; /* rounding at the far edge */
        cy = cy < ny ? cy : ny - 1;
        const int32_t cell_index = cy * nx + cx;
        c->cell_of[k] = cell_index;
        start_of[cell_index + 1] += 1;
    }
    for (int32_t q = 0; q < cells; ++q)
    {
        start_of[q + 1] += start_of[q];
    }
    /* place in index order: start_of[q] runs ahead as cell q fills, then is moved back */
    for (int32_t k = 0; k < n; ++k)
    {
        g->sorted[start_of[c->cell_of[k]]++] = c->collider[k];
    }
    for (int32_t q = cells; q > 0; --q)
    {
        start_of[q] = start_of[q - 1];
    }
    start_of[0] = 0;
    /* 4. gather */
    for (int32_t k = 0; k < n; ++k)
    {
        const int32_t i = g->sorted[k];
        g->gpos[k] = pos[i];
        g->gstart[k] = start[i];
        g->gw[k] = w[i];
        g->gr[k] = radius[i];
        g->gcomp[k] = world->particle_composite[i];
    }
    return n;
}
