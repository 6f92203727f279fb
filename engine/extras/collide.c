/* collide.c -- the scenes of colliding particles (silk.h, "Collisions"): a ball pit and a
   pendulum chain hitting a hanging cloth. Both are robust-solver scenes (compat has no
   collisions): the builder selects the robust solver, and build_scene maps the page's
   gravity to seconds as for every scene. No trig: the same bits on every platform. */
#include "build.h"

#define BALL_RADIUS  4.0
#define BALL_COUNT   2000
#define BALL_SPACING (2.0 * BALL_RADIUS + 1.0)

/* A convex quad of the cup (a wall or the bottom). */
static silk_status add_quad(silk_world* world, double x0, double y0, double x1, double y1,
                            double x2, double y2, double x3, double y3)
{
    const silk_vec2 points[4] = {{x0, y0}, {x1, y1}, {x2, y2}, {x3, y3}};
    silk_polygon_def def = silk_default_polygon_def();
    def.points = points;
    def.count = 4;
    def.friction = 0.4;
    return silk_world_add_polygon(world, &def, NULL);
}

/* The cup: a bottom and two walls leaning out, 20 px thick, half the canvas wide at the
   bottom, its rim at a quarter of the height; then BALL_COUNT balls of radius 4 in staggered rows
   above it (up to ~400 px above the canvas: the ceiling is one-way, so they fall in, the
   stream reaching the cup over the first second). One composite, self_collide on; robust
   sleep on. */
silk_status silk_build_ball_pit(silk_world* world)
{
    const silk_vec2 size = silk_world_get_size(world);
    silk_status status = silk_world_set_solver(world, SILK_SOLVER_ROBUST);
    const double left = size.x * 0.25, right = size.x * 0.75;
    const double bottom = size.y - 30.0, rim = size.y * 0.25, t = 20.0, lean = size.x * 0.06;
    if (status == SILK_OK)
    {
        status = add_quad(world, left - t, bottom, right + t, bottom, right + t, bottom + t,
                          left - t, bottom + t);
    }
    if (status == SILK_OK)
    {
        status =
            add_quad(world, left - lean - t, rim, left - lean, rim, left, bottom, left - t, bottom);
    }
    if (status == SILK_OK)
    {
        status = add_quad(world, right, bottom, right + lean, rim, right + lean + t, rim, right + t,
                          bottom);
    }
    int32_t balls = 0;
    if (status == SILK_OK)
    {
        status = silk_world_add_composite(world, &balls);
    }
    if (status == SILK_OK)
    {
        silk_collision_filter filter = silk_default_collision_filter();
        filter.self_collide = true;
        status = silk_world_set_collision_filter(world, balls, filter);
    }
    /* the stream: as wide as the cup's bottom, narrower than its rim */
    const double x0 = left + BALL_RADIUS + 2.0, width = right - left - 2.0 * BALL_RADIUS - 4.0;
    const int32_t columns = width > BALL_SPACING ? (int32_t)(width / BALL_SPACING) : 1;
    for (int32_t k = 0; k < BALL_COUNT && status == SILK_OK; ++k)
    {
        const int32_t row = k / columns, column = k % columns;
        const double x = x0 + column * BALL_SPACING + (row % 2 ? BALL_RADIUS : 0.0);
        const double y = rim - 20.0 - row * BALL_SPACING;
        int32_t p = 0;
        status = silk_world_add_particle(world, balls, (silk_vec2){x, y}, &p);
        if (status == SILK_OK)
        {
            status = silk_world_set_radius(world, p, BALL_RADIUS);
        }
    }
    /* a settled pile sleeps (silk.h "Sleeping"): it then costs a fraction of an awake one */
    if (status == SILK_OK)
    {
        silk_robust_def robust = silk_world_get_robust(world);
        robust.sleep = true;
        status = silk_world_set_robust(world, &robust);
    }
    return status;
}

/* A chain of 14 links (12 px, discs of radius 5) pinned above the left part of a 16 x 16
   cloth that hangs from its top row, held out horizontally to the left so it swings down
   into the cloth, each of whose particles is a disc of radius 3. The chain's last disc is a heavy
   bob (radius 12, mass 20). Chain and cloth are two composites: each collides with the
   other, neither with itself (their own discs are one link apart). */
silk_status silk_build_chain_cloth(silk_world* world)
{
    const silk_vec2 size = silk_world_get_size(world);
    silk_status status = silk_world_set_solver(world, SILK_SOLVER_ROBUST);
    const double side = (size.x < size.y ? size.x : size.y) * 0.45;
    silk_cloth_def cloth = silk_default_cloth_def();
    cloth.center = (silk_vec2){size.x * 0.62, size.y * 0.2 + side / 2};
    cloth.width = side;
    cloth.height = side;
    cloth.segments = 16;
    cloth.pin_mod = 4;
    int32_t cloth_id = 0;
    const int32_t cloth_first = silk_world_particle_count(world);
    if (status == SILK_OK)
    {
        status = silk_world_build_cloth(world, &cloth, &cloth_id);
    }
    for (int32_t i = cloth_first; i < silk_world_particle_count(world) && status == SILK_OK; ++i)
    {
        status = silk_world_set_radius(world, i, 3.0);
    }
    int32_t chain = 0;
    if (status == SILK_OK)
    {
        status = silk_world_add_composite(world, &chain);
    }
    const int32_t links = 14;
    const double link = 12.0;
    /* the pivot above the cloth's left part, the chain held out to the left: it swings down
       and in from the left, into the hanging cloth */
    const silk_vec2 top = {cloth.center.x - side / 4, size.y * 0.08};
    int32_t previous = -1;
    for (int32_t k = 0; k <= links && status == SILK_OK; ++k)
    {
        int32_t p = 0;
        status = silk_build_particle(world, chain, top.x - k * link, top.y, &p);
        if (status == SILK_OK)
        {
            status = silk_world_set_radius(world, p, k == links ? 12.0 : 5.0);
        }
        if (status == SILK_OK && k == 0)
        {
            status = silk_build_pin(world, chain, p);
        }
        if (status == SILK_OK && k == links)
        {
            status = silk_world_set_mass(world, p, 20.0);
        }
        if (status == SILK_OK && previous >= 0)
        {
            status = silk_build_distance(world, chain, previous, p, 1.0);
        }
        previous = p;
    }
    return status;
}
