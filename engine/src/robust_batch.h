/* robust_batch.h -- the robust solver's distance loop over prepared runs (private). */
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

/* One Gauss-Seidel pass over every distance record, run by run (see robust_batch.c).
   lambda[k] is record k's multiplier (unused with SILK_LAMBDA_NONE). */
void silk_robust_solve_distances(silk_vec2* pos, const double* w, const silk_robust_distances* d,
                                 const silk_robust_run* runs, int32_t run_count, double* lambda,
                                 double inv_hs2, silk_lambda_mode mode);

#endif
