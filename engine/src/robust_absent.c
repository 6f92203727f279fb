/* robust_absent.c -- the compat-only engine's stand-ins for the robust solver (silk.h,
   silk_features).

   The web's silk-lite.wasm is the same engine without robust_prepare.c, robust_step.c,
   robust_batch.c, robust_chain.c, contact.c, broadphase.c and polygon.c (static polygons are the
   robust solver's geometry: compat never reads them): what a reader of a compat scene
   (the web, the cloth, the trees) downloads, ~14 KB gzipped less. The compat solver, the
   settings, snapshots, the state hash and recording are the same files compiled the same way,
   so a compat world steps to the same bits in either module (tests/js/lite.test.mjs) and can
   move to the full module by snapshot (web/lib: silk.upgrade).

   Here, what the rest of the engine calls into those files. The calls that would need the
   solver refuse with SILK_ERR_UNSUPPORTED and change nothing; set_solver, restore and the
   recording's loader refuse the robust solver before it can be selected (silk_features), so
   a world here is never in a state these stand-ins cannot serve. */
#include "broadphase.h"
#include "contact.h"
#include "polygon.h"
#include "robust.h"
#include "validate.h"
#include "world.h"

static const char* const COMPAT_ONLY = "this module has the compat solver only";

uint32_t silk_features(void)
{
    return 0u;
}

/* Steps size the robust scratch only when the robust solver is selected or a replay runs (which
   may select it); here neither needs anything: a replay that would select it was refused. */
silk_status silk_robust_reserve(silk_world* world, bool chains)
{
    (void)chains;
    if (world->solver == SILK_SOLVER_ROBUST)
    {
        return silk_world_report_error(world, SILK_ERR_UNSUPPORTED, "solver", COMPAT_ONLY);
    }
    return SILK_OK;
}

void silk_robust_free(silk_world* world)
{
    (void)world; /* nothing was ever allocated */
}

silk_status silk_robust_step(silk_world* world, double h)
{
    (void)h;
    return silk_world_report_error(world, SILK_ERR_UNSUPPORTED, "solver", COMPAT_ONLY);
}

silk_status silk_world_robust_step(silk_world* world, double seconds)
{
    (void)seconds;
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    return silk_robust_step(world, seconds);
}

/* Discs may exist here (a radius is state: collision.c), but no pass reads them: no grid. */
silk_status silk_broadphase_reserve(silk_world* world, int32_t capacity)
{
    (void)world, (void)capacity;
    return SILK_OK;
}

/* The contact diagnostics of a world whose grid was never sized: none (as contact.c reports
   before a step has sized it). */
void silk_contacts_measure(silk_world* world, double* out_count, double* out_max, double* out_p99,
                           double* out_ratio)
{
    (void)world;
    *out_count = *out_max = *out_p99 = *out_ratio = 0.0;
}

/* ---- static polygons: none here --------------------------------------------------------- */

silk_polygon_def silk_default_polygon_def(void)
{
    silk_polygon_def def = {0};
    def.friction = 0.5;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

silk_status silk_world_add_polygon(silk_world* world, const silk_polygon_def* def,
                                   int32_t* out_polygon)
{
    (void)def, (void)out_polygon;
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    return silk_world_report_error(world, SILK_ERR_UNSUPPORTED, "polygon", COMPAT_ONLY);
}

int32_t silk_world_polygon_count(const silk_world* world)
{
    (void)world;
    return 0;
}

silk_status silk_world_reserve_polygons(silk_world* world, int32_t polygons, int32_t points)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (polygons == 0 && points == 0)
    {
        return SILK_OK; /* room for nothing: there is always room for nothing */
    }
    return silk_world_report_error(world, SILK_ERR_UNSUPPORTED, "polygon", COMPAT_ONLY);
}

silk_status silk_world_get_polygon(const silk_world* world, int32_t polygon, silk_vec2* out_points,
                                   int32_t capacity, int32_t* out_count)
{
    (void)polygon, (void)out_points, (void)capacity;
    return !silk_is_world(world) || out_count == NULL ? SILK_ERR_NULL : SILK_ERR_INDEX;
}

silk_status silk_world_get_polygon_friction(const silk_world* world, int32_t polygon,
                                            double* out_friction)
{
    (void)polygon;
    return !silk_is_world(world) || out_friction == NULL ? SILK_ERR_NULL : SILK_ERR_INDEX;
}

silk_status silk_world_polygon_penetration(const silk_world* world, double* out_depth,
                                           int32_t* out_particle)
{
    if (!silk_is_world(world) || out_depth == NULL)
    {
        return SILK_ERR_NULL;
    }
    *out_depth = 0.0;
    if (out_particle != NULL)
    {
        *out_particle = -1;
    }
    return SILK_OK;
}

void silk_polygons_clear(silk_world* world)
{
    (void)world;
}

void silk_polygons_free(silk_world* world)
{
    (void)world;
}
