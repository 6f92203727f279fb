/* robust_batch.c -- the robust solver's inner loops: the distance records, one Gauss-Seidel
   pass two records at a time where that cannot change a bit, and the particle passes between
   substeps, a particle's (x, y) in one register.

   prepare (robust_prepare.c) packs the distance records ring by ring and, inside a ring,
   colour by colour, and cuts them into runs of one ring and one colour. Inside such a run no
   two records share a particle, so solving records k and k+1 together -- each in one lane of
   a two-double register -- reads and writes exactly what solving k and then k+1 would: k+1
   never reads what k wrote. Each lane does the scalar code's operations in the scalar code's
   order, and IEEE 754 rounds + - * / and sqrt the same in a lane as in a scalar register, so
   the bits are those of the scalar loop (solve_one), on every platform, with or without
   SIMD (silk-lab-scalar, built with SILK_NO_SIMD, is checked against it). The overflow colour
   (records that found no free colour) may share particles: its runs stay scalar, as do a
   run's odd last record and any pair with a lane the scalar code treats specially (both
   particles immovable, or coincident particles).

   Why bother: a distance record costs one sqrt and one division, and the divider is the
   bottleneck (about 8 + 4 cycles per record scalar on the project's machine; the two-lane
   instructions take the same time for two records). See README "Robust solver: performance".

   The wasm build compiles this file, and only this file, with -msimd128, and without LTO
   (engine/CMakeLists.txt says why): the compat solver's latency-bound chain is slower with
   SIMD. */
#include "robust_batch.h"
#include "simd2.h"

#include <math.h>

/* The loop is instantiated once per lambda mode; each copy must inline its kernels for the
   mode's branches to fold (clang, left alone, kept one copy that tests the mode per record). */
#define SILK_ALWAYS_INLINE inline __attribute__((always_inline))

/* The record arrays, as restrict pointers the loop keeps in registers. */
typedef struct records
{
    const int32_t* restrict a;
    const int32_t* restrict b;
    const double* restrict rest;
    const double* restrict compliance;
} records;

/* Record k with the weights wa, wb of its particles a, b: solve_one, and the near pass with
   a mobility below 1 (silk_robust_solve_near_scaled). */
static SILK_ALWAYS_INLINE void solve_one_weighted(silk_vec2* restrict pos, double wa, double wb,
                                                  records d, int32_t k, double* restrict lambda,
                                                  double inv_hs2, silk_lambda_mode mode,
                                                  double share)
{
    const int32_t a = d.a[k], b = d.b[k];
    const double wsum = wa + wb;
    if (wsum == 0.0)
    {
        return;
    }
    double dx = pos[a].x - pos[b].x;
    double dy = pos[a].y - pos[b].y;
    double len2 = dx * dx + dy * dy;
    double alpha = d.compliance[k] * inv_hs2;
    double lambda_k = mode == SILK_LAMBDA_ADD ? lambda[k] : 0.0;
    double s, dl;
    if (len2 > 0.0)
    {
        double len = sqrt(len2);
        /* dlambda = (-C - alpha lambda) / (wsum + alpha); s = dlambda / len scales d */
        s = ((-(len - d.rest[k]) - alpha * lambda_k) * share) / ((wsum + alpha) * len);
        dl = s * len;
    }
    else
    {
        /* coincident: no direction to measure, so take +x (the same on every platform);
           C = -rest pushes the two apart along it (defect 1: compat gives NaN here) */
        dl = ((d.rest[k] - alpha * lambda_k) * share) / (wsum + alpha);
        dx = 1.0;
        dy = 0.0;
        s = dl;
    }
    if (mode != SILK_LAMBDA_NONE)
    {
        lambda[k] = lambda_k + dl;
    }
    pos[a].x += wa * s * dx;
    pos[a].y += wa * s * dy;
    pos[b].x -= wb * s * dx;
    pos[b].y -= wb * s * dy;
}

/* Record k alone: the reference the pair kernel reproduces lane by lane. */
static SILK_ALWAYS_INLINE void solve_one(silk_vec2* restrict pos, const double* restrict w,
                                         records d, int32_t k, double* restrict lambda,
                                         double inv_hs2, silk_lambda_mode mode, double share)
{
    solve_one_weighted(pos, w[d.a[k]], w[d.b[k]], d, k, lambda, inv_hs2, mode, share);
}

#if SILK_HAVE_F64X2
/* Records k and k+1 (no shared particle), lane 0 and lane 1: solve_one's operations, in its
   order, on both at once. */
static SILK_ALWAYS_INLINE void solve_pair(silk_vec2* restrict pos, const double* restrict w,
                                          records d, int32_t k, double* restrict lambda,
                                          silk_f64x2 inv_hs2, double inv_hs2_scalar,
                                          silk_lambda_mode mode, double share)
{
    const int32_t a0 = d.a[k], b0 = d.b[k], a1 = d.a[k + 1], b1 = d.b[k + 1];
    const silk_f64x2 wa = silk_f64x2_make(w[a0], w[a1]);
    const silk_f64x2 wb = silk_f64x2_make(w[b0], w[b1]);
    const silk_f64x2 wsum = silk_f64x2_add(wa, wb);
    /* each particle is (x, y) in memory: load two, then pair the x's and the y's */
    const silk_f64x2 pa0 = silk_f64x2_load(&pos[a0].x), pa1 = silk_f64x2_load(&pos[a1].x);
    const silk_f64x2 pb0 = silk_f64x2_load(&pos[b0].x), pb1 = silk_f64x2_load(&pos[b1].x);
    const silk_f64x2 ax = silk_f64x2_lo(pa0, pa1), ay = silk_f64x2_hi(pa0, pa1);
    const silk_f64x2 bx = silk_f64x2_lo(pb0, pb1), by = silk_f64x2_hi(pb0, pb1);
    const silk_f64x2 dx = silk_f64x2_sub(ax, bx);
    const silk_f64x2 dy = silk_f64x2_sub(ay, by);
    const silk_f64x2 len2 = silk_f64x2_add(silk_f64x2_mul(dx, dx), silk_f64x2_mul(dy, dy));
    if (!silk_f64x2_both_nonzero_positive(wsum, len2))
    {
        /* a lane solve_one skips or sends along +x: nothing is written yet, so run it */
        solve_one(pos, w, d, k, lambda, inv_hs2_scalar, mode, share);
        solve_one(pos, w, d, k + 1, lambda, inv_hs2_scalar, mode, share);
        return;
    }
    const silk_f64x2 alpha = silk_f64x2_mul(silk_f64x2_load(&d.compliance[k]), inv_hs2);
    const silk_f64x2 lambda_k =
        mode == SILK_LAMBDA_ADD ? silk_f64x2_load(&lambda[k]) : silk_f64x2_splat(0.0);
    const silk_f64x2 len = silk_f64x2_sqrt(len2);
    const silk_f64x2 c = silk_f64x2_sub(len, silk_f64x2_load(&d.rest[k]));
    const silk_f64x2 s = silk_f64x2_div(
        silk_f64x2_mul(silk_f64x2_sub(silk_f64x2_neg(c), silk_f64x2_mul(alpha, lambda_k)),
                       silk_f64x2_splat(share)),
        silk_f64x2_mul(silk_f64x2_add(wsum, alpha), len));
    if (mode != SILK_LAMBDA_NONE)
    {
        silk_f64x2_store(&lambda[k], silk_f64x2_add(lambda_k, silk_f64x2_mul(s, len)));
    }
    /* the moves per lane, (x of k, x of k+1) and (y of k, y of k+1), go back to one (x, y)
       per particle and are added there: the scalar code's p.x + (w s) dx, in a new layout */
    const silk_f64x2 ta = silk_f64x2_mul(wa, s), tb = silk_f64x2_mul(wb, s);
    const silk_f64x2 move_ax = silk_f64x2_mul(ta, dx), move_ay = silk_f64x2_mul(ta, dy);
    const silk_f64x2 move_bx = silk_f64x2_mul(tb, dx), move_by = silk_f64x2_mul(tb, dy);
    silk_f64x2_store(&pos[a0].x, silk_f64x2_add(pa0, silk_f64x2_lo(move_ax, move_ay)));
    silk_f64x2_store(&pos[a1].x, silk_f64x2_add(pa1, silk_f64x2_hi(move_ax, move_ay)));
    silk_f64x2_store(&pos[b0].x, silk_f64x2_sub(pb0, silk_f64x2_lo(move_bx, move_by)));
    silk_f64x2_store(&pos[b1].x, silk_f64x2_sub(pb1, silk_f64x2_hi(move_bx, move_by)));
}
#endif

static SILK_ALWAYS_INLINE void solve_runs(silk_vec2* restrict pos, const double* restrict w,
                                          const silk_robust_distances* distances,
                                          const silk_robust_run* restrict runs, int32_t run_begin,
                                          int32_t run_end, double* restrict lambda, double inv_hs2,
                                          silk_lambda_mode mode, bool tapered)
{
    const records d = {distances->a, distances->b, distances->rest, distances->compliance};
#if SILK_HAVE_F64X2
    const silk_f64x2 inv_hs2_pair = silk_f64x2_splat(inv_hs2);
#endif
    int32_t k = run_begin > 0 ? runs[run_begin - 1].end : 0;
    for (int32_t r = run_begin; r < run_end; ++r)
    {
        const int32_t end = runs[r].end;
        /* x * 1.0 is x: untapered, the compiler drops the multiplication */
        const double share = tapered ? runs[r].taper : 1.0;
#if SILK_HAVE_F64X2
        if (runs[r].independent)
        {
            for (; k + 1 < end; k += 2)
            {
                solve_pair(pos, w, d, k, lambda, inv_hs2_pair, inv_hs2, mode, share);
            }
        }
#endif
        for (; k < end; ++k)
        {
            solve_one(pos, w, d, k, lambda, inv_hs2, mode, share);
        }
    }
}

/* Not inlined: the copy whose mode and taper are run-time values. */
static __attribute__((noinline)) void
solve_runs_any(silk_vec2* pos, const double* w, const silk_robust_distances* d,
               const silk_robust_run* runs, int32_t run_begin, int32_t run_end, double* lambda,
               double inv_hs2, silk_lambda_mode mode, bool tapered)
{
    solve_runs(pos, w, d, runs, run_begin, run_end, lambda, inv_hs2, mode, tapered);
}

void silk_robust_solve_distances(silk_vec2* pos, const double* w, const silk_robust_distances* d,
                                 const silk_robust_run* runs, int32_t run_begin, int32_t run_end,
                                 double* lambda, double inv_hs2, silk_lambda_mode mode,
                                 bool tapered)
{
    /* two copies of the loop: the default pass (no multiplier, full corrections) with its
       branches folded away, and one for everything else, which tests mode and taper per
       record (a wasm module's size is its download) */
    if (mode == SILK_LAMBDA_NONE && !tapered)
    {
        solve_runs(pos, w, d, runs, run_begin, run_end, lambda, inv_hs2, SILK_LAMBDA_NONE, false);
        return;
    }
    solve_runs_any(pos, w, d, runs, run_begin, run_end, lambda, inv_hs2, mode, tapered);
}

/* The near pass with mobility m < 1: in each record the particle on the lower ring (nearer the
   fixed particles, robust_prepare.c's levels) takes m times its weight, so the correction
   goes outwards. Scalar, in record order: the same bits everywhere, and the near rings are at
   most a fifth of the records. */
void silk_robust_solve_near_scaled(silk_vec2* pos, const double* w, const silk_robust_distances* d,
                                   const silk_robust_run* runs, int32_t run_end,
                                   const int32_t* level, double mobility, double* lambda,
                                   double inv_hs2)
{
    const records rec = {d->a, d->b, d->rest, d->compliance};
    int32_t k = 0;
    for (int32_t r = 0; r < run_end; ++r)
    {
        for (const int32_t end = runs[r].end; k < end; ++k)
        {
            const int32_t a = rec.a[k], b = rec.b[k];
            const double wa = level[a] < level[b] ? w[a] * mobility : w[a];
            const double wb = level[b] < level[a] ? w[b] * mobility : w[b];
            solve_one_weighted(pos, wa, wb, rec, k, lambda, inv_hs2, SILK_LAMBDA_ADD,
                               runs[r].taper);
        }
    }
}

/* ---- the particle passes ------------------------------------------------------------------ */

/* A movable particle leaving the box, or on its floor: the box, then the velocity from the
   substep's displacement (`before` is the one it had), with contact response. Writes the
   position, returns the velocity. Rare, so scalar. */
static silk_vec2 box_contact(const silk_vec2* restrict start, silk_vec2* restrict pos,
                             silk_vec2 before, int32_t i, const silk_robust_substep* k)
{
    silk_vec2 p = pos[i];
    bool floor = false, wall = false, ceiling = false;
    if (p.y > k->floor_y)
    {
        p.y = k->floor_y;
    }
    floor = p.y == k->floor_y;
    /* one-way: only a particle that started the substep inside is held */
    if (k->ceiling && p.y < 0.0 && start[i].y >= 0.0)
    {
        p.y = 0.0;
        ceiling = true;
    }
    if (p.x < 0.0)
    {
        p.x = 0.0;
        wall = true;
    }
    else if (p.x > k->max_x)
    {
        p.x = k->max_x;
        wall = true;
    }
    pos[i] = p;
    silk_vec2 v = {(p.x - start[i].x) * k->inv_hs, (p.y - start[i].y) * k->inv_hs};
    if (floor)
    {
        if (before.y > k->bounce_min)
        {
            v.y = -k->restitution * before.y;
        }
        v.x *= k->ground;
    }
    if (ceiling && before.y < -k->bounce_min)
    {
        v.y = -k->restitution * before.y;
    }
    if (wall && fabs(before.x) > k->bounce_min)
    {
        v.x = -k->restitution * before.x;
    }
    return v;
}

#if SILK_HAVE_F64X2
/* The passes hold a particle's (x, y) in one register: lane 0 is x, lane 1 is y, and each lane
   does what the scalar code does to that coordinate. */
typedef struct substep_lanes
{
    silk_f64x2 inv_hs, hs, g_hs, damp, lower, upper;
} substep_lanes;

static substep_lanes lanes_of(const silk_robust_substep* k)
{
    /* inside [lower, upper) the box changes nothing: on or below the ceiling line, strictly
       above the floor (y = floor_y is a floor contact), strictly left of the right wall (x =
       max_x is not a contact, but the slow path gives the same for it) */
    return (substep_lanes){silk_f64x2_splat(k->inv_hs),
                           silk_f64x2_splat(k->hs),
                           silk_f64x2_make(k->g_hs.x, k->g_hs.y),
                           silk_f64x2_splat(k->damp),
                           silk_f64x2_splat(0.0),
                           silk_f64x2_make(k->max_x, k->floor_y)};
}

/* The end of a substep for particle i: its velocity (and, on contact, its position). */
static SILK_ALWAYS_INLINE silk_f64x2 end_one(const silk_robust_particles* p,
                                             const silk_robust_substep* k, const substep_lanes* l,
                                             int32_t i, bool movable)
{
    const silk_f64x2 at = silk_f64x2_load(&p->pos[i].x);
    if (!movable || silk_f64x2_within(at, l->lower, l->upper))
    {
        return silk_f64x2_mul(silk_f64x2_sub(at, silk_f64x2_load(&p->start[i].x)), l->inv_hs);
    }
    silk_vec2 v = box_contact(p->start, p->pos, p->velocity[i], i, k);
    return silk_f64x2_make(v.x, v.y);
}

/* The start of a substep for particle i, given its velocity: start = p, and a movable one
   gets (v + g hs) damp and moves by v hs. */
static SILK_ALWAYS_INLINE void start_one(const silk_robust_particles* p, const substep_lanes* l,
                                         int32_t i, bool movable, silk_f64x2 v)
{
    silk_f64x2 at = silk_f64x2_load(&p->pos[i].x);
    silk_f64x2_store(&p->start[i].x, at);
    if (movable)
    {
        v = silk_f64x2_mul(silk_f64x2_add(v, l->g_hs), l->damp);
        silk_f64x2_store(&p->pos[i].x, silk_f64x2_add(at, silk_f64x2_mul(v, l->hs)));
    }
    silk_f64x2_store(&p->velocity[i].x, v);
}

void silk_robust_integrate(const silk_robust_particles* p, const silk_robust_substep* k)
{
    const substep_lanes l = lanes_of(k);
    for (int32_t i = 0; i < p->count; ++i)
    {
        start_one(p, &l, i, p->w[i] > 0.0, silk_f64x2_load(&p->velocity[i].x));
    }
}

void silk_robust_next_substep(const silk_robust_particles* p, const silk_robust_substep* k)
{
    const substep_lanes l = lanes_of(k);
    for (int32_t i = 0; i < p->count; ++i)
    {
        const bool movable = p->w[i] > 0.0;
        start_one(p, &l, i, movable, end_one(p, k, &l, i, movable));
    }
}

void silk_robust_end_step(const silk_robust_particles* p, const silk_robust_substep* k,
                          silk_vec2* last, double h)
{
    const substep_lanes l = lanes_of(k);
    const silk_f64x2 h2 = silk_f64x2_splat(h);
    for (int32_t i = 0; i < p->count; ++i)
    {
        const silk_f64x2 v = end_one(p, k, &l, i, p->w[i] > 0.0);
        silk_f64x2_store(&p->velocity[i].x, v);
        silk_f64x2_store(&last[i].x,
                         silk_f64x2_sub(silk_f64x2_load(&p->pos[i].x), silk_f64x2_mul(v, h2)));
    }
}

#else
/* The same passes, one coordinate at a time. */
static silk_vec2 end_one(const silk_robust_particles* p, const silk_robust_substep* k, int32_t i,
                         bool movable)
{
    const silk_vec2 at = p->pos[i];
    if (!movable || ((at.x >= 0.0) & (at.x < k->max_x) & (at.y >= 0.0) & (at.y < k->floor_y)))
    {
        return (silk_vec2){(at.x - p->start[i].x) * k->inv_hs, (at.y - p->start[i].y) * k->inv_hs};
    }
    return box_contact(p->start, p->pos, p->velocity[i], i, k);
}

static void start_one(const silk_robust_particles* p, const silk_robust_substep* k, int32_t i,
                      bool movable, silk_vec2 v)
{
    p->start[i] = p->pos[i];
    if (movable)
    {
        v.x = (v.x + k->g_hs.x) * k->damp;
        v.y = (v.y + k->g_hs.y) * k->damp;
        p->pos[i].x += v.x * k->hs;
        p->pos[i].y += v.y * k->hs;
    }
    p->velocity[i] = v;
}

void silk_robust_integrate(const silk_robust_particles* p, const silk_robust_substep* k)
{
    for (int32_t i = 0; i < p->count; ++i)
    {
        start_one(p, k, i, p->w[i] > 0.0, p->velocity[i]);
    }
}

void silk_robust_next_substep(const silk_robust_particles* p, const silk_robust_substep* k)
{
    for (int32_t i = 0; i < p->count; ++i)
    {
        const bool movable = p->w[i] > 0.0;
        start_one(p, k, i, movable, end_one(p, k, i, movable));
    }
}

void silk_robust_end_step(const silk_robust_particles* p, const silk_robust_substep* k,
                          silk_vec2* last, double h)
{
    for (int32_t i = 0; i < p->count; ++i)
    {
        const silk_vec2 v = end_one(p, k, i, p->w[i] > 0.0);
        p->velocity[i] = v;
        last[i].x = p->pos[i].x - v.x * h;
        last[i].y = p->pos[i].y - v.y * h;
    }
}
#endif
