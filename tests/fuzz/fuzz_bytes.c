/* fuzz_bytes.c -- mutated snapshots and recordings through restore, replay and play_begin.

   A corpus of valid files is made once: a snapshot and a recording (drags, setting changes,
   step-length events in coupled mode) of every scene in both solvers, and of small worlds.
   The input picks one, then a list of mutations: bit flips, bytes set to interesting values,
   8-byte fields overwritten with edge numbers (NaN, 1e308, INT64_MAX ...), truncation, and
   insertion -- and whether to reseal the checksum, so that most mutants reach the validation
   behind it. Then, into a world that is in the middle of a replay of its own:
     - rejected bytes leave the world byte-identical and the replay where it was;
     - accepted snapshot bytes round-trip exactly (snapshot(restore(b)) == b);
     - an accepted world steps a few times in both solvers without UB, and fuzz_invariants()
       holds (its own snapshot restores). */
#include "../c/bytes.h"
#include "fuzz.h"

#define CORPUS_MAX 24

typedef struct corpus
{
    int count;
    fuzz_bytes item[CORPUS_MAX];
    bool is_recording[CORPUS_MAX];
} corpus;

static void add(corpus* c, fuzz_bytes b, bool recording)
{
    if (c->count < CORPUS_MAX)
    {
        c->item[c->count] = b;
        c->is_recording[c->count] = recording;
        c->count += 1;
    }
    else
    {
        free(b.data);
    }
}

static void make_corpus(corpus* c)
{
    for (int scene = -1; scene < SILK_SCENE_COUNT; ++scene)
    {
        for (int solver = 0; solver < 2; ++solver)
        {
            silk_world_def def = silk_default_world_def();
            silk_world* w = NULL;
            silk_world_create(&def, &w);
            silk_world_set_solver(w, (silk_solver)solver);
            int32_t comp = 0, p = 0;
            if (scene >= 0)
            {
                silk_scene_def sd = silk_default_scene_def();
                sd.scene = (silk_scene)scene;
                silk_world_build_scene(w, &sd);
            }
            else
            {
                /* a small world: a pinned chain with an angle */
                silk_world_add_composite(w, &comp);
                for (int i = 0; i < 4; ++i)
                {
                    silk_world_add_particle(w, comp, (silk_vec2){100.0 + 20 * i, 100}, &p);
                }
                silk_distance_def d = silk_default_distance_def();
                for (int i = 0; i < 3; ++i)
                {
                    d.a = i, d.b = i + 1;
                    silk_world_add_distance(w, comp, &d, NULL);
                }
                silk_pin_def pin = silk_default_pin_def();
                pin.particle = 0;
                silk_world_add_pin(w, comp, &pin, NULL);
                silk_angle_def a = silk_default_angle_def();
                a.a = 0, a.b = 1, a.c = 2;
                silk_world_add_angle(w, comp, &a, NULL);
            }
            silk_world_advance(w, 3.0 / 60.0, NULL);
            silk_world_drag_begin(w, 0, (silk_vec2){200, 150});
            add(c, fuzz_snapshot(w), false);
            silk_world_record_begin(w);
            silk_world_advance(w, 2.0 / 60.0, NULL);
            silk_world_drag_move(w, (silk_vec2){220, 160});
            silk_world_set_gravity(w, (silk_vec2){0, 0.3});
            silk_robust_def rd = silk_world_get_robust(w);
            rd.iterations = 2;
            rd.restitution = 0.5;
            silk_world_set_robust(w, &rd);
            silk_world_set_loop_mode(w, SILK_LOOP_COUPLED);
            silk_world_advance(w, 1.0 / 75.0, NULL);
            silk_world_set_loop_mode(w, SILK_LOOP_FIXED);
            silk_world_drag_end(w);
            silk_world_advance(w, 2.0 / 60.0, NULL);
            silk_world_record_end(w);
            fuzz_bytes r = {NULL, silk_world_recording_size(w)};
            r.data = malloc(r.size);
            silk_world_recording_export(w, r.data, r.size, NULL);
            add(c, r, true);
            silk_world_destroy(w);
        }
    }
    /* recordings that reach the most expensive settings (issue 21: a claim the bytes allowed
       could still run for a day), a small world and the web; the mutations' edge words
       (2^16, 2^20 steps) then make claims the per-byte bound allows */
    for (int k = 0; k < 2; ++k)
    {
        silk_world_def def = silk_default_world_def();
        silk_world* w = NULL;
        silk_world_create(&def, &w);
        silk_extras_install(w);
        silk_world_set_solver(w, SILK_SOLVER_ROBUST);
        silk_scene_def sd = silk_default_scene_def();
        sd.scene = k == 0 ? SILK_SCENE_SHAPES : SILK_SCENE_WEB;
        silk_world_build_scene(w, &sd);
        silk_world_record_begin(w);
        silk_robust_def rd = silk_world_get_robust(w);
        rd.substeps = SILK_MAX_SUBSTEPS;
        rd.iterations = SILK_MAX_ITERATIONS;
        rd.near_passes = 64;
        silk_world_set_robust(w, &rd);
        silk_world_set_relax_passes(w, SILK_MAX_RELAX_PASSES);
        silk_world_advance(w, 1.0 / 60.0, NULL);
        silk_world_record_end(w);
        fuzz_bytes r = {NULL, silk_world_recording_size(w)};
        r.data = malloc(r.size);
        silk_world_recording_export(w, r.data, r.size, NULL);
        add(c, r, true);
        silk_world_destroy(w);
    }
}

static const corpus* the_corpus(void)
{
    static corpus c; /* the harness's, built once; the engine has no global state */
    static bool made = false;
    if (!made)
    {
        make_corpus(&c);
        made = true;
    }
    return &c;
}

static void mutate(fuzz_input* in, fuzz_bytes* b)
{
    static const uint64_t words[] = {0,
                                     1,
                                     (uint64_t)-1,
                                     0x7fffffffffffffffULL,
                                     0x8000000000000000ULL,
                                     0x7ff8000000000000ULL, /* NaN */
                                     0x7ff0000000000000ULL, /* inf */
                                     0x7fefffffffffffffULL, /* 1e308 */
                                     0x0000000000000001ULL, /* 5e-324 */
                                     0x3ff0000000000000ULL, /* 1.0 */
                                     0xbff0000000000000ULL, /* -1.0 */
                                     (uint64_t)1 << 16,
                                     (uint64_t)1 << 20,
                                     (uint64_t)1 << 40,
                                     (uint64_t)1 << 53,
                                     0x00000000ffffffffULL,
                                     0x0000000080000000ULL};
    int count = 1 + fuzz_u8(in) % 4;
    for (int m = 0; m < count && b->size > 0; ++m)
    {
        uint8_t kind = fuzz_u8(in);
        size_t at = (size_t)fuzz_u32(in) % b->size;
        switch (kind % 6)
        {
            case 0:
                b->data[at] ^= (uint8_t)(1u << (fuzz_u8(in) % 8));
                break;
            case 1:
                b->data[at] = fuzz_u8(in);
                break;
            case 2:
            case 3:
            {
                /* an aligned field of 4 or 8 bytes: the formats' fields are aligned */
                size_t width = kind % 6 == 2 ? 4 : 8;
                at -= at % width;
                if (at + width <= b->size)
                {
                    uint64_t v = words[fuzz_u8(in) % (sizeof(words) / sizeof(words[0]))];
                    put_le(b->data + at, v, (int)width);
                }
                break;
            }
            case 4:
                b->size = at; /* truncate */
                break;
            default:
            {
                /* insert up to 32 bytes */
                size_t extra = 1 + fuzz_u8(in) % 32;
                uint8_t* grown = malloc(b->size + extra);
                memcpy(grown, b->data, at);
                for (size_t k = 0; k < extra; ++k)
                {
                    grown[at + k] = fuzz_u8(in);
                }
                memcpy(grown + at + extra, b->data + at, b->size - at);
                free(b->data);
                b->data = grown;
                b->size += extra;
                break;
            }
        }
    }
}

/* Makes the checksum right again, so that the mutant meets the validation behind it. */
static void reseal(fuzz_bytes* b, bool recording)
{
    if (recording && b->size >= 56)
    {
        size_t snap = (size_t)(b->size - 56);
        uint64_t claimed = get_le(b->data + 32, 8);
        if (claimed <= snap && claimed >= 32)
        {
            uint8_t* s = b->data + 48;
            put_le(s + 24, fnv1a(s + 32, (size_t)claimed - 32), 8);
        }
        put_le(b->data + b->size - 8, fnv1a(b->data, b->size - 8), 8);
    }
    else if (!recording && b->size >= 32)
    {
        put_le(b->data + 24, fnv1a(b->data + 32, b->size - 32), 8);
    }
}

/* The round trip: a fuzzed session is recorded -- inputs (drags, settings) mixed with calls
   that are not inputs (adding particles and dragging them, set_position, frame) -- and
   exported; the engine must load what it wrote (issue 21: a drag of a particle added after
   record_begin was refused with FORMAT). Replayed into a fresh world, it must run to its end;
   when the session made only inputs, the hashes must match too. */
static void round_trip(fuzz_input* in)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    FUZZ_ASSERT(silk_world_create(&def, &w) == SILK_OK, "create");
    FUZZ_ASSERT(silk_extras_install(w) == SILK_OK, "install");
    silk_world_set_solver(w, (silk_solver)(fuzz_u8(in) & 1));
    silk_scene_def sd = silk_default_scene_def();
    sd.scene = fuzz_u8(in) & 1 ? SILK_SCENE_TREE : SILK_SCENE_SHAPES;
    FUZZ_ASSERT(silk_world_build_scene(w, &sd) == SILK_OK, "scene");
    FUZZ_ASSERT(silk_world_record_begin(w) == SILK_OK, "record");
    bool inputs_only = true;
    for (int op = 0; op < 24 && in->left > 0; ++op)
    {
        int32_t n = silk_world_particle_count(w);
        uint8_t k = fuzz_u8(in);
        switch (k % 9)
        {
            case 0:
            {
                int32_t comp = 0, p = 0;
                if (silk_world_add_composite(w, &comp) == SILK_OK &&
                    silk_world_add_particle(w, comp, (silk_vec2){fuzz_u8(in) * 3.0, 100}, &p) ==
                        SILK_OK)
                {
                    inputs_only = false;
                }
                break;
            }
            case 1:
                silk_world_drag_begin(w, n > 0 ? (int32_t)(fuzz_u32(in) % (uint32_t)n) : 0,
                                      fuzz_vec2(in));
                break;
            case 2:
                silk_world_drag_move(w, fuzz_vec2(in));
                break;
            case 3:
                silk_world_drag_end(w);
                break;
            case 4:
            {
                silk_robust_def rd = silk_world_get_robust(w);
                rd.substeps = 1 + fuzz_u8(in) % 8;
                rd.iterations = 1 + fuzz_u8(in) % 4;
                rd.near_passes = fuzz_u8(in) % 3;
                rd.chains = fuzz_u8(in) & 1;
                silk_world_set_robust(w, &rd);
                break;
            }
            case 5:
                silk_world_set_relax_passes(w, 1 + fuzz_u8(in) % 32);
                silk_world_set_solver(w, (silk_solver)(fuzz_u8(in) & 1));
                break;
            case 6:
                if (n > 0 && silk_world_set_position(w, (int32_t)(fuzz_u32(in) % (uint32_t)n),
                                                     fuzz_vec2(in)) == SILK_OK)
                {
                    inputs_only = false;
                }
                break;
            case 7:
                silk_world_set_gravity(w, fuzz_vec2(in));
                break;
            default:
                silk_world_advance(w, (1 + fuzz_u8(in) % 4) / 60.0, NULL);
                break;
        }
    }
    silk_world_record_end(w);
    fuzz_bytes r = {NULL, silk_world_recording_size(w)};
    r.data = malloc(r.size);
    FUZZ_ASSERT(silk_world_recording_export(w, r.data, r.size, NULL) == SILK_OK, "export");
    silk_world* other = NULL;
    FUZZ_ASSERT(silk_world_create(&def, &other) == SILK_OK, "create");
    FUZZ_ASSERT(silk_extras_install(other) == SILK_OK, "install");
    silk_replay_result res;
    silk_status s = silk_world_replay(other, r.data, r.size, &res);
    if (s != SILK_OK)
    {
        fprintf(stderr, "the engine refused its own recording: %s\n", silk_status_string(s));
    }
    FUZZ_ASSERT(s == SILK_OK, "what the recorder writes, the loader accepts");
    bool finite = true;
    for (int32_t i = 0; i < silk_world_particle_count(w); ++i)
    {
        finite = finite && isfinite(silk_world_positions(w)[i].x) &&
                 isfinite(silk_world_positions(w)[i].y);
    }
    /* a run of inputs alone replays to the same state (NaN positions hash canonically, but a
       world that went non-finite may have been clamped differently: only finite runs) */
    FUZZ_ASSERT(!inputs_only || !finite || res.matches, "a run of inputs replays exactly");
    free(r.data);
    silk_world_destroy(other);
    silk_world_destroy(w);
}

static int32_t max32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* The harness's own lower estimate of the work an accepted recording may ask for, from the
   documented formula (silk.h, SILK_REPLAY_MAX_PASSES) without the angle and chain weights: the
   snapshot's counts and settings as `loaded` shows them after play_begin, and the setting
   events before the last step, read from the bytes. The engine must never accept a file whose
   claim times this passes the bound. */
static void check_work_bound(silk_world* loaded, const fuzz_bytes* b)
{
    silk_play_status st;
    silk_world_play_status(loaded, &st);
    const uint64_t steps = get_le(b->data + 16, 8);
    const uint64_t snap = get_le(b->data + 32, 8), events = get_le(b->data + 40, 8);
    silk_robust_def rd = silk_world_get_robust(loaded);
    int32_t relax = silk_world_get_relax_passes(loaded);
    bool compat = silk_world_get_solver(loaded) == SILK_SOLVER_COMPAT, robust = !compat;
    const uint8_t* e = b->data + 48 + snap;
    for (uint64_t k = 0; k < events; ++k, e += 32)
    {
        if (get_le(e, 8) >= steps)
        {
            continue; /* trailing: no step follows */
        }
        const uint32_t type = (uint32_t)get_le(e + 8, 4);
        const int32_t i = (int32_t)(uint32_t)get_le(e + 12, 4);
        double x;
        uint64_t bits = get_le(e + 16, 8);
        memcpy(&x, &bits, sizeof(x));
        if (type == SILK_EVENT_RELAX_PASSES)
        {
            relax = max32(relax, i);
        }
        else if (type == SILK_EVENT_SOLVER)
        {
            compat = compat || i == SILK_SOLVER_COMPAT;
            robust = robust || i == SILK_SOLVER_ROBUST;
        }
        else if (type == SILK_EVENT_ROBUST_ITERATIONS)
        {
            rd.substeps = max32(rd.substeps, i);
            rd.iterations = max32(rd.iterations, (int32_t)x);
        }
        else if (type == SILK_EVENT_ROBUST_NEAR_PASSES)
        {
            rd.near_passes = max32(rd.near_passes, i);
        }
    }
    uint64_t passes = compat ? (uint64_t)relax + 1 : 0;
    const uint64_t r = (uint64_t)rd.substeps * ((uint64_t)rd.iterations + rd.near_passes + 2) + 1;
    passes = robust && r > passes ? r : passes;
    const uint64_t elements = (uint64_t)silk_world_particle_count(loaded) +
                              (uint64_t)silk_world_constraint_count(loaded) + 1;
    const uint64_t work = passes * elements;
    if (work > 0 && steps > (uint64_t)SILK_REPLAY_MAX_PASSES / work)
    {
        fprintf(stderr, "accepted %llu steps of %llu element passes each\n",
                (unsigned long long)steps, (unsigned long long)work);
    }
    FUZZ_ASSERT(work == 0 || steps <= (uint64_t)SILK_REPLAY_MAX_PASSES / work,
                "an accepted recording's work is within SILK_REPLAY_MAX_PASSES");
    FUZZ_ASSERT((uint64_t)st.step_work >= work, "the engine's step work is at least the formula's");
}

int fuzz_bytes_one(const uint8_t* data, size_t size)
{
    const corpus* c = the_corpus();
    fuzz_input in = {data, size};
    if (size > 1 && data[0] % 16 == 15)
    {
        in.at += 1, in.left -= 1;
        round_trip(&in);
        return 0;
    }
    /* mostly the small worlds (items 0-3): a page scene's files are 30-60 KB */
    uint8_t first = fuzz_u8(&in);
    int pick = first < 192 ? first % 4 : first % c->count;
    bool recording = c->is_recording[pick];
    fuzz_bytes b = {malloc(c->item[pick].size), c->item[pick].size};
    memcpy(b.data, c->item[pick].data, b.size);
    mutate(&in, &b);
    uint8_t how = fuzz_u8(&in);
    if (how % 8 != 0)
    {
        reseal(&b, recording);
    }

    /* the target: a small world in the middle of watching a replay of its own */
    const fuzz_bytes* own = &c->item[1 + 2 * (fuzz_u8(&in) % 2)]; /* a small world's recording */
    fuzz_allocator alloc = {-1, 0};
    silk_world_def def = silk_default_world_def();
    def.alloc_fn = fuzz_alloc;
    def.free_fn = fuzz_free;
    def.allocator_user = &alloc;
    silk_world* w = NULL;
    FUZZ_ASSERT(silk_world_create(&def, &w) == SILK_OK, "create");
    FUZZ_ASSERT(silk_extras_install(w) == SILK_OK, "install");
    FUZZ_ASSERT(silk_world_play_begin(w, own->data, own->size) == SILK_OK, "own replay");
    silk_world_advance(w, 1.0 / 60.0, NULL);
    if (how & 0x10)
    {
        alloc.left = fuzz_u8(&in) % 8; /* and maybe the allocator runs dry during the load */
    }

    silk_world* check = NULL;
    silk_world_def plain = silk_default_world_def();
    FUZZ_ASSERT(silk_world_create(&plain, &check) == SILK_OK, "create");
    FUZZ_ASSERT(silk_extras_install(check) == SILK_OK, "install");
    fuzz_bytes before = fuzz_snapshot(w);
    silk_play_status play_before, play_after;
    silk_world_play_status(w, &play_before);
    silk_status s;
    silk_replay_result r;
    int target = (how >> 5) % 3;
    if (target == 0 || !recording)
    {
        s = silk_world_restore(w, b.data, b.size);
    }
    else if (target == 1)
    {
        s = silk_world_play_begin(w, b.data, b.size);
    }
    else if (b.size >= 24 && b.data[18] == 0 && b.data[19] == 0 && b.data[20] == 0 &&
             b.data[21] == 0 && b.data[22] == 0 && b.data[23] == 0)
    {
        s = silk_world_replay(w, b.data, b.size, &r); /* < 2^16 steps: run it to the end */
    }
    else
    {
        /* a claim of up to 64 steps a byte is valid, but a 50 KB web recording may then run
           3 million steps (minutes under ASan): replay it in a bounded slice instead, the
           way a host stops a long replay (docs/reliability.md) */
        s = silk_world_play_begin(w, b.data, b.size);
        if (s == SILK_OK)
        {
            silk_world_play_run(w, 2000, NULL);
            silk_world_play_stop(w);
        }
    }
    alloc.left = -1;
    if (s != SILK_OK)
    {
        fuzz_bytes after = fuzz_snapshot(w);
        silk_world_play_status(w, &play_after);
        FUZZ_ASSERT(fuzz_same(before, after), "rejected bytes changed the world");
        FUZZ_ASSERT(fuzz_same_play(&play_before, &play_after), "rejected bytes changed the replay");
        free(after.data);
    }
    else
    {
        if (target == 0 || !recording)
        {
            fuzz_bytes again = fuzz_snapshot(w);
            FUZZ_ASSERT(fuzz_same(b, again), "accepted snapshot bytes round-trip");
            free(again.data);
        }
        if (recording && target != 0)
        {
            /* the work bound, on a fresh load into the checking world */
            FUZZ_ASSERT(silk_world_play_begin(check, b.data, b.size) == SILK_OK,
                        "accepted bytes load again");
            check_work_bound(check, &b);
            silk_world_play_stop(check);
        }
        fuzz_invariants(w, check);
        /* step with settings that keep a run short: the mutant may ask for 256 substeps of
           64 passes, or 4096 relaxations, which are valid but slow */
        silk_robust_def rd = silk_world_get_robust(w);
        rd.substeps = rd.substeps > 8 ? 8 : rd.substeps;
        rd.iterations = rd.iterations > 2 ? 2 : rd.iterations;
        FUZZ_ASSERT(silk_world_set_robust(w, &rd) == SILK_OK, "settings");
        silk_stepper_def sd = silk_default_stepper_def();
        FUZZ_ASSERT(silk_world_set_stepper(w, &sd) == SILK_OK, "stepper");
        FUZZ_ASSERT(silk_world_set_relax_passes(w, 8) == SILK_OK, "relax steps");
        for (int solver = 0; solver < 2; ++solver)
        {
            silk_world_set_solver(w, (silk_solver)solver);
            silk_world_advance(w, 2.0 / 60.0, NULL);
            silk_world_frame(w, 2);
        }
        fuzz_invariants(w, check);
    }
    free(before.data);
    free(b.data);
    silk_world_destroy(w);
    silk_world_destroy(check);
    return 0;
}
