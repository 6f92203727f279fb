/* world.h -- the world's private layout. Only engine/src includes this. */
#ifndef SILK_WORLD_H
#define SILK_WORLD_H

#include "robust.h"
#include "silk.h"
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

typedef struct silk_record_state
{
    bool active;
    bool replaying; /* inputs applied by replay are not recorded again */
    uint64_t steps; /* fixed steps since record_begin */
    uint8_t* snapshot;
    size_t snapshot_size;
    silk_record_event* events;
    int64_t event_count, event_capacity;

    /* A replay in progress (silk_world_play_begin, or silk_world_replay's loop): the world's
       steps apply the recording's inputs until its steps are done. */
    bool playing;
    bool played;        /* a replay finished: play_hash and play_recorded_hash are valid */
    uint8_t* play_copy; /* play_begin's own copy of the file (NULL for silk_world_replay) */
    const uint8_t* play_events;
    int64_t play_event_count, play_next_event;
    uint64_t play_steps, play_step, play_hash, play_recorded_hash;
} silk_record_state;

struct silk_world
{
    int32_t cookie;

    /* settings */
    double width, height;
    silk_vec2 gravity;
    double friction, ground_friction;
    uint64_t seed;
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

    /* diagnostics scratch, grown with the constraint arrays */
    double* scratch;
    double* scratch2;

    /* stepping */
    silk_stepper stepper;
    silk_loop_mode loop_mode;
    int32_t relax_passes;
    int32_t last_passes;
    int64_t frame_count;
    int64_t total_steps;
    silk_advance_result last_advance;

    silk_extension_state extension;
    silk_drag_state drag;
    silk_diagnostics diagnostics;

    silk_solver solver;
    silk_robust_state robust;
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

/* Validation helpers shared by the engine's files. */
bool silk_is_world(const silk_world* world);
bool silk_is_finite(double x);
bool silk_is_finite_vec2(silk_vec2 v);
bool silk_valid_particle(const silk_world* world, int32_t particle);
bool silk_valid_composite(const silk_world* world, int32_t composite);

/* Validators shared by the setters and the loaders (validate.c): one per value, so that
   snapshots and recordings are checked exactly as strictly as the API checks the same value.
   Each returns the status its setter returns. */
silk_status silk_check_size(double width, double height);
silk_status silk_check_step_seconds(double seconds); /* [SILK_MIN_, SILK_MAX_STEP_SECONDS] */
silk_status silk_check_relax_passes(int32_t step);
silk_status silk_check_substeps(int32_t substeps);
silk_status silk_check_iterations(int32_t iterations);
silk_status silk_check_near_passes(int32_t near_passes);
silk_status silk_check_decay_rate(double rate); /* damping, ground friction: finite, >= 0 */
silk_status silk_check_restitution(double restitution);
silk_status silk_check_inverse_mass(double inverse_mass);
silk_status silk_check_compliance(double compliance);
silk_status silk_check_rest(silk_constraint_kind kind, double rest);
silk_status silk_check_counter(int64_t count);
/* drag.c: moves the drag to queued pointer sample `count - 1` and forgets samples
   0 .. count - 1 (the stepper decides how many are due). */
void silk_drag_take_queued(silk_world* world, int32_t count);

/* def_check.c: the size check naming the side that failed (set_size and the world def). */
silk_status silk_check_size_detail(double width, double height, silk_error_detail* out_detail);

/* Counters stop at SILK_MAX_COUNTER instead of overflowing. */
static inline void silk_count(int64_t* counter)
{
    if (*counter < SILK_MAX_COUNTER)
    {
        *counter += 1;
    }
}

/* Memory and the columns: storage.h. */

/* Appends a constraint to a composite (constraint.c); validation is the caller's. */
silk_status silk_push_constraint(silk_world* world, int32_t composite, silk_constraint_kind kind,
                                 int32_t a, int32_t b, int32_t c, double stiffness, double rest,
                                 silk_vec2 target, int32_t* out_index);

/* The angle a-b-c at b, as verlet-js's Vec2.angle2 computes it (constraint.c). */
double silk_angle_at(silk_vec2 a, silk_vec2 b, silk_vec2 c);

/* The robust solver: robust.h. */

/* One step as advance runs it (crawl rule, the selected solver, watchdog, recording);
   h is the robust step in seconds (compat ignores it). stepper.c. Returns the robust step's
   status: SILK_ERR_NOMEM if its prepare could not size the scratch (that step moved nothing). */
silk_status silk_world_step(silk_world* world, double h);
/* Before a call runs steps: lets the robust solver size its scratch (when the world is robust,
   or a replay in progress may make it so), so that the call can fail before changing
   anything. stepper.c. */
silk_status silk_world_reserve_for_steps(silk_world* world);

/* Health (health.c): checks after a step; resets the history. */
void silk_watchdog_after_step(silk_world* world, double h);
void silk_watchdog_reset(silk_world* world);
void silk_watchdog_free(silk_world* world);
/* Grows the restore slots to the snapshot size the world's capacities allow (outside steps). */
silk_status silk_watchdog_reserve(silk_world* world);

/* Writes the solver and watchdog fields of the diagnostics (diagnostics.c). */
void silk_diagnostics_store_health(silk_world* world);

/* Snapshots (snapshot.c): the serialized state without allocation into a caller buffer. */
size_t silk_snapshot_size_of(const silk_world* world);
/* The size of a snapshot of a world with these counts and no extension block. */
size_t silk_snapshot_size_for(int32_t particles, int32_t constraints, int32_t composites);
void silk_snapshot_write(const silk_world* world, uint8_t* out);
/* Every check restore makes, changing nothing; out_particles (may be NULL) receives the
   snapshot's particle count. */
silk_status silk_snapshot_check(const silk_world* world, const uint8_t* bytes, size_t size,
                                int32_t* out_particles);
/* Restore without resetting the watchdog (its auto-restore uses it). */
silk_status silk_snapshot_restore(silk_world* world, const uint8_t* bytes, size_t size);
/* silk_world_restore for a replay's load (record.c): also sizes the robust scratch, so that the
   replay's steps cannot fail for memory. */
silk_status silk_snapshot_restore_for_replay(silk_world* world, const uint8_t* bytes, size_t size);
uint64_t silk_fnv1a(uint64_t hash, const uint8_t* bytes, size_t count);

/* Recording (record.c). */
void silk_record_input(silk_world* world, uint32_t type, int32_t i, double x, double y);
/* One event per changed field group of the robust settings (the setter calls it). */
void silk_record_robust(silk_world* world, const silk_robust_def* old, const silk_robust_def* def);
void silk_record_free(silk_world* world);
/* The most steps the recording in progress may claim and still load (silk.h: per byte of
   the file, times snapshot bytes, and in all). */
uint64_t silk_record_step_limit(const silk_world* world);
/* A replay in progress: the step's length after the recording's inputs of this step, and the
   bookkeeping after it (called by silk_world_step). */
double silk_play_before_step(silk_world* world);
void silk_play_after_step(silk_world* world);
void silk_play_free(silk_world* world);

/* Removes, in one order-preserving pass, every constraint j for which drop(world, j, context)
   is true (constraint.c); returns how many. Not for use inside a step. */
typedef bool silk_constraint_filter(const silk_world* world, int32_t j, void* context);
int32_t silk_remove_constraints_where(silk_world* world, silk_constraint_filter* drop,
                                      void* context);

/* Polygons (polygon.c): the collision pass the robust solver runs after each Gauss-Seidel pass
   (start: positions at the substep start, w: effective inverse masses), and storage. */
void silk_polygons_collide(silk_world* world, const silk_vec2* start, const double* w);
void silk_polygons_clear(silk_world* world);
void silk_polygons_free(silk_world* world);

/* The extension (extension.c): the start of a step, a clear, and the snapshot block
   (SILK_ERR_FORMAT for a foreign tag; headroom: constraints before_step may add). */
void silk_extension_before_step(silk_world* world);
void silk_extension_clear(silk_world* world);
/* Grows the extension's scratch to `capacity` particles (before the particle arrays grow). */
silk_status silk_extension_reserve(silk_world* world, int32_t capacity);
void silk_extension_free(silk_world* world);
bool silk_extension_saves(const silk_world* world); /* values not all zero */
silk_status silk_extension_check(const silk_world* world, uint32_t tag, const int32_t* values,
                                 int32_t count, int32_t particles, int32_t constraints,
                                 int32_t composites, int32_t* out_constraint_headroom);

#endif
