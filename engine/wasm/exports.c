/* exports.c -- the standalone wasm module's exports that do more than marshal: flat wrappers
   over silk.h for JS.

   The exports that only marshal (scalars in, one value out) are not written here: each is one
   line of silk_js_calls.h, from which scripts/gen-boundary.mjs writes the C wrapper
   (exports_generated.c) and the JS call table (CALLS in web/lib/silk-boundary.mjs). What stays
   here fills a def from scalars, creates with the extras, copies a result only on success,
   bounds a run, or reads a result that has no struct of its own in silk.h.

   Most wrappers take scalars and return one int32: a value (index, id, pointer, count) when
   >= 0, a silk_status when < 0. Results with several fields are written as the C struct into
   wasm memory, and silk-core.mjs reads them by field name at the byte offsets that
   scripts/gen-boundary.mjs computed from the headers (FIELDS and LAYOUT in
   web/lib/silk-boundary.mjs; boundary_layout.h checks them). Results that have no struct in
   silk.h have one in silk_js.h, which the generator reads too.
   web/lib/silk-core.mjs turns negative results into RangeError/TypeError with
   silk_status_string(). This file and exports_generated.c are the only platform glue; the
   engine itself knows nothing of JS. */
#include "boundary_layout.h" /* the struct layout silk-boundary.mjs assumes, checked here */
#include "silk_extras.h"
#include "silk_js.h"

#include <emscripten.h>
#include <math.h>
#include <stdlib.h>

#define EXPORT EMSCRIPTEN_KEEPALIVE

/* ---- memory for arguments that are arrays ---------------------------------------------- */

EXPORT void* silk_js_alloc(int32_t bytes)
{
    return bytes > 0 ? malloc((size_t)bytes) : NULL;
}

EXPORT void silk_js_free(void* memory)
{
    free(memory);
}

/* ---- world ------------------------------------------------------------------------------ */

/* Every world of the module runs the extras' content: the extension that carries the spider's
   crawl state through snapshots, hashes and recordings is installed at creation, so a page's
   world restores and replays any scene's bytes. */
static silk_status create_with_extras(const silk_world_def* def, silk_world** out_world)
{
    silk_status status = silk_world_create(def, out_world);
    if (status == SILK_OK)
    {
        status = silk_extras_install(*out_world);
        if (status != SILK_OK)
        {
            silk_world_destroy(*out_world);
            *out_world = NULL;
        }
    }
    return status;
}

/* ---- defs in wasm memory ---------------------------------------------------------------

   The binding never restates an engine default: it asks for the default def in wasm memory,
   writes the fields its caller gave at the offsets gen-boundary.mjs generated (LAYOUT /
   FIELDS), and passes the def's address. A call that fails fills a silk_error_detail (the
   field and the rule), so the binding's RangeError names the argument. */

/* Returns the world's address, or a status < 0 with out_detail filled. */
EXPORT int32_t silk_js_world_create(const silk_world_def* def, silk_error_detail* out_detail)
{
    silk_status status = silk_check_world_def(def, out_detail);
    silk_world* world = NULL;
    if (status == SILK_OK)
    {
        status = create_with_extras(def, &world);
    }
    return silk_js_value_or_status(status, (int32_t)(intptr_t)world);
}

/* ---- constraints ------------------------------------------------------------------------ */

/* The add calls take scalars, not a def in wasm memory: a scene built from JS adds thousands
   of constraints, and filling a def from JS per call costs more than the call. */
EXPORT int32_t silk_js_add_distance(silk_world* world, int32_t composite, int32_t a, int32_t b,
                                    double stiffness, double rest, int32_t has_rest)
{
    silk_distance_def def = silk_default_distance_def();
    def.a = a;
    def.b = b;
    def.stiffness = stiffness;
    def.rest = rest;
    def.rest_from_positions = has_rest == 0;
    int32_t index = 0;
    return silk_js_value_or_status(silk_world_add_distance(world, composite, &def, &index), index);
}

EXPORT int32_t silk_js_add_pin(silk_world* world, int32_t composite, int32_t particle, double x,
                               double y, int32_t has_target)
{
    silk_pin_def def = silk_default_pin_def();
    def.particle = particle;
    def.target = (silk_vec2){x, y};
    def.target_from_position = has_target == 0;
    int32_t index = 0;
    return silk_js_value_or_status(silk_world_add_pin(world, composite, &def, &index), index);
}

EXPORT int32_t silk_js_add_angle(silk_world* world, int32_t composite, int32_t a, int32_t b,
                                 int32_t c, double stiffness)
{
    silk_angle_def def = silk_default_angle_def();
    def.a = a;
    def.b = b;
    def.c = c;
    def.stiffness = stiffness;
    int32_t index = 0;
    return silk_js_value_or_status(silk_world_add_angle(world, composite, &def, &index), index);
}

/* ---- solving, stepping ------------------------------------------------------------------ */

/* ---- drag ------------------------------------------------------------------------------- */

/* The pin a drag of the particle moves, as its flat constraint index + 1 (0: none), so that
   negative results stay status codes. */
EXPORT int32_t silk_js_particle_pin(const silk_world* world, int32_t particle)
{
    int32_t pin = -1;
    silk_status status = silk_world_particle_pin(world, particle, &pin);
    return status == SILK_OK ? pin + 1 : status;
}

/* ---- diagnostics and lab runs ----------------------------------------------------------- */

EXPORT const double* silk_js_diagnostics(const silk_world* world)
{
    const silk_diagnostics* d = silk_world_diagnostics(world);
    return d != NULL ? d->values : NULL;
}

EXPORT int32_t silk_js_diagnostics_capacity(void)
{
    return SILK_DIAG_CAPACITY;
}

/* silk_features(): which module this is (the full silk.wasm, or the compat-only silk-lite.wasm:
   the binding's `silk.features`, and what its upgrade asks). */
EXPORT int32_t silk_js_features(void)
{
    return (int32_t)silk_features();
}

/* ---- integrator lesson (seed 004) -------------------------------------------------------- */

static silk_js_ball_row ball_row(double t, const silk_ball* ball, double pre_contact_energy)
{
    double energy = 0.0;
    silk_ball_energy(ball, &energy);
    return (silk_js_ball_row){
        .t = t,
        .x = ball->x,
        .y = ball->y,
        .vx = ball->vx,
        .vy = ball->vy,
        .energy = energy,
        .pre_contact_energy = pre_contact_energy,
    };
}

/* One run of seed 004's ball. Row 0 is the launch; row k the state after k frames of h, each
   `substeps` steps of h / substeps. out: steps + 1 rows (silk_js.h: silk_js_ball_row; the
   bounds are SILK_JS_BALL_MAX_*). Returns the number of floor contacts, or a status < 0. */
EXPORT int32_t silk_js_ball_run(int32_t integrator, int32_t floor_rule, double floor_y,
                                double gravity, double x0, double y0, double vx0, double vy0,
                                double h, int32_t substeps, int32_t steps, silk_js_ball_row* out)
{
    if (out == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (steps < 1 || steps > SILK_JS_BALL_MAX_STEPS || substeps < 1 ||
        (int64_t)steps * substeps > SILK_JS_BALL_MAX_SUBSTEPS)
    {
        return SILK_ERR_RANGE;
    }
    silk_ball_def def = silk_default_ball_def();
    def.integrator = (silk_integrator)integrator;
    def.floor_rule = (silk_floor_rule)floor_rule;
    def.floor_y = floor_y;
    def.gravity = gravity;
    def.x = x0;
    def.y = y0;
    def.vx = vx0;
    def.vy = vy0;
    silk_ball ball;
    silk_status status = silk_ball_init(&def, &ball);
    if (status != SILK_OK)
    {
        return status;
    }
    const double nan = NAN;
    out[0] = ball_row(0.0, &ball, nan);
    int32_t contacts = 0;
    for (int32_t k = 1; k <= steps; ++k)
    {
        silk_ball_contact contact;
        status = silk_ball_substep(&ball, h, substeps, &contact);
        if (status != SILK_OK)
        {
            return status;
        }
        contacts += contact.count;
        out[k] = ball_row(k * h, &ball, contact.count ? contact.energy_before : nan);
    }
    return contacts;
}

/* ---- the robust solver, health, hash, snapshots, recording ------------------------------ */

/* ---- collisions (silk.h "Collisions"): a double out and the filter struct by fields ---- */

EXPORT double silk_js_get_radius(const silk_world* world, int32_t particle)
{
    double r = 0.0;
    silk_status status = silk_world_get_radius(world, particle, &r);
    return status == SILK_OK ? r : (double)status;
}

EXPORT int32_t silk_js_set_collision_filter(silk_world* world, int32_t composite,
                                            uint32_t category_bits, uint32_t mask_bits,
                                            int32_t self_collide)
{
    silk_collision_filter f = {category_bits, mask_bits, self_collide != 0};
    return silk_world_set_collision_filter(world, composite, f);
}

/* field 0: category bits, 1: mask bits, 2: self_collide (0 or 1); a status (< 0) on error */
EXPORT double silk_js_get_collision_filter(const silk_world* world, int32_t composite,
                                           int32_t field)
{
    silk_collision_filter f;
    silk_status status = silk_world_get_collision_filter(world, composite, &f);
    if (status != SILK_OK)
    {
        return (double)status;
    }
    return field == 0 ? (double)f.category_bits
                      : (field == 1 ? (double)f.mask_bits : (f.self_collide ? 1.0 : 0.0));
}

/* A NULL world is an error here, not the engine's hash of nothing. */
EXPORT int32_t silk_js_state_hash(const silk_world* world, silk_js_hash* out)
{
    if (world == NULL || out == NULL)
    {
        return SILK_ERR_NULL;
    }
    out->hash = silk_world_state_hash(world);
    return SILK_OK;
}

/* out: the steps run, written only when the call succeeded. */
EXPORT int32_t silk_js_play_run(silk_world* world, int32_t max_steps, silk_js_play_run_result* out)
{
    int64_t steps = 0;
    silk_status status = silk_world_play_run(world, max_steps, &steps);
    if (status == SILK_OK && out != NULL)
    {
        out->steps = steps;
    }
    return status;
}

/* ---- the timing lab: a standalone stepper, static polygons, cutting ---------------------- */

/* A silk_stepper of its own (seed 002's FixedStepLoop), for pages that drive something other
   than a world: the spiral-of-death lab feeds it its feedback model. Returns the stepper's
   address, or a status < 0 with out_detail filled. */
EXPORT int32_t silk_js_stepper_create(const silk_stepper_def* def, silk_error_detail* out_detail)
{
    silk_stepper probe;
    silk_status status = silk_check_stepper_def(def, out_detail);
    if (status == SILK_OK)
    {
        status = silk_stepper_init(&probe, def);
    }
    if (status != SILK_OK)
    {
        return status;
    }
    silk_stepper* stepper = malloc(sizeof(silk_stepper));
    if (stepper == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    *stepper = probe;
    return (int32_t)(intptr_t)stepper;
}

EXPORT void silk_js_stepper_destroy(silk_stepper* stepper)
{
    free(stepper);
}

/* out: steps, alpha, dropped seconds, accumulator seconds. Returns the steps or a status. */
/* out: a silk_advance_result in wasm memory, as silk_js_advance. */
EXPORT int32_t silk_js_stepper_advance(silk_stepper* stepper, double dt_seconds,
                                       silk_advance_result* out)
{
    silk_advance_result r = {0, 0.0, 0.0, 0.0};
    silk_status status = silk_stepper_advance(stepper, dt_seconds, NULL, NULL, &r);
    if (status == SILK_OK && out != NULL)
    {
        *out = r;
    }
    return silk_js_value_or_status(status, r.steps);
}

/* out: room for SILK_MAX_POLYGON_POINTS points. Returns the vertex count or a status. */
EXPORT int32_t silk_js_get_polygon(const silk_world* world, int32_t polygon, silk_vec2* out)
{
    int32_t count = 0;
    silk_status status =
        silk_world_get_polygon(world, polygon, out, SILK_MAX_POLYGON_POINTS, &count);
    return silk_js_value_or_status(status, count);
}

/* out: written only when the call succeeded. */
EXPORT int32_t silk_js_polygon_penetration(const silk_world* world, silk_js_penetration* out)
{
    double depth = 0.0;
    int32_t particle = -1;
    silk_status status = silk_world_polygon_penetration(world, &depth, &particle);
    if (status == SILK_OK && out != NULL)
    {
        *out = (silk_js_penetration){.depth = depth, .particle = particle};
    }
    return status;
}
