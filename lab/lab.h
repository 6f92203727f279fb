/* lab.h -- Silk's verification experiments: the seed tables, measured against theory.

   Each experiment builds worlds through the public API (silk.h), measures, and fills a report
   of rows: what theory says, what Silk measured, and whether the law holds. `silk-lab verify`
   prints the reports and ctest runs each experiment as its own test, so the tables a reader
   sees and the assertions CI checks are the same code. */
#ifndef SILK_LAB_H
#define SILK_LAB_H

#include "silk_extras.h"

#include <stdbool.h>

#define LAB_MAX_ROWS 48

typedef struct lab_row
{
    char label[48];      /* e.g. "k = 0.49" */
    char theory[64];     /* the expected value or law, as text */
    char measured[64];   /* what was measured, as text */
    double theory_value; /* numbers for --json (NaN when the row is qualitative) */
    double measured_value;
    bool pass;
} lab_row;

typedef struct lab_report
{
    lab_row rows[LAB_MAX_ROWS];
    int count;
    char note[640]; /* where Silk's figure differs from the seed's, and why */
} lab_report;

typedef void lab_run_fn(lab_report* report);

typedef struct lab_experiment
{
    const char* id;    /* "seed000.04": seed and row */
    const char* title; /* the law it checks */
    lab_run_fn* run;
} lab_experiment;

/* Adds a row; `pass` is the verdict the caller computed. Returns the row for extra fields. */
lab_row* lab_add_row(lab_report* report, const char* label, double theory, double measured,
                     bool pass, const char* theory_fmt, const char* measured_fmt);
void lab_note(lab_report* report, const char* fmt, ...);
bool lab_report_passed(const lab_report* report);

/* All experiments, in table order: lab_get(0 .. lab_count() - 1). */
int lab_count(void);
const lab_experiment* lab_get(int index);

/* Each seed's experiments (lab/seed000.c, seed002.c, seed003.c, seed004.c), and the timing
   lab's (lab/timing.c). */
const lab_experiment* lab_seed000_experiments(int* out_count);
const lab_experiment* lab_seed002_experiments(int* out_count);
const lab_experiment* lab_seed003_experiments(int* out_count);
const lab_experiment* lab_seed004_experiments(int* out_count);
const lab_experiment* lab_timing_experiments(int* out_count);

/* `silk-lab hash` and `silk-lab replay` (lab/hash_cli.c); argv[1] is the command. */
int lab_hash_command(int argc, char** argv);
int lab_replay_command(int argc, char** argv);
/* `silk-lab bench-robust [--json]` (lab/bench_cli.c): robust vs compat, printed not asserted. */
int lab_bench_command(int argc, char** argv);

#endif
