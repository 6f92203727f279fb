/* test_smoke.c -- the spider page builds to the original's counts and runs without NaN. */
#include "check.h"
#include "silk_extras.h"

#include <math.h>

int main(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(&def, &w), SILK_OK);
    silk_scene_def scene = silk_default_scene_def();
    CHECK_EQ_INT(silk_world_build_scene(w, &scene), SILK_OK);
    CHECK_EQ_INT(silk_world_particle_count(w), 175);
    CHECK_EQ_INT(silk_world_constraint_count(w), 351);
    silk_constraint_info body;
    CHECK_EQ_INT(silk_world_get_constraint(w, 1, 2, &body), SILK_OK);
    CHECK(body.kind == SILK_ANGLE && body.rest == -3.141592653589793);
    CHECK_EQ_INT(silk_world_run_frames(w, 1000, 16, (silk_vec2){400, 250}), SILK_OK);
    const double* v = silk_world_diagnostics(w)->values;
    CHECK(v[SILK_DIAG_NAN_COUNT] == 0);
    CHECK(v[SILK_DIAG_BOUNDING_RADIUS] > 200 && v[SILK_DIAG_BOUNDING_RADIUS] < 300);
    printf("after 1000 frames: radius %.3f, constraints %.0f, strain median %.4f p97 %.4f\n",
           v[SILK_DIAG_BOUNDING_RADIUS], v[SILK_DIAG_CONSTRAINTS], v[SILK_DIAG_STRAIN_MEDIAN],
           v[SILK_DIAG_STRAIN_P97]);
    silk_world_destroy(w);
    return check_report("smoke");
}
