/* polygon.h -- static polygons: the collision pass and storage (polygon.c) */
#ifndef SILK_POLYGON_H
#define SILK_POLYGON_H

#include "world.h"

/* Polygons (polygon.c): the collision pass the robust solver runs after each Gauss-Seidel pass
   (start: positions at the substep start, w: effective inverse masses), and storage. */
void silk_polygons_collide(silk_world* world, const silk_vec2* start, const double* w);
void silk_polygons_clear(silk_world* world);
void silk_polygons_free(silk_world* world);

#endif
