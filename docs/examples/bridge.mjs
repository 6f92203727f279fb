// bridge.mjs -- a rope bridge with a load: your own scene for <silk-demo src="bridge.mjs">
// (docs/embedding.md, "Your own scene"). A deck of 25 planks' joints pinned at both banks, each
// joint tied to the next; a 3 x 3 crate hangs from the middle of the deck on two ropes. Drag
// the crate, or a plank, and watch the deck's strain colours.
export const name = 'Bridge';

// the part of the 800 x 500 world to keep in view (a frame of another shape is filled with it)
export const view = { x: 40, y: 120, width: 720, height: 330 };

// drawing hints: lines coloured by strain (the default), bigger joints
export const draw = { dots: 3, background: '#ffffff' };

const BANK_Y = 200;

/** Fills the empty world: build(world, silk, options) is called on every start and Reset. */
export function build(world) {
  const deck = world.addComposite();
  const joints = 25;
  const left = 80;
  const right = 720;
  const gap = (right - left) / (joints - 1);
  const first = world.addParticle(deck, left, BANK_Y);
  let prev = first;
  for (let k = 1; k < joints; k++) {
    const i = world.addParticle(deck, left + k * gap, BANK_Y);
    world.addDistance(deck, prev, i, 1, gap * 1.04); // a little slack: the deck sags
    prev = i;
  }
  world.addPin(deck, first); // the banks
  world.addPin(deck, prev);

  // the load: a 3 x 3 crate with braces, hung from the two joints either side of the middle
  const crate = world.addComposite();
  const mid = first + (joints - 1) / 2;
  const size = 24;
  const x0 = left + (joints - 1) / 2 * gap - size;
  const y0 = BANK_Y + 60;
  const at = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) at.push(world.addParticle(crate, x0 + c * size, y0 + r * size));
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const i = at[r * 3 + c];
      if (c < 2) world.addDistance(crate, i, at[r * 3 + c + 1], 1);
      if (r < 2) world.addDistance(crate, i, at[(r + 1) * 3 + c], 1);
      if (c < 2 && r < 2) world.addDistance(crate, i, at[(r + 1) * 3 + c + 1], 1);
      if (c > 0 && r < 2) world.addDistance(crate, i, at[(r + 1) * 3 + c - 1], 1);
    }
  }
  world.addDistance(crate, mid - 1, at[0], 1); // the two ropes
  world.addDistance(crate, mid + 1, at[2], 1);
}
