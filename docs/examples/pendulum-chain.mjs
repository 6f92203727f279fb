// pendulum-chain.mjs -- three chains swinging from one beam: your own scene for
// <silk-demo src="pendulum-chain.mjs"> (docs/embedding.md, "Your own scene"). Each chain starts
// held out sideways at its own angle, so they fall out of step and tangle the eye; drag a link
// to swing one again.
export const name = 'Pendulum chain';
export const view = { x: 100, y: 20, width: 600, height: 460 };
export const draw = { lines: 'plain', lineColour: '#3f5a7a', lineWidth: 2, dots: 4, dotColour: '#d2691e' };

const LINKS = 14;
const LENGTH = 16;

export function build(world) {
  const beam = world.addComposite();
  const tops = [250, 400, 550];
  const angles = [0.9, 1.3, 1.7]; // radians from straight down
  tops.forEach((x, n) => {
    const top = world.addParticle(beam, x, 40);
    world.addPin(beam, top);
    let prev = top;
    const dx = Math.sin(angles[n]) * LENGTH;
    const dy = Math.cos(angles[n]) * LENGTH;
    for (let k = 1; k <= LINKS; k++) {
      const i = world.addParticle(beam, x + dx * k, 40 + dy * k);
      world.addDistance(beam, prev, i, 1);
      prev = i;
    }
  });
}
