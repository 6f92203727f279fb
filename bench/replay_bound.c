/* replay_bound.c -- measures what SILK_REPLAY_MAX_PASSES means in seconds: the
   bound on a replay's work, which keeps any valid recording from blocking silk_world_replay
   (which cannot be interrupted) for hours.

   For every scene and a range of settings -- the defaults, and the most expensive a recording
   can reach (robust: 256 substeps x (64 iterations + 64 near passes), with chains and tethers;
   compat: 4096 relax passes) -- it records a few steps, reads the step's work bound E x P
   from the loaded recording (silk_play_status.step_work), times steps of silk_world_play_run
   and prints nanoseconds per element pass. The worst of them times SILK_REPLAY_MAX_PASSES is
   the longest a valid recording can make silk_world_replay run. Times are processor time
   (the machine may be shared).

     silk-replay-bound            the table (about a minute)
     silk-replay-bound --full     then replays the worst recording the bound allows, end to
                                  end, and prints its processor time (the bound's worst case)
     silk-replay-bound --write F  writes the largest web recording at 256 x (64 + 64) passes
                                  the bound allows to F, for silk-lab replay F --max-seconds S */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "silk_extras.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* processor time: the machine is shared, and a replay's cost is its own CPU time */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct config
{
    const char* name;
    silk_solver solver;
    int32_t relax, substeps, iterations, near_passes;
    bool chains, tethers;
} config;

static const config configs[] = {
    {"compat default", SILK_SOLVER_COMPAT, 0, 0, 0, 0, false, false},
    {"compat 4096 relax passes", SILK_SOLVER_COMPAT, 4096, 0, 0, 0, false, false},
    {"robust default", SILK_SOLVER_ROBUST, 0, 0, 0, 0, false, false},
    {"robust 256 x (64 + 64)", SILK_SOLVER_ROBUST, 0, 256, 64, 64, false, true},
    {"robust 256 x 64, chains", SILK_SOLVER_ROBUST, 0, 256, 64, 0, true, true},
    {"robust 256 x 1", SILK_SOLVER_ROBUST, 0, 256, 1, 0, false, false},
};

/* A world with the scene (or a 4-particle chain for scene -1) and the config's settings. */
static silk_world* make(int scene, const config* c)
{
    silk_world_def def = silk_default_world_def();
    silk_world* w = NULL;
    if (silk_world_create(&def, &w) != SILK_OK || silk_extras_install(w) != SILK_OK)
    {
        exit(2);
    }
    silk_world_set_solver(w, c->solver);
    silk_scene_def sd = silk_default_scene_def();
    sd.scene = (silk_scene)scene;
    silk_world_build_scene(w, &sd);
    if (c->relax > 0)
    {
        silk_world_set_relax_passes(w, c->relax);
    }
    silk_robust_def rd = silk_world_get_robust(w);
    if (c->substeps > 0)
    {
        rd.substeps = c->substeps;
        rd.iterations = c->iterations;
        rd.near_passes = c->near_passes > 0 ? c->near_passes : rd.near_passes;
        rd.near_pass = true;
        rd.chains = c->chains;
        rd.tethers = c->tethers;
    }
    silk_world_set_robust(w, &rd);
    return w;
}

/* A recording of one step of the world, with its step count patched to `steps` (and resealed). */
static uint8_t* recording(silk_world* w, uint64_t steps, size_t* out_size)
{
    silk_world_record_begin(w);
    silk_world_advance(w, 1.0 / 60.0, NULL);
    silk_world_record_end(w);
    size_t size = silk_world_recording_size(w);
    uint8_t* b = malloc(size);
    silk_world_recording_export(w, b, size, NULL);
    for (int k = 0; k < 8; ++k)
    {
        b[16 + k] = (uint8_t)(steps >> (8 * k));
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < size - 8; ++i)
    {
        h = (h ^ b[i]) * 0x100000001b3ULL;
    }
    for (int k = 0; k < 8; ++k)
    {
        b[size - 8 + k] = (uint8_t)(h >> (8 * k));
    }
    *out_size = size;
    return b;
}

int main(int argc, char** argv)
{
    if (argc == 3 && strcmp(argv[1], "--write") == 0)
    {
        const config* c = &configs[3]; /* robust 256 x (64 + 64) */
        silk_world* w = make(0, c);
        silk_world* r = make(0, &configs[0]);
        size_t size = 0;
        uint8_t* rec = recording(w, 1, &size);
        silk_play_status st;
        silk_world_play_begin(r, rec, size);
        silk_world_play_status(r, &st);
        free(rec);
        rec = recording(w, (uint64_t)SILK_REPLAY_MAX_PASSES / (uint64_t)st.step_work, &size);
        FILE* f = fopen(argv[2], "wb");
        if (f == NULL || fwrite(rec, 1, size, f) != size)
        {
            return 2;
        }
        fclose(f);
        printf("%s: %zu bytes, %lld steps of %lld element passes\n", argv[2], size,
               (long long)((uint64_t)SILK_REPLAY_MAX_PASSES / (uint64_t)st.step_work),
               (long long)st.step_work);
        return 0;
    }
    const bool full = argc > 1 && strcmp(argv[1], "--full") == 0;
    static const char* scenes[] = {"web", "cloth", "shapes", "tree", "ball-pit", "chain-cloth"};
    _Static_assert(sizeof(scenes) / sizeof(scenes[0]) == SILK_SCENE_COUNT, "a name per scene");
    printf("SILK_REPLAY_MAX_PASSES = %lld element passes\n\n", (long long)SILK_REPLAY_MAX_PASSES);
    printf("%-7s %-26s %12s %12s %9s %12s %14s\n", "scene", "settings", "step_work", "us/step",
           "ns/pass", "bound steps", "bound seconds");
    double worst = 0.0;
    int worst_scene = 0;
    const config* worst_config = &configs[0];
    for (int scene = 0; scene < SILK_SCENE_COUNT; ++scene)
    {
        for (size_t k = 0; k < sizeof(configs) / sizeof(configs[0]); ++k)
        {
            const config* c = &configs[k];
            silk_world* w = make(scene, c);
            size_t size = 0;
            uint8_t* rec = recording(w, 1, &size);
            silk_world* r = make(scene, &configs[0]);
            silk_play_status st;
            /* time steps of the replay's own loop: load with a claim of many steps */
            uint8_t* big = NULL;
            {
                silk_world_play_begin(r, rec, size);
                silk_world_play_status(r, &st);
                uint64_t allowed = (uint64_t)SILK_REPLAY_MAX_PASSES / (uint64_t)st.step_work;
                uint64_t per_byte = (uint64_t)size * SILK_REPLAY_STEPS_PER_BYTE;
                allowed = allowed < per_byte ? allowed : per_byte;
                free(rec);
                big = recording(w, allowed, &size);
            }
            if (silk_world_play_begin(r, big, size) != SILK_OK)
            {
                printf("%-7s %-26s refused\n", scenes[scene], c->name);
                continue;
            }
            silk_world_play_status(r, &st);
            int64_t steps = 0, ran = 0;
            double t0 = now(), t = 0.0;
            while ((t = now() - t0) < 0.4)
            {
                silk_world_play_run(r, 1, &ran);
                steps += ran;
                if (ran == 0)
                {
                    break;
                }
            }
            const double per_step = t / (double)steps;
            const double ns_per_pass = 1e9 * per_step / (double)st.step_work;
            const double bound_steps = (double)SILK_REPLAY_MAX_PASSES / (double)st.step_work;
            const double seconds = per_step * (double)st.steps;
            printf("%-7s %-26s %12lld %12.1f %9.3f %12lld %14.1f\n", scenes[scene], c->name,
                   (long long)st.step_work, 1e6 * per_step, ns_per_pass, (long long)st.steps,
                   seconds);
            (void)bound_steps;
            if (seconds > worst)
            {
                worst = seconds;
                worst_scene = scene;
                worst_config = c;
            }
            free(big);
            silk_world_destroy(r);
            silk_world_destroy(w);
        }
    }
    printf("\nworst case (estimated from the rate): %.1f s (%s, %s)\n", worst, scenes[worst_scene],
           worst_config->name);
    if (full)
    {
        silk_world* w = make(worst_scene, worst_config);
        silk_world* r = make(worst_scene, &configs[0]);
        size_t size = 0;
        uint8_t* rec = recording(w, 1, &size);
        silk_play_status st;
        silk_world_play_begin(r, rec, size);
        silk_world_play_status(r, &st);
        uint64_t allowed = (uint64_t)SILK_REPLAY_MAX_PASSES / (uint64_t)st.step_work;
        uint64_t per_byte = (uint64_t)size * SILK_REPLAY_STEPS_PER_BYTE;
        allowed = allowed < per_byte ? allowed : per_byte;
        free(rec);
        rec = recording(w, allowed, &size);
        silk_replay_result res;
        double t0 = now();
        silk_status s = silk_world_replay(r, rec, size, &res);
        printf("silk_world_replay of the worst recording the bound allows: %s, %lld steps, "
               "%.1f s\n",
               silk_status_string(s), (long long)res.steps, now() - t0);
        free(rec);
        silk_world_destroy(r);
        silk_world_destroy(w);
    }
    return 0;
}
