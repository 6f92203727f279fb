/* rng.c -- SplitMix64 (Steele, Lea, Flood 2014): one 64-bit add and a mix per draw.
   Small state, no bad seeds, and the same bits on every platform, which replays need. */
#include "silk.h"

silk_rng silk_rng_make(uint64_t seed)
{
    silk_rng rng = {seed};
    return rng;
}

uint64_t silk_rng_next_u64(silk_rng* rng)
{
    if (rng == NULL)
    {
        return 0; /* no status to return; nothing crashes on bad input */
    }
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double silk_rng_next_double(silk_rng* rng)
{
    /* The top 53 bits, scaled by 2^-53: every value is exact and lies in [0, 1). */
    return (double)(silk_rng_next_u64(rng) >> 11) * 0x1.0p-53;
}
