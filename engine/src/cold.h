/* cold.h -- SILK_COLD: a function no step, frame or drag runs through (creating, building,
   adding, removing, freeing), in a file whose other functions the stepping path does run.

   In wasm it is optimised for size (clang's minsize: what -Oz gives every function of the
   files engine/CMakeLists.txt compiles for size), so the module a reader downloads is smaller
   while the stepping functions keep the code -O3 makes of them (docs/performance.md, "wasm size
   and build flags"). The optimisation level changes no floating-point rounding
   (-ffp-contract=off, no fast-math): the same bits either way. Native builds: no effect. */
#ifndef SILK_COLD_H
#define SILK_COLD_H

#if defined(__wasm__) && defined(__clang__)
#define SILK_COLD __attribute__((minsize))
#else
#define SILK_COLD
#endif

#endif
