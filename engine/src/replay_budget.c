/* replay_budget.c -- the work a replay may do (silk.h, SILK_REPLAY_MAX_PASSES).

   Its own file because two sides apply the same formula: the recorder (record.c), which stops
   before logging a step its own loader would refuse, and the loader (record_file.c), which
   refuses a file that claims more work than the bound. One definition keeps them equal. */
#include "record.h"
#include "snapshot.h"
#include "world.h"

/* ---- the work a replay may do --------------------------------------------------------------

   A step's cost is its passes over the world's elements (silk.h, SILK_REPLAY_MAX_PASSES). A
   recording fixes the elements (the snapshot: no input adds particles) and can change the
   passes only through setting events, so the most a step of its replay can cost is the
   snapshot's elements times the passes of the most expensive settings the snapshot or any
   event reaches. The loader computes it from the file; the recorder from the same snapshot and
   every event it logs, so that it stops before writing a file its own loader would refuse. */
silk_replay_cost silk_replay_cost_of_snapshot(const silk_snapshot_facts* f)
{
    return (silk_replay_cost){
        .elements = (int64_t)f->particles + f->constraints + SILK_REPLAY_ANGLE_EXTRA * f->angles +
                    f->constraint_headroom + 1,
        .particles = f->particles,
        .discs = f->discs,
        .relax_passes = f->relax_passes,
        .substeps = f->robust.substeps,
        .iterations = f->robust.iterations,
        .near_passes = f->robust.near_passes,
        .compat = f->solver == SILK_SOLVER_COMPAT,
        .robust = f->solver == SILK_SOLVER_ROBUST,
        .chains = f->robust.chains,
    };
}

static int32_t max_i32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* An event's values, already checked by its payload's validator. */
void silk_replay_cost_note(silk_replay_cost* c, uint32_t type, int32_t i, double x)
{
    switch (type)
    {
        case SILK_EVENT_RELAX_PASSES:
            c->relax_passes = max_i32(c->relax_passes, i);
            break;
        case SILK_EVENT_SOLVER:
            c->compat = c->compat || i == SILK_SOLVER_COMPAT;
            c->robust = c->robust || i == SILK_SOLVER_ROBUST;
            break;
        case SILK_EVENT_ROBUST_ITERATIONS:
            c->substeps = max_i32(c->substeps, i);
            c->iterations = max_i32(c->iterations, (int32_t)x);
            break;
        case SILK_EVENT_ROBUST_NEAR_PASSES:
            c->near_passes = max_i32(c->near_passes, i);
            break;
        case SILK_EVENT_RADIUS:
            /* which particle is not tracked: any new disc may be any particle */
            c->discs = x > 0.0 ? c->particles : c->discs;
            break;
        case SILK_EVENT_ROBUST_CHAINS:
            c->chains = c->chains || i == 1;
            break;
        default:
            break;
    }
}

/* Element passes of one step at the cost's settings (silk.h, SILK_REPLAY_MAX_PASSES): a
   compat frame is its relax passes and one over the particles; a robust step per substep one
   integration and box pass, one for the pins, drag and tethers, `iterations` constraint passes
   (SILK_REPLAY_CHAIN_FACTOR each with chains) and `near_passes` more, and one closing pass;
   and in robust each disc (radius > 0) counts SILK_REPLAY_CONTACT_EXTRA more elements: its
   share of the contact pass (the grid, its candidate pairs twice, the box, restitution),
   which runs once per substep and costs about 200 ns per disc natively in a settled pile.
   At most about 2^25 elements x 2^6 x 2^17 passes: far below 2^63. */
uint64_t silk_replay_step_work(const silk_replay_cost* c)
{
    uint64_t work = 0;
    if (c->compat)
    {
        work = ((uint64_t)c->relax_passes + 1) * (uint64_t)c->elements;
    }
    if (c->robust)
    {
        const uint64_t per_iteration = c->chains ? SILK_REPLAY_CHAIN_FACTOR : 1;
        const uint64_t passes = (uint64_t)c->substeps * ((uint64_t)c->iterations * per_iteration +
                                                         (uint64_t)c->near_passes + 2) +
                                1;
        const uint64_t elements =
            (uint64_t)c->elements + (uint64_t)SILK_REPLAY_CONTACT_EXTRA * (uint64_t)c->discs;
        const uint64_t robust = passes * elements;
        work = robust > work ? robust : work;
    }
    return work;
}

/* Whether `steps` steps of `per_step` element passes stay within SILK_REPLAY_MAX_PASSES. */
bool silk_replay_within_work(uint64_t steps, uint64_t per_step)
{
    return per_step == 0 || steps <= (uint64_t)SILK_REPLAY_MAX_PASSES / per_step;
}
