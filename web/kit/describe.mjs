// describe.mjs -- what the canvas shows, in words: its aria-label (role="img") on the page, the
// embed and <silk-demo>. A screen reader hears the scene and how to use it, not "canvas".

const SHOWN = {
  web: 'a spider web hanging from pins, its threads coloured by strain from green (slack) to red (stretched), with a spider crawling on it',
  cloth: 'a square of cloth pinned along its top edge',
  shapes: 'shapes made of particles and sticks, swinging under gravity',
  tree: 'two trees whose branches sway',
  coupling: 'the spider web twice, side by side: on the left one physics frame per display frame, on the right a fixed time step',
  spiral: 'the fixed-step loop\'s spiral of death: a chart of frame time against steps per frame',
  integrators: 'three balls bouncing on a floor, each integrated a different way',
  rope: 'a rope of particles hanging from a pin; a swipe across it cuts it',
};

/** The canvas's accessible name for `scene` (a scene name). */
export function canvasLabel(scene) {
  const what = SHOWN[scene] ?? `the ${scene} scene`;
  return `Silk physics simulation: ${what}. Drag a particle with a mouse, a finger or a pen. Keys: space pauses, period steps once, r resets.`;
}
