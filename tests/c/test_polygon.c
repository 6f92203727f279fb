/* test_polygon.c -- static polygons (SAT push-out with friction) and cutting: what the timing
   lab's rope and cloth rely on. Runs natively and in wasm. */
#include "check.h"
#include "silk.h"

#include <math.h>
#include <string.h>

static silk_world* robust_world(double width, double height, int substeps, int iterations)
{
    silk_world_def def = silk_default_world_def();
    def.width = width;
    def.height = height;
    silk_world* w = NULL;
    silk_world_create(&def, &w);
    silk_world_set_solver(w, SILK_SOLVER_ROBUST);
    silk_robust_def r = silk_default_robust_def();
    r.gravity = (silk_vec2){0, 980};
    r.damping = 0.0;
    r.substeps = substeps;
    r.iterations = iterations;
    silk_world_set_robust(w, &r);
    return w;
}

static int32_t add(silk_world* w, int32_t c, double x, double y)
{
    int32_t p = -1;
    silk_world_add_particle(w, c, (silk_vec2){x, y}, &p);
    return p;
}

static int32_t box(silk_world* w, double x0, double y0, double x1, double y1, double friction)
{
    const silk_vec2 pts[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    silk_polygon_def def = silk_default_polygon_def();
    def.points = pts;
    def.count = 4;
    def.friction = friction;
    int32_t id = -1;
    CHECK_EQ_INT(silk_world_add_polygon(w, &def, &id), SILK_OK);
    return id;
}

static silk_vec2 pos(const silk_world* w, int32_t i)
{
    silk_vec2 p = {0, 0};
    silk_world_get_position(w, i, &p);
    return p;
}

static double penetration(const silk_world* w)
{
    double depth = -1;
    silk_world_polygon_penetration(w, &depth, NULL);
    return depth;
}

static silk_status add_points(silk_world* w, const silk_vec2* pts, int32_t count)
{
    silk_polygon_def def = silk_default_polygon_def();
    def.points = pts;
    def.count = count;
    return silk_world_add_polygon(w, &def, NULL);
}

/* Bad input is refused and changes nothing; either winding is accepted and stored with
   positive signed area. */
static void validation(void)
{
    silk_world* w = robust_world(800, 500, 1, 1);
    const silk_vec2 tri[3] = {{0, 0}, {10, 0}, {0, 10}};
    silk_polygon_def def = silk_default_polygon_def();
    def.points = tri;
    def.count = 3;
    CHECK_EQ_INT(silk_world_add_polygon(NULL, &def, NULL), SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_add_polygon(w, NULL, NULL), SILK_ERR_NULL);
    silk_polygon_def raw = def;
    raw.internal_cookie = 0;
    CHECK_EQ_INT(silk_world_add_polygon(w, &raw, NULL), SILK_ERR_DEF);
    silk_polygon_def bad = def;
    bad.points = NULL;
    CHECK_EQ_INT(silk_world_add_polygon(w, &bad, NULL), SILK_ERR_NULL);
    bad = def;
    bad.count = 2;
    CHECK_EQ_INT(silk_world_add_polygon(w, &bad, NULL), SILK_ERR_RANGE);
    bad.count = SILK_MAX_POLYGON_POINTS + 1;
    CHECK_EQ_INT(silk_world_add_polygon(w, &bad, NULL), SILK_ERR_RANGE);
    bad = def;
    bad.friction = -0.1;
    CHECK_EQ_INT(silk_world_add_polygon(w, &bad, NULL), SILK_ERR_RANGE);
    bad.friction = NAN;
    CHECK_EQ_INT(silk_world_add_polygon(w, &bad, NULL), SILK_ERR_NONFINITE);
    const silk_vec2 nan_pt[3] = {{0, 0}, {NAN, 0}, {0, 10}};
    CHECK_EQ_INT(add_points(w, nan_pt, 3), SILK_ERR_NONFINITE);
    const silk_vec2 line[3] = {{0, 0}, {5, 5}, {10, 10}};
    CHECK_EQ_INT(add_points(w, line, 3), SILK_ERR_DEGENERATE);
    const silk_vec2 repeated[4] = {{0, 0}, {10, 0}, {10, 0}, {0, 10}};
    CHECK_EQ_INT(add_points(w, repeated, 4), SILK_ERR_DEGENERATE);
    const silk_vec2 collinear[4] = {{0, 0}, {5, 0}, {10, 0}, {0, 10}};
    CHECK_EQ_INT(add_points(w, collinear, 4), SILK_ERR_DEGENERATE);
    const silk_vec2 concave[5] = {{0, 0}, {10, 0}, {5, 2}, {10, 10}, {0, 10}};
    CHECK_EQ_INT(add_points(w, concave, 5), SILK_ERR_DEGENERATE);
    /* a pentagram: every corner turns the same way, yet it is not convex */
    silk_vec2 star[5];
    for (int k = 0; k < 5; ++k)
    {
        double a = 2.0 * 3.141592653589793 * (2 * k) / 5.0;
        star[k] = (silk_vec2){100 + 50 * cos(a), 100 + 50 * sin(a)};
    }
    CHECK_EQ_INT(add_points(w, star, 5), SILK_ERR_DEGENERATE);
    CHECK_EQ_INT(silk_world_polygon_count(w), 0);

    /* counter-clockwise on screen (negative shoelace area) is stored reversed */
    const silk_vec2 ccw[3] = {{0, 0}, {0, 10}, {10, 0}};
    int32_t id = -1;
    def.points = ccw;
    CHECK_EQ_INT(silk_world_add_polygon(w, &def, &id), SILK_OK);
    CHECK_EQ_INT(id, 0);
    silk_vec2 got[SILK_MAX_POLYGON_POINTS];
    int32_t n = 0;
    CHECK_EQ_INT(silk_world_get_polygon(w, 0, got, 2, &n), SILK_ERR_CAPACITY);
    CHECK_EQ_INT(n, 3);
    CHECK_EQ_INT(silk_world_get_polygon(w, 0, got, SILK_MAX_POLYGON_POINTS, &n), SILK_OK);
    double area2 = 0;
    for (int k = 0; k < n; ++k)
    {
        area2 += got[k].x * got[(k + 1) % n].y - got[(k + 1) % n].x * got[k].y;
    }
    CHECK(area2 > 0);
    CHECK_EQ_INT(silk_world_get_polygon(w, 1, got, SILK_MAX_POLYGON_POINTS, &n), SILK_ERR_INDEX);
    double friction = -1;
    CHECK_EQ_INT(silk_world_get_polygon_friction(w, 0, &friction), SILK_OK);
    CHECK(friction == def.friction);
    CHECK_EQ_INT(silk_world_get_polygon_friction(w, 1, &friction), SILK_ERR_INDEX);
    CHECK_EQ_INT(silk_world_get_polygon_friction(w, 0, NULL), SILK_ERR_NULL);
    silk_world_clear(w);
    CHECK_EQ_INT(silk_world_polygon_count(w), 0);
    silk_world_destroy(w);
}

/* A particle inside goes out along the axis of least penetration, onto the surface. */
static void push_out(void)
{
    silk_world* w = robust_world(800, 500, 1, 1);
    silk_robust_def r = silk_world_get_robust(w);
    r.gravity = (silk_vec2){0, 0};
    silk_world_set_robust(w, &r);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    box(w, 100, 100, 300, 200, 0.0);
    int32_t left = add(w, c, 110, 150);  /* 10 from the left edge */
    int32_t top = add(w, c, 200, 103);   /* 3 from the top */
    int32_t right = add(w, c, 299, 180); /* 1 from the right */
    int32_t fixed = add(w, c, 200, 150); /* immovable: never pushed */
    silk_world_set_inverse_mass(w, fixed, 0.0);
    double depth = 0;
    int32_t which = -1;
    silk_world_polygon_penetration(w, &depth, &which);
    CHECK(fabs(depth - 50) < 1e-12 && which == fixed);
    silk_world_robust_step(w, 1.0 / 60.0);
    CHECK(fabs(pos(w, left).x - 100) < 1e-9 && fabs(pos(w, left).y - 150) < 1e-9);
    CHECK(fabs(pos(w, top).y - 100) < 1e-9 && fabs(pos(w, top).x - 200) < 1e-9);
    CHECK(fabs(pos(w, right).x - 300) < 1e-9);
    CHECK(pos(w, fixed).x == 200 && pos(w, fixed).y == 150);
    silk_world_set_position(w, fixed, (silk_vec2){50, 50});
    silk_world_set_last_position(w, fixed, (silk_vec2){50, 50});
    CHECK(penetration(w) < 1e-9);
    /* the compat solver ignores polygons (verlet-js has no collisions) */
    silk_world_set_solver(w, SILK_SOLVER_COMPAT);
    silk_world_set_position(w, left, (silk_vec2){150, 150});
    silk_world_set_last_position(w, left, (silk_vec2){150, 150});
    silk_world_frame(w, 1);
    CHECK(penetration(w) > 40);
    silk_world_destroy(w);
}

/* Falling particles land on a box and stay on it: after every step none is inside. */
static void resting(void)
{
    silk_world* w = robust_world(800, 500, 2, 4);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    box(w, 200, 300, 600, 340, 0.8);
    for (int k = 0; k < 20; ++k)
    {
        add(w, c, 210 + 19 * k, 100 - 7 * k);
    }
    double worst = 0;
    for (int s = 0; s < 240; ++s)
    {
        silk_world_robust_step(w, 1.0 / 60.0);
        double d = penetration(w);
        worst = d > worst ? d : worst;
    }
    CHECK(worst < 1e-9);
    for (int k = 0; k < 20; ++k)
    {
        silk_vec2 p = pos(w, k);
        CHECK(fabs(p.y - 300) < 1e-6); /* resting on the top face */
    }
    silk_world_destroy(w);
}

/* Positional friction: on a frictionless top a sliding particle keeps its speed; with enough
   friction it stops. */
static double slide(double friction)
{
    silk_world* w = robust_world(2000, 500, 4, 1);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    box(w, 0, 300, 2000, 400, friction);
    int32_t p = add(w, c, 100, 300);
    silk_world_set_last_position(w, p, (silk_vec2){100 - 200.0 / 60.0, 300}); /* 200 px/s */
    for (int s = 0; s < 60; ++s)
    {
        silk_world_robust_step(w, 1.0 / 60.0);
    }
    double travelled = pos(w, p).x - 100;
    silk_world_destroy(w);
    return travelled;
}

static void friction(void)
{
    double free_run = slide(0.0);
    double stopped = slide(5.0);
    CHECK(fabs(free_run - 200) < 1e-6);
    CHECK(stopped < 20);
}

/* A rope draped over a box: a chain pinned above (inverse mass 0) settles over it with no
   particle inside and nothing non-finite. */
static void rope_drape(void)
{
    silk_world* w = robust_world(800, 500, 1, 8);
    silk_stepper_def sd = silk_default_stepper_def();
    sd.step_seconds = 1.0 / 120.0;
    sd.max_steps_per_frame = 13;
    silk_world_set_stepper(w, &sd);
    int32_t c = 0;
    silk_world_add_composite(w, &c);
    box(w, 300, 250, 500, 320, 0.5);
    int32_t prev = -1;
    for (int k = 0; k < 40; ++k)
    {
        int32_t i = add(w, c, 200 + 10 * k, 150);
        if (prev >= 0)
        {
            silk_distance_def d = silk_default_distance_def();
            d.a = prev;
            d.b = i;
            silk_world_add_distance(w, c, &d, NULL);
        }
        prev = i;
    }
    silk_world_set_inverse_mass(w, 0, 0.0);
    double worst = 0;
    for (int f = 0; f < 300; ++f)
    {
        silk_world_advance(w, 1.0 / 60.0, NULL);
        double d = penetration(w);
        worst = d > worst ? d : worst;
    }
    CHECK(worst < 1e-9);
    silk_world_update_diagnostics(w, (silk_vec2){400, 250});
    CHECK(silk_world_diagnostics(w)->values[SILK_DIAG_NAN_COUNT] == 0);
    bool touching = false;
    for (int k = 0; k < 40; ++k)
    {
        silk_vec2 p = pos(w, k);
        touching = touching || (fabs(p.y - 250) < 0.5 && p.x > 300 && p.x < 500);
    }
    CHECK(touching);
    silk_world_destroy(w);
}

/* ---- cutting ------------------------------------------------------------------------------ */

static void cut(void)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    silk_world_create(&def, &w);
    int32_t a = 0, b = 0;
    silk_world_add_composite(w, &a);
    silk_world_add_composite(w, &b);
    /* composite a: a horizontal chain of 10 at y 100, pinned at its first particle;
       composite b: a chain of 5 at y 300 */
    for (int k = 0; k < 10; ++k)
    {
        add(w, a, 100 + 20 * k, 100);
    }
    for (int k = 0; k < 5; ++k)
    {
        add(w, b, 100 + 20 * k, 300);
    }
    silk_pin_def pin = silk_default_pin_def();
    pin.particle = 0;
    silk_world_add_pin(w, a, &pin, NULL);
    for (int k = 1; k < 10; ++k)
    {
        silk_distance_def d = silk_default_distance_def();
        d.a = k - 1;
        d.b = k;
        silk_world_add_distance(w, a, &d, NULL);
    }
    for (int k = 11; k < 15; ++k)
    {
        silk_distance_def d = silk_default_distance_def();
        d.a = k - 1;
        d.b = k;
        silk_world_add_distance(w, b, &d, NULL);
    }
    silk_world_drag_begin(w, 0, (silk_vec2){100, 100}); /* drags through the pin (index 0) */
    int32_t removed = -1;
    CHECK_EQ_INT(silk_world_cut(NULL, (silk_vec2){0, 0}, (silk_vec2){1, 1}, &removed),
                 SILK_ERR_NULL);
    CHECK_EQ_INT(silk_world_cut(w, (silk_vec2){NAN, 0}, (silk_vec2){1, 1}, &removed),
                 SILK_ERR_NONFINITE);
    /* a vertical swipe between particles 4 and 5 (x 180..200) of chain a only */
    CHECK_EQ_INT(silk_world_cut(w, (silk_vec2){190, 50}, (silk_vec2){190, 150}, &removed), SILK_OK);
    CHECK_EQ_INT(removed, 1);
    CHECK_EQ_INT(silk_world_constraint_count(w), 1 + 9 + 4 - 1);
    int32_t count = 0, begin = 0;
    silk_world_composite_constraint_count(w, a, &count);
    CHECK_EQ_INT(count, 9);
    silk_world_composite_constraint_begin(w, b, &begin);
    CHECK_EQ_INT(begin, 9);
    /* order kept: a's list is the pin, then links 0-1 .. 3-4, then 5-6 .. 8-9 */
    silk_constraint_info info;
    silk_world_get_constraint(w, a, 0, &info);
    CHECK(info.kind == SILK_PIN);
    silk_world_get_constraint(w, a, 4, &info);
    CHECK(info.a == 3 && info.b == 4);
    silk_world_get_constraint(w, a, 5, &info);
    CHECK(info.a == 5 && info.b == 6);
    /* ending exactly on a particle does not cut its links; a swipe through both chains does */
    CHECK_EQ_INT(silk_world_cut(w, (silk_vec2){160, 0}, (silk_vec2){160, 100}, &removed), SILK_OK);
    CHECK_EQ_INT(removed, 0);
    CHECK_EQ_INT(silk_world_cut(w, (silk_vec2){130, 0}, (silk_vec2){130, 400}, &removed), SILK_OK);
    CHECK_EQ_INT(removed, 2);
    /* a swipe that crosses the pin's particle position cuts no pin */
    CHECK_EQ_INT(silk_world_cut(w, (silk_vec2){90, 90}, (silk_vec2){110, 110}, &removed), SILK_OK);
    CHECK_EQ_INT(removed, 0);
    silk_world_get_constraint(w, a, 0, &info);
    CHECK(info.kind == SILK_PIN);
    /* the drag still moves the pin's target */
    silk_world_drag_move(w, (silk_vec2){120, 80});
    silk_world_frame(w, 1);
    silk_world_get_constraint(w, a, 0, &info);
    CHECK(info.target.x == 120 && info.target.y == 80);
    silk_world_destroy(w);
}

int main(void)
{
    validation();
    push_out();
    resting();
    friction();
    rope_drape();
    cut();
    return check_report("test_polygon");
}
