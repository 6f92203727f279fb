/* robust_step.c -- the robust solver's step: XPBD in seconds, with substeps, masses and
   compliance.

   The compat solver (solver_compat.c) is verlet-js: no time, no mass, a stiffness that means
   "fraction of the error removed per pass". This solver reads the same world -- particles,
   composites, constraints, pins, the drag -- and adds what the physics needs:

       inverse_mass[i]   per particle, 0 = immovable (pins and the dragged particle get 0 for
                         the step, so they hold exactly)
       compliance[j]     per constraint, px per unit force (0 = rigid)
       robust.def        gravity in px/s^2, damping and ground friction in 1/s, substeps

   A step of h seconds (Macklin et al. 2019, "Small Steps in Physics Simulation"):

       v = (p - q) / h_last, unless v is still the one this solver kept (carry_velocity)
       repeat `substeps` times, hs = h / substeps:
           v += g hs;  v *= exp(-damping hs);  start = p;  p += v hs
           kinematic particles (pins, drag) move 1/remaining of the way to their target
           `iterations` Gauss-Seidel passes, lambda reset at the substep start:
               distances:  C = |a - b| - rest
               angles:     C = wrap(angle(a - b, c - b) - rest), as atan2 of the turned-back
                           angle (solve_angles)
               dlambda = (-C - alpha~ lambda) / (sum_i w_i |grad_i C|^2 + alpha~)
               p_i += w_i grad_i C dlambda,      alpha~ = compliance / hs^2
           one more pass, tapered, over the distances nearest the fixed particles
           (solve_constraints)
           box (floor, walls, one-way ceiling), then v = (p - start) / hs with restitution
           and ground friction on contacts
       q = p - v h

   Why the gradients matter for the angle (seed 000, defect 3): verlet-js rotates a and c
   about b, then b about a and about c; those four rotations do not sum to zero, so every
   relaxation moves the centre of mass. Here grad_a + grad_b + grad_c = 0 exactly (grad_b is
   defined as minus the other two) and each particle moves by w_i grad_i dlambda, so
   sum m_i dp_i = dlambda sum grad_i = 0: momentum is conserved to rounding.

   The records the step walks are prepared by robust_prepare.c (ring order, colours); the hot
   loops (distances, the particle passes) are in robust_batch.c; the angles and the rest are
   here. Settings, masses and compliances: robust_settings.c.

   Determinism: only + - * / and sqrt, the build's -ffp-contract=off, and detmath.c's atan2 and
   exp. Nothing here allocates but prepare, and that only after storage grew (robust.h). */
#include "contact.h"
#include "detmath.h"
#include "robust_batch.h"
#include "robust_chain.h"
#include "sleep.h"
#include "polygon.h"
#include "validate.h"
#include "work.h"
#include "world.h"

#include <math.h>
#include <string.h>

/* ---- the step ------------------------------------------------------------------------------ */

static inline void solve_angles(silk_vec2* restrict pos, const double* restrict w,
                                const silk_robust_angle* restrict g, int32_t count,
                                double* restrict lambda, double inv_hs2, silk_lambda_mode mode)
{
    for (int32_t k = 0; k < count; ++k)
    {
        const int32_t a = g[k].a, b = g[k].b, c = g[k].c;
        const double wa = w[a], wb = w[b], wc = w[c];
        double ux = pos[a].x - pos[b].x, uy = pos[a].y - pos[b].y;
        double vx = pos[c].x - pos[b].x, vy = pos[c].y - pos[b].y;
        double lu2 = ux * ux + uy * uy;
        double lv2 = vx * vx + vy * vy;
        if (!(lu2 > 0.0) || !(lv2 > 0.0))
        {
            continue; /* an arm of zero length has no angle: leave it to the distances */
        }
        /* C = theta - rest, wrapped to (-pi, pi]: the angle of (dot + i cross) turned back by
           rest, so atan2 sees the small deviation (its cheapest case), not the angle */
        double cross = ux * vy - uy * vx, dot = ux * vx + uy * vy;
        double cr = g[k].cos_rest, sr = g[k].sin_rest;
        double cons = silk_det_atan2_inline(cross * cr - dot * sr, dot * cr + cross * sr);
        /* d theta / d a = perp(u) / |u|^2, d theta / d c = -perp(v) / |v|^2, b = -(a + c) */
        double iu2 = 1.0 / lu2, iv2 = 1.0 / lv2;
        double gax = uy * iu2, gay = -ux * iu2;
        double gcx = -vy * iv2, gcy = vx * iv2;
        double gbx = -(gax + gcx), gby = -(gay + gcy);
        double wsum = (wa * (gax * gax + gay * gay) + wb * (gbx * gbx + gby * gby)) +
                      wc * (gcx * gcx + gcy * gcy);
        double alpha = g[k].compliance * inv_hs2;
        if (wsum + alpha == 0.0)
        {
            continue;
        }
        double lambda_k = mode == SILK_LAMBDA_ADD ? lambda[k] : 0.0;
        double dl = (-cons - alpha * lambda_k) / (wsum + alpha);
        if (mode != SILK_LAMBDA_NONE)
        {
            lambda[k] = lambda_k + dl;
        }
        pos[a].x += wa * dl * gax;
        pos[a].y += wa * dl * gay;
        pos[b].x += wb * dl * gbx;
        pos[b].y += wb * dl * gby;
        pos[c].x += wc * dl * gcx;
        pos[c].y += wc * dl * gcy;
    }
}

/* Long-range attachments: a particle farther from its anchor than its rest path goes back onto
   that sphere (the anchor is fixed, so only the particle moves). */
static void solve_tethers(silk_world* world)
{
    const silk_robust_state* r = &world->robust;
    silk_vec2* pos = world->pos;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        int32_t a = r->anchor[i];
        if (a < 0 || a == i || r->w[i] == 0.0)
        {
            continue;
        }
        double dx = pos[i].x - pos[a].x, dy = pos[i].y - pos[a].y;
        double d2 = dx * dx + dy * dy;
        double reach = r->reach[i];
        if (d2 > reach * reach)
        {
            double f = reach / sqrt(d2);
            pos[i].x = pos[a].x + dx * f;
            pos[i].y = pos[a].y + dy * f;
        }
    }
}

/* The effective inverse masses of this step: pins and the dragged particle are kinematic. */
static void effective_masses(silk_world* world)
{
    silk_robust_state* r = &world->robust;
    memcpy(r->w, world->inverse_mass, (size_t)world->particle_count * sizeof(double));
    for (int32_t k = 0; k < r->pin_count; ++k)
    {
        r->w[world->ca[r->pins[k]]] = 0.0;
    }
    if (world->drag.particle >= 0)
    {
        r->w[world->drag.particle] = 0.0;
    }
    silk_sleep_freeze(world, r->w); /* sleeping discs hold still too (sleep.c) */
}

/* Kinematic particles go 1/remaining of the way to their target each substep: a straight
   line that ends exactly on the target, with the matching velocity. */
static void move_kinematic(silk_world* world, int32_t remaining)
{
    const silk_robust_state* r = &world->robust;
    double f = 1.0 / remaining;
    for (int32_t k = 0; k < r->pin_count; ++k)
    {
        int32_t j = r->pins[k];
        silk_vec2* p = &world->pos[world->ca[j]];
        silk_vec2 t = world->target[j];
        *p = remaining == 1 ? t : (silk_vec2){p->x + (t.x - p->x) * f, p->y + (t.y - p->y) * f};
    }
    if (world->drag.particle >= 0 && world->drag.pin < 0)
    {
        silk_vec2* p = &world->pos[world->drag.particle];
        silk_vec2 t = world->drag.pointer;
        *p = remaining == 1 ? t : (silk_vec2){p->x + (t.x - p->x) * f, p->y + (t.y - p->y) * f};
    }
}

/* Static polygons (polygon.c, the timing lab): after every pass, particles inside one go back
   out along the axis of least penetration. Nothing to do in a world without polygons. */
/* Discs (radius > 0) against each other and the box (contact.c), once per pass, before the
   polygons: a world without radii never enters it. */
static inline void collide_particles(silk_world* world, const silk_robust_substep* k)
{
    /* a pile whose discs all sleep has nothing to solve: its pairs would all be skipped */
    if (world->collision.active && world->disc_count > world->sleeping_count)
    {
        silk_contacts_solve(world, k);
    }
    else
    {
        world->collision.contact_count = 0;
    }
}

static inline void collide_polygons(silk_world* world)
{
    if (world->polygon_count > 0)
    {
        silk_polygons_collide(world, world->robust.start, world->robust.w);
    }
}

/* The velocity the step starts from. The robust step keeps v itself and leaves q = p - v h
   for renderers, diagnostics and the compat solver; reading v back as (p - q) / h would cost
   the precision of p (an ulp of p per step: a drift of ~1e-9 px per 600 steps at 1000 px,
   seen by the momentum test). So v is kept while q is still exactly the p - v h this solver
   wrote, and taken from (p - q) / h when anything else moved p or q (compat frames, set
   calls, a solver switch). The check is exact and the same on every platform. */
static void carry_velocity(silk_world* world)
{
    const double h = world->robust.last_h;
    const double inv_h = 1.0 / h;
    silk_vec2* v = world->velocity;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        silk_vec2 p = world->pos[i], q = world->last[i];
        if (q.x != p.x - v[i].x * h || q.y != p.y - v[i].y * h)
        {
            v[i] = (silk_vec2){(p.x - q.x) * inv_h, (p.y - q.y) * inv_h};
        }
    }
}

/* One substep's constraint passes. lambda restarts at 0 every substep; distances use
   [0, nd), angles [nd, nd + na). Then the near rings -- the distance records nearest the
   fixed particles, where a hanging structure's tension and error are largest -- get one more
   pass, tapered (set_tapers). It goes on accumulating their lambda (the main pass stores it
   for them), so a compliant constraint there stays as compliant as anywhere else: only its
   iterations differ. See README "Robust solver" for what it buys and costs. near_passes
   repeats that pass and near_mobility < 1 sends its corrections outwards (both opt-in);
   with chains, robust_chain.c's path solves replace the distance passes and there is no
   near pass (docs/notes/2026-12-robust-stiff-cloth.md). */
static void solve_constraints(silk_world* world, const silk_robust_substep* k)
{
    silk_robust_state* r = &world->robust;
    const int32_t nd = r->distance_count, na = r->angle_count;
    const int32_t near = r->def.near_pass ? r->near_run_count : 0, runs = r->run_count;
    const int32_t iterations = r->def.iterations;
    if (r->def.chains)
    {
        /* the chain solve (robust_chain.c) replaces the distance sweeps and the near pass */
        for (int32_t it = 0; it < iterations; ++it)
        {
            silk_lambda_mode mode = iterations == 1 ? SILK_LAMBDA_NONE
                                    : it == 0       ? SILK_LAMBDA_FIRST
                                                    : SILK_LAMBDA_ADD;
            silk_robust_chain_solve(world, r->w, k->inv_hs2, mode);
            solve_angles(world->pos, r->w, r->angles, na, r->lambda + nd, k->inv_hs2, mode);
            collide_particles(world, k);
            collide_polygons(world);
        }
        return;
    }
    if (iterations == 1)
    {
        silk_robust_solve_distances(world->pos, r->w, &r->distances, r->runs, 0, near, r->lambda,
                                    k->inv_hs2, SILK_LAMBDA_FIRST, false);
        silk_robust_solve_distances(world->pos, r->w, &r->distances, r->runs, near, runs, NULL,
                                    k->inv_hs2, SILK_LAMBDA_NONE, false);
        solve_angles(world->pos, r->w, r->angles, na, NULL, k->inv_hs2, SILK_LAMBDA_NONE);
        collide_particles(world, k);
        collide_polygons(world);
    }
    for (int32_t it = 0; it < iterations && iterations > 1; ++it)
    {
        silk_lambda_mode mode = it == 0 ? SILK_LAMBDA_FIRST : SILK_LAMBDA_ADD;
        silk_robust_solve_distances(world->pos, r->w, &r->distances, r->runs, 0, runs, r->lambda,
                                    k->inv_hs2, mode, false);
        solve_angles(world->pos, r->w, r->angles, na, r->lambda + nd, k->inv_hs2, mode);
        collide_particles(world, k);
        collide_polygons(world);
    }
    const double mobility = r->def.near_mobility;
    for (int32_t q = 0; q < r->def.near_passes && near > 0; ++q)
    {
        if (mobility < 1.0)
        {
            silk_robust_solve_near_scaled(world->pos, r->w, &r->distances, r->runs, near, r->level,
                                          mobility, r->lambda, k->inv_hs2);
        }
        else
        {
            silk_robust_solve_distances(world->pos, r->w, &r->distances, r->runs, 0, near,
                                        r->lambda, k->inv_hs2, SILK_LAMBDA_ADD, true);
        }
        collide_polygons(world);
    }
}

silk_status silk_robust_step(silk_world* world, double h)
{
    silk_status status = silk_robust_prepare(world);
    if (status != SILK_OK)
    {
        return status; /* nothing has moved yet */
    }
    silk_robust_state* r = &world->robust;
    const silk_robust_def* def = &r->def;
    if (world->drag.particle >= 0 && world->drag.pin >= 0)
    {
        world->target[world->drag.pin] = world->drag.pointer; /* as compat: the pin moves */
    }
    effective_masses(world);
    silk_contacts_begin_step(world); /* the sleeping discs' grid: they hold still */

    const int32_t substeps = def->substeps;
    silk_robust_substep k;
    k.hs = h / substeps;
    k.inv_hs = 1.0 / k.hs;
    k.inv_hs2 = k.inv_hs * k.inv_hs;
    k.g = def->gravity;
    k.g_hs = (silk_vec2){k.g.x * k.hs, k.g.y * k.hs};
    k.damp = silk_det_exp(-def->damping * k.hs);
    k.ground = silk_det_exp(-def->ground_friction * k.hs);
    k.floor_y = world->height - 1;
    k.max_x = world->width - 1;
    k.ceiling = def->ceiling;
    k.restitution = def->restitution;
    k.bounce_min = 2.0 * sqrt(k.g.x * k.g.x + k.g.y * k.g.y) * k.hs;

    carry_velocity(world);
    const bool bounce = world->collision.active;
    const silk_robust_particles particles = {world->pos, world->velocity, r->start, r->w,
                                             world->particle_count};
    silk_robust_integrate(&particles, &k);
    for (int32_t s = 0; s < substeps; ++s)
    {
        move_kinematic(world, substeps - s);
        if (def->tethers)
        {
            solve_tethers(world); /* first: the links then even out what it moved */
        }
        solve_constraints(world, &k);
        if (s + 1 < substeps && bounce)
        {
            /* the same passes as next_substep, split for the contacts' bounce between */
            silk_robust_end_step(&particles, &k, world->last, h);
            silk_contacts_restitution(world, &k, NULL, h);
            silk_robust_integrate(&particles, &k);
        }
        else if (s + 1 < substeps)
        {
            silk_robust_next_substep(&particles, &k);
        }
    }
    silk_robust_end_step(&particles, &k, world->last, h);
    if (bounce)
    {
        silk_contacts_restitution(world, &k, world->last, h);
        silk_sleep_update(world, 0.5 * k.bounce_min); /* |g| hs */
    }
    r->last_h = h;
    silk_count(&world->frame_count);
    return SILK_OK;
}

silk_status silk_world_robust_step(silk_world* world, double seconds)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_check_step_seconds(seconds); /* the range the arithmetic holds */
    if (status != SILK_OK)
    {
        return status;
    }
    /* one call's work (work.c), counted at the robust settings whatever solver is selected */
    if (silk_step_work_for(world, SILK_SOLVER_ROBUST) > (uint64_t)SILK_CALL_MAX_PASSES &&
        !silk_step_is_lightest_for(world, SILK_SOLVER_ROBUST))
    {
        return silk_world_report_error(world, SILK_ERR_RANGE, "robust",
                                       "one robust step of this world must be at most "
                                       "SILK_CALL_MAX_PASSES element passes");
    }
    return silk_robust_step(world, seconds);
}

/* The full engine: this file is in it (the compat-only build links robust_absent.c instead). */
uint32_t silk_features(void)
{
    return SILK_FEATURE_ROBUST;
}
