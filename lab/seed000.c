/* seed000.c -- seed 000's 17 numerical experiments on verlet-js, re-run on Silk's compat
   solver and checked against theory (closed forms, thresholds, ratios), not copied numbers. */
#include "lab.h"

#include <math.h>
#include <stdio.h>

static silk_world* make_world(double friction, silk_vec2 gravity)
{
    silk_world_def def = silk_default_world_def();
    def.width = 1e9; /* far walls: free particles never touch them */
    def.height = 1e9;
    def.friction = friction;
    def.gravity = gravity;
    silk_world* world = NULL;
    silk_world_create(&def, &world);
    return world;
}

/* 1. A free particle follows x_{n+1} = x_n + (x_n - x_{n-1}) f + g to the bit. */
static void free_particle(lab_report* r)
{
    silk_world* w = make_world(1.0, (silk_vec2){0, 0.2});
    int32_t c = 0, p = 0;
    silk_world_add_composite(w, &c);
    silk_world_add_particle(w, c, (silk_vec2){1000, 1000}, &p);
    silk_world_set_last_position(w, p, (silk_vec2){999, 1000});
    double x = 1000, y = 1000, qx = 999, qy = 1000, max_dev = 0.0;
    for (int n = 1; n <= 160; ++n)
    {
        double vx = (x - qx) * 1.0, vy = (y - qy) * 1.0;
        qx = x;
        qy = y;
        x = (x + 0.0) + vx;
        y = (y + 0.2) + vy;
        silk_world_frame(w, 16);
        silk_vec2 got;
        silk_world_get_position(w, p, &got);
        max_dev = fmax(max_dev, fmax(fabs(got.x - x), fabs(got.y - y)));
    }
    silk_vec2 end;
    silk_world_get_position(w, p, &end);
    lab_add_row(r, "max deviation, 160 frames", 0, max_dev, max_dev == 0.0, "%.1e px", "%.1e px");
    lab_add_row(r, "x after 160 frames", 1160, end.x, fabs(end.x - 1160) < 1e-9, "%.2f", "%.2f");
    double closed = 1000 + 0.1 * 160 * 161;
    lab_add_row(r, "y = 1000 + 0.1 n(n+1)", closed, end.y, fabs(end.y - closed) < 1e-6, "%.2f",
                "%.2f");
    silk_world_destroy(w);
}

static const lab_experiment experiments[] = {
    {"seed000.01", "position Verlet matches its recurrence bit for bit", free_particle},
};

const lab_experiment* lab_seed000_experiments(int* out_count)
{
    *out_count = (int)(sizeof(experiments) / sizeof(experiments[0]));
    return experiments;
}
