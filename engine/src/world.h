/* world.h -- the world's private layout. Only engine/src includes this. */
#ifndef SILK_WORLD_H
#define SILK_WORLD_H

#include "silk.h"

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

typedef struct silk_spider_state
{
    int32_t web; /* composite ids, -1 if absent */
    int32_t spider;
    int32_t thorax, head, abdomen;
    int32_t feet[8];
    int32_t leg_index;
    int32_t* candidates; /* crawl scratch, sized to the web's particle count */
    int32_t candidate_capacity;
} silk_spider_state;

typedef struct silk_drag_state
{
    int32_t particle; /* -1: nothing dragged */
    int32_t pin;      /* global constraint index of its pin, or -1 */
    silk_vec2 pointer;
} silk_drag_state;

struct silk_world
{
    int32_t cookie;

    /* settings */
    double width, height;
    silk_vec2 gravity;
    double friction, ground_friction;
    uint64_t seed;
    silk_rng rng;

    /* particles: structure of arrays, indexed by global particle index */
    int32_t particle_count, particle_capacity;
    silk_vec2* pos;  /* p */
    silk_vec2* last; /* q */
    silk_vec2* prev; /* positions before the last fixed step (render interpolation) */
    int32_t* particle_composite;

    /* composites */
    int32_t composite_count, composite_capacity;
    silk_composite* composites;

    /* constraints: structure of arrays, sorted by composite then insertion order */
    int32_t constraint_count, constraint_capacity;
    uint8_t* kind; /* silk_constraint_kind */
    int32_t* ca;   /* particle a */
    int32_t* cb;   /* particle b (distance, angle) or -1 */
    int32_t* cc;   /* particle c (angle) or -1 */
    double* stiffness;
    double* rest;      /* distance: rest length; angle: rest angle; pin: 0 */
    silk_vec2* target; /* pin target */

    /* diagnostics scratch, grown with the constraint arrays */
    double* scratch;
    double* scratch2;

    /* stepping */
    silk_stepper stepper;
    silk_loop_mode loop_mode;
    int32_t relax_steps;
    bool auto_crawl;
    int32_t last_step;
    int64_t frame_count;
    int64_t total_steps;
    silk_advance_result last_advance;

    silk_spider_state spider;
    silk_drag_state drag;
    silk_diagnostics diagnostics;

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

/* Memory (world.c). */
void* silk_alloc(const silk_world* world, size_t size);
void silk_free(const silk_world* world, void* memory);
silk_status silk_reserve_particles(silk_world* world, int32_t count);
silk_status silk_reserve_constraints(silk_world* world, int32_t count);

/* Appends a constraint to a composite (constraint.c); validation is the caller's. */
silk_status silk_push_constraint(silk_world* world, int32_t composite, silk_constraint_kind kind,
                                 int32_t a, int32_t b, int32_t c, double stiffness, double rest,
                                 silk_vec2 target, int32_t* out_index);

/* The angle a-b-c at b, as verlet-js's Vec2.angle2 computes it (constraint.c). */
double silk_angle_at(silk_vec2 a, silk_vec2 b, silk_vec2 c);

/* Spider bookkeeping (scenes/spider.c): adjusts stored indices after a removal. */
void silk_spider_forget(silk_world* world);

#endif
