/* contact.c -- the robust solver's contact pass (the radii and filters themselves: collision.c).

   A particle with radius r > 0 is a disc (silk.h, "Collisions"). Each substep, after the
   distances and angles of a pass, silk_contacts_solve builds the grid (broadphase.c) and
   visits every pair of discs that may touch once, in grid order (cell, then particle index,
   so the same positions give the same order everywhere; with discs asleep, each awake disc
   meets its sleeping neighbours around its own turn, from their grid). An overlapping pair whose
   composites' filters allow it is one XPBD contact of zero compliance:

       C = |a - b| - (r_a + r_b) < 0,   n = (a - b) / |a - b|
       a += n w_a (-C) / (w_a + w_b),   b -= n w_b (-C) / (w_a + w_b)

   (coincident centres take n = (0, -1): a fixed direction, so no NaN and the same bits
   everywhere). Friction is positional, as for the polygons: the pair's relative tangential
   motion over the substep so far is removed up to contact_friction x the depth just
   corrected, shared by inverse mass, so a resting pile sticks and a sliding pair slows.
   Every move is shared by inverse mass, so momentum is conserved to rounding. Restitution
   needs velocities, which the solver derives from positions at the end of the substep: the
   pass records its contacts with the approach speed they had, and after the velocities
   silk_contacts_restitution sets each approaching pair's normal velocity to -e times it
   (Mueller et al. 2020, "Detailed Rigid Body Simulation with Extended Position Based
   Dynamics"). Only + - * / , sqrt and fabs: the same bits natively and in wasm. */
#include "contact.h"

#include "record.h"
#include "validate.h"
#include "world.h"

#include <math.h>
#include <string.h>

#ifndef CONTACT_PASSES
#define CONTACT_PASSES 2
#endif

/* ---- the pass ----------------------------------------------------------------------------- */

typedef struct pair_context
{
    silk_world* world;
    const silk_vec2* velocity;
    double mu;
    bool measure; /* diagnostics: count and measure, move nothing */
    bool record;  /* the first pass: keep the contacts for the restitution pass (the later
                     ones find them resolved) */
    int32_t contacts;
    double deepest, ratio;
} pair_context;

/* One disc `a` of grid `ga` against a run [b0, b1) of grid `gb`'s discs, the pairs in order.
   a's position, radius, inverse mass and composite stay in registers over the run and its
   position is stored once at the end (b never equals a: the runs start past a, lie in the
   next row, or are another grid's), so the Gauss-Seidel chain through a does not go through
   memory per pair. The arithmetic and its order are those of one pair after another: the
   same bits. gb is ga, or the step's sleeping discs (silk_contacts_begin_step): their inverse
   mass is 0, so b's share of every move is exactly 0 and b stays where it is. */
static inline __attribute__((always_inline)) void
touch_run(pair_context* x, silk_grid* ga, int32_t a, silk_grid* gb, int32_t b0, int32_t b1)
{
    silk_vec2* gp = gb->gpos;
    const silk_vec2* gs = gb->gstart;
    const double* gr = gb->gr;
    const double* gw = gb->gw;
    const double ra = ga->gr[a], wa = ga->gw[a], sax = ga->gstart[a].x, say = ga->gstart[a].y;
    const int32_t ca = ga->gcomp[a];
    const bool self = x->world->composites[ca].filter.self_collide; /* the usual pair: a pile */
    double ax = ga->gpos[a].x, ay = ga->gpos[a].y;
    /* a sleeping (or pinned) a: only its awake neighbours can move; two immovable discs are
       skipped below anyway (ws == 0), so this skips no pair that moves anything */
    const bool still = wa == 0.0 && !x->measure;
    for (int32_t b = b0; b < b1; ++b)
    {
        if (still && gw[b] == 0.0)
        {
            continue;
        }
        const double reach = ra + gr[b];
        const double dx = ax - gp[b].x, dy = ay - gp[b].y;
        const double d2 = dx * dx + dy * dy;
        if (!(d2 < reach * reach))
        {
            continue;
        }
        const double wb = gw[b], ws = wa + wb;
        const int32_t cb = gb->gcomp[b];
        if ((!x->measure && ws == 0.0) || !(cb == ca ? self : silk_filter_allows(x->world, ca, cb)))
        {
            continue;
        }
        const double d = sqrt(d2);
        const double depth = reach - d;
        if (x->measure)
        {
            silk_collision_state* c = &x->world->collision;
            if (x->contacts < c->contact_capacity)
            {
                c->depth[x->contacts] = depth;
            }
            x->contacts += 1;
            x->deepest = depth > x->deepest ? depth : x->deepest;
            const double small = ra < gr[b] ? ra : gr[b];
            x->ratio = depth / small > x->ratio ? depth / small : x->ratio;
            continue;
        }
        /* off the chain through a: each disc's share of a move, from the masses alone */
        /* like masses (a pile of equal balls) share half and half: wa / (wa + wa) is exactly
           0.5, so the test skips two divisions and never changes a bit */
        const bool even = wa == wb;
        const double ka = even ? 0.5 : wa / ws, kb = even ? 0.5 : wb / ws;
        double nx = 0.0, ny = -1.0; /* coincident: a fixed direction */
        if (d > 0.0)
        {
            nx = dx / d;
            ny = dy / d;
        }
        double bx = gp[b].x, by = gp[b].y;
        ax += nx * (ka * depth);
        ay += ny * (ka * depth);
        bx -= nx * (kb * depth);
        by -= ny * (kb * depth);
        /* positional friction on the relative tangential motion of the substep, the slip
           along the tangent (-ny, nx): removed whole while it is within mu x depth (a resting
           pile sticks), else cut by mu x depth. The slip is taken from the relative motion
           before the normal move just made -- that move is along n, so the tangent sees the
           same motion -- which takes it off the chain through a's position: it is ready
           as soon as n is */
        const double rx = dx - (sax - gs[b].x), ry = dy - (say - gs[b].y);
        const double slip = nx * ry - ny * rx;
        const double limit = x->mu * depth;
        if (slip != 0.0)
        {
            const double f = fabs(slip) <= limit ? 1.0 : limit / fabs(slip);
            const double move = slip * f;
            ax += ny * (move * ka);
            ay -= nx * (move * ka);
            bx -= ny * (move * kb);
            by += nx * (move * kb);
        }
        gp[b] = (silk_vec2){bx, by};
        silk_collision_state* c = &x->world->collision;
        if (x->record && c->contact_count < c->contact_capacity)
        {
            const int32_t ia = ga->sorted[a], ib = gb->sorted[b];
            const silk_vec2 va = x->velocity[ia], vb = x->velocity[ib];
            c->contacts[c->contact_count++] =
                (silk_contact){ia, ib, nx, ny, (va.x - vb.x) * nx + (va.y - vb.y) * ny};
        }
        else if (x->record)
        {
            c->contact_lost = true; /* no island of this step may fall asleep (sleep.c) */
        }
    }
    ga->gpos[a] = (silk_vec2){ax, ay};
}

/* Awake disc a of `awake` against the sleeping discs of `rest` around it (rest's cells span
   any pair's reach), in two parts that keep the order a grid of all discs visits the pairs
   in: `before`, the sleeping discs whose own turn would come before a's (the row above, the
   cell to the left, a's cell below a's index); else those after (a's cell above a's index,
   the cell to the right, the row below). An awake disc that cannot move (pinned, dragged) is
   skipped: the pair would move nothing. */
static __attribute__((noinline)) void touch_rest(pair_context* x, silk_grid* awake, int32_t a,
                                                 silk_grid* rest, bool before)
{
    const int32_t nx = rest->nx, ny = rest->ny;
    const int32_t* cs = rest->cell_start;
    /* the cell in doubles first: a disc far outside the sleeping discs' box has none */
    const double fx = (awake->gpos[a].x - rest->min_x) * rest->inv_cell;
    const double fy = (awake->gpos[a].y - rest->min_y) * rest->inv_cell;
    if (awake->gw[a] == 0.0 || !(fx >= -1.0 && fx < nx + 1.0 && fy >= -1.0 && fy < ny + 1.0))
    {
        return;
    }
    const int32_t cx = (int32_t)floor(fx), cy = (int32_t)floor(fy);
    const int32_t left = cx > 0 ? cx - 1 : 0, right = cx + 1 < nx ? cx + 1 : nx - 1;
    /* two runs of the sorted sleeping discs: the row above (below), and the part of a's own row
       before (after) a -- the cells left of a's, a's own split at a's index, right of a's */
    int32_t runs[2][2] = {{0, 0}, {0, 0}};
    const int32_t other = before ? cy - 1 : cy + 1;
    if (other >= 0 && other < ny)
    {
        runs[0][0] = cs[other * nx + left];
        runs[0][1] = cs[other * nx + right + 1];
    }
    if (cy >= 0 && cy < ny)
    {
        const int32_t row_begin = cs[cy * nx + left], row_end = cs[cy * nx + right + 1];
        int32_t split = cx < 0 ? row_begin : cx >= nx ? row_end : cs[cy * nx + cx];
        const int32_t own_end = cx >= 0 && cx < nx ? cs[cy * nx + cx + 1] : split;
        const int32_t ia = awake->sorted[a];
        while (split < own_end && rest->sorted[split] < ia)
        {
            ++split;
        }
        runs[1][0] = before ? row_begin : split;
        runs[1][1] = before ? split : row_end;
    }
    /* in the order of a grid of all discs: above, then a's row; a's row, then below. One call
       site: one copy of the pair code (the wasm a reader downloads) */
    for (int k = 0; k < 2; ++k)
    {
        const int32_t* run = runs[before ? k : 1 - k];
        touch_run(x, awake, a, rest, run[0], run[1]);
    }
}

/* Every pair of grid g once: a particle's later neighbours in its cell and the cell to its
   right, then the three cells below (contiguous in the sorted order); with `rest` (the
   step's sleeping discs, g then holding the awake ones), each disc's sleeping neighbours
   around its awake ones, before and after them as a grid of all discs would order them
   (touch_rest), so a disc pressed between the two meets both in one pass. */
static inline __attribute__((always_inline)) void visit_pairs(pair_context* x, silk_grid* g,
                                                              silk_grid* rest)
{
    const int32_t nx = g->nx, ny = g->ny;
    const int32_t* cs = g->cell_start;
    for (int32_t cy = 0; cy < ny; ++cy)
    {
        for (int32_t cx = 0; cx < nx; ++cx)
        {
            const int32_t q = cy * nx + cx;
            const int32_t begin = cs[q], end = cs[q + 1];
            if (begin == end)
            {
                continue;
            }
            const int32_t right = cx + 1 < nx ? cx + 1 : cx, left = cx > 0 ? cx - 1 : cx;
            const int32_t row_end = cs[cy * nx + right + 1];
            int32_t below_begin = 0, below_end = 0;
            if (cy + 1 < ny)
            {
                below_begin = cs[(cy + 1) * nx + left];
                below_end = cs[(cy + 1) * nx + right + 1];
            }
            for (int32_t a = begin; a < end; ++a)
            {
                if (rest != NULL)
                {
                    touch_rest(x, g, a, rest, true);
                }
                touch_run(x, g, a, g, a + 1, row_end);
                touch_run(x, g, a, g, below_begin, below_end);
                if (rest != NULL)
                {
                    touch_rest(x, g, a, rest, false);
                }
            }
        }
    }
}

/* Discs against the box: held by their rim (the points' box in robust_batch.c never sees
   them: a disc inside by its radius has its centre inside), with positional friction. */
static void box_discs(silk_world* world, const silk_robust_substep* k, double mu)
{
    const silk_collision_state* c = &world->collision;
    const silk_robust_state* r = &world->robust;
    silk_vec2* pos = world->pos;
    for (int32_t m = 0; m < c->grid.count; ++m)
    {
        const int32_t i = c->collider[m];
        if (r->w[i] == 0.0)
        {
            continue;
        }
        const double rad = world->radius[i];
        silk_vec2 p = pos[i];
        const silk_vec2 s = r->start[i];
        double depth_y = 0.0, depth_x = 0.0;
        if (p.y > k->floor_y - rad)
        {
            depth_y = p.y - (k->floor_y - rad);
            p.y = k->floor_y - rad;
        }
        else if (k->ceiling && p.y < rad && s.y >= rad)
        {
            depth_y = rad - p.y;
            p.y = rad;
        }
        if (p.x < rad)
        {
            depth_x = rad - p.x;
            p.x = rad;
        }
        else if (p.x > k->max_x - rad)
        {
            depth_x = p.x - (k->max_x - rad);
            p.x = k->max_x - rad;
        }
        if (depth_y > 0.0)
        {
            const double t = p.x - s.x, limit = mu * depth_y;
            p.x = fabs(t) <= limit ? s.x : p.x - (t > 0.0 ? limit : -limit);
        }
        if (depth_x > 0.0)
        {
            const double t = p.y - s.y, limit = mu * depth_x;
            p.y = fabs(t) <= limit ? s.y : p.y - (t > 0.0 ? limit : -limit);
        }
        pos[i] = p;
    }
}

void silk_contacts_begin_step(silk_world* world)
{
    silk_collision_state* c = &world->collision;
    c->rest.count = 0;
    if (c->active && world->sleeping_count > 0)
    {
        /* start = position (a sleeping disc does not move); its inverse mass is 0 */
        silk_broadphase_build(world, &c->rest, SILK_GRID_ASLEEP, world->pos, world->pos,
                              world->robust.w);
    }
}

void silk_contacts_solve(silk_world* world, const silk_robust_substep* k)
{
    silk_collision_state* c = &world->collision;
    silk_robust_state* r = &world->robust;
    c->contact_count = 0;
    c->contact_lost = false;
    const silk_grid_members members = c->rest.count > 0 ? SILK_GRID_AWAKE : SILK_GRID_ALL;
    const int32_t n = silk_broadphase_build(world, &c->grid, members, world->pos, r->start, r->w);
    if (n == 0)
    {
        return;
    }
    /* CONTACT_PASSES Gauss-Seidel passes over the gathered discs on one grid: a wedged disc
       (between a wall and the pile, or in an arch) needs more than one to settle without
       jitter, and a pass on the same grid costs a fraction of building it */
    for (int32_t pass = 0; pass < CONTACT_PASSES; ++pass)
    {
        pair_context x = {world, world->velocity, r->def.contact_friction, false, pass == 0, 0, 0.0,
                          0.0};
        visit_pairs(&x, &c->grid, c->rest.count > 0 ? &c->rest : NULL);
    }
    for (int32_t m = 0; m < n; ++m)
    {
        world->pos[c->grid.sorted[m]] = c->grid.gpos[m];
    }
    box_discs(world, k, r->def.contact_friction);
}

void silk_contacts_restitution(silk_world* world, const silk_robust_substep* k, silk_vec2* last,
                               double h)
{
    const silk_collision_state* c = &world->collision;
    const double e = world->robust.def.contact_restitution;
    const double* w = world->robust.w;
    silk_vec2* v = world->velocity;
    for (int32_t m = 0; m < c->contact_count; ++m)
    {
        const silk_contact* t = &c->contacts[m];
        /* below the bounce speed a contact ends at rest: no separating speed from the
           position correction either (what would be jitter in a pile) */
        const double target = t->vn < -k->bounce_min ? -e * t->vn : 0.0;
        const double wa = w[t->a], wb = w[t->b], ws = wa + wb;
        const double vn = (v[t->a].x - v[t->b].x) * t->nx + (v[t->a].y - v[t->b].y) * t->ny;
        if (!(vn > target) && target == 0.0)
        {
            continue; /* approaching after the pass: the next pass handles it */
        }
        const double dv = (target - vn) / ws;
        v[t->a].x += t->nx * (dv * wa);
        v[t->a].y += t->ny * (dv * wa);
        v[t->b].x -= t->nx * (dv * wb);
        v[t->b].y -= t->ny * (dv * wb);
        if (last != NULL)
        {
            last[t->a] =
                (silk_vec2){world->pos[t->a].x - v[t->a].x * h, world->pos[t->a].y - v[t->a].y * h};
            last[t->b] =
                (silk_vec2){world->pos[t->b].x - v[t->b].x * h, world->pos[t->b].y - v[t->b].y * h};
        }
    }
}

/* In-place heap sort (no allocation; qsort may allocate). */
static void sift(double* a, int32_t root, int32_t n)
{
    for (int32_t child = 2 * root + 1; child < n; root = child, child = 2 * root + 1)
    {
        if (child + 1 < n && a[child + 1] > a[child])
        {
            child += 1;
        }
        if (!(a[child] > a[root]))
        {
            return;
        }
        double t = a[root];
        a[root] = a[child];
        a[child] = t;
    }
}

static void heap_sort(double* a, int32_t n)
{
    for (int32_t k = n / 2 - 1; k >= 0; --k)
    {
        sift(a, k, n);
    }
    for (int32_t end = n - 1; end > 0; --end)
    {
        double t = a[0];
        a[0] = a[end];
        a[end] = t;
        sift(a, 0, end);
    }
}

void silk_contacts_measure(silk_world* world, double* out_count, double* out_max, double* out_p99,
                           double* out_ratio)
{
    *out_count = *out_max = *out_p99 = *out_ratio = 0.0;
    silk_collision_state* c = &world->collision;
    if (!c->active || c->capacity < world->particle_count)
    {
        return; /* no discs, or no step has sized the grid yet */
    }
    const int32_t n = silk_broadphase_build(world, &c->grid, SILK_GRID_ALL, world->pos, world->pos,
                                            world->inverse_mass);
    if (n == 0)
    {
        return;
    }
    pair_context x = {world, world->velocity, 0.0, true, false, 0, 0.0, 0.0};
    visit_pairs(&x, &c->grid, NULL);
    const int32_t kept = x.contacts < c->contact_capacity ? x.contacts : c->contact_capacity;
    heap_sort(c->depth, kept);
    *out_count = x.contacts;
    *out_max = x.deepest;
    *out_p99 = kept > 0 ? c->depth[(int32_t)((kept - 1) * 0.99)] : 0.0;
    *out_ratio = x.ratio;
}
