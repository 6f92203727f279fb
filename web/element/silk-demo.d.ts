// silk-demo.d.ts -- types of the <silk-demo> element (silk-demo.mjs). Importing the module
// defines the element; its attributes are documented at the top of silk-demo.mjs and in
// docs/embedding.md. By default the scenes web, shapes and tree run in a Worker wherever the
// browser can transfer a canvas (worker="off", "false" or "0" keeps them on the main thread).
// src="my-scene.mjs" (or .json) shows a scene of your own instead of a built-in one (load()).
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
  /** Your own scene (src=, load()) as the runtime last reported it: its name (the module's
   *  `name` export or the JSON's, else the file's name), its absolute URL ('element.load(data)'
   *  for data), its view box ({ x, y, w, h } world px, or null) and its problem (a sentence
   *  naming the URL and the error, also in `problems` and inside the element), else null. */
  own: { name: string; url: string; view: { x: number; y: number; w: number; h: number } | null; problem: string | null } | null;
  /** The scene's builds so far (Reset adds one), as last reported. */
  builds: number;
  /** The world's state hash (16 hex digits) as last reported, or null before the first. */
  stateHash: string | null;
  /** The engine module the demo runs on: 'compat' (silk-lite.wasm, a compat scene's start) or 'full' (silk.wasm). */
  engine: 'compat' | 'full' | null;
  /** How long the move from silk-lite.wasm to silk.wasm took (ms), once it happened. */
  upgradeMs: number | null;
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
  /**
   * Shows your own scene (docs/embedding.md, "Your own scene"), in the Worker or on the main
   * thread: a URL (a module .mjs / .js or a JSON scene .json, resolved against the page; only
   * the page's origin or the origin of Silk's files; it sets `src`) or a JSON scene object
   * (world.load's format). Resolves once the runtime has built it; rejects with the problem
   * (also shown in the element) when it is refused, fails to load or its build throws.
   */
  load(scene: string | object): Promise<{ name: string; url: string }>;
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
