/* test_detmath.c -- Silk's own sin, cos, atan2, exp and log: close to the C library's (a few
   ulp) and with its conventions for signed zeros, infinities and NaN. The bits themselves are
   compared across platforms by the hash tests (tests/js/hash_native_wasm.test.mjs). */
#include "../../engine/src/detmath.h"
#include "check.h"

#include <math.h>
#include <stdint.h>

static double ulps(double got, double want)
{
    if (got == want)
    {
        return 0.0;
    }
    double unit = nextafter(fabs(want), INFINITY) - fabs(want);
    return fabs(got - want) / unit;
}

int main(void)
{
    /* a deterministic sweep (SplitMix64) over the ranges the engine uses */
    uint64_t state = 1;
    double worst_sin = 0, worst_cos = 0, worst_atan2 = 0, worst_exp = 0, worst_log = 0;
    for (int i = 0; i < 200000; ++i)
    {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        double u = (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
        double x = (u - 0.5) * 200.0;
        double y = (u * 7.0 - floor(u * 7.0) - 0.5) * 300.0;
        if (fabs(sin(x)) > 1e-3)
        {
            worst_sin = fmax(worst_sin, ulps(silk_det_sin(x), sin(x)));
        }
        if (fabs(cos(x)) > 1e-3)
        {
            worst_cos = fmax(worst_cos, ulps(silk_det_cos(x), cos(x)));
        }
        worst_atan2 = fmax(worst_atan2, ulps(silk_det_atan2(y, x), atan2(y, x)));
        worst_exp = fmax(worst_exp, ulps(silk_det_exp(x * 3.5), exp(x * 3.5)));
        worst_log = fmax(worst_log, ulps(silk_det_log(u * 1e6 + 1e-300), log(u * 1e6 + 1e-300)));
    }
    printf("worst ulps vs the C library: sin %.0f cos %.0f atan2 %.0f exp %.0f log %.0f\n",
           worst_sin, worst_cos, worst_atan2, worst_exp, worst_log);
    CHECK(worst_sin <= 4 && worst_cos <= 4 && worst_atan2 <= 4 && worst_exp <= 4 && worst_log <= 4);

    /* atan2's conventions: the spider's body angle is atan2(-0, negative) = -pi */
    CHECK(silk_det_atan2(-0.0, -1.0) == -3.141592653589793);
    CHECK(silk_det_atan2(0.0, -1.0) == 3.141592653589793);
    CHECK(silk_det_atan2(0.0, 0.0) == 0.0 && !signbit(silk_det_atan2(0.0, 0.0)));
    CHECK(signbit(silk_det_atan2(-0.0, 0.0)));
    CHECK(silk_det_atan2(0.0, -0.0) == 3.141592653589793);
    CHECK(silk_det_atan2(1.0, 0.0) == 1.5707963267948966);
    CHECK(silk_det_atan2(-1.0, INFINITY) == -0.0 && signbit(silk_det_atan2(-1.0, INFINITY)));
    CHECK(silk_det_atan2(INFINITY, -INFINITY) == 3 * (3.141592653589793 / 4));
    CHECK(isnan(silk_det_atan2(NAN, 1.0)));
    CHECK(isnan(silk_det_sin(INFINITY)) && isnan(silk_det_cos(NAN)));

    /* the solver's in-line atan2 is silk_det_atan2 bit for bit: random pairs over many
       scales and both signs, the edges of its case split, and the cases it hands over */
    uint64_t s2 = 7;
    int differ = 0;
    for (int i = 0; i < 400000; ++i)
    {
        uint64_t z = (s2 += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        double m1 = (double)(z >> 11) * 0x1p-53, m2 = (double)(z & 0x1FFFFF) * 0x1p-21;
        int e1 = (int)((z >> 40) % 80) - 40, e2 = (int)((z >> 48) % 80) - 40;
        double y = ldexp(m1, e1) * ((z & 1) ? -1.0 : 1.0);
        double x = ldexp(m2, e2) * ((z & 2) ? -1.0 : 1.0);
        if (i % 4 == 0)
        {
            x = y * (1.0 / 16.0) * (1.0 + (m2 - 0.5) * 1e-15); /* near j = 0 | 1 and swap */
        }
        differ += silk_det_atan2_inline(y, x) != silk_det_atan2(y, x) ||
                  signbit(silk_det_atan2_inline(y, x)) != signbit(silk_det_atan2(y, x));
    }
    const double edge[] = {0.0,      -0.0,      1.0,   -1.0,   1e-300,
                           -1e-300,  0x1p-1074, 1e300, -1e300, 0x1.fffffffffffffp1023,
                           INFINITY, -INFINITY, NAN};
    for (int i = 0; i < 13; ++i)
    {
        for (int k = 0; k < 13; ++k)
        {
            double a = silk_det_atan2_inline(edge[i], edge[k]),
                   b = silk_det_atan2(edge[i], edge[k]);
            differ += !(a == b || (isnan(a) && isnan(b))) || signbit(a) != signbit(b);
        }
    }
    CHECK(differ == 0);
    CHECK(silk_det_exp(0.0) == 1.0 && silk_det_exp(-1000) == 0.0 && isinf(silk_det_exp(1000)));
    CHECK(silk_det_log(1.0) == 0.0 && isnan(silk_det_log(-1.0)) && isinf(silk_det_log(0.0)));
    CHECK(fabs(silk_det_log(0x1p-1060) - log(0x1p-1060)) < 1e-12); /* subnormal */
    return check_report("detmath");
}
