/* settings.h -- the defs' settings, one table per def (private), as storage.h declares the
   columns.

   A setting is a field of a public def struct (silk.h: silk_world_def, silk_stepper_def,
   silk_robust_def, silk_watchdog_def). Each is declared once, in the tables below, with
   everything the engine does with it besides using it: its default, the validator that the
   setter, the def check, the snapshot loader and the recording loader share (validate.c), the
   rule text a failed check reports (silk_error_detail.rule), how a snapshot stores it and
   which recording event carries a change of it. The code that handles whole defs expands a
   table instead of naming fields:
       the defaults         silk_default_*_def (world.c, robust_settings.c, health.c)
       the def checks       silk_check_*_def (def_check.c): field name and rule text
       snapshots            write, read, check and restore of the stepper and robust defs
                            (snapshot.c)
       recordings           what silk_world_set_robust records, each event's payload check,
                            and the replay of a robust event (record_events.c)
   So adding a setting to a def is one line here, the field in silk.h, and what it means to
   the solver; docs/architecture.md "How to add a setting" walks it, and tests/c/
   test_settings.c checks every entry of every table (default valid, range refused with its
   rule, snapshot and replay round trips).

   Each entry is X(type, name, wire, default, check, rule, event, slot):
       type     the field's type in the def
       name     the field (def->name)
       wire     how a snapshot stores it, little-endian: f64 (8 bytes), vec2 (two f64), i32
                (4 bytes), u64 (8 bytes), flag (a bool as an i32, 0 or 1)
       default  its value in silk_default_*_def()
       check    the validator: silk_check_<check>(value) returns SILK_OK or the status the
                setter returns (SILK_ERR_NONFINITE before SILK_ERR_RANGE, see def_check.c)
       rule     what the def check says when the validator returns SILK_ERR_RANGE (a
                non-finite value is reported as "must be finite")
       event    SILK_EVENT_<event> carries a change (record_events.c); NONE: not recorded
       slot     where that event holds the value: i (int32), x or y (double; an int32 in x is
                a whole number), xy (a vec2); none without an event
   The order of a table is the order of the checks (the first failing field is named) and of
   the fields in a snapshot, so it is part of the formats: reordering changes their bytes. A
   new setting goes at the end, and a snapshot that stores it needs a new SNAP_VERSION
   (snapshot.c asserts the size of its fixed part). */
#ifndef SILK_SETTINGS_H
#define SILK_SETTINGS_H

#include "storage.h"

#define SILK_STR_(x) #x
#define SILK_STR(x)  SILK_STR_(x)

#define SILK_FINITE_RULE "must be finite"
#define SILK_STEP_RULE                                                                             \
    "must be > 0, in [" SILK_STR(SILK_MIN_STEP_SECONDS) ", " SILK_STR(SILK_MAX_STEP_SECONDS) "] s"
#define SILK_FLAG_RULE "must be 0 or 1"

/* silk_world_def's settings (the capacities, the allocator and the nested stepper def are
   not settings: def_check.c checks them after these). This table is the world settings'
   one declaration: the world's fields of the same names (world.h expands it: world->width),
   create and get_def (world.c), the one setter silk_world_set_setting and the getter
   (world_settings.c: validator, error detail, recording event), the snapshot's fields
   (snapshot.c, table order, the generator state after the seed), the replay of their events
   (record_events.c) and the JS boundary (scripts/gen-boundary.mjs: WORLD_SETTINGS, DEFAULTS).
   silk.h's silk_world_setting names the entries in this order (gen-boundary checks it). A
   new entry goes at the end; docs/extending.md "A world setting" walks the four files. */
#define SILK_WORLD_SETTINGS(X)                                                                     \
    X(double, width, f64, 800.0, size_side, "must be >= 1 px", NONE, none)                         \
    X(double, height, f64, 500.0, size_side, "must be >= 1 px", NONE, none)                        \
    X(silk_vec2, gravity, vec2, ((silk_vec2){0.0, 0.2}), finite_vec2, SILK_FINITE_RULE, GRAVITY,   \
      xy)                                                                                          \
    X(double, friction, f64, 0.99, finite, SILK_FINITE_RULE, FRICTION, x)                          \
    X(double, ground_friction, f64, 0.8, finite, SILK_FINITE_RULE, GROUND_FRICTION, x)             \
    X(uint64_t, seed, u64, 1, any_seed, "", NONE, none)                                            \
    X(int32_t, relax_passes, i32, 16, relax_passes,                                                \
      "must be in [1, " SILK_STR(SILK_MAX_RELAX_PASSES) "]", RELAX_PASSES, i)                      \
    SILK_TEST_WORLD_SETTINGS(X)

/* A world setting that exists only in the test build (-DSILK_TEST_SETTING, tests/c/
   test_world_setting.c): it proves that a setting added here, in silk.h and in snapshot.c's
   version is checked, set, recorded, replayed, saved and restored without another line. */
#ifdef SILK_TEST_SETTING
#define SILK_TEST_WORLD_SETTINGS(X)                                                                \
    X(double, test_knob, f64, 0.5, restitution, "must be in [0, 1]", TEST_KNOB, x)
#else
#define SILK_TEST_WORLD_SETTINGS(X)
/* The world's settings by index (world_settings.c): silk_world_set_setting without the
   public call's checks; `detail` (may be NULL) receives the outcome. The named setters pass
   NULL (their contract predates the detail); replay (record_events.c) does too. */
silk_status silk_world_apply_setting(silk_world* world, int32_t setting,
                                     const silk_setting_value* value, silk_error_detail* detail);

#endif

/* The world settings by index, in the table's order (silk.h's silk_world_setting spells the
   same indices for the public API). */
#define SILK_WORLD_SETTING_INDEX(type, name, wire, dflt, check, rule, event, slot) SILK_WS_##name,
enum silk_world_setting_index
{
    SILK_WORLD_SETTINGS(SILK_WORLD_SETTING_INDEX) SILK_WS_COUNT
};
_Static_assert((int)SILK_WS_COUNT == (int)SILK_WORLD_SETTING_COUNT,
               "silk.h's silk_world_setting lists every entry of SILK_WORLD_SETTINGS");

/* silk_stepper_def (set_stepper, stepper_init, and the world def's `stepper`). */
#define SILK_STEPPER_SETTINGS(X)                                                                   \
    X(double, step_seconds, f64, 1.0 / 60.0, step_seconds, SILK_STEP_RULE, NONE, none)             \
    X(int32_t, max_steps_per_frame, i32, 8, at_least_one, "must be >= 1", NONE, none)

/* silk_robust_def (set_robust). gravity, damping and ground_friction default to the compat
   page's settings mapped to seconds (silk_robust_def_from_compat), not to the zeros here. */
#define SILK_ROBUST_SETTINGS(X)                                                                    \
    X(silk_vec2, gravity, vec2, ((silk_vec2){0.0, 0.0}), finite_vec2, SILK_FINITE_RULE,            \
      ROBUST_GRAVITY, xy)                                                                          \
    X(double, damping, f64, 0.0, decay_rate, "must be >= 0 (1/s)", ROBUST_DAMPING, x)              \
    X(double, ground_friction, f64, 0.0, decay_rate, "must be >= 0 (1/s)", ROBUST_DAMPING, y)      \
    X(double, restitution, f64, 0.0, restitution, "must be in [0, 1]", ROBUST_BOX, x)              \
    X(double, max_step_seconds, f64, 1.0 / 30.0, step_seconds, SILK_STEP_RULE, ROBUST_BOX, y)      \
    X(int32_t, substeps, i32, 8, substeps, "must be in [1, " SILK_STR(SILK_MAX_SUBSTEPS) "]",      \
      ROBUST_ITERATIONS, i)                                                                        \
    X(int32_t, iterations, i32, 1, iterations,                                                     \
      "must be in [1, " SILK_STR(SILK_MAX_ITERATIONS) "]", ROBUST_ITERATIONS, x)                   \
    X(bool, ceiling, flag, true, flag, SILK_FLAG_RULE, ROBUST_BOX, i)                              \
    X(bool, tethers, flag, false, flag, SILK_FLAG_RULE, ROBUST_TETHERS, i)                         \
    X(bool, near_pass, flag, true, flag, SILK_FLAG_RULE, ROBUST_NEAR_PASS, i)                      \
    X(int32_t, near_passes, i32, 1, near_passes,                                                   \
      "must be in [1, " SILK_STR(SILK_MAX_NEAR_PASSES) "]", ROBUST_NEAR_PASSES, i)                 \
    X(bool, chains, flag, false, flag, SILK_FLAG_RULE, ROBUST_CHAINS, i)                           \
    X(double, near_mobility, f64, 1.0, near_mobility, "must be in (0, 1]", ROBUST_NEAR_MOBILITY,   \
      x)                                                                                           \
    X(double, contact_friction, f64, 0.3, decay_rate, "must be >= 0", ROBUST_CONTACT, x)           \
    X(double, contact_restitution, f64, 0.0, restitution, "must be in [0, 1]", ROBUST_CONTACT, y)  \
    X(bool, sleep, flag, false, flag, SILK_FLAG_RULE, ROBUST_SLEEP, i)                             \
    X(double, sleep_speed, f64, 12.0, decay_rate, "must be >= 0 (px/s)", ROBUST_SLEEP, x)          \
    X(int32_t, sleep_steps, i32, 30, sleep_steps,                                                  \
      "must be in [1, " SILK_STR(SILK_MAX_SLEEP_STEPS) "] steps", ROBUST_SLEEP, y)

/* The robust settings by index, in the table's order: a snapshot of an older version stores
   only the first ones (snapshot.c, robust_settings_stored). */
#define SILK_ROBUST_SETTING_INDEX(type, name, wire, dflt, check, rule, event, slot) SILK_RS_##name,
enum silk_robust_setting_index
{
    SILK_ROBUST_SETTINGS(SILK_ROBUST_SETTING_INDEX) SILK_RS_COUNT
};

/* The robust def's recording events, X(event, strict), in the order silk_world_set_robust
   records the changes of one call (the order is in recordings' bytes). An event carries the
   entries above that name it, each in its slot; strict: the slots none of them uses must
   hold 0 (a recording loader refuses anything else). */
#define SILK_ROBUST_EVENTS(X)                                                                      \
    X(ROBUST_GRAVITY, 0)                                                                           \
    X(ROBUST_DAMPING, 0)                                                                           \
    X(ROBUST_ITERATIONS, 1)                                                                        \
    X(ROBUST_TETHERS, 0)                                                                           \
    X(ROBUST_NEAR_PASS, 0)                                                                         \
    X(ROBUST_CHAINS, 0)                                                                            \
    X(ROBUST_NEAR_PASSES, 0)                                                                       \
    X(ROBUST_NEAR_MOBILITY, 0)                                                                     \
    X(ROBUST_BOX, 0)                                                                               \
    X(ROBUST_CONTACT, 1)                                                                           \
    X(ROBUST_SLEEP, 1)

/* silk_watchdog_def (set_watchdog). Not in snapshots, not recorded. */
#define SILK_WATCHDOG_SETTINGS(X)                                                                  \
    X(bool, enabled, flag, true, flag, SILK_FLAG_RULE, NONE, none)                                 \
    X(int32_t, window, i32, 60, watchdog_window,                                                   \
      "must be in [2, " SILK_STR(SILK_WATCHDOG_MAX_WINDOW) "] steps", NONE, none)                  \
    X(double, radius_factor, f64, SILK_EXPLOSION_FACTOR, positive, "must be > 0", NONE, none)      \
    X(double, speed_limit, f64, 4.0, positive, "must be > 0", NONE, none)                          \
    X(double, energy_growth, f64, 100.0, at_least_one_f64, "must be >= 1", NONE, none)             \
    X(bool, auto_restore, flag, false, flag, SILK_FLAG_RULE, NONE, none)                           \
    X(int32_t, snapshot_interval, i32, 60, at_least_one, "must be >= 1 steps", NONE, none)

/* A setting's value as a snapshot holds it, before it is checked: a flag's stored i32 must be
   0 or 1 before it becomes a bool (storage.h has the other wire types). */
typedef uint64_t silk_wire_u64;
typedef int32_t silk_wire_flag;
#define SILK_WIRE_SIZE_u64  8
#define SILK_WIRE_SIZE_flag 4

/* The defaults of a table into `def` (a def struct, not a pointer). */
#define SILK_SETTING_DEFAULT(type, name, wire, dflt, check, rule, event, slot) def.name = dflt;
/* A table's settings as fields of a struct (the world's: world.h). */
#define SILK_SETTING_FIELD(type, name, wire, dflt, check, rule, event, slot) type name;
/* Copies of a table's settings between two structs with the fields (`to`, `from`). */
#define SILK_SETTING_COPY(type, name, wire, dflt, check, rule, event, slot) to->name = from->name;

/* The world's settings by index (world_settings.c): silk_world_set_setting without the
   public call's checks; `detail` (may be NULL) receives the outcome. The named setters pass
   NULL (their contract predates the detail); replay (record_events.c) does too. */
silk_status silk_world_apply_setting(silk_world* world, int32_t setting,
                                     const silk_setting_value* value, silk_error_detail* detail);

#endif
