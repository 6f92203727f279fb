/* simd2.h -- two doubles side by side, for the robust solver's distance runs (private).

   Only what robust_batch.c needs: loads and stores of two doubles, the two ways of pairing
   halves (lo: a0 b0, hi: a1 b1), the four arithmetic operations, sqrt, negation by the sign
   bit, and two "are both lanes true" tests. Each lane rounds exactly as the scalar operation would
   (IEEE 754 fixes + - * / and sqrt), so a lane computes the same bits as the scalar code that
   does the same operations in the same order; nothing here fuses or reorders.

   Two back ends with the same meaning: WebAssembly simd128 (wasm_simd128.h, when the file is
   compiled with -msimd128) and SSE2 (always there on x86-64). Anything else has no
   SILK_HAVE_F64X2 and the caller stays scalar. */
#ifndef SILK_SIMD2_H
#define SILK_SIMD2_H

#include <stdbool.h>

#if defined(SILK_NO_SIMD)
#define SILK_HAVE_F64X2 0 /* forced scalar (the build's silk-lab-scalar checks both agree) */

#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define SILK_HAVE_F64X2 1
typedef v128_t silk_f64x2;

static inline silk_f64x2 silk_f64x2_load(const double* p)
{
    return wasm_v128_load(p);
}
static inline void silk_f64x2_store(double* p, silk_f64x2 v)
{
    wasm_v128_store(p, v);
}
static inline silk_f64x2 silk_f64x2_lo(silk_f64x2 a, silk_f64x2 b)
{
    return wasm_i64x2_shuffle(a, b, 0, 2);
}
static inline silk_f64x2 silk_f64x2_hi(silk_f64x2 a, silk_f64x2 b)
{
    return wasm_i64x2_shuffle(a, b, 1, 3);
}
static inline silk_f64x2 silk_f64x2_make(double lane0, double lane1)
{
    return wasm_f64x2_make(lane0, lane1);
}
static inline silk_f64x2 silk_f64x2_splat(double v)
{
    return wasm_f64x2_splat(v);
}
static inline silk_f64x2 silk_f64x2_add(silk_f64x2 a, silk_f64x2 b)
{
    return wasm_f64x2_add(a, b);
}
static inline silk_f64x2 silk_f64x2_sub(silk_f64x2 a, silk_f64x2 b)
{
    return wasm_f64x2_sub(a, b);
}
static inline silk_f64x2 silk_f64x2_mul(silk_f64x2 a, silk_f64x2 b)
{
    return wasm_f64x2_mul(a, b);
}
static inline silk_f64x2 silk_f64x2_div(silk_f64x2 a, silk_f64x2 b)
{
    return wasm_f64x2_div(a, b);
}
static inline silk_f64x2 silk_f64x2_sqrt(silk_f64x2 a)
{
    return wasm_f64x2_sqrt(a);
}
static inline silk_f64x2 silk_f64x2_neg(silk_f64x2 a)
{
    return wasm_f64x2_neg(a);
}
/* Both lanes: a != 0 and b > 0 (false for NaN in b). */
static inline bool silk_f64x2_both_nonzero_positive(silk_f64x2 a, silk_f64x2 b)
{
    silk_f64x2 zero = wasm_f64x2_splat(0.0);
    return wasm_i64x2_all_true(wasm_v128_and(wasm_f64x2_ne(a, zero), wasm_f64x2_gt(b, zero)));
}
/* Both lanes: lo <= v < hi (false for NaN). */
static inline bool silk_f64x2_within(silk_f64x2 v, silk_f64x2 lo, silk_f64x2 hi)
{
    return wasm_i64x2_all_true(wasm_v128_and(wasm_f64x2_ge(v, lo), wasm_f64x2_lt(v, hi)));
}

#elif defined(__SSE2__)
#include <emmintrin.h>
#define SILK_HAVE_F64X2 1
typedef __m128d silk_f64x2;

static inline silk_f64x2 silk_f64x2_load(const double* p)
{
    return _mm_loadu_pd(p);
}
static inline void silk_f64x2_store(double* p, silk_f64x2 v)
{
    _mm_storeu_pd(p, v);
}
static inline silk_f64x2 silk_f64x2_lo(silk_f64x2 a, silk_f64x2 b)
{
    return _mm_unpacklo_pd(a, b);
}
static inline silk_f64x2 silk_f64x2_hi(silk_f64x2 a, silk_f64x2 b)
{
    return _mm_unpackhi_pd(a, b);
}
static inline silk_f64x2 silk_f64x2_make(double lane0, double lane1)
{
    return _mm_set_pd(lane1, lane0);
}
static inline silk_f64x2 silk_f64x2_splat(double v)
{
    return _mm_set1_pd(v);
}
static inline silk_f64x2 silk_f64x2_add(silk_f64x2 a, silk_f64x2 b)
{
    return _mm_add_pd(a, b);
}
static inline silk_f64x2 silk_f64x2_sub(silk_f64x2 a, silk_f64x2 b)
{
    return _mm_sub_pd(a, b);
}
static inline silk_f64x2 silk_f64x2_mul(silk_f64x2 a, silk_f64x2 b)
{
    return _mm_mul_pd(a, b);
}
static inline silk_f64x2 silk_f64x2_div(silk_f64x2 a, silk_f64x2 b)
{
    return _mm_div_pd(a, b);
}
static inline silk_f64x2 silk_f64x2_sqrt(silk_f64x2 a)
{
    return _mm_sqrt_pd(a);
}
static inline silk_f64x2 silk_f64x2_neg(silk_f64x2 a)
{
    return _mm_xor_pd(a, _mm_set1_pd(-0.0));
}
static inline bool silk_f64x2_both_nonzero_positive(silk_f64x2 a, silk_f64x2 b)
{
    silk_f64x2 zero = _mm_setzero_pd();
    return _mm_movemask_pd(_mm_and_pd(_mm_cmpneq_pd(a, zero), _mm_cmpgt_pd(b, zero))) == 3;
}
static inline bool silk_f64x2_within(silk_f64x2 v, silk_f64x2 lo, silk_f64x2 hi)
{
    return _mm_movemask_pd(_mm_and_pd(_mm_cmpge_pd(v, lo), _mm_cmplt_pd(v, hi))) == 3;
}

#else
#define SILK_HAVE_F64X2 0
#endif

#endif
