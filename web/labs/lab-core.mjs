// lab-core.mjs -- the part of a lab host that touches no DOM: it registers the lab scenes, keeps
// their settings (URL parameters, set(), kept across rebuilds), builds the lab context a scene
// is built with, runs the scene's stepping, its actions and its pointer tool, and takes its
// readouts. Two hosts wrap it: lab-host.mjs on a page's main thread (the bar and the side panel
// in the DOM, pointer tools on the canvas's DOM events) and lab-worker-host.mjs in the Worker of
// <silk-demo> (no DOM: readouts posted to the element a few times a second, the pointer fed from
// the element's messages in world px).
//
// A lab scene is a registered scene (scenes.mjs) with these extra, optional fields:
//   params: { name: parse(string) -> value }   its URL parameters (?rate=120 ...), read once
//   defaults: { name: value }                  its settings (kept across rebuilds and resets)
//   check(name, value) -> value                validates a setting (TypeError / RangeError)
//   build(world, settings, lab)                as any scene; `lab` is the context below
//   prepare(world, lab) -> state               as any scene
//   panel(r, ui) -> view                       builds the controls in ui.bar (under the canvas,
//                                              also in ?embed=1 and the element) and ui.panel
//                                              (the side panel) from r, a readouts snapshot (see
//                                              snapshot below), with ui.context for settings,
//                                              set, rebuild and act; returns what show needs
//   show(view, r)                              refreshes the panel's text from a snapshot (2.5
//                                              times a second); view.setting?.(name, value)
//                                              follows a setting changed without a rebuild
//   actions: { name(state) }                   what the panel's buttons do to the running scene
//                                              (context.act(name): also from another thread)
//   advance(state, info, stepWorld) -> record  replaces the app's stepping for one animation
//                                              frame: info is loop.mjs's { dts, count, realDt };
//                                              stepWorld(dt) is the app's pointer-aware
//                                              world.advance; returns { steps, alpha, dropped }
//   readouts(state) -> object                  what silkApp.lab returns (documented per scene):
//                                              plain data (structured-clonable: it is posted
//                                              from a Worker)
//   full(state) -> bool                        true: the lab replaces the dashboard (default)
//   dispose(state, world)                      frees what prepare made
// The lab context: { silk, world, settings (this scene's), params (URLSearchParams), seed (the
// page's), embed, set(name, value), rebuild(), act(name), refresh() (the readouts changed
// outside a frame: show them soon), now(), takeWorld() (a build that reconfigures the app's
// world calls it; the solver, robust settings, stepper and loop mode are put back when the scene
// goes), pointer(tool) (a scene's own pointer tool, see below; returns its release) }.
// A pointer tool: { down(x, y, radius) -> bool (true: the tool takes this press, the app's drag
// does not see it), move(x, y) (each sample of the held pointer), up() }; x, y in the app
// world's px, radius the pick radius there (kit-core.mjs pickRadius).
import { registerScene, extendScene } from '../kit/scenes.mjs';
import { shownValue, ruleOf } from '../kit/params.mjs';
import { coupling } from './lab-coupling.mjs';
import { spiral } from './lab-spiral.mjs';
import { integrators } from './lab-integrators.mjs';
import { rope, clothLab } from './lab-rope.mjs';

registerScene(coupling);
registerScene(spiral);
registerScene(integrators);
registerScene(rope);
extendScene('cloth', clothLab);

/** ms between panel text updates (lab-host.mjs) and between posted readouts (lab-worker-host.mjs). */
export const UPDATE_EVERY = 400;

/**
 * createLabCore({ silk, world, search, appSettings, rebuild, now, embed, onRefresh, onPointer })
 *   embed()             true when the scene runs embedded (the element, ?embed=1)
 *   onRefresh()         context.refresh() was called: the host shows the readouts soon
 *   onPointer(tool)     the scene installed (tool) or released (null) its pointer tool; returns
 *                       the release function context.pointer returns (the DOM host listens)
 * Returns { scene, state, context(scene), mount(scene, state), unmount(), set, act, problems,
 * ownsWorld, stepping, advance, readouts, settingsOf, tool }.
 */
export function createLabCore({ silk, world, search, appSettings, rebuild, now, embed = () => false, onRefresh = () => {}, onPointer = null }) {
  const params = new URLSearchParams(search);
  const settings = new Map(); // scene name -> its settings object
  const problems = [];
  let saved = null; // the app world's solver settings while a lab scene may change them
  let tool = null; // the scene's pointer tool

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
    get embed() { return embed(); },
    get settings() { return core.scene ? settingsOf(core.scene) : {}; },
    set: (name, value) => core.set(name, value),
    rebuild: () => rebuild(),
    act: (name) => core.act(name),
    refresh: () => onRefresh(),
    /** Called by a build that reconfigures the app's world (solver, stepper): undone on unmount. */
    takeWorld() {
      if (saved === null) saved = { solver: world.solver, robust: world.robust };
    },
    now,
    /** The scene's pointer tool (see above); returns the function that removes it. */
    pointer(t) {
      tool = t;
      const release = onPointer?.(t) ?? (() => {});
      return () => {
        release();
        if (tool === t) tool = null;
      };
    },
  };

  const core = {
    /** The lab context (the same object for every scene). */
    lab: context,
    scene: null,
    state: null,
    problems,
    settingsOf,
    /** The running scene's pointer tool, or null. */
    get tool() { return tool; },

    /** The lab context for a scene about to be built (its settings are ready before build). */
    context(s) {
      core.scene = s.panel ? s : null;
      if (core.scene) settingsOf(s);
      return context;
    },

    /** Frees the scene's state; puts back what a lab scene changed on the app's world. */
    unmount() {
      if (core.scene && core.state !== null) core.scene.dispose?.(core.state, world);
      core.state = null;
      if (saved !== null) {
        world.clear();
        if (world.solver !== saved.solver) world.setSolver(saved.solver);
        world.setRobust(saved.robust);
        world.setStepper({}); // the engine's defaults (DEFAULTS.silk_stepper_def)
        world.loopMode = appSettings().loopMode;
        saved = null;
      }
    },

    /** Returns true when `s` is a lab scene (it then runs with `state`). */
    mount(s, state) {
      if (!s.panel) return false;
      core.scene = s;
      core.state = state;
      return true;
    },

    set(name, value) {
      const scene = core.scene;
      if (!scene) throw new RangeError('lab settings exist only on a lab scene');
      if (typeof name !== 'string') throw new TypeError(`name must be a string, got ${typeof name}`);
      const values = settingsOf(scene);
      // own keys only: 'constructor', 'toString', '__proto__' are not settings (issue 31.3)
      if (!Object.hasOwn(values, name)) throw new RangeError(`unknown lab setting ${JSON.stringify(name)} (${Object.keys(values).join(', ')})`);
      values[name] = scene.check(name, value);
      if (scene.apply) scene.apply(core.state, name, values[name]);
      else rebuild();
      return values[name];
    },

    /** One of the scene's actions (a panel's button). */
    act(name) {
      const scene = core.scene;
      if (!scene || core.state === null) throw new RangeError('lab actions exist only on a lab scene');
      const fn = scene.actions && Object.hasOwn(scene.actions, name) ? scene.actions[name] : undefined;
      if (typeof fn !== 'function') throw new RangeError(`unknown lab action ${JSON.stringify(name)} (${Object.keys(scene.actions ?? {}).join(', ')})`);
      fn(core.state);
    },

    /** True while a lab scene has taken the app's world (takeWorld): its solver settings are the scene's. */
    get ownsWorld() { return saved !== null; },
    /** True when the scene steps itself. */
    get stepping() { return core.scene !== null && core.state !== null && typeof core.scene.advance === 'function'; },
    advance(info, stepWorld, out) {
      const r = core.scene.advance(core.state, info, stepWorld);
      out.steps = r.steps;
      out.alpha = r.alpha;
      out.dropped = r.dropped;
      return r.steps > 0 || r.draw === true;
    },
    /** The readouts snapshot: { scene, settings, ...scene.readouts(state) }, or null. */
    readouts() {
      const scene = core.scene;
      if (!scene || core.state === null || !scene.readouts) return null;
      return { scene: scene.name, settings: { ...settingsOf(scene) }, ...scene.readouts(core.state) };
    },
    /** Whether the mounted scene replaces the dashboard (scene.full, true by default). */
    full() {
      const scene = core.scene;
      return scene && core.state !== null && scene.full ? scene.full(core.state) : true;
    },
  };
  return core;
}
