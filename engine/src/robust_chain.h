/* robust_chain.h -- the robust solver's chain solve (private): distance records cut into
   simple paths, each solved exactly (to first order) by one tridiagonal solve per pass instead
   of one Gauss-Seidel sweep. Opt-in through silk_robust_def.chains; robust_prepare.c and
   robust_step.c drive it. robust_chain.c explains the method. */
#ifndef SILK_ROBUST_CHAIN_H
#define SILK_ROBUST_CHAIN_H

#include "robust_batch.h"
#include "world.h"

/* Scratch storage (no copy needed: prepare rebuilds everything); all or nothing. */
silk_status silk_robust_chain_reserve_particles(silk_world* world, int32_t capacity);
silk_status silk_robust_chain_reserve_constraints(silk_world* world, int32_t capacity);
void silk_robust_chain_free(silk_world* world);

/* Cuts the world's distance constraints into chains, seeded in `order` (count entries of
   global constraint indices, the ring order; other kinds are skipped). */
void silk_robust_chain_prepare(silk_world* world, const int32_t* order, int32_t count);

/* One block Gauss-Seidel pass: every chain in turn, solved by one tridiagonal solve of
   (J W J^T + alpha~) dlambda = -C - alpha~ lambda. */
void silk_robust_chain_solve(silk_world* world, const double* w, double inv_hs2,
                             silk_lambda_mode mode);

#endif
