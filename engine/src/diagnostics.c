/* diagnostics.c -- measuring a world: constraint errors, strain, angles, stability, health.

   Everything lands in one array of doubles (silk_diagnostics, indexed by SILK_DIAG_*), so a
   JS dashboard reads it through a single Float64Array view with no call per field.
   Percentiles come from quickselect on scratch arrays the world owns: O(n) on average and no
   allocation. Non-finite values are left out of the statistics and counted instead. */
#include "trig.h"
#include "constraint.h"
#include "contact.h"
#include "health.h"
#include "validate.h"
#include "world.h"

#include <math.h>

static void swap(double* a, double* b)
{
    double t = *a;
    *a = *b;
    *b = t;
}

/* Places the k-th smallest of v[0..n) at v[k], smaller ones before, larger after. */
static void select_kth(double* v, int32_t n, int32_t k)
{
    int32_t lo = 0;
    int32_t hi = n - 1;
    while (hi > lo)
    {
        /* median of three as pivot, moved to v[hi] */
        int32_t mid = lo + (hi - lo) / 2;
        if (v[mid] < v[lo])
        {
            swap(&v[mid], &v[lo]);
        }
        if (v[hi] < v[lo])
        {
            swap(&v[hi], &v[lo]);
        }
        if (v[mid] < v[hi])
        {
            swap(&v[mid], &v[hi]);
        }
        double pivot = v[hi];
        int32_t store = lo;
        for (int32_t i = lo; i < hi; ++i)
        {
            if (v[i] < pivot)
            {
                swap(&v[i], &v[store]);
                store += 1;
            }
        }
        swap(&v[store], &v[hi]);
        if (store == k)
        {
            return;
        }
        if (store < k)
        {
            lo = store + 1;
        }
        else
        {
            hi = store - 1;
        }
    }
}

/* Percentile q in [0, 1]: rank q*(n-1), linear between neighbours. Reorders v. */
static double percentile(double* v, int32_t n, double q)
{
    if (n <= 0)
    {
        return 0.0;
    }
    double rank = q * (double)(n - 1);
    int32_t lo = (int32_t)rank;
    double frac = rank - (double)lo;
    select_kth(v, n, lo);
    double low = v[lo];
    if (frac <= 0.0 || lo + 1 >= n)
    {
        return low;
    }
    double high = v[lo + 1];
    for (int32_t i = lo + 2; i < n; ++i)
    {
        high = v[i] < high ? v[i] : high;
    }
    return low + (high - low) * frac;
}

static double max_of(const double* v, int32_t n)
{
    double m = 0.0;
    for (int32_t i = 0; i < n; ++i)
    {
        m = v[i] > m ? v[i] : m;
    }
    return m;
}

static double length(silk_vec2 a, silk_vec2 b)
{
    double dx = a.x - b.x;
    double dy = a.y - b.y;
    return sqrt(dx * dx + dy * dy);
}

/* Shortest signed difference between two angles, in (-pi, pi]. */
static double wrap_angle(double d)
{
    if (d > SILK_PI)
    {
        d -= 2 * SILK_PI;
    }
    else if (d <= -SILK_PI)
    {
        d += 2 * SILK_PI;
    }
    return d;
}

static void measure_distances(silk_world* world, double* v)
{
    int32_t nd = 0;
    int32_t ng = 0;
    double* err = world->scratch;
    double* strain = world->scratch2;
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] != SILK_DISTANCE || world->rest[j] <= 0.0)
        {
            continue;
        }
        double e =
            fabs(length(world->pos[world->ca[j]], world->pos[world->cb[j]]) - world->rest[j]);
        if (isfinite(e))
        {
            err[nd] = e;
            strain[nd] = e / world->rest[j];
            nd += 1;
        }
    }
    v[SILK_DIAG_ERROR_MAX] = max_of(err, nd);
    v[SILK_DIAG_ERROR_P99] = percentile(err, nd, 0.99);
    v[SILK_DIAG_ERROR_MEDIAN] = percentile(err, nd, 0.5);
    v[SILK_DIAG_STRAIN_MAX] = max_of(strain, nd);
    v[SILK_DIAG_STRAIN_P97] = percentile(strain, nd, 0.97);
    v[SILK_DIAG_STRAIN_MEDIAN] = percentile(strain, nd, 0.5);

    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] == SILK_DISTANCE && world->rest[j] <= 0.0)
        {
            double e = length(world->pos[world->ca[j]], world->pos[world->cb[j]]);
            if (isfinite(e))
            {
                err[ng++] = e;
            }
        }
    }
    v[SILK_DIAG_GRIP_ERROR_MAX] = max_of(err, ng);
    v[SILK_DIAG_GRIP_ERROR_MEDIAN] = percentile(err, ng, 0.5);
}

static void measure_angles(silk_world* world, double* v)
{
    int32_t n = 0;
    double* err = world->scratch;
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] != SILK_ANGLE)
        {
            continue;
        }
        double a = silk_angle_at(world->pos[world->ca[j]], world->pos[world->cb[j]],
                                 world->pos[world->cc[j]]);
        double e = fabs(wrap_angle(a - world->rest[j])) * (180.0 / SILK_PI);
        if (isfinite(e))
        {
            err[n++] = e;
        }
    }
    v[SILK_DIAG_ANGLE_ERROR_MAX] = max_of(err, n);
    v[SILK_DIAG_ANGLE_ERROR_MEDIAN] = percentile(err, n, 0.5);
}

static void count_constraints(const silk_world* world, double* v)
{
    int32_t distances = 0, grips = 0, angles = 0, pins = 0;
    double k_max = 0.0;
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        switch (world->kind[j])
        {
            case SILK_DISTANCE:
                if (world->rest[j] > 0.0)
                {
                    distances += 1;
                }
                else
                {
                    grips += 1;
                }
                k_max = fabs(world->stiffness[j]) > k_max ? fabs(world->stiffness[j]) : k_max;
                break;
            case SILK_ANGLE:
                angles += 1;
                k_max = fabs(world->stiffness[j]) > k_max ? fabs(world->stiffness[j]) : k_max;
                break;
            case SILK_PIN:
                pins += 1;
                break;
            default:
                break;
        }
    }
    v[SILK_DIAG_PARTICLES] = world->particle_count;
    v[SILK_DIAG_CONSTRAINTS] = world->constraint_count;
    v[SILK_DIAG_DISTANCES] = distances;
    v[SILK_DIAG_GRIPS] = grips;
    v[SILK_DIAG_ANGLES] = angles;
    v[SILK_DIAG_PINS] = pins;
    v[SILK_DIAG_RELAXATIONS_PER_FRAME] = (double)world->last_passes * world->constraint_count;

    double k_eff = k_max / world->last_passes;
    /* No stiff constraint (a ball pit, free particles): no relaxation acts, so no error can
       grow. The formula's r = |1 - 4 k_eff| is 1 at k = 0 -- an error nothing touches neither
       shrinks nor grows -- and its margin 0 called a pile of balls at rest "unstable". */
    double margin = k_max > 0.0 ? 1.0 - fabs(1.0 - 4.0 * k_eff) : 1.0;
    v[SILK_DIAG_K_MAX] = k_max;
    v[SILK_DIAG_RELAX_PASSES] = world->last_passes;
    v[SILK_DIAG_K_EFFECTIVE] = k_eff;
    v[SILK_DIAG_STABILITY_MARGIN] = margin;
    v[SILK_DIAG_VERDICT] = margin <= 0.0   ? SILK_VERDICT_UNSTABLE
                           : margin < 0.05 ? SILK_VERDICT_MARGINAL
                                           : SILK_VERDICT_STABLE;
}

static void measure_particles(const silk_world* world, silk_vec2 center, double* v)
{
    int32_t nans = 0;
    double r_max = 0.0;
    double energy = 0.0;
    for (int32_t i = 0; i < world->particle_count; ++i)
    {
        silk_vec2 p = world->pos[i];
        silk_vec2 q = world->last[i];
        if (!silk_is_finite_vec2(p) || !silk_is_finite_vec2(q))
        {
            nans += 1;
            continue;
        }
        /* hypot: an exploding web reaches 1e152 px and dx*dx would overflow to inf */
        double r = hypot(p.x - center.x, p.y - center.y);
        r_max = r > r_max ? r : r_max;
        double vx = p.x - q.x;
        double vy = p.y - q.y;
        energy += 0.5 * (vx * vx + vy * vy);
    }
    double radius = r_max;
    double size = world->width > world->height ? world->width : world->height;
    v[SILK_DIAG_NAN_COUNT] = nans;
    v[SILK_DIAG_CENTER_X] = center.x;
    v[SILK_DIAG_CENTER_Y] = center.y;
    v[SILK_DIAG_BOUNDING_RADIUS] = radius;
    v[SILK_DIAG_KINETIC_ENERGY] = energy;
    /* inf also counts: a radius can overflow to infinity before any coordinate is NaN */
    v[SILK_DIAG_EXPLODED] =
        (nans > 0 || !(radius <= SILK_EXPLOSION_FACTOR * size) || !isfinite(energy)) ? 1.0 : 0.0;
}

/* The robust solver's setting and the watchdog's last verdict (no measuring: cheap enough for
   advance to call after every frame). */
void silk_diagnostics_store_health(silk_world* world)
{
    double* v = world->diagnostics.values;
    const silk_watchdog_state* s = &world->watchdog;
    v[SILK_DIAG_SOLVER] = world->solver;
    v[SILK_DIAG_SUBSTEPS] = world->robust.def.substeps;
    v[SILK_DIAG_HEALTH] = s->health;
    v[SILK_DIAG_SPEED_MAX] = s->speed_max;
    v[SILK_DIAG_ENERGY_GROWTH] = s->energy_growth;
    v[SILK_DIAG_UNHEALTHY_STEPS] = (double)s->unhealthy_steps;
    v[SILK_DIAG_HEALTH_RESTORES] = (double)s->restores;
}

silk_status silk_world_update_diagnostics(silk_world* world, silk_vec2 center)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    if (!silk_is_finite_vec2(center))
    {
        return SILK_ERR_NONFINITE;
    }
    double* v = world->diagnostics.values;
    v[SILK_DIAG_FRAME_COUNT] = (double)world->frame_count;
    count_constraints(world, v);
    measure_distances(world, v);
    measure_angles(world, v);
    measure_particles(world, center, v);
    v[SILK_DIAG_ADVANCE_STEPS] = world->last_advance.steps;
    v[SILK_DIAG_ADVANCE_ALPHA] = world->last_advance.alpha;
    v[SILK_DIAG_ADVANCE_DROPPED] = world->last_advance.dropped_seconds;
    v[SILK_DIAG_ACCUMULATOR] = world->last_advance.accumulator_seconds;
    v[SILK_DIAG_TOTAL_STEPS] = (double)world->total_steps;
    v[SILK_DIAG_SIM_SECONDS] = (double)world->total_steps * world->stepper.step_seconds;
    v[SILK_DIAG_LOOP_MODE] = world->loop_mode;
    silk_diagnostics_store_health(world);
    /* contacts: the grid is sized here too when no step has sized it yet (outside steps) */
    if (world->collision.active)
    {
        (void)silk_broadphase_reserve(world, world->particle_capacity);
    }
    silk_contacts_measure(world, &v[SILK_DIAG_CONTACTS], &v[SILK_DIAG_OVERLAP_MAX],
                          &v[SILK_DIAG_OVERLAP_P99], &v[SILK_DIAG_OVERLAP_RATIO_MAX]);
    v[SILK_DIAG_SLEEPING] = world->sleeping_count;
    return SILK_OK;
}

const silk_diagnostics* silk_world_diagnostics(const silk_world* world)
{
    return silk_is_world(world) ? &world->diagnostics : NULL;
}
