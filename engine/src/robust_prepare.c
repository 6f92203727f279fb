/* robust_prepare.c -- the robust solver's scratch and its prepared records.

   Ordering: constraints are packed into flat records in an order computed once per change of
   the world's constraints (constraints_version, storage.h). First by ring: the graph distance
   of the constraint from the nearest fixed particle, so one Gauss-Seidel sweep carries a
   pin's correction outwards instead of against the grain. Then, inside each ring, by greedy
   colour: consecutive records of one colour never share a particle, so the CPU can overlap
   them (no store-to-load chain from one record to the next) and robust_batch.c solves them two
   per register, with the bits of one at a time. Both sorts are stable counting sorts, so the
   order -- and the bits -- depend only on the constraint list. Also here: the near rings and
   their tapers, the tethers' anchors, and (opt-in) robust_chain.c's paths.

   Scratch: every array here is sized by silk_robust_reserve to the world's capacities, the
   first time a step needs it after storage grew; storage knows nothing of it. A failed growth
   returns SILK_ERR_NOMEM before anything visible changed. */
#include "detmath.h"
#include "robust_chain.h"
#include "world.h"

#include <math.h>
#include <string.h>

#define LEVEL_NONE  INT32_MAX
#define MAX_COLOURS 64
/* Near rings: at most 1/NEAR_SHARE of the distance records. A build with
   -DSILK_ROBUST_NEAR_SHARE=0 has no near pass (for measuring what it costs and buys). */
#ifdef SILK_ROBUST_NEAR_SHARE
#define NEAR_SHARE SILK_ROBUST_NEAR_SHARE
#else
#define NEAR_SHARE 5
#endif

/* ---- scratch ------------------------------------------------------------------------------ */

/* Growing needs no copy, all or nothing: prepare rebuilds everything the arrays held.
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

static silk_status reserve_particles(silk_world* world, int32_t capacity)
{
    silk_robust_state* r = &world->robust;
    void** slots[] = {(void**)&r->start,  (void**)&r->w,      (void**)&r->level,
                      (void**)&r->colour, (void**)&r->anchor, (void**)&r->reach};
    const size_t sizes[] = {sizeof(silk_vec2), sizeof(double),  sizeof(int32_t),
                            sizeof(uint64_t),  sizeof(int32_t), sizeof(double)};
    silk_status status = silk_robust_grow_scratch(world, slots, sizes, 6, capacity);
    if (status == SILK_OK)
    {
        /* the buckets are indexed by level, which runs to particle count + 1 */
        void** bucket[] = {(void**)&r->bucket, (void**)&r->neighbour_begin};
        const size_t bucket_size[] = {sizeof(int32_t), sizeof(int32_t)};
        status = silk_robust_grow_scratch(world, bucket, bucket_size, 2, capacity + 2);
    }
    return status;
}

static silk_status reserve_constraints(silk_world* world, int32_t capacity)
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
    return silk_robust_grow_scratch(world, slots, sizes, 11, capacity);
}

static silk_status reserve_chains(silk_world* world, int32_t particles, int32_t constraints)
{
    silk_status status = silk_robust_chain_reserve_particles(world, particles);
    return status == SILK_OK ? silk_robust_chain_reserve_constraints(world, constraints) : status;
}

/* The scratch follows the world's capacities (never its counts), so a world that grows one
   particle at a time reallocates it as rarely as storage does, and a step after no growth
   allocates nothing -- nor one in the middle of a call that reserved first: storage does not
   grow inside steps (what an extension's before_step adds is reserved with it). The chain solve's
   arrays, as large as the rest together, only once chains are asked for. */
silk_status silk_robust_reserve(silk_world* world, bool chains)
{
    silk_robust_state* r = &world->robust;
    if (r->particle_capacity < world->particle_capacity)
    {
        /* from here the prepared records may be in replaced arrays: build them again, even if
           the rest fails */
        r->prepared_version = 0;
        silk_status status = reserve_particles(world, world->particle_capacity);
        if (status != SILK_OK)
        {
            return status;
        }
        r->particle_capacity = world->particle_capacity;
    }
    if (r->constraint_capacity < world->constraint_capacity)
    {
        r->prepared_version = 0;
        silk_status status = reserve_constraints(world, world->constraint_capacity);
        if (status != SILK_OK)
        {
            return status;
        }
        r->constraint_capacity = world->constraint_capacity;
    }
    silk_robust_chains* c = &r->chains;
    if (chains && (c->particle_capacity < world->particle_capacity ||
                   c->constraint_capacity < world->constraint_capacity))
    {
        r->prepared_version = 0;
        silk_status status =
            reserve_chains(world, world->particle_capacity, world->constraint_capacity);
        if (status != SILK_OK)
        {
            return status;
        }
        c->particle_capacity = world->particle_capacity;
        c->constraint_capacity = world->constraint_capacity;
    }
    /* the broad phase's grid and contacts (broadphase.c), only in a world with discs */
    if (world->collision.active && world->collision.capacity < world->particle_capacity)
    {
        silk_status status = silk_broadphase_reserve(world, world->particle_capacity);
        if (status != SILK_OK)
        {
            return status;
        }
    }
    return SILK_OK;
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
    silk_broadphase_free(world);
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

silk_status silk_robust_prepare(silk_world* world)
{
    silk_status status = silk_robust_reserve(world, world->robust.def.chains);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_robust_state* r = &world->robust;
    if (r->prepared_version == world->constraints_version &&
        r->prepared_tethers == r->def.tethers && r->prepared_chains == r->def.chains)
    {
        return SILK_OK;
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
    r->prepared_version = world->constraints_version;
    return SILK_OK;
}
