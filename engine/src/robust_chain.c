/* robust_chain.c -- the chain solve: distance constraints cut into simple paths, each path
   solved by one direct tridiagonal solve per pass (opt-in: silk_robust_def.chains).

   Why: one Gauss-Seidel pass moves a correction one link. A rope of n links hanging from a
   pin needs ~n passes before the pin feels the weight of its end, so its top links stay
   stretched unless the substeps are many (the peers bench: 32 substeps still leave a 60-link
   rope 2.3 % long at its worst). Solving all of a path's constraints together removes that:

       link k joins x_k to x_(k+1) (b[k] == a[k + 1]), C_k = |x_k - x_(k+1)| - rest_k,
       n_k = (x_k - x_(k+1)) / |...|, grad_(x_k) C_k = n_k, grad_(x_(k+1)) C_k = -n_k

       (J W J^T + alpha~) dlambda = -C - alpha~ lambda,  alpha~ = compliance / hs^2

   and J W J^T of a path is tridiagonal: diagonal w_k + w_(k+1), neighbours k-1 and k share
   the particle x_k, so entry (k-1, k) is -w_k n_(k-1).n_k. One forward elimination and one
   back substitution (the Thomas algorithm; the matrix is symmetric positive definite when
   no link is fully fixed, so it needs no pivoting) give dlambda, and every particle moves by
   w_i sum_k grad_i C_k dlambda_k. That is one Newton step on the whole path, XPBD's update
   for the block: the constraints are linearised once per pass, so a path far from its rest
   shape needs more than one pass, but the error left is second order in the correction.

   A particle with w = 0 (a pin) cuts the coupling by itself (its off-diagonal entries are 0);
   a link with both ends fixed and no compliance has a zero pivot and is skipped, and the
   links after it solve as a path of their own. A coincident pair takes +x as its direction,
   as robust_batch.c's solve_one does.

   The paths (prepare): seeds in ring order (robust_prepare.c: outwards from the fixed
   particles), each grown at both ends, one link at a time, along the first unused distance
   constraint (in the world's order) that does not revisit a particle of the path. A rope is
   one path; a grid cloth (silk_world_build_cloth's order) hung from its top row becomes one
   path snaking through all its rows, then its columns one by one. Chains are solved in the order
   they were found (block Gauss-Seidel), so the pins' paths go first.

   Cost: a sqrt and two divisions per link (normalise, pivot), scalar: the elimination is a
   chain of dependent operations. Determinism: + - * / and sqrt only, in a fixed order, so
   the same bits natively, in the scalar build and in wasm. Nothing here allocates. */
#include "robust_chain.h"

#include <math.h>
#include <string.h>

/* ---- storage ------------------------------------------------------------------------------ */

silk_status silk_robust_chain_reserve_particles(silk_world* world, int32_t capacity)
{
    silk_robust_chains* c = &world->robust.chains;
    void** slots[] = {(void**)&c->incident_begin, (void**)&c->mark};
    const size_t sizes[] = {sizeof(int32_t), sizeof(int32_t)};
    return silk_robust_grow_scratch(world, slots, sizes, 2, capacity + 1);
}

silk_status silk_robust_chain_reserve_constraints(silk_world* world, int32_t capacity)
{
    silk_robust_chains* c = &world->robust.chains;
    void** slots[] = {(void**)&c->end,  (void**)&c->a,          (void**)&c->b,
                      (void**)&c->rest, (void**)&c->compliance, (void**)&c->lambda,
                      (void**)&c->nx,   (void**)&c->ny,         (void**)&c->upper,
                      (void**)&c->rhs,  (void**)&c->incident,   (void**)&c->stack,
                      (void**)&c->used};
    const size_t sizes[] = {sizeof(int32_t), sizeof(int32_t), sizeof(int32_t),     sizeof(double),
                            sizeof(double),  sizeof(double),  sizeof(double),      sizeof(double),
                            sizeof(double),  sizeof(double),  2 * sizeof(int32_t), sizeof(int32_t),
                            sizeof(uint8_t)};
    return silk_robust_grow_scratch(world, slots, sizes, 13, capacity);
}

void silk_robust_chain_free(silk_world* world)
{
    silk_robust_chains* c = &world->robust.chains;
    void* all[] = {c->end,      c->a,     c->b,    c->rest,           c->compliance,
                   c->lambda,   c->nx,    c->ny,   c->upper,          c->rhs,
                   c->incident, c->stack, c->used, c->incident_begin, c->mark};
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); ++k)
    {
        silk_free(world, all[k]);
    }
}

/* ---- prepare: the paths -------------------------------------------------------------------- */

/* The distance constraints at each particle (a counting sort, as build_neighbours). */
static void build_incidence(silk_world* world)
{
    silk_robust_chains* c = &world->robust.chains;
    const int32_t n = world->particle_count;
    int32_t* begin = c->incident_begin;
    memset(begin, 0, (size_t)(n + 1) * sizeof(int32_t));
    for (int32_t j = 0; j < world->constraint_count; ++j)
    {
        if (world->kind[j] == SILK_DISTANCE)
        {
            begin[world->ca[j]] += 1;
            begin[world->cb[j]] += 1;
        }
    }
    int32_t sum = 0;
    for (int32_t i = 0; i <= n; ++i)
    {
        sum += begin[i];
        begin[i] = sum; /* each list fills from its end down to its start */
    }
    for (int32_t j = world->constraint_count - 1; j >= 0; --j)
    {
        if (world->kind[j] == SILK_DISTANCE)
        {
            c->incident[--begin[world->ca[j]]] = j;
            c->incident[--begin[world->cb[j]]] = j;
        }
    }
}

/* The first unused distance constraint at `from` (in constraint order) that does not return
   to a particle of chain `id`; -1 if there is none. Topology only, never positions: a world
   restored from a snapshot must cut the same chains as the one that took it. */
static int32_t next_link(const silk_world* world, int32_t from, int32_t id)
{
    const silk_robust_chains* c = &world->robust.chains;
    for (int32_t e = c->incident_begin[from]; e < c->incident_begin[from + 1]; ++e)
    {
        const int32_t j = c->incident[e];
        const int32_t other = world->ca[j] == from ? world->cb[j] : world->ca[j];
        if (!c->used[j] && c->mark[other] != id)
        {
            return j;
        }
    }
    return -1;
}

static void put_link(silk_robust_chains* c, const silk_world* world, int32_t j, int32_t from)
{
    const int32_t k = c->link_count++;
    const bool forward = world->ca[j] == from;
    c->a[k] = from;
    c->b[k] = forward ? world->cb[j] : world->ca[j];
    c->rest[k] = world->rest[j];
    c->compliance[k] = world->compliance[j];
}

void silk_robust_chain_prepare(silk_world* world, const int32_t* order, int32_t count)
{
    silk_robust_chains* c = &world->robust.chains;
    build_incidence(world);
    memset(c->used, 0, (size_t)world->constraint_count);
    for (int32_t i = 0; i < world->particle_count; ++i)
    {
        c->mark[i] = -1;
    }
    c->count = 0;
    c->link_count = 0;
    for (int32_t t = 0; t < count; ++t)
    {
        const int32_t seed = order[t];
        if (world->kind[seed] != SILK_DISTANCE || c->used[seed])
        {
            continue;
        }
        const int32_t id = c->count;
        int32_t head = world->ca[seed], tail = world->cb[seed];
        c->used[seed] = 1;
        c->mark[head] = id;
        c->mark[tail] = id;
        /* backwards from the seed's a end: links stacked in walk order */
        int32_t stacked = 0;
        for (int32_t j; (j = next_link(world, head, id)) >= 0;)
        {
            c->used[j] = 1;
            c->stack[stacked++] = j;
            head = world->ca[j] == head ? world->cb[j] : world->ca[j];
            c->mark[head] = id;
        }
        /* the chain from its far back end: the stacked links, the seed, then forwards */
        int32_t at = head;
        for (int32_t s = stacked - 1; s >= 0; --s)
        {
            const int32_t j = c->stack[s];
            put_link(c, world, j, at);
            at = c->b[c->link_count - 1];
        }
        put_link(c, world, seed, at);
        for (int32_t from = tail, j; (j = next_link(world, from, id)) >= 0;)
        {
            c->used[j] = 1;
            put_link(c, world, j, from);
            from = c->b[c->link_count - 1];
            c->mark[from] = id;
        }
        c->end[c->count++] = c->link_count;
    }
}

/* ---- the solve ------------------------------------------------------------------------------ */

/* One chain, links [begin, end). */
static void solve_chain(silk_vec2* restrict pos, const double* restrict w,
                        silk_robust_chains* restrict c, int32_t begin, int32_t end, double inv_hs2,
                        silk_lambda_mode mode)
{
    double prev_inv_m = 0.0, prev_rhs = 0.0;
    /* forward: directions, errors, and the elimination */
    for (int32_t k = begin; k < end; ++k)
    {
        const int32_t a = c->a[k], b = c->b[k];
        const double wa = w[a], wb = w[b];
        double dx = pos[a].x - pos[b].x, dy = pos[a].y - pos[b].y;
        double len2 = dx * dx + dy * dy;
        double nx = 1.0, ny = 0.0, cons = -c->rest[k];
        if (len2 > 0.0)
        {
            double len = sqrt(len2);
            double inv = 1.0 / len;
            nx = dx * inv;
            ny = dy * inv;
            cons = len - c->rest[k];
        }
        c->nx[k] = nx;
        c->ny[k] = ny;
        const double alpha = c->compliance[k] * inv_hs2;
        const double lambda_k = mode == SILK_LAMBDA_ADD ? c->lambda[k] : 0.0;
        double diag = (wa + wb) + alpha;
        double rhs = -cons - alpha * lambda_k;
        if (k > begin)
        {
            /* x_k = a is shared with link k - 1: off = -w_a n_(k-1).n_k */
            const double off = -wa * (c->nx[k - 1] * nx + c->ny[k - 1] * ny);
            const double up = off * prev_inv_m; /* 0 after a skipped link: decoupled */
            c->upper[k - 1] = up;
            diag -= off * up;
            rhs -= off * prev_rhs;
        }
        if (diag > 0.0)
        {
            prev_inv_m = 1.0 / diag;
            prev_rhs = rhs * prev_inv_m;
        }
        else
        {
            prev_inv_m = 0.0; /* both ends fixed and rigid: no correction, no coupling */
            prev_rhs = 0.0;
        }
        c->rhs[k] = prev_rhs;
    }
    c->upper[end - 1] = 0.0;
    /* back substitution, then the moves in link order */
    double next = 0.0;
    for (int32_t k = end - 1; k >= begin; --k)
    {
        next = c->rhs[k] - c->upper[k] * next;
        c->rhs[k] = next;
    }
    for (int32_t k = begin; k < end; ++k)
    {
        const int32_t a = c->a[k], b = c->b[k];
        const double dl = c->rhs[k];
        if (mode != SILK_LAMBDA_NONE)
        {
            c->lambda[k] = (mode == SILK_LAMBDA_ADD ? c->lambda[k] : 0.0) + dl;
        }
        const double ta = w[a] * dl, tb = w[b] * dl;
        pos[a].x += ta * c->nx[k];
        pos[a].y += ta * c->ny[k];
        pos[b].x -= tb * c->nx[k];
        pos[b].y -= tb * c->ny[k];
    }
}

void silk_robust_chain_solve(silk_world* world, const double* w, double inv_hs2,
                             silk_lambda_mode mode)
{
    silk_robust_chains* c = &world->robust.chains;
    for (int32_t q = 0, begin = 0; q < c->count; ++q)
    {
        const int32_t end = c->end[q];
        solve_chain(world->pos, w, c, begin, end, inv_hs2, mode);
        begin = end;
    }
}
