/* bytes.h -- little-endian fields and the FNV-1a 64 checksum of Silk's snapshot and recording
   formats, for tests that patch bytes and reseal them (test_reliability.c, tests/fuzz). */
#ifndef SILK_TEST_BYTES_H
#define SILK_TEST_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t fnv1a(const uint8_t* bytes, size_t count)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < count; ++i)
    {
        h = (h ^ bytes[i]) * 0x100000001b3ULL;
    }
    return h;
}

static inline void put_le(uint8_t* at, uint64_t v, int bytes)
{
    for (int k = 0; k < bytes; ++k)
    {
        at[k] = (uint8_t)(v >> (8 * k));
    }
}

static inline uint64_t get_le(const uint8_t* at, int bytes)
{
    uint64_t v = 0;
    for (int k = 0; k < bytes; ++k)
    {
        v |= (uint64_t)at[k] << (8 * k);
    }
    return v;
}

static inline void put_f64(uint8_t* at, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof(bits));
    put_le(at, bits, 8);
}

#endif
