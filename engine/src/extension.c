/* extension.c -- the core's one seam for content that acts every step (silk.h, "Extensions").

   The world keeps the extension's values and calls it back; the core never learns what the
   values mean. It owns their encoding (little-endian int32 in snapshot.c and record_file.c), so
   whatever an extension keeps hashes and restores the same on every platform. */
#include "cold.h"
#include "extension.h"
#include "record.h"
#include "validate.h"
#include "world.h"

#include <string.h>

silk_extension_def silk_default_extension_def(void)
{
    silk_extension_def def;
    memset(&def, 0, sizeof(def));
    def.value_count = 1;
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

/* The scratch keeps no contents across calls, so growing it is a fresh allocation. */
SILK_COLD
static silk_status grow_scratch(silk_world* world, int32_t capacity)
{
    silk_extension_state* ext = &world->extension;
    if (capacity <= ext->scratch_capacity && ext->scratch != NULL)
    {
        return SILK_OK;
    }
    int32_t* fresh = silk_alloc(world, (size_t)(capacity > 0 ? capacity : 1) * sizeof(int32_t));
    if (fresh == NULL)
    {
        return SILK_ERR_NOMEM;
    }
    silk_free(world, ext->scratch);
    ext->scratch = fresh;
    ext->scratch_capacity = capacity;
    return SILK_OK;
}

SILK_COLD
silk_status silk_world_set_extension(silk_world* world, const silk_extension_def* def)
{
    if (!silk_is_world(world) || def == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (def->internal_cookie != SILK_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (def->tag == 0 || def->value_count < 1 || def->value_count > SILK_MAX_EXTENSION_VALUES ||
        (def->apply_input == NULL) != (def->check_input == NULL))
    {
        return SILK_ERR_RANGE;
    }
    silk_extension_state* ext = &world->extension;
    if (def->particle_scratch)
    {
        silk_status status = grow_scratch(world, world->particle_capacity);
        if (status != SILK_OK)
        {
            return status;
        }
    }
    /* the tag is the host's choice, so only the same tag *and* owner is the same extension:
       a host's extension that reuses another's tag never inherits its state */
    if (ext->def.tag != def->tag || ext->def.owner != def->owner)
    {
        memset(ext->values, 0, sizeof(ext->values));
    }
    ext->def = *def;
    return SILK_OK;
}

bool silk_world_extension_owned_by(const silk_world* world, const void* owner)
{
    return silk_is_world(world) && owner != NULL && world->extension.def.tag != 0 &&
           world->extension.def.owner == owner;
}

int32_t* silk_world_extension_scratch(silk_world* world)
{
    return silk_is_world(world) && world->extension.def.particle_scratch ? world->extension.scratch
                                                                         : NULL;
}

silk_status silk_extension_reserve(silk_world* world, int32_t capacity)
{
    return world->extension.def.particle_scratch ? grow_scratch(world, capacity) : SILK_OK;
}

SILK_COLD
void silk_extension_free(silk_world* world)
{
    silk_free(world, world->extension.scratch);
    world->extension.scratch = NULL;
    world->extension.scratch_capacity = 0;
}

int32_t* silk_world_extension_values(silk_world* world)
{
    return silk_is_world(world) && world->extension.def.tag != 0 ? world->extension.values : NULL;
}

silk_status silk_world_get_extension_values(const silk_world* world, int32_t* out_values,
                                            int32_t count)
{
    if (!silk_is_world(world) || out_values == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (world->extension.def.tag == 0)
    {
        return SILK_ERR_STATE;
    }
    if (count < 0 || count > world->extension.def.value_count)
    {
        return SILK_ERR_RANGE;
    }
    memcpy(out_values, world->extension.values, (size_t)count * sizeof(int32_t));
    return SILK_OK;
}

uint32_t silk_world_extension_tag(const silk_world* world)
{
    return silk_is_world(world) ? world->extension.def.tag : 0;
}

silk_status silk_world_extension_input(silk_world* world, int32_t code, int32_t value)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    const silk_extension_def* def = &world->extension.def;
    if (def->tag == 0 || def->apply_input == NULL)
    {
        return SILK_ERR_STATE;
    }
    silk_status status = def->check_input(code, value);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_record_input(world, SILK_EVENT_EXTENSION, code, (double)value, 0.0);
    def->apply_input(world, code, value);
    return SILK_OK;
}

void silk_extension_before_step(silk_world* world)
{
    if (world->extension.def.before_step != NULL)
    {
        world->extension.def.before_step(world);
    }
}

void silk_extension_clear(silk_world* world)
{
    silk_extension_state* ext = &world->extension;
    if (ext->def.on_clear != NULL)
    {
        ext->def.on_clear(ext->values);
    }
    else
    {
        memset(ext->values, 0, sizeof(ext->values));
    }
}

bool silk_extension_saves(const silk_world* world)
{
    const silk_extension_state* ext = &world->extension;
    for (int32_t k = 0; ext->def.tag != 0 && k < ext->def.value_count; ++k)
    {
        if (ext->values[k] != 0)
        {
            return true;
        }
    }
    return false;
}

silk_status silk_extension_check(const silk_world* world, uint32_t tag, const int32_t* values,
                                 int32_t count, int32_t particles, int32_t constraints,
                                 int32_t composites, int32_t* out_constraint_headroom)
{
    const silk_extension_def* def = &world->extension.def;
    *out_constraint_headroom = 0;
    if (tag == 0 && count == 0)
    {
        return SILK_OK; /* no block: the values restore as zero */
    }
    if (def->tag == 0 || tag != def->tag || count != def->value_count)
    {
        return SILK_ERR_FORMAT; /* content this world does not run */
    }
    if (def->check == NULL)
    {
        return SILK_OK;
    }
    silk_status status =
        def->check(values, particles, constraints, composites, out_constraint_headroom);
    if (status == SILK_OK &&
        (*out_constraint_headroom < 0 || *out_constraint_headroom > SILK_MAX_CONSTRAINTS))
    {
        return SILK_ERR_FORMAT;
    }
    return status == SILK_OK ? SILK_OK : SILK_ERR_FORMAT;
}

silk_status silk_extension_rollback(const silk_world* world, silk_world_mark mark,
                                    int32_t out_values[SILK_MAX_EXTENSION_VALUES])
{
    const silk_extension_state* ext = &world->extension;
    memcpy(out_values, ext->values, sizeof(ext->values));
    if (ext->def.tag == 0)
    {
        return SILK_OK;
    }
    if (ext->def.on_rollback != NULL)
    {
        ext->def.on_rollback(out_values, mark.particles, mark.constraints, mark.composites);
    }
    bool saves = false;
    for (int32_t k = 0; k < ext->def.value_count; ++k)
    {
        saves = saves || out_values[k] != 0;
    }
    if (!saves || ext->def.check == NULL)
    {
        return SILK_OK; /* no block, or any values are accepted: the snapshot restores */
    }
    int32_t headroom = 0;
    return ext->def.check(out_values, mark.particles, mark.constraints, mark.composites,
                          &headroom) == SILK_OK
               ? SILK_OK
               : SILK_ERR_STATE;
}
