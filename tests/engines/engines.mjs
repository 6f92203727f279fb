// engines.mjs -- one small interface over three browser engines, for tests/engines/:
//   chromium  Debian's chromium through playwright-core (CDP)
//   firefox   Debian's firefox-esr through puppeteer-core over WebDriver BiDi
//   webkit    WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver, selenium-webdriver),
//             under an Xvfb display of its own (MiniBrowser has no headless mode)
//
//   const engine = await launchEngine('webkit');
//   const page = await engine.open(url, { width, height });
//   await page.goto(url);                       // another document in the same page
//   await page.evaluate((a) => ..., arg);       // a function and one JSON argument; awaits promises
//   await page.waitFor((a) => ..., arg, { timeout });
//   await page.drag([x0, y0], [x1, y1], { steps, hold(page) });   // mouse, CSS px of the viewport
//   await page.touchDrag(...)                   // same, a touch (engine.touch says whether it can)
//   await page.swipe(...)                       // same, a finger the browser scrolls with (engine.swipes)
//   await page.pixels({ x, y, width, height })  // a screenshot's pixels: { data, width, height }
//   await page.errors()                         // what the recorder (server.mjs) and the driver saw
//   engine.crashes()                            // web processes that died (WebKit's report; else 0)
//   await page.close(); await engine.close();
//
// WebKit's driver has no init scripts, no request routing and no console events, so nothing
// here depends on them: the test server injects a recorder script into every HTML document it
// serves (server.mjs), and errors() reads the recorder's global in the page and in each of its
// same-origin iframes. Chromium and Firefox add their driver's own console and page errors.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { existsSync, appendFileSync } from 'node:fs';
import { decodePng } from './png.mjs';

export const ENGINES = Object.freeze(['chromium', 'firefox', 'webkit']);

const CHROMIUM = process.env.SILK_CHROMIUM ?? '/usr/bin/chromium';
const FIREFOX = process.env.SILK_FIREFOX ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.SILK_WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.SILK_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The engines whose browser and driver are installed (scripts/setup.sh installs all three). */
export function installedEngines() {
  const have = { chromium: existsSync(CHROMIUM), firefox: existsSync(FIREFOX), webkit: existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER) && existsSync('/usr/bin/Xvfb') };
  return ENGINES.filter((e) => have[e]);
}

/** The recorder's findings in this document and its same-origin iframes (server.mjs). */
function collectRecorded() {
  const out = [];
  const visit = (w, where) => {
    const r = w.__silkRecorder;
    if (!r) out.push(`${where}: no recorder (the document was not served by tests/engines/server.mjs)`);
    else for (const e of r.errors) out.push(`${where}: ${e}`);
    for (let i = 0; i < w.frames.length; i++) {
      let f = null;
      try { f = w.frames[i].document ? w.frames[i] : null; } catch { f = null; } // cross-origin: not ours
      if (f) visit(f, `${where} frame ${i}`);
    }
  };
  visit(window, 'page');
  return out;
}

/** `fn` and its argument as the source of a function body that WebDriver runs (awaits promises). */
function script(fn, arg) {
  return `return (${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)});`;
}

async function poll(check, { timeout = 30000, interval = 50, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** Points from a to b in `steps` moves (the first is a itself). */
function path(a, b, steps) {
  const out = [];
  for (let k = 0; k <= steps; k++) out.push([Math.round(a[0] + ((b[0] - a[0]) * k) / steps), Math.round(a[1] + ((b[1] - a[1]) * k) / steps)]);
  return out;
}

// ---- Chromium: playwright-core ------------------------------------------------------------

/** A drag with a Playwright or Puppeteer mouse (the same move / down / up): `steps` moves
 *  16 ms apart, `hold` awaited before the button is released (what it returns is returned). */
async function mouseDrag(mouse, a, b, { steps = 10, hold } = {}) {
  const pts = path(a, b, steps);
  await mouse.move(...pts[0]);
  await mouse.down();
  for (const p of pts.slice(1)) { await mouse.move(...p); await new Promise((r) => setTimeout(r, 16)); }
  const held = await hold?.();
  await mouse.up();
  return held;
}

async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    name: 'chromium',
    touch: true,
    swipes: true,
    crashes: () => 0,
    async open(url, { width = 1280, height = 800, touch = false } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, hasTouch: touch });
      const page = await context.newPage();
      const native = [];
      page.on('console', (m) => { if (m.type() === 'error') native.push(`console: ${m.text()}`); });
      page.on('pageerror', (e) => native.push(`pageerror: ${e.message}`));
      await page.goto(url);
      let cdp = null;
      const touchPoint = async (type, points) => {
        cdp ??= await context.newCDPSession(page);
        await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y]) => ({ x, y })) });
      };
      // one finger from a to b, `pause` ms between its moves; hold() answers while it is down
      const touchPath = async (a, b, { steps = 10, hold } = {}, pause) => {
        const pts = path(a, b, steps);
        await touchPoint('touchStart', [pts[0]]);
        for (const p of pts.slice(1)) { await touchPoint('touchMove', [p]); await page.waitForTimeout(pause); }
        const held = await hold?.();
        await touchPoint('touchEnd', []);
        return held;
      };
      return wrap({
        engine: 'chromium',
        goto: async (u) => { native.length = 0; await page.goto(u); },
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        drag: (a, b, options) => mouseDrag(page.mouse, a, b, options),
        touchDrag: (a, b, options) => touchPath(a, b, options, 16),
        // CDP's touches go through the compositor's input handling: they scroll (a finger's swipe)
        swipe: (a, b, options) => touchPath(a, b, options, 8),
        screenshot: (clip) => page.screenshot(clip ? { clip } : {}),
        scroll: (y) => page.mouse.wheel(0, y),
        native: () => native.slice(),
        close: () => context.close(),
      });
    },
    close: () => browser.close(),
  };
}

// ---- Firefox: puppeteer-core over WebDriver BiDi -------------------------------------------

// Two kinds of touch. WebDriver BiDi's touch actions (puppeteer's touchscreen: touchDrag) are
// dispatched inside the page's content process (EventUtils' synthesizeTouchAtPoint, i.e.
// windowUtils.sendTouchEvent), after Firefox's async pan/zoom (APZ), which lives in the parent
// process and is what scrolls a page under a finger: the page sees pointerdown, touchstart and
// touchmoves, but nothing scrolls, not even plain text. A real finger goes through the widget:
// nsIDOMWindowUtils.sendNativeTouchPoint in the browser's chrome window, which the headless
// widget turns into the input APZ gets from a touch screen, so it scrolls, hit-tests, asks the
// page whether its touchstart is cancelled and hands the events to content as a phone would.
// Chrome windows are reachable over BiDi only when Firefox starts with
// -remote-allow-system-access ("moz:scope": "chrome" in browsingContext.getTree; test harness
// only). swipe() uses it. Touch events must be on, as Firefox turns them on when it finds a touch
// screen (dom.w3c_touch_events.enabled: 2, its default, detects one; none here): with them off
// the page still gets touch events, but APZ neither waits for a touchstart listener nor reads
// touch-action, so a 300 px swipe scrolled 290 px from a canvas whose touchstart was cancelled,
// and from one with touch-action: none. With 1, as a phone: cancelled 0 px, none 0 px, plain
// text and touch-action: pan-y 290 px (the first 10 px are APZ's touch slop). Headless or under
// Xvfb alike.
const TOUCH_CONTACT = 2; // nsIDOMWindowUtils.TOUCH_CONTACT: down or moved
const TOUCH_REMOVE = 4; // nsIDOMWindowUtils.TOUCH_REMOVE: lifted

async function launchFirefox() {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: true, protocol: 'webDriverBiDi',
    args: ['-remote-allow-system-access'], // swipe(): native touches from the chrome window
    extraPrefsFirefox: {
      'browser.shell.checkDefaultBrowser': false, 'datareporting.policy.dataSubmissionEnabled': false,
      'dom.w3c_touch_events.enabled': 1, // a touch screen, as on a phone (see above)
    },
  });
  const bidi = browser.connection;
  let chromeContext = null;
  /** One native touch point (screen device px) through the top chrome window's widget. */
  async function nativeTouch(state, [x, y]) {
    if (chromeContext === null) {
      const tree = await bidi.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
      chromeContext = tree.result.contexts[0].context;
    }
    const r = await bidi.send('script.callFunction', {
      functionDeclaration: '(s, x, y) => { window.windowUtils.sendNativeTouchPoint(0, s, x, y, 1, 90); }',
      arguments: [state, x, y].map((value) => ({ type: 'number', value })),
      awaitPromise: false, target: { context: chromeContext },
    });
    if (r.result.type === 'exception') throw new Error(`sendNativeTouchPoint: ${r.result.exceptionDetails.text}`);
  }
  return {
    name: 'firefox',
    touch: true,
    swipes: true,
    crashes: () => 0,
    async open(url, { width = 1280, height = 800, touch = false } = {}) {
      const page = await browser.newPage();
      await page.setViewport({ width, height, deviceScaleFactor: 1, hasTouch: touch });
      const native = [];
      page.on('console', (m) => { if (m.type() === 'error') native.push(`console: ${m.text()}`); });
      page.on('pageerror', (e) => native.push(`pageerror: ${e.message}`));
      await page.goto(url);
      const wait = (ms) => new Promise((r) => setTimeout(r, ms));
      return wrap({
        engine: 'firefox',
        goto: async (u) => { native.length = 0; await page.goto(u); },
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        drag: (a, b, options) => mouseDrag(page.mouse, a, b, options),
        async touchDrag(a, b, { steps = 10, hold } = {}) {
          const pts = path(a, b, steps);
          const t = await page.touchscreen.touchStart(...pts[0]);
          for (const p of pts.slice(1)) { await t.move(...p); await wait(16); }
          const held = await hold?.();
          await t.end();
          return held;
        },
        async swipe(a, b, { steps = 10, hold } = {}) {
          await page.bringToFront(); // the widget's touches land in the tab on show
          // client CSS px -> screen device px: where this page's viewport sits on the screen
          const [sx, sy, dpr] = await page.evaluate(() => [window.mozInnerScreenX, window.mozInnerScreenY, window.devicePixelRatio]);
          const screen = ([x, y]) => [Math.round((sx + x) * dpr), Math.round((sy + y) * dpr)];
          const pts = path(a, b, steps);
          await nativeTouch(TOUCH_CONTACT, screen(pts[0]));
          for (const p of pts.slice(1)) { await nativeTouch(TOUCH_CONTACT, screen(p)); await wait(8); }
          const held = await hold?.();
          await nativeTouch(TOUCH_REMOVE, screen(pts.at(-1)));
          return held;
        },
        screenshot: (clip) => page.screenshot(clip ? { clip } : {}),
        scroll: (y) => page.mouse.wheel({ deltaY: y }),
        native: () => native.slice(),
        close: () => page.close(),
      });
    },
    close: () => browser.close(),
  };
}

// ---- WebKit: WebKitWebDriver + MiniBrowser under Xvfb, selenium-webdriver --------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** Starts Xvfb on a free display (-displayfd: the server picks one and writes its number). */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const x = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    let out = '';
    x.once('error', reject);
    x.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it gave a display`)));
    x.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, stop: () => x.kill() });
    });
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill();
  });
}

async function launchWebKit() {
  const { Builder, Capabilities } = await import('selenium-webdriver');
  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    // (not WEBKIT_DISABLE_COMPOSITING_MODE=1: it draws a canvas faster under Xvfb, but the
    // driver's screenshots then never return.)
    // Under Xvfb WebKitGTK paints and composites with Mesa's llvmpipe (software GL). On this
    // loaded 2-core machine its web process segfaulted every run or two (dmesg: "WebKitWebProcess:
    // segfault at 8", in an anonymous executable page of AVX-512 gather code with swrast_dri.so
    // and libLLVM-15 mapped: llvmpipe's JIT), mostly while a canvas was painted on the main
    // thread, and every later check failed ("session deleted because of page crash or hang").
    // WEBKIT_SKIA_ENABLE_CPU_RENDERING=1 paints canvases with Skia on the CPU instead of GL, and
    // LP_NUM_THREADS=0 keeps what llvmpipe still does on the calling thread. Measured here at
    // load 15-23: with neither, 4 crashes in 6 suite runs; LP_NUM_THREADS=0 alone, 1 llvmpipe
    // segfault and 1 WebKit assertion (invalid opcode in libwebkit2gtk) in 6; both, none in 7.
    // A fault of the test machine's GL, not of the page: no iPhone or Mac runs llvmpipe. What
    // crashes still: suite.mjs runs that one check again on a fresh page, and says so.
    env: { ...process.env, DISPLAY: xvfb.display, LP_NUM_THREADS: '0', WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1' },
    // MiniBrowser writes "WebProcess CRASHED" to its stderr (the driver's) when a web process
    // dies: counted, so a check can tell the browser's crash from its own failure
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let crashes = 0;
  const log = process.env.SILK_WEBKIT_LOG; // SILK_WEBKIT_LOG=file: that output and each navigation
  driverProcess.stderr.on('data', (d) => {
    crashes += (String(d).match(/WebProcess CRASHED/g) ?? []).length;
    if (log) appendFileSync(log, d);
  });
  const server = `http://127.0.0.1:${port}`;
  await poll(async () => (await fetch(`${server}/status`)).ok, { timeout: 20000, what: 'WebKitWebDriver' });
  const sessions = new Set();
  return {
    name: 'webkit',
    touch: false, // WebKitWebDriver accepts touch pointer actions but delivers mouse events (no touchstart)
    swipes: false,
    /** How many times a web process of this browser has crashed (MiniBrowser's own report). */
    crashes: () => crashes,
    async open(url, { width = 1280, height = 800 } = {}) {
      const caps = new Capabilities();
      caps.set('browserName', 'MiniBrowser');
      caps.set('webkitgtk:browserOptions', { binary: MINIBROWSER, args: ['--automation'] });
      const driver = await new Builder().usingServer(server).withCapabilities(caps).build();
      sessions.add(driver);
      // the window is the viewport plus MiniBrowser's chrome: grow it until the viewport fits
      await driver.manage().window().setRect({ x: 0, y: 0, width, height });
      const inner = await driver.executeScript('return [window.innerWidth, window.innerHeight]');
      await driver.manage().window().setRect({ x: 0, y: 0, width: width + (width - inner[0]), height: height + (height - inner[1]) });
      await driver.get(url);
      const run = (fn, arg) => driver.executeScript(script(fn, arg));
      const actionsDrag = async (a, b, { steps = 10, hold } = {}) => {
        const pts = path(a, b, steps);
        let act = driver.actions({ async: true }).move({ x: pts[0][0], y: pts[0][1], origin: 'viewport', duration: 0 }).press();
        for (const p of pts.slice(1)) act = act.move({ x: p[0], y: p[1], origin: 'viewport', duration: 16 });
        await act.perform();
        const held = await hold?.();
        await driver.actions({ async: true }).release().perform();
        return held;
      };
      return wrap({
        engine: 'webkit',
        goto: (u) => { if (log) appendFileSync(log, `${new Date().toISOString()} goto ${u}\n`); return driver.get(u); },
        evaluate: run,
        drag: actionsDrag,
        touchDrag: null,
        swipe: null,
        async screenshot(clip) {
          const png = Buffer.from(await driver.takeScreenshot(), 'base64');
          if (!clip) return png;
          return { png, clip };
        },
        scroll: (y) => run((dy) => window.scrollBy(0, dy), y),
        native: () => [],
        async close() { sessions.delete(driver); await driver.quit(); },
      });
    },
    async close() {
      for (const d of sessions) await d.quit().catch(() => {});
      await stopChild(driverProcess);
      xvfb.stop();
    },
  };
}

// ---- the common page -------------------------------------------------------------------------

function crop(img, { x, y, width, height }) {
  const x0 = Math.max(0, Math.round(x)), y0 = Math.max(0, Math.round(y));
  const w = Math.min(img.width - x0, Math.round(width)), h = Math.min(img.height - y0, Math.round(height));
  const data = new Uint8Array(w * h * 4);
  for (let r = 0; r < h; r++) data.set(img.data.subarray(((y0 + r) * img.width + x0) * 4, ((y0 + r) * img.width + x0 + w) * 4), r * w * 4);
  return { data, width: w, height: h };
}

function wrap(p) {
  return {
    engine: p.engine,
    /** Loads another URL in the same page (a fresh document: a fresh recorder). */
    goto: p.goto,
    evaluate: p.evaluate,
    async waitFor(fn, arg, { timeout = 30000, interval = 50 } = {}) {
      return poll(() => p.evaluate(fn, arg), { timeout, interval, what: fn.toString().slice(0, 120) });
    },
    drag: p.drag,
    touchDrag: p.touchDrag,
    /** A finger's swipe from a to b that the browser may scroll with (engine.swipes says whether
     *  it can): `steps` moves, `hold` awaited before the finger lifts (what it returns is returned). */
    swipe: p.swipe,
    scroll: p.scroll,
    /** The viewport's pixels in `box` (CSS px; the pages open at device pixel ratio 1). */
    async pixels(box) {
      const shot = await p.screenshot();
      const img = decodePng(shot.png ?? shot);
      return box ? crop(img, box) : img;
    },
    /** Console errors, uncaught errors, unhandled rejections, Worker errors and CSP violations. */
    async errors() {
      const recorded = await p.evaluate(collectRecorded);
      return [...recorded, ...p.native()];
    },
    close: p.close,
  };
}

export async function launchEngine(name) {
  if (name === 'chromium') return launchChromium();
  if (name === 'firefox') return launchFirefox();
  if (name === 'webkit') return launchWebKit();
  throw new RangeError(`launchEngine: unknown engine ${JSON.stringify(name)} (one of ${ENGINES.join(', ')})`);
}
