/* detmath.c -- sin, cos, atan2, exp and log from + - * /, sqrt and exact scaling only.

   Each function reduces its argument to a small interval with a constant split into a high
   part (few enough bits that k * high is exact) and a low part (Cody and Waite's method),
   then sums a truncated Taylor series by Horner's rule. The series coefficients are written
   as exact quotients (1.0 / 6.0, ...), which the compiler rounds once, correctly. The split
   constants were computed with 300-bit arithmetic (mpmath):

       pi/2   = PIO2_1 + PIO2_2 + PIO2_3   PIO2_1, PIO2_2 have 33 significant bits
       ln 2   = LN2_HI + LN2_LO            LN2_HI has 32 significant bits
       atan(j/8) = silk_det_atan_hi[j] + silk_det_atan_lo[j] for j = 0..8

   Truncation errors stay below 1e-17 relative on the reduced intervals, so what is left is
   the rounding of a dozen operations: a few ulp. */
#include "detmath.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define PIO2_1      1.5707963267341256
#define PIO2_2      6.077100506303966e-11
#define PIO2_3      2.0222662487959506e-21
#define TWO_OVER_PI 0.6366197723675814
#define PI_HI       3.141592653589793
#define PI_LO       1.2246467991473532e-16
#define PIO2_HI     1.5707963267948966
#define PIO2_LO     6.123233995736766e-17
#define LN2_HI      0.6931471806019545
#define LN2_LO      -4.2009150726810846e-11
#define INV_LN2     1.4426950408889634
#define SQRT2       1.4142135623730951

const double silk_det_atan_hi[9] = {
    0.0,
    0.12435499454676144,
    0.24497866312686414,
    0.35877067027057225,
    0.4636476090008061,
    0.5585993153435624,
    0.6435011087932844,
    0.7188299996216245,
    0.7853981633974483,
};

const double silk_det_atan_lo[9] = {
    0.0,
    -3.1253241424539383e-18,
    1.0698755618734451e-17,
    -2.4623815582638635e-17,
    2.2698777452961687e-17,
    -5.4556305485916264e-18,
    1.5834785051444286e-17,
    -2.1478388444456983e-17,
    3.061616997868383e-17,
};

/* 2^k for -1022 <= k <= 1023, built from its bits (exact). */
static double pow2(int k)
{
    uint64_t bits = (uint64_t)(k + 1023) << 52;
    double v;
    memcpy(&v, &bits, sizeof(v));
    return v;
}

/* ---- sin, cos -------------------------------------------------------------------------- */

/* sin r on |r| <= pi/4: r - r^3/3! + ... - r^15/15! + r^17/17! */
static double sin_poly(double r)
{
    double z = r * r;
    double p = 1.0 / 355687428096000.0; /* 1/17! */
    p = -1.0 / 1307674368000.0 + z * p; /* 1/15! */
    p = 1.0 / 6227020800.0 + z * p;
    p = -1.0 / 39916800.0 + z * p;
    p = 1.0 / 362880.0 + z * p;
    p = -1.0 / 5040.0 + z * p;
    p = 1.0 / 120.0 + z * p;
    p = -1.0 / 6.0 + z * p;
    return r + (r * z) * p;
}

/* cos r on |r| <= pi/4: 1 - r^2/2! + ... + r^16/16! - r^18/18! */
static double cos_poly(double r)
{
    double z = r * r;
    double p = -1.0 / 6402373705728000.0; /* 1/18! */
    p = 1.0 / 20922789888000.0 + z * p;   /* 1/16! */
    p = -1.0 / 87178291200.0 + z * p;
    p = 1.0 / 479001600.0 + z * p;
    p = -1.0 / 3628800.0 + z * p;
    p = 1.0 / 40320.0 + z * p;
    p = -1.0 / 720.0 + z * p;
    p = 1.0 / 24.0 + z * p;
    p = -0.5 + z * p;
    return 1.0 + z * p;
}

/* x = k pi/2 + r with |r| <= ~pi/4; returns r and k mod 4. */
static double reduce_pio2(double x, int* quadrant)
{
    double k = floor(x * TWO_OVER_PI + 0.5);
    double r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3;
    /* fmod is exact; it keeps huge k (where the reduction is inaccurate but still the same
       everywhere) away from an integer overflow. */
    double q = fmod(k, 4.0);
    if (q < 0.0)
    {
        q += 4.0;
    }
    *quadrant = (int)q;
    return r;
}

double silk_det_sin(double x)
{
    if (!isfinite(x))
    {
        return x - x; /* NaN */
    }
    int q = 0;
    double r = reduce_pio2(x, &q);
    switch (q)
    {
        case 0:
            return sin_poly(r);
        case 1:
            return cos_poly(r);
        case 2:
            return -sin_poly(r);
        default:
            return -cos_poly(r);
    }
}

double silk_det_cos(double x)
{
    if (!isfinite(x))
    {
        return x - x;
    }
    int q = 0;
    double r = reduce_pio2(x, &q);
    switch (q)
    {
        case 0:
            return cos_poly(r);
        case 1:
            return -sin_poly(r);
        case 2:
            return -cos_poly(r);
        default:
            return sin_poly(r);
    }
}

/* ---- atan2 ----------------------------------------------------------------------------- */

/* atan t for 0 <= t <= 1: atan t = atan c + atan((t - c) / (1 + t c)) with c = j/8 the
   nearest eighth, so the series argument is at most 1/16. */
static double atan_unit(double t)
{
    int j = (int)(t * 8.0 + 0.5);
    double c = j / 8.0;
    /* for j = 0 the quotient is (t - 0) / (1 + t 0) = t / 1 = t exactly: skip the division
       (the robust solver's angle deviations are mostly there) */
    double u = j == 0 ? t : (t - c) / (1.0 + t * c);
    return silk_det_atan_hi[j] + (silk_det_atan_lo[j] + silk_det_atan_series(u));
}

double silk_det_atan2(double y, double x)
{
    if (isnan(x) || isnan(y))
    {
        return x + y;
    }
    double ax = fabs(x);
    double ay = fabs(y);
    double a;
    if (ay == 0.0)
    {
        /* atan2(+-0, x): +-0 for x > 0 or +0, +-pi for x < 0 or -0 */
        a = signbit(x) ? PI_HI : 0.0;
    }
    else if (isinf(ax) && isinf(ay))
    {
        a = signbit(x) ? 3.0 * (PI_HI / 4.0) : PI_HI / 4.0;
    }
    else if (isinf(ax))
    {
        a = signbit(x) ? PI_HI : 0.0;
    }
    else if (isinf(ay) || ax == 0.0)
    {
        a = PIO2_HI;
    }
    else
    {
        bool swap = ay > ax;
        double t = swap ? ax / ay : ay / ax;
        a = atan_unit(t);
        if (swap)
        {
            a = PIO2_HI - (a - PIO2_LO);
        }
        if (signbit(x))
        {
            a = PI_HI - (a - PI_LO);
        }
    }
    return signbit(y) ? -a : a;
}

/* ---- exp, log -------------------------------------------------------------------------- */

double silk_det_exp(double x)
{
    if (isnan(x))
    {
        return x;
    }
    if (x > 709.0)
    {
        return x > 709.782712893384 ? INFINITY : silk_det_exp(x - 1.0) * 2.718281828459045;
    }
    if (x < -708.0)
    {
        return x < -745.2 ? 0.0 : silk_det_exp(x + 64.0) * pow2(-64);
    }
    double k = floor(x * INV_LN2 + 0.5);
    double r = (x - k * LN2_HI) - k * LN2_LO; /* |r| <= 0.35 */
    double p = 1.0 / 6227020800.0;            /* 1/13! */
    p = 1.0 / 479001600.0 + r * p;
    p = 1.0 / 39916800.0 + r * p;
    p = 1.0 / 3628800.0 + r * p;
    p = 1.0 / 362880.0 + r * p;
    p = 1.0 / 40320.0 + r * p;
    p = 1.0 / 5040.0 + r * p;
    p = 1.0 / 720.0 + r * p;
    p = 1.0 / 120.0 + r * p;
    p = 1.0 / 24.0 + r * p;
    p = 1.0 / 6.0 + r * p;
    p = 0.5 + r * p;
    p = 1.0 + r * p;
    p = 1.0 + r * p;
    return p * pow2((int)k);
}

double silk_det_log(double x)
{
    if (isnan(x) || x < 0.0)
    {
        return NAN;
    }
    if (x == 0.0)
    {
        return -INFINITY;
    }
    if (isinf(x))
    {
        return x;
    }
    int e = 0;
    if (x < 2.2250738585072014e-308)
    {
        x *= pow2(54); /* subnormal: make it normal, exactly */
        e = -54;
    }
    uint64_t bits;
    memcpy(&bits, &x, sizeof(bits));
    e += (int)((bits >> 52) & 0x7ff) - 1023;
    bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
    double m;
    memcpy(&m, &bits, sizeof(m)); /* x = m 2^e, 1 <= m < 2 */
    if (m > SQRT2)
    {
        m *= 0.5;
        e += 1;
    }
    /* log m = 2 atanh s, s = (m - 1)/(m + 1), |s| <= 0.172 */
    double s = (m - 1.0) / (m + 1.0);
    double z = s * s;
    double p = 1.0 / 21.0;
    p = 1.0 / 19.0 + z * p;
    p = 1.0 / 17.0 + z * p;
    p = 1.0 / 15.0 + z * p;
    p = 1.0 / 13.0 + z * p;
    p = 1.0 / 11.0 + z * p;
    p = 1.0 / 9.0 + z * p;
    p = 1.0 / 7.0 + z * p;
    p = 1.0 / 5.0 + z * p;
    p = 1.0 / 3.0 + z * p;
    double log_m = 2.0 * s + (2.0 * s * z) * p;
    double k = (double)e;
    return k * LN2_HI + (k * LN2_LO + log_m);
}
