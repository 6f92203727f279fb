/* build.h -- small helpers the builders share (private). */
#ifndef SILK_BUILD_H
#define SILK_BUILD_H

#include "../world.h"

/* Appends a particle / a distance with rest = current length / a pin where the particle is /
   an angle, returning the status; the builders chain them with TRY. */
silk_status silk_build_particle(silk_world* world, int32_t composite, double x, double y,
                                int32_t* out_particle);
silk_status silk_build_distance(silk_world* world, int32_t composite, int32_t a, int32_t b,
                                double stiffness);
silk_status silk_build_pin(silk_world* world, int32_t composite, int32_t particle);
silk_status silk_build_angle(silk_world* world, int32_t composite, int32_t a, int32_t b, int32_t c,
                             double stiffness);

/* A builder that fails part way removes what it appended, so a failed call changes nothing. */
typedef struct silk_build_mark
{
    int32_t particles, constraints, composites;
} silk_build_mark;
silk_build_mark silk_build_begin(const silk_world* world);
void silk_build_rollback(silk_world* world, silk_build_mark mark);

/* cos and sin as the world's solver computes them: the host's trig for compat, detmath for
   robust (angles: silk_world_angle_at in world.h). */
double silk_build_cos(const silk_world* world, double x);
double silk_build_sin(const silk_world* world, double x);

#define SILK_TRY(expr)                                                                             \
    do                                                                                             \
    {                                                                                              \
        silk_status try_status_ = (expr);                                                          \
        if (try_status_ != SILK_OK)                                                                \
        {                                                                                          \
            silk_build_rollback(world, mark);                                                      \
            return try_status_;                                                                    \
        }                                                                                          \
    } while (0)

#endif
