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
#include "ball_box.h"

#include <stdio.h>
#include <stdlib.h>

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
    const ball_box b = ball_box_for(n > 0 ? n : 1); /* a bad n: usage, below */
    silk_world* w = n < 1 ? NULL : ball_box_world(&b, substeps);
    if (w == NULL)
    {
        fprintf(stderr, "usage: silk-balls [N >= 1] [substeps >= 1] [seconds]\n");
        return 2;
    }
    silk_robust_def rd = silk_world_get_robust(w);
    rd.sleep = sleep != 0;
    rd.sleep_steps = sleep == 2 ? SILK_MAX_SLEEP_STEPS : rd.sleep_steps;
    silk_world_set_robust(w, &rd);
    ball_box_drop(w, &b);
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
    silk_world_update_diagnostics(w, (silk_vec2){b.width * PX / 2.0, b.height * PX / 2.0});
    const double* values = silk_world_diagnostics(w)->values;
    printf("silk-balls: %d balls (r = 5 px), %d substeps, %.0f s of 1/60 s steps, box %.0f px\n", n,
           substeps, seconds, b.width * PX);
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
