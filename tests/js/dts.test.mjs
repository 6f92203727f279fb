// dts.test.mjs -- issue 30 part 4: web/lib/silk.d.ts is written by hand, so this test checks it
// against the binding and the engine: every member it declares on World, Stepper and Silk exists
// (and every public member is declared), and every "default X" it states is the default the
// binding and the engine really use. A wrong default fails here: options are checked by
// behaviour (a world or a run made with the stated default given is identical to one made with
// the option left out), robust settings by what a fresh world reports, the rest by the
// engine's own default defs read from wasm memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { importSilk } from './helpers.mjs';

const mod = await importSilk();
const silk = await mod.loadSilk();
const dts = readFileSync(new URL('../../web/lib/silk.d.ts', import.meta.url), 'utf8');

/** The text of a declaration's body: `export interface Name {` or `export declare class Name {`. */
function body(name) {
  const m = new RegExp(`export (?:declare class|interface) ${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(dts);
  assert.ok(m, `silk.d.ts declares ${name}`);
  return m[1];
}

/** Member names declared in a body (methods, properties, getters), comments removed. */
function members(text) {
  const bare = text.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const names = new Set();
  for (const line of bare.split('\n')) {
    const m = /^ {2}(?:readonly\s+)?(?:get\s+|set\s+)?(\w+)\??\s*[(:]/.exec(line);
    if (m) names.add(m[1]);
  }
  return names;
}

/** Public members (not _private, not constructor) along an object's prototype chain. */
function publicMembers(o, stop = Object.prototype) {
  const names = new Set();
  for (let p = Object.getPrototypeOf(o); p && p !== stop; p = Object.getPrototypeOf(p)) {
    for (const n of Object.getOwnPropertyNames(p)) if (!n.startsWith('_') && n !== 'constructor') names.add(n);
  }
  for (const n of Object.keys(o)) if (!n.startsWith('_')) names.add(n);
  return names;
}

test('silk.d.ts declares exactly the public members of World, Stepper and Silk', () => {
  const w = silk.createWorld();
  const s = silk.createStepper();
  for (const [name, object] of [['World', w], ['Stepper', s], ['Silk', silk]]) {
    const declared = members(body(name));
    const actual = publicMembers(object);
    for (const n of declared) assert.ok(actual.has(n), `silk.d.ts declares ${name}.${n}, which the binding does not have`);
    for (const n of actual) assert.ok(declared.has(n), `${name}.${n} is not declared in silk.d.ts`);
  }
  w.destroy();
  s.destroy();
  // and the module's exports
  const exported = new Set([...dts.matchAll(/^export declare (?:const|function|class) (\w+)/gm)].map((m) => m[1]));
  for (const n of Object.keys(mod)) assert.ok(exported.has(n), `silk.mjs exports ${n}, which silk.d.ts does not declare`);
  for (const n of exported) assert.ok(n in mod, `silk.d.ts declares ${n}, which silk.mjs does not export`);
});

/** Every "default X" of silk.d.ts: [{ scope, option, text }] (text: the value as written). */
function statedDefaults() {
  const out = [];
  let scope = '';
  for (const line of dts.split('\n')) {
    const decl = /^export (?:declare class|interface) (\w+)/.exec(line);
    if (decl) scope = decl[1];
    if (!/\bdefault\b/.test(line) || /^\/\*\*|^ \*/.test(line)) continue; // the file's own header comments
    const field = /^\s+(\w+)\??:/.exec(line);
    if (field) {
      const m = /\bdefault:? (\[[^\]]*\]|'[^']*'|true|false|mapped|[-\d.e/]+)/.exec(line);
      assert.ok(m, `cannot read the default on: ${line.trim()}`);
      out.push({ scope, option: field[1], text: m[1] });
      continue;
    }
    // a comment line: "default: mapped ..." (the next field's) or "name ... (default X)" pairs
    const pairs = [...line.matchAll(/(\w+) [<>=]+ [^(),]*\(default ([^)]+)\)/g)];
    if (pairs.length) {
      for (const p of pairs) out.push({ scope: `${scope}.createStepper`, option: p[1], text: p[2] });
    } else {
      assert.match(line, /default: mapped/, `a default silk.d.ts states that this test cannot read: ${line.trim()}`);
      out.push({ scope, option: '(mapped)', text: 'mapped' });
    }
  }
  return out;
}

/** A stated default as a value: numbers (a/b fractions too), booleans, strings, [x, y]. */
function valueOf(text) {
  if (text.startsWith('[')) return text.slice(1, -1).split(',').map((t) => valueOf(t.trim()));
  if (text.startsWith("'")) return text.slice(1, -1);
  if (text === 'true' || text === 'false') return text === 'true';
  const [a, b] = text.split('/');
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

/** Whether `actual` is the stated value, to the precision it is written with (0.603, 13.39). */
function matches(text, actual) {
  const stated = valueOf(text);
  if (Array.isArray(stated)) return Array.isArray(actual) && stated.every((v, i) => matches(String(text.slice(1, -1).split(',')[i]).trim(), actual[i]));
  if (typeof stated !== 'number') return stated === actual;
  if (text.includes('/')) return Math.abs(stated - actual) <= 1e-12 * Math.abs(stated);
  const decimals = (text.split('.')[1] ?? '').length;
  return Number(actual.toFixed(decimals)) === stated;
}

/** A digest of a world's state and settings (its snapshot) after a short run of a small chain
 *  built by hand (buildScene would set the page's gravity and friction over the options). */
function fingerprint(options) {
  const w = silk.createWorld(options);
  const c = w.addComposite();
  for (let i = 0; i < 6; i++) w.addParticle(c, 100 + 20 * i, 480 - 3 * i);
  for (let i = 0; i < 5; i++) w.addDistance(c, i, i + 1, 0.5);
  w.addAngle(c, 0, 1, 2, 0.2);
  w.addPin(c, 0);
  w.setLastPosition(5, 100 + 20 * 5 - 4, 480 - 15 + 2); // moving, so friction shows
  for (let k = 0; k < 4; k++) w.advance(1 / 60);
  const digest = createHash('sha256').update(w.snapshot()).digest('hex').slice(0, 16);
  w.destroy();
  return digest;
}

const ballOut = (o) => JSON.stringify(Object.fromEntries(Object.entries(silk.ballRun(o)).map(([k, v]) => [k, Array.from(v?.length ? v : [v])])));

test('every "default X" in silk.d.ts is the default the binding and the engine use', () => {
  const stated = statedDefaults();
  assert.ok(stated.length >= 37, `${stated.length} defaults read`);
  const robust = silk.createWorld().robust;
  const plainWorld = fingerprint();
  const plainBall = ballOut();
  const checked = [];
  for (const { scope, option, text } of stated) {
    const where = `${scope}.${option}: default ${text}`;
    if (text === 'mapped') { checked.push(where); continue; } // computed from other settings, not a constant
    const value = valueOf(text);
    switch (scope) {
      case 'RobustSettings':
        assert.ok(option in robust, `${where}: not a robust setting`);
        assert.ok(matches(text, robust[option]), `${where}, but a fresh world's is ${robust[option]}`);
        break;
      case 'WatchdogOptions': {
        const field = option.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        assert.ok(field in mod.DEFAULTS.silk_watchdog_def, `${where}: not a watchdog setting`);
        assert.ok(matches(text, mod.DEFAULTS.silk_watchdog_def[field]), `${where}, but the engine's is ${mod.DEFAULTS.silk_watchdog_def[field]}`);
        break;
      }
      case 'WorldOptions':
        // a world made with the stated default given is the world made without the option
        assert.equal(fingerprint({ [option]: value }), plainWorld, `${where}: giving it changes the world`);
        break;
      case 'BallRunOptions':
        assert.equal(ballOut({ [option]: value }), plainBall, `${where}: giving it changes the run`);
        if (option === 'angle') { // with v0 = 0 the angle does not show: launch at 1 m/s
          assert.equal(ballOut({ v0: 1, angle: value }), ballOut({ v0: 1 }), `${where}: giving it changes the run`);
        }
        break;
      case 'PolygonOptions':
        assert.ok(matches(text, silk._defaultsOf(`silk_polygon_def`)[option]), `${where}, but the engine's is ${silk._defaultsOf('silk_polygon_def')[option]}`);
        break;
      case 'CollisionFilter': { // a new composite's filter
        const w = silk.createWorld();
        const f = w.collisionFilter(w.addComposite());
        w.destroy();
        assert.ok(option in f, `${where}: not a collision filter field`);
        assert.ok(matches(text, f[option]), `${where}, but a new composite's is ${f[option]}`);
        break;
      }
      case 'Silk.createStepper': {
        const s = silk.createStepper();
        assert.ok(matches(text, s[option]), `${where}, but createStepper()'s is ${s[option]}`);
        s.destroy();
        break;
      }
      default:
        assert.fail(`${where}: silk.d.ts states a default in ${scope}, which this test does not check yet`);
    }
    checked.push(where);
  }
  assert.equal(checked.length, stated.length);
});

test('a wrong default would fail: the checks above tell a stated value from another', () => {
  // every option of WorldOptions with a stated default changes the fingerprint when given
  // another value, so giving the stated one and seeing no change is a real check
  const other = {
    width: 801, height: 501, gravity: [0, 0.3], friction: 0.98, groundFriction: 0.7, seed: 2, relaxPasses: 15,
    stepSeconds: 1 / 50, maxStepsPerFrame: 7, loopMode: 'coupled', solver: 'robust', substeps: 7, iterations: 2,
    ceiling: false, restitution: 0.5, tethers: true, nearPass: false, nearPasses: 2, chains: true, nearMobility: 0.5,
  };
  const plain = fingerprint();
  for (const { scope, option, text } of statedDefaults()) {
    if (scope !== 'WorldOptions' || text === 'mapped') continue;
    assert.ok(option in other, `no other value of ${option} listed here`);
    assert.notEqual(fingerprint({ [option]: other[option] }), plain, `${option}: another value leaves the world the same`);
  }
  assert.notEqual(ballOut({ g: 9.8 }), ballOut());
  assert.ok(!matches('0.603', silk.createWorld({ friction: 0.98 }).robust.damping));
  assert.ok(matches('1/60', 1 / 60) && !matches('1/60', 1 / 61) && matches('13.39', 13.3912) && !matches('8', 9));
});
