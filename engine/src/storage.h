/* storage.h -- the world's particle and constraint columns (private), and the calls that grow,
   shift, compact and free them (storage.c).

   A particle is one row across the particle columns, a constraint one row across the
   constraint columns: structure of arrays, so that a solver's loop touches only the columns it
   reads. Each column is declared once, in the tables below; everything that handles whole
   rows -- the world struct's fields, reserve, free, shift, compact, the state hash, snapshot
   write and read -- expands a table instead of naming columns by hand, so adding a column is
   one line here (plus what it means to the solvers).

   Each entry is X(type, name, wire, hashed):
       type    the element type in memory
       name    the field of struct silk_world (world->name[i])
       wire    how a snapshot stores an element, little-endian: f64 (8 bytes), vec2 (two f64),
               i32 (4 bytes), u8 (a uint8_t stored as an i32, 4 bytes)
       hashed  1 if silk_world_state_hash covers the column
   The order of a table is the order of a row's fields in a snapshot and in the hash, so it is
   part of the formats (snapshot.c): reordering a table changes their bytes.

   constraints_version (struct silk_world) counts changes of everything a solver may have
   prepared from: the constraint set, particle masses, compliances. Storage and the setters
   bump it through silk_constraints_changed; the robust solver compares it with the version it
   prepared for (robust_prepare.c), so nothing here knows about any solver. */
#ifndef SILK_STORAGE_H
#define SILK_STORAGE_H

#include "silk.h"

/* p, q, the positions before the last fixed step (render interpolation), 1/mass (robust:
   0 = immovable, default 1), velocity in px/s (robust: valid while q == p - v h_last), and the
   owning composite, then the collision radius (robust: 0 = a point, no collisions). The
   snapshot's order: composite, then radius (snapshot v6). The radius is not hashed here: the
   state hash covers it in its collision block, only in worlds with collisions (snapshot.c),
   so that every world without them keeps its hash. */
#define SILK_PARTICLE_COLUMNS_V6(X)                                                                \
    X(silk_vec2, pos, vec2, 1)                                                                     \
    X(silk_vec2, last, vec2, 1)                                                                    \
    X(silk_vec2, prev, vec2, 0)                                                                    \
    X(double, inverse_mass, f64, 1)                                                                \
    X(silk_vec2, velocity, vec2, 1)                                                                \
    X(int32_t, particle_composite, i32, 0)                                                         \
    X(double, radius, f64, 0)
/* Snapshot v7 adds the sleep state (sleep.c): 0 = awake and not resting, k > 0 = awake and
   resting for k steps, -(root + 1) = asleep in the island whose lowest particle index is
   root. Hashed in its own block, only where some particle's is not 0 (snapshot.c): a world
   that never sleeps keeps its hash. A v6 snapshot loads with every particle at 0. */
#define SILK_PARTICLE_COLUMNS_V7(X) X(int32_t, sleep_state, i32, 0)
#define SILK_PARTICLE_COLUMNS(X)    SILK_PARTICLE_COLUMNS_V6(X) SILK_PARTICLE_COLUMNS_V7(X)

/* kind (silk_constraint_kind), particles a, b (distance, angle; else -1) and c (angle; else
   -1), stiffness, rest (distance: length; angle: angle; pin: 0), the pin's target, and the
   robust solver's XPBD compliance (0 = rigid). */
#define SILK_CONSTRAINT_COLUMNS(X)                                                                 \
    X(uint8_t, kind, u8, 1)                                                                        \
    X(int32_t, ca, i32, 1)                                                                         \
    X(int32_t, cb, i32, 1)                                                                         \
    X(int32_t, cc, i32, 1)                                                                         \
    X(double, stiffness, f64, 1)                                                                   \
    X(double, rest, f64, 1)                                                                        \
    X(silk_vec2, target, vec2, 1)                                                                  \
    X(double, compliance, f64, 1)

/* The struct silk_world fields of a table: `type* name;` each. */
#define SILK_COLUMN_FIELD(type, name, wire, hashed) type* name;

/* A snapshot element's value as read, before it is checked: an u8 column's stored i32 must be
   range-checked before it is narrowed. */
typedef double silk_wire_f64;
typedef silk_vec2 silk_wire_vec2;
typedef int32_t silk_wire_i32;
typedef int32_t silk_wire_u8;
#define SILK_WIRE_SIZE_f64  8
#define SILK_WIRE_SIZE_vec2 16
#define SILK_WIRE_SIZE_i32  4
#define SILK_WIRE_SIZE_u8   4

/* One row as a snapshot holds it (snapshot.c reads rows into these, checks them, then stores
   them). */
#define SILK_ROW_FIELD(type, name, wire, hashed) silk_wire_##wire name;
typedef struct silk_particle_row
{
    SILK_PARTICLE_COLUMNS(SILK_ROW_FIELD)
} silk_particle_row;
typedef struct silk_constraint_row
{
    SILK_CONSTRAINT_COLUMNS(SILK_ROW_FIELD)
} silk_constraint_row;

/* Memory through the world's allocator. */
void* silk_alloc(const silk_world* world, size_t size);
void silk_free(const silk_world* world, void* memory);

/* Capacity for `count` rows (at least 16, grown by doubling); all or nothing: on failure every
   column is as it was. Not for use inside a step's solver. */
silk_status silk_reserve_particles(silk_world* world, int32_t count);
silk_status silk_reserve_constraints(silk_world* world, int32_t count);
silk_status silk_reserve_composites(silk_world* world, int32_t count);
/* Frees every column (world destroy). */
void silk_storage_free(silk_world* world);

/* Moves constraint rows [from, count) by `shift` rows (room for an insert; the caller keeps
   the count and the capacity). */
void silk_constraints_shift(silk_world* world, int32_t from, int32_t shift);
/* Copies constraint row `from` over row `to` (compaction). */
void silk_constraints_move(silk_world* world, int32_t to, int32_t from);

/* The constraint set, a mass or a compliance changed: bumps world->constraints_version, and
   wakes every sleeping particle (sleep.c). */
void silk_constraints_changed(silk_world* world);
/* As silk_constraints_changed without the wake: a restore sets the sleep state it saved. */
void silk_constraints_restored(silk_world* world);

/* The kept counts (world->angle_count, disc_count). Adding a constraint, removing one and
   setting a radius keep them in step one row at a time (constraint.c, contact.c); these are
   for the calls that change many rows at once. */
/* Rows from `particles` and from `constraints` on are about to go (rollback). */
void silk_counts_drop_rows(silk_world* world, int32_t particles, int32_t constraints);
/* Counts every row again (snapshot restore, which rewrites them all); sleeping_count too. */
void silk_counts_recount(silk_world* world);

#endif
