// silk-world-settings.mjs -- the world's settings as World accessors, one per entry of
// WORLD_SETTINGS (generated from engine/src/settings.h's SILK_WORLD_SETTINGS table): read
// through silk_js_world_get_setting, written through silk_js_world_set_setting, whose refusal
// names the field and the table's rule. A setting added to the table appears here without a
// line of code; the size is read-only (setSize sets both sides at once) and the seed has
// setSeed() and random().
import { LAYOUT, WORLD_SETTINGS } from './silk-boundary.mjs';
import { CHECK_BY_TYPE } from './silk-checks.mjs';
import { checkStatus } from './silk-status.mjs';

/** The world's settings by C name (index, option, type). */
const WORLD_SETTING = Object.freeze(Object.fromEntries(WORLD_SETTINGS.map((s) => [s.name, s])));
const READ_ONLY = Object.freeze(['width', 'height']);

/** A world setting by C name, through silk_js_world_get_setting. */
export function getSetting(world, name) {
  const { index, type } = WORLD_SETTING[name];
  const silk = world._silk;
  const p = silk._scratch;
  world._call(name, world._x.silk_js_world_get_setting(world._ptr, index, p));
  const v = silk._readStruct('silk_setting_value', p);
  return type === 'silk_vec2' ? [v.x, v.y] : type === 'uint64_t' ? v.seed : v.x;
}

/** Sets a world setting: the JS check of its type, then the engine's table (its validator; a
 *  refusal names the option as the caller spelled it, `where`, with the table's rule). */
export function setSetting(world, where, name, value) {
  const { index, type } = WORLD_SETTING[name];
  const checked = CHECK_BY_TYPE[type](where, where, value);
  const x = world._x; // a destroyed world throws here, before anything is written
  const silk = world._silk;
  const p = silk._scratch;
  const L = LAYOUT.silk_setting_value;
  silk._heap();
  silk._writeField('double', p + L.x, type === 'silk_vec2' ? checked[0] : type === 'uint64_t' ? 0 : checked);
  silk._writeField('double', p + L.y, type === 'silk_vec2' ? checked[1] : 0);
  silk._writeField('uint64_t', p + L.seed, type === 'uint64_t' ? checked : [0, 0]);
  checkStatus(silk, where, x.silk_js_world_set_setting(world._ptr, index, p),
    { world, values: { [where]: value }, spelled: where });
}

/** Defines every world setting's accessor on World's prototype. */
export function addSettings(World) {
  for (const s of WORLD_SETTINGS) {
    if (s.type === 'uint64_t') continue;
    Object.defineProperty(World.prototype, s.option, {
      configurable: true,
      get() { return getSetting(this, s.name); },
      ...(READ_ONLY.includes(s.name) ? {} : { set(v) { setSetting(this, s.option, s.name, v); } }),
    });
  }
}
