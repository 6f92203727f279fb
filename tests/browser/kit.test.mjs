// kit.test.mjs -- the canvas kit (web/kit/canvas.mjs, silk-verlet/canvas) through the README's
// quick start. The page is tests/browser/kit/index.html; its module is the README's quick start
// block itself (served from README.md by the test), so what is tested is what a reader copies:
//   - the block is at most 15 lines, and the package README and the package test's app carry it;
//   - with a test-driven display clock at 60 Hz and at 120 Hz, the same seconds of display time
//     run the same fixed steps (within one) and reach the same state;
//   - the drawing interpolates: alpha takes values strictly between 0 and 1, and the dots are
//     drawn at prev + (cur - prev) * alpha, not at the newest step;
//   - a mouse drag and a touch drag (CDP Input.dispatchTouchEvent, phone profile) move the
//     grabbed particle to the pointer, and the touch drag does not scroll the page (a touch drag
//     below the canvas does: the check can fail).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { launch, openPage, installClock, frames, root, dist, PHONE, DESKTOP } from './helpers.mjs';
import { createServer } from '../../scripts/serve.mjs';

let browser;
let server;
let origin;
let quickStart; // the README's block

/** The first ```js block after `heading` in a Markdown file. */
async function block(file, heading) {
  const text = await readFile(path.join(root, file), 'utf8');
  const at = text.indexOf(heading);
  assert.ok(at >= 0, `${file} has "${heading}"`);
  const m = /```js\n([\s\S]*?)```/.exec(text.slice(at));
  assert.ok(m, `${file}: a js block after "${heading}"`);
  return m[1];
}

before(async () => {
  if (!existsSync(path.join(dist, 'canvas.mjs'))) throw new Error('dist/canvas.mjs is missing: run scripts/build.sh first');
  quickStart = await block('README.md', '## Use the library');
  server = createServer(root); // the repository: /dist/ and /tests/browser/kit/
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Opens the quick start page (clock installed); resolves when the kit's handle exists. */
async function open(profile = DESKTOP, body = quickStart) {
  const opened = await openPage(browser, profile);
  const { page } = opened;
  await installClock(page);
  await page.route('**/tests/browser/kit/quickstart.mjs', (route) => route.fulfill({ contentType: 'text/javascript', body }));
  await page.goto(`${origin}/tests/browser/kit/index.html`);
  await page.waitForFunction(() => window.demo?.stats().running === true || window.noKit !== undefined, null, { timeout: 60000, polling: 50 });
  return opened;
}

/** Client (CSS px of the viewport) position of world point (x, y). */
async function clientOf(page, x, y) {
  return page.evaluate(([wx, wy]) => {
    const r = document.querySelector('canvas').getBoundingClientRect();
    const [cx, cy] = window.demo.renderer.toCanvas(wx, wy);
    return [r.left + cx, r.top + cy];
  }, [x, y]);
}

/**
 * Records the last pointermove the canvas saw; settled(page, x, y) waits until it is at (x, y):
 * input reaches the page on the browser's own frames, not on the test's clock.
 */
async function watchMoves(page) {
  await page.evaluate(() => {
    window.__lastMove = null;
    document.querySelector('canvas').addEventListener('pointermove', (e) => { window.__lastMove = [e.clientX, e.clientY]; });
  });
}
async function settled(page, x, y) {
  await page.waitForFunction(([cx, cy]) => window.__lastMove && Math.abs(window.__lastMove[0] - cx) < 0.5 && Math.abs(window.__lastMove[1] - cy) < 0.5, [x, y], { timeout: 10000, polling: 20 });
}

const particle = (page, i) => page.evaluate((k) => { const p = window.demo.world.positions; return [p[2 * k], p[2 * k + 1]]; }, i);

test('the quick start is at most 15 lines, and the package README and the package app carry it', async () => {
  const lines = quickStart.trimEnd().split('\n');
  assert.ok(lines.length <= 15, `README.md's quick start is ${lines.length} lines`);
  assert.match(quickStart, /from 'silk-verlet\/canvas'/, 'it uses the kit');
  assert.doesNotMatch(quickStart, /advance\(1 \/ 60\)/, 'no fixed advance per display frame');
  assert.equal(await block('package/README.md', '## Quick start'), quickStart, 'package/README.md has the same block');
  assert.equal(await block('docs/library.md', '## Quick start (JavaScript)'), quickStart, 'docs/library.md has the same block');
  const app = await readFile(path.join(root, 'tests', 'package', 'fixture', 'main.js'), 'utf8');
  const appBlock = app.split('\n').filter((line) => !line.endsWith('// for the test')).join('\n');
  assert.ok(appBlock.includes(quickStart), 'tests/package/fixture/main.js is the quick start (plus its test hook)');
  assert.doesNotMatch(quickStart, /^(const|let) \w+ = await /m, 'no top-level await (Vite 6 build, esbuild iife)');
});

test('60 Hz and 120 Hz: the same display time runs the same steps and reaches the same state', async (t) => {
  const SECONDS = 3;
  const seen = {};
  for (const hz of [60, 120]) {
    const { page, context, errors } = await open();
    try {
      const alphas = [];
      for (let k = 0; k < SECONDS * hz; k++) {
        await frames(page, 1, hz);
        if (k % 7 === 0 || hz === 120) alphas.push(await page.evaluate(() => window.demo.stats().alpha));
      }
      const s = await page.evaluate(() => ({ ...window.demo.stats(), hash: String(window.demo.world.stateHash()), end: Array.from(window.demo.world.positions.slice(38, 40)) }));
      seen[hz] = { ...s, alphas };
      assert.deepEqual(errors, [], `${hz} Hz: no console errors`);
    } finally {
      await context.close();
    }
  }
  const a = seen[60];
  const b = seen[120];
  t.diagnostic(`60 Hz: ${a.frames} frames, ${a.steps} steps, ${a.simulatedSeconds.toFixed(4)} s; 120 Hz: ${b.frames} frames, ${b.steps} steps, ${b.simulatedSeconds.toFixed(4)} s`);
  // the first frame after a start passes dt = 0: (n - 1) frames of display time have passed
  const expected = (SECONDS * 60) - 1;
  assert.ok(Math.abs(a.steps - expected) <= 1, `60 Hz: ${a.steps} steps for ${expected} frames of 1/60 s`);
  assert.ok(Math.abs(a.steps - b.steps) <= 1, `60 Hz ${a.steps} steps, 120 Hz ${b.steps} steps: equal within a step`);
  assert.ok(Math.abs(a.simulatedSeconds - b.simulatedSeconds) <= 1 / 60 + 1e-9, `simulated ${a.simulatedSeconds} s vs ${b.simulatedSeconds} s`);
  assert.ok(Math.abs(a.simulatedSeconds - SECONDS) < 2 / 60, `60 Hz simulates the display time (${a.simulatedSeconds} s of ${SECONDS})`);
  if (a.steps === b.steps) assert.equal(a.hash, b.hash, 'the same steps give the same state (bit for bit)');
  assert.equal(b.frames, 2 * a.frames, '120 Hz ran twice the frames');
  assert.ok(a.end[1] > 60 && b.end[1] > 60, `the rope has swung down (${a.end}, ${b.end})`);
  const between = b.alphas.filter((x) => x > 0.01 && x < 0.99);
  assert.ok(between.length > b.alphas.length / 3, `120 Hz: alpha strictly between 0 and 1 on every other frame (${between.length} of ${b.alphas.length})`);
  for (const x of [...a.alphas, ...b.alphas]) assert.ok(x >= 0 && x < 1, `alpha ${x} in [0, 1)`);
});

test('without the kit: the documented loop also runs the same steps at 60 Hz and 120 Hz', async () => {
  const noKit = await block('docs/library.md', '**Without the kit**');
  assert.equal(await block('package/README.md', 'Without the kit'), noKit, 'package/README.md has the same loop');
  assert.match(noKit, /world\.advance\(dt\)/);
  assert.match(noKit, /alpha/);
  // the quick start with the loop (and a hook) in place of the kit's call
  const body = quickStart.split('\n')
    .flatMap((line) => (/createCanvasDemo\(/.test(line) ? [noKit, 'window.noKit = { world };'] : [line])).join('\n');
  assert.ok(body.includes('window.noKit'), 'the quick start calls createCanvasDemo(');
  const seen = {};
  for (const hz of [60, 120]) {
    const { page, context, errors } = await open(DESKTOP, body);
    try {
      await frames(page, 3 * hz, hz);
      seen[hz] = await page.evaluate(() => ({ hash: String(window.noKit.world.stateHash()), end: window.noKit.world.positions[39] }));
      assert.deepEqual(errors, [], `${hz} Hz`);
    } finally {
      await context.close();
    }
  }
  assert.ok(seen[60].end > 60, `the rope has swung down (y ${seen[60].end})`);
  assert.equal(seen[120].hash, seen[60].hash, '3 s at 120 Hz reach the state of 3 s at 60 Hz');
});

test('the kit draws each particle at prev + (cur - prev) * alpha', async () => {
  const { page, context, errors } = await open();
  try {
    await frames(page, 20, 120); // the rope is falling fast
    await page.evaluate(() => {
      const arcs = [];
      const proto = CanvasRenderingContext2D.prototype;
      const arc = proto.arc;
      proto.arc = function (x, y, ...rest) { arcs.push([x, y]); return arc.call(this, x, y, ...rest); };
      window.__arcs = arcs;
    });
    let checked = 0;
    for (let k = 0; k < 6; k++) {
      await page.evaluate(() => { window.__arcs.length = 0; });
      await frames(page, 1, 120);
      const r = await page.evaluate(() => {
        const w = window.demo.world;
        const { alpha } = window.demo.stats();
        const cur = w.positions;
        const prev = w.previousPositions;
        const i = 19;
        return { alpha, cur: [cur[38], cur[39]], prev: [prev[38], prev[39]], drawn: window.__arcs[i] };
      });
      const want = [0, 1].map((d) => r.prev[d] + (r.cur[d] - r.prev[d]) * r.alpha);
      assert.ok(Math.abs(r.drawn[0] - want[0]) < 1e-9 && Math.abs(r.drawn[1] - want[1]) < 1e-9, `drawn at ${r.drawn}, interpolated ${want} (alpha ${r.alpha})`);
      if (r.alpha > 0.01 && r.alpha < 0.99 && Math.hypot(r.cur[0] - r.prev[0], r.cur[1] - r.prev[1]) > 0.1) {
        assert.ok(Math.hypot(r.drawn[0] - r.cur[0], r.drawn[1] - r.cur[1]) > 0.05, 'between steps, not at the newest');
        checked++;
      }
    }
    assert.ok(checked >= 2, `frames drawn between two steps: ${checked}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a mouse drag moves the grabbed particle to the pointer', async () => {
  const { page, context, errors } = await open();
  try {
    await frames(page, 120, 60);
    const start = await particle(page, 19);
    const target = [220, 140];
    const [x0, y0] = await clientOf(page, ...start);
    const [x1, y1] = await clientOf(page, ...target);
    await watchMoves(page);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    assert.equal(await page.evaluate(() => window.demo.stats().dragging), 19, 'the press grabbed the free end');
    for (let k = 1; k <= 20; k++) {
      await page.mouse.move(x0 + ((x1 - x0) * k) / 20, y0 + ((y1 - y0) * k) / 20);
      await frames(page, 1, 60);
    }
    await settled(page, x1, y1);
    await frames(page, 30, 60);
    const held = await particle(page, 19);
    assert.ok(Math.hypot(held[0] - target[0], held[1] - target[1]) < 3, `held at ${held}, pointer at ${target}`);
    assert.ok(Math.hypot(held[0] - start[0], held[1] - start[1]) > 40, `it moved from ${start}`);
    await page.mouse.up();
    await frames(page, 2, 60);
    assert.equal(await page.evaluate(() => window.demo.stats().dragging), -1, 'release lets go');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a touch drag moves the particle and does not scroll the page; below the canvas it scrolls', async () => {
  const { page, context, errors } = await open(PHONE);
  try {
    const cdp = await context.newCDPSession(page);
    const touch = async (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
    await frames(page, 120, 60);
    const start = await particle(page, 19);
    const target = [200, 60];
    const [x0, y0] = await clientOf(page, ...start);
    const [x1, y1] = await clientOf(page, ...target);
    await watchMoves(page);
    await touch('touchStart', x0, y0);
    for (let k = 1; k <= 20; k++) {
      await touch('touchMove', x0 + ((x1 - x0) * k) / 20, y0 + ((y1 - y0) * k) / 20);
      await frames(page, 1, 60);
    }
    await settled(page, x1, y1);
    assert.equal(await page.evaluate(() => window.demo.stats().dragging), 19, 'the finger grabbed the free end');
    await frames(page, 30, 60);
    const held = await particle(page, 19);
    await touch('touchEnd');
    await page.waitForTimeout(300); // a scroll, if any, lands
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(Math.hypot(held[0] - target[0], held[1] - target[1]) < 3, `held at ${held}, finger at ${target}`);
    assert.ok(Math.hypot(held[0] - start[0], held[1] - start[1]) > 40, `it moved from ${start}`);
    assert.equal(scrolled, 0, 'the page did not scroll under the drag');
    // a finger that lands on a particle drags (its touchstart is cancelled); elsewhere it scrolls
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('canvas')).touchAction), 'pan-y pinch-zoom');

    // the same gesture below the canvas scrolls the page: the check above can fail
    const below = await page.evaluate(() => document.querySelector('.below').getBoundingClientRect().top + 200);
    await touch('touchStart', 200, below + 200);
    for (let k = 1; k <= 10; k++) await touch('touchMove', 200, below + 200 - 15 * k);
    await touch('touchEnd');
    await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5000, polling: 50 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('options are checked, and stop() ends the loop and the listeners', async () => {
  const { page, context, errors } = await open();
  try {
    const r = await page.evaluate(async () => {
      const { createCanvasDemo } = await import('/dist/canvas.mjs');
      const w = window.demo.world;
      const c = document.querySelector('canvas');
      const thrown = [];
      for (const bad of [{ theme: 'blue' }, { grabRadius: -1 }, { lineWidth: 'x' }, { colors: { ink: '#000' } }, { fit: 'cover' }]) {
        try { createCanvasDemo(w, c, bad); thrown.push('none'); } catch (e) { thrown.push(`${e.name}: ${e.message}`); }
      }
      window.demo.pause();
      const paused = window.demo.stats();
      window.demo.resume();
      window.demo.stop();
      return { thrown, paused, touchAction: c.style.touchAction, running: window.demo.stats().running };
    });
    assert.equal(r.thrown.length, 5);
    for (const t of r.thrown) assert.match(t, /^(RangeError|TypeError): createCanvas(Demo|Renderer|Pointer): /, t);
    assert.equal(r.paused.paused, true);
    assert.equal(r.paused.running, false);
    assert.equal(r.running, false, 'stop() ends the loop');
    assert.equal(r.touchAction, '', 'stop() gives the canvas its touch-action back');
    const before = await page.evaluate(() => window.demo.stats().frames);
    await frames(page, 10, 60);
    assert.equal(await page.evaluate(() => window.demo.stats().frames), before, 'no frame after stop()');
    // a world its owner destroys stops its demo (no error every frame)
    await page.evaluate(async () => {
      const { createCanvasDemo } = await import('/dist/canvas.mjs');
      const { loadSilk } = await import('/dist/silk.mjs');
      const w = (await loadSilk()).createWorld({ width: 100, height: 100 });
      w.addParticle(w.addComposite(), 50, 50);
      window.second = createCanvasDemo(w, document.querySelector('canvas'));
    });
    await frames(page, 5, 60);
    const second = await page.evaluate(() => { window.second.world.destroy(); return window.second.stats().steps; });
    assert.ok(second >= 3, `the second demo ran (${second} steps)`);
    await frames(page, 5, 60);
    assert.equal(await page.evaluate(() => window.second.stats().running), false, 'a destroyed world stops the demo');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('rest: true stops the loop once the world is still; wake(), resume() and a grab run it again', async () => {
  const { page, context, errors } = await open();
  try {
    {
      const thrown = await page.evaluate(async () => {
        const { createCanvasDemo } = await import('/dist/canvas.mjs');
        const out = [];
        for (const bad of [{ rest: 'yes' }, { rest: null }, { rest: { epsilon: 0 } }, { rest: { steps: 0.5 } }]) {
          try { createCanvasDemo(window.demo.world, document.querySelector('canvas'), bad); out.push('none'); } catch (e) { out.push(`${e.name}: ${e.message}`); }
        }
        return out;
      });
      for (const m of thrown) assert.match(m, /^(TypeError|RangeError): createCanvasDemo: rest/, m);
    }
    await page.evaluate(async () => {
      window.demo.stop(); // the quick start's demo: this test runs its own
      const { createCanvasDemo } = await import('/dist/canvas.mjs');
      const { loadSilk } = await import('/dist/silk.mjs');
      const w = (await loadSilk()).createWorld({ width: 200, height: 125 });
      w.gravity = [0, 0];
      const c = w.addComposite();
      w.addParticle(c, 100, 60);
      w.addParticle(c, 120, 60);
      w.addDistance(c, 0, 1, 1, 20);
      window.still = createCanvasDemo(w, document.querySelector('canvas'), { rest: { steps: 10 } });
    });
    const st = () => page.evaluate(() => window.still.stats());
    await frames(page, 30, 60);
    let s = await st();
    assert.equal(s.resting, true, 'a still world rests');
    assert.equal(s.running, false);
    assert.ok(s.steps >= 10 && s.steps <= 12, `after 10 still steps (${s.steps})`);
    await frames(page, 60, 60);
    const s2 = await st();
    // no frame, no step and no draw of the loop; a draw outside it (a resize or a theme change
    // reaching the canvas, as a late layout can) is allowed at rest and counted apart
    assert.deepEqual([s2.frames, s2.steps, s2.drawn - s2.redrawn], [s.frames, s.steps, s.drawn - s.redrawn], 'no frame, no step, no loop draw at rest');
    assert.ok(s2.redrawn - s.redrawn <= 2, `at most a redraw or two at rest, for a resize or theme (${s2.redrawn - s.redrawn})`);
    await page.evaluate(() => window.still.wake());
    await frames(page, 3, 60);
    s = await st();
    assert.equal(s.resting, false, 'wake() runs it again');
    assert.ok(s.steps > s2.steps);
    await frames(page, 30, 60);
    assert.equal((await st()).resting, true, 'and it rests again');
    // a grab wakes it (the pointer's press)
    const [x, y] = await page.evaluate(() => {
      const r = document.querySelector('canvas').getBoundingClientRect();
      const [cx, cy] = window.still.renderer.toCanvas(100, 60);
      return [r.left + cx, r.top + cy];
    });
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForFunction(() => window.still.stats().resting === false, null, { timeout: 5000, polling: 20 });
    await frames(page, 30, 60);
    assert.equal((await st()).resting, false, 'never at rest while held');
    await page.mouse.up();
    await frames(page, 40, 60);
    assert.equal((await st()).resting, true, 'let go and still: at rest');
    // the default: no rest
    await page.evaluate(async () => {
      window.still.stop();
      const { createCanvasDemo } = await import('/dist/canvas.mjs');
      window.still = createCanvasDemo(window.still.world, document.querySelector('canvas'));
    });
    await frames(page, 60, 60);
    s = await st();
    assert.equal(s.resting, false, 'rest is off by default in the kit');
    assert.equal(s.running, true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// One kit (issue 30): the page's and the element's call shapes (createRenderer, createPointer,
// createLoop) are the kit's renderer, pointer and loop. Where the two old copies differed, the
// kit keeps one rule; these checks pin the rules that the page's copy did not have (each fails
// on it): the pointer maps client px through the canvas's content box (border and padding: the
// page's copy read offsetX, relative to the padding edge), a mouse's right click outside a drag
// keeps the canvas's menu while a finger's long press does not open it, a hovering mouse is
// tracked while grabbing is disabled but shows no grab cursor, destroy() removes the listeners;
// the renderer sizes the canvas as soon as it is made (not at the first ResizeObserver callback)
// and invalidate() refits after world.setSize; the kit's pointer has no 20 world px floor.
test('one kit: the page\'s createRenderer / createPointer follow the kit\'s rules', async () => {
  const { page, context, errors } = await open();
  try {
    await page.evaluate(async () => {
      window.demo.stop();
      // the kit's internal modules are not hosted one by one (dist/ is bundled by entry point):
      // their readable flat copies, with the library they import
      const { loadSilk } = await import('/build/flat/silk.mjs');
      const { createRenderer } = await import('/build/flat/render.mjs');
      const { createPointer } = await import('/build/flat/input.mjs');
      const c = document.createElement('canvas');
      c.style.cssText = 'display:block; width:400px; height:250px; border:7px solid #888; padding:11px; box-sizing:content-box';
      document.body.prepend(c);
      const w = (await loadSilk()).createWorld({ width: 400, height: 250 });
      const k = w.addComposite();
      w.addParticle(k, 100, 100); // 0: the one pressed
      w.addParticle(k, 111, 111); // 1: where the padding edge's offsetX would have pressed
      w.addParticle(k, 300, 100); // 2
      const renderer = createRenderer(c, w);
      window.one = { c, w, renderer, sizedAtOnce: [c.width, renderer.view.scale, renderer.view.cssWidth], pointer: createPointer(c, renderer, w) };
      window.one.menu = [];
      document.addEventListener('contextmenu', (e) => { window.one.menu.push(e.defaultPrevented); e.preventDefault(); });
    });
    const dpr = await page.evaluate(() => devicePixelRatio);
    const sized = await page.evaluate(() => window.one.sizedAtOnce);
    assert.deepEqual(sized, [Math.round(400 * dpr), 1, 400], 'sized from the layout when made');

    const at = (i) => page.evaluate((k) => {
      const { c, w, renderer } = window.one;
      const r = c.getBoundingClientRect();
      const [cx, cy] = renderer.toCanvas(w.positions[2 * k], w.positions[2 * k + 1]);
      return [r.left + 7 + 11 + cx, r.top + 7 + 11 + cy]; // border + padding: the content box
    }, i);
    const [x0, y0] = await at(0);
    await page.mouse.move(x0, y0);
    assert.deepEqual(await page.evaluate(() => [window.one.pointer.state.hover.x, window.one.pointer.state.hover.y].map(Math.round)), [100, 100], 'hover in world px');
    assert.equal(await page.evaluate(() => window.one.c.style.cursor), 'grab', 'a hand over a particle');
    await page.evaluate(() => { window.one.pointer.state.disabled = true; });
    const [x2, y2] = await at(2);
    await page.mouse.move(x2, y2);
    const disabled = await page.evaluate(() => [Math.round(window.one.pointer.state.hover.x), window.one.c.style.cursor]);
    assert.deepEqual(disabled, [300, ''], 'disabled: the hover is followed, no grab cursor');
    await page.evaluate(() => { window.one.pointer.state.disabled = false; });
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    assert.equal(await page.evaluate(() => window.one.w.draggedParticle), 0, 'the press grabbed the particle under it (content box)');
    await page.mouse.up();
    await page.evaluate(() => window.one.pointer.flush());
    assert.equal(await page.evaluate(() => window.one.w.draggedParticle), -1);

    await page.mouse.click(x2 + 40, y2 + 40, { button: 'right' }); // a mouse, no drag: the menu stays
    await page.evaluate(() => { // a finger's press that missed, then its long press's menu
      const { c } = window.one;
      c.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 9, pointerType: 'touch', button: 0, clientX: 5, clientY: 5, bubbles: true, cancelable: true }));
      c.dispatchEvent(new PointerEvent('pointerup', { pointerId: 9, pointerType: 'touch', button: 0, bubbles: true }));
      c.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    });
    assert.deepEqual(await page.evaluate(() => window.one.menu), [false, true], 'context menu: a mouse keeps it, a long press does not');

    const refit = await page.evaluate(() => {
      const { w, renderer } = window.one;
      const before = renderer.view.scale;
      w.setSize(200, 250);
      renderer.invalidate();
      return [before, renderer.view.scale, renderer.view.offsetX];
    });
    assert.deepEqual(refit, [1, 1, 100], 'invalidate() refits the new world size (centred)');

    const [x1, y1] = await at(1);
    await page.evaluate(() => window.one.pointer.destroy());
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    assert.equal(await page.evaluate(() => window.one.w.draggedParticle), -1, 'destroy() removed the listeners');
    await page.mouse.up();

    // the kit's pointer: grabRadius CSS px, no world floor (a world drawn 4x: 20 CSS px = 5 world px)
    const origin = await page.evaluate(async () => {
      const { createCanvasPointer } = await import('/dist/canvas.mjs');
      const { c, w } = window.one;
      window.one.kit = createCanvasPointer(c, w, { dpr: 1, cssWidth: 400, cssHeight: 250, scale: 4, offsetX: -300, offsetY: -300 });
      const r = c.getBoundingClientRect();
      return [r.left + 18, r.top + 18];
    });
    const kit = [];
    for (const dx of [8, 4]) { // 8 world px off: out of reach; 4: in
      await page.mouse.move(origin[0] + (100 + dx) * 4 - 300, origin[1] + 100 * 4 - 300);
      await page.mouse.down();
      kit.push(await page.evaluate(() => window.one.w.draggedParticle));
      await page.mouse.up();
      await page.evaluate(() => window.one.kit.flush());
    }
    assert.deepEqual(kit, [-1, 0], 'the kit: 20 CSS px at scale 4 reach 5 world px, not 20');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
