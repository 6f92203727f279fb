/* test_settings.c -- the settings tables (engine/src/settings.h) walked entry by entry, and the
   bytes they produce held to the bytes of the hand-written code they replaced.

   Part 1, "the formats did not move": snapshots of every scene with every robust setting off
   its default, and a recording that changes each setting group, hashed (FNV-1a 64 of the
   bytes) and compared with the hashes the build before the tables produced (commit 0399e88,
   measured with this test, natively and in wasm). A table whose order, wire type or event slot
   differs from the old code changes a hash.

   Part 2, "every entry is wired": for each entry of each table, a value inside its range
   round-trips through a snapshot and through a recording's replay, and a value outside it is
   refused by the def check, which names the entry's field and says its rule text. This is the
   recipe of docs/architecture.md "How to add a setting" as a test: a new entry is checked
   without a line here. */
#include "check.h"
#include "settings.h" /* private: engine/src */
#include "silk_extras.h"
#include "validate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv(const uint8_t* bytes, size_t count)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < count; ++i)
    {
        h ^= bytes[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static uint64_t snapshot_hash(const silk_world* world)
{
    size_t size = silk_world_snapshot_size(world);
    uint8_t* bytes = malloc(size);
    size_t written = 0;
    CHECK(silk_world_snapshot(world, bytes, size, &written) == SILK_OK && written == size);
    uint64_t h = fnv(bytes, size);
    free(bytes);
    return h;
}

/* Every robust setting off its default (and the stepper's, and the world's). */
static silk_robust_def odd_robust(void)
{
    silk_robust_def r = silk_default_robust_def();
    r.gravity = (silk_vec2){3.5, 650.25};
    r.damping = 0.75;
    r.ground_friction = 11.5;
    r.substeps = 6;
    r.iterations = 2;
    r.ceiling = false;
    r.restitution = 0.25;
    r.max_step_seconds = 1.0 / 40.0;
    r.tethers = true;
    r.near_pass = true;
    r.near_passes = 3;
    r.chains = false;
    r.near_mobility = 0.5;
    return r;
}

/* The golden hashes: FNV-1a 64 of the snapshot of each scene after 30 steps with odd settings,
   and of the recording. The web, shapes and tree scenes are built with compat's cos and sin,
   which are the C library's natively and the host's Math.* in wasm (engine/src/trig.h), so
   their bytes are per platform: glibc's and V8's were measured; elsewhere only the cloth (no
   trig), the collision scenes (no trig) and the recording are compared. Snapshot v6 (contact
   settings, radius, collision filter) moved every one of them on purpose, and so did v7 (the
   sleep settings, the particle's sleep state); the state hashes did not move. */
#if defined(__wasm__)
static const uint64_t golden_snapshot[SILK_SCENE_COUNT] = {
    0xfcdafb3be2cec744ULL, 0x67216c1ae5125318ULL, 0x27de7fe2ebf7e7d6ULL,
    0x748c00bbbda85060ULL, 0x29bc7d7fc5a309d4ULL, 0x6301e7fc0d4789b7ULL};
static const bool golden_trig = true;
#elif defined(__GLIBC__)
static const uint64_t golden_snapshot[SILK_SCENE_COUNT] = {
    0xbd726338de7fbceaULL, 0x67216c1ae5125318ULL, 0xf8e77799566a5123ULL,
    0x83f40a1a884049bfULL, 0x29bc7d7fc5a309d4ULL, 0x6301e7fc0d4789b7ULL};
static const bool golden_trig = true;
#else
static const uint64_t golden_snapshot[SILK_SCENE_COUNT] = {
    0, 0x67216c1ae5125318ULL, 0, 0, 0x29bc7d7fc5a309d4ULL, 0x6301e7fc0d4789b7ULL};
static const bool golden_trig = false;
#endif
static const uint64_t golden_recording = 0x98488195d5977d9eULL;

static silk_world* odd_world(void)
{
    silk_world_def def = silk_default_world_def();
    def.width = 640;
    def.height = 420;
    def.seed = 77;
    def.relax_passes = 12;
    def.stepper.step_seconds = 1.0 / 50.0;
    def.stepper.max_steps_per_frame = 5;
    silk_world* world = NULL;
    CHECK(silk_world_create(&def, &world) == SILK_OK);
    return world;
}

static void test_formats_did_not_move(bool print)
{
    for (int s = 0; s < SILK_SCENE_COUNT; ++s)
    {
        silk_world* world = odd_world();
        silk_scene_def scene = silk_default_scene_def();
        scene.scene = (silk_scene)s;
        CHECK(silk_world_build_scene(world, &scene) == SILK_OK);
        silk_robust_def r = odd_robust();
        r.chains = s == SILK_SCENE_SHAPES;
        CHECK(silk_world_set_robust(world, &r) == SILK_OK);
        CHECK(silk_world_set_solver(world, s % 2 ? SILK_SOLVER_COMPAT : SILK_SOLVER_ROBUST) ==
              SILK_OK);
        CHECK(silk_world_set_friction(world, 0.97) == SILK_OK);
        CHECK(silk_world_set_ground_friction(world, 0.7) == SILK_OK);
        CHECK(silk_world_set_gravity(world, (silk_vec2){0.01, 0.25}) == SILK_OK);
        for (int k = 0; k < 30; ++k)
        {
            CHECK(silk_world_advance(world, 1.0 / 47.0, NULL) == SILK_OK);
        }
        CHECK(silk_world_drag_begin(world, 0, (silk_vec2){100.0, 80.0}) == SILK_OK);
        CHECK(silk_world_advance(world, 1.0 / 47.0, NULL) == SILK_OK);
        uint64_t h = snapshot_hash(world);
        if (print)
        {
            printf("snapshot scene %d: 0x%016llxULL\n", s, (unsigned long long)h);
        }
        CHECK(h == golden_snapshot[s] ||
              (!golden_trig && s != SILK_SCENE_CLOTH && s < SILK_SCENE_BALL_PIT));
        silk_world_destroy(world);
    }

    /* a recording that changes every robust setting group, one per step */
    silk_world* world = odd_world();
    silk_scene_def scene = silk_default_scene_def();
    scene.scene = SILK_SCENE_CLOTH;
    CHECK(silk_world_build_scene(world, &scene) == SILK_OK);
    CHECK(silk_world_set_solver(world, SILK_SOLVER_ROBUST) == SILK_OK);
    CHECK(silk_world_record_begin(world) == SILK_OK);
    silk_robust_def r = silk_world_get_robust(world);
    silk_robust_def odd = odd_robust();
    for (int k = 0; k < 14; ++k)
    {
        switch (k)
        {
            case 0:
                r.gravity = odd.gravity;
                break;
            case 1:
                r.damping = odd.damping;
                break;
            case 2:
                r.ground_friction = odd.ground_friction;
                break;
            case 3:
                r.substeps = odd.substeps;
                break;
            case 4:
                r.iterations = odd.iterations;
                break;
            case 5:
                r.ceiling = odd.ceiling;
                break;
            case 6:
                r.restitution = odd.restitution;
                break;
            case 7:
                r.max_step_seconds = odd.max_step_seconds;
                break;
            case 8:
                r.tethers = odd.tethers;
                break;
            case 9:
                r.near_passes = odd.near_passes;
                break;
            case 10:
                r.near_mobility = odd.near_mobility;
                break;
            case 11:
                r.near_pass = false;
                break;
            case 12:
                r.chains = true;
                break;
            default:
                r = silk_default_robust_def();
                break; /* every group at once */
        }
        CHECK(silk_world_set_robust(world, &r) == SILK_OK);
        CHECK(silk_world_advance(world, 1.0 / 50.0, NULL) == SILK_OK);
    }
    CHECK(silk_world_record_end(world) == SILK_OK);
    size_t size = silk_world_recording_size(world);
    uint8_t* bytes = malloc(size);
    CHECK(silk_world_recording_export(world, bytes, size, &size) == SILK_OK);
    uint64_t h = fnv(bytes, size);
    if (print)
    {
        printf("recording: 0x%016llxULL (%zu bytes)\n", (unsigned long long)h, size);
    }
    CHECK(h == golden_recording);
    free(bytes);
    silk_world_destroy(world);
}

/* ---- part 2: every entry is wired ------------------------------------------------------- */

/* Per wire type: equality, and candidates for "another valid value" (the first that passes
   the entry's validator and differs from its default is used). */
static bool same_f64(double a, double b)
{
    return a == b;
}
static bool same_i32(int32_t a, int32_t b)
{
    return a == b;
}
static bool same_u64(uint64_t a, uint64_t b)
{
    return a == b;
}
static bool same_flag(bool a, bool b)
{
    return a == b;
}
static bool same_vec2(silk_vec2 a, silk_vec2 b)
{
    return a.x == b.x && a.y == b.y;
}
static double candidate_f64(int k)
{
    static const double v[] = {0.5, 0.03, 2.0, 7.0};
    return v[k % 4];
}
static int32_t candidate_i32(int k)
{
    static const int32_t v[] = {2, 3, 5, 1};
    return v[k % 4];
}
static bool candidate_flag(int k)
{
    return k % 2 == 0;
}
static silk_vec2 candidate_vec2(int k)
{
    return (silk_vec2){1.5 + k, -2.5};
}
/* Values outside most ranges; an entry whose validator accepts one skips it. */
static double outside_f64(int k)
{
    return k == 0 ? NAN : k == 1 ? -1e300 : INFINITY;
}
static int32_t outside_i32(int k)
{
    return k == 0 ? INT32_MIN : k == 1 ? 0 : INT32_MAX;
}
static uint64_t outside_u64(int k)
{
    return (uint64_t)k;
}
static bool outside_flag(int k)
{
    return k != 0;
}
static silk_vec2 outside_vec2(int k)
{
    return k == 0 ? (silk_vec2){NAN, 0.0} : (silk_vec2){0.0, INFINITY};
}

/* The detail a def check gives for a field that fails its validator with `status`. */
static void check_detail(silk_status got, silk_error_detail d, silk_status status,
                         const char* field, const char* rule)
{
    CHECK_EQ_INT(got, status);
    CHECK_EQ_INT(d.status, status);
    CHECK(strcmp(d.field, field) == 0);
    CHECK(strcmp(d.rule, status == SILK_ERR_NONFINITE ? SILK_FINITE_RULE : rule) == 0);
    if (strcmp(d.field, field) != 0 ||
        strcmp(d.rule, status == SILK_ERR_NONFINITE ? SILK_FINITE_RULE : rule) != 0)
    {
        fprintf(stderr, "  %s: got field '%s' rule '%s'\n", field, d.field, d.rule);
    }
}

/* An entry's default is the default def's value and passes its validator; every value its
   validator refuses is refused by the def check, which names the field and says the rule. */
#define WALK_DEF(type, name, wire, dflt, check, rule, event, slot)                                 \
    {                                                                                              \
        CHECK(same_##wire(DEF_FIELD(defaults, name), dflt));                                       \
        CHECK(silk_check_##check(dflt) == SILK_OK);                                                \
        for (int k = 0; k < 3; ++k)                                                                \
        {                                                                                          \
            type bad = outside_##wire(k);                                                          \
            silk_status expect = silk_check_##check(bad);                                          \
            if (expect != SILK_OK)                                                                 \
            {                                                                                      \
                DEF_TYPE def = defaults;                                                           \
                DEF_FIELD(def, name) = bad;                                                        \
                silk_error_detail d;                                                               \
                check_detail(DEF_CHECK(&def, &d), d, expect, FIELD_PREFIX #name, rule);            \
                ++refused;                                                                         \
            }                                                                                      \
        }                                                                                          \
        ++entries;                                                                                 \
    }

static void test_def_checks(void)
{
    int entries = 0, refused = 0;
#define FIELD_PREFIX         ""
#define DEF_FIELD(def, name) def.name
    {
        const silk_world_def defaults = silk_default_world_def();
#define DEF_TYPE            silk_world_def
#define DEF_CHECK(def, out) silk_check_world_def(def, out)
        SILK_WORLD_SETTINGS(WALK_DEF)
#undef DEF_TYPE
#undef DEF_CHECK
    }
    {
        const silk_stepper_def defaults = silk_default_stepper_def();
#define DEF_TYPE            silk_stepper_def
#define DEF_CHECK(def, out) silk_check_stepper_def(def, out)
        SILK_STEPPER_SETTINGS(WALK_DEF)
#undef DEF_TYPE
#undef DEF_CHECK
    }
    {
        /* gravity, damping and ground friction default to the compat page's, mapped; the
           table's zeros are what no compat gravity and no friction map to */
        const silk_robust_def defaults =
            silk_robust_def_from_compat((silk_vec2){0.0, 0.0}, 1.0, 1.0, 1.0 / 60.0);
        silk_robust_def page = silk_default_robust_def();
        page.gravity = defaults.gravity;
        page.damping = defaults.damping;
        page.ground_friction = defaults.ground_friction;
        CHECK(memcmp(&page, &defaults, sizeof(page)) == 0);
#define DEF_TYPE            silk_robust_def
#define DEF_CHECK(def, out) silk_check_robust_def(def, out)
        SILK_ROBUST_SETTINGS(WALK_DEF)
#undef DEF_TYPE
#undef DEF_CHECK
    }
    {
        const silk_watchdog_def defaults = silk_default_watchdog_def();
#define DEF_TYPE            silk_watchdog_def
#define DEF_CHECK(def, out) silk_check_watchdog_def(def, out)
        SILK_WATCHDOG_SETTINGS(WALK_DEF)
#undef DEF_TYPE
#undef DEF_CHECK
    }
#undef FIELD_PREFIX
#undef DEF_FIELD
    /* the world def names its stepper's fields "stepper.*" */
    {
        const silk_world_def defaults = silk_default_world_def();
#define FIELD_PREFIX         "stepper."
#define DEF_FIELD(def, name) def.stepper.name
#define DEF_TYPE             silk_world_def
#define DEF_CHECK(def, out)  silk_check_world_def(def, out)
        SILK_STEPPER_SETTINGS(WALK_DEF)
#undef FIELD_PREFIX
#undef DEF_FIELD
#undef DEF_TYPE
#undef DEF_CHECK
    }
    printf("def checks: %d entries, %d refused values named with their rules\n", entries, refused);
#define COUNT_ENTRY(...) +1
    CHECK(entries == 0 SILK_WORLD_SETTINGS(COUNT_ENTRY) +
                         2 * (0 SILK_STEPPER_SETTINGS(COUNT_ENTRY))SILK_ROBUST_SETTINGS(COUNT_ENTRY)
                                 SILK_WATCHDOG_SETTINGS(COUNT_ENTRY));
#undef COUNT_ENTRY
}

/* A world with a cloth under the robust solver, its stepper and robust def as given. */
static silk_world* cloth_world(void)
{
    silk_world* world = NULL;
    silk_world_def def = silk_default_world_def();
    CHECK(silk_world_create(&def, &world) == SILK_OK);
    silk_scene_def scene = silk_default_scene_def();
    scene.scene = SILK_SCENE_CLOTH;
    CHECK(silk_world_build_scene(world, &scene) == SILK_OK);
    CHECK(silk_world_set_solver(world, SILK_SOLVER_ROBUST) == SILK_OK);
    return world;
}

/* Restores `from`'s snapshot into a fresh world. */
static silk_world* restored(const silk_world* from)
{
    silk_world* to = NULL;
    silk_world_def def = silk_default_world_def();
    CHECK(silk_world_create(&def, &to) == SILK_OK);
    size_t size = silk_world_snapshot_size(from);
    uint8_t* bytes = malloc(size);
    CHECK(silk_world_snapshot(from, bytes, size, &size) == SILK_OK);
    CHECK(silk_world_restore(to, bytes, size) == SILK_OK);
    free(bytes);
    return to;
}

/* Whether the recording holds an event of `type` (the file format in silk.h). */
static bool recording_has(const uint8_t* bytes, size_t size, uint32_t type)
{
    uint64_t snapshot = 0, events = 0;
    memcpy(&snapshot, bytes + 32, 8); /* little-endian hosts: native x86/arm and wasm */
    memcpy(&events, bytes + 40, 8);
    for (uint64_t k = 0; k < events; ++k)
    {
        uint32_t t = 0;
        size_t at = 48 + (size_t)snapshot + (size_t)k * 32 + 8;
        if (at + 4 <= size)
        {
            memcpy(&t, bytes + at, 4);
        }
        if (t == type)
        {
            return true;
        }
    }
    return false;
}

/* An entry set to another valid value survives a snapshot (stepper, robust) and, for the
   robust def, is recorded under its event and comes back from a replay. */
#define OTHER_VALUE(type, name, wire, dflt, check)                                                 \
    type other = dflt;                                                                             \
    for (int k = 0; k < 4; ++k)                                                                    \
    {                                                                                              \
        type c = candidate_##wire(k);                                                              \
        if (!same_##wire(c, dflt) && silk_check_##check(c) == SILK_OK)                             \
        {                                                                                          \
            other = c;                                                                             \
            break;                                                                                 \
        }                                                                                          \
    }                                                                                              \
    CHECK(!same_##wire(other, dflt));

#define WALK_STEPPER(type, name, wire, dflt, check, rule, event, slot)                             \
    {                                                                                              \
        OTHER_VALUE(type, name, wire, dflt, check)                                                 \
        silk_world* world = cloth_world();                                                         \
        silk_stepper_def def = silk_default_stepper_def();                                         \
        def.name = other;                                                                          \
        CHECK(silk_world_set_stepper(world, &def) == SILK_OK);                                     \
        silk_world* copy = restored(world);                                                        \
        CHECK(same_##wire(copy->stepper.name, other));                                             \
        silk_world_destroy(copy);                                                                  \
        silk_world_destroy(world);                                                                 \
        ++walked;                                                                                  \
    }

#define WALK_ROBUST(type, name, wire, dflt, check, rule, event, slot)                              \
    {                                                                                              \
        OTHER_VALUE(type, name, wire, dflt, check)                                                 \
        silk_world* world = cloth_world();                                                         \
        CHECK(silk_world_record_begin(world) == SILK_OK);                                          \
        CHECK(silk_world_advance(world, 1.0 / 60.0, NULL) == SILK_OK);                             \
        silk_robust_def def = silk_world_get_robust(world);                                        \
        def.name = other;                                                                          \
        CHECK(silk_world_set_robust(world, &def) == SILK_OK);                                      \
        CHECK(silk_world_advance(world, 1.0 / 60.0, NULL) == SILK_OK);                             \
        CHECK(silk_world_record_end(world) == SILK_OK);                                            \
        silk_world* copy = restored(world);                                                        \
        CHECK(same_##wire(silk_world_get_robust(copy).name, other));                               \
        size_t size = silk_world_recording_size(world);                                            \
        uint8_t* bytes = malloc(size);                                                             \
        CHECK(silk_world_recording_export(world, bytes, size, &size) == SILK_OK);                  \
        CHECK(recording_has(bytes, size, SILK_EVENT_##event));                                     \
        silk_world* replayed = cloth_world();                                                      \
        silk_replay_result result;                                                                 \
        CHECK(silk_world_replay(replayed, bytes, size, &result) == SILK_OK && result.matches);     \
        CHECK(same_##wire(silk_world_get_robust(replayed).name, other));                           \
        free(bytes);                                                                               \
        silk_world_destroy(replayed);                                                              \
        silk_world_destroy(copy);                                                                  \
        silk_world_destroy(world);                                                                 \
        ++walked;                                                                                  \
    }

static void test_round_trips(void)
{
    int walked = 0;
    SILK_STEPPER_SETTINGS(WALK_STEPPER)
    SILK_ROBUST_SETTINGS(WALK_ROBUST)
#define COUNT_ENTRY(...) +1
    CHECK(walked == 0 SILK_STEPPER_SETTINGS(COUNT_ENTRY) SILK_ROBUST_SETTINGS(COUNT_ENTRY));
#undef COUNT_ENTRY
    printf("round trips: %d entries through a snapshot (and the robust ones a replay)\n", walked);
}

int main(int argc, char** argv)
{
    bool print = argc > 1 && strcmp(argv[1], "--print") == 0;
    test_formats_did_not_move(print);
    test_def_checks();
    test_round_trips();
    return check_report("test_settings");
}
