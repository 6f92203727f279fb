/* snapshot.c -- the state hash, snapshots to bytes and back.

   Both are defined over explicit little-endian bytes written field by field, never over the
   in-memory structs: padding, pointer sizes and byte order differ between a native build and
   wasm, and the hash must not. FNV-1a 64 (Fowler, Noll, Vo) is one multiply and one xor per
   byte: simple enough to write from its definition and fast enough for a dashboard that shows
   the hash every frame (about 1 ms per 100k particles).

   Restore is two-phase: parse and check everything into locals and a list of sizes, reserve
   the capacity (the only step that can fail after checking, and it changes nothing visible),
   then copy. So a bad snapshot -- foreign bytes, a truncated file, a flipped bit, an index out
   of range -- returns an error and leaves the world exactly as it was. */
#include "contact.h"
#include "extension.h"
#include "health.h"
#include "settings.h"
#include "snapshot.h"
#include "validate.h"
#include "world.h"

#include <math.h>
#include <string.h>

#define SNAP_MAGIC "SILKSNAP"
/* The format's version (3: near passes and chains; 4: the extension block replaces content
   fields; 5: near_mobility; 6: contact friction and restitution, the particle radius and the
   composite's collision filter; 7: sleep, sleep_speed and sleep_steps, the particle's sleep
   state) and the size of its fixed part. A world setting appended to
   its table (settings.h) is stored after the others: it needs a new version here, and
   world_settings_stored() says how many of them each older version holds, so that those
   snapshots still load with the settings they lack at their defaults. The test build's extra
   setting (-DSILK_TEST_SETTING) makes version 8 and proves it. Version 6 changed the particle
   rows and the robust table too, which that rule does not cover: version 5 is refused.
   Version 7 appended to the robust table and to the particle rows: robust_settings_stored()
   and the row size of snap_fixed.per_particle say what a version 6 snapshot holds, and it
   loads with sleep off and every particle awake. */
#ifndef SILK_TEST_SETTING
#define SNAP_VERSION     7u
#define SNAP_FIXED_BYTES 284
#else
#define SNAP_VERSION     8u /* 8: test_knob */
#define SNAP_FIXED_BYTES 292
#endif
#define SNAP_OLDEST_VERSION 6u
#define SNAP_HEADER         32
#define FNV_OFFSET          0xcbf29ce484222325ULL
#define FNV_PRIME           0x100000001b3ULL

/* The fixed part of the payload, in this order: the world's settings (settings.h's
   SILK_WORLD_SETTINGS, the generator's state right after the seed), the world's own fields
   (SNAP_WORLD_HEAD), the stepper's and the robust solver's settings (their tables), the rest
   of the world's (SNAP_WORLD_TAIL). Each entry is X(name, path, wire, valid): snap_fixed.name holds
   world->path as the snapshot stores it (wire, as in storage.h and settings.h), and
   valid_<valid>(value) says whether restore accepts it: the validator of the setting's setter
   (validate.c) or the range of a state the API can reach. The drag indices and the counts are
   checked against the arrays (check_fixed, check_arrays). */
#define SNAP_WORLD_HEAD(X)                                                                         \
    X(loop_mode, loop_mode, i32, bit)                                                              \
    X(last_passes, last_passes, i32, relax_passes)                                                 \
    X(solver, solver, i32, bit)                                                                    \
    X(frame_count, frame_count, u64, counter)                                                      \
    X(total_steps, total_steps, u64, counter)                                                      \
    X(accumulator_ticks, stepper.accumulator_ticks, u64, ticks)                                    \
    X(tick_carry, stepper.tick_carry, f64, tick_carry)
#define SNAP_WORLD_TAIL(X)                                                                         \
    X(last_h, robust.last_h, f64, step_seconds)                                                    \
    X(drag_particle, drag.particle, i32, any_i32)                                                  \
    X(drag_pin, drag.pin, i32, any_i32)                                                            \
    X(drag_pointer, drag.pointer, vec2, any_vec2)                                                  \
    X(particles, particle_count, i32, any_i32)                                                     \
    X(composites, composite_count, i32, any_i32)                                                   \
    X(constraints, constraint_count, i32, any_i32)

#define WORLD_WIRE_SIZE(name, path, wire, valid)                            +SILK_WIRE_SIZE_##wire
#define SETTING_WIRE_SIZE(type, name, wire, dflt, check, rule, event, slot) +SILK_WIRE_SIZE_##wire
#define SNAP_FIXED                                                                                 \
    (0 SILK_WORLD_SETTINGS(SETTING_WIRE_SIZE) +                                                    \
     SILK_WIRE_SIZE_u64 SNAP_WORLD_HEAD(WORLD_WIRE_SIZE) SILK_STEPPER_SETTINGS(SETTING_WIRE_SIZE)  \
         SILK_ROBUST_SETTINGS(SETTING_WIRE_SIZE) SNAP_WORLD_TAIL(WORLD_WIRE_SIZE))
/* The format's fixed size: a change of the tables that changes it needs a new SNAP_VERSION. */
_Static_assert(SNAP_FIXED == SNAP_FIXED_BYTES, "snapshot: the fixed part of this version");

/* How many of the world's settings (table order) a snapshot of `version` stores. */
static int32_t world_settings_stored(uint32_t version)
{
    return version <= 7u ? 7 : SILK_WS_COUNT;
}

/* How many of the robust settings (table order) a snapshot of `version` stores. */
static int32_t robust_settings_stored(uint32_t version)
{
    return version == 6u ? SILK_RS_sleep : SILK_RS_COUNT;
}
/* A particle or constraint row: its columns in the order of storage.h's tables. */
#define WIRE_SIZE(type, name, wire, hashed) +SILK_WIRE_SIZE_##wire
#define SNAP_PER_PARTICLE                   (0 SILK_PARTICLE_COLUMNS(WIRE_SIZE))
#define SNAP_PER_PARTICLE_V6                (0 SILK_PARTICLE_COLUMNS_V6(WIRE_SIZE))
#define SNAP_PER_COMPOSITE                  (5 * 4) /* range, category, mask, self_collide */
#define SNAP_PER_CONSTRAINT                 (0 SILK_CONSTRAINT_COLUMNS(WIRE_SIZE))
/* The format's row sizes: a change of the tables that changes them needs a new SNAP_VERSION. */
_Static_assert(SNAP_PER_PARTICLE_V6 == 9 * 8 + 4 + 8,
               "snapshot v6: p, q, prev, 1/m, v, composite, radius");
_Static_assert(SNAP_PER_PARTICLE == SNAP_PER_PARTICLE_V6 + 4, "snapshot v7: v6, sleep state");
_Static_assert(SNAP_PER_CONSTRAINT == 4 * 4 + 5 * 8, "snapshot v5: kind, a, b, c, 5 doubles");
/* The extension block after the arrays: tag, count, then count int32 values. */
#define SNAP_EXTENSION_EMPTY (2 * 4)

uint64_t silk_fnv1a(uint64_t hash, const uint8_t* bytes, size_t count)
{
    for (size_t i = 0; i < count; ++i)
    {
        hash ^= bytes[i];
        hash *= FNV_PRIME;
    }
    return hash;
}

/* ---- little-endian writer and reader --------------------------------------------------- */

typedef struct writer
{
    uint8_t* at;
} writer;

static void put_u32(writer* w, uint32_t v)
{
    for (int k = 0; k < 4; ++k)
    {
        *w->at++ = (uint8_t)(v >> (8 * k));
    }
}

static void put_u64(writer* w, uint64_t v)
{
    for (int k = 0; k < 8; ++k)
    {
        *w->at++ = (uint8_t)(v >> (8 * k));
    }
}

static void put_i32(writer* w, int32_t v)
{
    put_u32(w, (uint32_t)v);
}

static void put_f64(writer* w, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof(bits));
    put_u64(w, bits);
}

static void put_vec2(writer* w, silk_vec2 v)
{
    put_f64(w, v.x);
    put_f64(w, v.y);
}

static void put_u8(writer* w, uint8_t v)
{
    put_i32(w, v);
}

static void put_flag(writer* w, bool v)
{
    put_i32(w, v ? 1 : 0);
}

typedef struct reader
{
    const uint8_t* at;
    const uint8_t* end;
    bool ok;
} reader;

static uint64_t get_u64(reader* r)
{
    if (r->end - r->at < 8)
    {
        r->ok = false;
        return 0;
    }
    uint64_t v = 0;
    for (int k = 0; k < 8; ++k)
    {
        v |= (uint64_t)r->at[k] << (8 * k);
    }
    r->at += 8;
    return v;
}

static uint32_t get_u32(reader* r)
{
    if (r->end - r->at < 4)
    {
        r->ok = false;
        return 0;
    }
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k)
    {
        v |= (uint32_t)r->at[k] << (8 * k);
    }
    r->at += 4;
    return v;
}

static int32_t get_i32(reader* r)
{
    return (int32_t)get_u32(r);
}

static double get_f64(reader* r)
{
    uint64_t bits = get_u64(r);
    double v;
    memcpy(&v, &bits, sizeof(v));
    return v;
}

static silk_vec2 get_vec2(reader* r)
{
    silk_vec2 v;
    v.x = get_f64(r);
    v.y = get_f64(r); /* two statements: the order of a brace list's reads is unspecified */
    return v;
}

static int32_t get_u8(reader* r)
{
    return get_i32(r); /* range-checked (check_arrays) before narrow_u8 */
}

static int32_t get_flag(reader* r)
{
    return get_i32(r); /* checked (silk_check_flag) before narrow_flag */
}

/* A checked row value into its column's type. */
static double narrow_f64(double v)
{
    return v;
}

static silk_vec2 narrow_vec2(silk_vec2 v)
{
    return v;
}

static int32_t narrow_i32(int32_t v)
{
    return v;
}

static uint64_t narrow_u64(uint64_t v)
{
    return v;
}

static uint8_t narrow_u8(int32_t v)
{
    return (uint8_t)v;
}

static bool narrow_flag(int32_t v)
{
    return v != 0;
}

/* Rows, field by field in the tables' order. */
#define READ_FIELD(type, name, wire, hashed) row->name = get_##wire(r);
#define ZERO_FIELD(type, name, wire, hashed) row->name = 0;
/* A version 6 row lacks the v7 columns: they read as 0 (awake). */
static void read_particle_row(reader* r, silk_particle_row* row, uint32_t version)
{
    SILK_PARTICLE_COLUMNS_V6(READ_FIELD)
    if (version >= 7u)
    {
        SILK_PARTICLE_COLUMNS_V7(READ_FIELD)
    }
    else
    {
        SILK_PARTICLE_COLUMNS_V7(ZERO_FIELD)
    }
}
#undef ZERO_FIELD

static void read_constraint_row(reader* r, silk_constraint_row* row)
{
    SILK_CONSTRAINT_COLUMNS(READ_FIELD)
}
#undef READ_FIELD

/* ---- the state hash -------------------------------------------------------------------- */

typedef struct hasher
{
    uint64_t h;
} hasher;

static void hash_u64(hasher* s, uint64_t v)
{
    uint8_t b[8];
    for (int k = 0; k < 8; ++k)
    {
        b[k] = (uint8_t)(v >> (8 * k));
    }
    s->h = silk_fnv1a(s->h, b, 8);
}

static void hash_i32(hasher* s, int32_t v)
{
    uint8_t b[4];
    for (int k = 0; k < 4; ++k)
    {
        b[k] = (uint8_t)((uint32_t)v >> (8 * k));
    }
    s->h = silk_fnv1a(s->h, b, 4);
}

/* NaN payloads and signs differ between x86 and wasm: every NaN hashes as one bit pattern. */
static void hash_f64(hasher* s, double v)
{
    uint64_t bits = 0x7ff8000000000000ULL;
    if (v == v)
    {
        memcpy(&bits, &v, sizeof(bits));
    }
    hash_u64(s, bits);
}

static void hash_vec2(hasher* s, silk_vec2 v)
{
    hash_f64(s, v.x);
    hash_f64(s, v.y);
}

static void hash_u8(hasher* s, uint8_t v)
{
    hash_i32(s, v);
}

/* The hashed columns of a row, in the tables' order (prev and the composite are not hashed). */
#define HASH_FIELD(type, name, wire, hashed)                                                       \
    if (hashed)                                                                                    \
    {                                                                                              \
        hash_##wire(&s, world->name[i]);                                                           \
    }

uint64_t silk_world_state_hash(const silk_world* world)
{
    if (!silk_is_world(world))
    {
        return 0;
    }
    hasher s = {FNV_OFFSET};
    hash_i32(&s, world->particle_count);
    for (int32_t i = 0; i < world->particle_count; ++i)
    {
        SILK_PARTICLE_COLUMNS(HASH_FIELD)
    }
    hash_i32(&s, world->constraint_count);
    for (int32_t i = 0; i < world->constraint_count; ++i)
    {
        SILK_CONSTRAINT_COLUMNS(HASH_FIELD)
    }
    hash_i32(&s, world->composite_count);
    for (int32_t k = 0; k < world->composite_count; ++k)
    {
        hash_i32(&s, world->composites[k].constraint_begin);
        hash_i32(&s, world->composites[k].constraint_count);
    }
    hash_u64(&s, world->rng.state);
    /* the extension block, as the snapshot writes it */
    bool saves = silk_extension_saves(world);
    const silk_extension_state* ext = &world->extension;
    hash_i32(&s, saves ? (int32_t)ext->def.tag : 0);
    hash_i32(&s, saves ? ext->def.value_count : 0);
    for (int32_t k = 0; saves && k < ext->def.value_count; ++k)
    {
        hash_i32(&s, ext->values[k]);
    }
    /* the collision block, only where there are collisions: a world without them keeps the
       hash it had before radii existed */
    if (silk_collision_in_state(world))
    {
        for (int32_t i = 0; i < world->particle_count; ++i)
        {
            hash_f64(&s, world->radius[i]);
        }
        for (int32_t k = 0; k < world->composite_count; ++k)
        {
            const silk_collision_filter* f = &world->composites[k].filter;
            hash_i32(&s, (int32_t)f->category_bits);
            hash_i32(&s, (int32_t)f->mask_bits);
            hash_i32(&s, f->self_collide ? 1 : 0);
        }
    }
    /* the sleep block, only where some particle rests or sleeps: a world that never sleeps
       keeps its hash */
    bool sleep_state = false;
    for (int32_t i = 0; i < world->particle_count && !sleep_state; ++i)
    {
        sleep_state = world->sleep_state[i] != 0;
    }
    for (int32_t i = 0; i < world->particle_count && sleep_state; ++i)
    {
        hash_i32(&s, world->sleep_state[i]);
    }
    return s.h;
}

/* ---- writing --------------------------------------------------------------------------- */

size_t silk_snapshot_size_for(int32_t particles, int32_t constraints, int32_t composites)
{
    return SNAP_HEADER + SNAP_FIXED + (size_t)particles * SNAP_PER_PARTICLE +
           (size_t)constraints * SNAP_PER_CONSTRAINT + (size_t)composites * SNAP_PER_COMPOSITE +
           SNAP_EXTENSION_EMPTY;
}

static int32_t saved_values(const silk_world* world)
{
    return silk_extension_saves(world) ? world->extension.def.value_count : 0;
}

size_t silk_snapshot_size_of(const silk_world* world)
{
    return silk_snapshot_size_for(world->particle_count, world->constraint_count,
                                  world->composite_count) +
           (size_t)saved_values(world) * 4;
}

/* The fixed part, in SNAP_FIXED's order. */
static void write_settings(const silk_world* world, writer* w)
{
#define PUT_WORLD(name, path, wire, valid)                            put_##wire(w, world->path);
#define PUT_SETTING(type, name, wire, dflt, check, rule, event, slot) put_##wire(w, from->name);
#define PUT_WORLD_SETTING(type, name, wire, dflt, check, rule, event, slot)                        \
    put_##wire(w, world->name);                                                                    \
    if (SILK_WS_##name == SILK_WS_seed)                                                            \
    {                                                                                              \
        put_u64(w, world->rng.state);                                                              \
    }
    SILK_WORLD_SETTINGS(PUT_WORLD_SETTING)
#undef PUT_WORLD_SETTING
    SNAP_WORLD_HEAD(PUT_WORLD)
    {
        const silk_stepper* from = &world->stepper;
        SILK_STEPPER_SETTINGS(PUT_SETTING)
    }
    {
        const silk_robust_def* from = &world->robust.def;
        SILK_ROBUST_SETTINGS(PUT_SETTING)
    }
    SNAP_WORLD_TAIL(PUT_WORLD)
#undef PUT_WORLD
#undef PUT_SETTING
}

/* Particle rows, composites, constraint rows. */
static void write_arrays(const silk_world* world, writer* w)
{
#define WRITE_FIELD(type, name, wire, hashed) put_##wire(w, world->name[i]);
    for (int32_t i = 0; i < world->particle_count; ++i)
    {
        SILK_PARTICLE_COLUMNS(WRITE_FIELD)
    }
    for (int32_t k = 0; k < world->composite_count; ++k)
    {
        put_i32(w, world->composites[k].constraint_begin);
        put_i32(w, world->composites[k].constraint_count);
        put_u32(w, world->composites[k].filter.category_bits);
        put_u32(w, world->composites[k].filter.mask_bits);
        put_flag(w, world->composites[k].filter.self_collide);
    }
    for (int32_t i = 0; i < world->constraint_count; ++i)
    {
        SILK_CONSTRAINT_COLUMNS(WRITE_FIELD)
    }
#undef WRITE_FIELD
}

void silk_snapshot_write(const silk_world* world, uint8_t* out)
{
    writer w = {out + SNAP_HEADER};
    write_settings(world, &w);
    write_arrays(world, &w);
    int32_t values = saved_values(world);
    put_u32(&w, values > 0 ? world->extension.def.tag : 0);
    put_i32(&w, values);
    for (int32_t k = 0; k < values; ++k)
    {
        put_i32(&w, world->extension.values[k]);
    }
    size_t payload = (size_t)(w.at - (out + SNAP_HEADER));
    writer h = {out};
    memcpy(h.at, SNAP_MAGIC, 8);
    h.at += 8;
    put_u32(&h, SNAP_VERSION);
    put_u32(&h, 0);
    put_u64(&h, payload);
    put_u64(&h, silk_fnv1a(FNV_OFFSET, out + SNAP_HEADER, payload));
}

size_t silk_world_snapshot_size(const silk_world* world)
{
    return silk_is_world(world) ? silk_snapshot_size_of(world) : 0;
}

silk_status silk_world_snapshot(const silk_world* world, void* buffer, size_t capacity,
                                size_t* out_size)
{
    if (!silk_is_world(world) || buffer == NULL)
    {
        return SILK_ERR_NULL;
    }
    size_t size = silk_snapshot_size_of(world);
    if (out_size != NULL)
    {
        *out_size = size;
    }
    if (capacity < size)
    {
        return SILK_ERR_CAPACITY;
    }
    silk_snapshot_write(world, buffer);
    return SILK_OK;
}

/* ---- reading --------------------------------------------------------------------------- */

/* Everything but the arrays, parsed and checked before anything is changed: the values as
   stored (FIXED_FIELD, SETTING_FIELD), and the defs made of them once they are checked. */
#define FIXED_FIELD(name, path, wire, valid)                            silk_wire_##wire name;
#define SETTING_FIELD(type, name, wire, dflt, check, rule, event, slot) silk_wire_##wire name;
typedef struct snap_stepper_row
{
    SILK_STEPPER_SETTINGS(SETTING_FIELD)
} snap_stepper_row;
typedef struct snap_robust_row
{
    SILK_ROBUST_SETTINGS(SETTING_FIELD)
} snap_robust_row;

typedef struct snap_fixed
{
    SILK_WORLD_SETTINGS(SETTING_FIELD)
    silk_wire_u64 rng;
    SNAP_WORLD_HEAD(FIXED_FIELD)
    snap_stepper_row stepper_row;
    snap_robust_row robust_row;
    SNAP_WORLD_TAIL(FIXED_FIELD)
    silk_stepper_def stepper;
    silk_robust_def robust;
    /* the extension block after the arrays */
    uint32_t extension_tag;
    int32_t extension_count;
    int32_t extension[SILK_MAX_EXTENSION_VALUES];
    int32_t extension_headroom; /* constraints its before_step may add */
    size_t fixed_bytes;         /* the fixed part's size in this snapshot's version */
    uint32_t version;           /* the snapshot's */
    size_t per_particle;        /* a particle row's size in that version */
} snap_fixed;
#undef FIXED_FIELD
#undef SETTING_FIELD

/* A version before a world setting was added lacks it: it takes its default. */
static void read_fixed(reader* r, snap_fixed* f, uint32_t version)
{
#define GET_WORLD(name, path, wire, valid)                            f->name = get_##wire(r);
#define GET_SETTING(type, name, wire, dflt, check, rule, event, slot) row->name = get_##wire(r);
#define GET_WORLD_SETTING(type, name, wire, dflt, check, rule, event, slot)                        \
    f->name = SILK_WS_##name < stored ? get_##wire(r) : (dflt);                                    \
    if (SILK_WS_##name == SILK_WS_seed)                                                            \
    {                                                                                              \
        f->rng = get_u64(r);                                                                       \
    }
    const uint8_t* start = r->at;
    const int32_t stored = world_settings_stored(version);
    SILK_WORLD_SETTINGS(GET_WORLD_SETTING)
#undef GET_WORLD_SETTING
    SNAP_WORLD_HEAD(GET_WORLD)
    {
        snap_stepper_row* row = &f->stepper_row;
        SILK_STEPPER_SETTINGS(GET_SETTING)
    }
    {
#define GET_ROBUST_SETTING(type, name, wire, dflt, check, rule, event, slot)                       \
    row->name = SILK_RS_##name < robust_stored ? get_##wire(r) : (dflt);
        const int32_t robust_stored = robust_settings_stored(version);
        snap_robust_row* row = &f->robust_row;
        SILK_ROBUST_SETTINGS(GET_ROBUST_SETTING)
#undef GET_ROBUST_SETTING
    }
    SNAP_WORLD_TAIL(GET_WORLD)
#undef GET_WORLD
#undef GET_SETTING
    f->fixed_bytes = (size_t)(r->at - start);
    f->version = version;
    f->per_particle = version >= 7u ? SNAP_PER_PARTICLE : SNAP_PER_PARTICLE_V6;
}

/* The defs of checked rows. */
static void make_defs(snap_fixed* f)
{
#define NARROW_SETTING(type, name, wire, dflt, check, rule, event, slot)                           \
    def->name = narrow_##wire(row->name);
    {
        silk_stepper_def* def = &f->stepper;
        const snap_stepper_row* row = &f->stepper_row;
        *def = silk_default_stepper_def();
        SILK_STEPPER_SETTINGS(NARROW_SETTING)
    }
    {
        silk_robust_def* def = &f->robust;
        const snap_robust_row* row = &f->robust_row;
        *def = silk_default_robust_def();
        SILK_ROBUST_SETTINGS(NARROW_SETTING)
    }
#undef NARROW_SETTING
}

/* The acceptable values of the world's fields (SNAP_WORLD_HEAD, SNAP_WORLD_TAIL; its settings
   are checked by their table's validators): the ranges of the state, any value for the generator
   (the drag state and the counts are checked against the arrays). */
#define valid_relax_passes(v) (silk_check_relax_passes(v) == SILK_OK)
#define valid_step_seconds(v) (silk_check_step_seconds(v) == SILK_OK)
#define valid_bit(v)          ((v) == 0 || (v) == 1) /* the loop mode and the solver */
#define valid_counter(v)      (silk_check_counter((int64_t)(v)) == SILK_OK)
#define valid_ticks(v)        ((int64_t)(v) >= 0 && (int64_t)(v) < SILK_TICKS_PER_STEP)
#define valid_tick_carry(v)   (fabs(v) <= 0.5)
#define valid_any_u64(v)      true
#define valid_any_i32(v)      true
#define valid_any_vec2(v)     true

static bool in_range(int32_t v, int32_t lo, int32_t hi)
{
    return v >= lo && v < hi;
}

static size_t arrays_size(const snap_fixed* f)
{
    return (size_t)f->particles * f->per_particle + (size_t)f->composites * SNAP_PER_COMPOSITE +
           (size_t)f->constraints * SNAP_PER_CONSTRAINT;
}

/* Every value through the validator its setter uses (validate.c): a snapshot can only hold a
   state that the API could have produced. */
static silk_status check_fixed(const snap_fixed* f)
{
#define CHECK_WORLD(name, path, wire, valid)                                                       \
    if (!valid_##valid(f->name))                                                                   \
    {                                                                                              \
        return SILK_ERR_FORMAT;                                                                    \
    }
#define CHECK_SETTING(type, name, wire, dflt, check, rule, event, slot)                            \
    if (silk_check_##check(row->name) != SILK_OK)                                                  \
    {                                                                                              \
        return SILK_ERR_FORMAT;                                                                    \
    }
#define CHECK_SETTING_OF_F(type, name, wire, dflt, check, rule, event, slot)                       \
    if (silk_check_##check(f->name) != SILK_OK)                                                    \
    {                                                                                              \
        return SILK_ERR_FORMAT;                                                                    \
    }
    SILK_WORLD_SETTINGS(CHECK_SETTING_OF_F)
    SNAP_WORLD_HEAD(CHECK_WORLD)
    SNAP_WORLD_TAIL(CHECK_WORLD)
    {
        const snap_stepper_row* row = &f->stepper_row;
        SILK_STEPPER_SETTINGS(CHECK_SETTING)
    }
    {
        const snap_robust_row* row = &f->robust_row;
        SILK_ROBUST_SETTINGS(CHECK_SETTING)
    }
#undef CHECK_WORLD
#undef CHECK_SETTING
#undef CHECK_SETTING_OF_F
    if (f->particles < 0 || f->particles > SILK_MAX_PARTICLES || f->composites < 0 ||
        f->composites > SILK_MAX_COMPOSITES || f->constraints < 0 ||
        f->constraints > SILK_MAX_CONSTRAINTS)
    {
        return SILK_ERR_FORMAT;
    }
    return SILK_OK;
}

/* Indices inside the arrays and the drag state, checked against the counts. */
static silk_status check_arrays(const snap_fixed* f, const uint8_t* arrays)
{
    reader r = {arrays, arrays + arrays_size(f), true};
    const int32_t n = f->particles, m = f->composites, c = f->constraints;
    for (int32_t i = 0; i < n; ++i)
    {
        /* positions and velocities may be anything, NaN included: that is the state */
        silk_particle_row p;
        read_particle_row(&r, &p, f->version);
        /* the sleep state: a resting count, or an island root among the particles */
        if (silk_check_inverse_mass(p.inverse_mass) != SILK_OK ||
            !in_range(p.particle_composite, 0, m) || silk_check_radius(p.radius) != SILK_OK ||
            !(p.sleep_state >= -n && p.sleep_state <= SILK_MAX_SLEEP_STEPS))
        {
            return SILK_ERR_INDEX;
        }
    }
    int32_t expect = 0;
    for (int32_t k = 0; k < m; ++k)
    {
        int32_t begin = get_i32(&r), count = get_i32(&r);
        (void)get_u32(&r); /* category and mask: any bits */
        (void)get_u32(&r);
        int32_t self = get_flag(&r);
        if (begin != expect || count < 0 || count > c - begin || silk_check_flag(self) != SILK_OK)
        {
            return SILK_ERR_INDEX;
        }
        expect = begin + count;
    }
    if (expect != c)
    {
        return SILK_ERR_INDEX;
    }
    const uint8_t* constraints = r.at;
    for (int32_t j = 0; j < c; ++j)
    {
        silk_constraint_row q;
        read_constraint_row(&r, &q);
        const int32_t kind = q.kind;
        bool ok = in_range(q.ca, 0, n);
        ok = ok && (kind == SILK_PIN ? q.cb == -1 : in_range(q.cb, 0, n));
        ok = ok && (kind == SILK_ANGLE ? in_range(q.cc, 0, n) : q.cc == -1);
        ok = ok && kind >= SILK_DISTANCE && kind <= SILK_ANGLE;
        /* as the add calls: a pin's stiffness is 1 and its rest 0, a distance's rest >= 0 */
        ok = ok && (kind != SILK_PIN || q.stiffness == 1.0);
        if (!ok || !isfinite(q.stiffness) || silk_check_rest((silk_constraint_kind)kind, q.rest) ||
            !silk_is_finite_vec2(q.target) || silk_check_compliance(q.compliance) != SILK_OK)
        {
            return SILK_ERR_INDEX;
        }
    }
    if (!in_range(f->drag_particle, -1, n) || !in_range(f->drag_pin, -1, c) ||
        !silk_is_finite_vec2(f->drag_pointer) || (f->drag_particle < 0 && f->drag_pin >= 0))
    {
        return SILK_ERR_INDEX;
    }
    if (f->drag_pin >= 0)
    {
        /* drag_begin only ever stores a pin of the dragged particle: anything else would make
           the next drag write the pointer into another constraint's fields */
        reader pin = {constraints + (size_t)f->drag_pin * SNAP_PER_CONSTRAINT,
                      constraints + (size_t)(f->drag_pin + 1) * SNAP_PER_CONSTRAINT, true};
        silk_constraint_row q;
        read_constraint_row(&pin, &q);
        if (q.kind != SILK_PIN || q.ca != f->drag_particle)
        {
            return SILK_ERR_INDEX;
        }
    }
    return r.ok ? SILK_OK : SILK_ERR_FORMAT;
}

static void read_arrays(silk_world* world, const snap_fixed* f, const uint8_t* arrays)
{
    reader r = {arrays, arrays + arrays_size(f), true};
#define STORE_FIELD(type, name, wire, hashed) world->name[i] = narrow_##wire(row.name);
    for (int32_t i = 0; i < f->particles; ++i)
    {
        silk_particle_row row;
        read_particle_row(&r, &row, f->version);
        SILK_PARTICLE_COLUMNS(STORE_FIELD)
    }
    for (int32_t k = 0; k < f->composites; ++k)
    {
        world->composites[k].constraint_begin = get_i32(&r);
        world->composites[k].constraint_count = get_i32(&r);
        world->composites[k].filter.category_bits = get_u32(&r);
        world->composites[k].filter.mask_bits = get_u32(&r);
        world->composites[k].filter.self_collide = narrow_flag(get_flag(&r));
    }
    for (int32_t i = 0; i < f->constraints; ++i)
    {
        silk_constraint_row row;
        read_constraint_row(&r, &row);
        SILK_CONSTRAINT_COLUMNS(STORE_FIELD)
    }
#undef STORE_FIELD
}

static void apply_fixed(silk_world* world, const snap_fixed* f)
{
#define APPLY_WORLD(name, path, wire, valid) world->path = f->name;
#define APPLY_SETTING(type, name, wire, dflt, check, rule, event, slot)                            \
    world->stepper.name = f->stepper.name;
#define APPLY_WORLD_SETTING(type, name, wire, dflt, check, rule, event, slot)                      \
    world->name = narrow_##wire(f->name);
    SILK_WORLD_SETTINGS(APPLY_WORLD_SETTING)
#undef APPLY_WORLD_SETTING
    world->rng.state = f->rng;
    SNAP_WORLD_HEAD(APPLY_WORLD)
    SILK_STEPPER_SETTINGS(APPLY_SETTING)
    world->robust.def = f->robust;
    SNAP_WORLD_TAIL(APPLY_WORLD)
#undef APPLY_WORLD
#undef APPLY_SETTING
    memset(world->extension.values, 0, sizeof(world->extension.values));
    memcpy(world->extension.values, f->extension, (size_t)f->extension_count * sizeof(int32_t));
    world->drag.queue_count = 0; /* queued pointer samples are input, not state */
}

/* Everything restore checks, without changing anything: header, checksum, every value and
   index. On success `f` and `arrays` describe the payload. */
static silk_status check_snapshot(const silk_world* world, const uint8_t* bytes, size_t size,
                                  snap_fixed* f, const uint8_t** arrays)
{
    if (size < SNAP_HEADER || memcmp(bytes, SNAP_MAGIC, 8) != 0)
    {
        return SILK_ERR_FORMAT;
    }
    reader h = {bytes + 8, bytes + SNAP_HEADER, true};
    uint32_t version = get_u32(&h);
    uint32_t reserved = get_u32(&h); /* not under the checksum: it must be 0 */
    uint64_t payload = get_u64(&h);
    uint64_t checksum = get_u64(&h);
    if (version < SNAP_OLDEST_VERSION || version > SNAP_VERSION || reserved != 0 ||
        payload != size - SNAP_HEADER ||
        silk_fnv1a(FNV_OFFSET, bytes + SNAP_HEADER, (size_t)payload) != checksum)
    {
        return SILK_ERR_FORMAT;
    }
    reader r = {bytes + SNAP_HEADER, bytes + size, true};
    read_fixed(&r, f, version);
    if (!r.ok || check_fixed(f) != SILK_OK)
    {
        return SILK_ERR_FORMAT;
    }
    make_defs(f);
    /* as silk_snapshot_size_for, with the fixed part of the snapshot's own version */
    size_t fixed_size = SNAP_HEADER + f->fixed_bytes + arrays_size(f) + SNAP_EXTENSION_EMPTY;
    if (size < fixed_size)
    {
        return SILK_ERR_FORMAT;
    }
    *arrays = r.at;
    reader e = {bytes + fixed_size - SNAP_EXTENSION_EMPTY, bytes + size, true};
    f->extension_tag = get_u32(&e);
    f->extension_count = get_i32(&e);
    if (f->extension_count < 0 || f->extension_count > SILK_MAX_EXTENSION_VALUES ||
        size != fixed_size + (size_t)f->extension_count * 4)
    {
        return SILK_ERR_FORMAT;
    }
    for (int32_t k = 0; k < f->extension_count; ++k)
    {
        f->extension[k] = get_i32(&e);
    }
    silk_status status = check_arrays(f, r.at);
    if (status != SILK_OK)
    {
        return status;
    }
    return silk_extension_check(world, f->extension_tag, f->extension, f->extension_count,
                                f->particles, f->constraints, f->composites,
                                &f->extension_headroom);
}

silk_status silk_snapshot_check(const silk_world* world, const uint8_t* bytes, size_t size,
                                int32_t* out_particles)
{
    snap_fixed f;
    const uint8_t* arrays = NULL;
    silk_status status = check_snapshot(world, bytes, size, &f, &arrays);
    if (status == SILK_OK && out_particles != NULL)
    {
        *out_particles = f.particles;
    }
    return status;
}

silk_status silk_snapshot_check_facts(const silk_world* world, const uint8_t* bytes, size_t size,
                                      silk_snapshot_facts* out_facts)
{
    snap_fixed f;
    const uint8_t* arrays = NULL;
    silk_status status = check_snapshot(world, bytes, size, &f, &arrays);
    if (status != SILK_OK)
    {
        return status;
    }
    int32_t angles = 0; /* a pass over an angle costs several over a distance (trig) */
    const uint8_t* rows =
        arrays + (size_t)f.particles * f.per_particle + (size_t)f.composites * SNAP_PER_COMPOSITE;
    reader r = {rows, rows + (size_t)f.constraints * SNAP_PER_CONSTRAINT, true};
    for (int32_t j = 0; j < f.constraints; ++j)
    {
        silk_constraint_row q;
        read_constraint_row(&r, &q);
        angles += q.kind == SILK_ANGLE;
    }
    int32_t discs = 0; /* each is a robust step's contact work (replay_budget.c) */
    reader pr = {arrays, arrays + (size_t)f.particles * f.per_particle, true};
    for (int32_t i = 0; i < f.particles; ++i)
    {
        silk_particle_row p;
        read_particle_row(&pr, &p, f.version);
        discs += p.radius > 0.0;
    }
    *out_facts = (silk_snapshot_facts){.particles = f.particles,
                                       .constraints = f.constraints,
                                       .angles = angles,
                                       .constraint_headroom = f.extension_headroom,
                                       .discs = discs,
                                       .relax_passes = f.relax_passes,
                                       .solver = f.solver,
                                       .robust = f.robust};
    return SILK_OK;
}

/* `replay`: steps of a replay follow, and may switch to the robust solver -- its scratch is
   sized here too, where failing still changes nothing (robust.h). */
static silk_status restore(silk_world* world, const uint8_t* bytes, size_t size, bool replay)
{
    snap_fixed f;
    const uint8_t* arrays = NULL;
    silk_status status = check_snapshot(world, bytes, size, &f, &arrays);
    if (status != SILK_OK)
    {
        return status;
    }
    if (f.solver == SILK_SOLVER_ROBUST && !(silk_features() & SILK_FEATURE_ROBUST))
    {
        return silk_world_report_error(world, SILK_ERR_UNSUPPORTED, "solver",
                                       "this module has the compat solver only");
    }
    /* Capacity first (and the room the extension's per-step rule adds to, so that stepping
       after a restore never allocates); a failure here has changed nothing the caller can
       see. */
    status = silk_reserve_particles(world, f.particles);
    if (status == SILK_OK)
    {
        status = silk_reserve_constraints(world, f.constraints + f.extension_headroom);
    }
    if (status == SILK_OK)
    {
        status = silk_reserve_composites(world, f.composites);
    }
    if (status == SILK_OK && replay)
    {
        status = silk_robust_reserve(world, true);
    }
    /* and the broad phase: the restored particles (or a replayed radius) may be discs, and the
       first robust step must not meet an allocation after the world has changed (the byte
       fuzzer's finding: a replay refused with SILK_ERR_NOMEM after its restore) */
    if (status == SILK_OK && replay && world->collision.capacity < world->particle_capacity)
    {
        status = silk_broadphase_reserve(world, world->particle_capacity);
    }
    if (status != SILK_OK)
    {
        return status;
    }
    apply_fixed(world, &f);
    read_arrays(world, &f, arrays);
    silk_counts_recount(world);
    silk_collision_refresh(world);
    silk_constraints_restored(world); /* the sleep state is the saved one: no wake */
    return SILK_OK;
}

silk_status silk_snapshot_restore(silk_world* world, const uint8_t* bytes, size_t size)
{
    return restore(world, bytes, size, false);
}

silk_status silk_snapshot_restore_for_replay(silk_world* world, const uint8_t* bytes, size_t size)
{
    silk_status status = restore(world, bytes, size, true);
    if (status == SILK_OK)
    {
        silk_watchdog_reset(world);
    }
    return status;
}

silk_status silk_world_restore(silk_world* world, const void* bytes, size_t size)
{
    if (!silk_is_world(world) || bytes == NULL)
    {
        return SILK_ERR_NULL;
    }
    silk_status status = silk_snapshot_restore(world, bytes, size);
    if (status == SILK_OK)
    {
        silk_watchdog_reset(world);
    }
    return status;
}
