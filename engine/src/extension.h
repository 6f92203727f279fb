/* extension.h -- the extension seam's core side (extension.c) */
#ifndef SILK_EXTENSION_H
#define SILK_EXTENSION_H

#include "world.h"

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
/* The values a rollback to `mark` would leave (on_rollback applied to a copy), or
   SILK_ERR_STATE when the extension's check() refuses them with the mark's counts. */
silk_status silk_extension_rollback(const silk_world* world, silk_world_mark mark,
                                    int32_t out_values[SILK_MAX_EXTENSION_VALUES]);

#endif
