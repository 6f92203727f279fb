// silk-demo.d.ts -- types of the <silk-demo> element (silk-demo.mjs). Importing the module
// defines the element; its attributes are documented at the top of silk-demo.mjs and in
// docs/embedding.md. By default the scenes web, shapes and tree run in a Worker wherever the
// browser can transfer a canvas (worker="off", "false" or "0" keeps them on the main thread).
// '.js': the declaration file silk.d.ts, in the form moduleResolution nodenext requires (TS2835)
import type { World } from '../lib/silk.js';

export interface SilkDemoStats {
  started: boolean;
  framesRendered: number;
  physicsSteps: number;
  running: boolean;
  /** At rest: the scene stopped moving, so it stopped stepping and drawing until a press, a
   *  hover, an attribute, a resize, a theme change or coming back into view wakes it (the
   *  `rest` attribute, on by default; rest="off" keeps it running). */
  resting: boolean;
  offscreen: boolean;
  paused: boolean;
  scene: string | null;
  /** Where the world runs: 'worker' (the default, where the browser can), or 'main'
   *  (worker="off", or the fallback: then `problems` says why). */
  thread: 'main' | 'worker' | null;
  /** Worker only: a particle is held (as of the last stats message, at most 250 ms old). */
  dragging: boolean | null;
  /** The theme in use ('auto' and 'page' resolved: 'page' is the page's own, light or dark). */
  theme: 'light' | 'dark' | null;
  /** Fixed steps per second of real time, measured over the last second (0 until measured):
   *  the rate controls="full" shows beside the loop ("fixed loop · 60 steps/s"). */
  stepsPerSecond: number;
  /** Messages about attributes that were ignored (also shown inside the element), and why a
   *  Worker element (the default) runs on the main thread after all ("worker: running on the
   *  main thread: ..."; on the console once per page, not inside the element). */
  problems: string[];
  /** A lab scene's readouts (each lab module documents them); in a Worker, the last ones it
   *  posted (at most 400 ms old). */
  lab: object | null;
}

export declare class SilkDemo extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Shared by every element of the page: one compiled module, a pool of instances. */
  static shared(): { compiles: number; instances: number; pooled: number; live: number; wasmBytes: number; workers: number };
  /** The live world, or null before the element started, after it was removed, or when it
   *  runs in a Worker, the default (the world lives there; stats() reports it): a script that
   *  reads the world sets worker="off". */
  readonly world: World | null;
  stats(): SilkDemoStats;
  /** World px -> viewport (client) CSS px; null before the element started. */
  worldToClient(x: number, y: number): [number, number] | null;
}

/** How the element reads its `worker` attribute (null: absent). A message when the value is
 *  neither on nor off (it is then on, as an HTML boolean attribute is when present). */
export declare function workerAttribute(value: string | null): { on: boolean; message: string | null };

declare global {
  interface HTMLElementTagNameMap {
    'silk-demo': SilkDemo;
  }
}
