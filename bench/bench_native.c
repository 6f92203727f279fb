/* bench_native.c -- the native side of bench/solver.mjs (a benchmark, not a test: it prints
   figures and asserts nothing).

   bench_native solver --scene web|cloth --frames F --reps R --warmup W [--dump FILE]
       Times the compat solver on one scene. Each repetition builds the scene afresh and times
       F frames (web: spider_tick before each frame, as the page does; step 16), so every
       repetition does the same work; the first W repetitions are thrown away (warm caches).
       Prints one JSON object: the time of each timed repetition (ns), the relaxations one
       repetition runs (sum over frames of 16 x constraints), and an FNV-1a hash of the final
       positions and last positions (the bytes of the doubles) so bench/solver.mjs can check
       that native, wasm and plain JS ended in the same state. --dump writes those doubles
       (p then q, x y per particle) for a difference report when the hashes disagree.

   bench_native latency [--reps R]
       The hardware floor of the relaxation chain (solver_compat.c: each relaxation reads what
       the previous one wrote). Measures the latency of the operations on the chain's critical
       path (add, mul, div, store-to-load forwarding, silk_or_zero) with dependent chains of
       each, and runs a minimal distance-relax kernel (the same arithmetic in the same order,
       no dispatch) on a dependent chain (each relaxation sharing a particle with the one before:
       the cloth's link order) and on independent pairs. Prints one JSON object; times in ns.

   Times come from clock_gettime(CLOCK_MONOTONIC): perf counters are often unavailable in VMs. */
#define _POSIX_C_SOURCE 200112L /* clock_gettime */

#include "silk_extras.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- solver ------------------------------------------------------------------------------ */

typedef enum bench_scene
{
    BENCH_WEB,
    BENCH_CLOTH,
} bench_scene;

/* The spider page (800 x 500, buildScene('web')) or the 100 x 100 cloth in an 800 x 800 world
   (friction 1, pins every 4th top particle). */
static silk_world* build(bench_scene scene)
{
    silk_world_def def = silk_default_world_def();
    if (scene == BENCH_CLOTH)
    {
        def.width = 800;
        def.height = 800;
        def.friction = 1;
    }
    silk_world* world = NULL;
    if (silk_world_create(&def, &world) != SILK_OK)
    {
        return NULL;
    }
    silk_status status;
    if (scene == BENCH_WEB)
    {
        silk_scene_def sd = silk_default_scene_def();
        sd.scene = SILK_SCENE_WEB;
        status = silk_world_build_scene(world, &sd);
    }
    else
    {
        silk_cloth_def cd = silk_default_cloth_def();
        cd.center = (silk_vec2){400, 400};
        cd.width = 600;
        cd.height = 600;
        cd.segments = 100;
        cd.pin_mod = 4;
        cd.stiffness = 0.9;
        int32_t id = 0;
        status = silk_world_build_cloth(world, &cd, &id);
    }
    if (status != SILK_OK)
    {
        silk_world_destroy(world);
        return NULL;
    }
    return world;
}

static uint64_t fnv1a(uint64_t h, const void* data, size_t size)
{
    const unsigned char* p = data;
    for (size_t i = 0; i < size; ++i)
    {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static uint64_t state_hash(const silk_world* world)
{
    size_t n = (size_t)silk_world_particle_count(world);
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv1a(h, silk_world_positions(world), n * sizeof(silk_vec2));
    return fnv1a(h, silk_world_last_positions(world), n * sizeof(silk_vec2));
}

static int dump_state(const silk_world* world, const char* path)
{
    FILE* f = fopen(path, "wb");
    if (f == NULL)
    {
        return 1;
    }
    size_t n = (size_t)silk_world_particle_count(world);
    size_t ok = fwrite(silk_world_positions(world), sizeof(silk_vec2), n, f);
    ok += fwrite(silk_world_last_positions(world), sizeof(silk_vec2), n, f);
    return (fclose(f) == 0 && ok == 2 * n) ? 0 : 1;
}

enum
{
    BENCH_STEP = 16,
    BENCH_MAX_REPS = 1000,
};

static int run_solver(bench_scene scene, int frames, int reps, int warmup, const char* dump)
{
    static int64_t times[BENCH_MAX_REPS];
    int64_t relaxations = 0;
    uint64_t hash = 0;
    int32_t particles = 0;
    for (int r = 0; r < warmup + reps; ++r)
    {
        silk_world* world = build(scene);
        if (world == NULL)
        {
            fprintf(stderr, "bench_native: cannot build the scene\n");
            return 1;
        }
        /* Counting costs one call per frame (about a nanosecond next to 16 passes). */
        int64_t counted = 0;
        int64_t t0 = now_ns();
        for (int f = 0; f < frames; ++f)
        {
            if (scene == BENCH_WEB)
            {
                silk_world_spider_tick(world, NULL);
            }
            counted += (int64_t)BENCH_STEP * silk_world_constraint_count(world);
            silk_world_frame(world, BENCH_STEP);
        }
        int64_t t1 = now_ns();
        relaxations = counted;
        if (r >= warmup)
        {
            times[r - warmup] = t1 - t0;
        }
        if (r == warmup + reps - 1)
        {
            hash = state_hash(world);
            particles = silk_world_particle_count(world);
            if (dump != NULL && dump_state(world, dump) != 0)
            {
                fprintf(stderr, "bench_native: cannot write %s\n", dump);
            }
        }
        silk_world_destroy(world);
    }

    printf("{\"scene\":\"%s\",\"frames\":%d,\"step\":%d,\"warmup\":%d,\"particles\":%d,"
           "\"relaxations\":%lld,\"hash\":\"%016llx\",\"times_ns\":[",
           scene == BENCH_WEB ? "web" : "cloth", frames, BENCH_STEP, warmup, (int)particles,
           (long long)relaxations, (unsigned long long)hash);
    for (int r = 0; r < reps; ++r)
    {
        printf("%s%lld", r ? "," : "", (long long)times[r]);
    }
    printf("]}\n");
    return 0;
}

/* ---- latency ----------------------------------------------------------------------------- */

/* Dependent chains: each operation needs the result of the one before, so the time per
   operation is its latency. `y` comes through a volatile so the compiler cannot fold the
   chain; without -ffast-math it may not reassociate it either. Every chain keeps x near 1. */

static volatile double g_one_plus = 1.0000001;
static volatile double g_sink;

typedef double chain_fn(int64_t n);

static double chain_add(int64_t n)
{
    double x = 1.0, y = g_one_plus;
    for (int64_t i = 0; i < n; i += 4)
    {
        x = x + y;
        x = x - y;
        x = x + y;
        x = x - y;
    }
    return x;
}

static double chain_mul(int64_t n)
{
    double x = 1.0, y = g_one_plus, z = 1.0 / g_one_plus;
    for (int64_t i = 0; i < n; i += 4)
    {
        x = x * y;
        x = x * z;
        x = x * y;
        x = x * z;
    }
    return x;
}

static double chain_div(int64_t n)
{
    double x = 1.0, y = g_one_plus, z = 1.0 / g_one_plus;
    for (int64_t i = 0; i < n; i += 4)
    {
        x = x / y;
        x = x / z;
        x = x / y;
        x = x / z;
    }
    return x;
}

/* store, then load the same address: the forwarding latency (plus one add, subtracted by the
   caller). The cell is volatile so the round trip through memory stays. */
static double chain_store_load_add(int64_t n)
{
    static volatile double cell;
    double y = g_one_plus - 1.0;
    cell = 1.0;
    for (int64_t i = 0; i < n; ++i)
    {
        double x = cell;
        cell = x + y;
    }
    return cell;
}

static inline double or_zero(double v)
{
    return (v == v && v != 0.0) ? v : 0.0;
}

/* add + silk_or_zero (the caller subtracts the add) */
static double chain_add_or_zero(int64_t n)
{
    double x = 1.0, y = g_one_plus;
    for (int64_t i = 0; i < n; i += 2)
    {
        x = or_zero(x + y);
        x = or_zero(x - y);
    }
    return x;
}

/* The clock: a chain of integer adds takes one cycle each on every x86-64 core; C would fold
   it, so it is written in assembly. Elsewhere the cycle time is reported as unknown (0). */
static double chain_int_add(int64_t n)
{
    int64_t x = 0;
#if defined(__x86_64__)
    for (int64_t i = 0; i < n; i += 4)
    {
        __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0" : "+r"(x) : "r"(i));
    }
#else
    (void)n;
#endif
    return (double)x;
}

static double time_chain(chain_fn* fn, int64_t n, int reps)
{
    double best = 1e300;
    for (int r = 0; r < reps; ++r)
    {
        int64_t t0 = now_ns();
        g_sink = fn(n);
        int64_t t1 = now_ns();
        double per = (double)(t1 - t0) / (double)n;
        best = per < best ? per : best;
    }
    return best;
}

/* The distance relaxation of solver_compat.c, the same operations in the same order, without
   the constraint-kind dispatch. Three ways:
     memory       every relaxation loads its particles (the chain goes store -> load)
     carried      the two particles the last relaxation wrote come from registers, as the
                  solver does (silk_carry)
     independent  links (2i, 2i+1) that share no particle: the throughput, not the latency */
typedef struct kernel_link
{
    int32_t a, b;
    double k, rest;
} kernel_link;

typedef enum kernel_mode
{
    KERNEL_MEMORY,
    KERNEL_CARRIED,
    KERNEL_INDEPENDENT,
} kernel_mode;

static inline void kernel_one(silk_vec2* pa, silk_vec2* pb, const kernel_link* l, double coef)
{
    double nx = or_zero(pa->x - pb->x);
    double ny = or_zero(pa->y - pb->y);
    double m = nx * nx + ny * ny;
    double s = (((l->rest * l->rest - m) / m) * l->k) * coef;
    nx *= s;
    ny *= s;
    pa->x += nx;
    pa->y += ny;
    pb->x -= nx;
    pb->y -= ny;
}

static void kernel_memory(silk_vec2* pos, const kernel_link* links, int32_t count, double coef)
{
    for (int32_t j = 0; j < count; ++j)
    {
        kernel_one(&pos[links[j].a], &pos[links[j].b], &links[j], coef);
    }
}

static void kernel_carried(silk_vec2* pos, const kernel_link* links, int32_t count, double coef)
{
    int32_t la = -1, lb = -1;
    silk_vec2 va = {0, 0}, vb = {0, 0};
    for (int32_t j = 0; j < count; ++j)
    {
        const int32_t a = links[j].a, b = links[j].b;
        silk_vec2 pa, pb;
        if (a == lb)
        {
            pa = vb;
        }
        else if (a == la)
        {
            pa = va;
        }
        else
        {
            pa = pos[a];
        }
        if (b == lb)
        {
            pb = vb;
        }
        else if (b == la)
        {
            pb = va;
        }
        else
        {
            pb = pos[b];
        }
        kernel_one(&pa, &pb, &links[j], coef); /* a != b in these links */
        pos[a] = pa;
        pos[b] = pb;
        la = a, lb = b, va = pa, vb = pb;
    }
}

/* The links of a segs x segs cloth in the builder's order (left, then up, per particle): each
   shares a particle with the one before it. KERNEL_INDEPENDENT uses pairs (2i, 2i+1). */
static double time_kernel(kernel_mode mode, int32_t segs, int passes, int reps)
{
    const int32_t n = segs * segs;
    const int32_t count = 2 * segs * (segs - 1);
    silk_vec2* pos = malloc(sizeof(silk_vec2) * (size_t)(2 * count));
    kernel_link* links = malloc(sizeof(kernel_link) * (size_t)count);
    if (pos == NULL || links == NULL)
    {
        free(pos);
        free(links);
        return NAN;
    }
    int32_t m = 0;
    for (int32_t i = 0; i < n && mode != KERNEL_INDEPENDENT; ++i)
    {
        if (i % segs > 0)
        {
            links[m++] = (kernel_link){i, i - 1, 0.9, 6.0};
        }
        if (i >= segs)
        {
            links[m++] = (kernel_link){i, i - segs, 0.9, 6.0};
        }
    }
    for (; m < count; ++m)
    {
        links[m] = (kernel_link){2 * m, 2 * m + 1, 0.9, 6.0};
    }
    double best = 1e300;
    for (int r = 0; r < reps; ++r)
    {
        for (int32_t i = 0; i < 2 * count; ++i)
        {
            pos[i] = (silk_vec2){(i % segs) * 6.0 + (i % 3), (i / segs) * 6.0 + (i % 5) * 0.1};
        }
        int64_t t0 = now_ns();
        for (int p = 0; p < passes; ++p)
        {
            if (mode == KERNEL_CARRIED)
            {
                kernel_carried(pos, links, count, 1.0 / 16);
            }
            else
            {
                kernel_memory(pos, links, count, 1.0 / 16);
            }
        }
        int64_t t1 = now_ns();
        g_sink = pos[n / 2].x;
        double per = (double)(t1 - t0) / ((double)passes * count);
        best = per < best ? per : best;
    }
    free(pos);
    free(links);
    return best;
}

static int run_latency(int reps)
{
    const int64_t n = 4000000; /* short runs: best-of-R dodges a busy machine */
    double cycle = time_chain(chain_int_add, n, reps);
#if !defined(__x86_64__)
    cycle = 0.0;
#endif
    double add = time_chain(chain_add, n, reps);
    double mul = time_chain(chain_mul, n, reps);
    double div = time_chain(chain_div, n / 4, reps);
    double sl = time_chain(chain_store_load_add, n, reps) - add;
    double oz = time_chain(chain_add_or_zero, n, reps) - add;
    double memory = time_kernel(KERNEL_MEMORY, 100, 16, reps);
    double carried = time_kernel(KERNEL_CARRIED, 100, 16, reps);
    double independent = time_kernel(KERNEL_INDEPENDENT, 100, 16, reps);
    printf(
        "{\"cycle_ns\":%.4f,\"add_ns\":%.4f,\"mul_ns\":%.4f,\"div_ns\":%.4f,\"store_load_ns\":%.4f,"
        "\"or_zero_ns\":%.4f,\"kernel_memory_ns\":%.4f,\"kernel_carried_ns\":%.4f,"
        "\"kernel_independent_ns\":%.4f}\n",
        cycle, add, mul, div, sl, oz, memory, carried, independent);
    return 0;
}

/* ---- command line ------------------------------------------------------------------------ */

static int usage(void)
{
    fprintf(stderr, "usage: bench_native solver --scene web|cloth --frames F --reps R "
                    "--warmup W [--dump FILE]\n"
                    "       bench_native latency [--reps R]\n");
    return 2;
}

static bool int_arg(const char* s, int lo, int hi, int* out)
{
    char* end = NULL;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || v < lo || v > hi)
    {
        return false;
    }
    *out = (int)v;
    return true;
}

int main(int argc, char** argv)
{
    if (argc < 2)
    {
        return usage();
    }
    bench_scene scene = BENCH_WEB;
    int frames = 300, reps = 9, warmup = 2;
    const char* dump = NULL;
    for (int i = 2; i < argc; ++i)
    {
        const char* opt = argv[i];
        const char* val = i + 1 < argc ? argv[i + 1] : NULL;
        if (val == NULL)
        {
            return usage();
        }
        ++i;
        bool ok = true;
        if (strcmp(opt, "--scene") == 0)
        {
            ok = strcmp(val, "web") == 0 || strcmp(val, "cloth") == 0;
            scene = strcmp(val, "cloth") == 0 ? BENCH_CLOTH : BENCH_WEB;
        }
        else if (strcmp(opt, "--frames") == 0)
        {
            ok = int_arg(val, 1, 1000000, &frames);
        }
        else if (strcmp(opt, "--reps") == 0)
        {
            ok = int_arg(val, 1, BENCH_MAX_REPS, &reps);
        }
        else if (strcmp(opt, "--warmup") == 0)
        {
            ok = int_arg(val, 0, 1000, &warmup);
        }
        else if (strcmp(opt, "--dump") == 0)
        {
            dump = val;
        }
        else
        {
            ok = false;
        }
        if (!ok)
        {
            return usage();
        }
    }
    if (strcmp(argv[1], "solver") == 0)
    {
        return run_solver(scene, frames, reps, warmup, dump);
    }
    if (strcmp(argv[1], "latency") == 0)
    {
        return run_latency(reps);
    }
    return usage();
}
