/* fuzz.h -- shared pieces of Silk's fuzz harnesses (tests/fuzz, docs/reliability.md).

   Each harness is a function of one byte string, `fuzz_api_one` or `fuzz_bytes_one`: the same
   function runs under libFuzzer (fuzz_libfuzzer.c, clang -fsanitize=fuzzer) and under the
   seeded standalone driver (fuzz_main.c) that ctest runs for a fixed budget. A finding is an
   abort() with a message: under ASan + UBSan (-fno-sanitize-recover=all) any memory error or
   undefined behaviour is one too. */
#ifndef SILK_FUZZ_H
#define SILK_FUZZ_H

#include "silk_extras.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_ASSERT(cond, what)                                                                    \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            fprintf(stderr, "FUZZ FINDING %s:%d: %s (%s)\n", __FILE__, __LINE__, what, #cond);     \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The input, consumed from the front; past its end every read gives 0. */
typedef struct fuzz_input
{
    const uint8_t* at;
    size_t left;
} fuzz_input;

static inline uint8_t fuzz_u8(fuzz_input* in)
{
    if (in->left == 0)
    {
        return 0;
    }
    in->left -= 1;
    return *in->at++;
}

static inline uint32_t fuzz_u32(fuzz_input* in)
{
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k)
    {
        v |= (uint32_t)fuzz_u8(in) << (8 * k);
    }
    return v;
}

static inline double fuzz_raw_f64(fuzz_input* in)
{
    uint64_t bits = (uint64_t)fuzz_u32(in) | (uint64_t)fuzz_u32(in) << 32;
    double v;
    memcpy(&v, &bits, sizeof(v));
    return v;
}

/* Numbers that break arithmetic: the edges of every documented range and past them. */
static inline double fuzz_f64(fuzz_input* in)
{
    static const double pool[] = {
        0.0,    -0.0,  1.0,   -1.0,  0.5,      2.0,       1.0 / 60.0, 1.0 / 30.0, 1e-6,
        10.0,   1e-7,  11.0,  NAN,   INFINITY, -INFINITY, 1e308,      -1e308,     5e-324,
        1e-150, 1e150, 1e300, 400.0, 250.0,    1e12,      1e13,       0.99,       1e9,
        1e10,   0.3,   64.0,  65.0,  3.14159,  -3.2,      1.5e154,    100.0,      700.0};
    uint8_t pick = fuzz_u8(in);
    const size_t n = sizeof(pool) / sizeof(pool[0]);
    if (pick < n)
    {
        return pool[pick];
    }
    if (pick < 200)
    {
        return (double)(int32_t)fuzz_u32(in) / 65536.0; /* +-32768 with fractions */
    }
    if (pick < 230)
    {
        return (double)(fuzz_u8(in) % 101) * 8.0; /* 0..800: inside the canvas */
    }
    return fuzz_raw_f64(in);
}

static inline int32_t fuzz_i32(fuzz_input* in)
{
    static const int32_t pool[] = {0,   1,   -1,   2,    3,         7,         8,  16, 64,  65,
                                   256, 257, 4096, 4097, INT32_MAX, INT32_MIN, 20, 35, 100, 1000};
    uint8_t pick = fuzz_u8(in);
    const size_t n = sizeof(pool) / sizeof(pool[0]);
    if (pick < n)
    {
        return pool[pick];
    }
    if (pick < 240)
    {
        return pick % 24;
    }
    return (int32_t)fuzz_u32(in);
}

static inline silk_vec2 fuzz_vec2(fuzz_input* in)
{
    silk_vec2 v;
    v.x = fuzz_f64(in);
    v.y = fuzz_f64(in);
    return v;
}

/* Allocation failure injected through the world's allocator: `left` allocations succeed, then
   every one fails (-1: never). */
typedef struct fuzz_allocator
{
    int64_t left;
    uint64_t failures;
} fuzz_allocator;

static inline void* fuzz_alloc(size_t size, void* user)
{
    fuzz_allocator* a = user;
    if (a->left == 0)
    {
        a->failures += 1;
        return NULL;
    }
    if (a->left > 0)
    {
        a->left -= 1;
    }
    return malloc(size);
}

static inline void fuzz_free(void* memory, void* user)
{
    (void)user;
    free(memory);
}

/* A snapshot in a malloc'ed buffer (the harness's own memory, never the world's allocator). */
typedef struct fuzz_bytes
{
    uint8_t* data;
    size_t size;
} fuzz_bytes;

static inline fuzz_bytes fuzz_snapshot(const silk_world* w)
{
    fuzz_bytes b = {NULL, silk_world_snapshot_size(w)};
    b.data = malloc(b.size ? b.size : 1);
    FUZZ_ASSERT(silk_world_snapshot(w, b.data, b.size, NULL) == SILK_OK, "snapshot");
    return b;
}

static inline bool fuzz_same(fuzz_bytes a, fuzz_bytes b)
{
    return a.size == b.size && memcmp(a.data, b.data, a.size) == 0;
}

static inline bool fuzz_same_play(const silk_play_status* a, const silk_play_status* b)
{
    return a->playing == b->playing && a->finished == b->finished && a->step == b->step &&
           a->steps == b->steps && a->hash == b->hash && a->recorded_hash == b->recorded_hash &&
           a->matches == b->matches;
}

/* Invariants every world must hold after every call:
   - its own snapshot restores (into a fresh world) and round-trips byte for byte, with the
     same state hash: a world never holds a state that its loader refuses;
   `other` is any world (it is overwritten), kept by the caller so that checking allocates
   little.
   - it accepts its own robust settings (silk_world_set_robust(get_robust()));
   - the particle and constraint views exist and the counts are in range. */
static inline void fuzz_invariants(silk_world* w, silk_world* other)
{
    silk_robust_def own = silk_world_get_robust(w);
    FUZZ_ASSERT(silk_world_set_robust(w, &own) == SILK_OK, "world refuses its own robust def");
    FUZZ_ASSERT(silk_world_positions(w) != NULL && silk_world_constraint_kinds(w) != NULL,
                "views exist");
    int32_t n = silk_world_particle_count(w);
    FUZZ_ASSERT(n >= 0 && n <= SILK_MAX_PARTICLES, "particle count");
    fuzz_bytes b = fuzz_snapshot(w);
    silk_status s = silk_world_restore(other, b.data, b.size);
    if (s != SILK_OK)
    {
        fprintf(stderr, "restore of the world's own snapshot: %s\n", silk_status_string(s));
    }
    FUZZ_ASSERT(s == SILK_OK, "the world's own snapshot restores");
    fuzz_bytes again = fuzz_snapshot(other);
    FUZZ_ASSERT(fuzz_same(b, again), "snapshot round-trips byte for byte");
    FUZZ_ASSERT(silk_world_state_hash(other) == silk_world_state_hash(w), "same hash");
    free(b.data);
    free(again.data);
}

int fuzz_api_one(const uint8_t* data, size_t size);
uint64_t fuzz_api_calls(void); /* API calls checked so far */
int fuzz_bytes_one(const uint8_t* data, size_t size);

#endif
