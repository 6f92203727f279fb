/* material.h -- material laws shared by storage and the robust solver (private): what
   compliance a constraint gets from its verlet-js stiffness. A leaf: no world, only values. */
#ifndef SILK_MATERIAL_H
#define SILK_MATERIAL_H

#include "silk.h"

/* sum |grad C|^2 of the angle a-b-c at unit masses, from these positions; 0 when an arm has
   zero length (no angle). */
double silk_angle_weight(silk_vec2 a, silk_vec2 b, silk_vec2 c);

/* The compliance a new constraint of `kind` gets from its stiffness: a distance through
   silk_compliance_from_stiffness at w = 2, an angle at its weight from the positions a, b, c
   now (a degenerate angle at a unit weight), a pin 0 (rigid). b and c are read only for an
   angle. */
double silk_default_compliance(silk_constraint_kind kind, silk_vec2 a, silk_vec2 b, silk_vec2 c,
                               double stiffness);

#endif
