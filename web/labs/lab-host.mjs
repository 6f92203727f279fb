// lab-host.mjs -- the timing lab inside the page: registers the lab scenes and gives them what
// the original pages do not need -- a control bar under the canvas, a panel beside it, their
// own stepping, and readouts for hosts and tests.
//
// The lab scenes, their settings, context and stepping are lab-core.mjs's (it documents a lab
// scene's fields and the lab context); this file adds the DOM: the bar and the panel (built by
// the scene's panel(), refreshed by its show()), and the pointer tool on the canvas's events
// (context.pointer: the tool gets world px from toWorld(clientX, clientY)). createLabBar is the
// same bar and panel for a scene that runs elsewhere (the Worker of <silk-demo>): fed from
// posted readouts, its controls posted back.
// `dom` places the host elsewhere than the page (the <silk-demo> element's shadow root):
// { stage (the bar goes after it), side (the panel goes first in it), flags (the element whose
// classes say embed / lab / lab-full), canvas }; by default the page's #stage, .right, <body>
// and #view.
import { createLabCore, UPDATE_EVERY } from './lab-core.mjs';
import { pickRadius } from '../kit/kit-core.mjs';
import { getScene } from '../kit/scenes.mjs';
import { el } from './lab-kit.mjs';

export { UPDATE_EVERY };

export function createLabHost({ silk, world, search, appSettings, rebuild, now, toWorld, dom = null }) {
  const where = dom ?? {
    stage: document.getElementById('stage'),
    side: document.querySelector('.right'),
    flags: document.body,
    canvas: document.getElementById('view'),
  };
  const bar = el('div', { id: 'lab-bar', className: 'lab-bar', hidden: true });
  const panel = el('section', { id: 'lab-panel', className: 'lab-panel', hidden: true });
  panel.setAttribute('aria-label', 'Lab');
  where.stage.after(bar);
  where.side.prepend(panel);
  const core = createLabCore({
    silk, world, search, appSettings, rebuild, now,
    embed: () => where.flags.classList.contains('embed'),
    onRefresh: () => update(),
    onPointer: (tool) => listenPointer(where.stage, where.canvas, toWorld, tool),
  });
  let view = null; // what the scene's panel() returned
  let lastUpdate = -Infinity;

  function unmount() {
    core.unmount();
    view = null;
    bar.replaceChildren();
    panel.replaceChildren();
    bar.hidden = true;
    panel.hidden = true;
    where.flags.classList.remove('lab', 'lab-full');
  }

  function mount(s, sceneState) {
    if (!core.mount(s, sceneState)) return;
    view = s.panel(core.readouts(), { bar, panel, context: core.lab });
    bar.hidden = false;
    panel.hidden = false;
    where.flags.classList.add('lab');
    where.flags.classList.toggle('lab-full', core.full());
    lastUpdate = -Infinity;
    update();
  }

  function update() {
    if (view && core.scene && core.state !== null) core.scene.show?.(view, core.readouts());
  }

  function set(name, value) {
    const v = core.set(name, value);
    view?.setting?.(name, v); // a setting kept without a rebuild: its control follows
  }

  return {
    context: core.context,
    mount,
    unmount,
    set,
    act: core.act,
    problems: core.problems,
    /** True while a lab scene has taken the app's world (takeWorld): its solver settings are the scene's. */
    get ownsWorld() { return core.ownsWorld; },
    /** True when the scene steps itself. */
    get stepping() { return core.stepping; },
    advance: core.advance,
    /** After a frame: the panel's text, at most 2.5 times a second. */
    frame() {
      if (!core.scene) return;
      const t = now();
      if (t - lastUpdate >= UPDATE_EVERY) { lastUpdate = t; update(); }
    },
    refresh: update,
    readouts: core.readouts,
  };
}

/**
 * A scene's pointer tool on the page's canvas: presses on `stage` (captured before the app's
 * drag, input.mjs, sees them) go to the tool in world px while it takes them. Returns the
 * function that removes the listeners.
 */
function listenPointer(stage, canvas, toWorld, tool) {
  if (!stage || !canvas || !toWorld) return () => {};
  let id = -1;
  const down = (e) => {
    if (e.button !== 0 || id >= 0) return;
    const [x, y] = toWorld(e.clientX, e.clientY);
    const worldPerCss = Math.abs(toWorld(e.clientX + 1, e.clientY)[0] - x) || 1;
    if (!tool.down(x, y, pickRadius(e.pointerType, worldPerCss))) return;
    e.stopPropagation(); // the drag handler (input.mjs) does not see it
    e.preventDefault();
    canvas.setPointerCapture?.(e.pointerId);
    id = e.pointerId;
  };
  const move = (e) => {
    if (e.pointerId !== id) return;
    e.stopPropagation();
    const samples = e.getCoalescedEvents?.() ?? [];
    for (const s of samples.length ? samples : [e]) {
      const [x, y] = toWorld(s.clientX, s.clientY);
      if (Number.isFinite(x) && Number.isFinite(y)) tool.move(x, y);
    }
  };
  const up = (e) => {
    if (e.pointerId !== id) return;
    e.stopPropagation();
    id = -1;
    tool.up();
  };
  const on = [['pointerdown', down], ['pointermove', move], ['pointerup', up], ['pointercancel', up]];
  for (const [type, fn] of on) stage.addEventListener(type, fn, { capture: true });
  return () => {
    if (id >= 0) { id = -1; tool.up(); }
    for (const [type, fn] of on) stage.removeEventListener(type, fn, { capture: true });
  };
}

/**
 * The bar and panel of a lab scene that runs on another thread (<silk-demo>'s Worker,
 * lab-worker-host.mjs): built by the scene's panel() from the first posted snapshot of each
 * build, refreshed by its show() from each later one (at most UPDATE_EVERY apart, never per
 * frame). Its controls call set(name, value), act(name) and rebuild(), which post to the
 * Worker. dom: { stage (the bar goes after it), side (the panel goes first in it), flags (the
 * element whose classes say lab / lab-full) }; hidden keeps the bar hidden (controls="none").
 * Returns { show(message), readouts() (the last snapshot, or null), bar }.
 */
export function createLabBar({ dom, set, act, rebuild, hidden = false, embed = true }) {
  const bar = el('div', { id: 'lab-bar', className: 'lab-bar', hidden: true });
  const panel = el('section', { id: 'lab-panel', className: 'lab-panel', hidden: true });
  panel.setAttribute('aria-label', 'Lab');
  let last = null;
  let view = null;
  let scene = null;
  let built = -1; // the build of the Worker's scene the panel shows
  let placed = false;

  return {
    bar,
    readouts: () => last,
    /** Another scene than a lab scene is on: no bar, no panel, no readouts (the page's Worker). */
    hide() {
      last = null;
      view = null;
      built = -1;
      bar.replaceChildren();
      panel.replaceChildren();
      bar.hidden = true;
      panel.hidden = true;
      dom.flags.classList.remove('lab', 'lab-full');
    },
    /** A posted snapshot: { build (counts the Worker's scene builds), full, readouts }. */
    show({ build, full, readouts: r }) {
      last = r;
      if (!r) return;
      if (build !== built) {
        if (!placed) { // placed now, in the task that shows it: never an empty bar in the layout
          placed = true;
          dom.stage.after(bar);
          dom.side.prepend(panel);
        }
        built = build;
        scene = getScene(r.scene);
        bar.replaceChildren();
        panel.replaceChildren();
        const context = {
          settings: r.settings,
          embed,
          set(name, value) {
            const v = scene.check(name, value); // a bad value throws here, as on the page
            view?.setting?.(name, v);
            set(name, v);
          },
          rebuild,
          act,
        };
        view = scene.panel(r, { bar, panel, context });
        bar.hidden = hidden;
        panel.hidden = false;
        dom.flags.classList.add('lab');
        dom.flags.classList.toggle('lab-full', full);
      }
      scene.show?.(view, r);
    },
  };
}
