// throws.mjs -- a scene whose build throws (tests/browser/own-scene.test.mjs): the element shows
// the message, names this file, and the page goes on.
export const name = 'Broken';
export function build(world) {
  const c = world.addComposite();
  world.addParticle(c, 100, 100);
  throw new Error('the author forgot the rope');
}
