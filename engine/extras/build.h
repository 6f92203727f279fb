/* build.h -- what the extras' builders share (private to engine/extras). Only silk.h and
   silk_extras.h are included: the extras are content written against the public API. */
#ifndef SILK_EXTRAS_BUILD_H
#define SILK_EXTRAS_BUILD_H

#include "silk_extras.h"

#include <math.h>

#define SILK_EXTRAS_DEF_COOKIE 0x5117DEF0
#define SILK_PI                3.141592653589793

/* verlet-js's Vec2 constructor stores `x || 0`: every vector the original *constructs*
   turns NaN and -0 into +0, while its in-place updates do not. The builders place particles
   exactly as the original's constructors do (the core's compat solver applies the same
   rule where the original's frame constructs a vector). */
static inline double silk_or_zero(double v)
{
    return (v == v && v != 0.0) ? v : 0.0;
}

static inline bool silk_finite2(silk_vec2 v)
{
    return isfinite(v.x) && isfinite(v.y);
}

/* Appends a particle / a distance with rest = current length / a pin where the particle is /
   an angle, returning the status; the builders chain them with SILK_TRY. */
silk_status silk_build_particle(silk_world* world, int32_t composite, double x, double y,
                                int32_t* out_particle);
silk_status silk_build_distance(silk_world* world, int32_t composite, int32_t a, int32_t b,
                                double stiffness);
silk_status silk_build_pin(silk_world* world, int32_t composite, int32_t particle);
silk_status silk_build_angle(silk_world* world, int32_t composite, int32_t a, int32_t b, int32_t c,
                             double stiffness);
/* Reserves room for this many more particles, constraints and composites. */
silk_status silk_build_reserve(silk_world* world, int32_t particles, int32_t constraints,
                               int32_t composites);
/* The collision scenes (collide.c), built into a cleared world. */
silk_status silk_build_ball_pit(silk_world* world);
silk_status silk_build_chain_cloth(silk_world* world);
/* The particle's position (the builder has just added it, so the index is valid). */
silk_vec2 silk_build_position(const silk_world* world, int32_t particle);

/* The spider's extension (spider.c). install: installs it (replacing a host's), keeping its
   own state when it is installed already. owns: whether it is the installed one (by
   identity, not by tag). require: SILK_ERR_STATE with a detail when the world runs another
   extension (a host's: content that needs the extras says so instead of evicting it),
   changing nothing; then ensure installs it unless it is installed. */
silk_status silk_spider_install(silk_world* world);
bool silk_spider_owns(const silk_world* world);
silk_status silk_spider_require(silk_world* world);
silk_status silk_spider_ensure(silk_world* world);
/* The values builders set (the extension must be installed: silk_spider_ensure). */
void silk_spider_set_web(silk_world* world, int32_t composite);
/* Auto-crawl as a scene's state (not a recorded input, unlike silk_world_set_auto_crawl). */
void silk_spider_set_auto_crawl(silk_world* world, bool on);

/* The grips the crawl may still add during a run (0 when auto-crawl is off or there is no
   spider): one per foot that holds none, so constraints + room stays the same while it crawls
   and the work bound of a run (lab.c) cannot drift. */
int32_t silk_spider_grip_room(const silk_world* world);

/* Every public builder writes its own silk_world_last_error_detail (silk.h), whatever fails:
   its ranges name their field, and silk_build_reported fills in the rest -- NULL, DEF,
   NONFINITE, NOMEM, CAPACITY from the calls it makes -- so a host never reads the detail of an
   earlier call. `default_def` names the function whose def it expects ("silk_default_..."). */
silk_status silk_build_reported(silk_world* world, silk_status status, const char* default_def);

/* A builder that fails part way rolls back to its mark (silk_world_rollback), so a failed
   call changes nothing. */
#define SILK_TRY(expr)                                                                             \
    do                                                                                             \
    {                                                                                              \
        silk_status try_status_ = (expr);                                                          \
        if (try_status_ != SILK_OK)                                                                \
        {                                                                                          \
            silk_world_rollback(world, mark);                                                      \
            return try_status_;                                                                    \
        }                                                                                          \
    } while (0)

#endif
