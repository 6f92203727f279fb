/* failing_alloc.h -- an allocator that fails on command, for tests that check a call meeting
   NOMEM leaves the world as it was (test_bounds_and_details.c, test_extension_identity.c). */
#ifndef SILK_TEST_FAILING_ALLOC_H
#define SILK_TEST_FAILING_ALLOC_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* left: allocations still allowed; -1 = never fails. */
typedef struct failing
{
    int64_t left;
} failing;

static inline void* failing_alloc(size_t size, void* user)
{
    failing* f = user;
    if (f->left == 0)
    {
        return NULL;
    }
    if (f->left > 0)
    {
        f->left -= 1;
    }
    return malloc(size);
}

static inline void failing_free(void* memory, void* user)
{
    (void)user;
    free(memory);
}

#endif
