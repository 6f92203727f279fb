/* trig.h -- where cos, sin and atan2 come from.

   Bit-identity with verlet-js means bit-identity with the JS engine that runs it: the
   original called Math.cos/Math.sin/Math.atan2. musl's cos/sin (what emscripten links)
   differ from V8's in the last bit on about 0.16% of the arguments the engine uses, so the
   wasm build imports the host's functions instead (web/lib/silk.mjs binds env.silk_host_* to
   Math.*). Native builds use the C library. sqrt needs no such care: it is IEEE-exact
   everywhere. */
#ifndef SILK_TRIG_H
#define SILK_TRIG_H

#if defined(__wasm__)
__attribute__((import_module("env"), import_name("silk_host_cos"))) double silk_host_cos(double x);
__attribute__((import_module("env"), import_name("silk_host_sin"))) double silk_host_sin(double x);
__attribute__((import_module("env"), import_name("silk_host_atan2"))) double
silk_host_atan2(double y, double x);
#define silk_cos   silk_host_cos
#define silk_sin   silk_host_sin
#define silk_atan2 silk_host_atan2
#else
#include <math.h>
#define silk_cos   cos
#define silk_sin   sin
#define silk_atan2 atan2
#endif

#define SILK_PI 3.141592653589793

#endif
