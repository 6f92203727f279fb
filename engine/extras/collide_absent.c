/* collide_absent.c -- the compat-only engine's stand-ins for the extras left out with the
   robust solver (engine/src/robust_absent.c; silk.h, silk_features): collide.c (the ball pit,
   the chain cloth: robust scenes), shapes.c (tires and line segments: the shapes scene) and
   ball.c (seed 004's ball lesson). Each refuses with SILK_ERR_UNSUPPORTED and changes nothing;
   a scene build that reaches one fails in its scratch world first (pages.c), so the world
   keeps what it had. The defaults are empty defs: no builder here accepts a def. */
#include "build.h"

#include <string.h>

static const char* const COMPAT_ONLY = "this module has the compat solver only";

static silk_status unsupported(silk_world* world)
{
    return silk_world_report_error(world, SILK_ERR_UNSUPPORTED, "module", COMPAT_ONLY);
}

silk_status silk_build_ball_pit(silk_world* world)
{
    return unsupported(world);
}

silk_status silk_build_chain_cloth(silk_world* world)
{
    return unsupported(world);
}

silk_tire_def silk_default_tire_def(void)
{
    silk_tire_def def;
    memset(&def, 0, sizeof(def));
    return def;
}

silk_status silk_world_build_tire(silk_world* world, const silk_tire_def* def,
                                  int32_t* out_composite)
{
    (void)def, (void)out_composite;
    return unsupported(world);
}

silk_status silk_world_build_line_segments(silk_world* world, const silk_vec2* points,
                                           int32_t count, double stiffness,
                                           int32_t* out_composite)
{
    (void)points, (void)count, (void)stiffness, (void)out_composite;
    return unsupported(world);
}

silk_ball_def silk_default_ball_def(void)
{
    silk_ball_def def;
    memset(&def, 0, sizeof(def));
    return def;
}

silk_status silk_ball_init(const silk_ball_def* def, silk_ball* out_ball)
{
    (void)def, (void)out_ball;
    return SILK_ERR_UNSUPPORTED;
}

silk_status silk_ball_step(silk_ball* ball, double h, silk_ball_contact* out_contact)
{
    (void)ball, (void)h, (void)out_contact;
    return SILK_ERR_UNSUPPORTED;
}

silk_status silk_ball_substep(silk_ball* ball, double h, int32_t n, silk_ball_contact* out_contact)
{
    (void)ball, (void)h, (void)n, (void)out_contact;
    return SILK_ERR_UNSUPPORTED;
}

silk_status silk_ball_energy(const silk_ball* ball, double* out_energy)
{
    (void)ball, (void)out_energy;
    return SILK_ERR_UNSUPPORTED;
}
