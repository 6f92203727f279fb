/* detmath.h -- deterministic elementary functions for the robust solver (private).

   The robust solver promises the same bits in every build: gcc on x86-64 with glibc, clang on
   arm64 with musl, and wasm in V8, SpiderMonkey or JavaScriptCore. IEEE 754 fixes the result
   of + - * / and sqrt (correct rounding), but not of sin, cos, atan2, exp or log: each C
   library and each JS engine has its own implementation, and they disagree in the last bit
   on a fraction of a percent of arguments (0.16% between musl and V8 for cos/sin, measured
   on the engine's arguments; docs/verification.md). One differing bit in a rest angle is a
   different world after a few hundred steps.

   So these functions use nothing but + - * /, sqrt and exact power-of-two scaling, always in
   the same order (the build has -ffp-contract=off, so no a*b + c is fused), and give the
   same bits everywhere. They are accurate to a few ulp on the ranges Silk uses (|x| < 1e5
   for sin/cos, |x| < 700 for exp), not correctly rounded -- determinism, not last-bit
   accuracy, is the point. Box2D v3 does the same with b2Atan2 and b2ComputeCosSin. */
#ifndef SILK_DETMATH_H
#define SILK_DETMATH_H

#include <math.h>
#include <stdbool.h>

double silk_det_sin(double x);
double silk_det_cos(double x);
/* atan2 with the C library's conventions for signed zeros and infinities. */
double silk_det_atan2(double y, double x);
double silk_det_exp(double x);
/* log(x) for x > 0; NaN for x < 0 or NaN, -inf for 0. */
double silk_det_log(double x);

/* atan u for |u| <= 1/16 (the first interval of silk_det_atan2's table): u - u^3/3 + ... -
   u^15/15 by Horner's rule. Shared, so the inline path below is the same operations. */
static inline double silk_det_atan_series(double u)
{
    double z = u * u;
    double p = -1.0 / 15.0;
    p = 1.0 / 13.0 + z * p;
    p = -1.0 / 11.0 + z * p;
    p = 1.0 / 9.0 + z * p;
    p = -1.0 / 7.0 + z * p;
    p = 1.0 / 5.0 + z * p;
    p = -1.0 / 3.0 + z * p;
    return u + (u * z) * p;
}

/* atan(j/8) = silk_det_atan_hi[j] + silk_det_atan_lo[j], j = 0..8 (detmath.c). */
extern const double silk_det_atan_hi[9];
extern const double silk_det_atan_lo[9];

/* silk_det_atan2, bit for bit, with its general case in line and its branches as selects:
   both arguments finite and x != 0 (y may be +-0; the other cases go to silk_det_atan2). For
   the robust solver's angles, which call it every substep. tests/c/test_detmath.c checks
   the two agree. */
static inline double silk_det_atan2_inline(double y, double x)
{
    const double ax = fabs(x), ay = fabs(y);
    if (ax > 0.0 && ax <= 0x1.fffffffffffffp1023 && ay <= 0x1.fffffffffffffp1023)
    {
        const bool swap = ay > ax;
        const double t = (swap ? ax : ay) / (swap ? ay : ax);
        const int j = (int)(t * 8.0 + 0.5);
        const double c = j / 8.0;
        const double u = j == 0 ? t : (t - c) / (1.0 + t * c);
        double a = silk_det_atan_hi[j] + (silk_det_atan_lo[j] + silk_det_atan_series(u));
        a = swap ? 1.5707963267948966 - (a - 6.123233995736766e-17) : a;
        a = signbit(x) ? 3.141592653589793 - (a - 1.2246467991473532e-16) : a;
        return signbit(y) ? -a : a;
    }
    return silk_det_atan2(y, x);
}

#endif
