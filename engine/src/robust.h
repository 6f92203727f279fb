/* robust.h -- the robust solver's private state and calls (robust_settings.c, robust_prepare.c,
   robust_step.c; the inner loops are robust_batch.c and robust_chain.c, the material laws
   material.c). world.h embeds silk_robust_state in the world.

   Who sizes what: storage (storage.c) grows only the world's columns and bumps
   constraints_version when the constraint set, a mass or a compliance changes. The solver's
   per-step scratch below is sized by silk_robust_prepare, to the world's capacities, the first
   time a step needs it after they grew -- so a steady-state step allocates nothing, and a
   world that never runs the robust solver holds none of it. */
#ifndef SILK_ROBUST_H
#define SILK_ROBUST_H

#include "silk.h"

/* The robust solver's prepared constraint records (robust_prepare.c): packed copies of the
   world's constraints in solve order, rebuilt when the world's constraints_version moves past
   `prepared_version`.
   Distances are a struct of arrays, so that two neighbouring records load as the two lanes
   of one register (robust_batch.c). */
typedef struct silk_robust_distances
{
    int32_t* a;
    int32_t* b;
    double* rest;
    double* compliance;
} silk_robust_distances;

/* A run of distance records [previous run's end, end) that share a ring and a colour: when
   `independent`, no two of them share a particle, so they may be solved two at a time.
   `level` is the ring's; `taper` the share of a correction the near pass applies (1 at the
   fixed particles down to 1 / (near levels + 1), 0 outside the near rings). */
typedef struct silk_robust_run
{
    int32_t end;
    int32_t independent;
    int32_t level;
    double taper;
} silk_robust_run;

typedef struct silk_robust_angle
{
    int32_t a, b, c, unused;
    double rest;
    double compliance;
    double cos_rest, sin_rest; /* silk_det_cos/sin(rest), once per prepare */
} silk_robust_angle;

/* The chain solve's records (robust_chain.c, opt-in: silk_robust_def.chains): the distance
   constraints cut into simple paths, link by link in path order, chain after chain. */
typedef struct silk_robust_chains
{
    int32_t count, link_count;
    /* the capacities the arrays hold: 0 until chains are first on (robust_prepare.c) */
    int32_t particle_capacity, constraint_capacity;
    /* constraint capacity */
    int32_t* end; /* chain c is links [end[c - 1], end[c]) */
    int32_t* a;   /* link k joins a[k] to b[k]; inside a chain b[k] == a[k + 1] */
    int32_t* b;
    double* rest;
    double* compliance;
    double* lambda;
    double* nx; /* a solve's scratch: the unit direction of a - b, */
    double* ny;
    double* upper;     /* the eliminated super-diagonal and */
    double* rhs;       /* right-hand side, then dlambda */
    int32_t* incident; /* prepare: the distance constraints at each particle (2 per constraint) */
    int32_t* stack;    /* prepare: a chain's links behind its seed, walked backwards */
    uint8_t* used;     /* prepare: the constraint is in a chain already */
    /* particle capacity */
    int32_t* incident_begin; /* capacity + 1 */
    int32_t* mark;           /* prepare: the last chain that took the particle */
} silk_robust_chains;

typedef struct silk_robust_state
{
    silk_robust_def def;
    double last_h; /* seconds of the step that set q = p - v h (velocity = (p-q)/h) */
    /* the world's constraints_version the records were built for; 0: none (the world's
       version starts at 1), or the scratch was replaced since */
    uint64_t prepared_version;
    /* the capacities the scratch arrays hold (prepare grows them to the world's) */
    int32_t particle_capacity, constraint_capacity;
    int32_t distance_count, angle_count, pin_count, run_count;
    int32_t near_run_count; /* runs [0, near_run_count): the near rings (robust_prepare.c) */
    /* constraint-capacity arrays (scratch, rebuilt by prepare) */
    silk_robust_distances distances;
    silk_robust_run* runs;
    silk_robust_angle* angles;
    int32_t* pins; /* global constraint index of each pin */
    double* lambda;
    int32_t* order;
    int32_t* key;
    /* particle-capacity arrays (scratch) */
    silk_vec2* start; /* positions at the start of the substep */
    double* w;        /* effective inverse mass this step (0 for pinned or dragged) */
    int32_t* level;   /* graph distance to the nearest fixed particle */
    int32_t* bucket;  /* counting-sort buckets (and the levels' queue), particle capacity + 2 */
    int32_t* neighbour_begin; /* the levels' graph: particle i's neighbours are           */
    int32_t* neighbours;      /* neighbours[neighbour_begin[i] .. neighbour_begin[i + 1]) */
    int32_t* anchor;          /* tethers: the nearest fixed particle, or -1 */
    double* reach;            /* tethers: rest-length path distance to it */
    bool prepared_tethers;
    bool prepared_chains;
    silk_robust_chains chains;
    uint64_t* colour; /* colour masks per particle while ordering */
} silk_robust_state;

/* Grows the scratch to the world's capacities when it is short (all or nothing), then
   rebuilds the prepared records if the constraints changed (constraints_version) or the
   tethers or chains setting did. On SILK_ERR_NOMEM nothing visible changed, and the records
   are rebuilt by the next call that succeeds. */
silk_status silk_robust_prepare(silk_world* world);
/* Only the sizing half of prepare: the entry points that run steps call it before they change
   anything, so that a failure is reported with the world untouched (stepper.c, snapshot.c).
   `chains`: the chain solve's arrays too (prepare asks for them only while def.chains is on;
   a replay, which may turn them on, asks up front). */
silk_status silk_robust_reserve(silk_world* world, bool chains);
void silk_robust_free(silk_world* world);
/* Replaces `count` scratch arrays (each `sizes[k]` bytes an element) with fresh ones of
   `capacity` elements, all or nothing; the contents are not kept. robust_prepare.c. */
silk_status silk_robust_grow_scratch(silk_world* world, void** slots[], const size_t sizes[],
                                     int count, int32_t capacity);

/* One robust step of h seconds (h > 0), drag and bounds included (robust_step.c). Prepares
   first; if that fails (SILK_ERR_NOMEM) the step changes nothing. */
silk_status silk_robust_step(silk_world* world, double h);

#endif
