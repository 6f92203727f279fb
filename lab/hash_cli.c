/* hash_cli.c -- `silk-lab hash` and `silk-lab replay`: the state hash a page shows, natively.

   silk-lab hash --scene web --solver robust --seed S --frames N [--substeps K]
                 [--iterations I] [--tethers 0|1] [--near-passes P] [--chains 0|1]
                 [--near-mobility M]
                 [--width W --height H] [--verbose]
       builds the scene in a W x H world (default 800 x 500) exactly as the page does (solver chosen
       before the scene is built, so a robust world builds with Silk's own trig), runs N fixed
       steps of advance, and prints the state hash as 16 hex digits -- the page's number.
   silk-lab replay FILE
       replays a recording exported from the page (format: silk.h) and prints the hash it
       reaches; exit status 0 when it equals the hash stored in the file, 1 when not. */
#include "lab.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int hash_usage(void)
{
    fprintf(stderr,
            "usage: silk-lab hash [--scene web|cloth|shapes|tree] [--solver compat|robust]\n"
            "                     [--seed S] [--frames N] [--substeps K] [--iterations I]\n"
            "                     [--tethers 0|1] [--near-passes P] [--chains 0|1]\n"
            "                     [--near-mobility M]\n"
            "                     [--width W] [--height H] [--verbose]\n"
            "       silk-lab replay FILE\n");
    return 2;
}

static int scene_index(const char* name)
{
    static const char* names[SILK_SCENE_COUNT] = {"web",  "cloth",    "shapes",
                                                  "tree", "ball-pit", "chain-cloth"};
    for (int i = 0; i < SILK_SCENE_COUNT; ++i)
    {
        if (strcmp(name, names[i]) == 0)
        {
            return i;
        }
    }
    return -1;
}

int lab_hash_command(int argc, char** argv)
{
    int scene = SILK_SCENE_WEB;
    silk_solver solver = SILK_SOLVER_ROBUST;
    uint64_t seed = 1;
    long frames = 600;
    int substeps = 0, iterations = 0, tethers = -1, near_passes = 0, chains = -1;
    double width = 800, height = 500, near_mobility = 0;
    bool verbose = false;
    for (int i = 2; i < argc; ++i)
    {
        const char* arg = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--verbose") == 0)
        {
            verbose = true;
            continue;
        }
        if (value == NULL)
        {
            return hash_usage();
        }
        char* end = NULL;
        if (strcmp(arg, "--scene") == 0 && (scene = scene_index(value)) >= 0)
        {
        }
        else if (strcmp(arg, "--solver") == 0 && strcmp(value, "compat") == 0)
        {
            solver = SILK_SOLVER_COMPAT;
        }
        else if (strcmp(arg, "--solver") == 0 && strcmp(value, "robust") == 0)
        {
            solver = SILK_SOLVER_ROBUST;
        }
        else if (strcmp(arg, "--seed") == 0 && (seed = strtoull(value, &end, 0), *end == 0))
        {
        }
        else if (strcmp(arg, "--frames") == 0 && (frames = strtol(value, &end, 0), *end == 0) &&
                 frames >= 0 && frames <= 100000000)
        {
        }
        else if ((strcmp(arg, "--width") == 0 || strcmp(arg, "--height") == 0) &&
                 (strcmp(arg, "--width") == 0 ? (width = strtod(value, &end))
                                              : (height = strtod(value, &end))) >= 1 &&
                 *end == 0)
        {
        }
        else if (strcmp(arg, "--substeps") == 0 &&
                 (substeps = (int)strtol(value, &end, 0), *end == 0) && substeps >= 1 &&
                 substeps <= SILK_MAX_SUBSTEPS)
        {
        }
        else if (strcmp(arg, "--iterations") == 0 &&
                 (iterations = (int)strtol(value, &end, 0), *end == 0) && iterations >= 1 &&
                 iterations <= 64)
        {
        }
        else if (strcmp(arg, "--tethers") == 0 &&
                 (tethers = (int)strtol(value, &end, 0), *end == 0) &&
                 (tethers == 0 || tethers == 1))
        {
        }
        else if (strcmp(arg, "--near-passes") == 0 &&
                 (near_passes = (int)strtol(value, &end, 0), *end == 0) && near_passes >= 1 &&
                 near_passes <= SILK_MAX_NEAR_PASSES)
        {
        }
        else if (strcmp(arg, "--near-mobility") == 0 &&
                 (near_mobility = strtod(value, &end), *end == 0) && near_mobility > 0 &&
                 near_mobility <= 1)
        {
        }
        else if (strcmp(arg, "--chains") == 0 &&
                 (chains = (int)strtol(value, &end, 0), *end == 0) && (chains == 0 || chains == 1))
        {
        }
        else
        {
            return hash_usage();
        }
        i += 1;
    }
    silk_world_def def = silk_default_world_def();
    def.seed = seed;
    def.width = width;
    def.height = height;
    silk_world* world = NULL;
    silk_status status = silk_world_create(&def, &world);
    if (status == SILK_OK)
    {
        status = silk_world_set_solver(world, solver);
    }
    if (status == SILK_OK && (substeps > 0 || iterations > 0 || tethers >= 0 || near_passes > 0 ||
                              chains >= 0 || near_mobility > 0))
    {
        silk_robust_def robust = silk_world_get_robust(world);
        robust.substeps = substeps > 0 ? substeps : robust.substeps;
        robust.iterations = iterations > 0 ? iterations : robust.iterations;
        robust.tethers = tethers >= 0 ? tethers == 1 : robust.tethers;
        robust.near_passes = near_passes > 0 ? near_passes : robust.near_passes;
        robust.chains = chains >= 0 ? chains == 1 : robust.chains;
        robust.near_mobility = near_mobility > 0 ? near_mobility : robust.near_mobility;
        status = silk_world_set_robust(world, &robust);
    }
    silk_scene_def scene_def = silk_default_scene_def();
    scene_def.scene = (silk_scene)scene;
    if (status == SILK_OK)
    {
        status = silk_world_build_scene(world, &scene_def);
    }
    /* one advance of exactly one fixed step per frame: what the page's clock adds up to */
    for (long f = 0; f < frames && status == SILK_OK; ++f)
    {
        status = silk_world_advance(world, def.stepper.step_seconds, NULL);
    }
    if (status != SILK_OK)
    {
        fprintf(stderr, "silk-lab hash: %s\n", silk_status_string(status));
        silk_world_destroy(world);
        return 1;
    }
    printf("%016" PRIx64 "\n", silk_world_state_hash(world));
    if (verbose)
    {
        silk_world_update_diagnostics(world, (silk_vec2){def.width / 2, def.height / 2});
        const double* v = silk_world_diagnostics(world)->values;
        printf("particles %.0f constraints %.0f steps %.0f health %s strain median %.6g max %.6g "
               "radius %.6g\n",
               v[SILK_DIAG_PARTICLES], v[SILK_DIAG_CONSTRAINTS], v[SILK_DIAG_TOTAL_STEPS],
               silk_health_string(silk_world_health(world)), v[SILK_DIAG_STRAIN_MEDIAN],
               v[SILK_DIAG_STRAIN_MAX], v[SILK_DIAG_BOUNDING_RADIUS]);
    }
    silk_world_destroy(world);
    return 0;
}

/* Replays in slices of play_run so a long recording can be stopped: with --max-seconds S it
   stops after S seconds of processor time and says how far it got (exit 3). A slice is sized
   by work, not steps (1024-step slices of a recording at 256 x (64 + 64) passes ran
   42 s past a 1 s limit): the loaded recording's step_work bounds each step's cost, the rate
   measured so far turns it into seconds, and each slice is at most S / 64 (so the limit is
   honoured within about 2 %, or one step when a single step costs more than that). */
static silk_status replay_sliced(silk_world* world, const uint8_t* bytes, size_t size,
                                 double max_seconds, silk_replay_result* out, bool* out_stopped)
{
    silk_status status = silk_world_play_begin(world, bytes, size);
    const clock_t start = clock();
    silk_play_status st = {0};
    silk_world_play_status(world, &st);
    const double step_work = st.step_work > 0 ? (double)st.step_work : 1.0;
    const double slice_seconds = max_seconds / 64.0;
    double work_done = 0.0;
    int64_t slice = 1; /* the first slice measures the rate */
    *out_stopped = false;
    while (status == SILK_OK)
    {
        int64_t ran = 0;
        status = silk_world_play_run(world, slice, &ran);
        work_done += (double)ran * step_work;
        silk_world_play_status(world, &st);
        if (!st.playing)
        {
            break;
        }
        const double elapsed = (double)(clock() - start) / CLOCKS_PER_SEC;
        if (elapsed > max_seconds)
        {
            silk_world_play_stop(world);
            *out_stopped = true;
            break;
        }
        /* seconds per element pass so far (at least one clock tick's worth of work) */
        const double tick = 1.0 / CLOCKS_PER_SEC;
        const double rate = (elapsed > tick ? elapsed : tick) / work_done;
        const double left = max_seconds - elapsed;
        const double budget = left < slice_seconds ? left : slice_seconds;
        double next = budget / (rate * step_work);
        next = next > 2.0 * (double)slice ? 2.0 * (double)slice : next; /* ramp up gently */
        slice = next < 1.0 ? 1 : (int64_t)next;
    }
    out->steps = st.step;
    out->hash = silk_world_state_hash(world);
    out->recorded_hash = st.recorded_hash;
    out->matches = st.finished && st.matches;
    return status;
}

int lab_replay_command(int argc, char** argv)
{
    double max_seconds = -1.0;
    if (argc == 5 && strcmp(argv[3], "--max-seconds") == 0)
    {
        max_seconds = atof(argv[4]);
        if (!(max_seconds > 0.0))
        {
            return hash_usage();
        }
    }
    else if (argc != 3)
    {
        return hash_usage();
    }
    FILE* file = fopen(argv[2], "rb");
    if (file == NULL)
    {
        fprintf(stderr, "silk-lab replay: cannot open %s\n", argv[2]);
        return 2;
    }
    size_t capacity = 1 << 16, size = 0;
    uint8_t* bytes = malloc(capacity);
    size_t got = 0;
    while (bytes != NULL && (got = fread(bytes + size, 1, capacity - size, file)) > 0)
    {
        size += got;
        if (size == capacity)
        {
            uint8_t* more = realloc(bytes, capacity * 2);
            if (more == NULL)
            {
                free(bytes);
                bytes = NULL;
                break;
            }
            bytes = more;
            capacity *= 2;
        }
    }
    fclose(file);
    if (bytes == NULL)
    {
        fprintf(stderr, "silk-lab replay: out of memory\n");
        return 2;
    }
    silk_world_def def = silk_default_world_def();
    silk_world* world = NULL;
    silk_replay_result result = {0, 0, 0, false};
    silk_status status = silk_world_create(&def, &world);
    if (status == SILK_OK)
    {
        status = silk_extras_install(world); /* a web recording carries the crawl state */
    }
    bool stopped = false;
    if (status == SILK_OK)
    {
        status = max_seconds > 0.0
                     ? replay_sliced(world, bytes, size, max_seconds, &result, &stopped)
                     : silk_world_replay(world, bytes, size, &result);
    }
    free(bytes);
    silk_world_destroy(world);
    if (status != SILK_OK)
    {
        fprintf(stderr, "silk-lab replay: %s: %s\n", argv[2], silk_status_string(status));
        return 2;
    }
    if (stopped)
    {
        printf("stopped after %" PRId64 " steps (--max-seconds %g)\n", result.steps, max_seconds);
        return 3;
    }
    printf("%016" PRIx64 "\n", result.hash);
    printf("%" PRId64 " steps, recorded %016" PRIx64 ": %s\n", result.steps, result.recorded_hash,
           result.matches ? "same hash" : "DIFFERENT hash");
    return result.matches ? 0 : 1;
}
