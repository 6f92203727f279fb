/* robust_batch.h -- the robust solver's inner loops (private): the distance records, run by
   run, and the particle passes between substeps. robust_step.c drives them. */
#ifndef SILK_ROBUST_BATCH_H
#define SILK_ROBUST_BATCH_H

#include "world.h"

/* The XPBD multiplier lambda starts every substep at 0. With one pass (the default) it is
   never read again, so the pass neither loads nor stores it: NONE. With more passes the
   first stores it (FIRST) and the others accumulate (ADD). */
typedef enum silk_lambda_mode
{
    SILK_LAMBDA_NONE,
    SILK_LAMBDA_FIRST,
    SILK_LAMBDA_ADD,
} silk_lambda_mode;

/* What every substep of one step shares. */
typedef struct silk_robust_substep
{
    double hs, inv_hs, inv_hs2;
    silk_vec2 g, g_hs;     /* gravity, and the velocity it adds per substep */
    double damp, ground;   /* per-substep velocity factors */
    double floor_y, max_x; /* the box */
    bool ceiling;
    double restitution, bounce_min; /* below bounce_min px/s a contact does not bounce */
} silk_robust_substep;

/* The particle arrays the passes read and write; w is the step's effective inverse mass
   (0: kinematic, no gravity and no box). */
typedef struct silk_robust_particles
{
    silk_vec2* pos;
    silk_vec2* velocity;
    silk_vec2* start; /* where each particle began the substep */
    const double* w;
    int32_t count;
} silk_robust_particles;

/* One Gauss-Seidel pass over the distance records of runs [run_begin, run_end), in order.
   lambda[k] is record k's multiplier (unused with SILK_LAMBDA_NONE). `tapered` (the near
   pass, SILK_LAMBDA_ADD only): each run applies its `taper` share of every correction. */
void silk_robust_solve_distances(silk_vec2* pos, const double* w, const silk_robust_distances* d,
                                 const silk_robust_run* runs, int32_t run_begin, int32_t run_end,
                                 double* lambda, double inv_hs2, silk_lambda_mode mode,
                                 bool tapered);

/* The tapered near pass over runs [0, run_end) (SILK_LAMBDA_ADD) with near_mobility below 1:
   the end of a record on the lower `level` moves `mobility` times as far as its weight says. */
void silk_robust_solve_near_scaled(silk_vec2* pos, const double* w, const silk_robust_distances* d,
                                   const silk_robust_run* runs, int32_t run_end,
                                   const int32_t* level, double mobility, double* lambda,
                                   double inv_hs2);

/* The first substep's start: start = p, then gravity, damping and the move. */
void silk_robust_integrate(const silk_robust_particles* p, const silk_robust_substep* k);
/* Between two substeps: the box and the velocity that end one, then the next one's start. */
void silk_robust_next_substep(const silk_robust_particles* p, const silk_robust_substep* k);
/* After the last substep: the box and the velocity, and last = p - v h. */
void silk_robust_end_step(const silk_robust_particles* p, const silk_robust_substep* k,
                          silk_vec2* last, double h);

#endif
