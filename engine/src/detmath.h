/* detmath.h -- deterministic elementary functions for the robust solver (private).

   The robust solver promises the same bits in every build: gcc on x86-64 with glibc, clang on
   arm64 with musl, and wasm in V8, SpiderMonkey or JavaScriptCore. IEEE 754 fixes the result
   of + - * / and sqrt (correct rounding), but not of sin, cos, atan2, exp or log: each C
   library and each JS engine has its own implementation, and they disagree in the last bit
   on a fraction of a percent of arguments (shared/notes/toolchain.md measured 0.16% between
   musl and V8 for cos/sin). One differing bit in a rest angle is a different world after a
   few hundred steps.

   So these functions use nothing but + - * /, sqrt and exact power-of-two scaling, always in
   the same order (the build has -ffp-contract=off, so no a*b + c is fused), and give the
   same bits everywhere. They are accurate to a few ulp on the ranges Silk uses (|x| < 1e5
   for sin/cos, |x| < 700 for exp), not correctly rounded -- determinism, not last-bit
   accuracy, is the point. Box2D v3 does the same with b2Atan2 and b2ComputeCosSin. */
#ifndef SILK_DETMATH_H
#define SILK_DETMATH_H

#include <math.h>

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

/* silk_det_atan2 with its commonest case in line: x > 0 and |y| / x in the table's first
   interval, where silk_det_atan2 computes exactly this (its table terms there are 0 + (0 +
   series), and the series is never -0). The robust solver's angle deviations are there. */
static inline double silk_det_atan2_small(double y, double x)
{
    const double ay = fabs(y);
    if (x > 0.0 && ay < x)
    {
        const double t = ay / x;
        if ((int)(t * 8.0 + 0.5) == 0)
        {
            const double a = silk_det_atan_series(t);
            return signbit(y) ? -a : a;
        }
    }
    return silk_det_atan2(y, x);
}

#endif
