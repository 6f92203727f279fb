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

double silk_det_sin(double x);
double silk_det_cos(double x);
/* atan2 with the C library's conventions for signed zeros and infinities. */
double silk_det_atan2(double y, double x);
double silk_det_exp(double x);
/* log(x) for x > 0; NaN for x < 0 or NaN, -inf for 0. */
double silk_det_log(double x);

#endif
