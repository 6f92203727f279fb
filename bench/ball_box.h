/* ball_box.h -- the box of balls that bench/balls.c and bench/ball_order.c share: the box of
   peers.mjs's ballBox (N balls of radius 5 px dropped from a loose grid, y up from the floor,
   metres), the robust world that steps it, and the processor clock both time it with. Header
   only: each bench is one executable of one .c. */
#ifndef SILK_BENCH_BALL_BOX_H
#define SILK_BENCH_BALL_BOX_H

#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "silk.h"

#include <math.h>
#include <time.h>

#define PX     100.0 /* px per m, as peers.mjs */
#define BALL_R 0.05  /* m */
#define G      9.81
#define H      (1.0 / 60.0)

/* Processor time in seconds: the machine may be shared. */
static inline double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* qsort's order for doubles (medians and percentiles of step times). */
static inline int by_value(const void* a, const void* b)
{
    const double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

typedef struct ball_box
{
    int n;                /* balls */
    double width, height; /* m */
    double spacing;       /* m between the dropped balls */
    int columns;          /* of the drop's grid */
} ball_box;

/* peers.mjs's box for n balls: wide enough for the pile, tall enough for the drop above it. */
static inline ball_box ball_box_for(int n)
{
    ball_box b = {n, sqrt(2.0 * 0.0092 * n) + 4.0 * BALL_R, 0.0, 2.4 * BALL_R, 0};
    const int columns = (int)floor((b.width - 2.0 * b.spacing) / b.spacing);
    b.columns = columns > 0 ? columns : 1; /* a handful of balls: one column, not a division by 0 */
    const int rows = (n + b.columns - 1) / b.columns;
    b.height = rows * b.spacing + b.width;
    return b;
}

/* A robust world the size of the box (gravity down, no damping, `substeps`, the watchdog off)
   with one self-colliding composite, 0; NULL if it cannot be made. No balls yet. */
static inline silk_world* ball_box_world(const ball_box* b, int substeps)
{
    silk_world_def def = silk_default_world_def();
    def.width = b->width * PX;
    def.height = b->height * PX;
    def.particle_capacity = b->n;
    silk_world* w = NULL;
    if (substeps < 1 || silk_world_create(&def, &w) != SILK_OK)
    {
        return NULL;
    }
    silk_world_set_solver(w, SILK_SOLVER_ROBUST);
    silk_robust_def rd = silk_world_get_robust(w);
    rd.gravity = (silk_vec2){0.0, G * PX};
    rd.damping = 0.0;
    rd.substeps = substeps;
    silk_world_set_robust(w, &rd);
    silk_watchdog_def wd = silk_default_watchdog_def();
    wd.enabled = false;
    silk_world_set_watchdog(w, &wd);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    silk_collision_filter filter = silk_default_collision_filter();
    filter.self_collide = true;
    silk_world_set_collision_filter(w, c, filter);
    return w;
}

/* The drop: the box's n balls on the loose grid, odd rows shifted by half a radius. */
static inline void ball_box_drop(silk_world* w, const ball_box* b)
{
    const double floor_y = b->height * PX - 1.0;
    for (int k = 0; k < b->n; ++k)
    {
        const int row = k / b->columns, col = k % b->columns;
        const double x = b->spacing + col * b->spacing + (row % 2 ? BALL_R * 0.5 : 0.0);
        const double y = b->height - b->spacing - row * b->spacing;
        int32_t p = 0;
        silk_world_add_particle(w, 0, (silk_vec2){x * PX, floor_y - y * PX}, &p);
        silk_world_set_radius(w, p, BALL_R * PX);
    }
}

#endif
