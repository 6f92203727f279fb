// silk-demo.d.ts -- types of the <silk-demo> element (silk-demo.mjs). Importing the module
// defines the element; its attributes are documented at the top of silk-demo.mjs and in
// docs/embedding.md.
// '.js': the declaration file silk.d.ts, in the form moduleResolution nodenext requires (TS2835)
import type { World } from '../lib/silk.js';

export interface SilkDemoStats {
  started: boolean;
  framesRendered: number;
  physicsSteps: number;
  running: boolean;
  offscreen: boolean;
  paused: boolean;
  scene: string | null;
  /** Where the world runs: 'main', or 'worker' (the `worker` attribute, where supported;
   *  `worker`, `worker=""` and any other value turn it on, `worker="off"`, `"false"` and `"0"`
   *  turn it off). */
  thread: 'main' | 'worker' | null;
  /** Worker only: a particle is held (as of the last stats message, at most 250 ms old). */
  dragging: boolean | null;
  theme: 'light' | 'dark' | null;
  /** Messages about attributes that were ignored (also shown inside the element), and why a
   *  `worker` element runs on the main thread after all ("worker: running on the main thread:
   *  ..."; on the console once, not inside the element). */
  problems: string[];
  lab: object | null;
}

export declare class SilkDemo extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Shared by every element of the page: one compiled module, a pool of instances. */
  static shared(): { compiles: number; instances: number; pooled: number; live: number; wasmBytes: number; workers: number };
  /** The live world, or null before the element started, after it was removed, or when it
   *  runs in a Worker (the world lives there; stats() reports it). */
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
