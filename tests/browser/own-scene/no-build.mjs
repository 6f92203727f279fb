// no-build.mjs -- a module without the build export (tests/browser/own-scene.test.mjs).
export const name = 'Nothing';
