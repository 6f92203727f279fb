/* exports.c -- the standalone wasm module's exports: flat wrappers over silk.h for JS.

   Most wrappers take scalars and return one int32: a value (index, id, pointer, count) when
   >= 0, a silk_status when < 0. Results with several fields are written as the C struct into
   wasm memory, and silk.mjs reads them by field name at the byte offsets that
   scripts/gen-boundary.mjs computed from the headers (FIELDS and LAYOUT in
   web/lib/silk-boundary.mjs; boundary_layout.h checks them). Results that have no struct in
   silk.h have one in silk_js.h, which the generator reads too.
   web/lib/silk.mjs turns negative results into RangeError/TypeError with silk_status_string().
   This file is the only platform glue; the engine itself knows nothing of JS. */
#include "boundary_layout.h" /* the struct layout silk-boundary.mjs assumes, checked here */
#include "silk_extras.h"
#include "silk_js.h"

#include <emscripten.h>
#include <math.h>
#include <stdlib.h>

#define EXPORT EMSCRIPTEN_KEEPALIVE

static int32_t value_or_status(silk_status status, int32_t value)
{
    return status == SILK_OK ? value : (int32_t)status;
}

/* ---- memory for arguments that are arrays ---------------------------------------------- */

EXPORT void* silk_js_alloc(int32_t bytes)
{
    return bytes > 0 ? malloc((size_t)bytes) : NULL;
}

EXPORT void silk_js_free(void* memory)
{
    free(memory);
}

EXPORT const char* silk_js_status_string(int32_t status)
{
    return silk_status_string((silk_status)status);
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

EXPORT void silk_js_default_world_def(silk_world_def* out)
{
    *out = silk_default_world_def();
}

EXPORT void silk_js_default_stepper_def(silk_stepper_def* out)
{
    *out = silk_default_stepper_def();
}

EXPORT void silk_js_default_robust_def(silk_robust_def* out)
{
    *out = silk_default_robust_def();
}

EXPORT void silk_js_default_watchdog_def(silk_watchdog_def* out)
{
    *out = silk_default_watchdog_def();
}

/* The extras' and the polygon's defaults, read by the binding so that it restates none. */
EXPORT void silk_js_default_spiderweb_def(silk_spiderweb_def* out)
{
    *out = silk_default_spiderweb_def();
}

EXPORT void silk_js_default_spider_def(silk_spider_def* out)
{
    *out = silk_default_spider_def();
}

EXPORT void silk_js_default_cloth_def(silk_cloth_def* out)
{
    *out = silk_default_cloth_def();
}

EXPORT void silk_js_default_tire_def(silk_tire_def* out)
{
    *out = silk_default_tire_def();
}

EXPORT void silk_js_default_tree_def(silk_tree_def* out)
{
    *out = silk_default_tree_def();
}

EXPORT void silk_js_default_scene_def(silk_scene_def* out)
{
    *out = silk_default_scene_def();
}

EXPORT void silk_js_default_polygon_def(silk_polygon_def* out)
{
    *out = silk_default_polygon_def();
}

EXPORT void silk_js_default_distance_def(silk_distance_def* out)
{
    *out = silk_default_distance_def();
}

EXPORT void silk_js_default_ball_def(silk_ball_def* out)
{
    *out = silk_default_ball_def();
}

/* The detail of the world's last failing def setter (silk_world_last_error_detail). */
EXPORT void silk_js_last_error_detail(const silk_world* world, silk_error_detail* out)
{
    *out = silk_world_last_error_detail(world);
}

/* Checks a world def without making a world (the step sweep's size). */
EXPORT int32_t silk_js_check_world_def(const silk_world_def* def, silk_error_detail* out_detail)
{
    return silk_check_world_def(def, out_detail);
}

/* Returns the world's address, or a status < 0 with out_detail filled. */
EXPORT int32_t silk_js_world_create(const silk_world_def* def, silk_error_detail* out_detail)
{
    silk_status status = silk_check_world_def(def, out_detail);
    silk_world* world = NULL;
    if (status == SILK_OK)
    {
        status = create_with_extras(def, &world);
    }
    return value_or_status(status, (int32_t)(intptr_t)world);
}

EXPORT void silk_js_world_destroy(silk_world* world)
{
    silk_world_destroy(world);
}

EXPORT void silk_js_world_clear(silk_world* world)
{
    silk_world_clear(world);
}

EXPORT int32_t silk_js_set_gravity(silk_world* world, double gx, double gy)
{
    return silk_world_set_gravity(world, (silk_vec2){gx, gy});
}

EXPORT int32_t silk_js_set_friction(silk_world* world, double friction)
{
    return silk_world_set_friction(world, friction);
}

EXPORT int32_t silk_js_set_ground_friction(silk_world* world, double ground_friction)
{
    return silk_world_set_ground_friction(world, ground_friction);
}

EXPORT int32_t silk_js_set_size(silk_world* world, double width, double height)
{
    return silk_world_set_size(world, width, height);
}

EXPORT int32_t silk_js_set_seed(silk_world* world, uint32_t lo, uint32_t hi)
{
    return silk_world_set_seed(world, ((uint64_t)hi << 32) | lo);
}

EXPORT int32_t silk_js_get_settings(const silk_world* world, silk_js_settings* out)
{
    if (world == NULL || out == NULL)
    {
        return SILK_ERR_NULL;
    }
    *out = (silk_js_settings){
        .gravity = silk_world_get_gravity(world),
        .friction = silk_world_get_friction(world),
        .ground_friction = silk_world_get_ground_friction(world),
        .world_size = silk_world_get_size(world),
        .relax_passes = silk_world_get_relax_passes(world),
        .loop_mode = silk_world_get_loop_mode(world),
    };
    return SILK_OK;
}

EXPORT double silk_js_random(silk_world* world)
{
    return silk_world_random(world);
}

/* ---- composites, particles -------------------------------------------------------------- */

EXPORT int32_t silk_js_add_composite(silk_world* world)
{
    int32_t id = 0;
    return value_or_status(silk_world_add_composite(world, &id), id);
}

EXPORT int32_t silk_js_composite_count(const silk_world* world)
{
    return silk_world_composite_count(world);
}

EXPORT int32_t silk_js_add_particle(silk_world* world, int32_t composite, double x, double y)
{
    int32_t index = 0;
    return value_or_status(silk_world_add_particle(world, composite, (silk_vec2){x, y}, &index),
                           index);
}

EXPORT int32_t silk_js_particle_count(const silk_world* world)
{
    return silk_world_particle_count(world);
}

EXPORT int32_t silk_js_particle_composite(const silk_world* world, int32_t particle)
{
    int32_t composite = 0;
    return value_or_status(silk_world_particle_composite(world, particle, &composite), composite);
}

EXPORT int32_t silk_js_set_position(silk_world* world, int32_t particle, double x, double y)
{
    return silk_world_set_position(world, particle, (silk_vec2){x, y});
}

EXPORT int32_t silk_js_set_last_position(silk_world* world, int32_t particle, double x, double y)
{
    return silk_world_set_last_position(world, particle, (silk_vec2){x, y});
}

EXPORT const silk_vec2* silk_js_positions(const silk_world* world)
{
    return silk_world_positions(world);
}

EXPORT const silk_vec2* silk_js_last_positions(const silk_world* world)
{
    return silk_world_last_positions(world);
}

EXPORT const silk_vec2* silk_js_previous_positions(const silk_world* world)
{
    return silk_world_previous_positions(world);
}

/* ---- constraints ------------------------------------------------------------------------ */

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
    return value_or_status(silk_world_add_distance(world, composite, &def, &index), index);
}

EXPORT int32_t silk_js_add_pin(silk_world* world, int32_t composite, int32_t particle, double x,
                               double y, int32_t has_target)
{
    silk_pin_def def = silk_default_pin_def();
    def.particle = particle;
    def.target = (silk_vec2){x, y};
    def.target_from_position = has_target == 0;
    int32_t index = 0;
    return value_or_status(silk_world_add_pin(world, composite, &def, &index), index);
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
    return value_or_status(silk_world_add_angle(world, composite, &def, &index), index);
}

EXPORT int32_t silk_js_remove_constraint(silk_world* world, int32_t composite, int32_t index)
{
    return silk_world_remove_constraint(world, composite, index);
}

EXPORT int32_t silk_js_constraint_count(const silk_world* world)
{
    return silk_world_constraint_count(world);
}

EXPORT int32_t silk_js_composite_constraint_count(const silk_world* world, int32_t composite)
{
    int32_t count = 0;
    return value_or_status(silk_world_composite_constraint_count(world, composite, &count), count);
}

EXPORT int32_t silk_js_composite_constraint_begin(const silk_world* world, int32_t composite)
{
    int32_t begin = 0;
    return value_or_status(silk_world_composite_constraint_begin(world, composite, &begin), begin);
}

EXPORT int32_t silk_js_get_constraint(const silk_world* world, int32_t composite, int32_t index,
                                      silk_constraint_info* out)
{
    return silk_world_get_constraint(world, composite, index, out);
}

EXPORT const uint8_t* silk_js_constraint_kinds(const silk_world* world)
{
    return silk_world_constraint_kinds(world);
}

EXPORT const int32_t* silk_js_constraint_a(const silk_world* world)
{
    return silk_world_constraint_a(world);
}

EXPORT const int32_t* silk_js_constraint_b(const silk_world* world)
{
    return silk_world_constraint_b(world);
}

EXPORT const int32_t* silk_js_constraint_c(const silk_world* world)
{
    return silk_world_constraint_c(world);
}

EXPORT const double* silk_js_constraint_rest(const silk_world* world)
{
    return silk_world_constraint_rest(world);
}

EXPORT const silk_vec2* silk_js_constraint_targets(const silk_world* world)
{
    return silk_world_constraint_targets(world);
}

/* ---- solving, stepping ------------------------------------------------------------------ */

EXPORT int32_t silk_js_frame(silk_world* world, int32_t step)
{
    return silk_world_frame(world, step);
}

EXPORT int32_t silk_js_relax(silk_world* world, int32_t iterations, double coef)
{
    return silk_world_relax(world, iterations, coef);
}

EXPORT int32_t silk_js_set_stepper(silk_world* world, const silk_stepper_def* def)
{
    return silk_world_set_stepper(world, def);
}

EXPORT int32_t silk_js_set_loop_mode(silk_world* world, int32_t mode)
{
    return silk_world_set_loop_mode(world, (silk_loop_mode)mode);
}

EXPORT int32_t silk_js_set_relax_passes(silk_world* world, int32_t step)
{
    return silk_world_set_relax_passes(world, step);
}

EXPORT int32_t silk_js_set_auto_crawl(silk_world* world, int32_t on)
{
    return silk_world_set_auto_crawl(world, on != 0);
}

EXPORT int32_t silk_js_get_auto_crawl(const silk_world* world)
{
    return silk_world_get_auto_crawl(world) ? 1 : 0;
}

/* Returns the steps run; alpha, dropped and accumulator land in the diagnostics. */
/* out: a silk_advance_result in wasm memory (silk.mjs reads it by the generated LAYOUT). */
EXPORT int32_t silk_js_advance(silk_world* world, double dt_seconds, silk_advance_result* out)
{
    silk_advance_result result = {0, 0.0, 0.0, 0.0};
    silk_status status = silk_world_advance(world, dt_seconds, &result);
    if (status == SILK_OK && out != NULL)
    {
        *out = result;
    }
    return value_or_status(status, result.steps);
}

EXPORT void silk_js_reset_clock(silk_world* world)
{
    silk_world_reset_clock(world);
}

/* ---- drag ------------------------------------------------------------------------------- */

/* The nearest particle within radius, -1 if none, or a status < -1 (the world is never NULL
   here, so SILK_ERR_NULL's -1 cannot be confused with "none"). */
EXPORT int32_t silk_js_find_nearest(const silk_world* world, double x, double y, double radius)
{
    int32_t particle = -1;
    silk_status status = silk_world_find_nearest(world, (silk_vec2){x, y}, radius, &particle);
    return status == SILK_OK ? particle : (int32_t)status;
}

EXPORT int32_t silk_js_drag_begin(silk_world* world, int32_t particle, double x, double y)
{
    return silk_world_drag_begin(world, particle, (silk_vec2){x, y});
}

EXPORT int32_t silk_js_drag_move(silk_world* world, double x, double y)
{
    return silk_world_drag_move(world, (silk_vec2){x, y});
}

EXPORT void silk_js_drag_end(silk_world* world)
{
    silk_world_drag_end(world);
}

EXPORT int32_t silk_js_dragged_particle(const silk_world* world)
{
    return silk_world_dragged_particle(world);
}

/* The pin a drag of the particle moves, as its flat constraint index + 1 (0: none), so that
   negative results stay status codes. */
EXPORT int32_t silk_js_particle_pin(const silk_world* world, int32_t particle)
{
    int32_t pin = -1;
    silk_status status = silk_world_particle_pin(world, particle, &pin);
    return status == SILK_OK ? pin + 1 : status;
}

EXPORT int32_t silk_js_dragged_pin(const silk_world* world)
{
    return silk_world_dragged_pin(world);
}

EXPORT int32_t silk_js_queue_pointer(silk_world* world, double x, double y, double time_seconds)
{
    return silk_world_queue_pointer(world, (silk_vec2){x, y}, time_seconds);
}

EXPORT int32_t silk_js_pointer_queue_count(const silk_world* world)
{
    return silk_world_pointer_queue_count(world);
}

EXPORT int32_t silk_js_flush_pointer(silk_world* world)
{
    return silk_world_flush_pointer(world);
}

/* ---- builders --------------------------------------------------------------------------- */

EXPORT int32_t silk_js_spiderweb(silk_world* world, double x, double y, double radius,
                                 int32_t segments, int32_t depth, double tensor, double stiffness)
{
    silk_spiderweb_def def = silk_default_spiderweb_def();
    def.center = (silk_vec2){x, y};
    def.radius = radius;
    def.segments = segments;
    def.depth = depth;
    def.tensor = tensor;
    def.stiffness = stiffness;
    int32_t id = 0;
    return value_or_status(silk_world_build_spiderweb(world, &def, &id), id);
}

EXPORT int32_t silk_js_spider(silk_world* world, double x, double y)
{
    silk_spider_def def = silk_default_spider_def();
    def.origin = (silk_vec2){x, y};
    int32_t id = 0;
    return value_or_status(silk_world_build_spider(world, &def, &id), id);
}

EXPORT int32_t silk_js_crawl(silk_world* world, int32_t leg)
{
    return silk_world_crawl(world, leg);
}

/* 1 if it crawled, 0 if not, < 0 on error. */
EXPORT int32_t silk_js_spider_tick(silk_world* world)
{
    bool crawled = false;
    return value_or_status(silk_world_spider_tick(world, &crawled), crawled ? 1 : 0);
}

EXPORT int32_t silk_js_spider_info(const silk_world* world, silk_spider_info* out)
{
    return silk_world_spider_info(world, out);
}

EXPORT int32_t silk_js_cloth(silk_world* world, double x, double y, double width, double height,
                             int32_t segments, int32_t pin_mod, double stiffness)
{
    silk_cloth_def def = silk_default_cloth_def();
    def.center = (silk_vec2){x, y};
    def.width = width;
    def.height = height;
    def.segments = segments;
    def.pin_mod = pin_mod;
    def.stiffness = stiffness;
    int32_t id = 0;
    return value_or_status(silk_world_build_cloth(world, &def, &id), id);
}

EXPORT int32_t silk_js_tire(silk_world* world, double x, double y, double radius, int32_t segments,
                            double spoke_stiffness, double tread_stiffness)
{
    silk_tire_def def = silk_default_tire_def();
    def.center = (silk_vec2){x, y};
    def.radius = radius;
    def.segments = segments;
    def.spoke_stiffness = spoke_stiffness;
    def.tread_stiffness = tread_stiffness;
    int32_t id = 0;
    return value_or_status(silk_world_build_tire(world, &def, &id), id);
}

/* points: count (x, y) pairs written by the caller into memory from silk_js_alloc */
EXPORT int32_t silk_js_line_segments(silk_world* world, const silk_vec2* points, int32_t count,
                                     double stiffness)
{
    int32_t id = 0;
    return value_or_status(silk_world_build_line_segments(world, points, count, stiffness, &id),
                           id);
}

EXPORT int32_t silk_js_tree(silk_world* world, double x, double y, int32_t depth,
                            double branch_length, double segment_coef, double theta)
{
    silk_tree_def def = silk_default_tree_def();
    def.origin = (silk_vec2){x, y};
    def.depth = depth;
    def.branch_length = branch_length;
    def.segment_coef = segment_coef;
    def.theta = theta;
    int32_t id = 0;
    return value_or_status(silk_world_build_tree(world, &def, &id), id);
}

EXPORT int32_t silk_js_build_scene(silk_world* world, int32_t scene, double tensor)
{
    silk_scene_def def = silk_default_scene_def();
    def.scene = (silk_scene)scene;
    def.tensor = tensor;
    return silk_world_build_scene(world, &def);
}

/* ---- diagnostics and lab runs ----------------------------------------------------------- */

EXPORT int32_t silk_js_update_diagnostics(silk_world* world, double cx, double cy)
{
    return silk_world_update_diagnostics(world, (silk_vec2){cx, cy});
}

EXPORT const double* silk_js_diagnostics(const silk_world* world)
{
    const silk_diagnostics* d = silk_world_diagnostics(world);
    return d != NULL ? d->values : NULL;
}

EXPORT int32_t silk_js_diagnostics_capacity(void)
{
    return SILK_DIAG_CAPACITY;
}

EXPORT int32_t silk_js_run_frames(silk_world* world, int32_t frames, int32_t step, double cx,
                                  double cy)
{
    return silk_world_run_frames(world, frames, step, (silk_vec2){cx, cy});
}

/* out: count rows, written by silk_step_sweep itself (the caller allocated them). */
EXPORT int32_t silk_js_step_sweep(double width, double height, int32_t scene, double tensor,
                                  uint32_t seed_lo, uint32_t seed_hi, int32_t frames, int32_t count,
                                  silk_sweep_row* out)
{
    if (out == NULL || count < 1 || count > SILK_SWEEP_MAX_COUNT)
    {
        return SILK_ERR_RANGE;
    }
    silk_world_def def = silk_default_world_def();
    def.width = width;
    def.height = height;
    def.seed = ((uint64_t)seed_hi << 32) | seed_lo;
    silk_scene_def scene_def = silk_default_scene_def();
    scene_def.scene = (silk_scene)scene;
    scene_def.tensor = tensor;
    return silk_step_sweep(&def, &scene_def, frames, count, out);
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

EXPORT int32_t silk_js_set_solver(silk_world* world, int32_t solver)
{
    return silk_world_set_solver(world, (silk_solver)solver);
}

EXPORT int32_t silk_js_get_solver(const silk_world* world)
{
    return silk_world_get_solver(world);
}

EXPORT int32_t silk_js_set_robust(silk_world* world, const silk_robust_def* def)
{
    return silk_world_set_robust(world, def);
}

EXPORT int32_t silk_js_get_robust(const silk_world* world, silk_robust_def* out)
{
    if (world == NULL || out == NULL)
    {
        return SILK_ERR_NULL;
    }
    *out = silk_world_get_robust(world);
    return SILK_OK;
}

EXPORT int32_t silk_js_robust_from_compat(double gx, double gy, double friction,
                                          double ground_friction, double frame_seconds,
                                          silk_robust_def* out)
{
    if (out == NULL)
    {
        return SILK_ERR_NULL;
    }
    *out =
        silk_robust_def_from_compat((silk_vec2){gx, gy}, friction, ground_friction, frame_seconds);
    return SILK_OK;
}

EXPORT int32_t silk_js_match_robust_to_compat(silk_world* world)
{
    return silk_world_match_robust_to_compat(world);
}

EXPORT double silk_js_compliance_from_stiffness(double stiffness, double w)
{
    return silk_compliance_from_stiffness(stiffness, w);
}

EXPORT int32_t silk_js_robust_step(silk_world* world, double seconds)
{
    return silk_world_robust_step(world, seconds);
}

EXPORT int32_t silk_js_set_inverse_mass(silk_world* world, int32_t particle, double inverse_mass)
{
    return silk_world_set_inverse_mass(world, particle, inverse_mass);
}

EXPORT int32_t silk_js_set_mass(silk_world* world, int32_t particle, double mass)
{
    return silk_world_set_mass(world, particle, mass);
}

EXPORT double silk_js_get_inverse_mass(const silk_world* world, int32_t particle)
{
    double w = 0.0;
    silk_status status = silk_world_get_inverse_mass(world, particle, &w);
    return status == SILK_OK ? w : (double)status;
}

EXPORT int32_t silk_js_set_compliance(silk_world* world, int32_t composite, int32_t index,
                                      double compliance)
{
    return silk_world_set_compliance(world, composite, index, compliance);
}

EXPORT double silk_js_get_compliance(const silk_world* world, int32_t composite, int32_t index)
{
    double c = 0.0;
    silk_status status = silk_world_get_compliance(world, composite, index, &c);
    return status == SILK_OK ? c : (double)status;
}

EXPORT const double* silk_js_constraint_compliance(const silk_world* world)
{
    return silk_world_constraint_compliance(world);
}

EXPORT int32_t silk_js_set_watchdog(silk_world* world, const silk_watchdog_def* def)
{
    return silk_world_set_watchdog(world, def);
}

EXPORT int32_t silk_js_health(const silk_world* world)
{
    return silk_world_health(world);
}

EXPORT int32_t silk_js_check_health(silk_world* world)
{
    return silk_world_check_health(world);
}

/* out (uint32[2]): low word, high word -- no BigInt crossing the boundary */
EXPORT int32_t silk_js_state_hash(const silk_world* world, uint32_t* out)
{
    if (world == NULL || out == NULL)
    {
        return SILK_ERR_NULL;
    }
    uint64_t h = silk_world_state_hash(world);
    out[0] = (uint32_t)h;
    out[1] = (uint32_t)(h >> 32);
    return SILK_OK;
}

EXPORT int32_t silk_js_snapshot_size(const silk_world* world)
{
    size_t size = silk_world_snapshot_size(world);
    return size > 0x7fffffff ? SILK_ERR_CAPACITY : (int32_t)size;
}

EXPORT int32_t silk_js_snapshot(const silk_world* world, void* buffer, int32_t capacity)
{
    return silk_world_snapshot(world, buffer, capacity < 0 ? 0 : (size_t)capacity, NULL);
}

EXPORT int32_t silk_js_restore(silk_world* world, const void* bytes, int32_t size)
{
    return silk_world_restore(world, bytes, size < 0 ? 0 : (size_t)size);
}

EXPORT int32_t silk_js_record_begin(silk_world* world)
{
    return silk_world_record_begin(world);
}

EXPORT int32_t silk_js_record_end(silk_world* world)
{
    return silk_world_record_end(world);
}

EXPORT int32_t silk_js_recording(const silk_world* world)
{
    return silk_world_recording(world) ? 1 : 0;
}

EXPORT int32_t silk_js_recording_size(const silk_world* world)
{
    size_t size = silk_world_recording_size(world);
    return size > 0x7fffffff ? SILK_ERR_CAPACITY : (int32_t)size;
}

EXPORT int32_t silk_js_recording_export(const silk_world* world, void* buffer, int32_t capacity)
{
    return silk_world_recording_export(world, buffer, capacity < 0 ? 0 : (size_t)capacity, NULL);
}

EXPORT int32_t silk_js_replay(silk_world* world, const void* bytes, int32_t size,
                              silk_replay_result* out)
{
    silk_replay_result r = {0, 0, 0, false};
    silk_status status = silk_world_replay(world, bytes, size < 0 ? 0 : (size_t)size, &r);
    if (status == SILK_OK && out != NULL)
    {
        *out = r;
    }
    return status;
}

EXPORT int32_t silk_js_play_begin(silk_world* world, const void* bytes, int32_t size)
{
    return silk_world_play_begin(world, bytes, size < 0 ? 0 : (size_t)size);
}

EXPORT int32_t silk_js_play_status(const silk_world* world, silk_play_status* out)
{
    silk_play_status p;
    silk_status status = silk_world_play_status(world, &p);
    if (status == SILK_OK && out != NULL)
    {
        *out = p;
    }
    return status;
}

/* out: steps run */
EXPORT int32_t silk_js_play_run(silk_world* world, int32_t max_steps, double* out)
{
    int64_t steps = 0;
    silk_status status = silk_world_play_run(world, max_steps, &steps);
    if (status == SILK_OK && out != NULL)
    {
        out[0] = (double)steps;
    }
    return status;
}

EXPORT void silk_js_play_stop(silk_world* world)
{
    silk_world_play_stop(world);
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

EXPORT void silk_js_stepper_reset(silk_stepper* stepper)
{
    silk_stepper_reset(stepper);
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
    return value_or_status(status, r.steps);
}

/* points: count (x, y) pairs in memory from silk_js_alloc. Returns the polygon id. */
EXPORT int32_t silk_js_add_polygon(silk_world* world, const silk_vec2* points, int32_t count,
                                   double friction)
{
    silk_polygon_def def = silk_default_polygon_def();
    def.points = points;
    def.count = count;
    def.friction = friction;
    int32_t id = 0;
    return value_or_status(silk_world_add_polygon(world, &def, &id), id);
}

EXPORT int32_t silk_js_polygon_count(const silk_world* world)
{
    return silk_world_polygon_count(world);
}

/* out: room for SILK_MAX_POLYGON_POINTS points. Returns the vertex count or a status. */
EXPORT int32_t silk_js_get_polygon(const silk_world* world, int32_t polygon, silk_vec2* out)
{
    int32_t count = 0;
    silk_status status =
        silk_world_get_polygon(world, polygon, out, SILK_MAX_POLYGON_POINTS, &count);
    return value_or_status(status, count);
}

/* out: depth, particle. */
EXPORT int32_t silk_js_polygon_penetration(const silk_world* world, double* out)
{
    double depth = 0.0;
    int32_t particle = -1;
    silk_status status = silk_world_polygon_penetration(world, &depth, &particle);
    if (status == SILK_OK && out != NULL)
    {
        out[0] = depth;
        out[1] = particle;
    }
    return status;
}

/* Returns how many distance constraints the segment cut, or a status. */
EXPORT int32_t silk_js_cut(silk_world* world, double ax, double ay, double bx, double by)
{
    int32_t removed = 0;
    silk_status status = silk_world_cut(world, (silk_vec2){ax, ay}, (silk_vec2){bx, by}, &removed);
    return value_or_status(status, removed);
}
