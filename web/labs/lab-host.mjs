// lab-host.mjs -- the timing lab inside the page: registers the lab scenes and gives them what
// the original pages do not need -- a control bar under the canvas, a panel beside it, their
// own stepping, and readouts for hosts and tests.
//
// A lab scene is a registered scene (scenes.mjs) with these extra, optional fields:
//   params: { name: parse(string) -> value }   its URL parameters (?rate=120 ...), read once
//   defaults: { name: value }                  its settings (kept across rebuilds and resets)
//   check(name, value) -> value                validates a setting (TypeError / RangeError)
//   build(world, settings, lab)                as any scene; `lab` is the context below
//   prepare(world, lab) -> state               as any scene
//   panel(state, ui)                           fills ui.bar (controls under the canvas, also
//                                              in ?embed=1) and ui.panel (the side panel)
//   advance(state, info, stepWorld) -> record  replaces the app's stepping for one animation
//                                              frame: info is loop.mjs's { dts, count, realDt };
//                                              stepWorld(dt) is the app's pointer-aware
//                                              world.advance; returns { steps, alpha, dropped }
//   readouts(state) -> object                  what silkApp.lab returns (documented per scene)
//   update(state)                              refreshes the panel's text (2.5 times a second)
//   full(state) -> bool                        true: the lab replaces the dashboard (default)
//   dispose(state, world)                      frees what prepare made
// The lab context: { silk, world, settings (this scene's), params (URLSearchParams), seed (the
// page's), embed, set(name, value), rebuild(), now(), takeWorld() (a build that reconfigures
// the app's world calls it; the solver, robust settings, stepper and loop mode are put back
// when the scene goes), toWorld(clientX, clientY), stage and canvas (the elements the scene
// draws in; a scene's own pointer tools listen there) }.
// `dom` places the host elsewhere than the page (the <silk-demo> element's shadow root):
// { stage (the bar goes after it), side (the panel goes first in it), flags (the element whose
// classes say embed / lab / lab-full), canvas }; by default the page's #stage, .right, <body>
// and #view.
import { registerScene, extendScene } from '../kit/scenes.mjs';
import { shownValue, ruleOf } from '../kit/params.mjs';
import { coupling } from './lab-coupling.mjs';
import { spiral } from './lab-spiral.mjs';
import { integrators } from './lab-integrators.mjs';
import { rope, clothLab } from './lab-rope.mjs';
import { el } from './lab-kit.mjs';

registerScene(coupling);
registerScene(spiral);
registerScene(integrators);
registerScene(rope);
extendScene('cloth', clothLab);

const UPDATE_EVERY = 400; // ms between panel text updates

export function createLabHost({ silk, world, search, appSettings, rebuild, now, toWorld, dom = null }) {
  const where = dom ?? {
    stage: document.getElementById('stage'),
    side: document.querySelector('.right'),
    flags: document.body,
    canvas: document.getElementById('view'),
  };
  const params = new URLSearchParams(search);
  const settings = new Map(); // scene name -> its settings object
  const problems = [];
  const bar = el('div', { id: 'lab-bar', className: 'lab-bar', hidden: true });
  const panel = el('section', { id: 'lab-panel', className: 'lab-panel', hidden: true });
  panel.setAttribute('aria-label', 'Lab');
  where.stage.after(bar);
  where.side.prepend(panel);
  let saved = null; // the app world's solver settings while a lab scene may change them
  let scene = null;
  let state = null;
  let lastUpdate = -Infinity;

  function settingsOf(s) {
    if (!settings.has(s.name)) {
      const values = { ...(s.defaults ?? {}) };
      for (const [name, parse] of Object.entries(s.params ?? {})) {
        if (!params.has(name)) continue;
        const raw = params.get(name);
        try {
          values[name] = s.check(name, parse(raw.trim()));
        } catch (e) {
          problems.push(`?${name}=${shownValue(raw)} was ignored (${ruleOf(e.message)}); using ${values[name]}.`);
        }
      }
      settings.set(s.name, values);
    }
    return settings.get(s.name);
  }

  const context = {
    silk,
    world,
    params,
    /** The page's seed (?seed=, the seed control): lab scenes seed their worlds with it. */
    get seed() { return appSettings().seed; },
    get embed() { return where.flags.classList.contains('embed'); },
    get settings() { return scene ? settingsOf(scene) : {}; },
    set: (name, value) => set(name, value),
    rebuild: () => rebuild(),
    /** Called by a build that reconfigures the app's world (solver, stepper): undone on unmount. */
    takeWorld() {
      if (saved === null) saved = { solver: world.solver, robust: world.robust };
    },
    /** Client (viewport) px -> world px on the page's canvas. */
    toWorld,
    now,
    stage: where.stage,
    canvas: where.canvas,
  };

  /** The lab context for a scene about to be built (its settings are ready before build). */
  function contextFor(s) {
    scene = s.panel ? s : null;
    if (scene) settingsOf(s);
    return context;
  }

  function unmount() {
    if (scene && state !== null) scene.dispose?.(state, world);
    state = null;
    bar.replaceChildren();
    panel.replaceChildren();
    bar.hidden = true;
    panel.hidden = true;
    where.flags.classList.remove('lab', 'lab-full');
    if (saved !== null) { // put back what a lab scene may have changed on the app's world
      world.clear();
      if (world.solver !== saved.solver) world.setSolver(saved.solver);
      world.setRobust(saved.robust);
      world.setStepper({ stepSeconds: 1 / 60, maxStepsPerFrame: 8 });
      world.loopMode = appSettings().loopMode;
      saved = null;
    }
  }

  function mount(s, sceneState) {
    if (!s.panel) return;
    scene = s;
    state = sceneState;
    s.panel(state, { bar, panel, context });
    bar.hidden = false;
    panel.hidden = false;
    const full = s.full ? s.full(state) : true;
    where.flags.classList.add('lab');
    where.flags.classList.toggle('lab-full', full);
    lastUpdate = -Infinity;
    update();
  }

  function update() {
    if (scene && state !== null) scene.update?.(state);
  }

  function set(name, value) {
    if (!scene) throw new RangeError('lab settings exist only on a lab scene');
    if (typeof name !== 'string') throw new TypeError(`name must be a string, got ${typeof name}`);
    const values = settingsOf(scene);
    if (!(name in values)) throw new RangeError(`unknown lab setting ${JSON.stringify(name)} (${Object.keys(values).join(', ')})`);
    values[name] = scene.check(name, value);
    scene.apply ? scene.apply(state, name, values[name]) : rebuild();
  }

  return {
    context: contextFor,
    mount,
    unmount,
    set,
    problems,
    /** True while a lab scene has taken the app's world (takeWorld): its solver settings are the scene's. */
    get ownsWorld() { return saved !== null; },
    /** True when the scene steps itself. */
    get stepping() { return scene !== null && state !== null && typeof scene.advance === 'function'; },
    advance(info, stepWorld, out) {
      const r = scene.advance(state, info, stepWorld);
      out.steps = r.steps;
      out.alpha = r.alpha;
      out.dropped = r.dropped;
      return r.steps > 0 || r.draw === true;
    },
    /** After a frame: the panel's text, at most 2.5 times a second. */
    frame() {
      if (!scene) return;
      const t = now();
      if (t - lastUpdate >= UPDATE_EVERY) { lastUpdate = t; update(); }
    },
    refresh: update,
    readouts() {
      if (!scene || state === null || !scene.readouts) return null;
      return { scene: scene.name, settings: { ...settingsOf(scene) }, ...scene.readouts(state) };
    },
  };
}
