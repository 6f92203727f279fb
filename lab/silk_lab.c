/* silk_lab.c -- the `silk-lab` command: the verification tables and experiments, printed.

   silk-lab verify [--json] [--only ID]   every seed table: theory, measured, verdict
   silk-lab sweep [--json] [--frames N]   the web's step sweep 1..32
   silk-lab list                          experiment ids
   silk-lab hash --scene web --solver robust --seed S --frames N
                                          the state hash the page shows (hash_cli.c)
   silk-lab replay FILE [--max-seconds S] replays a page recording to its hash
   silk-lab bench-robust [--json] [--scene S] [--quick]  robust vs compat timings (bench_cli.c)

   Exit status: 0 when every row holds, 1 when any fails, 2 on bad usage. */
#include "lab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_json_string(const char* s)
{
    putchar('"');
    for (; *s; ++s)
    {
        if (*s == '"' || *s == '\\')
        {
            putchar('\\');
        }
        putchar(*s);
    }
    putchar('"');
}

static void print_json_number(double v)
{
    if (isfinite(v))
    {
        printf("%.17g", v);
    }
    else
    {
        printf("null");
    }
}

/* Prints text word-wrapped to `width` columns, the first line after `first`, the others
   after `indent` (notes are a few hundred characters). */
static void print_wrapped(const char* first, const char* indent, const char* text, int width)
{
    const char* prefix = first;
    while (*text)
    {
        int room = width - (int)strlen(prefix);
        int n = (int)strlen(text);
        if (n > room)
        {
            n = room;
            while (n > 0 && text[n] != ' ')
            {
                --n;
            }
            n = n > 0 ? n : room; /* a word longer than the line: cut it */
        }
        printf("%s%.*s\n", prefix, n, text);
        text += n;
        while (*text == ' ')
        {
            ++text;
        }
        prefix = indent;
    }
}

static void print_report_text(const lab_experiment* e, const lab_report* r)
{
    bool ok = lab_report_passed(r);
    printf("\n%s  %s  [%s]\n", e->id, e->title, ok ? "PASS" : "FAIL");
    printf("  %-36s %-32s %-26s %s\n", "row", "theory", "measured", "verdict");
    for (int i = 0; i < r->count; ++i)
    {
        const lab_row* row = &r->rows[i];
        printf("  %-36s %-32s %-26s %s\n", row->label, row->theory, row->measured,
               row->pass ? "ok" : "FAIL");
    }
    if (r->note[0])
    {
        print_wrapped("  note: ", "        ", r->note, 100);
    }
}

static void print_report_json(const lab_experiment* e, const lab_report* r, bool first)
{
    printf("%s{\"id\":", first ? "" : ",");
    print_json_string(e->id);
    printf(",\"title\":");
    print_json_string(e->title);
    printf(",\"pass\":%s,\"note\":", lab_report_passed(r) ? "true" : "false");
    print_json_string(r->note);
    printf(",\"rows\":[");
    for (int i = 0; i < r->count; ++i)
    {
        const lab_row* row = &r->rows[i];
        printf("%s{\"label\":", i ? "," : "");
        print_json_string(row->label);
        printf(",\"theory\":");
        print_json_string(row->theory);
        printf(",\"measured\":");
        print_json_string(row->measured);
        printf(",\"theory_value\":");
        print_json_number(row->theory_value);
        printf(",\"measured_value\":");
        print_json_number(row->measured_value);
        printf(",\"pass\":%s}", row->pass ? "true" : "false");
    }
    printf("]}");
}

static int verify(bool json, const char* only)
{
    int failed = 0, passed = 0;
    bool first = true;
    if (json)
    {
        printf("{\"experiments\":[");
    }
    for (int i = 0; i < lab_count(); ++i)
    {
        const lab_experiment* e = lab_get(i);
        if (only && strcmp(only, e->id) != 0)
        {
            continue;
        }
        static lab_report report; /* large; one at a time */
        memset(&report, 0, sizeof(report));
        e->run(&report);
        bool ok = lab_report_passed(&report);
        ok ? ++passed : ++failed;
        if (json)
        {
            print_report_json(e, &report, first);
        }
        else
        {
            print_report_text(e, &report);
        }
        first = false;
    }
    if (json)
    {
        printf("],\"passed\":%d,\"failed\":%d}\n", passed, failed);
    }
    else
    {
        printf("\n%d passed, %d failed\n", passed, failed);
    }
    if (passed + failed == 0)
    {
        fprintf(stderr, "silk-lab: no experiment matches '%s'\n", only ? only : "");
        return 2;
    }
    return failed ? 1 : 0;
}

static int sweep(bool json, int frames)
{
    silk_world_def def = silk_default_world_def();
    silk_scene_def scene = silk_default_scene_def();
    silk_sweep_row rows[32];
    silk_status status = silk_step_sweep(&def, &scene, frames, 32, rows);
    if (status != SILK_OK)
    {
        fprintf(stderr, "silk-lab: sweep failed: %s\n", silk_status_string(status));
        return 1;
    }
    static const char* verdicts[] = {"stable", "marginal", "unstable"};
    if (json)
    {
        printf("{\"frames\":%d,\"rows\":[", frames);
    }
    else
    {
        printf("step sweep: web + spider, %d frames, radius about the canvas centre\n", frames);
        printf("%5s %10s %10s %10s %14s %6s %s\n", "step", "k/step", "margin", "verdict",
               "radius px", "NaN", "measured");
    }
    for (int i = 0; i < 32; ++i)
    {
        const silk_sweep_row* r = &rows[i];
        if (json)
        {
            printf("%s{\"step\":%d,\"k_effective\":%.17g,\"margin\":%.17g,\"verdict\":\"%s\","
                   "\"radius\":",
                   i ? "," : "", r->step, r->k_effective, r->stability_margin,
                   verdicts[r->verdict]);
            print_json_number(r->bounding_radius);
            printf(",\"nan\":%.0f,\"exploded\":%s}", r->nan_count, r->exploded ? "true" : "false");
        }
        else
        {
            printf("%5d %10.4f %10.4f %10s %14.4g %6.0f %s\n", r->step, r->k_effective,
                   r->stability_margin, verdicts[r->verdict], r->bounding_radius, r->nan_count,
                   r->exploded ? "EXPLODED" : "bounded");
        }
    }
    if (json)
    {
        printf("]}\n");
    }
    return 0;
}

static int usage(void)
{
    fprintf(
        stderr,
        "usage: silk-lab verify [--json] [--only ID]\n"
        "       silk-lab sweep [--json] [--frames N]\n"
        "       silk-lab list\n"
        "       silk-lab hash [--scene S] [--solver compat|robust] [--seed S] "
        "[--frames N]\n"
        "       silk-lab replay FILE [--max-seconds S]\n"
        "       silk-lab bench-robust [--json] [--scene cloth100|spider|spider-still] [--quick]\n");
    return 2;
}

int main(int argc, char** argv)
{
    if (argc < 2)
    {
        return usage();
    }
    if (strcmp(argv[1], "hash") == 0)
    {
        return lab_hash_command(argc, argv);
    }
    if (strcmp(argv[1], "replay") == 0)
    {
        return lab_replay_command(argc, argv);
    }
    if (strcmp(argv[1], "bench-robust") == 0)
    {
        return lab_bench_command(argc, argv);
    }
    bool json = false;
    const char* only = NULL;
    int frames = 120;
    for (int i = 2; i < argc; ++i)
    {
        if (strcmp(argv[i], "--json") == 0)
        {
            json = true;
        }
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
        {
            only = argv[++i];
        }
        else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
        {
            frames = atoi(argv[++i]);
            if (frames < 1 || frames > 1000000)
            {
                return usage();
            }
        }
        else
        {
            return usage();
        }
    }
    if (strcmp(argv[1], "verify") == 0)
    {
        return verify(json, only);
    }
    if (strcmp(argv[1], "sweep") == 0)
    {
        return sweep(json, frames);
    }
    if (strcmp(argv[1], "list") == 0)
    {
        for (int i = 0; i < lab_count(); ++i)
        {
            printf("%s\t%s\n", lab_get(i)->id, lab_get(i)->title);
        }
        return 0;
    }
    return usage();
}
