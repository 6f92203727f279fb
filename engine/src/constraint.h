/* constraint.h -- appending and removing constraints, the angle rule (constraint.c) */
#ifndef SILK_CONSTRAINT_H
#define SILK_CONSTRAINT_H

#include "world.h"

/* Appends a constraint to a composite (constraint.c); validation is the caller's. */
silk_status silk_push_constraint(silk_world* world, int32_t composite, silk_constraint_kind kind,
                                 int32_t a, int32_t b, int32_t c, double stiffness, double rest,
                                 silk_vec2 target, int32_t* out_index);

/* The global position of a composite's index-th constraint: SILK_ERR_NULL for a bad world,
   SILK_ERR_INDEX for a bad composite or index. */
silk_status silk_locate_constraint(const silk_world* world, int32_t composite, int32_t index,
                                   int32_t* out_global);

/* The angle a-b-c at b, as verlet-js's Vec2.angle2 computes it (constraint.c). */
double silk_angle_at(silk_vec2 a, silk_vec2 b, silk_vec2 c);

/* Removes, in one order-preserving pass, every constraint j for which drop(world, j, context)
   is true (constraint.c); returns how many. Not for use inside a step. */
typedef bool silk_constraint_filter(const silk_world* world, int32_t j, void* context);
int32_t silk_remove_constraints_where(silk_world* world, silk_constraint_filter* drop,
                                      void* context);

#endif
