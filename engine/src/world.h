/* world.h -- the world's private layout. Only engine/src includes this. */
#ifndef SILK_WORLD_H
#define SILK_WORLD_H

#include "broadphase.h"
#include "robust.h"
#include "silk.h"
#include "settings.h"
#include "storage.h"

#define SILK_WORLD_COOKIE 0x51C0FFEE
#define SILK_DEF_COOKIE   0x5117DEF0

/* A composite owns a contiguous run of the global constraint arrays: constraints are kept
   sorted by composite, so the solver walks one flat range per composite (the original's
   "all passes of composite 0 before composite 1") and removal is one memmove. */
typedef struct silk_composite
{
    int32_t constraint_begin;
    int32_t constraint_count;
    silk_collision_filter filter; /* which particles collide (contact.c) */
} silk_composite;

/* The installed extension (extension.c): tag 0 when there is none. */
typedef struct silk_extension_state
{
    silk_extension_def def;
    int32_t values[SILK_MAX_EXTENSION_VALUES];
    int32_t* scratch; /* def.particle_scratch: one per particle of capacity */
    int32_t scratch_capacity;
} silk_extension_state;

typedef struct silk_drag_state
{
    int32_t particle; /* -1: nothing dragged */
    int32_t pin;      /* global constraint index of its pin, or -1 */
    silk_vec2 pointer;
    /* silk_world_queue_pointer's samples, oldest first; ticks is scratch for advance (each
       sample's time in ticks from the start of the advance that applies it) */
    int32_t queue_count;
    silk_vec2 queue_point[SILK_MAX_POINTER_SAMPLES];
    double queue_time[SILK_MAX_POINTER_SAMPLES];
    int64_t queue_ticks[SILK_MAX_POINTER_SAMPLES];
    int64_t queue_step_end; /* during a fixed-step advance: the running step's end, ticks */
} silk_drag_state;

/* A static convex polygon (polygon.c): a run of the world's polygon point arrays, stored with
   positive signed area, each edge's outward unit normal, and its bounding box. */
typedef struct silk_polygon_shape
{
    int32_t begin, count; /* in polygon_points / polygon_normals */
    silk_vec2 lo, hi;     /* bounding box */
    double friction;
} silk_polygon_shape;

/* The health watchdog (health.c). */

typedef struct silk_watchdog_state
{
    silk_watchdog_def def;
    silk_health health;                      /* as of the last check */
    double energy[SILK_WATCHDOG_MAX_WINDOW]; /* kinetic energy per particle, px^2/s^2 */
    int32_t energy_count;                    /* samples in the ring (<= window) */
    int32_t energy_head;
    double energy_growth; /* now / window minimum */
    double speed_max;     /* px/s */
    double radius;        /* px about the canvas centre */
    int64_t checks;       /* steps checked since the history was reset */
    int64_t unhealthy_steps;
    int64_t restores;
    int32_t consecutive_restores;
    uint8_t* slot[2]; /* healthy snapshots (auto-restore), grown outside steps */
    size_t slot_size[2];
    size_t slot_capacity[2];
    int64_t slot_step[2]; /* check count when taken, -1 if empty */
} silk_watchdog_state;

/* Input recording (record.c). */
typedef struct silk_record_event
{
    uint64_t step; /* fixed steps since the recording began */
    uint32_t type;
    int32_t i;
    double x, y;
} silk_record_event;

/* What one step of a replay may cost (replay_budget.c, silk.h SILK_REPLAY_MAX_PASSES): the most
   expensive settings a recording can reach -- its snapshot's and every setting event's -- and
   the snapshot's size in elements. The recorder and the loader compute it the same way. */
typedef struct silk_replay_cost
{
    int64_t elements; /* particles + constraints + 7 per angle + headroom + 1 (a drag's pin) */
    int64_t particles, discs; /* discs: particles with radius > 0 (all, once a RADIUS > 0 event) */
    int32_t relax_passes, substeps, iterations, near_passes; /* the largest reached */
    bool compat, robust;                                     /* the solvers reached */
    bool chains;                                             /* robust chains reached */
} silk_replay_cost;

typedef struct silk_record_state
{
    bool active;
    bool replaying; /* inputs applied by replay are not recorded again */
    uint64_t steps; /* fixed steps since record_begin */
    uint8_t* snapshot;
    size_t snapshot_size;
    silk_record_event* events;
    int64_t event_count, event_capacity;
    silk_replay_cost cost; /* of the recording so far: it stops where a replay would not load */
    uint64_t end_hash;     /* the state hash when it stopped (export's, once it has) */

    /* A replay in progress (silk_world_play_begin, or silk_world_replay's loop): the world's
       steps apply the recording's inputs until its steps are done. */
    bool playing;
    bool played;        /* a replay finished: play_hash and play_recorded_hash are valid */
    uint8_t* play_copy; /* play_begin's own copy of the file (NULL for silk_world_replay) */
    const uint8_t* play_events;
    int64_t play_event_count, play_next_event;
    uint64_t play_steps, play_step, play_hash, play_recorded_hash;
    uint64_t play_step_work; /* the loaded recording's bound on one step, element passes */
} silk_record_state;

struct silk_world
{
    int32_t cookie;

    /* settings: one field per entry of settings.h's SILK_WORLD_SETTINGS (world->width ...),
       and the generator the seed starts */
    SILK_WORLD_SETTINGS(SILK_SETTING_FIELD)
    silk_rng rng;

    /* particles: structure of arrays, indexed by global particle index (storage.h's table:
       pos p, last q, prev, inverse_mass, velocity, particle_composite) */
    int32_t particle_count, particle_capacity;
    SILK_PARTICLE_COLUMNS(SILK_COLUMN_FIELD)

    /* composites */
    int32_t composite_count, composite_capacity;
    silk_composite* composites;

    /* constraints: structure of arrays, sorted by composite then insertion order (storage.h's
       table: kind, ca, cb, cc, stiffness, rest, target, compliance) */
    int32_t constraint_count, constraint_capacity;
    SILK_CONSTRAINT_COLUMNS(SILK_COLUMN_FIELD)
    /* bumped by every change of the constraint set, a mass or a compliance (storage.h) */
    uint64_t constraints_version;
    /* counts of rows the step's work bound reads on every call (work.c), kept where rows and
       radii change (storage.h) so that no advance scans the columns for them */
    int32_t angle_count;    /* constraints of kind SILK_ANGLE */
    int32_t disc_count;     /* particles with radius > 0 */
    int32_t sleeping_count; /* particles with sleep_state < 0 (sleep.c) */

    /* diagnostics scratch, grown with the constraint arrays */
    double* scratch;
    double* scratch2;

    /* stepping */
    silk_stepper stepper;
    silk_loop_mode loop_mode;
    int32_t last_passes;
    int64_t frame_count;
    int64_t total_steps;
    silk_advance_result last_advance;

    silk_extension_state extension;
    silk_drag_state drag;
    silk_diagnostics diagnostics;

    silk_solver solver;
    silk_robust_state robust;
    silk_collision_state collision; /* the broad phase and contacts (broadphase.h, contact.c) */
    silk_watchdog_state watchdog;
    silk_record_state record;

    /* static polygons (polygon.c); not in snapshots, hashes or recordings */
    int32_t polygon_count, polygon_capacity;
    silk_polygon_shape* polygons;
    int32_t polygon_point_count, polygon_point_capacity;
    silk_vec2* polygon_points;
    silk_vec2* polygon_normals; /* outward unit normal of edge k: points[k] -> points[k + 1] */

    /* the last failing def setter's detail (silk_world_last_error_detail) */
    silk_error_detail last_error;

    silk_alloc_fn* alloc_fn;
    silk_free_fn* free_fn;
    void* allocator_user;
};

/* verlet-js's Vec2 constructor stores `x || 0`: every vector the original *constructs*
   (sub, add, scale, normal, rotate, new Vec2) turns NaN and -0 into +0, while its in-place
   updates (mutableAdd, mutableScale, mutableSet) do not. Finite runs never notice. After a
   blow-up it decides what happens next: a NaN particle gets zero velocity, and an angle
   relaxation sends NaN points to (0, 0) instead of spreading NaN -- which is why the
   original's web at frame(1) explodes to 1e152 px "without NaN" (seed 000, row 15). The
   compat solver applies it exactly where the original constructs a vector. */
static inline double silk_or_zero(double v)
{
    return (v == v && v != 0.0) ? v : 0.0;
}

/* Counters stop at SILK_MAX_COUNTER instead of overflowing. */
static inline void silk_count(int64_t* counter)
{
    if (*counter < SILK_MAX_COUNTER)
    {
        *counter += 1;
    }
}

/* Each module's calls are in its own private header: validate.h, storage.h, constraint.h,
   robust.h, material.h, stepper.h, drag.h, health.h, snapshot.h, record.h, polygon.h,
   extension.h. This file holds the world struct and the two one-line helpers every solver
   file uses. */

#endif
