/* world_bytes.h -- a world's snapshot as bytes, for tests that check "a failing call leaves the
   world byte-identical" (test_reliability.c, test_bounds_and_details.c, test_extension_identity.c).
   Include after check.h. */
#ifndef SILK_TEST_WORLD_BYTES_H
#define SILK_TEST_WORLD_BYTES_H

#include "silk_extras.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct bytes
{
    uint8_t* data;
    size_t size;
} bytes;

/* The world's snapshot, malloc'd (the caller frees b.data). */
static inline bytes snap(const silk_world* w)
{
    bytes b = {NULL, silk_world_snapshot_size(w)};
    b.data = malloc(b.size ? b.size : 1);
    CHECK_EQ_INT(silk_world_snapshot(w, b.data, b.size, NULL), SILK_OK);
    return b;
}

static inline bool same_bytes(bytes a, bytes b)
{
    return a.size == b.size && memcmp(a.data, b.data, a.size) == 0;
}

/* A world made from `def` (its allocator, say), in `solver`, with page scene `scene` built (none
   when scene < 0). */
static inline silk_world* scene_world_from(const silk_world_def* def, int scene, silk_solver solver)
{
    silk_world* w = NULL;
    CHECK_EQ_INT(silk_world_create(def, &w), SILK_OK);
    CHECK_EQ_INT(silk_world_set_solver(w, solver), SILK_OK);
    if (scene >= 0)
    {
        silk_scene_def sd = silk_default_scene_def();
        sd.scene = (silk_scene)scene;
        CHECK_EQ_INT(silk_world_build_scene(w, &sd), SILK_OK);
    }
    return w;
}

/* A default world in `solver`, with page scene `scene` built (none when scene < 0). */
static inline silk_world* scene_world(int scene, silk_solver solver)
{
    silk_world_def def = silk_default_world_def();
    return scene_world_from(&def, scene, solver);
}

#endif
