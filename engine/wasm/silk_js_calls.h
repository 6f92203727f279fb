/* silk_js_calls.h -- the wasm exports that are pure marshalling, one line each.

   X(export, engine function) makes `silk_js_<export>`, a flat wrapper of the engine function
   whose C prototype (engine/include/silk.h, silk_extras.h) says everything else. This table is
   the one place such a call is named: scripts/gen-boundary.mjs reads it and writes both sides,
   the C wrappers (engine/wasm/exports_generated.c) and the JS call table
   (CALLS in web/lib/silk-boundary.mjs: each export's parameter types as wasm sees them, which
   loadSilk checks the module against), as sokol's bindgen writes its bindings from the header.
   Adding an exported call: one line here, `node scripts/gen-boundary.mjs`, then the JS method
   that checks the arguments and calls it (web/lib/silk-core.mjs, its type in silk.d.ts).

   How the generator marshals, from the prototype (anything else is refused, and belongs in the
   hand-written exports.c):
     parameters   silk_vec2 v          -> double v_x, double v_y
                  uint64_t v           -> uint32_t v_lo, uint32_t v_hi (no BigInt crosses)
                  bool v               -> int32_t v (non-zero is true)
                  an enum v            -> int32_t v
                  size_t v             -> int32_t v (negative is 0)
                  int32_t, uint32_t, double, pointers: as they are
     a last       int32_t* out_v or bool* out_v, with a silk_status result
                  -> dropped: the export returns v (a bool as 1 or 0) when the call succeeded,
                     else the status (< 0)
                  double* out_v -> the export returns the double v, or the status as a double
                  size_t* out_v -> the export returns v (SILK_ERR_CAPACITY beyond 2^31 - 1),
                     or the status
     other pointers (a struct the engine fills, bytes): passed as they are; the binding reads
                  a result struct only when the status says the call succeeded
     result       silk_status, an enum -> int32_t;  bool -> 1 or 0
                  size_t -> int32_t (SILK_ERR_CAPACITY beyond 2^31 - 1)
                  a struct S -> void, with a last parameter S* out that receives it
                  int32_t, double, pointers, void: as they are

   The exports that do more than marshal (fill a def from scalars, create with the extras,
   copy a result only on success, bound a run, ...) are written by hand in exports.c.
   Only the generator reads this file; no C file includes it. */
#ifndef SILK_JS_CALLS_H
#define SILK_JS_CALLS_H

/* clang-format off */
#define SILK_JS_CALLS(X)                                                       \
    /* status */                                                               \
    X(status_string, silk_status_string)                                       \
    /* defs: the engine's defaults, written into wasm memory */                \
    X(default_world_def, silk_default_world_def)                               \
    X(default_stepper_def, silk_default_stepper_def)                           \
    X(default_robust_def, silk_default_robust_def)                             \
    X(default_watchdog_def, silk_default_watchdog_def)                         \
    X(default_spiderweb_def, silk_default_spiderweb_def)                       \
    X(default_spider_def, silk_default_spider_def)                             \
    X(default_cloth_def, silk_default_cloth_def)                               \
    X(default_tire_def, silk_default_tire_def)                                 \
    X(default_tree_def, silk_default_tree_def)                                 \
    X(default_scene_def, silk_default_scene_def)                               \
    X(default_polygon_def, silk_default_polygon_def)                           \
    X(default_distance_def, silk_default_distance_def)                         \
    X(default_ball_def, silk_default_ball_def)                                 \
    X(last_error_detail, silk_world_last_error_detail)                         \
    X(check_world_def, silk_check_world_def)                                   \
    /* world */                                                                \
    X(world_destroy, silk_world_destroy)                                       \
    X(world_clear, silk_world_clear)                                           \
    X(set_gravity, silk_world_set_gravity)                                     \
    X(set_size, silk_world_set_size)                                           \
    X(set_seed, silk_world_set_seed)                                           \
    X(world_set_setting, silk_world_set_setting)                               \
    X(world_get_setting, silk_world_get_setting)                               \
    X(random, silk_world_random)                                               \
    /* composites, particles */                                                \
    X(add_composite, silk_world_add_composite)                                 \
    X(composite_count, silk_world_composite_count)                             \
    X(add_particle, silk_world_add_particle)                                   \
    X(particle_count, silk_world_particle_count)                               \
    X(particle_composite, silk_world_particle_composite)                       \
    X(set_position, silk_world_set_position)                                   \
    X(set_last_position, silk_world_set_last_position)                         \
    X(positions, silk_world_positions)                                         \
    X(last_positions, silk_world_last_positions)                               \
    X(previous_positions, silk_world_previous_positions)                       \
    /* constraints */                                                          \
    X(remove_constraint, silk_world_remove_constraint)                         \
    X(constraint_count, silk_world_constraint_count)                           \
    X(composite_constraint_count, silk_world_composite_constraint_count)       \
    X(composite_constraint_begin, silk_world_composite_constraint_begin)       \
    X(get_constraint, silk_world_get_constraint)                               \
    X(constraint_kinds, silk_world_constraint_kinds)                           \
    X(constraint_a, silk_world_constraint_a)                                   \
    X(constraint_b, silk_world_constraint_b)                                   \
    X(constraint_c, silk_world_constraint_c)                                   \
    X(constraint_rest, silk_world_constraint_rest)                             \
    X(constraint_targets, silk_world_constraint_targets)                       \
    /* solving, stepping */                                                    \
    X(frame, silk_world_frame)                                                 \
    X(relax, silk_world_relax)                                                 \
    X(set_stepper, silk_world_set_stepper)                                     \
    X(set_loop_mode, silk_world_set_loop_mode)                                 \
    X(get_loop_mode, silk_world_get_loop_mode)                                 \
    X(set_auto_crawl, silk_world_set_auto_crawl)                               \
    X(get_auto_crawl, silk_world_get_auto_crawl)                               \
    X(reset_clock, silk_world_reset_clock)                                     \
    X(advance, silk_world_advance)                                             \
    /* drag */                                                                 \
    X(find_nearest, silk_world_find_nearest)                                   \
    X(drag_begin, silk_world_drag_begin)                                       \
    X(drag_move, silk_world_drag_move)                                         \
    X(drag_end, silk_world_drag_end)                                           \
    X(dragged_particle, silk_world_dragged_particle)                           \
    X(dragged_pin, silk_world_dragged_pin)                                     \
    X(queue_pointer, silk_world_queue_pointer)                                 \
    X(pointer_queue_count, silk_world_pointer_queue_count)                     \
    X(flush_pointer, silk_world_flush_pointer)                                 \
    /* builders: the binding fills the def in wasm memory */                   \
    X(spiderweb, silk_world_build_spiderweb)                                   \
    X(spider, silk_world_build_spider)                                         \
    X(cloth, silk_world_build_cloth)                                           \
    X(tire, silk_world_build_tire)                                             \
    X(tree, silk_world_build_tree)                                             \
    X(build_scene, silk_world_build_scene)                                     \
    X(crawl, silk_world_crawl)                                                 \
    X(spider_tick, silk_world_spider_tick)                                     \
    X(spider_info, silk_world_spider_info)                                     \
    X(line_segments, silk_world_build_line_segments)                           \
    /* diagnostics and lab runs */                                             \
    X(update_diagnostics, silk_world_update_diagnostics)                       \
    X(run_frames, silk_world_run_frames)                                       \
    X(run_frames_max, silk_world_run_frames_max)                               \
    X(step_sweep, silk_step_sweep)                                             \
    X(work_elements, silk_world_work_elements)                                 \
    X(step_work, silk_world_step_work)                                         \
    X(step_sweep_max_frames, silk_step_sweep_max_frames)                       \
    /* the robust solver, health */                                            \
    X(set_solver, silk_world_set_solver)                                       \
    X(get_solver, silk_world_get_solver)                                       \
    X(set_robust, silk_world_set_robust)                                       \
    X(get_robust, silk_world_get_robust)                                       \
    X(robust_from_compat, silk_robust_def_from_compat)                         \
    X(match_robust_to_compat, silk_world_match_robust_to_compat)               \
    X(compliance_from_stiffness, silk_compliance_from_stiffness)               \
    X(robust_step, silk_world_robust_step)                                     \
    X(set_inverse_mass, silk_world_set_inverse_mass)                           \
    X(get_inverse_mass, silk_world_get_inverse_mass)                           \
    X(set_mass, silk_world_set_mass)                                           \
    X(set_compliance, silk_world_set_compliance)                               \
    X(get_compliance, silk_world_get_compliance)                               \
    /* collisions (silk.h "Collisions") */                                     \
    X(set_radius, silk_world_set_radius)                                       \
    X(radii, silk_world_radii)                                                 \
    X(constraint_compliance, silk_world_constraint_compliance)                 \
    X(set_watchdog, silk_world_set_watchdog)                                   \
    X(get_watchdog, silk_world_get_watchdog)                                   \
    X(health, silk_world_health)                                               \
    X(check_health, silk_world_check_health)                                   \
    /* snapshots, recording */                                                 \
    X(snapshot_size, silk_world_snapshot_size)                                 \
    X(snapshot, silk_world_snapshot)                                           \
    X(restore, silk_world_restore)                                             \
    X(record_begin, silk_world_record_begin)                                   \
    X(record_end, silk_world_record_end)                                       \
    X(recording, silk_world_recording)                                         \
    X(recording_size, silk_world_recording_size)                               \
    X(recording_export, silk_world_recording_export)                           \
    X(replay, silk_world_replay)                                               \
    X(play_status, silk_world_play_status)                                     \
    X(play_begin, silk_world_play_begin)                                       \
    X(play_stop, silk_world_play_stop)                                         \
    /* the timing lab: a standalone stepper, static polygons, cutting */       \
    X(stepper_reset, silk_stepper_reset)                                       \
    X(add_polygon, silk_world_add_polygon)                                     \
    X(polygon_count, silk_world_polygon_count)                                 \
    X(get_polygon_friction, silk_world_get_polygon_friction)                   \
    X(cut, silk_world_cut)
/* clang-format on */

#endif
