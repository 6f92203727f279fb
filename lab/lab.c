/* lab.c -- the report helpers and the registry of experiments. */
#include "lab.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

lab_row* lab_add_row(lab_report* report, const char* label, double theory, double measured,
                     bool pass, const char* theory_fmt, const char* measured_fmt)
{
    if (report->count >= LAB_MAX_ROWS)
    {
        return NULL;
    }
    lab_row* row = &report->rows[report->count++];
    memset(row, 0, sizeof(*row));
    snprintf(row->label, sizeof(row->label), "%s", label);
    snprintf(row->theory, sizeof(row->theory), theory_fmt, theory);
    snprintf(row->measured, sizeof(row->measured), measured_fmt, measured);
    row->theory_value = theory;
    row->measured_value = measured;
    row->pass = pass;
    return row;
}

void lab_note(lab_report* report, const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(report->note, sizeof(report->note), fmt, args);
    va_end(args);
}

bool lab_report_passed(const lab_report* report)
{
    if (report->count == 0)
    {
        return false; /* an experiment that measured nothing proves nothing */
    }
    for (int i = 0; i < report->count; ++i)
    {
        if (!report->rows[i].pass)
        {
            return false;
        }
    }
    return true;
}

typedef const lab_experiment* lab_group_fn(int* out_count);

static lab_group_fn* const groups[] = {
    lab_seed000_experiments, lab_seed002_experiments, lab_seed003_experiments,
    lab_seed004_experiments, lab_timing_experiments,
};

int lab_count(void)
{
    int total = 0;
    for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); ++g)
    {
        int n = 0;
        groups[g](&n);
        total += n;
    }
    return total;
}

const lab_experiment* lab_get(int index)
{
    for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); ++g)
    {
        int n = 0;
        const lab_experiment* list = groups[g](&n);
        if (index < n)
        {
            return index >= 0 ? &list[index] : NULL;
        }
        index -= n;
    }
    return NULL;
}
