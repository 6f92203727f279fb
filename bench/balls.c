/* balls.c -- the native side of `node bench/peers.mjs --balls`: N balls of radius 5 px
   dropped from a loose grid into a box, the same box as peers.mjs's ballBox, stepped at
   1/60 s with the robust solver. It prints processor ms per step in two phases: free fall
   (the first half second, before any ball lands) and settled (the last 2 s of the run, when
   the pile has come to rest: the fastest ball's speed is printed to show it), median and p95, and
   the overlap at the end (max and p99 over pairs, as a fraction of r). For profiling the contact
   pass natively (`perf record build/native/bench/silk-balls 10000`).

     silk-balls [N=10000] [substeps=4] [seconds=15] [sleep=0]
   (sleep 1: robust sleep on, silk.h "Sleeping", the end line counting the sleeping balls;
   sleep 2: on with sleep_steps at its maximum, so nothing falls asleep: the awake cost of
   the sleep pass, for an A/B against 0)

   Times are processor time: the machine may be shared. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "silk.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define PX     100.0 /* px per m, as peers.mjs */
#define BALL_R 0.05  /* m */
#define G      9.81
#define H      (1.0 / 60.0)

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void* a, const void* b)
{
    const double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static void report(const char* phase, double* ms, int count, int n)
{
    qsort(ms, (size_t)count, sizeof(double), by_value);
    const double median = ms[count / 2], p95 = ms[(int)(count * 0.95)];
    printf("  %-10s %4d steps  median %7.3f ms  p95 %7.3f ms  %6.3f us/ball\n", phase, count,
           median, p95, 1000.0 * median / n);
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 10000;
    const int substeps = argc > 2 ? atoi(argv[2]) : 4;
    const double seconds = argc > 3 ? atof(argv[3]) : 15.0;
    const int sleep = argc > 4 ? atoi(argv[4]) : 0;
    /* the box of peers.mjs's ballBox (y up from the floor, metres) */
    const double width = sqrt(2.0 * 0.0092 * n) + 4.0 * BALL_R, spacing = 2.4 * BALL_R;
    const int columns = (int)floor((width - 2.0 * spacing) / spacing);
    const int rows = (n + columns - 1) / columns;
    const double height = rows * spacing + width;
    silk_world_def def = silk_default_world_def();
    def.width = width * PX;
    def.height = height * PX;
    def.particle_capacity = n;
    silk_world* w = NULL;
    if (n < 1 || substeps < 1 || silk_world_create(&def, &w) != SILK_OK)
    {
        fprintf(stderr, "usage: silk-balls [N >= 1] [substeps >= 1] [seconds]\n");
        return 2;
    }
    silk_world_set_solver(w, SILK_SOLVER_ROBUST);
    silk_robust_def rd = silk_world_get_robust(w);
    rd.gravity = (silk_vec2){0.0, G * PX};
    rd.damping = 0.0;
    rd.substeps = substeps;
    rd.sleep = sleep != 0;
    rd.sleep_steps = sleep == 2 ? SILK_MAX_SLEEP_STEPS : rd.sleep_steps;
    silk_world_set_robust(w, &rd);
    silk_watchdog_def wd = silk_default_watchdog_def();
    wd.enabled = false;
    silk_world_set_watchdog(w, &wd);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    silk_collision_filter filter = silk_default_collision_filter();
    filter.self_collide = true;
    silk_world_set_collision_filter(w, c, filter);
    const double floor_y = height * PX - 1.0;
    for (int k = 0; k < n; ++k)
    {
        const int row = k / columns, col = k % columns;
        const double x = spacing + col * spacing + (row % 2 ? BALL_R * 0.5 : 0.0);
        const double y = height - spacing - row * spacing;
        int32_t p = 0;
        silk_world_add_particle(w, c, (silk_vec2){x * PX, floor_y - y * PX}, &p);
        silk_world_set_radius(w, p, BALL_R * PX);
    }
    const int steps = (int)(seconds * 60.0), fall = 30, settled = 120;
    double* ms = malloc(sizeof(double) * (size_t)steps);
    silk_vec2* before = malloc(sizeof(silk_vec2) * (size_t)n);
    double fastest = 0.0; /* px/s over the last step */
    for (int s = 0; s < steps; ++s)
    {
        const silk_vec2* p = silk_world_positions(w);
        for (int i = 0; i < n && s == steps - 1; ++i)
        {
            before[i] = p[i];
        }
        const double t0 = now();
        silk_world_robust_step(w, H);
        ms[s] = 1000.0 * (now() - t0);
    }
    const silk_vec2* p = silk_world_positions(w);
    for (int i = 0; i < n; ++i)
    {
        const double dx = p[i].x - before[i].x, dy = p[i].y - before[i].y;
        const double speed = sqrt(dx * dx + dy * dy) / H;
        fastest = speed > fastest ? speed : fastest;
    }
    silk_world_update_diagnostics(w, (silk_vec2){def.width / 2.0, def.height / 2.0});
    const double* values = silk_world_diagnostics(w)->values;
    printf("silk-balls: %d balls (r = 5 px), %d substeps, %.0f s of 1/60 s steps, box %.0f px\n", n,
           substeps, seconds, width * PX);
    report("free fall", ms, fall < steps ? fall : steps, n);
    if (steps >= fall + settled)
    {
        report("settled", ms + steps - settled, settled, n);
    }
    printf("  end: fastest ball %.2f px/s over the last step, %g contacts, overlap max %.3f r, "
           "p99 %.3f r, %g asleep\n",
           fastest, values[SILK_DIAG_CONTACTS], values[SILK_DIAG_OVERLAP_MAX] / (BALL_R * PX),
           values[SILK_DIAG_OVERLAP_P99] / (BALL_R * PX), values[SILK_DIAG_SLEEPING]);
    free(ms);
    free(before);
    silk_world_destroy(w);
    return 0;
}
