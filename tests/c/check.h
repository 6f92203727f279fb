/* check.h -- a minimal test harness that runs the same in native and wasm builds.
   CHECK records a failure and carries on; the test's main returns check_report(). */
#ifndef SILK_CHECK_H
#define SILK_CHECK_H

#include <stdio.h>

static int check_failures = 0;
static int check_count = 0;

#define CHECK(cond)                                                                                \
    do                                                                                             \
    {                                                                                              \
        ++check_count;                                                                             \
        if (!(cond))                                                                               \
        {                                                                                          \
            ++check_failures;                                                                      \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                         \
    do                                                                                             \
    {                                                                                              \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                            \
        ++check_count;                                                                             \
        if (check_a_ != check_b_)                                                                  \
        {                                                                                          \
            ++check_failures;                                                                      \
            fprintf(stderr, "%s:%d: CHECK_EQ_INT failed: %s = %lld, %s = %lld\n", __FILE__,        \
                    __LINE__, #a, check_a_, #b, check_b_);                                         \
        }                                                                                          \
    } while (0)

static int check_report(const char* name)
{
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures ? 1 : 0;
}

#endif
