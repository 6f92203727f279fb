// host_math.js -- an Emscripten JS library for the wasm *test* executables: it binds the
// engine's trig imports (engine/src/trig.h) to the JS engine's Math, exactly as web/lib/silk.mjs
// does for the standalone module.
mergeInto(LibraryManager.library, {
  silk_host_cos: function (x) { return Math.cos(x); },
  silk_host_sin: function (x) { return Math.sin(x); },
  silk_host_atan2: function (y, x) { return Math.atan2(y, x); },
});
