/* fuzz_main.c -- the standalone driver: seeded random inputs for a fixed budget.

       silk-fuzz api|bytes [--seconds S] [--runs N] [--seed N] [--max-len N]

   Inputs are random byte strings (SplitMix64 from the seed, lengths up to --max-len), so a
   run is reproducible from its seed: a finding prints the seed and the input number, and
   the input itself is written to fuzz-finding-<harness>.bin for silk-fuzz-repro (or a
   libFuzzer build: see scripts/fuzz.sh). Prints executions, seconds and findings. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "fuzz.h"

#include <signal.h>
#include <time.h>

static const char* g_harness; /* for the abort report: the driver's own, not the engine's */
static uint64_t g_seed;
static int64_t g_input;
static const uint8_t* g_bytes;
static size_t g_size;

static void on_abort(int sig)
{
    (void)sig;
    char name[128];
    snprintf(name, sizeof(name), "fuzz-finding-%s.bin", g_harness);
    FILE* f = fopen(name, "wb");
    if (f != NULL)
    {
        fwrite(g_bytes, 1, g_size, f);
        fclose(f);
    }
    fprintf(stderr, "silk-fuzz %s: FINDING at seed %llu input %lld (%zu bytes, saved to %s)\n",
            g_harness, (unsigned long long)g_seed, (long long)g_input, g_size, name);
    signal(SIGABRT, SIG_DFL);
    abort();
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char** argv)
{
    if (argc < 2 || (strcmp(argv[1], "api") != 0 && strcmp(argv[1], "bytes") != 0 &&
                     strcmp(argv[1], "repro-api") != 0 && strcmp(argv[1], "repro-bytes") != 0))
    {
        fprintf(stderr, "usage: silk-fuzz api|bytes [--seconds S] [--runs N] [--seed N] "
                        "[--max-len N]\n       silk-fuzz repro-api|repro-bytes FILE\n");
        return 2;
    }
    g_harness = argv[1];
    int (*one)(const uint8_t*, size_t) =
        strstr(argv[1], "api") != NULL ? fuzz_api_one : fuzz_bytes_one;
    if (strncmp(argv[1], "repro-", 6) == 0)
    {
        FILE* f = argc > 2 ? fopen(argv[2], "rb") : NULL;
        if (f == NULL)
        {
            fprintf(stderr, "silk-fuzz: cannot open the input\n");
            return 2;
        }
        static uint8_t buffer[1 << 20];
        size_t n = fread(buffer, 1, sizeof(buffer), f);
        fclose(f);
        one(buffer, n);
        printf("silk-fuzz %s: no finding\n", argv[1]);
        return 0;
    }
    double seconds = 10.0;
    int64_t runs = -1;
    uint64_t seed = 1;
    size_t max_len = 512;
    for (int i = 2; i + 1 < argc; i += 2)
    {
        if (strcmp(argv[i], "--seconds") == 0)
        {
            seconds = atof(argv[i + 1]);
        }
        else if (strcmp(argv[i], "--runs") == 0)
        {
            runs = atoll(argv[i + 1]);
        }
        else if (strcmp(argv[i], "--seed") == 0)
        {
            seed = strtoull(argv[i + 1], NULL, 10);
        }
        else if (strcmp(argv[i], "--max-len") == 0)
        {
            max_len = (size_t)atoll(argv[i + 1]);
        }
    }
    g_seed = seed;
    signal(SIGABRT, on_abort);
    silk_rng rng = silk_rng_make(seed);
    uint8_t* input = malloc(max_len + 1);
    double start = now_seconds(), elapsed = 0.0;
    int64_t done = 0;
    while ((runs < 0 || done < runs) && (runs >= 0 || elapsed < seconds))
    {
        size_t len = (size_t)(silk_rng_next_u64(&rng) % (max_len + 1));
        for (size_t k = 0; k < len; ++k)
        {
            input[k] = (uint8_t)(silk_rng_next_u64(&rng) >> 56);
        }
        g_input = done;
        g_bytes = input;
        g_size = len;
        one(input, len);
        done += 1;
        if ((done & 15) == 0)
        {
            elapsed = now_seconds() - start;
        }
    }
    elapsed = now_seconds() - start;
    printf("silk-fuzz %s: %lld executions in %.1f s (%.0f/s), %llu API calls checked, seed %llu, "
           "0 findings\n",
           argv[1], (long long)done, elapsed, (double)done / elapsed,
           (unsigned long long)fuzz_api_calls(), (unsigned long long)seed);
    free(input);
    return 0;
}
