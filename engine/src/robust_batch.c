/* robust_batch.c -- the robust solver's distance loop: one Gauss-Seidel pass, two records at a
   time where that cannot change a bit.

   prepare (solver_robust.c) packs the distance records ring by ring and, inside a ring,
   colour by colour, and cuts them into runs of one ring and one colour. Inside such a run no
   two records share a particle, so solving records k and k+1 together -- each in one lane of
   a two-double register -- reads and writes exactly what solving k and then k+1 would: k+1
   never reads what k wrote. Each lane does the scalar code's operations in the scalar code's
   order, and IEEE 754 rounds + - * / and sqrt the same in a lane as in a scalar register, so
   the bits are those of the scalar loop (solve_one), on every platform, with or without
   SIMD. The overflow colour (records that found no free colour) may share particles: its
   runs stay scalar, as do a run's odd last record and any pair with a lane the scalar code
   treats specially (both particles immovable, or coincident particles).

   Why bother: a distance record costs one sqrt and one division, and the divider is the
   bottleneck (about 8 + 4 cycles per record scalar on the project's machine; the two-lane
   instructions take the same time for two records). See README "Robust solver".

   The wasm build compiles this file, and only this file, with -msimd128
   (engine/CMakeLists.txt): the compat solver's latency-bound chain is slower with it. */
#include "robust_batch.h"
#include "simd2.h"

#include <math.h>

/* The loop is instantiated once per lambda mode; each copy must inline its kernels for the
   mode's branches to fold (clang, left alone, kept one copy that tests the mode per record). */
#define SILK_ALWAYS_INLINE inline __attribute__((always_inline))

/* The record arrays, as restrict pointers the loop keeps in registers. */
typedef struct records
{
    const int32_t* restrict a;
    const int32_t* restrict b;
    const double* restrict rest;
    const double* restrict compliance;
} records;

/* Record k alone: the reference the pair kernel reproduces lane by lane. */
static SILK_ALWAYS_INLINE void solve_one(silk_vec2* restrict pos, const double* restrict w,
                                         records d, int32_t k, double* restrict lambda,
                                         double inv_hs2, silk_lambda_mode mode)
{
    const int32_t a = d.a[k], b = d.b[k];
    const double wa = w[a], wb = w[b];
    const double wsum = wa + wb;
    if (wsum == 0.0)
    {
        return;
    }
    double dx = pos[a].x - pos[b].x;
    double dy = pos[a].y - pos[b].y;
    double len2 = dx * dx + dy * dy;
    double alpha = d.compliance[k] * inv_hs2;
    double lambda_k = mode == SILK_LAMBDA_ADD ? lambda[k] : 0.0;
    double s, dl;
    if (len2 > 0.0)
    {
        double len = sqrt(len2);
        /* dlambda = (-C - alpha lambda) / (wsum + alpha); s = dlambda / len scales d */
        s = (-(len - d.rest[k]) - alpha * lambda_k) / ((wsum + alpha) * len);
        dl = s * len;
    }
    else
    {
        /* coincident: no direction to measure, so take +x (the same on every platform);
           C = -rest pushes the two apart along it (defect 1: compat gives NaN here) */
        dl = (d.rest[k] - alpha * lambda_k) / (wsum + alpha);
        dx = 1.0;
        dy = 0.0;
        s = dl;
    }
    if (mode != SILK_LAMBDA_NONE)
    {
        lambda[k] = lambda_k + dl;
    }
    pos[a].x += wa * s * dx;
    pos[a].y += wa * s * dy;
    pos[b].x -= wb * s * dx;
    pos[b].y -= wb * s * dy;
}

#if SILK_HAVE_F64X2
/* Records k and k+1 (no shared particle), lane 0 and lane 1: solve_one's operations, in its
   order, on both at once. */
static SILK_ALWAYS_INLINE void solve_pair(silk_vec2* restrict pos, const double* restrict w,
                                          records d, int32_t k, double* restrict lambda,
                                          silk_f64x2 inv_hs2, double inv_hs2_scalar,
                                          silk_lambda_mode mode)
{
    const int32_t a0 = d.a[k], b0 = d.b[k], a1 = d.a[k + 1], b1 = d.b[k + 1];
    const silk_f64x2 wa = silk_f64x2_make(w[a0], w[a1]);
    const silk_f64x2 wb = silk_f64x2_make(w[b0], w[b1]);
    const silk_f64x2 wsum = silk_f64x2_add(wa, wb);
    /* each particle is (x, y) in memory: load two, then pair the x's and the y's */
    const silk_f64x2 pa0 = silk_f64x2_load(&pos[a0].x), pa1 = silk_f64x2_load(&pos[a1].x);
    const silk_f64x2 pb0 = silk_f64x2_load(&pos[b0].x), pb1 = silk_f64x2_load(&pos[b1].x);
    const silk_f64x2 ax = silk_f64x2_lo(pa0, pa1), ay = silk_f64x2_hi(pa0, pa1);
    const silk_f64x2 bx = silk_f64x2_lo(pb0, pb1), by = silk_f64x2_hi(pb0, pb1);
    const silk_f64x2 dx = silk_f64x2_sub(ax, bx);
    const silk_f64x2 dy = silk_f64x2_sub(ay, by);
    const silk_f64x2 len2 = silk_f64x2_add(silk_f64x2_mul(dx, dx), silk_f64x2_mul(dy, dy));
    if (!silk_f64x2_both_nonzero_positive(wsum, len2))
    {
        /* a lane solve_one skips or sends along +x: nothing is written yet, so run it */
        solve_one(pos, w, d, k, lambda, inv_hs2_scalar, mode);
        solve_one(pos, w, d, k + 1, lambda, inv_hs2_scalar, mode);
        return;
    }
    const silk_f64x2 alpha = silk_f64x2_mul(silk_f64x2_load(&d.compliance[k]), inv_hs2);
    const silk_f64x2 lambda_k =
        mode == SILK_LAMBDA_ADD ? silk_f64x2_load(&lambda[k]) : silk_f64x2_splat(0.0);
    const silk_f64x2 len = silk_f64x2_sqrt(len2);
    const silk_f64x2 c = silk_f64x2_sub(len, silk_f64x2_load(&d.rest[k]));
    const silk_f64x2 s =
        silk_f64x2_div(silk_f64x2_sub(silk_f64x2_neg(c), silk_f64x2_mul(alpha, lambda_k)),
                       silk_f64x2_mul(silk_f64x2_add(wsum, alpha), len));
    if (mode != SILK_LAMBDA_NONE)
    {
        silk_f64x2_store(&lambda[k], silk_f64x2_add(lambda_k, silk_f64x2_mul(s, len)));
    }
    /* the moves per lane, (x of k, x of k+1) and (y of k, y of k+1), go back to one (x, y)
       per particle and are added there: the scalar code's p.x + (w s) dx, in a new layout */
    const silk_f64x2 ta = silk_f64x2_mul(wa, s), tb = silk_f64x2_mul(wb, s);
    const silk_f64x2 move_ax = silk_f64x2_mul(ta, dx), move_ay = silk_f64x2_mul(ta, dy);
    const silk_f64x2 move_bx = silk_f64x2_mul(tb, dx), move_by = silk_f64x2_mul(tb, dy);
    silk_f64x2_store(&pos[a0].x, silk_f64x2_add(pa0, silk_f64x2_lo(move_ax, move_ay)));
    silk_f64x2_store(&pos[a1].x, silk_f64x2_add(pa1, silk_f64x2_hi(move_ax, move_ay)));
    silk_f64x2_store(&pos[b0].x, silk_f64x2_sub(pb0, silk_f64x2_lo(move_bx, move_by)));
    silk_f64x2_store(&pos[b1].x, silk_f64x2_sub(pb1, silk_f64x2_hi(move_bx, move_by)));
}
#endif

static SILK_ALWAYS_INLINE void solve_runs(silk_vec2* restrict pos, const double* restrict w,
                                          const silk_robust_distances* distances,
                                          const silk_robust_run* restrict runs, int32_t run_count,
                                          double* restrict lambda, double inv_hs2,
                                          silk_lambda_mode mode)
{
    const records d = {distances->a, distances->b, distances->rest, distances->compliance};
#if SILK_HAVE_F64X2
    const silk_f64x2 inv_hs2_pair = silk_f64x2_splat(inv_hs2);
#endif
    int32_t k = 0;
    for (int32_t r = 0; r < run_count; ++r)
    {
        const int32_t end = runs[r].end;
#if SILK_HAVE_F64X2
        if (runs[r].independent)
        {
            for (; k + 1 < end; k += 2)
            {
                solve_pair(pos, w, d, k, lambda, inv_hs2_pair, inv_hs2, mode);
            }
        }
#endif
        for (; k < end; ++k)
        {
            solve_one(pos, w, d, k, lambda, inv_hs2, mode);
        }
    }
}

void silk_robust_solve_distances(silk_vec2* pos, const double* w, const silk_robust_distances* d,
                                 const silk_robust_run* runs, int32_t run_count, double* lambda,
                                 double inv_hs2, silk_lambda_mode mode)
{
    /* one copy of the loop per mode, so the mode's branches fold away */
    switch (mode)
    {
        case SILK_LAMBDA_NONE:
            solve_runs(pos, w, d, runs, run_count, lambda, inv_hs2, SILK_LAMBDA_NONE);
            break;
        case SILK_LAMBDA_FIRST:
            solve_runs(pos, w, d, runs, run_count, lambda, inv_hs2, SILK_LAMBDA_FIRST);
            break;
        case SILK_LAMBDA_ADD:
            solve_runs(pos, w, d, runs, run_count, lambda, inv_hs2, SILK_LAMBDA_ADD);
            break;
    }
}
