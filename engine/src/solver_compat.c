/* solver_compat.c -- one frame of verlet-js, bit for bit.

   Every expression below keeps the original's operand order and association, because
   floating point is not associative: (((d*d - m) / m) * k) * c is not d*d/m*k*c - k*c.
   The build uses -ffp-contract=off so no a*b + c is fused into one rounding.

   The frame, as the original runs it:

       integrate   for every particle: v = (p - q)*f; ground friction; q = p; p += g; p += v
       drag        the dragged particle (or its pin's target) := pointer
       relax       for each composite: step passes over its constraints, coef = 1/step
       bounds      clamp to the floor and the walls (no ceiling)

   Composites own contiguous constraint runs, so "all passes of composite 0 before any of
   composite 1" is a loop over ranges. The relaxation chain is sequential by nature (each
   correction reads the positions the previous one wrote): Gauss-Seidel, not Jacobi. */
#include "trig.h"
#include "constraint.h"
#include "stepper.h"
#include "validate.h"
#include "work.h"
#include "world.h"

#include <math.h>

static void integrate(silk_world* world)
{
    const double f = world->friction;
    const double gf = world->ground_friction;
    const double floor_y = world->height - 1;
    const silk_vec2 g = world->gravity;
    silk_vec2* pos = world->pos;
    silk_vec2* last = world->last;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        /* pos.sub(lastPos).scale(f): two constructed vectors */
        double vx = silk_or_zero(silk_or_zero(pos[i].x - last[i].x) * f);
        double vy = silk_or_zero(silk_or_zero(pos[i].y - last[i].y) * f);
        if (pos[i].y >= floor_y && vx * vx + vy * vy > 0.000001)
        {
            double m = sqrt(vx * vx + vy * vy);
            vx = vx / m;
            vy = vy / m;
            double s = m * gf;
            vx = vx * s;
            vy = vy * s;
        }
        last[i] = pos[i];
        pos[i].x = pos[i].x + g.x;
        pos[i].y = pos[i].y + g.y;
        pos[i].x = pos[i].x + vx;
        pos[i].y = pos[i].y + vy;
    }
}

static void apply_drag(silk_world* world)
{
    const silk_drag_state* drag = &world->drag;
    if (drag->particle < 0)
    {
        return;
    }
    if (drag->pin >= 0)
    {
        world->target[drag->pin] = drag->pointer;
    }
    else
    {
        world->pos[drag->particle] = drag->pointer;
    }
}

/* rot(p, o, t) with cos t = c, sin t = s: ((x*c) - (y*s)) + ox, ((x*s) + (y*c)) + oy,
   returned as a new (coerced) vector, as Vec2.rotate does. */
static inline silk_vec2 rotate(silk_vec2 p, silk_vec2 o, double c, double s)
{
    double x = p.x - o.x;
    double y = p.y - o.y;
    return (silk_vec2){silk_or_zero(((x * c) - (y * s)) + o.x),
                       silk_or_zero(((x * s) + (y * c)) + o.y)};
}

/* The relaxation chain is latency-bound: a relaxation reads a particle the one before it wrote
   (the cloth's every relaxation, the web's every other), and on that path a store and the load
   after it cost ~10 cycles of ~45 (bench/solver.mjs measures it). So the two particles the
   last distance relaxation wrote stay in registers, and the next relaxation takes them from
   there instead of from memory. It changes where the bits come from, not the bits: they are
   still written to memory, and the arithmetic is the same, in the same order. */
typedef struct silk_carry
{
    int32_t a, b; /* the particles the last relaxation wrote; -1: none */
    silk_vec2 pa, pb;
} silk_carry;

/* Values, not pointers, on purpose: given `carry->pb` or `pos[i]`, LLVM sinks the loads into
   one load from a selected address, and the carry goes back through memory. Branches, not
   selects: a select would wait for the load it means to skip. */
static inline silk_vec2 carried_or_load(const silk_vec2* pos, silk_carry carry, int32_t i)
{
    /* b was written after a, so when a == b its value is the latest. */
    if (i == carry.b)
    {
        return carry.pb;
    }
    if (i == carry.a)
    {
        return carry.pa;
    }
    return pos[i];
}

static inline silk_carry relax_distance(silk_vec2* pos, silk_carry carry, int32_t a, int32_t b,
                                        double k, double d, double coef)
{
    silk_vec2 pa = carried_or_load(pos, carry, a);
    silk_vec2 pb = carried_or_load(pos, carry, b);
    double nx = silk_or_zero(pa.x - pb.x); /* a.pos.sub(b.pos) */
    double ny = silk_or_zero(pa.y - pb.y);
    double m = nx * nx + ny * ny;
    double s = (((d * d - m) / m) * k) * coef; /* m == 0 gives NaN: the original's defect #1 */
    nx *= s;
    ny *= s;
    pa.x += nx;
    pa.y += ny;
    pos[a] = pa;
    if (b == a)
    {
        pb = pa; /* b.pos.sub(n) reads what a.pos.add(n) just wrote */
    }
    pb.x -= nx;
    pb.y -= ny;
    pos[b] = pb;
    return (silk_carry){a, b, pa, pb};
}

static inline void relax_angle(silk_vec2* pos, int32_t a, int32_t b, int32_t c, double k,
                               double rest, double coef)
{
    double diff = silk_angle_at(pos[a], pos[b], pos[c]) - rest;
    if (diff <= -SILK_PI)
    {
        diff += 2 * SILK_PI;
    }
    else if (diff >= SILK_PI)
    {
        diff -= 2 * SILK_PI;
    }
    diff = diff * (coef * k);
    /* The original evaluates cos/sin four times each; cos(-x) == cos(x) and
       sin(-x) == -sin(x) exactly, so two calls give the same bits. */
    double cs = silk_cos(diff);
    double sn = silk_sin(diff);
    pos[a] = rotate(pos[a], pos[b], cs, sn);
    pos[c] = rotate(pos[c], pos[b], cs, -sn);
    pos[b] = rotate(pos[b], pos[a], cs, sn);
    pos[b] = rotate(pos[b], pos[c], cs, -sn);
}

/* `passes` passes over one composite's run [begin, end). */
static void relax_run(silk_world* world, int32_t begin, int32_t end, int32_t passes, double coef)
{
    silk_vec2* pos = world->pos;
    const uint8_t* kind = world->kind;
    const int32_t* ca = world->ca;
    const int32_t* cb = world->cb;
    const int32_t* cc = world->cc;
    const double* stiffness = world->stiffness;
    const double* rest = world->rest;
    const silk_vec2* target = world->target;
    const silk_carry none = {-1, -1, {0, 0}, {0, 0}};
    silk_carry carry = none;
    for (int32_t pass = 0; pass < passes; ++pass)
    {
        for (int32_t j = begin; j < end; ++j)
        {
            switch (kind[j])
            {
                case SILK_DISTANCE:
                    carry = relax_distance(pos, carry, ca[j], cb[j], stiffness[j], rest[j], coef);
                    break;
                case SILK_PIN:
                    pos[ca[j]] = target[j];
                    /* Pins and angles write through memory. Dropping the whole carry (not just
                       its indices) tells the compiler the registers are free across the
                       angle's calls, so it does not keep the carry on the stack. */
                    carry = none;
                    break;
                case SILK_ANGLE:
                    relax_angle(pos, ca[j], cb[j], cc[j], stiffness[j], rest[j], coef);
                    carry = none;
                    break;
                default:
                    break;
            }
        }
    }
}

static void relax_all(silk_world* world, int32_t passes, double coef)
{
    for (int32_t k = 0; k < world->composite_count; ++k)
    {
        const silk_composite* comp = &world->composites[k];
        relax_run(world, comp->constraint_begin, comp->constraint_begin + comp->constraint_count,
                  passes, coef);
    }
}

static void bounds(silk_world* world)
{
    const double max_y = world->height - 1;
    const double max_x = world->width - 1;
    silk_vec2* pos = world->pos;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        if (pos[i].y > max_y)
        {
            pos[i].y = max_y;
        }
        if (pos[i].x < 0)
        {
            pos[i].x = 0;
        }
        if (pos[i].x > max_x)
        {
            pos[i].x = max_x;
        }
    }
}

silk_status silk_world_frame(silk_world* world, int32_t step)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (step < 1 || step > SILK_MAX_RELAX_PASSES)
    {
        return SILK_ERR_RANGE;
    }
    /* one call's work (work.c): step passes over the constraints and one over the particles */
    if (step > 1 && ((uint64_t)step + 1) * silk_pass_work(world) > (uint64_t)SILK_CALL_MAX_PASSES)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "step",
                                       "(step + 1) x elements must be at most "
                                       "SILK_CALL_MAX_PASSES (silk_world_step_work)");
    }
    silk_compat_frame(world, step);
    return SILK_OK;
}

/* The frame without the checks: advance and replay run it at the world's relax_passes, which
   their entry points have checked (a replay's events may raise it mid-run; the recording's
   bound covers that). */
void silk_compat_frame(silk_world* world, int32_t step)
{
    integrate(world);
    apply_drag(world);
    relax_all(world, step, 1.0 / step);
    bounds(world);
    world->last_passes = step;
    silk_count(&world->frame_count);
}

silk_status silk_world_relax(silk_world* world, int32_t iterations, double coef)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite(coef))
    {
        return SILK_ERR_NONFINITE;
    }
    if (iterations < 0 || iterations > 1000000)
    {
        return SILK_ERR_RANGE;
    }
    if (iterations > 1 &&
        (uint64_t)iterations * silk_pass_work(world) > (uint64_t)SILK_CALL_MAX_PASSES)
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "iterations",
                                       "iterations x elements must be at most "
                                       "SILK_CALL_MAX_PASSES");
    }
    relax_all(world, iterations, coef);
    return SILK_OK;
}
