/* soak.c -- `silk-soak`: one scene in one solver for many fixed steps, timing the first and the
   last chunk (bench/soak.mjs runs it for every scene and solver; scripts/bench.sh soak).

       silk-soak SCENE SOLVER STEPS CHUNK [--ftz]

   SCENE web|cloth|shapes|tree, SOLVER compat|robust. Runs STEPS steps of advance(1/60) (the
   page's loop; no dragging, so every scene comes to rest) and prints one JSON line: the wall
   seconds of the first CHUNK steps and of the last CHUNK steps, their ratio, and counts of
   subnormal numbers in the positions p, the last positions q and the per-step motion p - q at
   the end. --ftz sets the x86 flush-to-zero and denormals-are-zero flags first (MXCSR): if a
   slowdown disappears with them, subnormal arithmetic is its cause. Prints figures; asserts
   nothing. */
#include "silk_extras.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define SOAK_HAVE_FTZ 1
#endif

static double now_seconds(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Processor time of this process: on a shared, loaded machine it moves far less than wall
   time (other processes' time is not counted), so chunks compare fairly. */
static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

static int subnormal(double v)
{
    return v != 0.0 && fabs(v) < 2.2250738585072014e-308;
}

int main(int argc, char** argv)
{
    static const char* scenes[SILK_SCENE_COUNT] = {"web",  "cloth",    "shapes",
                                                   "tree", "ball-pit", "chain-cloth"};
    if (argc < 5)
    {
        fprintf(stderr, "usage: silk-soak web|cloth|shapes|tree|ball-pit|chain-cloth compat|robust "
                        "STEPS CHUNK [--ftz]\n");
        return 2;
    }
    int scene = -1;
    for (int k = 0; k < SILK_SCENE_COUNT; ++k)
    {
        scene = strcmp(argv[1], scenes[k]) == 0 ? k : scene;
    }
    silk_solver solver = strcmp(argv[2], "robust") == 0 ? SILK_SOLVER_ROBUST : SILK_SOLVER_COMPAT;
    long long steps = atoll(argv[3]), chunk = atoll(argv[4]);
    int ftz = argc > 5 && strcmp(argv[5], "--ftz") == 0;
    if (scene < 0 || chunk < 1 || steps < 2 * chunk)
    {
        fprintf(stderr, "silk-soak: bad arguments\n");
        return 2;
    }
#ifdef SOAK_HAVE_FTZ
    if (ftz)
    {
        _mm_setcsr(_mm_getcsr() | 0x8040); /* FTZ (bit 15) and DAZ (bit 6) */
    }
#else
    if (ftz)
    {
        fprintf(stderr, "silk-soak: --ftz needs x86\n");
        return 2;
    }
#endif
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    if (silk_world_create(&def, &w) != SILK_OK || silk_world_set_solver(w, solver) != SILK_OK)
    {
        return 1;
    }
    silk_scene_def sd = silk_default_scene_def();
    sd.scene = (silk_scene)scene;
    if (silk_world_build_scene(w, &sd) != SILK_OK)
    {
        return 1;
    }
    double first = 0.0, last = 0.0, first_cpu = 0.0, last_cpu = 0.0;
    int unhealthy = 0;
    for (long long s = 0; s < steps; s += chunk)
    {
        double t0 = now_seconds(), c0 = cpu_seconds();
        for (long long k = 0; k < chunk; ++k)
        {
            silk_world_advance(w, 1.0 / 60.0, NULL);
        }
        double t = now_seconds() - t0, c = cpu_seconds() - c0;
        first = s == 0 ? t : first;
        first_cpu = s == 0 ? c : first_cpu;
        last = t;
        last_cpu = c;
        unhealthy += silk_world_health(w) != SILK_HEALTH_HEALTHY;
    }
    const silk_vec2* p = silk_world_positions(w);
    const silk_vec2* q = silk_world_last_positions(w);
    int n = silk_world_particle_count(w), sub_p = 0, sub_q = 0, sub_v = 0, nan = 0, zero_v = 0;
    for (int i = 0; i < n; ++i)
    {
        sub_p += subnormal(p[i].x) + subnormal(p[i].y);
        sub_q += subnormal(q[i].x) + subnormal(q[i].y);
        double vx = p[i].x - q[i].x, vy = p[i].y - q[i].y;
        sub_v += subnormal(vx) + subnormal(vy);
        zero_v += (vx == 0.0) + (vy == 0.0);
        nan += isnan(p[i].x) + isnan(p[i].y);
    }
    printf("{\"scene\":\"%s\",\"solver\":\"%s\",\"steps\":%lld,\"chunk\":%lld,\"ftz\":%s,"
           "\"first_s\":%.6f,\"last_s\":%.6f,\"ratio\":%.4f,\"first_cpu_s\":%.6f,"
           "\"last_cpu_s\":%.6f,\"cpu_ratio\":%.4f,\"particles\":%d,"
           "\"subnormal_p\":%d,\"subnormal_q\":%d,\"subnormal_motion\":%d,\"zero_motion\":%d,"
           "\"nan\":%d,\"unhealthy_chunks\":%d,\"hash\":\"%016llx\"}\n",
           argv[1], argv[2], steps, chunk, ftz ? "true" : "false", first, last, last / first,
           first_cpu, last_cpu, last_cpu / first_cpu, n, sub_p, sub_q, sub_v, zero_v, nan,
           unhealthy, (unsigned long long)silk_world_state_hash(w));
    silk_world_destroy(w);
    return 0;
}
