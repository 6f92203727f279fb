/* polygon.c -- static convex polygons and the robust solver's collision pass against them.

   Seed 003 drapes a rope over a box and a cloth over a ledge by "convex polygon SAT
   penetration correction inside the relaxation loop". For a point and a convex polygon the
   separating axes are the polygon's edge normals: with n_k the outward unit normal of edge k
   and s_k = (p - v_k) . n_k the point's signed distance to that edge's line, the point is
   inside exactly when every s_k < 0, and the axis of least penetration is the k with the
   largest s_k. Moving the point by n_k (-s_k) puts it on that edge: the smallest move that
   takes it out.

       polygon (positive signed area)        a point inside: s_0..s_3 < 0
          v0 ------- v1                      the largest s (closest edge) wins:
          |    n0 ^   |                          p += n_k * (-s_k)
          |   p . --->| n1
          v3 ------- v2

   Friction is positional: after the push, the displacement of the substep so far (p - start)
   has a part along the surface; friction removes up to `friction` x the depth just corrected
   of it -- all of it when it is that small (the particle sticks), that much otherwise (it
   slides, slowed). The robust solver derives velocities from positions at the end of the
   substep, so this is all the response needs.

   Storage: vertices and edge normals of all polygons in two flat arrays, one shape record per
   polygon with its run and bounding box. Normals are computed once at add time with + - * /
   and sqrt only, so collisions are deterministic like the rest of the robust solver. Nothing
   here allocates during a step. */
#include "cold.h"
#include "polygon.h"
#include "validate.h"
#include "sleep.h"
#include "world.h"

#include <math.h>
#include <string.h>

silk_polygon_def silk_default_polygon_def(void)
{
    silk_polygon_def def;
    memset(&def, 0, sizeof(def));
    def.friction = 0.5;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

/* ---- storage ----------------------------------------------------------------------------- */

SILK_COLD
static silk_status grow(silk_world* world, void** array, size_t element, int32_t used,
                        int32_t needed, int32_t* capacity)
{
    if (needed <= *capacity)
    {
        return SILK_OK;
    }
    int32_t fresh_capacity = *capacity < 8 ? 8 : *capacity;
    while (fresh_capacity < needed)
    {
        fresh_capacity *= 2;
    }
    void* fresh = silk_alloc(world, (size_t)fresh_capacity * element);
    if (fresh == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    if (used > 0)
    {
        memcpy(fresh, *array, (size_t)used * element);
    }
    silk_free(world, *array);
    *array = fresh;
    *capacity = fresh_capacity;
    return SILK_OK;
}

/* Both point arrays grow together (they share one capacity); all or nothing. */
SILK_COLD
static silk_status reserve_points(silk_world* world, int32_t needed)
{
    if (needed <= world->polygon_point_capacity)
    {
        return SILK_OK;
    }
    int32_t cap_points = world->polygon_point_capacity;
    int32_t cap_normals = world->polygon_point_capacity;
    silk_status status = grow(world, (void**)&world->polygon_points, sizeof(silk_vec2),
                              world->polygon_point_count, needed, &cap_points);
    if (status != SILK_OK)
    {
        return status;
    }
    status = grow(world, (void**)&world->polygon_normals, sizeof(silk_vec2),
                  world->polygon_point_count, needed, &cap_normals);
    if (status != SILK_OK)
    {
        return status; /* the points array is larger than it needs to be; harmless */
    }
    world->polygon_point_capacity = cap_points < cap_normals ? cap_points : cap_normals;
    return SILK_OK;
}

void silk_polygons_clear(silk_world* world)
{
    world->polygon_count = 0;
    world->polygon_point_count = 0;
}

SILK_COLD
void silk_polygons_free(silk_world* world)
{
    silk_free(world, world->polygons);
    silk_free(world, world->polygon_points);
    silk_free(world, world->polygon_normals);
    world->polygons = NULL;
    world->polygon_points = NULL;
    world->polygon_normals = NULL;
    world->polygon_capacity = 0;
    world->polygon_point_capacity = 0;
    silk_polygons_clear(world);
}

/* ---- validation --------------------------------------------------------------------------- */

static double cross(silk_vec2 a, silk_vec2 b)
{
    return a.x * b.y - a.y * b.x;
}

static silk_vec2 sub(silk_vec2 a, silk_vec2 b)
{
    return (silk_vec2){a.x - b.x, a.y - b.y};
}

static silk_vec2 vertex(const silk_vec2* points, int32_t count, int32_t k, bool reversed)
{
    return points[reversed ? count - 1 - k : k];
}

/* Convex with positive orientation (after `reversed`): every corner turns the same way by a
   non-zero amount, and every vertex lies behind every edge (this second test rejects
   star-shaped outlines whose corners all turn the same way, like a pentagram). */
SILK_COLD
static bool convex(const silk_vec2* points, int32_t count, bool reversed)
{
    for (int32_t k = 0; k < count; ++k)
    {
        silk_vec2 a = vertex(points, count, k, reversed);
        silk_vec2 b = vertex(points, count, (k + 1) % count, reversed);
        silk_vec2 c = vertex(points, count, (k + 2) % count, reversed);
        if (!(cross(sub(b, a), sub(c, b)) > 0.0))
        {
            return false;
        }
        for (int32_t j = 0; j < count; ++j)
        {
            if (cross(sub(b, a), sub(vertex(points, count, j, reversed), a)) < 0.0)
            {
                return false;
            }
        }
    }
    return true;
}

#define SILK_STR_(x) #x
#define SILK_STR(x)  SILK_STR_(x)
#define CONVEX_RULE                                                                                \
    "must outline a convex polygon with non-zero area (no repeated or collinear corners)"

/* Each failure names its field on the world (silk_world_last_error_detail), so a host can say
   which argument was wrong. */
SILK_COLD
static silk_status validate(silk_world* world, const silk_polygon_def* def, bool* out_reversed)
{
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return silk_world_report_error(world, SILK_ERR_DEF, "def",
                                       "must start from silk_default_polygon_def()");
    }
    if (def->points == NULL)
    {
        return silk_world_report_error(world, SILK_ERR_NULL, "points", "must not be NULL");
    }
    if (def->count < 3 || def->count > SILK_MAX_POLYGON_POINTS)
    {
        return silk_world_report_error(
            world, SILK_ERR_RANGE, "points",
            "must hold 3 to " SILK_STR(SILK_MAX_POLYGON_POINTS) " points");
    }
    if (!isfinite(def->friction))
    {
        return silk_world_report_error(world, SILK_ERR_NONFINITE, "friction", "must be finite");
    }
    if (def->friction < 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "friction", "must be >= 0");
    }
    double area2 = 0.0; /* twice the signed area (shoelace) */
    for (int32_t k = 0; k < def->count; ++k)
    {
        silk_vec2 a = def->points[k];
        silk_vec2 b = def->points[(k + 1) % def->count];
        if (!silk_is_finite_vec2(a))
        {
            return silk_world_report_error(world, SILK_ERR_NONFINITE, "points", "must be finite");
        }
        /* Coordinates within SILK_MAX_POLYGON_COORD keep every edge, cross product and
           squared length below 1e25 (no overflow to inf or NaN normals), and an edge of at
           least SILK_MIN_POLYGON_EDGE keeps the squared length a normal number, so each
           edge's unit normal d / |d| is exact to rounding. */
        if (!(fabs(a.x) <= SILK_MAX_POLYGON_COORD) || !(fabs(a.y) <= SILK_MAX_POLYGON_COORD))
        {
            return silk_world_report_error(
                world, SILK_ERR_RANGE, "points",
                "must lie within +-" SILK_STR(SILK_MAX_POLYGON_COORD) " px of the origin");
        }
        area2 += cross(a, b);
    }
    for (int32_t k = 0; k < def->count; ++k)
    {
        silk_vec2 d = sub(def->points[(k + 1) % def->count], def->points[k]);
        if (!(sqrt(d.x * d.x + d.y * d.y) >= SILK_MIN_POLYGON_EDGE))
        {
            return silk_world_report_error(world, SILK_ERR_DEGENERATE, "points", CONVEX_RULE);
        }
    }
    if (!isfinite(area2))
    {
        return silk_world_report_error(world, SILK_ERR_NONFINITE, "points", "must be finite");
    }
    if (area2 == 0.0)
    {
        return silk_world_report_error(world, SILK_ERR_DEGENERATE, "points", CONVEX_RULE);
    }
    *out_reversed = area2 < 0.0;
    return convex(def->points, def->count, *out_reversed)
               ? silk_world_report_error(world, SILK_OK, "", "")
               : silk_world_report_error(world, SILK_ERR_DEGENERATE, "points", CONVEX_RULE);
}

SILK_COLD
silk_status silk_world_add_polygon(silk_world* world, const silk_polygon_def* def,
                                   int32_t* out_polygon)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (def == NULL)
    {
        return silk_world_report_error(world, SILK_ERR_NULL, "def", "must not be NULL");
    }
    bool reversed = false;
    silk_status status = validate(world, def, &reversed);
    if (status != SILK_OK)
    {
        return status;
    }
    if (world->polygon_count >= SILK_MAX_POLYGONS)
    {
        return silk_world_report_error(world, SILK_ERR_CAPACITY, "polygons",
                                       "at most " SILK_STR(SILK_MAX_POLYGONS) " per world");
    }
    int32_t shape_capacity = world->polygon_capacity;
    status = grow(world, (void**)&world->polygons, sizeof(silk_polygon_shape), world->polygon_count,
                  world->polygon_count + 1, &shape_capacity);
    if (status != SILK_OK)
    {
        return silk_world_report_error(world, status, "", "the allocator returned NULL");
    }
    world->polygon_capacity = shape_capacity;
    status = reserve_points(world, world->polygon_point_count + def->count);
    if (status != SILK_OK)
    {
        return silk_world_report_error(world, status, "", "the allocator returned NULL");
    }

    const int32_t n = def->count, begin = world->polygon_point_count;
    silk_polygon_shape* shape = &world->polygons[world->polygon_count];
    shape->begin = begin;
    shape->count = n;
    shape->friction = def->friction;
    shape->lo = shape->hi = vertex(def->points, n, 0, reversed);
    for (int32_t k = 0; k < n; ++k)
    {
        silk_vec2 a = vertex(def->points, n, k, reversed);
        silk_vec2 b = vertex(def->points, n, (k + 1) % n, reversed);
        silk_vec2 d = sub(b, a);
        double len = sqrt(d.x * d.x + d.y * d.y); /* > 0: corners turn by a non-zero amount */
        world->polygon_points[begin + k] = a;
        world->polygon_normals[begin + k] = (silk_vec2){d.y / len, -d.x / len};
        shape->lo.x = a.x < shape->lo.x ? a.x : shape->lo.x;
        shape->lo.y = a.y < shape->lo.y ? a.y : shape->lo.y;
        shape->hi.x = a.x > shape->hi.x ? a.x : shape->hi.x;
        shape->hi.y = a.y > shape->hi.y ? a.y : shape->hi.y;
    }
    world->polygon_point_count += n;
    if (out_polygon != NULL)
    {
        *out_polygon = world->polygon_count;
    }
    world->polygon_count += 1;
    silk_sleep_wake_all(world); /* it may stand where discs sleep: they must be pushed out */
    return SILK_OK;
}

SILK_COLD
silk_status silk_world_reserve_polygons(silk_world* world, int32_t polygons, int32_t points)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (polygons < 0 || polygons > SILK_MAX_POLYGONS || points < 0 ||
        points > SILK_MAX_POLYGONS * SILK_MAX_POLYGON_POINTS)
    {
        return SILK_ERR_CAPACITY;
    }
    int32_t shape_capacity = world->polygon_capacity;
    silk_status status = grow(world, (void**)&world->polygons, sizeof(silk_polygon_shape),
                              world->polygon_count, polygons, &shape_capacity);
    if (status != SILK_OK)
    {
        return status;
    }
    world->polygon_capacity = shape_capacity;
    return reserve_points(world, points); /* a larger shape array than needed is harmless */
}

int32_t silk_world_polygon_count(const silk_world* world)
{
    return silk_is_world(world) ? world->polygon_count : 0;
}

silk_status silk_world_get_polygon(const silk_world* world, int32_t polygon, silk_vec2* out_points,
                                   int32_t capacity, int32_t* out_count)
{
    if (!silk_is_world(world) || out_count == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (polygon < 0 || polygon >= world->polygon_count)
    {
        return SILK_ERR_INDEX;
    }
    const silk_polygon_shape* shape = &world->polygons[polygon];
    *out_count = shape->count;
    if (out_points == NULL || capacity < shape->count)
    {
        return SILK_ERR_CAPACITY;
    }
    memcpy(out_points, world->polygon_points + shape->begin,
           (size_t)shape->count * sizeof(silk_vec2));
    return SILK_OK;
}

silk_status silk_world_get_polygon_friction(const silk_world* world, int32_t polygon,
                                            double* out_friction)
{
    if (!silk_is_world(world) || out_friction == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (polygon < 0 || polygon >= world->polygon_count)
    {
        return SILK_ERR_INDEX;
    }
    *out_friction = world->polygons[polygon].friction;
    return SILK_OK;
}

/* ---- the collision pass ------------------------------------------------------------------- */

/* The edge of least penetration of p, and its signed distance s (< 0 inside); -1 when p is
   outside (some s_k >= 0) or outside the bounding box. */
static int32_t deepest_edge(const silk_world* world, const silk_polygon_shape* shape, silk_vec2 p,
                            double* out_s)
{
    if (!(p.x > shape->lo.x && p.x < shape->hi.x && p.y > shape->lo.y && p.y < shape->hi.y))
    {
        return -1;
    }
    const silk_vec2* v = world->polygon_points + shape->begin;
    const silk_vec2* n = world->polygon_normals + shape->begin;
    int32_t best = -1;
    double best_s = -INFINITY;
    for (int32_t k = 0; k < shape->count; ++k)
    {
        double s = (p.x - v[k].x) * n[k].x + (p.y - v[k].y) * n[k].y;
        if (s >= 0.0)
        {
            return -1; /* a separating axis: outside */
        }
        if (s > best_s)
        {
            best_s = s;
            best = k;
        }
    }
    *out_s = best_s;
    return best;
}

/* A disc of radius r > 0 (contact.c) against a convex polygon: the push direction n and the
   depth to take it out, or false when it does not touch. With the centre inside, the edge of
   least penetration, as for a point; outside, the nearest point of the outline (an edge or a
   corner). */
static bool disc_contact(const silk_world* world, const silk_polygon_shape* shape, silk_vec2 p,
                         double r, silk_vec2* out_n, double* out_depth)
{
    if (!(p.x > shape->lo.x - r && p.x < shape->hi.x + r && p.y > shape->lo.y - r &&
          p.y < shape->hi.y + r))
    {
        return false;
    }
    const silk_vec2* v = world->polygon_points + shape->begin;
    const silk_vec2* n = world->polygon_normals + shape->begin;
    int32_t best = 0;
    double best_s = -INFINITY;
    for (int32_t k = 0; k < shape->count; ++k)
    {
        double s = (p.x - v[k].x) * n[k].x + (p.y - v[k].y) * n[k].y;
        if (s > best_s)
        {
            best_s = s;
            best = k;
        }
    }
    if (!(best_s < r))
    {
        return false;
    }
    if (best_s <= 0.0)
    {
        *out_n = n[best];
        *out_depth = r - best_s;
        return true;
    }
    double near2 = INFINITY;
    silk_vec2 near = p;
    for (int32_t k = 0; k < shape->count; ++k)
    {
        silk_vec2 a = v[k], d = sub(v[(k + 1) % shape->count], a);
        double t = ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / (d.x * d.x + d.y * d.y);
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        silk_vec2 q = {a.x + d.x * t, a.y + d.y * t};
        double dist2 = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y);
        if (dist2 < near2)
        {
            near2 = dist2;
            near = q;
        }
    }
    if (!(near2 < r * r) || !(near2 > 0.0))
    {
        return false;
    }
    double dist = sqrt(near2);
    *out_n = (silk_vec2){(p.x - near.x) / dist, (p.y - near.y) / dist};
    *out_depth = r - dist;
    return true;
}

void silk_polygons_collide(silk_world* world, const silk_vec2* start, const double* w)
{
    silk_vec2* pos = world->pos;
    const int32_t particles = world->particle_count;
    for (int32_t g = 0; g < world->polygon_count; ++g)
    {
        const silk_polygon_shape* shape = &world->polygons[g];
        const silk_vec2* normals = world->polygon_normals + shape->begin;
        for (int32_t i = 0; i < particles; ++i)
        {
            if (w[i] == 0.0)
            {
                continue; /* pinned, dragged or immovable: kinematic, not pushed */
            }
            silk_vec2 n;
            double depth = 0.0;
            if (world->radius[i] > 0.0)
            {
                if (!disc_contact(world, shape, pos[i], world->radius[i], &n, &depth))
                {
                    continue;
                }
            }
            else
            {
                double s = 0.0;
                int32_t k = deepest_edge(world, shape, pos[i], &s);
                if (k < 0)
                {
                    continue;
                }
                n = normals[k];
                depth = -s;
            }
            silk_vec2 p = {pos[i].x + n.x * depth, pos[i].y + n.y * depth};
            /* positional friction: remove the tangential part of this substep's motion, up to
               friction x depth */
            silk_vec2 d = sub(p, start[i]);
            double along = d.x * n.x + d.y * n.y;
            silk_vec2 t = {d.x - n.x * along, d.y - n.y * along};
            double t_len = sqrt(t.x * t.x + t.y * t.y);
            double limit = shape->friction * depth;
            if (t_len > 0.0)
            {
                double f = t_len <= limit ? 1.0 : limit / t_len;
                p.x -= t.x * f;
                p.y -= t.y * f;
            }
            pos[i] = p;
        }
    }
}

silk_status silk_world_polygon_penetration(const silk_world* world, double* out_depth,
                                           int32_t* out_particle)
{
    if (!silk_is_world(world) || out_depth == NULL)
    {
        return SILK_ERR_NULL;
    }
    double deepest = 0.0;
    int32_t which = -1;
    for (int32_t g = 0; g < world->polygon_count; ++g)
    {
        for (int32_t i = 0; i < world->particle_count; ++i)
        {
            double s = 0.0;
            if (deepest_edge(world, &world->polygons[g], world->pos[i], &s) >= 0 && -s > deepest)
            {
                deepest = -s;
                which = i;
            }
        }
    }
    *out_depth = deepest;
    if (out_particle != NULL)
    {
        *out_particle = which;
    }
    return SILK_OK;
}
