/* fuzz_api.c -- random API sequences against one world, with allocation failure injected.

   The input is a program: a header byte picks the world's capacities and when its allocator
   starts failing; then each op byte picks a call and the bytes after it its arguments (drawn
   mostly from fuzz.h's pools: NaN, infinities, the edges of every range and past them).
   After every call that returns a status:
     - a failing call left the world byte-identical (snapshot compare) and a replay in
       progress where it was;
     - the invariants of fuzz_invariants() hold (own snapshot restores and round-trips, own
       settings accepted).
   Calls that return nothing (clear, drag end, play stop ...) only get the invariants.

   Extensions and rollback (issue 21): the world starts with the extras' extension or a
   host's step hook -- which may use the extras' own tag, with any value count and no
   scratch -- and an op installs either at any time. Builders record marks; rollbacks go to
   arbitrary marks, each count taken from a recorded mark, the current counts or the pool.
   After every call: a failing call left the installed extension as it was (identity and
   tag), no call but an explicit install evicted the host's extension, and a refused
   rollback wrote its own detail. */
#include "fuzz.h"

#define MAX_OPS 48

#define FUZZ_MARKS 4

typedef struct fuzz_world
{
    silk_world* w;
    fuzz_allocator alloc;
    uint8_t* recording; /* the world's last exported recording, for replays */
    size_t recording_size;
    silk_extension_def host;           /* the host's extension as last installed */
    bool installing;                   /* the call installs an extension (it may evict) */
    silk_world_mark marks[FUZZ_MARKS]; /* recorded before builds and by the mark op */
    int32_t mark_next;
} fuzz_world;

/* ---- a host's step hook (issue 21) -------------------------------------------------------

   Two hooks. The counting one keeps state: value 0 counts steps (an input sets it), value 1
   is the particle count as of the last step, an index check() validates, so a rollback that
   removes particles must either let the hook clamp it (on_rollback) or be refused. The wind
   keeps none: it pushes the last particle a little every step and leaves the values to
   whoever writes them -- with the extras' tag and 15 values, the extras did, and crawled
   through its missing scratch. The host knows its own extension by its owner token, as the
   extras know theirs. */
static const char host_owner[] = "fuzz host";

static void host_before_step(silk_world* world)
{
    int32_t* v = silk_world_extension_values(world);
    v[0] = (v[0] + 1) & 0xffff;
    v[1] = silk_world_particle_count(world);
}

static void host_wind(silk_world* world)
{
    int32_t last = silk_world_particle_count(world) - 1;
    silk_vec2 p;
    if (silk_world_get_position(world, last, &p) == SILK_OK)
    {
        silk_world_set_position(world, last, (silk_vec2){p.x + 0.125, p.y});
    }
}

static silk_status host_check(const int32_t* v, int32_t particles, int32_t constraints,
                              int32_t composites, int32_t* out_headroom)
{
    (void)constraints;
    (void)composites;
    (void)out_headroom;
    return v[0] >= 0 && v[0] <= 0xffff && v[1] >= 0 && v[1] <= particles ? SILK_OK : SILK_ERR_INDEX;
}

static silk_status host_check_input(int32_t code, int32_t value)
{
    return code == 0 && value >= 0 && value <= 0xffff ? SILK_OK : SILK_ERR_RANGE;
}

static void host_apply_input(silk_world* world, int32_t code, int32_t value)
{
    (void)code;
    silk_world_extension_values(world)[0] = value;
}

static void host_rollback(int32_t* v, int32_t particles, int32_t constraints, int32_t composites)
{
    (void)constraints;
    (void)composites;
    v[1] = v[1] <= particles ? v[1] : particles;
}

/* Mostly valid: the extras' tag or another, 2, 15 (the extras'), 16 or 32 values, with or
   without scratch and rollback hook; sometimes a def the world must refuse. */
static silk_extension_def host_def(fuzz_input* in)
{
    static const int32_t counts[] = {2, 15, 16, SILK_MAX_EXTENSION_VALUES};
    uint8_t k = fuzz_u8(in);
    silk_extension_def d = silk_default_extension_def();
    d.tag = k & 1 ? SILK_EXTRAS_TAG : 0x54534f48u; /* "HOST" */
    d.value_count = counts[(k >> 1) & 3];
    d.before_step = k & 32 ? host_wind : host_before_step;
    d.check = host_check;
    d.check_input = host_check_input;
    d.apply_input = host_apply_input;
    d.on_rollback = k & 8 ? host_rollback : NULL;
    d.particle_scratch = (k & 16) != 0;
    d.owner = host_owner;
    if ((k & 0xe0) == 0xe0)
    {
        d.internal_cookie ^= 1; /* refused: SILK_ERR_DEF */
    }
    else if ((k & 0xe0) == 0xc0)
    {
        d.value_count = 0; /* refused: SILK_ERR_RANGE */
    }
    return d;
}

static void record_mark(fuzz_world* f)
{
    f->marks[f->mark_next] = silk_world_get_mark(f->w);
    f->mark_next = (f->mark_next + 1) % FUZZ_MARKS;
}

/* Each count from a recorded mark, the world's counts now, or the pool: so marks the world
   cannot honour too, e.g. { particles: now, composites: old }. */
static int32_t mark_count(fuzz_input* in, const fuzz_world* f, int32_t which, int32_t now)
{
    uint8_t k = fuzz_u8(in);
    if (k < 160)
    {
        const silk_world_mark* m = &f->marks[k % FUZZ_MARKS];
        return which == 0 ? m->particles : which == 1 ? m->constraints : m->composites;
    }
    return k < 224 ? now : fuzz_i32(in);
}

static silk_status rollback(fuzz_world* f, fuzz_input* in)
{
    silk_world_mark now = silk_world_get_mark(f->w);
    silk_world_mark m;
    m.particles = mark_count(in, f, 0, now.particles);
    m.constraints = mark_count(in, f, 1, now.constraints);
    m.composites = mark_count(in, f, 2, now.composites);
    silk_status s = silk_world_rollback(f->w, m);
    if (s != SILK_OK)
    {
        /* refused with its own detail: which count, or the extension */
        silk_error_detail d = silk_world_last_error_detail(f->w);
        FUZZ_ASSERT(s == SILK_ERR_STATE && d.status == s, "a refused rollback's detail");
        FUZZ_ASSERT(strncmp(d.field, "mark", 4) == 0 || strcmp(d.field, "extension") == 0,
                    "a refused rollback names the mark or the extension");
    }
    return s;
}

static silk_status install_host(fuzz_world* f, fuzz_input* in)
{
    silk_extension_def d = host_def(in);
    f->installing = true;
    silk_status s = silk_world_set_extension(f->w, &d);
    if (s == SILK_OK)
    {
        f->host = d;
    }
    return s;
}

static bool host_installed(const silk_world* w)
{
    return silk_world_extension_owned_by(w, host_owner);
}

static int32_t particle(fuzz_input* in, const silk_world* w)
{
    uint8_t k = fuzz_u8(in);
    int32_t n = silk_world_particle_count(w);
    if (k < 240 && n > 0)
    {
        return (int32_t)(k % (uint32_t)n);
    }
    return fuzz_i32(in);
}

static int32_t composite(fuzz_input* in, const silk_world* w)
{
    uint8_t k = fuzz_u8(in);
    int32_t n = silk_world_composite_count(w);
    if (k < 240 && n > 0)
    {
        return (int32_t)(k % (uint32_t)n);
    }
    return fuzz_i32(in);
}

static silk_robust_def robust_def(fuzz_input* in, const silk_world* w)
{
    silk_robust_def d = silk_world_get_robust(w);
    uint8_t which = fuzz_u8(in);
    switch (which % 10)
    {
        case 0:
            d.gravity = fuzz_vec2(in);
            break;
        case 1:
            d.damping = fuzz_f64(in);
            break;
        case 2:
            d.ground_friction = fuzz_f64(in);
            break;
        case 3:
            d.substeps = fuzz_i32(in);
            break;
        case 4:
            d.iterations = fuzz_i32(in);
            break;
        case 5:
            d.restitution = fuzz_f64(in);
            break;
        case 6:
            d.max_step_seconds = fuzz_f64(in);
            break;
        case 7:
            d.ceiling = fuzz_u8(in) & 1;
            d.tethers = fuzz_u8(in) & 1;
            d.near_pass = fuzz_u8(in) & 1;
            break;
        case 8:
            d.chains = fuzz_u8(in) & 1;
            d.near_passes = fuzz_i32(in) % 8;
            d.near_mobility = fuzz_f64(in);
            break;
        default:
            d.internal_cookie ^= fuzz_u8(in) & 1;
            break;
    }
    return d;
}

/* Set by call() for the calls silk.h says write silk_world_last_error_detail on every
   outcome: after such a call fails, the detail must be that failure's. */
static bool writes_detail;

/* The builders with small, fuzzed sizes (a handful of particles each). */
static int small_build(fuzz_world* f, fuzz_input* in)
{
    silk_world* w = f->w;
    writes_detail = true;
    int32_t out = 0;
    record_mark(f); /* a mark before a build: rollbacks past it are the builders' own use */
    switch (fuzz_u8(in) % 6)
    {
        case 0:
        {
            silk_cloth_def d = silk_default_cloth_def();
            d.center = fuzz_vec2(in);
            d.width = fuzz_f64(in);
            d.height = fuzz_f64(in);
            d.segments = fuzz_i32(in) % 6;
            d.pin_mod = fuzz_i32(in);
            d.stiffness = fuzz_f64(in);
            return silk_world_build_cloth(w, &d, &out);
        }
        case 1:
        {
            silk_tire_def d = silk_default_tire_def();
            d.center = fuzz_vec2(in);
            d.radius = fuzz_f64(in);
            d.segments = fuzz_i32(in) % 9;
            d.spoke_stiffness = fuzz_f64(in);
            d.tread_stiffness = fuzz_f64(in);
            return silk_world_build_tire(w, &d, &out);
        }
        case 2:
        {
            silk_tree_def d = silk_default_tree_def();
            d.origin = fuzz_vec2(in);
            d.depth = fuzz_i32(in) % 4;
            d.branch_length = fuzz_f64(in);
            d.segment_coef = fuzz_f64(in);
            d.theta = fuzz_f64(in);
            return silk_world_build_tree(w, &d, &out);
        }
        case 3:
        {
            silk_spiderweb_def d = silk_default_spiderweb_def();
            d.center = fuzz_vec2(in);
            d.radius = fuzz_f64(in);
            d.segments = fuzz_i32(in) % 9;
            d.depth = fuzz_i32(in) % 4;
            d.tensor = fuzz_f64(in);
            d.stiffness = fuzz_f64(in);
            return silk_world_build_spiderweb(w, &d, &out);
        }
        case 4:
        {
            silk_spider_def d = silk_default_spider_def();
            d.origin = fuzz_vec2(in);
            return silk_world_build_spider(w, &d, &out);
        }
        default:
        {
            silk_vec2 points[5];
            int32_t count = fuzz_i32(in) % 6;
            for (int k = 0; k < 5; ++k)
            {
                points[k] = fuzz_vec2(in);
            }
            return silk_world_build_line_segments(w, points, count, fuzz_f64(in), &out);
        }
    }
}

static void export_recording(fuzz_world* f)
{
    size_t size = silk_world_recording_size(f->w);
    if (size == 0)
    {
        return;
    }
    uint8_t* bytes = malloc(size);
    if (silk_world_recording_export(f->w, bytes, size, NULL) == SILK_OK)
    {
        free(f->recording);
        f->recording = bytes;
        f->recording_size = size;
    }
    else
    {
        free(bytes);
    }
}

/* One call; returns its status, or 1 for calls without one. */
static int call(fuzz_world* f, uint8_t op, fuzz_input* in)
{
    silk_world* w = f->w;
    int32_t out = 0;
    switch (op % 32)
    {
        case 0:
            return silk_world_add_composite(w, &out);
        case 1:
            return silk_world_add_particle(w, composite(in, w), fuzz_vec2(in), &out);
        case 2:
            return fuzz_u8(in) & 1
                       ? silk_world_set_position(w, particle(in, w), fuzz_vec2(in))
                       : silk_world_set_last_position(w, particle(in, w), fuzz_vec2(in));
        case 3:
        {
            silk_distance_def d = silk_default_distance_def();
            d.a = particle(in, w);
            d.b = particle(in, w);
            d.stiffness = fuzz_f64(in);
            d.rest_from_positions = fuzz_u8(in) & 1;
            d.rest = fuzz_f64(in);
            return silk_world_add_distance(w, composite(in, w), &d, &out);
        }
        case 4:
        {
            silk_pin_def d = silk_default_pin_def();
            d.particle = particle(in, w);
            d.target_from_position = fuzz_u8(in) & 1;
            d.target = fuzz_vec2(in);
            return silk_world_add_pin(w, composite(in, w), &d, &out);
        }
        case 5:
        {
            silk_angle_def d = silk_default_angle_def();
            d.a = particle(in, w);
            d.b = particle(in, w);
            d.c = particle(in, w);
            d.stiffness = fuzz_f64(in);
            return silk_world_add_angle(w, composite(in, w), &d, &out);
        }
        case 6:
            return silk_world_remove_constraint(w, composite(in, w), fuzz_i32(in));
        case 7:
            switch (fuzz_u8(in) % 3)
            {
                case 0:
                    return silk_world_set_gravity(w, fuzz_vec2(in));
                case 1:
                    return silk_world_set_friction(w, fuzz_f64(in));
                default:
                    return silk_world_set_ground_friction(w, fuzz_f64(in));
            }
        case 8:
            writes_detail = true;
            return silk_world_set_size(w, fuzz_f64(in), fuzz_f64(in));
        case 9:
            return silk_world_frame(w, fuzz_i32(in) % 20);
        case 10:
            return silk_world_advance(w, fuzz_f64(in) * (fuzz_u8(in) & 1 ? 1.0 : 0.01), NULL);
        case 11:
            return silk_world_set_solver(w, (silk_solver)(fuzz_i32(in)));
        case 12:
        {
            silk_robust_def d = robust_def(in, w);
            d.substeps = d.substeps > 16 && d.substeps <= SILK_MAX_SUBSTEPS ? 16 : d.substeps;
            d.iterations = d.iterations > 4 && d.iterations <= 64 ? 4 : d.iterations;
            writes_detail = true;
            return silk_world_set_robust(w, &d);
        }
        case 13:
            return silk_world_robust_step(w, fuzz_f64(in));
        case 14:
        {
            silk_stepper_def d = silk_default_stepper_def();
            d.step_seconds = fuzz_f64(in);
            d.max_steps_per_frame = fuzz_i32(in);
            /* keep a run short: at most 16 steps per advance (invalid values stay invalid) */
            d.max_steps_per_frame = d.max_steps_per_frame > 16 ? 16 : d.max_steps_per_frame;
            writes_detail = true;
            return silk_world_set_stepper(w, &d);
        }
        case 15:
            return silk_world_set_loop_mode(w, (silk_loop_mode)fuzz_i32(in));
        case 16:
            return silk_world_set_relax_passes(w, fuzz_i32(in) % 40);
        case 17:
            switch (fuzz_u8(in) % 3)
            {
                case 0:
                    return silk_world_drag_begin(w, particle(in, w), fuzz_vec2(in));
                case 1:
                    return silk_world_drag_move(w, fuzz_vec2(in));
                default:
                    silk_world_drag_end(w);
                    return 1;
            }
        case 18:
        {
            if (fuzz_u8(in) >= 16)
            {
                return small_build(f, in); /* mostly small: a page scene is 400 particles */
            }
            record_mark(f);
            silk_scene_def d = silk_default_scene_def();
            d.scene = (silk_scene)(fuzz_u8(in) % (SILK_SCENE_COUNT + 1));
            d.tensor = fuzz_u8(in) & 1 ? fuzz_f64(in) : 0.3;
            if (fuzz_u8(in) % 16 == 0)
            {
                d.internal_cookie ^= 1; /* DEF */
            }
            writes_detail = true;
            return silk_world_build_scene(w, fuzz_u8(in) % 32 == 0 ? NULL : &d);
        }
        case 19:
            switch (fuzz_u8(in) % 7)
            {
                case 0:
                    return silk_world_set_mass(w, particle(in, w), fuzz_f64(in));
                case 1:
                    return silk_world_set_inverse_mass(w, particle(in, w), fuzz_f64(in));
                /* collisions (issue 29): radius, filter, the contact settings */
                case 3:
                    return silk_world_set_radius(w, particle(in, w), fuzz_f64(in));
                case 4:
                {
                    silk_collision_filter cf = {(uint32_t)fuzz_i32(in), (uint32_t)fuzz_i32(in),
                                                fuzz_u8(in) & 1};
                    return silk_world_set_collision_filter(w, composite(in, w), cf);
                }
                case 5:
                {
                    silk_robust_def rd = silk_world_get_robust(w);
                    rd.contact_friction = fuzz_f64(in);
                    rd.contact_restitution = fuzz_f64(in);
                    return silk_world_set_robust(w, &rd);
                }
                /* robust sleep (silk.h "Sleeping"): on, its threshold and its steps */
                case 6:
                {
                    silk_robust_def rd = silk_world_get_robust(w);
                    rd.sleep = fuzz_u8(in) & 1;
                    rd.sleep_speed = fuzz_u8(in) & 1 ? fuzz_f64(in) : 12.0 * fuzz_u8(in);
                    rd.sleep_steps = fuzz_u8(in) & 1 ? fuzz_i32(in) : 1 + fuzz_u8(in) % 8;
                    return silk_world_set_robust(w, &rd);
                }
                default:
                    return silk_world_set_compliance(w, composite(in, w), fuzz_i32(in),
                                                     fuzz_f64(in));
            }
        case 20:
        {
            silk_vec2 points[4];
            for (int k = 0; k < 4; ++k)
            {
                points[k] = fuzz_vec2(in);
            }
            silk_polygon_def d = silk_default_polygon_def();
            d.points = points;
            d.count = 3 + (fuzz_u8(in) & 1);
            d.friction = fuzz_f64(in);
            if (fuzz_u8(in) % 16 == 0)
            {
                d.internal_cookie ^= 1; /* DEF */
            }
            writes_detail = true;
            return silk_world_add_polygon(w, fuzz_u8(in) % 32 == 0 ? NULL : &d, &out);
        }
        case 21:
            return silk_world_cut(w, fuzz_vec2(in), fuzz_vec2(in), &out);
        case 22:
            if (fuzz_u8(in) & 1)
            {
                return silk_world_record_begin(w);
            }
            silk_world_record_end(w);
            export_recording(f);
            return 1;
        case 23:
        {
            if (f->recording == NULL)
            {
                return 1;
            }
            silk_replay_result r;
            return fuzz_u8(in) & 1 ? silk_world_play_begin(w, f->recording, f->recording_size)
                                   : silk_world_replay(w, f->recording, f->recording_size, &r);
        }
        case 24:
            if (fuzz_u8(in) & 1)
            {
                silk_world_play_stop(w);
                return 1;
            }
            return silk_world_play_run(w, fuzz_i32(in) % 50, NULL);
        case 25:
            if (fuzz_u8(in) % 8 == 0)
            {
                silk_world_clear(w);
                return 1;
            }
            return silk_world_set_seed(w, fuzz_u32(in));
        case 26:
            switch (fuzz_u8(in) % 10)
            {
                case 0:
                {
                    bool host = host_installed(w);
                    silk_status s = silk_world_set_auto_crawl(w, fuzz_u8(in) & 1);
                    /* a host's extension stays: the call says that it needs the extras' */
                    FUZZ_ASSERT(
                        !host || (s == SILK_ERR_STATE &&
                                  strcmp(silk_world_last_error_detail(w).field, "extension") == 0),
                        "set_auto_crawl on a host's extension says so");
                    return s;
                }
                case 1:
                    return silk_world_crawl(w, fuzz_i32(in));
                case 2:
                    return silk_world_spider_tick(w, NULL);
                case 3:
                    return install_host(f, in);
                case 4:
                    f->installing = true;
                    return silk_extras_install(w);
                case 5:
                    record_mark(f);
                    return silk_world_extension_input(w, fuzz_i32(in) % 2, fuzz_i32(in));
                default:
                    return rollback(f, in);
            }
        case 27:
            if (fuzz_u8(in) & 1)
            {
                return silk_world_update_diagnostics(w, fuzz_vec2(in));
            }
            if (fuzz_u8(in) % 8 == 0)
            {
                /* any frames and step (issue 21: 10^7 frames of 4096 passes were accepted):
                   the engine must refuse whatever passes the work bound, before running */
                const int32_t frames = fuzz_i32(in), step = fuzz_i32(in);
                const uint64_t elements = (uint64_t)silk_world_particle_count(w) +
                                          (uint64_t)silk_world_constraint_count(w) + 1;
                const bool affordable = frames >= 0 && step >= 0 &&
                                        (uint64_t)frames * ((uint64_t)step + 1) * elements <=
                                            (uint64_t)SILK_LAB_MAX_PASSES;
                if (affordable && (uint64_t)frames * ((uint64_t)step + 1) * elements > (1u << 22))
                {
                    return 1; /* valid, but seconds under ASan: the refusals are the point */
                }
                silk_status st = silk_world_run_frames(w, frames, step, fuzz_vec2(in));
                FUZZ_ASSERT(st != SILK_OK || affordable, "run_frames ran past its work bound");
                return st;
            }
            return silk_world_run_frames(w, fuzz_i32(in) % 4, fuzz_i32(in) % 20, fuzz_vec2(in));
        case 28:
        {
            silk_watchdog_def d = silk_default_watchdog_def();
            d.enabled = fuzz_u8(in) & 1;
            d.window = fuzz_i32(in);
            d.auto_restore = fuzz_u8(in) & 1;
            d.snapshot_interval = fuzz_i32(in);
            d.speed_limit = fuzz_f64(in);
            writes_detail = true;
            return silk_world_set_watchdog(w, &d);
        }
        case 29:
            return silk_world_relax(w, fuzz_i32(in) % 20, fuzz_f64(in));
        case 30:
        {
            /* the allocator: fail from now on, after a few more, or never */
            uint8_t k = fuzz_u8(in);
            f->alloc.left = k < 64 ? (int64_t)(k % 16) : -1;
            return 1;
        }
        default:
        {
            if (fuzz_u8(in) >= 32)
            {
                return small_build(f, in);
            }
            /* restore someone else's snapshot: a fresh world after a few calls */
            silk_world_def def = silk_default_world_def();
            silk_world* other = NULL;
            if (silk_world_create(&def, &other) != SILK_OK)
            {
                return 1;
            }
            silk_scene_def sd = silk_default_scene_def();
            sd.scene = (silk_scene)(fuzz_u8(in) % SILK_SCENE_COUNT);
            silk_world_set_solver(other, (silk_solver)(fuzz_u8(in) & 1));
            silk_world_build_scene(other, &sd);
            silk_world_advance(other, 2.0 / 60.0, NULL);
            fuzz_bytes b = fuzz_snapshot(other);
            silk_world_destroy(other);
            silk_status s = silk_world_restore(w, b.data, b.size);
            free(b.data);
            return s;
        }
    }
}

static uint64_t calls_checked; /* the driver's report only */

uint64_t fuzz_api_calls(void)
{
    return calls_checked;
}

int fuzz_api_one(const uint8_t* data, size_t size)
{
    fuzz_input in = {data, size};
    const bool trace = getenv("SILK_FUZZ_TRACE") != NULL; /* silk-fuzz repro-api: the calls */
    fuzz_world f;
    memset(&f, 0, sizeof(f));
    uint8_t head = fuzz_u8(&in);
    f.alloc.left = head < 32 ? (int64_t)head * 4 : -1;
    silk_world_def def = silk_default_world_def();
    def.particle_capacity = (fuzz_u8(&in) & 1) ? 0 : 4;
    def.constraint_capacity = (fuzz_u8(&in) & 1) ? 0 : 4;
    uint8_t composites_byte = fuzz_u8(&in);
    def.composite_capacity = (composites_byte & 1) ? 0 : 1;
    def.alloc_fn = fuzz_alloc;
    def.free_fn = fuzz_free;
    def.allocator_user = &f.alloc;
    silk_status s = silk_world_create(&def, &f.w);
    if (s != SILK_OK)
    {
        FUZZ_ASSERT(s == SILK_ERR_NOMEM && f.w == NULL, "create fails cleanly");
        return 0;
    }
    /* the extras' extension, or a host's step hook (perhaps with the extras' tag) */
    fuzz_input host_bytes = in;
    bool start_host = (composites_byte & 2) != 0 && install_host(&f, &host_bytes) == SILK_OK;
    if (start_host)
    {
        in = host_bytes;
    }
    else if (silk_extras_install(f.w) != SILK_OK) /* its scratch may meet the failing allocator */
    {
        FUZZ_ASSERT(silk_world_extension_tag(f.w) == 0 || host_installed(f.w),
                    "install fails cleanly");
        silk_world_destroy(f.w);
        return 0;
    }
    for (int32_t k = 0; k < FUZZ_MARKS; ++k)
    {
        record_mark(&f);
    }
    silk_world_def plain = silk_default_world_def();
    silk_world* other = NULL;
    FUZZ_ASSERT(silk_world_create(&plain, &other) == SILK_OK, "create");
    FUZZ_ASSERT(silk_extras_install(other) == SILK_OK, "install");
    for (int ops = 0; ops < MAX_OPS && in.left > 0; ++ops)
    {
        uint8_t op = fuzz_u8(&in);
        fuzz_bytes before = fuzz_snapshot(f.w);
        silk_play_status play_before, play_after;
        silk_world_play_status(f.w, &play_before);
        const bool host_before = host_installed(f.w);
        const uint32_t tag_before = silk_world_extension_tag(f.w);
        f.installing = false;
        /* a detail no call writes: a failing call that leaves it has not written its own */
        silk_world_report_error(f.w, SILK_ERR_STATE, "fuzz", "the previous call's detail");
        writes_detail = false;
        int status = call(&f, op, &in);
        /* a web and a spider the crawl would use come with the crawl's scratch (the extras
           never take a host's extension, whatever its tag, for their own) */
        silk_spider_info info;
        FUZZ_ASSERT(silk_world_spider_info(f.w, &info) == SILK_OK, "spider info");
        FUZZ_ASSERT(info.web_composite < 0 || info.spider_composite < 0 ||
                        silk_world_extension_scratch(f.w) != NULL,
                    "a spider on a web without the crawl's scratch");
        /* only an explicit install replaces a host's extension */
        FUZZ_ASSERT(!host_before || f.installing || host_installed(f.w),
                    "a call evicted the host's extension");
        calls_checked += 1;
        if (trace)
        {
            fprintf(stderr, "op %2d -> %d (particles %d, constraints %d)\n", op % 32, status,
                    silk_world_particle_count(f.w), silk_world_constraint_count(f.w));
        }
        if (status < 0)
        {
            fuzz_bytes after = fuzz_snapshot(f.w);
            silk_world_play_status(f.w, &play_after);
            if (!fuzz_same(before, after))
            {
                fprintf(stderr, "op %d failed with %s and changed the world\n", op % 32,
                        silk_status_string((silk_status)status));
            }
            FUZZ_ASSERT(fuzz_same(before, after), "a failing call changed the world");
            FUZZ_ASSERT(host_before == host_installed(f.w) &&
                            tag_before == silk_world_extension_tag(f.w),
                        "a failing call changed the world's extension");
            FUZZ_ASSERT(fuzz_same_play(&play_before, &play_after),
                        "a failing call changed the replay");
            if (writes_detail)
            {
                silk_error_detail d = silk_world_last_error_detail(f.w);
                if (d.status != status || strcmp(d.field, "fuzz") == 0)
                {
                    fprintf(stderr, "op %d failed with %s; its detail: %s '%s' '%s'\n", op % 32,
                            silk_status_string((silk_status)status), silk_status_string(d.status),
                            d.field, d.rule);
                }
                FUZZ_ASSERT(d.status == status && strcmp(d.field, "fuzz") != 0,
                            "a failing call did not write its own error detail");
            }
            free(after.data);
        }
        free(before.data);
        int64_t left = f.alloc.left;
        f.alloc.left = -1; /* the invariants' own calls are not under test */
        /* `other` runs the same extension, so the world's own snapshot can restore into it */
        FUZZ_ASSERT((host_installed(f.w) ? silk_world_set_extension(other, &f.host)
                                         : silk_extras_install(other)) == SILK_OK,
                    "install in the checking world");
        fuzz_invariants(f.w, other);
        f.alloc.left = left;
    }
    silk_world_destroy(f.w);
    silk_world_destroy(other);
    free(f.recording);
    return 0;
}
