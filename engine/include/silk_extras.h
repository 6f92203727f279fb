/*
    silk_extras.h -- content built on Silk's core: the original example objects and pages,
    the spider's crawl, silent lab runs and the integrator lesson.

    Everything here is written against silk.h alone, the way an application would write its
    own content; nothing in the core knows about it. Per-step behaviour (the spider's crawl
    rule) reaches the core through its one extension seam (silk.h, "Extensions"), so the
    crawl state travels in snapshots, hashes and recordings as the core's tagged extension
    block. Link the `silk_extras` library next to `silk`.

    A world that should restore or replay the spider's state needs the extension installed:
    silk_extras_install(world) once after creating it (the builders of the spiderweb and the
    spider and silk_world_build_scene install it themselves).

    A world runs one extension. The extras know theirs by identity (silk.h, "Extensions",
    IDENTITY), not by SILK_EXTRAS_TAG: a host's extension that uses the same tag is a host's
    extension, and the crawl neither reads its values nor uses its scratch. Content that
    needs the extras' extension never evicts a host's: silk_world_build_spiderweb,
    silk_world_build_spider, silk_world_set_auto_crawl and silk_world_build_scene with
    SILK_SCENE_WEB return SILK_ERR_STATE (detail field "extension") on a world that runs
    another extension, and change nothing; only silk_extras_install replaces it, on request.
    The builders install the extras' extension last, once the build has succeeded, so a
    failing build (SILK_ERR_NONFINITE, SILK_ERR_NOMEM, ...) leaves the world byte-identical,
    extension included. The other scenes leave a host's extension installed.

    A rollback (silk_world_rollback) that removes the web or the spider makes the extension
    forget it (its on_rollback hook): the spider info then says -1 and crawl SILK_ERR_STATE.
*/
#ifndef SILK_EXTRAS_H
#define SILK_EXTRAS_H

#include "silk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Installs the extras' extension (the spider's state and crawl rule) on a world, replacing any
   other extension (a host's starts the extras from zero, whatever its tag). Installing it
   again keeps its state. */
SILK_API silk_status silk_extras_install(silk_world* world);

/* The tag of the extras' extension block in snapshots and recordings ("SPDR"). */
#define SILK_EXTRAS_TAG 0x52445053u

/* When on, every step the world runs starts with silk_world_spider_tick(), like the web page.
   Recorded as an extension input, so replays reproduce it. Installs the extras' extension on
   a world without one; SILK_ERR_STATE on a world that runs another (nothing changes). */
SILK_API silk_status silk_world_set_auto_crawl(silk_world* world, bool on);
SILK_API bool silk_world_get_auto_crawl(const silk_world* world);

/* ----------------------------------------------------------------------------------------
    Builders (the original's objects; each appends one composite and returns its id)
---------------------------------------------------------------------------------------- */

/* The web's rest-length factor by default (the spiderweb page's 0.3): silk_default_spiderweb_def
   and silk_default_scene_def use it, and the demo page and element take their tensor default
   from it (LIMITS.DEFAULT_TENSOR in the generated web/lib/silk-boundary.mjs). */
#define SILK_DEFAULT_TENSOR 0.3

typedef struct silk_spiderweb_def
{
    silk_vec2 center; /* default (400, 250) */
    double radius;    /* default 250 */
    int32_t segments; /* spokes, default 20 */
    int32_t depth;    /* rings, default 7 */
    double tensor;    /* rest lengths are multiplied by it, default SILK_DEFAULT_TENSOR */
    double stiffness; /* default 0.6 */
    int32_t internal_cookie;
} silk_spiderweb_def;

typedef struct silk_spider_def
{
    silk_vec2 origin; /* thorax, default (400, -300): the page drops it from above */
    int32_t internal_cookie;
} silk_spider_def;

typedef struct silk_cloth_def
{
    silk_vec2 center;     /* default (400, 500/3) */
    double width, height; /* default 250 x 250 */
    int32_t segments;     /* particles per row and column, default 20 */
    int32_t pin_mod;      /* top-row particles with x % pin_mod == 0 are pinned, default 6 */
    double stiffness;     /* default 0.9 */
    int32_t internal_cookie;
} silk_cloth_def;

typedef struct silk_tire_def
{
    silk_vec2 center;
    double radius;
    int32_t segments;
    double spoke_stiffness, tread_stiffness;
    int32_t internal_cookie;
} silk_tire_def;

typedef struct silk_tree_def
{
    silk_vec2 origin;     /* base; default (200, 380) */
    int32_t depth;        /* default 5 */
    double branch_length; /* default 70 */
    double segment_coef;  /* default 0.95 */
    double theta;         /* default (pi/2)/3 */
    int32_t internal_cookie;
} silk_tree_def;

SILK_API silk_spiderweb_def silk_default_spiderweb_def(void);
SILK_API silk_spider_def silk_default_spider_def(void);
SILK_API silk_cloth_def silk_default_cloth_def(void);
SILK_API silk_tire_def silk_default_tire_def(void);
SILK_API silk_tree_def silk_default_tree_def(void);

SILK_API silk_status silk_world_build_spiderweb(silk_world* world, const silk_spiderweb_def* def,
                                                int32_t* out_composite);
/* The spider: 35 particles (thorax, head, abdomen, then R1 L1 R2 L2 R3 L3 R4 L4 per leg
   row), 67 constraints. The world remembers it (and the web) for crawl. */
SILK_API silk_status silk_world_build_spider(silk_world* world, const silk_spider_def* def,
                                             int32_t* out_composite);
SILK_API silk_status silk_world_build_cloth(silk_world* world, const silk_cloth_def* def,
                                            int32_t* out_composite);
SILK_API silk_status silk_world_build_tire(silk_world* world, const silk_tire_def* def,
                                           int32_t* out_composite);
/* Particles at the points, distance(i, i-1, stiffness); pin what you need afterwards. */
SILK_API silk_status silk_world_build_line_segments(silk_world* world, const silk_vec2* points,
                                                    int32_t count, double stiffness,
                                                    int32_t* out_composite);
/* Its noise uses the world's generator: two draws per particle, floor(r1*10) added to x. */
SILK_API silk_status silk_world_build_tree(silk_world* world, const silk_tree_def* def,
                                           int32_t* out_composite);

/* The spider's foot search: moves leg `leg` (0..7) to a random web particle in its quadrant,
   35..100 px from the thorax (SILK_ERR_STATE without a web and a spider). */
SILK_API silk_status silk_world_crawl(silk_world* world, int32_t leg);
/* The page loop's rule: if floor(rand()*4) == 0, crawl((leg_index++ * 3) % 8).
   out_crawled (may be NULL) says whether it crawled. The caller then calls frame. */
SILK_API silk_status silk_world_spider_tick(silk_world* world, bool* out_crawled);

typedef struct silk_spider_info
{
    int32_t web_composite, spider_composite; /* -1 if absent */
    int32_t thorax, head, abdomen;           /* particles */
    int32_t feet[8];                         /* legs 0..7 (R L per row) */
    int32_t leg_index;                       /* spider_tick's counter */
} silk_spider_info;
SILK_API silk_status silk_world_spider_info(const silk_world* world, silk_spider_info* out_info);

/* ----------------------------------------------------------------------------------------
    Scenes: the original example pages, built into a cleared world of the def's size
---------------------------------------------------------------------------------------- */

typedef enum silk_scene
{
    SILK_SCENE_WEB = 0,    /* spiderweb (tensor) + spider dropped from (W/2, -300), auto-crawl */
    SILK_SCENE_CLOTH = 1,  /* friction 1, cloth((W/2, H/3), min(W,H)/2, 20 segments, pins %6) */
    SILK_SCENE_SHAPES = 2, /* friction 1, a pinned line and three tires */
    SILK_SCENE_TREE = 3,   /* gravity 0, friction 0.98, two trees */
    /* colliding particles (silk.h "Collisions"; these select the robust solver) */
    SILK_SCENE_BALL_PIT = 4,    /* 2000 balls (radius 4) poured into a cup of 3 polygons */
    SILK_SCENE_CHAIN_CLOTH = 5, /* a pinned chain with a heavy bob swings into a hanging
                                   16 x 16 cloth; every particle a disc */
    SILK_SCENE_COUNT
} silk_scene;

typedef struct silk_scene_def
{
    silk_scene scene;
    double tensor; /* web only, default SILK_DEFAULT_TENSOR */
    int32_t internal_cookie;
} silk_scene_def;

SILK_API silk_scene_def silk_default_scene_def(void);
/* Clears the world, resets its generator and clock, sets the page's gravity and friction,
   and builds the scene for the world's current size. */
SILK_API silk_status silk_world_build_scene(silk_world* world, const silk_scene_def* def);

/* ----------------------------------------------------------------------------------------
    Lab runs (the page's buttons run these inside wasm, silently)
---------------------------------------------------------------------------------------- */

#define SILK_LAB_MAX_FRAMES  10000000 /* frames of one silent run */
#define SILK_SWEEP_MAX_COUNT 256      /* rows of one step sweep */
/* The work of one silent run, in element passes (silk.h, SILK_REPLAY_MAX_PASSES): frames x
   (step + 1) x elements, elements = particles + constraints + SILK_REPLAY_ANGLE_EXTRA per angle
   + the grips the crawl may still add + 1 (silk_world_work_elements): what the run may reach,
   so the bound it was admitted under holds to its end. Every call that runs many steps is
   bounded by it (run_frames, the whole step sweep; the JS binding's replay, playRun and relax
   too), so that the largest call admitted returns within 2 s on a phone-class CPU (3-4x slower
   than the development machine): in wasm the worst element pass is the tree's (its angles call
   Math.atan2), about 7.7 ns of CPU there, so 5.6 x 10^7 passes is at most about 0.45 s there and
   1.8 s at 4x (bench/workbound.mjs times every entry at the most it admits). The page's step
   sweep, 120 frames of steps 1..32 of the web, is 5.1 x 10^7 (its most is 130 frames). 2^31
   let the web run 994 frames of 4096 passes (21 s); before any bound, 10^7 frames blocked for
   42 hours. */
#define SILK_LAB_MAX_PASSES ((int64_t)56000000)

/* The elements a silent run counts (above) for the world as it is now. */
SILK_API silk_status silk_world_work_elements(const silk_world* world, int32_t* out_elements);
/* The most frames of `step` one silent run of this world may have (<= SILK_LAB_MAX_FRAMES). */
SILK_API silk_status silk_world_run_frames_max(const silk_world* world, int32_t step,
                                               int32_t* out_frames);

/* Runs `frames` (0..SILK_LAB_MAX_FRAMES) frames of `step` (with the spider's crawl rule if
   auto-crawl is on), then updates the diagnostics about `center`. A run whose work passes
   SILK_LAB_MAX_PASSES (more frames than silk_world_run_frames_max) is refused with
   SILK_ERR_RANGE (detail: "frames") before it starts. */
SILK_API silk_status silk_world_run_frames(silk_world* world, int32_t frames, int32_t step,
                                           silk_vec2 center);

typedef struct silk_sweep_row
{
    int32_t step;
    double k_effective;      /* k_max / step */
    double stability_margin; /* 1 - |1 - 4 k_eff| */
    silk_verdict verdict;    /* linear verdict */
    double bounding_radius;  /* after the frames, about the scene's centre */
    double nan_count;
    bool exploded; /* measured: radius past the explosion limit, or NaN */
} silk_sweep_row;

/* For step = 1..count (count <= SILK_SWEEP_MAX_COUNT): a fresh world from `world_def` with
   `scene`, `frames` frames of that step (spider tick before each frame for the web), measured
   about (W/2, H/2). The whole sweep's work, frames x (sum of step + 1) x elements (as
   above), must be at most SILK_LAB_MAX_PASSES (SILK_ERR_RANGE before any row runs). */
SILK_API silk_status silk_step_sweep(const silk_world_def* world_def, const silk_scene_def* scene,
                                     int32_t frames, int32_t count, silk_sweep_row* out_rows);
/* The most frames per row a sweep of `count` rows of this scene may have (builds one world). */
SILK_API silk_status silk_step_sweep_max_frames(const silk_world_def* world_def,
                                                const silk_scene_def* scene, int32_t count,
                                                int32_t* out_frames);

/* ----------------------------------------------------------------------------------------
    Integrator lesson (seed 004)

    One ball under constant gravity, in SI units (m, s, m/s, J), with no world: plain value
    types you step yourself. It exists to measure what an integrator does to the same ball
    (seed 004): the closed form is y(t) = y0 + vy0 t - g t^2 / 2, and the energy of a
    1 kg ball is E = (vx^2 + vy^2) / 2 + g y (J; potential measured from y = 0).

    One step of h seconds, a = (0, -g):

        EXPLICIT_EULER        x += v h;  v += a h        (position from the OLD velocity)
        SEMI_IMPLICIT_EULER   v += a h;  x += v h        (position from the NEW velocity;
                                                          symplectic Euler)
        POSITION_VERLET       x' = x + (x - prev) (h / h_prev) + a h (h + h_prev) / 2
                              prev = x;  x = x'          (the classic 2x - prev + a h^2
                                                          when h == h_prev; the ratio
                                                          keeps it exact when h changes)

    In free flight explicit Euler gains exactly g^2 h^2 / 2 of energy per step and
    semi-implicit Euler loses exactly as much (each conserves a shifted energy instead:
    E + g h vy / 2 and E - g h vy / 2); position Verlet is exact for constant acceleration.
    What a bounce adds or takes depends on the floor rule below (lab seed004.2*).

    Position Verlet keeps the previous position, not a velocity. When prev_h is 0 (a fresh
    ball, or one whose velocity you set) the next Verlet step first builds the previous
    position from the velocity: prev = x - v h + a h^2 / 2, the exact position h seconds
    earlier. Euler steps set prev_h to 0, so switching integrators mid-run is safe. After
    every Verlet step vx, vy hold its velocity estimate v = (x - prev) / h + a h / 2 (exact
    for constant acceleration); Verlet reads them only when prev_h is 0.

    The floor (a horizontal line y = floor_y). After the integration step, if y < floor_y:

        SILK_FLOOR_SNAP     y = floor_y                 (the seed's "snap back")
        SILK_FLOOR_MIRROR   y = 2 floor_y - y           (the penetration reflected)

    and the velocity turns upwards: Euler integrators set vy = |vy|; Verlet sets its
    previous position |y - prev| below the new y, so its next step goes up by as much as
    the last one came down. Neither rule touches x or vx. SILK_FLOOR_NONE: no floor.

    Errors: NULL pointers (SILK_ERR_NULL), NaN or infinite numbers in the def, the ball or
    h (SILK_ERR_NONFINITE), h <= 0, n < 1 or n > SILK_BALL_MAX_SUBSTEPS, an unknown
    integrator or floor rule, prev_h < 0 (SILK_ERR_RANGE), a def not from
    silk_default_ball_def() (SILK_ERR_DEF). A step whose result (position, velocity or
    energy) would not be finite returns SILK_ERR_NONFINITE. A failing call leaves the ball
    as it was.
---------------------------------------------------------------------------------------- */

typedef enum silk_integrator
{
    SILK_INTEGRATOR_EXPLICIT_EULER = 0,
    SILK_INTEGRATOR_SEMI_IMPLICIT_EULER = 1,
    SILK_INTEGRATOR_POSITION_VERLET = 2,
    SILK_INTEGRATOR_COUNT
} silk_integrator;

typedef enum silk_floor_rule
{
    SILK_FLOOR_NONE = 0,
    SILK_FLOOR_SNAP = 1,
    SILK_FLOOR_MIRROR = 2,
    SILK_FLOOR_RULE_COUNT
} silk_floor_rule;

#define SILK_BALL_MAX_SUBSTEPS 65536

typedef struct silk_ball_def
{
    silk_integrator integrator; /* default SILK_INTEGRATOR_SEMI_IMPLICIT_EULER */
    double gravity;             /* g, m/s^2, pulling towards -y (default 9.81) */
    silk_floor_rule floor_rule; /* default SILK_FLOOR_SNAP */
    double floor_y;             /* m (default 0) */
    double x, y;                /* initial position, m (default 0, 5) */
    double vx, vy;              /* initial velocity, m/s (default 0, 0) */
    int32_t internal_cookie;
} silk_ball_def;

/* The whole state; copy it freely. */
typedef struct silk_ball
{
    double x, y;           /* m */
    double vx, vy;         /* m/s (Verlet: its estimate, see above) */
    double prev_x, prev_y; /* Verlet: the position one step ago, m */
    double prev_h;         /* Verlet: that step's length, s; 0 = none yet */
    double gravity;        /* m/s^2 */
    double floor_y;        /* m */
    silk_integrator integrator;
    silk_floor_rule floor_rule;
} silk_ball;

/* What the floor did during one call (step or sub-steps). */
typedef struct silk_ball_contact
{
    int32_t count;        /* floor contacts in the call */
    double y_before;      /* the last contact: y the integrator produced (below the floor), */
    double vy_before;     /* its vy, */
    double energy_before; /* its energy (J), before the floor rule */
    double energy_after;  /* and the energy after the rule */
} silk_ball_contact;

SILK_API silk_ball_def silk_default_ball_def(void);
SILK_API silk_status silk_ball_init(const silk_ball_def* def, silk_ball* out_ball);
/* One step of h seconds, then the floor rule. out_contact may be NULL. */
SILK_API silk_status silk_ball_step(silk_ball* ball, double h, silk_ball_contact* out_contact);
/* n steps of h / n (the floor rule after each): one frame of h in n sub-steps. */
SILK_API silk_status silk_ball_substep(silk_ball* ball, double h, int32_t n,
                                       silk_ball_contact* out_contact);
/* E = (vx^2 + vy^2) / 2 + g y, J, for m = 1 kg. */
SILK_API silk_status silk_ball_energy(const silk_ball* ball, double* out_energy);

#ifdef __cplusplus
}
#endif

#endif
