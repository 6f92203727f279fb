// curtain.mjs -- a curtain you can tear: your own scene for <silk-demo src="curtain.mjs">
// (docs/embedding.md, "Your own scene"). A 36 x 20 grid of threads hangs from rings along a
// rod; pull it hard and update() cuts every thread stretched past 2.5 times its length, so the
// cloth tears where you pull.
export const name = 'Curtain';
export const view = { x: 130, y: 20, width: 540, height: 400 };
export const draw = { lines: 'plain', lineColour: '#8e3b46', dots: 0, pins: true };

const COLS = 36;
const ROWS = 20;
const GAP = 14;
const TEAR = 2.5; // a thread breaks past this many times its rest length

export function build(world) {
  const cloth = world.addComposite();
  const x0 = 400 - (COLS - 1) * GAP / 2;
  const y0 = 40;
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      const i = world.addParticle(cloth, x0 + c * GAP, y0 + r * GAP);
      if (c > 0) world.addDistance(cloth, i - 1, i, 0.9);
      if (r > 0) world.addDistance(cloth, i - COLS, i, 0.9);
      if (r === 0 && c % 5 === 0) world.addPin(cloth, i); // the rings on the rod
    }
  }
  world.addPin(cloth, COLS - 1);
}

/** Once per displayed frame, before its steps: cut what is overstretched (last first, so the
 *  indices still to visit do not move). */
export function update(world) {
  const kinds = world.constraintKinds;
  const a = world.constraintA;
  const b = world.constraintB;
  const rest = world.constraintRest;
  const p = world.positions;
  const torn = [];
  for (let j = 0; j < kinds.length; j++) {
    if (kinds[j] !== 1) continue; // distances only; the pins hold
    const dx = p[2 * a[j]] - p[2 * b[j]];
    const dy = p[2 * a[j] + 1] - p[2 * b[j] + 1];
    if (dx * dx + dy * dy > (TEAR * rest[j]) ** 2) torn.push(j);
  }
  // one composite: its constraints start at 0, so solver index = index in the composite
  for (let k = torn.length - 1; k >= 0; k--) world.removeConstraint(0, torn[k]);
}
