/* validate.h -- the validators shared by setters and loaders, one per value (validate.c,
 * def_check.c) */
#ifndef SILK_VALIDATE_H
#define SILK_VALIDATE_H

#include "world.h"

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
silk_status silk_check_near_mobility(double mobility); /* finite, in (0, 1] */
silk_status silk_check_decay_rate(double rate);        /* damping, ground friction: finite, >= 0 */
silk_status silk_check_restitution(double restitution);
silk_status silk_check_inverse_mass(double inverse_mass);
silk_status silk_check_compliance(double compliance);
silk_status silk_check_rest(silk_constraint_kind kind, double rest);
silk_status silk_check_counter(int64_t count);
silk_status silk_check_radius(double radius); /* finite, in [0, SILK_MAX_RADIUS] px */
/* The rest of the settings tables' validators (settings.h). */
silk_status silk_check_size_side(double side);          /* one side of the canvas, >= 1 px */
silk_status silk_check_finite(double v);                /* finite, any value */
silk_status silk_check_finite_vec2(silk_vec2 v);        /* both components finite */
silk_status silk_check_any_seed(uint64_t seed);         /* every value */
silk_status silk_check_flag(int32_t flag);              /* a bool as stored: 0 or 1 */
silk_status silk_check_at_least_one(int32_t count);     /* >= 1 */
silk_status silk_check_sleep_steps(int32_t steps);      /* 1..SILK_MAX_SLEEP_STEPS */
silk_status silk_check_at_least_one_f64(double v);      /* finite, >= 1 */
silk_status silk_check_positive(double v);              /* finite, > 0 */
silk_status silk_check_watchdog_window(int32_t window); /* [2, SILK_WATCHDOG_MAX_WINDOW] */
/* def_check.c: the size check naming the side that failed (set_size and the world def). */
silk_status silk_check_size_detail(double width, double height, silk_error_detail* out_detail);

#endif
