/* solver_robust.c -- the robust solver: XPBD in seconds, with substeps, masses and compliance.

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

   Ordering (prepare): constraints are packed into flat records in an order computed once per
   change of the constraint set. First by ring: the graph distance of the constraint from the
   nearest fixed particle, so one Gauss-Seidel sweep carries a pin's correction outwards
   instead of against the grain. Then, inside each ring, by greedy colour: consecutive
   records of one colour never share a particle, so the CPU can overlap them (no
   store-to-load chain from one record to the next) and robust_batch.c solves them two per
   register, with the bits of one at a time. Both sorts are stable counting sorts, so the
   order -- and the bits -- depend only on the constraint list. The hot loops (distances,
   the particle passes) are in robust_batch.c; the angles and the rest are here.

   Determinism: only + - * / and sqrt, the build's -ffp-contract=off, and detmath.c's atan2 and
   exp. Nothing here allocates; the arrays grow with the world's reserve functions. */
#include "detmath.h"
#include "robust_batch.h"
#include "robust_chain.h"
#include "trig.h"
#include "world.h"

#include <math.h>
#include <string.h>

#define LEVEL_NONE   INT32_MAX
#define MAX_COLOURS  64
#define REF_STEP     16  /* compat frame(16): the pages' relaxation passes */
#define REF_SUBSTEPS 8.0 /* robust reference substeps at 1/60 s */
/* Near rings: at most 1/NEAR_SHARE of the distance records. A build with
   -DSILK_ROBUST_NEAR_SHARE=0 has no near pass (for measuring what it costs and buys). */
#ifdef SILK_ROBUST_NEAR_SHARE
#define NEAR_SHARE SILK_ROBUST_NEAR_SHARE
#else
#define NEAR_SHARE 5
#endif

/* ---- defs and the mapping from compat ---------------------------------------------------- */

silk_robust_def silk_robust_def_from_compat(silk_vec2 gravity_per_frame2, double friction,
                                            double ground_friction, double frame_seconds)
{
    silk_robust_def def;
    memset(&def, 0, sizeof(def));
    def.substeps = 8;
    def.iterations = 1;
    def.ceiling = true;
    def.restitution = 0.0;
    def.max_step_seconds = 1.0 / 30.0;
    def.near_pass = true;
    def.near_passes = 1;
    def.chains = false;
    def.internal_cookie = SILK_DEF_COOKIE;
    if (!(frame_seconds > 0.0) || !isfinite(frame_seconds))
    {
        frame_seconds = 1.0 / SILK_COMPAT_FRAME_RATE;
    }
    double h2 = frame_seconds * frame_seconds;
    def.gravity = (silk_vec2){gravity_per_frame2.x / h2, gravity_per_frame2.y / h2};
    /* a factor f per frame is the decay exp(-c t) with c = -ln f / h; f >= 1 (or <= 0, which
       compat allows) has no decay rate: 0 */
    def.damping = friction > 0.0 && friction < 1.0 ? -silk_det_log(friction) / frame_seconds : 0.0;
    def.ground_friction = ground_friction > 0.0 && ground_friction < 1.0
                              ? -silk_det_log(ground_friction) / frame_seconds
                              : 0.0;
    return def;
}

silk_robust_def silk_default_robust_def(void)
{
    return silk_robust_def_from_compat((silk_vec2){0.0, 0.2}, 0.99, 0.8,
                                       1.0 / SILK_COMPAT_FRAME_RATE);
}

double silk_compliance_from_stiffness(double stiffness, double w)
{
    if (!isfinite(stiffness) || !isfinite(w) || w <= 0.0)
    {
        return 0.0;
    }
    /* compat frame(16): one pass multiplies a lone constraint's error by 1 - 4k/16 */
    double per_pass = fabs(1.0 - 4.0 * stiffness / REF_STEP);
    if (stiffness >= REF_STEP / 4.0 || per_pass == 0.0)
    {
        return 0.0; /* compat removes all of it (or overshoots): rigid */
    }
    if (stiffness <= 0.0 || per_pass >= 1.0)
    {
        return SILK_MAX_COMPLIANCE; /* compat never removes any of it */
    }
    /* r = per_pass^16 left per frame; robust keeps (1 - beta) per substep, 8 substeps */
    double keep = silk_det_exp(silk_det_log(per_pass) * (REF_STEP / REF_SUBSTEPS));
    double beta = 1.0 - keep;
    double hs = 1.0 / (SILK_COMPAT_FRAME_RATE * REF_SUBSTEPS);
    double compliance = hs * hs * w * keep / beta;
    return compliance < SILK_MAX_COMPLIANCE ? compliance : SILK_MAX_COMPLIANCE;
}

/* sum |grad C|^2 of the angle a-b-c at unit masses, from the positions now. */
static double angle_w(silk_vec2 pa, silk_vec2 pb, silk_vec2 pc)
{
    double ux = pa.x - pb.x, uy = pa.y - pb.y;
    double vx = pc.x - pb.x, vy = pc.y - pb.y;
    double lu2 = ux * ux + uy * uy;
    double lv2 = vx * vx + vy * vy;
    if (!(lu2 > 0.0) || !(lv2 > 0.0))
    {
        return 0.0;
    }
    double gax = uy / lu2, gay = -ux / lu2;
    double gcx = -vy / lv2, gcy = vx / lv2;
    double gbx = -(gax + gcx), gby = -(gay + gcy);
    return (gax * gax + gay * gay) + (gbx * gbx + gby * gby) + (gcx * gcx + gcy * gcy);
}

double silk_robust_default_compliance(const silk_world* world, silk_constraint_kind kind, int32_t a,
                                      int32_t b, int32_t c, double stiffness)
{
    switch (kind)
    {
        case SILK_DISTANCE:
            return silk_compliance_from_stiffness(stiffness, 2.0);
        case SILK_ANGLE:
        {
            double w = angle_w(world->pos[a], world->pos[b], world->pos[c]);
            /* a degenerate angle (coincident points) has no scale: use a unit one */
            return silk_compliance_from_stiffness(stiffness, w > 0.0 && isfinite(w) ? w : 1.0);
        }
        default:
            return 0.0;
    }
}

/* ---- settings ---------------------------------------------------------------------------- */

silk_status silk_world_set_robust(silk_world* world, const silk_robust_def* def)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_check_robust_def(def, &world->last_error);
    if (status != SILK_OK)
    {
        return status;
    }
    const silk_robust_def* old = &world->robust.def;
    if (old->gravity.x != def->gravity.x || old->gravity.y != def->gravity.y)
    {
        silk_record_input(world, SILK_EVENT_ROBUST_GRAVITY, 0, def->gravity.x, def->gravity.y);
    }
    if (old->damping != def->damping || old->ground_friction != def->ground_friction)
    {
        silk_record_input(world, SILK_EVENT_ROBUST_DAMPING, 0, def->damping, def->ground_friction);
    }
    if (old->substeps != def->substeps || old->iterations != def->iterations ||
        old->tethers != def->tethers || old->near_pass != def->near_pass ||
        old->chains != def->chains)
    {
        silk_record_input(world, SILK_EVENT_ROBUST_ITERATIONS, def->substeps, def->iterations,
                          (def->tethers ? 1.0 : 0.0) + (def->near_pass ? 2.0 : 0.0) +
                              (def->chains ? 4.0 : 0.0));
    }
    if (old->near_passes != def->near_passes)
    {
        silk_record_input(world, SILK_EVENT_ROBUST_NEAR_PASSES, def->near_passes, 0, 0);
    }
    if (old->ceiling != def->ceiling || old->restitution != def->restitution ||
        old->max_step_seconds != def->max_step_seconds)
    {
        silk_record_input(world, SILK_EVENT_ROBUST_BOX, def->ceiling ? 1 : 0, def->restitution,
                          def->max_step_seconds);
    }
    world->robust.def = *def;
    return SILK_OK;
}

silk_status silk_world_match_robust_to_compat(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_robust_def mapped = silk_robust_def_from_compat(
        world->gravity, world->friction, world->ground_friction, world->stepper.step_seconds);
    silk_robust_def def = world->robust.def;
    def.gravity = mapped.gravity;
    def.damping = mapped.damping;
    def.ground_friction = mapped.ground_friction;
    return silk_world_set_robust(world, &def);
}

silk_robust_def silk_world_get_robust(const silk_world* world)
{
    return silk_is_world(world) ? world->robust.def : silk_default_robust_def();
}

silk_status silk_world_set_solver(silk_world* world, silk_solver solver)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (solver != SILK_SOLVER_COMPAT && solver != SILK_SOLVER_ROBUST)
    {
        return SILK_ERR_RANGE;
    }
    if (solver == world->solver)
    {
        return SILK_OK;
    }
    silk_record_input(world, SILK_EVENT_SOLVER, (int32_t)solver, 0, 0);
    /* Both solvers keep velocity in p - q: compat as px per frame (one fixed step), robust as
       px per last_h seconds. A switch to robust reads p - q as one fixed step; a switch back
       rescales q if the last robust step had another length (coupled loop mode). */
    double frame = world->stepper.step_seconds;
    if (solver == SILK_SOLVER_COMPAT && world->robust.last_h != frame)
    {
        double scale = frame / world->robust.last_h;
        for (int32_t i = 0; i < world->particle_count; ++i)
        {
            world->last[i].x = world->pos[i].x - (world->pos[i].x - world->last[i].x) * scale;
            world->last[i].y = world->pos[i].y - (world->pos[i].y - world->last[i].y) * scale;
        }
    }
    world->robust.last_h = frame;
    world->solver = solver;
    return SILK_OK;
}

silk_solver silk_world_get_solver(const silk_world* world)
{
    return silk_is_world(world) ? world->solver : SILK_SOLVER_COMPAT;
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
    silk_robust_step(world, seconds);
    return SILK_OK;
}

/* ---- masses and compliance --------------------------------------------------------------- */

void silk_robust_touch(silk_world* world)
{
    world->robust.version += 1;
}

silk_status silk_world_set_inverse_mass(silk_world* world, int32_t particle, double inverse_mass)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    silk_status status = silk_check_inverse_mass(inverse_mass);
    if (status != SILK_OK)
    {
        return status;
    }
    world->inverse_mass[particle] = inverse_mass;
    silk_robust_touch(world);
    return SILK_OK;
}

silk_status silk_world_set_mass(silk_world* world, int32_t particle, double mass)
{
    if (isnan(mass))
    {
        return SILK_ERR_NONFINITE;
    }
    if (!(mass > 0.0))
    {
        return SILK_ERR_RANGE;
    }
    return silk_world_set_inverse_mass(world, particle, isinf(mass) ? 0.0 : 1.0 / mass);
}

silk_status silk_world_get_inverse_mass(const silk_world* world, int32_t particle,
                                        double* out_inverse_mass)
{
    if (!silk_is_world(world) || out_inverse_mass == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!silk_valid_particle(world, particle))
    {
        return SILK_ERR_INDEX;
    }
    *out_inverse_mass = world->inverse_mass[particle];
    return SILK_OK;
}

static silk_status locate_constraint(const silk_world* world, int32_t composite, int32_t index,
                                     int32_t* out_global)
{
    if (!silk_valid_composite(world, composite))
    {
        return SILK_ERR_INDEX;
    }
    const silk_composite* comp = &world->composites[composite];
    if (index < 0 || index >= comp->constraint_count)
    {
        return SILK_ERR_INDEX;
    }
    *out_global = comp->constraint_begin + index;
    return SILK_OK;
}

silk_status silk_world_set_compliance(silk_world* world, int32_t composite, int32_t index,
                                      double compliance)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    int32_t at = 0;
    silk_status status = locate_constraint(world, composite, index, &at);
    if (status != SILK_OK)
    {
        return status;
    }
    status = silk_check_compliance(compliance);
    if (status != SILK_OK)
    {
        return status;
    }
    world->compliance[at] = compliance;
    silk_robust_touch(world);
    return SILK_OK;
}

silk_status silk_world_get_compliance(const silk_world* world, int32_t composite, int32_t index,
                                      double* out_compliance)
{
    if (!silk_is_world(world) || out_compliance == NULL)
    {
        return SILK_ERR_NULL;
    }
    int32_t at = 0;
    silk_status status = locate_constraint(world, composite, index, &at);
    if (status == SILK_OK)
    {
        *out_compliance = world->compliance[at];
    }
    return status;
}

const double* silk_world_constraint_compliance(const silk_world* world)
{
    return silk_is_world(world) ? world->compliance : NULL;
}

/* ---- storage ------------------------------------------------------------------------------ */

/* Scratch arrays hold nothing between steps, so growing them needs no copy; all or nothing.
   (robust_chain.c grows its path arrays with it too.) */
silk_status silk_robust_grow_scratch(silk_world* world, void** slots[], const size_t sizes[],
                                     int count, int32_t capacity)
{
    void* fresh[16] = {0};
    for (int k = 0; k < count; ++k)
    {
        fresh[k] = silk_alloc(world, (size_t)capacity * sizes[k]);
        if (fresh[k] == NULL)
        {
            for (int m = 0; m < k; ++m)
            {
                silk_free(world, fresh[m]);
            }
            return SILK_ERR_NOMEM;
        }
    }
    for (int k = 0; k < count; ++k)
    {
        silk_free(world, *slots[k]);
        *slots[k] = fresh[k];
    }
    return SILK_OK;
}

silk_status silk_robust_reserve_particles(silk_world* world, int32_t capacity)
{
    silk_robust_state* r = &world->robust;
    void** slots[] = {(void**)&r->start,  (void**)&r->w,      (void**)&r->level,
                      (void**)&r->colour, (void**)&r->anchor, (void**)&r->reach};
    const size_t sizes[] = {sizeof(silk_vec2), sizeof(double),  sizeof(int32_t),
                            sizeof(uint64_t),  sizeof(int32_t), sizeof(double)};
    silk_status status = silk_robust_grow_scratch(world, slots, sizes, 6, capacity);
    if (status == SILK_OK)
    {
        status = silk_robust_chain_reserve_particles(world, capacity);
    }
    if (status == SILK_OK)
    {
        /* the buckets are indexed by level, which runs to particle count + 1 */
        void** bucket[] = {(void**)&r->bucket, (void**)&r->neighbour_begin};
        const size_t bucket_size[] = {sizeof(int32_t), sizeof(int32_t)};
        status = silk_robust_grow_scratch(world, bucket, bucket_size, 2, capacity + 2);
    }
    silk_robust_touch(world);
    return status;
}

silk_status silk_robust_reserve_constraints(silk_world* world, int32_t capacity)
{
    silk_robust_state* r = &world->robust;
    void** slots[] = {(void**)&r->distances.a,    (void**)&r->distances.b,
                      (void**)&r->distances.rest, (void**)&r->distances.compliance,
                      (void**)&r->runs,           (void**)&r->angles,
                      (void**)&r->pins,           (void**)&r->lambda,
                      (void**)&r->order,          (void**)&r->key,
                      (void**)&r->neighbours};
    const size_t sizes[] = {sizeof(int32_t), sizeof(int32_t),         sizeof(double),
                            sizeof(double),  sizeof(silk_robust_run), sizeof(silk_robust_angle),
                            sizeof(int32_t), sizeof(double),          sizeof(int32_t),
                            sizeof(int32_t), 4 * sizeof(int32_t)}; /* <= 2 edges per constraint */
    silk_robust_touch(world);
    silk_status status = silk_robust_grow_scratch(world, slots, sizes, 11, capacity);
    return status == SILK_OK ? silk_robust_chain_reserve_constraints(world, capacity) : status;
}

void silk_robust_free(silk_world* world)
{
    silk_robust_state* r = &world->robust;
    void* all[] = {r->distances.a,    r->distances.b,
                   r->distances.rest, r->distances.compliance,
                   r->runs,           r->angles,
                   r->pins,           r->lambda,
                   r->order,          r->key,
                   r->start,          r->w,
                   r->level,          r->bucket,
                   r->colour,         r->anchor,
                   r->reach,          r->neighbour_begin,
                   r->neighbours};
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); ++k)
    {
        silk_free(world, all[k]);
    }
    silk_robust_chain_free(world);
}

/* ---- prepare: ring order, colours, packed records ---------------------------------------- */

/* The graph the levels walk: an edge a-b for every distance and angle, and b-c for every
   angle (pins are not edges), as neighbour lists (a counting sort by particle). */
static void build_neighbours(silk_world* world)
{
    silk_robust_state* r = &world->robust;
    const int32_t n = world->particle_count;
    int32_t* begin = r->neighbour_begin;
    memset(begin, 0, (size_t)(n + 1) * sizeof(int32_t));
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] != SILK_PIN)
        {
            begin[world->ca[j]] += 1;
            begin[world->cb[j]] += world->kind[j] == SILK_ANGLE ? 2 : 1;
        }
        if (world->kind[j] == SILK_ANGLE)
        {
            begin[world->cc[j]] += 1;
        }
    }
    int32_t sum = 0;
    for (int32_t i = 0; i <= n; ++i)
    {
        int32_t count = begin[i];
        begin[i] = sum + count; /* each list fills from its end down to its start */
        sum += count;
    }
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        const int32_t a = world->ca[j], b = world->cb[j], c = world->cc[j];
        if (world->kind[j] != SILK_PIN)
        {
            r->neighbours[--begin[a]] = b;
            r->neighbours[--begin[b]] = a;
        }
        if (world->kind[j] == SILK_ANGLE)
        {
            r->neighbours[--begin[b]] = c;
            r->neighbours[--begin[c]] = b;
        }
    }
}

/* Graph distance from the nearest fixed particle (pinned or immovable): a breadth-first
   walk of the neighbour lists from every fixed particle at once. */
static void compute_levels(silk_world* world)
{
    silk_robust_state* r = &world->robust;
    int32_t* level = r->level;
    int32_t* queue = r->bucket; /* free until sort_by_level */
    const int32_t n = world->particle_count;
    build_neighbours(world);
    for (int32_t i = 0; i < n; ++i)
    {
        level[i] = world->inverse_mass[i] == 0.0 ? 0 : LEVEL_NONE;
    }
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] == SILK_PIN)
        {
            level[world->ca[j]] = 0;
        }
    }
    int32_t tail = 0;
    for (int32_t i = 0; i < n; ++i)
    {
        if (level[i] == 0)
        {
            queue[tail++] = i;
        }
    }
    for (int32_t head = 0; head < tail; ++head)
    {
        const int32_t u = queue[head];
        for (int32_t e = r->neighbour_begin[u]; e < r->neighbour_begin[u + 1]; ++e)
        {
            const int32_t v = r->neighbours[e];
            if (level[v] == LEVEL_NONE)
            {
                level[v] = level[u] + 1;
                queue[tail++] = v;
            }
        }
    }
}

static int32_t constraint_level(const silk_world* world, int32_t j)
{
    const int32_t* level = world->robust.level;
    int32_t l = level[world->ca[j]];
    if (world->cb[j] >= 0 && level[world->cb[j]] < l)
    {
        l = level[world->cb[j]];
    }
    if (world->cc[j] >= 0 && level[world->cc[j]] < l)
    {
        l = level[world->cc[j]];
    }
    /* unreachable constraints (a free body) go last, in list order */
    return l == LEVEL_NONE ? world->particle_count + 1
                           : (l > world->particle_count ? world->particle_count : l);
}

/* Stable counting sort of the non-pin constraints by level into order[]; leaves bucket[k] at
   the end of level k's constraints in order[]. Returns the count. */
static int32_t sort_by_level(silk_world* world)
{
    silk_robust_state* r = &world->robust;
    const int32_t buckets = world->particle_count + 2;
    memset(r->bucket, 0, (size_t)buckets * sizeof(int32_t));
    int32_t count = 0;
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] == SILK_PIN)
        {
            r->key[j] = -1;
            continue;
        }
        r->key[j] = constraint_level(world, j);
        r->bucket[r->key[j]] += 1;
        count += 1;
    }
    int32_t sum = 0;
    for (int32_t k = 0; k < buckets; ++k)
    {
        int32_t size = r->bucket[k];
        r->bucket[k] = sum;
        sum += size;
    }
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (r->key[j] >= 0)
        {
            r->order[r->bucket[r->key[j]]++] = j;
        }
    }
    return count;
}

/* Greedy colour of each record in order[begin, end): the lowest colour none of its particles
   has yet in this ring (the last colour takes the overflow; sharing a particle there only
   costs overlap, not correctness). Colours go to key[position]. */
static int32_t colour_ring(silk_world* world, int32_t begin, int32_t end)
{
    silk_robust_state* r = &world->robust;
    int32_t colours = 0;
    for (int32_t t = begin; t < end; ++t)
    {
        int32_t j = r->order[t];
        int32_t a = world->ca[j], b = world->cb[j], c = world->cc[j];
        uint64_t used = r->colour[a] | r->colour[b] | (c >= 0 ? r->colour[c] : 0);
        /* the lowest of colours 0..62 not used, else the overflow colour 63 */
        uint64_t free = ~used & (((uint64_t)1 << (MAX_COLOURS - 1)) - 1);
        int32_t colour = free != 0 ? __builtin_ctzll(free) : MAX_COLOURS - 1;
        colours = colour >= colours ? colour + 1 : colours;
        uint64_t bit = (uint64_t)1 << colour;
        r->colour[a] |= bit;
        r->colour[b] |= bit;
        if (c >= 0)
        {
            r->colour[c] |= bit;
        }
        r->key[t] = colour;
    }
    for (int32_t t = begin; t < end; ++t)
    {
        int32_t j = r->order[t];
        r->colour[world->ca[j]] = 0;
        r->colour[world->cb[j]] = 0;
        if (world->cc[j] >= 0)
        {
            r->colour[world->cc[j]] = 0;
        }
    }
    return colours;
}

/* Packs one ring's records, colour by colour, keeping list order inside a colour. */
static void pack_ring(silk_world* world, int32_t begin, int32_t end, int32_t colours)
{
    silk_robust_state* r = &world->robust;
    int32_t dist_at[MAX_COLOURS] = {0};
    int32_t angle_at[MAX_COLOURS] = {0};
    for (int32_t t = begin; t < end; ++t)
    {
        int32_t j = r->order[t];
        if (world->kind[j] == SILK_DISTANCE)
        {
            dist_at[r->key[t]] += 1;
        }
        else
        {
            angle_at[r->key[t]] += 1;
        }
    }
    int32_t ds = r->distance_count, as = r->angle_count;
    for (int32_t k = 0; k < colours; ++k)
    {
        int32_t dn = dist_at[k], an = angle_at[k];
        dist_at[k] = ds;
        angle_at[k] = as;
        ds += dn;
        as += an;
        if (dn > 0)
        {
            /* one run per colour of the ring; the overflow colour may share particles */
            r->runs[r->run_count++] = (silk_robust_run){ds, k < MAX_COLOURS - 1, 0, 0.0};
        }
    }
    for (int32_t t = begin; t < end; ++t)
    {
        int32_t j = r->order[t];
        if (world->kind[j] == SILK_DISTANCE)
        {
            int32_t at = dist_at[r->key[t]]++;
            r->distances.a[at] = world->ca[j];
            r->distances.b[at] = world->cb[j];
            r->distances.rest[at] = world->rest[j];
            r->distances.compliance[at] = world->compliance[j];
        }
        else
        {
            double rest = world->rest[j];
            r->angles[angle_at[r->key[t]]++] = (silk_robust_angle){
                world->ca[j], world->cb[j],         world->cc[j],       0,
                rest,         world->compliance[j], silk_det_cos(rest), silk_det_sin(rest)};
        }
    }
    r->distance_count = ds;
    r->angle_count = as;
}

static bool shorter_path(silk_robust_state* r, int32_t to, int32_t from, double rest)
{
    if (r->anchor[from] >= 0 && r->reach[from] + rest < r->reach[to])
    {
        r->reach[to] = r->reach[from] + rest;
        r->anchor[to] = r->anchor[from];
        return true;
    }
    return false;
}

/* Tethers: for every particle, the nearest fixed particle along distance constraints and the
   rest-length path to it (Bellman-Ford sweeps, alternating direction, as for the levels). */
static void compute_tethers(silk_world* world)
{
    silk_robust_state* r = &world->robust;
    const int32_t n = world->particle_count;
    const int32_t m = world->constraint_count;
    for (int32_t i = 0; i < n; ++i)
    {
        bool fixed = world->inverse_mass[i] == 0.0;
        r->anchor[i] = fixed ? i : -1;
        r->reach[i] = fixed ? 0.0 : INFINITY;
    }
    for (int32_t j = 0; j < m; ++j)
    {
        if (world->kind[j] == SILK_PIN)
        {
            r->anchor[world->ca[j]] = world->ca[j];
            r->reach[world->ca[j]] = 0.0;
        }
    }
    for (int32_t sweep = 0; sweep <= n; ++sweep)
    {
        bool changed = false;
        for (int32_t t = 0; t < m; ++t)
        {
            int32_t j = sweep % 2 == 0 ? t : m - 1 - t;
            if (world->kind[j] == SILK_DISTANCE)
            {
                changed |= shorter_path(r, world->ca[j], world->cb[j], world->rest[j]);
                changed |= shorter_path(r, world->cb[j], world->ca[j], world->rest[j]);
            }
        }
        if (!changed)
        {
            break;
        }
    }
}

/* The near pass's share of each correction: 1 on the rings that touch a fixed particle,
   falling linearly to 1 / (L + 1) on the last near ring (level L). A full-strength pass stops
   at the edge of the near rings and leaves its last pull on the first ring outside: measured
   on a 60-link rope, the largest stretch moved there and doubled. */
static void set_tapers(silk_robust_state* r)
{
    const int32_t near = r->near_run_count;
    const int32_t last = near > 0 ? r->runs[near - 1].level : 0;
    for (int32_t q = 0; q < r->run_count; ++q)
    {
        r->runs[q].taper = q < near ? (double)(last + 1 - r->runs[q].level) / (last + 1) : 0.0;
    }
}

static int32_t count_distances(const silk_world* world)
{
    int32_t count = 0;
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        count += world->kind[j] == SILK_DISTANCE;
    }
    return count;
}

static void prepare(silk_world* world)
{
    silk_robust_state* r = &world->robust;
    if (r->prepared_version == r->version && r->version != 0 &&
        r->prepared_tethers == r->def.tethers && r->prepared_chains == r->def.chains)
    {
        return;
    }
    if (r->def.tethers)
    {
        compute_tethers(world);
    }
    r->prepared_tethers = r->def.tethers;
    compute_levels(world);
    const int32_t sorted = sort_by_level(world);
    if (r->def.chains)
    {
        silk_robust_chain_prepare(world, r->order, sorted);
    }
    r->prepared_chains = r->def.chains;
    memset(r->colour, 0, (size_t)world->particle_count * sizeof(uint64_t));
    r->distance_count = 0;
    r->angle_count = 0;
    r->run_count = 0;
    r->near_run_count = 0;
    const int32_t distances = count_distances(world);
    bool near = true;
    /* ring `level` is order[bucket[level - 1], bucket[level]) (sort_by_level's ends) */
    for (int32_t level = 0, begin = 0; level < world->particle_count + 2; ++level)
    {
        const int32_t end = r->bucket[level];
        if (end == begin)
        {
            continue;
        }
        int32_t first_run = r->run_count;
        pack_ring(world, begin, end, colour_ring(world, begin, end));
        for (int32_t q = first_run; q < r->run_count; ++q)
        {
            r->runs[q].level = level;
        }
        /* the near rings: whole rings from the fixed particles out, while they hold at most
           1/NEAR_SHARE of the distance records (a free body's ring is never near) */
        near = near && NEAR_SHARE > 0 && level <= world->particle_count &&
               (int64_t)r->distance_count * NEAR_SHARE <= distances;
        r->near_run_count = near ? r->run_count : r->near_run_count;
        begin = end;
    }
    set_tapers(r);
    r->pin_count = 0;
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] == SILK_PIN)
        {
            r->pins[r->pin_count++] = j;
        }
    }
    r->prepared_version = r->version;
}

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
   repeats that pass (opt-in); with chains, robust_chain.c's path solves replace the distance
   passes and there is no near pass (docs/robust-performance.md). */
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
        collide_polygons(world);
    }
    for (int32_t it = 0; it < iterations && iterations > 1; ++it)
    {
        silk_lambda_mode mode = it == 0 ? SILK_LAMBDA_FIRST : SILK_LAMBDA_ADD;
        silk_robust_solve_distances(world->pos, r->w, &r->distances, r->runs, 0, runs, r->lambda,
                                    k->inv_hs2, mode, false);
        solve_angles(world->pos, r->w, r->angles, na, r->lambda + nd, k->inv_hs2, mode);
        collide_polygons(world);
    }
    for (int32_t q = 0; q < r->def.near_passes && near > 0; ++q)
    {
        silk_robust_solve_distances(world->pos, r->w, &r->distances, r->runs, 0, near, r->lambda,
                                    k->inv_hs2, SILK_LAMBDA_ADD, true);
        collide_polygons(world);
    }
}

void silk_robust_step(silk_world* world, double h)
{
    silk_robust_state* r = &world->robust;
    const silk_robust_def* def = &r->def;
    prepare(world);
    if (world->drag.particle >= 0 && world->drag.pin >= 0)
    {
        world->target[world->drag.pin] = world->drag.pointer; /* as compat: the pin moves */
    }
    effective_masses(world);

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
        if (s + 1 < substeps)
        {
            silk_robust_next_substep(&particles, &k);
        }
    }
    silk_robust_end_step(&particles, &k, world->last, h);
    r->last_h = h;
    silk_count(&world->frame_count);
}
