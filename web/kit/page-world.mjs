// page-world.mjs -- the page's rules for its world, with no DOM: the runtime (runtime.mjs) applies
// them on whichever thread it runs (the page's Worker, or the main thread for ?worker=0), so a
// setting means one thing wherever the world is.
//
//   createOverrides(world, settings)   the friction / gravity the user set for this scene
//   applyWorldSetting(target, name, v) set(name, v) for the settings that change the world
//   SOLVER_SETTINGS                    the settings a lab scene that took the world refuses

/** A lab scene that took the world (rope, cloth lab: takeWorld) sets these itself. */
export const SOLVER_SETTINGS = ['friction', 'gravity', 'solver', 'substeps'];

/** The message set() throws for a solver setting while a lab scene owns the world. */
export const ownedMessage = (name) =>
  `'${name}' does not apply to this lab scene: it runs its own solver settings (see silkApp.labSet)`;

/**
 * What refuses a setting that checkSetting (params.mjs) let through, as the error to throw, or
 * null: a solver setting while a lab scene owns the world, a background other than the one the
 * page started with. The host (to throw at its caller) and the runtime (which trusts no
 * message) both ask it before anything changes.
 */
export function settingRefusal(name, v, { ownsWorld, settings }) {
  if (ownsWorld && SOLVER_SETTINGS.includes(name)) return new RangeError(ownedMessage(name));
  if (name === 'background' && v !== settings.background) {
    return new RangeError('background is chosen when the page starts (?background=transparent)');
  }
  return null;
}

/**
 * The friction and gravity the user set for the scene on screen: kept across its rebuilds,
 * dropped when another scene is shown. apply() is the session's `adjust` hook (after the build,
 * before the compat -> robust mapping, so the mapping sees them); settings follow the world.
 */
export function createOverrides(world, settings) {
  let overrides = {};
  return {
    get values() { return overrides; },
    clear() { overrides = {}; },
    apply() {
      if (overrides.friction !== undefined) world.friction = overrides.friction;
      if (overrides.gravity !== undefined) world.gravity = [0, overrides.gravity];
      settings.friction = world.friction;
      settings.gravity = world.gravity[1];
    },
    setFriction(v) {
      overrides.friction = settings.friction = world.friction = v;
      world.matchRobustToCompat(); // the robust solver's damping in seconds, from the slider
    },
    setGravity(v) {
      overrides.gravity = settings.gravity = v;
      world.gravity = [0, v];
      world.matchRobustToCompat();
    },
  };
}

/**
 * Applies a checked setting (params.mjs checkSetting) that changes the world or its run.
 * target: { world, settings, overrides (createOverrides), show(sceneName), rebuild(),
 * setRate(hz) }. Returns false for a setting that is not the world's (paused, theme, embed,
 * readout, background: the caller's).
 */
export function applyWorldSetting(target, name, v) {
  const { world, settings, overrides } = target;
  switch (name) {
    case 'scene':
      settings.scene = v;
      overrides.clear(); // the user's overrides belong to the old scene
      target.show(v);
      return true;
    case 'tensor':
    case 'seed':
      settings[name] = v;
      target.rebuild();
      return true;
    case 'step':
      settings.step = v;
      world.step = v;
      return true;
    case 'friction':
      overrides.setFriction(v);
      return true;
    case 'gravity':
      overrides.setGravity(v);
      return true;
    case 'solver':
      settings.solver = v;
      world.setSolver(v);
      return true;
    case 'substeps':
      settings.substeps = v;
      world.setRobust({ substeps: v });
      return true;
    case 'autoRestore':
      settings.autoRestore = v;
      world.setWatchdog({ autoRestore: v });
      return true;
    case 'loopMode':
      settings.loopMode = v;
      world.loopMode = v;
      return true;
    case 'simulatedHz':
      settings.simulatedHz = v;
      target.setRate(v);
      return true;
    default:
      return false;
  }
}
