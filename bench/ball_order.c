/* ball_order.c -- does the particle order cost the contact pass? (issue 29, the awake pile)

   The contact pass (engine/src/contact.c) already works on copies gathered in grid order;
   what stays in particle-index order is the gather and scatter, the contact records and the
   restitution pass. To measure what that index order costs, this settles bench/balls.c's
   box of N balls, then builds two fresh worlds from the settled pile -- one with the
   particles renumbered (the order under test), one with them in their old order (the
   control: the copy itself resets the carried velocities, so both copies get it) -- and
   steps the two one after the other, step by step, so the machine's load hits both alike.

     silk-ball-order [N=10000] [substeps=4] [seconds=10] [order=1]
   order 1: grid order (cells of one diameter, row by row, then index: the broad phase's
   order); order 2: a shuffle (a fixed LCG: the worst order). It prints both medians over
   180 steps and their ratio (< 1: the renumbered world is faster). Processor time. */
#include "ball_box.h"

#include <stdio.h>
#include <stdlib.h>

#define STEPS 180

/* the grid order: a key per particle (row, column of its cell), ties by index */
typedef struct keyed
{
    int64_t key;
    int index;
} keyed;

static int by_key(const void* a, const void* b)
{
    const keyed *x = a, *y = b;
    if (x->key != y->key)
    {
        return x->key < y->key ? -1 : 1;
    }
    return (x->index > y->index) - (x->index < y->index);
}

static void copy_world(silk_world* to, const silk_world* from, const int* order, int n)
{
    const silk_vec2* p = silk_world_positions(from);
    const silk_vec2* q = silk_world_last_positions(from);
    for (int k = 0; k < n; ++k)
    {
        int32_t id = 0;
        silk_world_add_particle(to, 0, p[order[k]], &id);
        silk_world_set_radius(to, id, BALL_R * PX);
        silk_world_set_last_position(to, id, q[order[k]]);
    }
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 10000;
    const int substeps = argc > 2 ? atoi(argv[2]) : 4;
    const double seconds = argc > 3 ? atof(argv[3]) : 10.0;
    const int mode = argc > 4 ? atoi(argv[4]) : 1;
    if (n < 1 || substeps < 1 || (mode != 1 && mode != 2))
    {
        fprintf(stderr, "usage: silk-ball-order [N >= 1] [substeps >= 1] [seconds] [order 1|2]\n");
        return 2;
    }
    const ball_box b = ball_box_for(n); /* bench/balls.c's box and drop */
    silk_world* pile = ball_box_world(&b, substeps);
    silk_world* test = ball_box_world(&b, substeps);
    silk_world* control = ball_box_world(&b, substeps);
    int* order = malloc(sizeof(int) * (size_t)n);
    int* same = malloc(sizeof(int) * (size_t)n);
    keyed* keys = malloc(sizeof(keyed) * (size_t)n);
    double* t_test = malloc(sizeof(double) * STEPS);
    double* t_control = malloc(sizeof(double) * STEPS);
    if (!pile || !test || !control || !order || !same || !keys || !t_test || !t_control)
    {
        fprintf(stderr, "silk-ball-order: out of memory\n");
        return 1;
    }
    ball_box_drop(pile, &b);
    for (int s = 0; s < (int)(seconds * 60.0); ++s)
    {
        silk_world_robust_step(pile, H);
    }
    const silk_vec2* p = silk_world_positions(pile);
    const double cell = 2.0 * BALL_R * PX;
    uint32_t lcg = 12345u;
    for (int k = 0; k < n; ++k)
    {
        same[k] = order[k] = k;
        keys[k] =
            (keyed){(int64_t)floor(p[k].y / cell) * 1000000 + (int64_t)floor(p[k].x / cell), k};
    }
    if (mode == 1)
    {
        qsort(keys, (size_t)n, sizeof(keyed), by_key);
        for (int k = 0; k < n; ++k)
        {
            order[k] = keys[k].index;
        }
    }
    for (int k = n - 1; k > 0 && mode == 2; --k)
    {
        lcg = lcg * 1103515245u + 12345u;
        const int j = (int)((lcg >> 8) % (uint32_t)(k + 1)), t = order[k];
        order[k] = order[j];
        order[j] = t;
    }
    copy_world(test, pile, order, n);
    copy_world(control, pile, same, n);
    for (int s = 0; s < STEPS; ++s)
    {
        const double t0 = now();
        silk_world_robust_step(test, H);
        const double t1 = now();
        silk_world_robust_step(control, H);
        t_test[s] = 1000.0 * (t1 - t0);
        t_control[s] = 1000.0 * (now() - t1);
    }
    qsort(t_test, STEPS, sizeof(double), by_value);
    qsort(t_control, STEPS, sizeof(double), by_value);
    const double a = t_test[STEPS / 2], c = t_control[STEPS / 2];
    printf("silk-ball-order: %d balls, %d substeps, settled %.0f s; %s: median %.3f ms, index "
           "order: %.3f ms, ratio %.3f\n",
           n, substeps, seconds, mode == 1 ? "grid order" : "shuffled", a, c, a / c);
    free(order);
    free(same);
    free(keys);
    free(t_test);
    free(t_control);
    silk_world_destroy(pile);
    silk_world_destroy(test);
    silk_world_destroy(control);
    return 0;
}
