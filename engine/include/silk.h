/*
    silk.h -- a small 2D position-based (Verlet) physics engine.

    Silk is one C17 library that builds natively and as a standalone WebAssembly module. This
    header is its whole public API and its manual: read it top to bottom.

    THE MODEL
    =========
    A *world* holds *composites* in creation order. A composite holds *particles* and
    *constraints*, each in insertion order. Particles have global indices (0, 1, 2, ... in
    creation order, whatever their composite); constraints are addressed by their composite
    and their position in that composite's list (removal keeps the order, like
    Array.prototype.splice in the original).

    A particle is two points: its position p and its last position q. There is no mass and,
    in the compat solver, no time: velocity is p - q in px/frame and gravity is added to p as
    px/frame^2. Constraints:

        distance (a, b, stiffness, rest)   pulls |a - b| towards rest
        pin      (a, target)               sets a's position to target
        angle    (a, b, c, stiffness)      turns the angle a-b-c towards its rest angle

    FRAME VS ADVANCE
    ================
    silk_world_frame(world, step) is the *compat solver*: one frame of the 2013 engine
    verlet-js, reproduced bit for bit (docs/verification.md says what that means):

        1. integrate   v = (p - q) * friction, ground friction on the floor line,
                       q = p, p += gravity, p += v
        2. drag        a dragged particle (or its pin's target) goes to the pointer
        3. relax       for each composite: `step` passes over its constraints, coef 1/step
        4. bounds      floor and walls; there is no ceiling

    It keeps the original's defects on purpose (NaN when two points of a distance constraint
    coincide, no ceiling, soft pins when pins come first in a list, frame-rate-coupled physics)
    so that experiments measure the real thing.

    silk_world_advance(world, seconds) is the *stepper*: it feeds wall-clock time into a
    fixed-step accumulator and runs one frame(step) per fixed step (at most
    max_steps_per_frame, dropping the rest), keeping the previous positions so a renderer can
    draw prev + (cur - prev) * alpha. In coupled mode it runs exactly one frame per call,
    whatever the time, which is what the original page did.

    WORDS
    =====
    A *step* is always one fixed step of time: advance's steps, the stepper, robust steps
    (and their substeps), recordings' step counts, max_steps_per_frame. A *pass* is one
    relaxation sweep over a composite's constraints: a compat frame runs relax_passes of them
    (SILK_MAX_RELAX_PASSES at most), a robust substep `iterations`. The one exception is
    silk_world_frame(world, step), with run_frames and the step sweep that call it: they keep
    verlet-js's parameter name `step` for its passes because they mirror the original's
    frame(step) call by call.

    UNITS
    =====
    Lengths in px (CSS pixels), compat velocities in px/frame, compat gravity in px/frame^2,
    friction and ground friction as factors per frame, stepper times in seconds, angles in
    radians (diagnostics report degrees where they say so).

    ERRORS
    ======
    Every call that can fail returns a silk_status. Nothing crashes on bad input: indices are
    range-checked, numbers must be finite, counts positive, and a failing call leaves the
    world as it was. silk_status_string() names a code.

    MEMORY
    ======
    The world allocates when it is created and when something is added beyond its capacity
    (arrays grow geometrically). frame and relax never allocate. The robust solver sizes its
    own scratch on its first step after the world grew (advance, robust_step, play_run, or a
    replay's load): if that fails, the call returns SILK_ERR_NOMEM and changes nothing, and
    a later call tries again. A step after no growth never allocates. There is no global
    mutable state: everything hangs off the world handle, and two worlds never interact.

    THREADS
    =======
    A world is not thread-safe; different worlds may be used from different threads.
*/
#ifndef SILK_H
#define SILK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the public functions (a hook for shared-library builds; empty by default). The wasm
   module's exports are the flat wrappers in engine/wasm/exports.c. */
#ifndef SILK_API
#define SILK_API
#endif

/* ----------------------------------------------------------------------------------------
    Status codes
---------------------------------------------------------------------------------------- */

typedef enum silk_status
{
    SILK_OK = 0,
    SILK_ERR_NULL = -1,        /* a required pointer argument was NULL */
    SILK_ERR_INDEX = -2,       /* a particle, composite or constraint index is out of range */
    SILK_ERR_NONFINITE = -3,   /* a number argument was NaN or infinite */
    SILK_ERR_RANGE = -4,       /* a number is outside its allowed range (e.g. step <= 0) */
    SILK_ERR_CAPACITY = -5,    /* a count exceeds SILK_MAX_* */
    SILK_ERR_NOMEM = -6,       /* the allocator failed; nothing was changed */
    SILK_ERR_STATE = -7,       /* the call needs something the world does not have */
    SILK_ERR_DEF = -8,         /* a def struct did not come from silk_default_*_def() */
    SILK_ERR_KIND = -9,        /* the constraint is not of the kind the call needs */
    SILK_ERR_DEGENERATE = -10, /* geometry that cannot be measured (e.g. zero-length vector) */
    SILK_ERR_FORMAT = -11,     /* bytes are not a valid snapshot or recording (magic, version,
                                  size or checksum); nothing was changed */
    SILK_ERR_UNSUPPORTED = -12, /* this module has the compat solver only (silk-lite.wasm):
                                   the call needs the full module; nothing was changed */
} silk_status;

/* A short English name for a status code ("ok", "index out of range", ...). */
SILK_API const char* silk_status_string(silk_status status);

/* What this build of the engine holds (silk_features(): a mask of these). The full engine has
   them all. The compat-only build (the web's silk-lite.wasm, engine/src/robust_absent.c and
   engine/extras/collide_absent.c in place of the robust solver's files) has none: there, the
   robust solver, robust steps, a snapshot or recording that selects it, static polygons (the
   robust solver's geometry: none can be added), and the extras left out with it (tires, line
   segments, the ball pit, the chain cloth, the ball lesson) return SILK_ERR_UNSUPPORTED and
   change nothing. The compat solver is the same code in both, so the
   same world steps to the same bits in either. */
typedef enum silk_feature
{
    SILK_FEATURE_ROBUST = 1, /* the robust solver, its contacts and the extras named above */
} silk_feature;
SILK_API uint32_t silk_features(void);

/* Hard limits. They keep index arithmetic inside int32 and wasm memory. */
#define SILK_MAX_PARTICLES    (1 << 22)
#define SILK_MAX_CONSTRAINTS  (1 << 23)
#define SILK_MAX_COMPOSITES   (1 << 16)
#define SILK_MAX_RELAX_PASSES 4096 /* relaxation passes per frame */

/* The range of every step length in seconds (the stepper's step_seconds, a robust step's h,
   robust max_step_seconds, a recording's step-length events, a snapshot's last step). Why
   these bounds: the robust step divides h by up to SILK_MAX_SUBSTEPS substeps and uses
   1/hs^2 times a compliance of up to SILK_MAX_COMPLIANCE, so at the smallest step
   alpha~ = 1e9 / (1e-6 / 256)^2 = 6.6e25 and at the largest hs = 10 s -- both far inside
   double range, with exp(-damping hs) and g hs finite for every finite setting. A step of
   1e-150 s would make 1/hs^2 infinite (NaN everywhere); tests/c/test_reliability.c sweeps
   the edges and values past them. */
#define SILK_MIN_STEP_SECONDS 1e-6
#define SILK_MAX_STEP_SECONDS 10.0

/* The most work one call that steps may do, in element passes (one pass of one step over
   one particle or constraint; an angle counts as SILK_REPLAY_ANGLE_EXTRA + 1 and the
   constraints an extension may still add count before it adds them): the largest call
   admitted returns within about 2 s on a phone-class CPU (bench/workbound.mjs times each
   entry at its most). It bounds every call that runs steps:
     advance        runs at most max(1, SILK_CALL_MAX_PASSES / step work) steps per call, as
                    if max_steps_per_frame were that low: the clamp drops the rest
                    (dropped_seconds), so a huge max_steps_per_frame cannot buy a long call;
     frame, relax   a step or iteration count whose work passes the bound is SILK_ERR_RANGE;
     robust_step    settings whose one step passes it are SILK_ERR_RANGE, and so is advance;
     play_run       runs at most SILK_CALL_MAX_PASSES / step work steps per call (a replay is
                    resumed by calling it again; play_stop cancels).
   A step at the lightest settings (compat: one relax pass; robust: one substep of one
   iteration, one near pass, no chains) is always admitted: what is left is the world's own
   size, which its builder chose. silk_world_step_work gives one step's work now. */
#define SILK_CALL_MAX_PASSES ((int64_t)56000000)

/* Frame and step counters (diagnostics, snapshots) stay below 2^53: exact as doubles, and a
   restored counter cannot overflow int64 when it is incremented. They stop counting there. */
#define SILK_MAX_COUNTER ((int64_t)1 << 53)

/* ----------------------------------------------------------------------------------------
    Value types
---------------------------------------------------------------------------------------- */

typedef struct silk_vec2
{
    double x, y;
} silk_vec2;

/* The world is opaque: you hold a handle, never its internals. */
typedef struct silk_world silk_world;

/* Optional allocator hooks. Leave them NULL to use malloc/free. */
typedef void* silk_alloc_fn(size_t size, void* user);
typedef void silk_free_fn(void* memory, void* user);

/* ----------------------------------------------------------------------------------------
    Seeded random numbers (SplitMix64)

    The original called Math.random(); Silk draws from a per-world SplitMix64 so runs replay.
        state += 0x9E3779B97F4A7C15
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;  z = (z ^ (z >> 27)) * 0x94D049BB133111EB
        next = z ^ (z >> 31);   rand() = (next >> 11) * 2^-53   in [0, 1)
---------------------------------------------------------------------------------------- */

typedef struct silk_rng
{
    uint64_t state;
} silk_rng;

SILK_API silk_rng silk_rng_make(uint64_t seed);
/* A NULL rng gives 0. */
SILK_API uint64_t silk_rng_next_u64(silk_rng* rng);
SILK_API double silk_rng_next_double(silk_rng* rng);

/* ----------------------------------------------------------------------------------------
    Fixed-step clock: a value type, usable on its own; every world holds one (see "Stepping
    in seconds" for how advance uses it)

    advance(dt): accumulator += dt; while accumulator >= step: accumulator -= step, run a step
    (at most max_steps_per_frame; past that the whole remainder is dropped and alpha is 0);
    alpha = accumulator / step, always in [0, 1).

    Time is kept as an integer count of ticks, SILK_TICKS_PER_STEP to a step. Why: with a
    double accumulator 144 advances of 1/144 s give 59 steps of 1/60 s (the sum falls one ulp
    short). 720720 = lcm(1..16), so a frame of step * p/q seconds for any q <= 16 (60 Hz
    steps at 30, 75, 90, 120, 144, 165, 240 Hz displays) is an exact number of ticks; the
    extra 4096 makes a tick 1/2.95e9 of a step. Each dt is converted to ticks with the
    rounding remainder carried into the next call (tick_carry), so the tick total is the
    running sum of all dts rounded once, not a sum of per-call roundings: two jittered
    sequences whose totals agree to a few ulps give the same number of steps.
---------------------------------------------------------------------------------------- */

#define SILK_TICKS_PER_STEP ((int64_t)720720 * 4096)

typedef struct silk_stepper_def
{
    double step_seconds;         /* fixed step, seconds (default 1/60) */
    int32_t max_steps_per_frame; /* the spiral-of-death brake (default 8) */
    int32_t internal_cookie;
} silk_stepper_def;

typedef struct silk_stepper
{
    int64_t accumulator_ticks;
    double tick_carry; /* rounding remainder of the last dt, in ticks, |carry| <= 0.5 */
    double step_seconds;
    int32_t max_steps_per_frame;
} silk_stepper;

typedef struct silk_advance_result
{
    int32_t steps;              /* fixed steps run by this call */
    double alpha;               /* accumulator / step in [0, 1): render interpolation weight */
    double dropped_seconds;     /* time thrown away by the max_steps_per_frame clamp */
    double accumulator_seconds; /* time left in the accumulator */
} silk_advance_result;

/* Called once per fixed step by silk_stepper_advance. */
typedef void silk_step_fn(void* context, double step_seconds);

SILK_API silk_stepper_def silk_default_stepper_def(void);
SILK_API silk_status silk_stepper_init(silk_stepper* stepper, const silk_stepper_def* def);
/* Rejects negative, NaN and infinite dt with SILK_ERR_RANGE / SILK_ERR_NONFINITE, and a
   stepper silk_stepper_init did not set up (zeroed or corrupted fields) with
   SILK_ERR_STATE. */
SILK_API silk_status silk_stepper_advance(silk_stepper* stepper, double dt_seconds,
                                          silk_step_fn* on_step, void* context,
                                          silk_advance_result* out_result);
SILK_API void silk_stepper_reset(silk_stepper* stepper);
SILK_API double silk_interpolate(double prev, double cur, double alpha);

/* ----------------------------------------------------------------------------------------
    World
---------------------------------------------------------------------------------------- */

typedef enum silk_loop_mode
{
    SILK_LOOP_FIXED = 0,   /* accumulator: frames per second of wall time are constant */
    SILK_LOOP_COUPLED = 1, /* one frame per advance call, like the original page */
} silk_loop_mode;

typedef struct silk_world_def
{
    double width, height;      /* canvas size, px (default 800 x 500) */
    silk_vec2 gravity;         /* px/frame^2 (default 0, 0.2) */
    double friction;           /* velocity factor per frame (default 0.99) */
    double ground_friction;    /* speed factor per frame on the floor line (default 0.8) */
    uint64_t seed;             /* SplitMix64 seed (default 1) */
    int32_t particle_capacity; /* initial reservations; the world grows past them */
    int32_t constraint_capacity;
    int32_t composite_capacity;
    int32_t relax_passes; /* relaxation passes of each compat frame advance runs: frame(16) */
#ifdef SILK_TEST_SETTING
    double test_knob; /* the test build's own setting (tests/c/test_world_setting.c) */
#endif
    silk_stepper_def stepper; /* fixed step and clamp used by advance */
    silk_alloc_fn* alloc_fn;  /* optional; both or neither */
    silk_free_fn* free_fn;
    void* allocator_user;
    int32_t internal_cookie;
} silk_world_def;

SILK_API silk_world_def silk_default_world_def(void);
SILK_API silk_status silk_world_create(const silk_world_def* def, silk_world** out_world);
SILK_API void silk_world_destroy(silk_world* world); /* NULL is ignored */

/* Settings that may change at any time.

   Every setting of silk_world_def above (not the capacities, the allocator or the stepper)
   is also a silk_world_setting, in this order, set and read by one call each:
   silk_world_set_setting checks the value with the validator create uses, records the change
   when a recording runs (the SILK_EVENT_* of the setting, if it has one), and on every
   outcome writes silk_world_last_error_detail (the field, C spelling, and its rule). The
   named setters below are that call for one setting each, and keep their contracts: they
   return the same status without writing the detail (set_size: both sides checked first,
   the detail written; set_seed also restarts the generator). A value is in x (a double, or
   an int32 as a whole number), in x and y (a vec2), or in seed (the uint64_t seed). */
typedef enum silk_world_setting
{
    SILK_WORLD_SETTING_WIDTH,           /* double, px, >= 1 */
    SILK_WORLD_SETTING_HEIGHT,          /* double, px, >= 1 */
    SILK_WORLD_SETTING_GRAVITY,         /* vec2, px/frame^2, finite */
    SILK_WORLD_SETTING_FRICTION,        /* double, finite */
    SILK_WORLD_SETTING_GROUND_FRICTION, /* double, finite */
    SILK_WORLD_SETTING_SEED,            /* uint64_t, any; restarts the generator */
    SILK_WORLD_SETTING_RELAX_PASSES,    /* int32, [1, SILK_MAX_RELAX_PASSES] */
#ifdef SILK_TEST_SETTING
    SILK_WORLD_SETTING_TEST_KNOB, /* double, [0, 1] (the test build's) */
#endif
    SILK_WORLD_SETTING_COUNT
} silk_world_setting;

typedef struct silk_setting_value
{
    double x, y;   /* a double: x; a vec2: x, y; an int32: x, a whole number */
    uint64_t seed; /* a uint64_t (the seed) */
} silk_setting_value;

/* SILK_ERR_RANGE: no such setting (as set_loop_mode); a value its validator refuses:
   SILK_ERR_NONFINITE or SILK_ERR_RANGE, and nothing changes. */
SILK_API silk_status silk_world_set_setting(silk_world* world, silk_world_setting setting,
                                            const silk_setting_value* value);
SILK_API silk_status silk_world_get_setting(const silk_world* world, silk_world_setting setting,
                                            silk_setting_value* out_value);
SILK_API silk_status silk_world_set_gravity(silk_world* world, silk_vec2 gravity);
SILK_API silk_status silk_world_set_friction(silk_world* world, double friction);
SILK_API silk_status silk_world_set_ground_friction(silk_world* world, double ground_friction);
SILK_API silk_status silk_world_set_size(silk_world* world, double width, double height);
SILK_API silk_status silk_world_set_seed(silk_world* world, uint64_t seed);
SILK_API silk_vec2 silk_world_get_gravity(const silk_world* world);
SILK_API double silk_world_get_friction(const silk_world* world);
SILK_API double silk_world_get_ground_friction(const silk_world* world);
SILK_API silk_vec2 silk_world_get_size(const silk_world* world);

/* One draw from the world's generator, in [0, 1). */
SILK_API double silk_world_random(silk_world* world);

/* Removes every composite, particle and constraint; keeps settings and capacity. The
   generator is re-seeded with the world's seed. */
SILK_API void silk_world_clear(silk_world* world);

/* The def that creates an empty world like this one: size, gravity, friction, seed, relax
   steps, stepper and allocator as they are now, and the current capacities. A tool builds a
   scratch copy from it (silk_world_build_scene measures a scene that way). */
SILK_API silk_world_def silk_world_get_def(const silk_world* world);

/* Grows the capacities to at least these counts, all or nothing (SILK_ERR_NOMEM changes
   nothing). Adds within the reserved capacity never allocate, so a builder that reserves
   first cannot fail half-way for memory. Counts above SILK_MAX_* are SILK_ERR_CAPACITY. */
SILK_API silk_status silk_world_reserve(silk_world* world, int32_t particles, int32_t constraints,
                                        int32_t composites);

/* Undoing appends. A mark records the counts; silk_world_rollback() removes every particle,
   constraint and composite added after it. It refuses (SILK_ERR_STATE, nothing changes)
   unless everything after the mark is appended: new composites, their constraints and
   particles only, nothing removed or added to an older composite since. Builders use it so
   that a failing build leaves the world as it was. A mark the world cannot honour is refused
   the same way -- counts above the world's; constraints that do not end a composite; a kept
   particle of a removed composite ({particles: now, composites: old}); a kept constraint on
   a removed particle; an extension whose values would point at removed things (see
   "Extensions", ROLLBACK) -- and each refusal writes its own detail (field "mark",
   "mark.particles", "mark.constraints", "mark.composites" or "extension"). A rollback that
   succeeds leaves the detail as it was, so a builder that rolls back keeps its own failure's
   detail. */
typedef struct silk_world_mark
{
    int32_t particles, constraints, composites;
} silk_world_mark;
SILK_API silk_world_mark silk_world_get_mark(const silk_world* world);
SILK_API silk_status silk_world_rollback(silk_world* world, silk_world_mark mark);

/* ----------------------------------------------------------------------------------------
    Composites and particles
---------------------------------------------------------------------------------------- */

SILK_API silk_status silk_world_add_composite(silk_world* world, int32_t* out_composite);
SILK_API int32_t silk_world_composite_count(const silk_world* world);

/* A new particle has p = q = position. */
SILK_API silk_status silk_world_add_particle(silk_world* world, int32_t composite,
                                             silk_vec2 position, int32_t* out_particle);
SILK_API int32_t silk_world_particle_count(const silk_world* world);
SILK_API silk_status silk_world_particle_composite(const silk_world* world, int32_t particle,
                                                   int32_t* out_composite);

SILK_API silk_status silk_world_set_position(silk_world* world, int32_t particle, silk_vec2 p);
SILK_API silk_status silk_world_set_last_position(silk_world* world, int32_t particle, silk_vec2 q);
SILK_API silk_status silk_world_get_position(const silk_world* world, int32_t particle,
                                             silk_vec2* out_p);
SILK_API silk_status silk_world_get_last_position(const silk_world* world, int32_t particle,
                                                  silk_vec2* out_q);

/* Arrays of particle_count points, indexed by particle: read-only views for renderers.
   They move when the world grows (after an add), so fetch them again after adding.
   `previous` holds the positions before the last fixed step of advance (interpolation). */
SILK_API const silk_vec2* silk_world_positions(const silk_world* world);
SILK_API const silk_vec2* silk_world_last_positions(const silk_world* world);
SILK_API const silk_vec2* silk_world_previous_positions(const silk_world* world);

/* ----------------------------------------------------------------------------------------
    Constraints
---------------------------------------------------------------------------------------- */

typedef enum silk_constraint_kind
{
    SILK_DISTANCE = 1,
    SILK_PIN = 2,
    SILK_ANGLE = 3,
} silk_constraint_kind;

typedef struct silk_distance_def
{
    int32_t a, b;             /* particles */
    double stiffness;         /* correction fraction per relaxation (default 1) */
    double rest;              /* rest length, px, used when rest_from_positions is false */
    bool rest_from_positions; /* default true: rest = |a - b| now (sqrt(dx*dx + dy*dy)) */
    int32_t internal_cookie;
} silk_distance_def;

typedef struct silk_pin_def
{
    int32_t particle;
    silk_vec2 target;          /* used when target_from_position is false */
    bool target_from_position; /* default true: pin where the particle is now */
    int32_t internal_cookie;
} silk_pin_def;

typedef struct silk_angle_def
{
    int32_t a, b, c;  /* the angle a-b-c, measured at b; rest angle taken now */
    double stiffness; /* default 1 */
    int32_t internal_cookie;
} silk_angle_def;

SILK_API silk_distance_def silk_default_distance_def(void);
SILK_API silk_pin_def silk_default_pin_def(void);
SILK_API silk_angle_def silk_default_angle_def(void);

/* Each appends to the composite's list and returns the constraint's position in it.
   Particles may belong to any composite. Stiffness must be finite (the compat solver lets
   you set unstable values on purpose; diagnostics report the verdict). */
SILK_API silk_status silk_world_add_distance(silk_world* world, int32_t composite,
                                             const silk_distance_def* def, int32_t* out_index);
SILK_API silk_status silk_world_add_pin(silk_world* world, int32_t composite,
                                        const silk_pin_def* def, int32_t* out_index);
SILK_API silk_status silk_world_add_angle(silk_world* world, int32_t composite,
                                          const silk_angle_def* def, int32_t* out_index);

/* Order-preserving removal: later constraints of the composite move up by one. */
SILK_API silk_status silk_world_remove_constraint(silk_world* world, int32_t composite,
                                                  int32_t index);

typedef struct silk_constraint_info
{
    silk_constraint_kind kind;
    int32_t a, b, c;  /* particles; unused ones are -1 */
    double stiffness; /* pins: 1 */
    double rest;      /* distance: rest length; angle: rest angle (rad); pin: 0 */
    silk_vec2 target; /* pin target; others (0, 0) */
} silk_constraint_info;

SILK_API int32_t silk_world_constraint_count(const silk_world* world); /* all composites */
SILK_API silk_status silk_world_composite_constraint_count(const silk_world* world,
                                                           int32_t composite, int32_t* out_count);
SILK_API silk_status silk_world_get_constraint(const silk_world* world, int32_t composite,
                                               int32_t index, silk_constraint_info* out_info);
/* Moves a pin's target (SILK_ERR_KIND if the constraint is not a pin). */
SILK_API silk_status silk_world_set_pin_target(silk_world* world, int32_t composite, int32_t index,
                                               silk_vec2 target);
/* A distance's rest length (>= 0, finite) or an angle's rest angle (finite); pins have none
   (SILK_ERR_INDEX). The spiderweb's tensor uses it: rest lengths scaled after building. */
SILK_API silk_status silk_world_set_rest(silk_world* world, int32_t composite, int32_t index,
                                         double rest);

/* Flat, read-only constraint arrays in solver order (composite 0's list, then 1's, ...),
   for renderers: kinds, particle a, particle b (-1 for pins), rest (distance rest length,
   angle rest angle, 0 for pins). Valid until the next add or remove. */
SILK_API const uint8_t* silk_world_constraint_kinds(const silk_world* world);
SILK_API const int32_t* silk_world_constraint_a(const silk_world* world);
SILK_API const int32_t* silk_world_constraint_b(const silk_world* world);
SILK_API const int32_t* silk_world_constraint_c(const silk_world* world);
SILK_API const double* silk_world_constraint_rest(const silk_world* world);
/* Pin targets, one point per constraint in the same order: the target for pins, (0, 0) for
   other kinds. The original draws a pin's disc at its target, and a dragged pin's target
   moves, so a renderer reads it every frame. */
SILK_API const silk_vec2* silk_world_constraint_targets(const silk_world* world);
/* First global position of a composite's constraints in those arrays. */
SILK_API silk_status silk_world_composite_constraint_begin(const silk_world* world,
                                                           int32_t composite, int32_t* out_begin);

/* ----------------------------------------------------------------------------------------
    The compat solver
---------------------------------------------------------------------------------------- */

/* One frame of verlet-js: integrate, drag, relax `step` passes with coef 1/step, bounds.
   step in [1, SILK_MAX_RELAX_PASSES], and (step + 1) x elements <= SILK_CALL_MAX_PASSES unless
   step is 1 (SILK_ERR_RANGE, detail "step"). */
SILK_API silk_status silk_world_frame(silk_world* world, int32_t step);
/* The element passes one step of this world costs at its settings now (advance's steps, a
   robust step, a compat frame at relax_passes): the unit of SILK_CALL_MAX_PASSES. */
SILK_API silk_status silk_world_step_work(const silk_world* world, double* out_passes);

/* Relaxation only: for each composite in order, `iterations` passes over its constraints
   with coefficient `coef` (no integration, no bounds). For experiments. iterations in
   [0, 1000000] with iterations x elements <= SILK_CALL_MAX_PASSES unless it is 1
   (SILK_ERR_RANGE, detail "iterations"). */
SILK_API silk_status silk_world_relax(silk_world* world, int32_t iterations, double coef);

/* ----------------------------------------------------------------------------------------
    The robust solver (XPBD in seconds)

    A second solver over the same world data (particles, composites, constraints, pins,
    drag). Select it per world with silk_world_set_solver(); switching is allowed at any
    time and keeps the motion: the compat solver's velocity p - q is px per frame, the
    robust solver's is (p - q) / h px/s with h the last step's length, and a switch
    converts between them. silk_world_frame() is always the compat solver;
    silk_world_advance() runs whichever is selected.

    WHAT IT FIXES (seed 000's seven defects of verlet-js; compat keeps them on purpose)
        1 coincident points   a zero-length distance gets a fixed direction (+x), never NaN
        2 no ceiling          a full box: walls, floor and a one-way ceiling at y = 0 (a
                              particle that starts above the canvas may fall in, none leaves)
        3 angle constraint    an XPBD constraint on the angle with exact gradients: its
                              corrections sum to zero, so the centre of mass stays put
        4 per-frame physics   gravity in px/s^2, damping and ground friction in 1/s, a step
                              in seconds: the same motion at any display rate
        5, 6 (JS source: a bare global Vec2, for..in over arrays) do not exist in a C
                              engine with an ES-module binding; tests check the binding
        7 no health checks    the watchdog below, for both solvers

    THE STEP (Macklin, Mueller, Chentanez 2016, "XPBD"; Macklin et al. 2019, "Small Steps")
    One step of h seconds is `substeps` substeps of hs = h / substeps, each with
    `iterations` (default 1) Gauss-Seidel passes:
        v = the velocity the last robust step kept, or (p - q) / h_last if p or q were
            changed since (compat frames, set calls): q alone would lose an ulp of p a step
        per substep:  v += g hs;  v *= exp(-damping hs);  start = p;  p += v hs
                      pinned and dragged particles move to their targets (inverse mass 0)
                      lambda = 0; passes over distances, then angles:
                          dlambda = (-C - alpha~ lambda) / (sum w |grad C|^2 + alpha~),
                          alpha~ = compliance / hs^2,  p_i += w_i grad_i C dlambda
                      box: floor, walls, one-way ceiling; v = (p - start) / hs; on a contact
                      the normal speed becomes -restitution x the speed before, and on the
                      floor the tangential speed decays by exp(-ground_friction hs)
        q = p - v h
    Small substeps with one pass each converge faster than one step with many passes at the
    same cost, and the compliance makes stiffness a material constant: it no longer depends
    on the step, the substeps or the passes (compat's stiffness k depends on all three).
    With `tethers` on, every particle connected to a fixed particle (a pin or inverse mass
    0) through distance constraints also keeps within its rest-length path distance of the
    nearest one: after each pass, a particle farther away is moved onto that sphere (Kim,
    Chentanez, Mueller 2012, "Long Range Attachments"). It stops the sag of long hanging
    chains and cloths that the one-pass substeps cannot remove, at the cost of one
    distance test per particle. It assumes rigid links: with compliant or pre-tensioned
    links (the web's tensor 0.3) it would pull everything towards the pins, so it is off
    by default.
    Constraints are solved in an order computed once per change of the constraint set:
    outwards from fixed particles (pins, inverse mass 0), and within each ring coloured so
    that neighbouring records touch different particles (independent sets).

    FASTER STIFFNESS (opt-in; the defaults keep one near pass, no chains, and their bits)
    `near_passes` repeats the near pass: a cloth hung from a few pins is stretched most in
    the links at the pins (the top row between two pins is taut and carries the columns
    below), and a few cheap passes over those rings buy more there than whole substeps.
    `chains` cuts the distance constraints into simple paths (a rope is one; a grid cloth
    one path snaking through its rows, then its columns) and solves each path at once: one
    tridiagonal solve of (J W J^T + alpha~) dlambda = -C - alpha~ lambda per pass, the block
    form of the Gauss-Seidel pass, so a pin's pull reaches the end of a rope in one pass
    instead of one link per pass (the near pass is not run with chains; `iterations` repeat
    the chain solve, as Newton steps). A rope needs 2 substeps x 2 iterations for what 100+
    plain substeps do; a grid cloth does worse with chains (its taut top row is a singular
    configuration for the linearised solve). `near_mobility` m < 1 weights the near passes
    towards the pins: in each link the particle on the ring nearer the fixed particles
    moves only m times as far as its mass says, so a correction pushes the error outwards
    instead of pulling the pins' neighbours down again (mass scaling by distance from the
    supports, as shock propagation does for stacks). It is not momentum-conserving, but it is
    confined to the near passes, which are not physics anyway. A hanging cloth at 15 substeps
    with m = 0.25 is stretched less than at 18 substeps with 4 near passes.
    docs/notes/2026-12-robust-stiff-cloth.md has the figures.

    DETERMINISM
    The robust path gives the same bits natively and in wasm in every browser: IEEE + - * /
    and sqrt only (-ffp-contract=off: no fused multiply-add), its own polynomial atan2, exp
    and log (no libm or Math.* transcendental), and a fixed order of every sum. Robust worlds
    also build scenes and crawl with Silk's own sin/cos (compat worlds keep the host's, so
    that compat stays bit-identical with verlet-js), so a scene built in a robust world has
    the same bits everywhere: `silk-lab hash --scene web --solver robust --seed S --frames N`
    prints what the page shows after N fixed steps.

    UNITS AND THE MAPPING FROM COMPAT
    gravity px/s^2, damping and ground friction 1/s, compliance px per unit force (force =
    mass x px/s^2; a distance constraint stretches by compliance x force), masses in
    arbitrary units (default 1 per particle). The compat page runs one frame per 1/60 s,
    so silk_robust_def_from_compat() maps:
        gravity          g_px/frame^2 / h^2             0.2 -> 720 px/s^2
        damping          -ln(friction) / h              0.99 -> 0.6030 /s
        ground friction  -ln(ground_friction) / h       0.8 -> 13.39 /s
    and every new constraint gets a compliance from its stiffness k, chosen so that a lone
    constraint loses the same fraction of its error per 1/60 s as in compat frame(16):
        r = |1 - 4k/16|^16 (r = 0 for k >= 4),  1 - beta = r^(1/8),
        compliance = hs^2 W (1 - beta) / beta,  hs = 1/480 s,  W = sum |grad C|^2 (unit
        masses: 2 for a distance; for an angle, from its geometry when it is added)
    (silk_compliance_from_stiffness). It is a physical constant, so it holds at any step,
    substep count or display rate. Pins are exact in the robust solver whatever their
    place in the list (compat's pins are soft when they come first).
---------------------------------------------------------------------------------------- */

typedef enum silk_solver
{
    SILK_SOLVER_COMPAT = 0, /* verlet-js, bit for bit (the default) */
    SILK_SOLVER_ROBUST = 1, /* XPBD in seconds */
} silk_solver;

typedef struct silk_robust_def
{
    silk_vec2 gravity;       /* px/s^2, default (0, 720) */
    double damping;          /* velocity decay rate, 1/s, default 0.6030 (compat 0.99) */
    double ground_friction;  /* tangential decay on the floor, 1/s, default 13.39 (0.8) */
    int32_t substeps;        /* per step, 1..SILK_MAX_SUBSTEPS, default 8 */
    int32_t iterations;      /* passes per substep, 1..SILK_MAX_ITERATIONS, default 1 */
    bool ceiling;            /* one-way ceiling at y = 0, default true */
    double restitution;      /* 0..1 normal bounce off the box, default 0 */
    double max_step_seconds; /* coupled loop mode: longest step, default 1/30 */
    bool tethers;            /* long-range attachments, default false (see below) */
    bool near_pass;          /* one extra, scaled pass over the links nearest the fixed
                                particles each substep, default true; off, a step is exactly
                                substeps x iterations Gauss-Seidel passes (the seed 003 rope) */
    int32_t near_passes;     /* how many near passes (with near_pass on), 1..SILK_MAX_NEAR_PASSES,
                                default 1; see "FASTER STIFFNESS" above */
    bool chains;             /* solve the distances chain by chain, each by one direct
                                tridiagonal solve per pass, default false (see above) */
    double near_mobility;    /* in the near passes, how far the end of a link nearer the
                                fixed particles moves, as a share of what its mass says,
                                (0, 1], default 1 (see above) */
    double contact_friction; /* particle-particle contacts (radius > 0): Coulomb
                                coefficient of the positional friction, >= 0, default 0.3
                                (see "Collisions") */
    double contact_restitution; /* particle-particle contacts: normal bounce, [0, 1],
                                   default 0 (inelastic) */
    bool sleep;                 /* resting discs sleep, default false (see "Sleeping") */
    double sleep_speed;         /* a disc slower than this, px/s, is resting, >= 0, default 12 */
    int32_t sleep_steps;        /* steps every disc of an island must rest before it sleeps,
                                   1..SILK_MAX_SLEEP_STEPS, default 30 (0.5 s at 60 Hz) */
    int32_t internal_cookie;
} silk_robust_def;

#define SILK_MAX_SUBSTEPS      256
#define SILK_MAX_ITERATIONS    64 /* robust passes per substep */
#define SILK_MAX_NEAR_PASSES   64
#define SILK_MAX_SLEEP_STEPS   1000000
#define SILK_MAX_COMPLIANCE    1e9
#define SILK_COMPAT_FRAME_RATE 60.0 /* the compat page: one frame per 1/60 s */

SILK_API silk_robust_def silk_default_robust_def(void);
/* Gravity, damping and ground friction for a robust world that moves like a compat world
   with these per-frame settings at one frame per frame_seconds (1/60 for the pages); the
   rest of the def keeps its defaults. */
SILK_API silk_robust_def silk_robust_def_from_compat(silk_vec2 gravity_per_frame2, double friction,
                                                     double ground_friction, double frame_seconds);
/* Sets the world's robust gravity, damping and ground friction from its compat gravity,
   friction and ground friction at one frame per fixed step (silk_robust_def_from_compat with
   the stepper's step_seconds); the other robust settings stay. The one place the mapping
   is applied for a host (the page's sliders, the JS binding's createWorld). */
SILK_API silk_status silk_world_match_robust_to_compat(silk_world* world);
/* The compliance that matches compat stiffness k for a constraint with sum |grad C|^2 = W
   at unit masses (2 for a distance). Clamped to [0, SILK_MAX_COMPLIANCE]. */
SILK_API double silk_compliance_from_stiffness(double stiffness, double w);

SILK_API silk_status silk_world_set_solver(silk_world* world, silk_solver solver);
SILK_API silk_solver silk_world_get_solver(const silk_world* world);
SILK_API silk_status silk_world_set_robust(silk_world* world, const silk_robust_def* def);
SILK_API silk_robust_def silk_world_get_robust(const silk_world* world);
/* One robust step of `seconds` (> 0, finite), whatever solver is selected (for tests and
   tools; advance is the usual way). SILK_ERR_RANGE (detail "robust") when the settings make
   one step more than SILK_CALL_MAX_PASSES element passes of this world. */
SILK_API silk_status silk_world_robust_step(silk_world* world, double seconds);

/* Masses (robust solver only; compat has none). mass > 0 and finite, or +inf for an
   immovable particle; inverse mass >= 0 and finite. New particles have mass 1. */
SILK_API silk_status silk_world_set_mass(silk_world* world, int32_t particle, double mass);
SILK_API silk_status silk_world_set_inverse_mass(silk_world* world, int32_t particle,
                                                 double inverse_mass);
SILK_API silk_status silk_world_get_inverse_mass(const silk_world* world, int32_t particle,
                                                 double* out_inverse_mass);
/* Per-constraint compliance, >= 0 and <= SILK_MAX_COMPLIANCE (0 = rigid; pins ignore it). */
SILK_API silk_status silk_world_set_compliance(silk_world* world, int32_t composite, int32_t index,
                                               double compliance);
SILK_API silk_status silk_world_get_compliance(const silk_world* world, int32_t composite,
                                               int32_t index, double* out_compliance);
/* Flat compliances in solver order, like silk_world_constraint_rest(). */
SILK_API const double* silk_world_constraint_compliance(const silk_world* world);

/* ----------------------------------------------------------------------------------------
    Collisions (robust solver only; compat stays verlet-js, which has none)

    A particle with radius r > 0 is a disc: the robust solver keeps it out of every other
    disc it may collide with and out of the static polygons (its centre stays r from their
    edges). Radius 0, the default, is a point as before: every scene without radii keeps its
    bits, its state hash and its recordings' outcome.

    WHICH PAIRS COLLIDE
    Each composite has a filter (Box2D's b2Filter, per composite): particles of composites
    A and B collide when (A.category_bits & B.mask_bits) and (B.category_bits & A.mask_bits)
    are both non-zero. Particles of the SAME composite collide only if its self_collide is
    on (default off): a rope's or cloth's own particles sit one link apart, closer than two
    radii when the links are short, and would fight their own distance constraints. Off by
    composite, not by "joined by a constraint", because it costs one integer compare per
    pair and needs no adjacency lookup in the inner loop; a ball pit is one composite with
    self_collide on. With self_collide on, keep radii below half the shortest link.

    THE SOLVE
    Inside each substep, after the distances and angles of every pass: a uniform grid over
    the colliding particles (engine/src/broadphase.c: counting sort by cell, then particle
    index, so the order never depends on insertion), then each overlapping pair, in grid
    order, as an XPBD contact with zero compliance: C = |a - b| - (r_a + r_b) < 0, moved by
    their inverse masses (momentum is conserved to rounding), then positional Coulomb
    friction (the pair's relative tangential motion over the substep, removed up to
    contact_friction x the depth just corrected), then the polygons. After the substep's
    velocities: restitution on the pairs that were in contact (Mueller et al. 2020), below
    2 |g| hs approach speed none (as the box). The box (floor, walls, ceiling) holds a disc
    by its rim. A disc moving less than its radius per substep cannot pass through another
    disc or a polygon edge: at 60 Hz and 8 substeps that is r x 480 px/s.

    SLEEPING (robust sleep, sleep_speed, sleep_steps; off by default)
    With sleep on, a disc that may sleep -- radius > 0, inverse mass > 0, not dragged, and
    its composite has no constraint (a rope's, a cloth's or a pinned composite's particles
    never sleep) -- counts the steps it ends slower than sleep_speed px/s. The discs that
    have rested sleep_steps steps and touch in a step (its last contact pass) form islands;
    pinned and immovable discs, the static polygons and discs still settling are ground, not
    members. An island falls asleep as one: velocity 0, q = p, and its discs are not
    integrated and pairs of two sleeping discs are not solved (a step whose discs all sleep
    runs no contact pass). An island waits while a disc still settling overlaps one of its
    discs deeper than 0.6 of the smaller radius (the load of a pile still moving above it:
    asleep, the island would keep that overlap). An awake disc that hits a sleeping one
    faster than sleep_speed plus one substep of gravity wakes that disc alone, not its island
    (at the end of the step that found the touch; the step's last substep's contacts are the
    ones seen); slower, it rests on it as on the floor. (Box2D's islands are all touching
    bodies; here one disc still creeping on a pile's slope would keep the whole pile awake:
    a 5,000-ball pile then did not sleep in 14 s.) Every input wakes every sleeping disc: a
    recorded input (drag, a setting, a radius, a filter), set position / last position, set
    pin target, a static polygon added, and any change of the constraint set or a mass;
    nothing sleeps while a drag is held. The sleep state is world state: snapshots (v7), the state hash (its sleep block,
    only where some particle rests), recordings and rollback carry it. The default 12 px/s
    is about one step of the default gravity at 60 Hz: a wedged disc's jitter stays below it.
---------------------------------------------------------------------------------------- */

#define SILK_MAX_RADIUS 4096.0 /* px */

/* A particle's radius, finite, in [0, SILK_MAX_RADIUS] px (0: no collisions, the default).
   Recorded (SILK_EVENT_RADIUS). */
SILK_API silk_status silk_world_set_radius(silk_world* world, int32_t particle, double radius);
SILK_API silk_status silk_world_get_radius(const silk_world* world, int32_t particle,
                                           double* out_radius);
/* The radii, particle_count of them, indexed by particle (a renderer's view; it moves when
   the world grows). */
SILK_API const double* silk_world_radii(const silk_world* world);

typedef struct silk_collision_filter
{
    uint32_t category_bits; /* what this composite is, default 1 */
    uint32_t mask_bits;     /* what it collides with, default 0xFFFFFFFF (everything) */
    bool self_collide;      /* its own particles collide with each other, default false */
} silk_collision_filter;

SILK_API silk_collision_filter silk_default_collision_filter(void);
/* Recorded (SILK_EVENT_COLLISION_FILTER, SILK_EVENT_COLLISION_SELF). */
SILK_API silk_status silk_world_set_collision_filter(silk_world* world, int32_t composite,
                                                     silk_collision_filter filter);
SILK_API silk_status silk_world_get_collision_filter(const silk_world* world, int32_t composite,
                                                     silk_collision_filter* out_filter);

/* ----------------------------------------------------------------------------------------
    Static polygons and cutting (the timing lab's rope and cloth, seed 003)

    A polygon is static, convex scene geometry (a box, a ledge) that the robust solver keeps
    particles out of. Inside every Gauss-Seidel pass, after the distances and angles, each
    movable particle that is inside a polygon goes back out along the polygon's axis of
    least penetration: for a point and a convex polygon the separating axes (SAT) are the
    edge normals, the penetration along edge k is -s_k with s_k = (p - v_k) . n_k (n_k the
    outward unit normal), the point is inside when every s_k < 0, and the projection is
    p += n_k (-s_k) for the largest s_k. It lands on the surface, so a pass never leaves a
    particle inside (up to rounding, < 1e-9 px). Friction is positional (Macklin et al.
    2014, "Unified particle physics"): the part of the substep's displacement along the
    surface is removed up to `friction` x the depth just corrected (static when it fits,
    kinetic when it does not). Particles are points (radius 0); a link between two
    particles may still cut a corner. Like any position projection it has a speed limit: a
    particle that ends a substep more than halfway through a polygon goes out through the
    far side, and the push becomes velocity (lab seed003.5). Keep polygons thicker than
    twice the distance a particle moves in one substep.

    Polygons belong to the world, not to a composite; silk_world_clear() removes them. They
    are not part of snapshots, state hashes or recordings (format version 1): a replay
    needs a world with the same polygons. The compat solver ignores them (verlet-js has no
    collisions).

    Cutting: silk_world_cut(world, a, b) removes every distance constraint whose segment
    between its particles' current positions crosses the segment a-b (a proper crossing:
    touching at an end point does not cut), in one order-preserving pass over all
    composites. Pins and angles are never cut. Like silk_world_remove_constraint() it is not
    recorded.
---------------------------------------------------------------------------------------- */

#define SILK_MAX_POLYGON_POINTS 64
#define SILK_MAX_POLYGONS       1024
/* Vertices lie within +-SILK_MAX_POLYGON_COORD px (SILK_ERR_RANGE beyond) and edges are at
   least SILK_MIN_POLYGON_EDGE px long (SILK_ERR_DEGENERATE below): then every edge normal is
   a finite unit vector (1.5e154-px edges used to overflow to zero or NaN normals). */
#define SILK_MAX_POLYGON_COORD 1e12
#define SILK_MIN_POLYGON_EDGE  1e-6

typedef struct silk_polygon_def
{
    const silk_vec2* points; /* count vertices of a convex polygon, px, either winding */
    int32_t count;           /* 3..SILK_MAX_POLYGON_POINTS */
    double friction;         /* >= 0: tangential correction / depth, default 0.5 */
    int32_t internal_cookie;
} silk_polygon_def;

SILK_API silk_polygon_def silk_default_polygon_def(void);
/* Errors: NULL world, def or points (SILK_ERR_NULL), a def not from the default function
   (SILK_ERR_DEF), non-finite numbers (SILK_ERR_NONFINITE), count out of range, negative
   friction or a vertex beyond SILK_MAX_POLYGON_COORD (SILK_ERR_RANGE), SILK_MAX_POLYGONS reached
   (SILK_ERR_CAPACITY), repeated points, an edge shorter than SILK_MIN_POLYGON_EDGE, collinear
   corners, zero area or a non-convex outline (SILK_ERR_DEGENERATE). */
SILK_API silk_status silk_world_add_polygon(silk_world* world, const silk_polygon_def* def,
                                            int32_t* out_polygon);
SILK_API int32_t silk_world_polygon_count(const silk_world* world);
/* Room for this many polygons and vertices in all, all or nothing (SILK_ERR_NOMEM changes
   nothing; above SILK_MAX_POLYGONS polygons, SILK_ERR_CAPACITY): a builder reserves first
   so that adding cannot fail half-way for memory. */
SILK_API silk_status silk_world_reserve_polygons(silk_world* world, int32_t polygons,
                                                 int32_t points);
/* Copies a polygon's vertices (stored with positive signed area, i.e. the order of
   x-right y-down screen coordinates read clockwise) into out_points when capacity allows;
   out_count receives the vertex count either way (SILK_ERR_CAPACITY if it did not fit). */
SILK_API silk_status silk_world_get_polygon(const silk_world* world, int32_t polygon,
                                            silk_vec2* out_points, int32_t capacity,
                                            int32_t* out_count);
/* A polygon's friction as it was added (a scene saved as data keeps it). */
SILK_API silk_status silk_world_get_polygon_friction(const silk_world* world, int32_t polygon,
                                                     double* out_friction);
/* The deepest penetration of any particle into any polygon, px (0 when none is inside),
   and that particle (-1 when none). For tests and readouts. */
SILK_API silk_status silk_world_polygon_penetration(const silk_world* world, double* out_depth,
                                                    int32_t* out_particle);

/* Removes the distance constraints crossing the segment a-b; out_removed (may be NULL)
   receives how many. Errors: NULL world, non-finite points. */
SILK_API silk_status silk_world_cut(silk_world* world, silk_vec2 a, silk_vec2 b,
                                    int32_t* out_removed);

/* ----------------------------------------------------------------------------------------
    Dragging (the original's mouse: nearest particle within a radius; a pinned particle's
    pin target moves instead of the particle, so it stays pinned where you drop it)
---------------------------------------------------------------------------------------- */

/* Nearest particle to `point` within `radius` (ties: the first in composite order, as the
   original). out_particle = -1 when none is in range (still SILK_OK). */
SILK_API silk_status silk_world_find_nearest(const silk_world* world, silk_vec2 point,
                                             double radius, int32_t* out_particle);
/* Starts dragging a particle; frame() then applies the pointer as its step 2. */
SILK_API silk_status silk_world_drag_begin(silk_world* world, int32_t particle, silk_vec2 pointer);
SILK_API silk_status silk_world_drag_move(silk_world* world, silk_vec2 pointer);
SILK_API void silk_world_drag_end(silk_world* world);
/* The dragged particle, or -1. */
SILK_API int32_t silk_world_dragged_particle(const silk_world* world);
/* The pin whose target a drag of `particle` moves instead of the particle: the last pin on it
   in its composite's list (the original's rule), as a position in the flat constraint arrays;
   -1 when it has none. A renderer marks a pinned particle at this pin's target. */
SILK_API silk_status silk_world_particle_pin(const silk_world* world, int32_t particle,
                                             int32_t* out_constraint);
/* The pin the current drag moves (a position in the flat constraint arrays), or -1 when no
   drag is on or the dragged particle has no pin. */
SILK_API int32_t silk_world_dragged_pin(const silk_world* world);

/* Pointer samples between fixed steps. A pointer reports positions faster than a display
   draws (a browser coalesces them), and one display frame may run several fixed steps. So
   that a fast stroke is followed step by step instead of jumping to its last point, a host
   queues each sample with its time and advance applies it at the fixed step that time falls
   in (the host needs no copy of the stepper's arithmetic):

     time_seconds counts from the start of the time the next silk_world_advance(dt) feeds
     (0 .. dt is that call; later times are allowed), on the clock dt is measured with, in
     the order samples are queued (a time before the previous sample's is SILK_ERR_RANGE).
     Before each fixed step advance moves the drag to the newest sample whose time is at or
     before the end of that step (times are converted to ticks exactly as dt is); samples
     past the last step's end are applied after the steps, so the drag holds the newest
     sample when advance returns. In coupled mode the one step takes the newest sample.

   Each move is an ordinary silk_world_drag_move, so a recording logs it at the step it was
   applied in and replays need no queue. The queue holds SILK_MAX_POINTER_SAMPLES samples
   (a full queue forgets its oldest sample) in the world, so queueing never allocates.
   advance, drag_begin, drag_end, clear and restore empty it. Errors: no drag in progress
   (SILK_ERR_STATE), non-finite numbers (SILK_ERR_NONFINITE), a negative time or one before
   the previous sample's (SILK_ERR_RANGE). */
#define SILK_MAX_POINTER_SAMPLES 64
/* The original's selection radius, px: the nearest particle within it is picked (a host's
   default radius for silk_world_find_nearest). */
#define SILK_DRAG_RADIUS 20.0

SILK_API silk_status silk_world_queue_pointer(silk_world* world, silk_vec2 pointer,
                                              double time_seconds);
SILK_API int32_t silk_world_pointer_queue_count(const silk_world* world);
/* Applies the newest queued sample now (a paused host: no step will come) and empties the
   queue. Nothing queued: nothing happens. */
SILK_API silk_status silk_world_flush_pointer(silk_world* world);

/* ----------------------------------------------------------------------------------------
    Stepping in seconds
---------------------------------------------------------------------------------------- */

SILK_API silk_status silk_world_set_stepper(silk_world* world, const silk_stepper_def* def);
SILK_API silk_status silk_world_set_loop_mode(silk_world* world, silk_loop_mode mode);
SILK_API silk_loop_mode silk_world_get_loop_mode(const silk_world* world);
/* The relaxation passes each compat frame of advance runs (frame(passes)). */
SILK_API silk_status silk_world_set_relax_passes(silk_world* world, int32_t passes);
SILK_API int32_t silk_world_get_relax_passes(const silk_world* world);

/* Feeds `dt_seconds` of wall time (>= 0, finite).
   FIXED: runs the accumulator's fixed steps, one frame(relax_passes) each; before each step
   it copies the positions into previous_positions, so a renderer draws
   previous + (positions - previous) * alpha.
   COUPLED: runs exactly one frame whatever dt is; alpha is 0 and previous_positions are
   set to the new positions, so the same renderer draws the newest frame.
   out_result may be NULL; the result is also stored in the diagnostics. */
SILK_API silk_status silk_world_advance(silk_world* world, double dt_seconds,
                                        silk_advance_result* out_result);
/* Drops the accumulated time (after a pause or a scene change). */
SILK_API void silk_world_reset_clock(silk_world* world);

/* ----------------------------------------------------------------------------------------
    Extensions: per-step behaviour from outside the core

    The core knows no content. Content that acts every step (silk_extras.h: the spider's
    crawl rule) installs one extension on the world: a block of int32 values that the world
    keeps, and callbacks. The world runs before_step at the start of every step it runs
    (advance's fixed steps, coupled frames, robust_step, replay), writes the values into
    snapshots, the state hash and recordings as a tagged block, and applies the extension's
    inputs through the recording, so a replay reproduces them.

    The values are plain int32s that the core serializes itself (little-endian), so an
    extension cannot write bytes that differ between a native build and wasm. All zero means
    "nothing to save": such a world's snapshot has no extension block, and restoring a
    snapshot without one zeroes the values. Restoring a block whose tag is not the world's
    extension's (or into a world without one) is SILK_ERR_FORMAT; check() sees the values and
    the snapshot's counts before anything changes, so a bad block also changes nothing.

    IDENTITY. The tag names the block in bytes; any host can pick any tag, so it says nothing
    about whose code is installed. Code that needs to know whether the installed extension is
    its own (the extras before they crawl) sets `owner` to the address of a static object
    only it can name, and asks silk_world_extension_owned_by(); the world never hands the
    token out. Reinstalling keeps the values only when both the tag and the owner are the
    same, so an extension never inherits another's state.

    ROLLBACK. silk_world_rollback() removes particles, constraints and composites the values
    may refer to. Before it changes anything it gives a copy of the values to on_rollback
    with the counts after the rollback (the extension drops what the rollback removes), then
    runs check() on the result with those counts. If check() refuses -- an extension without
    on_rollback whose values point past the mark -- the rollback is refused (SILK_ERR_STATE,
    detail field "extension"), so the world's own snapshot always restores afterwards.
---------------------------------------------------------------------------------------- */

#define SILK_MAX_EXTENSION_VALUES 32

/* Start of every step, before the solver. It may change the world. */
typedef void silk_before_step_fn(silk_world* world);
/* A snapshot's values against its counts; *out_constraint_headroom (0 on entry) is the free
   constraint capacity the restored world must have, so that before_step never allocates. */
typedef silk_status silk_extension_check_fn(const int32_t* values, int32_t particles,
                                            int32_t constraints, int32_t composites,
                                            int32_t* out_constraint_headroom);
/* An input (code, value): checked (also when a recording is loaded), then applied. */
typedef silk_status silk_input_check_fn(int32_t code, int32_t value);
typedef void silk_input_apply_fn(silk_world* world, int32_t code, int32_t value);
/* The values after silk_world_clear(). */
typedef void silk_extension_clear_fn(int32_t* values);
/* The values after silk_world_rollback() to these counts: drop what it removes (a copy; the
   world keeps it only if check() then accepts it). */
typedef void silk_extension_rollback_fn(int32_t* values, int32_t particles, int32_t constraints,
                                        int32_t composites);

typedef struct silk_extension_def
{
    uint32_t tag;                     /* non-zero: names the block in snapshots and recordings */
    int32_t value_count;              /* 1..SILK_MAX_EXTENSION_VALUES */
    silk_before_step_fn* before_step; /* may be NULL */
    silk_extension_check_fn* check;   /* NULL: any values are accepted */
    silk_input_check_fn* check_input; /* both or neither (silk_world_extension_input) */
    silk_input_apply_fn* apply_input;
    silk_extension_clear_fn* on_clear; /* NULL: a clear zeroes the values */
    /* One int32 of scratch per particle for before_step (silk_world_extension_scratch),
       grown with the particle capacity, outside steps. */
    bool particle_scratch;
    /* NULL: the values are kept by a rollback as they are (check() still has to accept them
       with the rollback's counts). */
    silk_extension_rollback_fn* on_rollback;
    /* Identity (see above): the address of a static object of the extension's own code, or
       NULL. Never dereferenced. */
    const void* owner;
    int32_t internal_cookie;
} silk_extension_def;

SILK_API silk_extension_def silk_default_extension_def(void);
/* Installs the world's extension (one per world), replacing the one installed. Installing one
   with the same tag and the same owner keeps the values; any other starts from zero. */
SILK_API silk_status silk_world_set_extension(silk_world* world, const silk_extension_def* def);
/* Whether the installed extension's def carried this owner (false for NULL, without one). */
SILK_API bool silk_world_extension_owned_by(const silk_world* world, const void* owner);
/* The extension's values (value_count of them), or NULL without one. */
SILK_API int32_t* silk_world_extension_values(silk_world* world);
/* Copies the first `count` values (count <= value_count) for a const world. */
SILK_API silk_status silk_world_get_extension_values(const silk_world* world, int32_t* out_values,
                                                     int32_t count);
SILK_API uint32_t silk_world_extension_tag(const silk_world* world); /* 0: none */
/* The extension's scratch: particle-capacity int32s, contents undefined between calls (NULL
   unless its def asked for particle_scratch). */
SILK_API int32_t* silk_world_extension_scratch(silk_world* world);
/* Checks, records and applies an input of the extension (SILK_ERR_STATE without one). */
SILK_API silk_status silk_world_extension_input(silk_world* world, int32_t code, int32_t value);

/* The trig of the world's solver: the host's Math.cos/sin/atan2 for compat (bit-identical
   with verlet-js), detmath's for robust (the same bits everywhere). Content that measures
   and places with these builds the same scene bits as the core's solvers would. */
SILK_API double silk_world_cos(const silk_world* world, double x);
SILK_API double silk_world_sin(const silk_world* world, double x);
/* The angle a-b-c at b, as verlet-js's Vec2.angle2 computes it, with the world's trig. */
SILK_API double silk_world_angle(const silk_world* world, silk_vec2 a, silk_vec2 b, silk_vec2 c);

/* ----------------------------------------------------------------------------------------
    Diagnostics

    silk_world_update_diagnostics() measures the world and fills a struct of doubles that a
    host reads in place (from JS: one Float64Array over wasm memory, no call per field).
    The layout is fixed: SILK_DIAG_* below are the field indices (scripts/gen-boundary.mjs
    writes them into web/lib/silk-boundary.mjs as DIAG). Work is O(n): percentiles by
    selection, not by sorting.

    Percentile q of n values: the value at rank q*(n-1) of the ascending order, linearly
    interpolated between neighbours (median = q 0.5).

    Distance error = |len - rest| (px) over distance constraints with rest > 0; strain =
    error / rest. Grip constraints (rest 0: the spider's feet) have no strain and would
    dominate every maximum, so they are reported apart (as seed 000 advises). Angle error is
    the shortest wrapped difference to the rest angle, in degrees.

    Stability: k = the largest stiffness of distance and angle constraints; k_eff = k / passes
    (passes = the last frame's relaxation passes, frame's `step`). One relaxation multiplies a small
error by (1 - 4 k_eff), so the verdict uses r = |1 - 4 k_eff|: margin = 1 - r; unstable when margin
<= 0, marginal when margin < 0.05, stable otherwise; with no stiff constraint (k = 0: a ball pit,
free particles) nothing relaxes, and the margin is 1, stable. This is the linear verdict: the whole web at
step 2 and 3 explodes non-linearly although the verdict is not 'unstable'; the bounding radius and
explosion fields catch that.
---------------------------------------------------------------------------------------- */

typedef enum silk_verdict
{
    SILK_VERDICT_STABLE = 0,
    SILK_VERDICT_MARGINAL = 1,
    SILK_VERDICT_UNSTABLE = 2,
} silk_verdict;

enum
{
    SILK_DIAG_FRAME_COUNT = 0,       /* frames run since the scene was built */
    SILK_DIAG_PARTICLES,             /* particle count */
    SILK_DIAG_CONSTRAINTS,           /* all constraints */
    SILK_DIAG_DISTANCES,             /* distance constraints with rest > 0 */
    SILK_DIAG_GRIPS,                 /* distance constraints with rest == 0 */
    SILK_DIAG_ANGLES,                /* angle constraints */
    SILK_DIAG_PINS,                  /* pin constraints */
    SILK_DIAG_RELAXATIONS_PER_FRAME, /* step * constraints */
    SILK_DIAG_ERROR_MEDIAN,          /* |len - rest|, px */
    SILK_DIAG_ERROR_P99,
    SILK_DIAG_ERROR_MAX,
    SILK_DIAG_STRAIN_MEDIAN, /* |len - rest| / rest */
    SILK_DIAG_STRAIN_P97,
    SILK_DIAG_STRAIN_MAX,
    SILK_DIAG_GRIP_ERROR_MEDIAN, /* grip length, px */
    SILK_DIAG_GRIP_ERROR_MAX,
    SILK_DIAG_ANGLE_ERROR_MEDIAN, /* degrees */
    SILK_DIAG_ANGLE_ERROR_MAX,
    SILK_DIAG_K_MAX,            /* largest stiffness */
    SILK_DIAG_RELAX_PASSES,     /* relaxation passes of the last frame */
    SILK_DIAG_K_EFFECTIVE,      /* k_max / step */
    SILK_DIAG_STABILITY_MARGIN, /* 1 - |1 - 4 k_eff| */
    SILK_DIAG_VERDICT,          /* silk_verdict */
    SILK_DIAG_NAN_COUNT,        /* particles with a non-finite coordinate */
    SILK_DIAG_CENTER_X,         /* centre used for the bounding radius */
    SILK_DIAG_CENTER_Y,
    SILK_DIAG_BOUNDING_RADIUS, /* max |p - centre| over finite particles, px */
    SILK_DIAG_KINETIC_ENERGY,  /* sum 0.5 |p - q|^2, px^2/frame^2 */
    SILK_DIAG_ADVANCE_STEPS,   /* last advance: steps run */
    SILK_DIAG_ADVANCE_ALPHA,   /* last advance: alpha */
    SILK_DIAG_ADVANCE_DROPPED, /* last advance: dropped seconds */
    SILK_DIAG_ACCUMULATOR,     /* seconds in the accumulator */
    SILK_DIAG_TOTAL_STEPS,     /* fixed steps run by advance since the last clock reset */
    SILK_DIAG_SIM_SECONDS,     /* total_steps * step_seconds */
    SILK_DIAG_LOOP_MODE,       /* silk_loop_mode */
    SILK_DIAG_EXPLODED,        /* 1 when the radius exceeds SILK_EXPLOSION_FACTOR x the
                                  scene's size or a coordinate is non-finite */
    /* robust solver and health watchdog (see "The robust solver" below) */
    SILK_DIAG_SOLVER,          /* silk_solver */
    SILK_DIAG_SUBSTEPS,        /* robust substeps per step */
    SILK_DIAG_HEALTH,          /* silk_health at the last watchdog check */
    SILK_DIAG_SPEED_MAX,       /* fastest particle over the last step, px/s */
    SILK_DIAG_ENERGY_GROWTH,   /* kinetic energy now / its minimum over the window */
    SILK_DIAG_UNHEALTHY_STEPS, /* steps the watchdog found exploding or non-finite */
    SILK_DIAG_HEALTH_RESTORES, /* automatic restores of the last healthy snapshot */
    /* collisions (radius > 0): the overlapping pairs now, measured, not solved */
    SILK_DIAG_CONTACTS,          /* overlapping disc pairs that collide */
    SILK_DIAG_OVERLAP_MAX,       /* deepest overlap r_a + r_b - |a - b|, px */
    SILK_DIAG_OVERLAP_P99,       /* 99th percentile of the overlaps, px */
    SILK_DIAG_OVERLAP_RATIO_MAX, /* deepest overlap / the smaller radius of its pair */
    SILK_DIAG_SLEEPING,          /* sleeping particles (robust sleep, see "Sleeping") */
    SILK_DIAG_COUNT_V1           /* fields so far; the struct reserves SILK_DIAG_CAPACITY */
};

#define SILK_DIAG_CAPACITY    64
#define SILK_EXPLOSION_FACTOR 4.0

typedef struct silk_diagnostics
{
    double values[SILK_DIAG_CAPACITY]; /* indexed by SILK_DIAG_* */
} silk_diagnostics;

/* Measures now. centre: the point the bounding radius is measured from. */
SILK_API silk_status silk_world_update_diagnostics(silk_world* world, silk_vec2 center);
/* The struct the last update filled; it lives as long as the world and never moves. */
SILK_API const silk_diagnostics* silk_world_diagnostics(const silk_world* world);

/* ----------------------------------------------------------------------------------------
    Health

    After every step of advance (either solver) the watchdog classifies the world:
        nonfinite   a coordinate is NaN or infinite
        exploding   the bounding radius about the canvas centre exceeds radius_factor x the
                    canvas size, or the kinetic energy per particle exceeds that of moving
                    speed_limit canvas sizes per second and has grown by energy_growth over
                    the last `window` steps
        healthy     otherwise
    With auto_restore it keeps two healthy snapshots (every snapshot_interval steps) and,
    when the world turns unhealthy, restores the older one (state and settings); after
    three restores in a row without a healthy interval it gives up and reports.
---------------------------------------------------------------------------------------- */

/* -- health -- */

typedef enum silk_health
{
    SILK_HEALTH_HEALTHY = 0,
    SILK_HEALTH_EXPLODING = 1,
    SILK_HEALTH_NONFINITE = 2,
} silk_health;

#define SILK_WATCHDOG_MAX_WINDOW 256

typedef struct silk_watchdog_def
{
    bool enabled;              /* default true */
    int32_t window;            /* steps of energy history, 2..SILK_WATCHDOG_MAX_WINDOW (60) */
    double radius_factor;      /* default SILK_EXPLOSION_FACTOR (4) canvas sizes */
    double speed_limit;        /* canvas sizes per second, default 4 */
    double energy_growth;      /* factor over the window, default 100 */
    bool auto_restore;         /* default false */
    int32_t snapshot_interval; /* steps between healthy snapshots, default 60 */
    int32_t internal_cookie;
} silk_watchdog_def;

SILK_API silk_watchdog_def silk_default_watchdog_def(void);
/* Allocates the restore slots when auto_restore is on. Resets the history. */
SILK_API silk_status silk_world_set_watchdog(silk_world* world, const silk_watchdog_def* def);
/* The watchdog's settings as last set (the default's for a NULL world). Not in snapshots: a
   host that moves a world by snapshot (the web's silk.upgrade) sets them again from this. */
SILK_API silk_watchdog_def silk_world_get_watchdog(const silk_world* world);
/* The state found by the last check (advance checks after every step). */
SILK_API silk_health silk_world_health(const silk_world* world);
/* Checks now (no restore) and returns the state; does not add to the history. */
SILK_API silk_health silk_world_check_health(silk_world* world);
SILK_API const char* silk_health_string(silk_health health); /* "healthy", ... */

/* -- checking defs: which field failed, and why --

   A status says what kind of thing went wrong; a host that reports the error to a person
   also wants to know which argument. These checks run the validation of the call that takes
   the def (create, set_stepper, set_robust, set_watchdog, stepper_init) without doing
   anything, and fill out_detail (may be NULL) with the failing field as this header spells
   it ("width", "stepper.step_seconds", "near_passes") and the rule it broke ("must be >= 1").
   Both strings are static, never NULL, "" when there is nothing to say (SILK_ERR_DEF, say).

   Worlds do the same for their setters that take a def or several numbers (set_size,
   set_stepper, set_robust, set_watchdog), add_polygon and the builders (build_spiderweb,
   spider, cloth, tire, tree, line_segments, scene): each of these calls writes the detail on every
   outcome -- SILK_OK on success, and on failure that failure's status with the field it names
   (a range) or what went wrong (a NULL def, a def not from its silk_default_*_def(), a number
   that is or builds something non-finite, the allocator, SILK_MAX_* capacity) -- so the detail
   read right after a failure is never an earlier call's. It lives on the
   world because the engine has no global state (MEMORY); creation has no world yet, so a host
   that wants the detail of a failed silk_world_create calls silk_check_world_def. */
typedef struct silk_error_detail
{
    silk_status status; /* SILK_OK: nothing failed */
    const char* field;  /* the def field or argument, C spelling */
    const char* rule;   /* what it must be, English */
} silk_error_detail;

SILK_API silk_status silk_check_world_def(const silk_world_def* def, silk_error_detail* out_detail);
SILK_API silk_status silk_check_stepper_def(const silk_stepper_def* def,
                                            silk_error_detail* out_detail);
SILK_API silk_status silk_check_robust_def(const silk_robust_def* def,
                                           silk_error_detail* out_detail);
SILK_API silk_status silk_check_watchdog_def(const silk_watchdog_def* def,
                                             silk_error_detail* out_detail);
SILK_API silk_error_detail silk_world_last_error_detail(const silk_world* world);
/* For code built on this header (the builders): stores a detail on the world -- field and
   rule must be static strings -- and returns `status`, so a failing call can report and
   return in one statement. A NULL world is ignored. */
SILK_API silk_status silk_world_report_error(silk_world* world, silk_status status,
                                             const char* field, const char* rule);

/* ----------------------------------------------------------------------------------------
    State hash, snapshots, recording and replay

    STATE HASH
    FNV-1a 64 over, in this order, as little-endian bytes: particle count, then per particle
    p.x p.y q.x q.y, inverse mass and the robust velocity v.x v.y; constraint count, then per
constraint kind a b c, stiffness, rest, target x y, compliance; composite count and each
composite's range; the generator state; the extension block as the snapshot writes it (tag,
count, values; 0, 0 when there is none); then, only in a world where a particle has a radius
or a composite a filter other than the default, the collision block: each particle's radius,
then each composite's category bits, mask bits and self_collide (so a world without
collisions hashes as before radii existed); then, only where some particle rests or sleeps
(robust sleep), the sleep block: each particle's sleep state (i32). NaNs are hashed as one
canonical NaN. The page shows it as 16 hex digits.

    SNAPSHOT FORMAT (version 7, all little-endian; 6 added the contact settings, the
    particle radius and the composite filter; 7 the sleep settings and each particle's sleep
    state, and a version 6 snapshot still loads: sleep off, every particle awake)
        0   8  magic "SILKSNAP"        8  4  version     12  4  reserved (0)
        16  8  payload length L        24 8  FNV-1a 64 of the payload
        32  L  payload: settings, clock, generator, robust settings, drag, the particle,
               composite and constraint arrays, then the extension block (u32 tag, u32
               count, count i32 values; tag and count 0 when the values are all zero)
    silk_world_restore() checks magic, version, length, checksum and every index before it
    changes anything: foreign or corrupt bytes give SILK_ERR_FORMAT (SILK_ERR_INDEX for
    inconsistent indices) and leave the world as it was. The watchdog's history restarts.

    RECORDING FILE FORMAT (version 3, all little-endian; "silk-lab replay FILE")
        0   8  magic "SILKREC1"        8  4  version     12  4  reserved (0)
        16  8  steps S covered         24 8  state hash after the S steps (0 if unknown)
        32  8  snapshot length L       40 8  event count E
        48  L  the snapshot taken when the recording began
        48+L   E events of 32 bytes: u64 step (0..S-1, before which it applies), u32 type,
               i32 i, f64 x, f64 y -- in the order they happened
        end 8  FNV-1a 64 of every byte before it
    Event types (SILK_EVENT_*): drag begin (i particle, x y), drag move (x y), drag end,
    compat gravity (x y), friction (x), ground friction (x), relax passes (i), solver (i),
    extension input (i code, x value), robust gravity (x y), robust damping (x damping,
    y ground friction), robust iterations (i substeps, x iterations), robust box (i ceiling,
    x restitution, y max step), step length (x seconds; coupled robust steps only), robust
    near passes (i), tethers, near pass and chains (i: 0 or 1 each), near mobility (x),
    robust contact (x friction, y restitution), radius (i particle, x radius), collision
    filter (i composite, x category bits, y mask bits), collision self (i composite, x 0/1),
    robust sleep (i 0/1, x sleep speed, y sleep steps).
    Replay restores the snapshot and, for each step s < S, applies the events of step s and
    runs one step as advance would. Calls that are not inputs (adding particles, frame(),
    set_position ...) are not recorded: a replay of a run that used them differs, and the
    hash check says so.
---------------------------------------------------------------------------------------- */

/* -- hash and snapshots -- */

SILK_API uint64_t silk_world_state_hash(const silk_world* world); /* 0 for NULL */
SILK_API size_t silk_world_snapshot_size(const silk_world* world);
/* Writes the snapshot; SILK_ERR_CAPACITY if `capacity` is less than the size. */
SILK_API silk_status silk_world_snapshot(const silk_world* world, void* buffer, size_t capacity,
                                         size_t* out_size);
SILK_API silk_status silk_world_restore(silk_world* world, const void* bytes, size_t size);

/* -- recording and replay -- */

enum
{
    SILK_EVENT_DRAG_BEGIN = 1,
    SILK_EVENT_DRAG_MOVE = 2,
    SILK_EVENT_DRAG_END = 3,
    SILK_EVENT_GRAVITY = 4,
    SILK_EVENT_FRICTION = 5,
    SILK_EVENT_GROUND_FRICTION = 6,
    SILK_EVENT_RELAX_PASSES = 7,
    SILK_EVENT_SOLVER = 8,
    SILK_EVENT_EXTENSION = 9, /* i: code, x: value (silk_world_extension_input) */
    SILK_EVENT_ROBUST_GRAVITY = 10,
    SILK_EVENT_ROBUST_DAMPING = 11,
    SILK_EVENT_ROBUST_ITERATIONS = 12,
    SILK_EVENT_ROBUST_BOX = 13,
    SILK_EVENT_STEP_SECONDS = 14,
    SILK_EVENT_ROBUST_NEAR_PASSES = 15,
    SILK_EVENT_ROBUST_TETHERS = 16,       /* i: 0 or 1 */
    SILK_EVENT_ROBUST_NEAR_PASS = 17,     /* i: 0 or 1 */
    SILK_EVENT_ROBUST_CHAINS = 18,        /* i: 0 or 1 */
    SILK_EVENT_ROBUST_NEAR_MOBILITY = 19, /* x: (0, 1] */
    SILK_EVENT_ROBUST_CONTACT = 20,       /* x: contact friction, y: contact restitution */
    SILK_EVENT_RADIUS = 21,               /* i: particle, x: radius */
    SILK_EVENT_COLLISION_FILTER = 22,     /* i: composite, x: category bits, y: mask bits */
    SILK_EVENT_COLLISION_SELF = 23,       /* i: composite, x: 0 or 1 */
    SILK_EVENT_ROBUST_SLEEP = 24,         /* i: sleep 0/1, x: sleep speed, y: sleep steps */
#ifdef SILK_TEST_SETTING
    SILK_EVENT_TEST_KNOB = 25, /* x: [0, 1] (the test build's) */
#endif
    SILK_EVENT_COUNT
};

/* What a recording may claim (silk_world_replay's work is bounded by the bytes): at most
   SILK_REPLAY_STEPS_PER_BYTE steps per byte of the file, and SILK_MAX_RECORDING_STEPS in all
   (a recording stops logging there). 64 steps a byte lets a 20 KB web-scene recording cover
   1.3 million steps (6 hours at 60 Hz); a 33 KB file can no longer claim 2^40 steps.
   A step's cost grows with the world, which the snapshot's size measures, so steps times
   snapshot bytes is bounded too (SILK_REPLAY_MAX_WORK): a file cannot buy quadratic work by
   growing its snapshot and its step count together. 2^36 covers an hour at 60 Hz of a 300 KB
   snapshot (a 40 x 40 cloth is 150 KB). A recording stops logging at whichever it meets. */
#define SILK_REPLAY_STEPS_PER_BYTE 64
#define SILK_MAX_RECORDING_STEPS   ((int64_t)1 << 40)
#define SILK_REPLAY_MAX_WORK       ((int64_t)1 << 36)

/* The bound on a replay's *work* (why: the bounds above count steps, but a step's cost is
   set by the recording's own settings -- up to 256 substeps x (64 iterations + 64 near
   passes), or 4096 relax passes -- so a 33 KB file could still ask for 23 hours).

   Work is counted in element passes: one pass over one particle or distance constraint. A
   recording's snapshot fixes its elements E = particles + constraints + SILK_REPLAY_ANGLE_EXTRA
   more per angle constraint (its trigonometry) + the extension's constraint headroom + 1 (a
   drag's pin); no recorded input adds any. Its settings can only change through its events,
   so one step of its replay costs at most E x P, where P is the passes of the most expensive
   settings the snapshot and the events before its last step reach, for each solver they reach
   (the snapshot's solver or SOLVER events):

       compat  P = relax_passes + 1
       robust  P = substeps x (iterations x C + near_passes + 2) + 1
               C = SILK_REPLAY_CHAIN_FACTOR if chains are reached, else 1
               and E counts SILK_REPLAY_CONTACT_EXTRA more per disc (radius > 0; every
               particle once a RADIUS event > 0 is reached): a disc's contact pass (grid,
               candidate pairs, box, restitution) costs about that many element passes per
               pass of a substep, calibrated on a settled pile of equal balls

   each of relax_passes, substeps, iterations and near_passes the largest value reached. A
   recording may claim at most S steps with S x E x P <= SILK_REPLAY_MAX_PASSES, or it is
   SILK_ERR_FORMAT; the recorder stops logging before a step that would pass it, so what it
   exports always loads. (Polygons are not in recordings: the replaying world's own add
   particles x their corners to each pass.)

   2^32 element passes took at most 26 s of processor time natively in the worst settings
   measured (the tree in compat at 4096 relax passes; robust at 256 x (64 + 64) at most 12 s;
   bench/replay_bound.c, docs/reliability.md), and cover 47 minutes at 60 Hz of the page's web
   scene at its default robust settings (92 minutes in compat). silk_world_play_status
   reports E x P as step_work, so a host that replays in slices can size them by work
   (silk-lab replay --max-seconds does). */
#define SILK_REPLAY_MAX_PASSES   ((int64_t)1 << 32)
#define SILK_REPLAY_ANGLE_EXTRA  7
#define SILK_REPLAY_CHAIN_FACTOR 4
#define SILK_REPLAY_CONTACT_EXTRA 48

/* Takes a snapshot and starts logging inputs per fixed step (replaces any recording). */
SILK_API silk_status silk_world_record_begin(silk_world* world);
/* Stops logging; the recording stays available for export until the next begin. */
SILK_API silk_status silk_world_record_end(silk_world* world);
SILK_API bool silk_world_recording(const silk_world* world);
/* The recording so far (it may still be running) in the file format above. */
SILK_API size_t silk_world_recording_size(const silk_world* world);
SILK_API silk_status silk_world_recording_export(const silk_world* world, void* buffer,
                                                 size_t capacity, size_t* out_size);

typedef struct silk_replay_result
{
    int64_t steps;          /* steps replayed */
    uint64_t hash;          /* state hash after them */
    uint64_t recorded_hash; /* the file's hash (0 if it has none) */
    bool matches;           /* hash == recorded_hash */
} silk_replay_result;

/* Restores the recording's snapshot into `world` and replays it. On any error the world is
   unchanged, and so is a replay in progress (play_begin): the bytes are checked in full --
   header (reserved bytes 0), checksum, the snapshot as silk_world_restore checks it, every
   event's values with the validator of the call that applies it, and the step count against
   SILK_REPLAY_STEPS_PER_BYTE and its work against SILK_REPLAY_MAX_PASSES -- before anything
   is touched. It runs to the end, which that bound keeps to well under a minute; to replay
   in slices that can be stopped, use silk_world_play_begin() and silk_world_play_run(). */
SILK_API silk_status silk_world_replay(silk_world* world, const void* bytes, size_t size,
                                       silk_replay_result* out_result);

/* A replay you can watch: restores the recording's snapshot (the world keeps its own copy of
   the bytes) and arms a player. From then on every step that advance() runs first applies
   the recording's inputs for that step -- with the recording's step length -- exactly as
   silk_world_replay() does, until the recording's steps are done; then the state hash is
   compared with the recorded one (silk_world_play_status). A renderer keeps calling advance
   as usual and shows the replay at the display's pace. Inputs the host makes meanwhile are
   not blocked: they change the run, and the hash check will say so. Errors as replay. */
SILK_API silk_status silk_world_play_begin(silk_world* world, const void* bytes, size_t size);

typedef struct silk_play_status
{
    bool playing;           /* steps remain */
    bool finished;          /* the last replay reached its end: hash and matches are valid */
    int64_t step, steps;    /* progress */
    uint64_t hash;          /* state hash at the end (0 before) */
    uint64_t recorded_hash; /* the hash the recording ends with */
    bool matches;
    int64_t step_work; /* the most one step of it may cost, element passes (E x P above) */
} silk_play_status;

SILK_API silk_status silk_world_play_status(const silk_world* world, silk_play_status* out_status);
/* Runs at most max_steps (>= 0) steps of the replay play_begin armed, as fast as it can
   (no wall clock); out_steps (may be NULL) receives how many ran (0 when nothing plays). A
   host replays a long recording in slices and may stop between them (silk-lab replay does).
   One call runs at most max(1, SILK_CALL_MAX_PASSES / the recording's step work) steps, so a
   large max_steps is a long replay in several calls, never one long call. */
SILK_API silk_status silk_world_play_run(silk_world* world, int64_t max_steps, int64_t* out_steps);

/* Stops a replay in progress (the world keeps the state it reached). */
SILK_API void silk_world_play_stop(silk_world* world);

#ifdef __cplusplus
}
#endif

#endif /* SILK_H */
