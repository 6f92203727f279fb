// The canvas kit as the quick start imports it, with the handle kept on window.demo for
// tests/browser/kit.test.mjs (the import map points silk-verlet/canvas here).
import { createCanvasDemo as create } from '/dist/canvas.mjs';

export * from '/dist/canvas.mjs';

export function createCanvasDemo(...args) {
  const demo = create(...args);
  window.demo = demo;
  return demo;
}
