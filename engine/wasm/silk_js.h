/* silk_js.h -- what crosses the wasm boundary and is not in silk.h / silk_extras.h: the
   records exports.c writes for results that have no struct of their own in the public API,
   and the bounds of the wasm-only calls. scripts/gen-boundary.mjs reads this header beside
   the public ones, so web/lib/silk-boundary.mjs carries these layouts (FIELDS, LAYOUT) and
   limits (LIMITS.JS_*) and web/lib/silk-core.mjs reads them by name: nothing here is restated in
   JS. Only exports.c and exports_generated.c include it; the engine does not. */
#ifndef SILK_JS_H
#define SILK_JS_H

#include "silk.h"

/* silk_js_ball_run's bounds: a run is steps frames of substeps steps each (the caller
   allocates steps + 1 rows before it). Like SILK_LAB_MAX_PASSES, they keep the largest call
   within 2 s on a phone-class CPU: a row costs about 1 us of CPU in wasm and JS, a substep
   about 1.1 ns; in a busy process (bench/workbound.mjs, after the other entries) 2 x 10^5 rows
   of 671 substeps took 0.77 s of CPU there, 3.1 s at 4x, so the bounds are half that: 10^5
   rows and 2^26 substeps. 10^6 rows took 1.1 s there, 4.3 s at 4x. */
#define SILK_JS_BALL_MAX_STEPS    100000
#define SILK_JS_BALL_MAX_SUBSTEPS ((int64_t)1 << 26) /* steps * substeps */

/* One row of silk_js_ball_run: the ball after k frames of h (row 0 is the launch). */
typedef struct silk_js_ball_row
{
    double t;                  /* k h, s */
    double x, y;               /* m */
    double vx, vy;             /* m/s */
    double energy;             /* J, 1 kg (silk_ball_energy) */
    double pre_contact_energy; /* energy before the floor rule at the frame's last contact;
                                  NaN when the frame had none */
} silk_js_ball_row;

/* silk_js_state_hash's result: the world's state hash (silk_world_state_hash), which the
   binding reads as a uint64_t field and shows as 16 hex digits. */
typedef struct silk_js_hash
{
    uint64_t hash;
} silk_js_hash;

/* silk_js_polygon_penetration's result (silk_world_polygon_penetration). */
typedef struct silk_js_penetration
{
    double depth;     /* px, 0 when no particle is inside a polygon */
    int32_t particle; /* the deepest particle, -1 when none is */
} silk_js_penetration;

/* silk_js_play_run's result (silk_world_play_run). */
typedef struct silk_js_play_run_result
{
    int64_t steps; /* the replay's steps this call ran */
} silk_js_play_run_result;

/* A wrapper's one int32 result: the value (index, id, count, address) when the call
   succeeded, else the status (< 0). Shared by exports.c and exports_generated.c. */
static inline int32_t silk_js_value_or_status(silk_status status, int32_t value)
{
    return status == SILK_OK ? value : (int32_t)status;
}

#endif
