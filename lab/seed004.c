/* seed004.c -- seed 004's integrator tables (filled in by the integrator work). */
#include "lab.h"

const lab_experiment* lab_seed004_experiments(int* out_count)
{
    *out_count = 0;
    return NULL;
}
