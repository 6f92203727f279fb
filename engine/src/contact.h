/* contact.h -- the robust solver's particle contacts (contact.c), private. */
#ifndef SILK_CONTACT_H
#define SILK_CONTACT_H

#include "robust_batch.h"

/* Recomputes world->collision.active from the radii (restore, clear). */
void silk_collision_refresh(silk_world* world);
/* Whether the world differs from one without collisions: a radius > 0 or a filter other than
   the default (the state hash's collision block). */
bool silk_collision_in_state(const silk_world* world);

/* As a robust step starts (after the step's inverse masses): the grid of the discs asleep,
   which stay where they are for the whole step, for every contact pass of the step. */
void silk_contacts_begin_step(silk_world* world);
/* One contact pass: the grid, then every colliding pair once, in grid order, as an XPBD
   contact (positions, friction), and the discs against the box. Records the contacts for
   silk_contacts_restitution. No allocation. */
void silk_contacts_solve(silk_world* world, const silk_robust_substep* k);
/* After a substep's velocities: the bounce of the last pass's contacts. With `last` (the
   step's last substep), q = p - v h follows the changed velocities. */
void silk_contacts_restitution(silk_world* world, const silk_robust_substep* k, silk_vec2* last,
                               double h);

/* Diagnostics: the overlapping colliding pairs at the current positions (count, deepest, p99
   and the deepest as a share of its pair's smaller radius). Outside steps; no allocation. */
void silk_contacts_measure(silk_world* world, double* out_count, double* out_max, double* out_p99,
                           double* out_ratio);

#endif
