// lab-host.mjs -- the timing lab's bar and panel on the host's thread: the lab scene itself (its
// worlds, stepping, drawing, pointer tool and readouts) runs in the runtime (kit/runtime.mjs with
// lab-worker-host.mjs), in a Worker or on this thread; this file builds the scene's bar under
// the canvas and its panel beside it from the readouts the runtime posts (the scene's panel()
// and show()), and posts their controls back. Importing it registers the lab scenes
// (lab-core.mjs) on this thread too: the host reads their names, checks and panels.
import { UPDATE_EVERY } from './lab-core.mjs';
import { getScene } from '../kit/scenes.mjs';
import { el } from './lab-kit.mjs';

export { UPDATE_EVERY };

/**
 * The bar and panel of a lab scene that runs in the runtime (lab-worker-host.mjs): built by
 * the scene's panel() from the first posted snapshot of each build, refreshed by its show() from each later one (at most UPDATE_EVERY apart, never per
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
