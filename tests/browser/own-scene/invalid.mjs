// invalid.mjs -- a scene that builds something the engine refuses (a particle at NaN):
// tests/browser/own-scene.test.mjs expects the engine's own RangeError in the element's message.
export function build(world) {
  world.addParticle(world.addComposite(), Number.NaN, 10);
}
