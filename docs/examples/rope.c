/* rope.c -- the C quick start of docs/library.md: a pinned rope of 30 particles on the robust
   solver, stepped for 2 s. ctest builds and runs it (example.rope: exits 0 when the rope hangs), so
   the docs cannot rot. */
#include "silk.h"
#include <stdio.h>

int main(void)
{
    silk_world_def def = silk_default_world_def();
    def.width = 640;
    def.height = 400;
    silk_world* w = NULL;
    if (silk_world_create(&def, &w) != SILK_OK)
        return 1;
    silk_world_set_solver(w, SILK_SOLVER_ROBUST);
    int32_t rope = 0, p = 0;
    silk_world_add_composite(w, &rope);
    /* a rope, particle by particle: a pin holds the first, a distance links each to the last */
    for (int i = 0; i < 30; i++)
    {
        silk_world_add_particle(w, rope, (silk_vec2){320 + i * 8, 40}, &p);
        if (i == 0)
        {
            silk_pin_def pin = silk_default_pin_def();
            pin.particle = p;
            silk_world_add_pin(w, rope, &pin, NULL);
        }
        else
        {
            silk_distance_def d = silk_default_distance_def();
            d.a = p - 1;
            d.b = p;
            silk_world_add_distance(w, rope, &d, NULL);
        }
    }
    for (int f = 0; f < 120; f++)
        silk_world_advance(w, 1.0 / 60.0, NULL);
    const silk_vec2* pos = silk_world_positions(w);
    printf("end of the rope: %.2f, %.2f\n", pos[29].x, pos[29].y);
    int hangs = pos[29].y > 150 && pos[29].y < 400; /* fell from y = 40, stayed in the box */
    silk_world_destroy(w);
    return hangs ? 0 : 1;
}
