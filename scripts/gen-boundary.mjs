#!/usr/bin/env node
// gen-boundary.mjs -- writes web/lib/silk-boundary.mjs, the JS side of the wasm boundary, from
// the public headers, so that the binding restates none of the engine's numbers by hand; and
// engine/wasm/exports_generated.c, the exports that only marshal, from the table
// engine/wasm/silk_js_calls.h and the engine's prototypes.
//
//   node scripts/gen-boundary.mjs           rewrite the generated files
//   node scripts/gen-boundary.mjs --check   exit 1 (and say why) when the file is not current
//
// What it reads from engine/include/silk.h, silk_extras.h and engine/wasm/silk_js.h (the
// boundary's own records and bounds, which only exports.c includes):
//   * every `typedef enum silk_x { ... } silk_x;` and the anonymous enum of SILK_DIAG_* fields,
//     with explicit or implicit values (a last entry named *_COUNT / *_COUNT_V1 is a count, not
//     a value, and is left out of the value lists);
//   * every `#define SILK_NAME <number>` whose value is a plain number or a shift/product of
//     plain numbers (the hard limits, SILK_DIAG_CAPACITY, ...);
//   * the status codes' comments, which become the messages of the errors the binding throws;
//   * the structs that cross the boundary (BOUNDARY_STRUCTS below): their byte layout in wasm32
//     (LAYOUT: offsets by name; FIELDS: name, type, offset and, for arrays, count, in
//     declaration order)
//     (C's rules: each field at the next multiple of its alignment, the size rounded up to the
//     struct's alignment). The layout is also written as C static assertions,
//     engine/wasm/boundary_layout.h, which exports.c includes: if this script and the compiler
//     ever disagree on an offset, the wasm build stops.
// The exports (engine/wasm/silk_js_calls.h, X(export, engine function)): for each, the
// function's prototype in silk.h / silk_extras.h decides the wrapper (the marshalling rules are
// in that header); a type no rule covers stops the script. Every export, generated or written
// by hand in exports.c, is listed in CALLS with the wasm types of its parameters (loadSilk
// checks the module against them).
// It also reads engine/src/settings.h, the defs' settings tables (SETTINGS_TABLES below), and
// stops when a def's field is neither in its table nor listed as not a setting: a field added
// to a def without its table entry would be neither checked, saved nor recorded. From the
// world's table it writes WORLD_SETTINGS (each setting's index for silk_world_set_setting, JS
// option name, type, default, rule, event and its silk.h comment), after checking that silk.h's
// silk_world_setting lists the table's entries in its order. Blocks under
// `#ifdef SILK_TEST_SETTING` (the test build's extra setting) are not part of the boundary.
// scripts/test.sh runs it with --check: a header change without regenerated files fails CI.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const headers = ['engine/include/silk.h', 'engine/include/silk_extras.h', 'engine/wasm/silk_js.h']
  .filter((h) => existsSync(path.join(root, h)));
const outFile = path.join(root, 'web', 'lib', 'silk-boundary.mjs');
const layoutFile = path.join(root, 'engine', 'wasm', 'boundary_layout.h');
const callsFile = 'engine/wasm/silk_js_calls.h';
const wrappersFile = path.join(root, 'engine', 'wasm', 'exports_generated.c');
const handFile = path.join(root, 'engine', 'wasm', 'exports.c');

/** Structs the binding reads or writes in wasm memory, by address. */
const BOUNDARY_STRUCTS = [
  'silk_advance_result', 'silk_world_def', 'silk_stepper_def', 'silk_robust_def', 'silk_watchdog_def',
  'silk_error_detail', 'silk_setting_value',
  // the extras' and the constraints' defs: the binding reads their defaults from the engine
  // (silk_js_default_*_def) and fills them for the builders and add calls
  'silk_spiderweb_def', 'silk_spider_def', 'silk_cloth_def', 'silk_tire_def', 'silk_tree_def', 'silk_scene_def',
  'silk_polygon_def', 'silk_ball_def', 'silk_distance_def',
  // results the engine writes and the binding reads by name
  'silk_constraint_info', 'silk_replay_result', 'silk_play_status', 'silk_sweep_row', 'silk_spider_info',
  // engine/wasm/silk_js.h: results that have no struct in the public API
  'silk_js_ball_row', 'silk_js_hash', 'silk_js_penetration', 'silk_js_play_run_result',
];

/** The defs whose settings engine/src/settings.h declares: the table of each, and the fields
 *  that are not settings (the def check handles them by hand, nothing saves or records them). */
const SETTINGS_TABLES = [
  ['silk_world_def', 'SILK_WORLD_SETTINGS', ['particle_capacity', 'constraint_capacity', 'composite_capacity',
    'stepper', 'alloc_fn', 'free_fn', 'allocator_user', 'internal_cookie']],
  ['silk_stepper_def', 'SILK_STEPPER_SETTINGS', ['internal_cookie']],
  ['silk_robust_def', 'SILK_ROBUST_SETTINGS', ['internal_cookie']],
  ['silk_watchdog_def', 'SILK_WATCHDOG_SETTINGS', ['internal_cookie']],
];

/** Settings whose table default is not what silk_default_*_def() returns (robust_settings.c
 *  maps the compat page's gravity and frictions to seconds): left out of DEFAULTS. */
const NOT_TABLE_DEFAULTS = { silk_robust_def: ['gravity', 'damping', 'ground_friction'] };

/** A header's text without its `#ifdef SILK_TEST_SETTING` blocks (the test build's setting). */
function readHeader(file) {
  return readFileSync(path.join(root, file), 'utf8').replace(/^#ifdef SILK_TEST_SETTING\n[\s\S]*?^#endif[^\n]*\n/gm, '');
}

/** The entries of one settings table: [{ name, dflt }] (dflt: the default's C source). */
function tableEntries(text, table, file) {
  const m = new RegExp(`#define ${table}\\(X\\)((?:[^\\n]*\\\\\\n)*[^\\n]*)`).exec(text);
  if (!m) throw new Error(`gen-boundary: ${table} not found in ${file}`);
  const body = m[1].replace(/\\\n/g, ' ');
  const entries = [];
  for (let at = body.indexOf('X('); at >= 0; at = body.indexOf('X(', at)) {
    // the arguments, split at the commas outside parentheses, braces and strings
    const args = [];
    let depth = 0; let quoted = false; let start = at + 2; let i = start;
    for (; i < body.length; i++) {
      const c = body[i];
      if (quoted) { if (c === '\\') i++; else if (c === '"') quoted = false; continue; }
      if (c === '"') quoted = true;
      else if (c === '(' || c === '{') depth++;
      else if ((c === ')' || c === '}') && depth > 0) depth--;
      else if (c === ')') { args.push(body.slice(start, i).trim()); break; }
      else if (c === ',' && depth === 0) { args.push(body.slice(start, i).trim()); start = i + 1; }
    }
    entries.push({ type: args[0], name: args[1], wire: args[2], dflt: args[3], check: args[4], rule: args[5], event: args[6], slot: args[7] });
    at = i;
  }
  return entries;
}

/** A table default's C source as a JS value: numbers (with / * + -), true / false, a
 *  (silk_vec2){x, y} literal as [x, y], SILK_* constants of the headers. */
function defaultValue(src, defines, where) {
  const s = src.trim();
  const vec = /^\(*\s*\(silk_vec2\)\s*\{([^}]*)\}\s*\)*$/.exec(s);
  if (vec) return vec[1].split(',').map((v) => defaultValue(v, defines, where));
  if (s === 'true' || s === 'false') return s === 'true';
  const named = s.replace(/SILK_[A-Z0-9_]+/g, (k) => String(need(defines, k)));
  if (!/^[\d\s.eE+\-*/()]+$/.test(named)) throw new Error(`gen-boundary: cannot read the default of ${where}: ${src}`);
  const v = Function(`"use strict"; return (${named});`)();
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`gen-boundary: the default of ${where} is not a number: ${src}`);
  return v;
}

/** { def struct: { C field: default } } from the settings tables, as silk_default_*_def() sets them. */
function settingsDefaults(defines) {
  const file = 'engine/src/settings.h';
  const text = readFileSync(path.join(root, file), 'utf8');
  const out = {};
  for (const [struct, table] of SETTINGS_TABLES) {
    const skip = NOT_TABLE_DEFAULTS[struct] ?? [];
    out[struct] = Object.fromEntries(tableEntries(text, table, file)
      .filter((e) => !skip.includes(e.name))
      .map((e) => [e.name, defaultValue(e.dflt, defines, `${struct}.${e.name}`)]));
  }
  return out;
}

/** A rule's C source (string literals, SILK_STR(NAME), *_RULE macros of settings.h) as text. */
function ruleText(src, settingsText, rawDefines, where) {
  const parts = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|SILK_STR\((\w+)\)|(SILK_\w+_RULE))/gy;
  let m;
  let at = 0;
  while (at < src.trim().length && (m = re.exec(src.trim()))) {
    if (m[1] !== undefined) parts.push(m[1]);
    else if (m[2] !== undefined) parts.push(need(rawDefines, m[2]));
    else {
      const d = new RegExp(`#define ${m[3]}((?:[^\\n]*\\\\\\n)*[^\\n]*)`).exec(settingsText);
      if (!d) throw new Error(`gen-boundary: ${where}: ${m[3]} not found in engine/src/settings.h`);
      parts.push(ruleText(d[1].replace(/\\\n/g, ' '), settingsText, rawDefines, where));
    }
    at = re.lastIndex;
  }
  if (at !== src.trim().length) throw new Error(`gen-boundary: ${where}: cannot read the rule ${src}`);
  return parts.join('');
}

/** The world's settings table as the binding uses it, checked against silk.h's
 *  silk_world_setting (same entries, same order: the index is the enum's value). */
function worldSettings(enums, defines, rawDefines, silkH) {
  const file = 'engine/src/settings.h';
  const text = readFileSync(path.join(root, file), 'utf8');
  const entries = tableEntries(text, 'SILK_WORLD_SETTINGS', file);
  const names = values(need(enums, 'silk_world_setting'));
  if (names.length !== entries.length || names.some((e, i) => e.name !== `SILK_WORLD_SETTING_${entries[i].name.toUpperCase()}` || e.value !== i)) {
    throw new Error(`gen-boundary: silk.h's silk_world_setting (${names.map((e) => e.name).join(', ')}) must list ${file} SILK_WORLD_SETTINGS in its order`);
  }
  // each field's comment in silk_world_def (a comment after `double width, height;` covers both)
  const body = /typedef\s+struct\s+silk_world_def\s*\{([\s\S]*?)\}\s*silk_world_def\s*;/.exec(silkH)[1];
  const docs = {};
  for (const line of body.split('\n')) {
    const d = /^\s*[\w\s*]+?\s(\w+(?:\s*,\s*\w+)*)\s*;\s*\/\*\s*(.*?)\s*\*\/\s*$/.exec(line);
    if (d) for (const n of d[1].split(',')) docs[n.trim()] = d[2];
  }
  return entries.map((e, index) => ({
    name: e.name, option: e.name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()), index,
    type: e.type, default: defaultValue(e.dflt, defines, `silk_world_def.${e.name}`),
    rule: ruleText(e.rule, text, rawDefines, `silk_world_def.${e.name}`),
    event: e.event === 'NONE' ? null : e.event, doc: docs[e.name] ?? '',
  }));
}

/** Every field of each def in SETTINGS_TABLES is in its table or a known non-setting, and
 *  every table entry is a field. */
function checkSettingsTables(structs) {
  const file = 'engine/src/settings.h';
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const [struct, table, others] of SETTINGS_TABLES) {
    const m = new RegExp(`#define ${table}\\(X\\)((?:[^\\n]*\\\\\\n)*[^\\n]*)`).exec(text);
    if (!m) throw new Error(`gen-boundary: ${table} not found in ${file}`);
    const entries = [...m[1].matchAll(/X\(\s*[^,]+,\s*(\w+)\s*,/g)].map((e) => e[1]);
    const fields = need(structs, struct).map((f) => f.name);
    for (const name of entries) {
      if (!fields.includes(name)) throw new Error(`gen-boundary: ${file} ${table} names ${name}, which ${struct} does not have`);
    }
    for (const name of fields) {
      if (!entries.includes(name) && !others.includes(name)) {
        throw new Error(`gen-boundary: ${struct}.${name} is not in ${file} ${table}: add its entry (docs/architecture.md "How to add a setting")`);
      }
    }
  }
}

/** wasm32 size and alignment of the field types the boundary structs use. */
const TYPES = {
  int32_t: [4, 4], uint32_t: [4, 4], int64_t: [8, 8], uint64_t: [8, 8], double: [8, 8],
  float: [4, 4], bool: [1, 1], silk_vec2: [16, 8],
};

/** Enum entries { name, value, comment } of one enum body, C rules for implicit values. An
 *  entry's comment is the comment that follows it, before the next entry (this header's style). */
function parseEnumBody(body) {
  const comments = [];
  const bare = body.replace(/\/\*([\s\S]*?)\*\//g, (all, inner, at) => {
    comments.push({ at, text: inner.replace(/\s+/g, ' ').trim() });
    return ' '.repeat(all.length); // keeps the positions of what follows
  });
  const found = [...bare.matchAll(/(SILK_[A-Z0-9_]+)\s*(?:=\s*([^,]+?))?\s*(?:,|$)/g)];
  const entries = [];
  let next = 0;
  found.forEach((m, i) => {
    const value = m[2] === undefined ? next : evalNumber(m[2]);
    if (value === undefined) throw new Error(`gen-boundary: cannot read the value of ${m[1]}: ${m[2]}`);
    const end = i + 1 < found.length ? found[i + 1].index : bare.length;
    const comment = comments.filter((c) => c.at > m.index && c.at < end).map((c) => c.text).join(' ');
    entries.push({ name: m[1], value, comment });
    next = value + 1;
  });
  return entries;
}

/** A plain C integer or floating constant, or a shift / product of them; else undefined. */
function evalNumber(src) {
  const s = src.trim().replace(/\(int64_t\)/g, '');
  if (!/^[\d\s.eE+\-*()<x]+$/.test(s)) return undefined;
  if (/[^<]<[^<]|^<|<$/.test(s)) return undefined;
  // only digits, '.', exponents, '*', '<<', parentheses: safe to evaluate as JS. C's `a << b`
  // is on 64 bits; JS's on 32 (1 << 36 would be 16): evaluate it as a * 2 ** b
  const v = Function(`"use strict"; return (${s.replace(/<</g, '* 2 **')});`)();
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function parseHeader(text) {
  const enums = new Map();
  for (const m of text.matchAll(/typedef\s+enum\s+(silk_\w+)\s*\{([\s\S]*?)\}\s*\1\s*;/g)) {
    enums.set(m[1], parseEnumBody(m[2]));
  }
  // the diagnostics fields are an anonymous enum
  for (const m of text.matchAll(/enum\s*\{([\s\S]*?)\}\s*;/g)) {
    const body = parseEnumBody(m[1]);
    if (body.length && body[0].name.startsWith('SILK_DIAG_')) enums.set('silk_diag', body);
  }
  const defines = new Map();
  const raw = new Map(); // the replacement text, as SILK_STR() stringizes it
  for (const m of text.matchAll(/^#define\s+(SILK_[A-Z0-9_]+)\s+([^\n]*?)\s*(?:\/\*.*)?$/gm)) {
    raw.set(m[1], m[2]);
    const v = evalNumber(m[2]);
    if (v !== undefined) defines.set(m[1], v);
  }
  return { enums, defines, raw };
}

/** `typedef struct NAME { ... } NAME;` -> [{ name, type, count }] in declaration order. */
function parseStructs(text) {
  const structs = new Map();
  for (const m of text.matchAll(/typedef\s+struct\s+(silk_\w+)\s*\{([\s\S]*?)\}\s*\1\s*;/g)) {
    const body = m[2].replace(/\/\*[\s\S]*?\*\//g, ' ');
    const fields = [];
    for (const decl of body.split(';').map((s) => s.trim()).filter(Boolean)) {
      const d = /^(?:const\s+)?(\w+)\s*(\**)\s*([\s\S]+)$/.exec(decl);
      if (!d) throw new Error(`gen-boundary: cannot read '${decl}' in ${m[1]}`);
      for (const nameSrc of d[3].split(',').map((s) => s.trim())) {
        const n = /^(\**)\s*(\w+)(?:\[(\w+)\])?$/.exec(nameSrc);
        if (!n) throw new Error(`gen-boundary: cannot read field '${nameSrc}' in ${m[1]}`);
        const pointer = (d[2] + n[1]).length > 0;
        fields.push({ name: n[2], type: pointer ? 'pointer' : d[1], count: n[3] });
      }
    }
    structs.set(m[1], fields);
  }
  return structs;
}

/** The wasm32 layout of one struct: { size, align, fields: [{ name, type, offset, count }] }.
 *  A nested boundary struct's fields are flattened as 'outer.inner' (offsetof accepts that). */
function layoutOf(name, structs, enums, defines) {
  const fields = need(structs, name);
  let offset = 0;
  let align = 1;
  const out = [];
  for (const f of fields) {
    const nested = f.type !== 'pointer' && !(f.type in TYPES) && structs.has(f.type)
      ? layoutOf(f.type, structs, enums, defines) : null;
    const [size, a] = nested ? [nested.size, nested.align]
      : f.type === 'pointer' ? [4, 4]
        : TYPES[f.type] ?? (enums.has(f.type) ? [4, 4] : []);
    if (size === undefined) throw new Error(`gen-boundary: ${name}.${f.name}: no wasm32 size for type ${f.type}`);
    const count = f.count === undefined ? 1 : /^\d+$/.test(f.count) ? Number(f.count) : need(defines, f.count);
    offset = Math.ceil(offset / a) * a;
    if (nested) {
      for (const g of nested.fields) out.push({ ...g, name: `${f.name}.${g.name}`, offset: offset + g.offset });
    } else {
      out.push({ name: f.name, type: enums.has(f.type) ? 'int32_t' : f.type, offset, count });
    }
    offset += size * count;
    align = Math.max(align, a);
  }
  return { size: Math.ceil(offset / align) * align, align, fields: out };
}

function need(map, key) {
  if (!map.has(key)) throw new Error(`gen-boundary: ${key} not found in ${headers.join(', ')}`);
  return map.get(key);
}

/** Values of an enum without its trailing count entry (SILK_SCENE_COUNT, SILK_DIAG_COUNT_V1). */
function values(entries) {
  const last = entries[entries.length - 1];
  return last && /_COUNT(_V\d+)?$/.test(last.name) ? entries.slice(0, -1) : entries;
}

/** The engine's function prototypes (`SILK_API ret name(params);`): name -> { ret, params }. */
function parsePrototypes(text) {
  const out = new Map();
  const bare = text.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const type = (t) => t.replace(/\s+/g, ' ').replace(/\s*\*/g, '*').trim();
  for (const m of bare.matchAll(/SILK_API\s+([\w\s*]+?)\s*\b(silk_\w+)\s*\(([^)]*)\)\s*;/g)) {
    const params = m[3].trim() === 'void' ? [] : m[3].split(',').map((p) => {
      const d = /^([\s\S]*?)(\w+)$/.exec(p.trim());
      if (!d) throw new Error(`gen-boundary: cannot read parameter '${p}' of ${m[2]}`);
      return { type: type(d[1]), name: d[2] };
    });
    out.set(m[2], { ret: type(m[1]), params });
  }
  return out;
}

/** The table of pure-marshalling exports (engine/wasm/silk_js_calls.h): [[export, engine fn]]. */
function readCallTable() {
  const text = readFileSync(path.join(root, callsFile), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ' ');
  const m = /#define SILK_JS_CALLS\(X\)((?:[^\n]*\\\n)*[^\n]*)/.exec(text);
  if (!m) throw new Error(`gen-boundary: SILK_JS_CALLS not found in ${callsFile}`);
  const calls = [...m[1].matchAll(/X\(\s*(\w+)\s*,\s*(\w+)\s*\)/g)].map((e) => [`silk_js_${e[1]}`, e[2]]);
  const seen = new Set();
  for (const [name] of calls) {
    if (seen.has(name)) throw new Error(`gen-boundary: ${callsFile} lists ${name} twice`);
    seen.add(name);
  }
  return calls;
}

const SCALARS = new Set(['int32_t', 'uint32_t', 'double']);
/** The last out-parameters a wrapper drops and returns instead (the rules in silk_js_calls.h). */
const OUT_TYPES = new Set(['int32_t*', 'bool*', 'double*', 'size_t*']);

/**
 * One pure-marshalling wrapper, from the engine function's prototype (the rules are in
 * engine/wasm/silk_js_calls.h): { c: the C definition, params: [[JS name, wasm type]] }.
 */
function wrapper(name, fn, proto, enums, structs) {
  const fail = (why) => { throw new Error(`gen-boundary: ${name} (${fn}): ${why}; write it by hand in exports.c`); };
  const params = [];
  const args = [];
  const body = [];
  const wasm = (t) => (t === 'double' ? 'f64' : 'i32');
  let out = null; // a dropped last out-parameter: { type, name }
  proto.params.forEach((p, i) => {
    const last = i === proto.params.length - 1;
    if (last && proto.ret === 'silk_status' && OUT_TYPES.has(p.type) && p.name.startsWith('out_')) {
      out = { type: p.type.slice(0, -1), name: p.name.slice('out_'.length) };
      args.push(`&${out.name}`);
    } else if (p.type.endsWith('*')) {
      params.push([`${p.type} ${p.name}`, p.name, 'i32']); args.push(p.name);
    } else if (p.type === 'silk_vec2') {
      params.push([`double ${p.name}_x`, `${p.name}_x`, 'f64'], [`double ${p.name}_y`, `${p.name}_y`, 'f64']);
      args.push(`(silk_vec2){${p.name}_x, ${p.name}_y}`);
    } else if (p.type === 'uint64_t') {
      params.push([`uint32_t ${p.name}_lo`, `${p.name}_lo`, 'i32'], [`uint32_t ${p.name}_hi`, `${p.name}_hi`, 'i32']);
      args.push(`((uint64_t)${p.name}_hi << 32) | ${p.name}_lo`);
    } else if (p.type === 'bool') {
      params.push([`int32_t ${p.name}`, p.name, 'i32']); args.push(`${p.name} != 0`);
    } else if (p.type === 'size_t') {
      params.push([`int32_t ${p.name}`, p.name, 'i32']); args.push(`${p.name} < 0 ? 0 : (size_t)${p.name}`);
    } else if (enums.has(p.type)) {
      params.push([`int32_t ${p.name}`, p.name, 'i32']); args.push(`(${p.type})${p.name}`);
    } else if (SCALARS.has(p.type)) {
      params.push([`${p.type} ${p.name}`, p.name, wasm(p.type)]); args.push(p.name);
    } else {
      fail(`no marshalling rule for parameter ${p.type} ${p.name}`);
    }
  });
  const call = `${fn}(${args.join(', ')})`;
  let ret;
  let result;
  if (out && out.type === 'double') {
    ret = 'double'; result = 'double';
    body.push(`double ${out.name} = 0.0;`);
    body.push(`silk_status status = ${call};`);
    body.push(`return status == SILK_OK ? ${out.name} : (double)status;`);
  } else if (out && out.type === 'size_t') {
    ret = 'int32_t'; result = 'size';
    body.push(`size_t ${out.name} = 0;`);
    body.push(`silk_status status = ${call};`);
    body.push(`return status != SILK_OK ? (int32_t)status : ${out.name} > 0x7fffffff ? SILK_ERR_CAPACITY : (int32_t)${out.name};`);
  } else if (out) {
    ret = 'int32_t'; result = out.type === 'bool' ? 'bool' : 'int32_t';
    body.push(`${out.type} ${out.name} = ${out.type === 'bool' ? 'false' : '0'};`);
    body.push(`return silk_js_value_or_status(${call}, ${out.type === 'bool' ? `${out.name} ? 1 : 0` : out.name});`);
  } else if (proto.ret === 'void') {
    ret = 'void'; result = 'void'; body.push(`${call};`);
  } else if (proto.ret === 'silk_status') {
    ret = 'int32_t'; result = 'status'; body.push(`return ${call};`);
  } else if (enums.has(proto.ret)) {
    ret = 'int32_t'; result = 'int32_t'; body.push(`return ${call};`);
  } else if (proto.ret === 'bool') {
    ret = 'int32_t'; result = 'bool'; body.push(`return ${call} ? 1 : 0;`);
  } else if (proto.ret === 'size_t') {
    ret = 'int32_t'; result = 'size';
    body.push(`size_t size = ${call};`);
    body.push('return size > 0x7fffffff ? SILK_ERR_CAPACITY : (int32_t)size;');
  } else if (structs.has(proto.ret)) {
    ret = 'void'; result = 'void';
    params.push([`${proto.ret}* out`, 'out', 'i32']);
    body.push(`*out = ${call};`);
  } else if (SCALARS.has(proto.ret) || proto.ret.endsWith('*')) {
    ret = proto.ret; result = proto.ret.endsWith('*') ? 'pointer' : proto.ret; body.push(`return ${call};`);
  } else {
    fail(`no marshalling rule for the result ${proto.ret}`);
  }
  const decl = params.length ? params.map((p) => p[0]).join(', ') : 'void';
  const c = [`EXPORT ${ret} ${name}(${decl})`, '{', ...body.map((b) => `    ${b}`), '}'].join('\n');
  return { c, params: params.map((p) => [p[1], p[2]]), result };
}

/** The hand-written exports of exports.c: name -> { params: [[name, wasm type]], result }. */
function handExports(text) {
  const out = new Map();
  const bare = text.replace(/\/\*[\s\S]*?\*\//g, ' ');
  for (const m of bare.matchAll(/EXPORT\s+([\w\s*]+?)\s*\b(silk_js_\w+)\s*\(([^)]*)\)/g)) {
    const params = m[3].trim() === 'void' ? [] : m[3].split(',').map((p) => {
      const d = /^([\s\S]*?)(\w+)$/.exec(p.trim());
      const t = d[1].replace(/\s+/g, '');
      return [d[2], t === 'double' ? 'f64' : 'i32'];
    });
    const r = m[1].replace(/\s+/g, ' ').trim();
    out.set(m[2], { params, result: r.endsWith('*') ? 'pointer' : r });
  }
  return out;
}

function generate() {
  const enums = new Map();
  const defines = new Map();
  const rawDefines = new Map();
  const structs = new Map();
  for (const h of headers) {
    const text = readHeader(h);
    const parsed = parseHeader(text);
    for (const [k, v] of parsed.enums) enums.set(k, v);
    for (const [k, v] of parsed.defines) defines.set(k, v);
    for (const [k, v] of parsed.raw) rawDefines.set(k, v);
    for (const [k, v] of parseStructs(text)) structs.set(k, v);
  }
  checkSettingsTables(structs);
  const world = worldSettings(enums, defines, rawDefines, readHeader('engine/include/silk.h'));
  const prototypes = new Map();
  for (const h of headers) for (const [k, v] of parsePrototypes(readHeader(h))) prototypes.set(k, v);
  const wrappers = readCallTable().map(([name, fn]) => {
    if (!prototypes.has(fn)) throw new Error(`gen-boundary: ${callsFile}: ${fn} is not a function of ${headers.join(', ')}`);
    return [name, fn, wrapper(name, fn, prototypes.get(fn), enums, structs)];
  });
  const hand = handExports(readFileSync(handFile, 'utf8'));
  for (const [name] of wrappers) {
    if (hand.has(name)) throw new Error(`gen-boundary: ${name} is both in ${callsFile} and written by hand in exports.c`);
  }
  const layouts = BOUNDARY_STRUCTS.map((s) => [s, layoutOf(s, structs, enums, defines)]);
  for (const [name, l] of layouts) {
    const clash = l.fields.find((f) => f.name === 'size' || f.name === 'align');
    if (clash) throw new Error(`gen-boundary: ${name}.${clash.name} would shadow LAYOUT.${name}.${clash.name}: rename the field`);
  }
  const lines = [];
  const emit = (s = '') => lines.push(s);
  const json = (v) => JSON.stringify(v);

  emit('// silk-boundary.mjs -- GENERATED by scripts/gen-boundary.mjs from ' + headers.join(', ') + '.');
  emit('// Do not edit: change the header and run `node scripts/gen-boundary.mjs` (CI checks it is current).');
  emit();

  const diag = values(need(enums, 'silk_diag'));
  emit('/** Field indices of the diagnostics array (SILK_DIAG_*). */');
  emit('export const DIAG = Object.freeze({');
  for (const e of diag) emit(`  ${e.name.slice('SILK_DIAG_'.length)}: ${e.value},`);
  emit('});');
  emit();

  const lists = [
    ['VERDICTS', 'silk_verdict', 'SILK_VERDICT_'],
    ['LOOP_MODES', 'silk_loop_mode', 'SILK_LOOP_'],
    ['SOLVERS', 'silk_solver', 'SILK_SOLVER_'],
    ['HEALTHS', 'silk_health', 'SILK_HEALTH_'],
    ['SCENES', 'silk_scene', 'SILK_SCENE_'],
    ['FLOOR_RULES', 'silk_floor_rule', 'SILK_FLOOR_'],
  ];
  emit('/** Enum names by value, lower case, as the binding spells them (value = index). */');
  for (const [name, type, prefix] of lists) {
    const entries = values(need(enums, type));
    entries.forEach((e, i) => {
      if (e.value !== i) throw new Error(`gen-boundary: ${type} is not 0, 1, 2, ...: ${e.name} = ${e.value}`);
    });
    const names = entries.map((e) => e.name.slice(prefix.length).toLowerCase().replace(/_/g, '-'));
    emit(`export const ${name} = Object.freeze(${json(names)});`);
  }
  const integrators = values(need(enums, 'silk_integrator'));
  emit(`/** silk_integrator by value (${integrators.map((e) => e.name).join(', ')}). */`);
  emit(`export const INTEGRATOR_COUNT = ${integrators.length};`);
  const kinds = need(enums, 'silk_constraint_kind');
  emit('/** silk_constraint_kind: value -> name. */');
  emit(`export const CONSTRAINT_KINDS = Object.freeze({ ${kinds.map((e) => `${e.value}: ${json(e.name.slice(5).toLowerCase())}`).join(', ')} });`);
  emit();

  const status = need(enums, 'silk_status');
  emit('/** silk_status: code -> { name, message } (the message is the header\'s comment). */');
  emit('export const STATUS = Object.freeze({');
  for (const e of status) {
    emit(`  [${e.value}]: Object.freeze({ name: ${json(e.name)}, message: ${json(e.comment || 'ok')} }),`);
  }
  emit('});');
  emit();

  emit('/** The engine\'s defaults of the defs\' settings, from the tables of engine/src/settings.h that');
  emit(' *  silk_default_*_def() expands: { def: { C field: value } } (a silk_vec2 is [x, y]). The page and');
  emit(' *  the element take their defaults from here, so a change in C reaches them. */');
  emit('export const DEFAULTS = Object.freeze({');
  for (const [struct, fields] of Object.entries(settingsDefaults(defines))) {
    const body = Object.entries(fields).map(([k, v]) => `${k}: ${Array.isArray(v) ? `Object.freeze(${json(v)})` : json(v)}`).join(', ');
    emit(`  ${struct}: Object.freeze({ ${body} }),`);
  }
  emit('});');
  emit();

  emit('/** The world\'s settings (engine/src/settings.h SILK_WORLD_SETTINGS), one declaration each: the');
  emit(' *  index silk_world_set_setting / silk_world_get_setting take (silk.h silk_world_setting), the');
  emit(' *  binding\'s option name, the C type, the default, the rule the engine checks, the recording');
  emit(' *  event (null: not recorded) and silk.h\'s comment on the field. The binding\'s World reads');
  emit(' *  and writes them through the two generic exports, and silk.d.ts\'s lines are checked');
  emit(' *  against it (tests/js/world-settings.test.mjs). */');
  emit('export const WORLD_SETTINGS = Object.freeze([');
  for (const w of world) {
    const v = Array.isArray(w.default) ? `Object.freeze(${json(w.default)})` : json(w.default);
    emit(`  Object.freeze({ name: ${json(w.name)}, option: ${json(w.option)}, index: ${w.index}, type: ${json(w.type)}, default: ${v}, rule: ${json(w.rule)}, event: ${json(w.event)}, doc: ${json(w.doc)} }),`);
  }
  emit(']);');
  emit();

  emit('/** Every numeric #define SILK_* of the headers: hard limits, fixed sizes and named defaults. */');
  emit('export const LIMITS = Object.freeze({');
  for (const [k, v] of [...defines].sort((a, b) => a[0].localeCompare(b[0]))) {
    emit(`  ${k.slice(5)}: ${Number.isInteger(v) ? v : json(v)},`);
  }
  emit('});');
  emit();

  emit('/** The same structs field by field, in declaration order: [C name, wasm32 type, byte offset]');
  emit(' *  and, for an array field, its length as a fourth entry. Types: double, int32_t (enums too),');
  emit(' *  int64_t, uint64_t, bool (one byte), silk_vec2 (two doubles), pointer (four bytes). A nested');
  emit(' *  struct\'s fields are \'outer.inner\'. */');
  emit('export const FIELDS = Object.freeze({');
  for (const [name, l] of layouts) {
    const entry = (f) => json(f.count > 1 ? [f.name, f.type, f.offset, f.count] : [f.name, f.type, f.offset]);
    emit(`  ${name}: Object.freeze([${l.fields.map(entry).join(', ')}]),`);
  }
  emit('});');
  emit();
  // LAYOUT is made from FIELDS when the module loads rather than written out beside it: the same
  // names and offsets twice cost every reader ~1 KB gzipped (issue 26 item 3, bytes)
  emit('/** Each struct\'s [size, alignment] in wasm32 bytes. */');
  emit('const SIZE_ALIGN = Object.freeze({');
  for (const [name, l] of layouts) emit(`  ${name}: [${l.size}, ${l.align}],`);
  emit('});');
  emit();
  emit('/** Byte layout (wasm32) of the structs the binding reads and writes in wasm memory:');
  emit(' *  size, alignment and each field\'s byte offset, by its C name (from FIELDS and SIZE_ALIGN). */');
  emit('export const LAYOUT = Object.freeze(Object.fromEntries(Object.entries(FIELDS).map(([name, fields]) => [name, Object.freeze({');
  emit('  size: SIZE_ALIGN[name][0], align: SIZE_ALIGN[name][1], ...Object.fromEntries(fields.map(([field, , offset]) => [field, offset])),');
  emit('})])));');

  emit();
  emit('/** Every export of the wasm module: the wasm types of its parameters, one letter each (i: i32,');
  emit(' *  f: f64; a silk_vec2 is ff, a uint64_t ii, a pointer i). The generated exports come from');
  emit(` *  ${callsFile}, the others are written by hand in engine/wasm/exports.c. loadSilk checks the`);
  emit(' *  module against it, so a silk.wasm that does not match this binding is refused. */');
  emit('export const CALLS = Object.freeze({');
  const calls = [
    ...wrappers.map(([name, , w]) => [name, w.params]),
    ...[...hand].map(([name, h]) => [name, h.params]),
  ].sort((a, b) => a[0].localeCompare(b[0]));
  for (const [name, params] of calls) emit(`  ${name}: ${json(params.map((p) => p[1][0]).join(''))},`);
  emit('});');

  const w = [];
  w.push('/* exports_generated.c -- GENERATED by scripts/gen-boundary.mjs from the table');
  w.push(`   ${callsFile} and the engine's prototypes (silk.h, silk_extras.h).`);
  w.push('   Do not edit: add a line to the table and run `node scripts/gen-boundary.mjs`; CI checks');
  w.push('   that this file is current. The exports that do more than marshal are in exports.c. */');
  w.push('#include "silk_extras.h"');
  w.push('#include "silk_js.h"');
  w.push('');
  w.push('#include <emscripten.h>');
  w.push('');
  w.push('#define EXPORT EMSCRIPTEN_KEEPALIVE');
  w.push('');
  w.push('/* clang-format off */');
  for (const [, , x] of wrappers) {
    w.push('');
    w.push(x.c);
  }
  w.push('/* clang-format on */');

  const c = [];
  c.push('/* boundary_layout.h -- GENERATED by scripts/gen-boundary.mjs: the struct layout that');
  c.push('   web/lib/silk-boundary.mjs assumes, checked by the compiler (exports.c includes this). */');
  c.push('#ifndef SILK_BOUNDARY_LAYOUT_H');
  c.push('#define SILK_BOUNDARY_LAYOUT_H');
  c.push('');
  c.push('#include <stddef.h>');
  c.push('');
  for (const h of headers) c.push(`#include "${path.basename(h)}"`);
  c.push('');
  c.push('#if defined(__wasm32__)');
  for (const [name, l] of layouts) {
    c.push(`_Static_assert(sizeof(${name}) == ${l.size}, "${name}: size");`);
    c.push(`_Static_assert(_Alignof(${name}) == ${l.align}, "${name}: alignment");`);
    for (const f of l.fields) c.push(`_Static_assert(offsetof(${name}, ${f.name}) == ${f.offset}, "${name}.${f.name}");`);
  }
  c.push('#endif');
  c.push('');
  c.push('#endif');
  return { js: lines.join('\n') + '\n', c: c.join('\n') + '\n', wrappers: w.join('\n') + '\n' };
}

const generated = generate();
const outputs = [[outFile, generated.js], [layoutFile, generated.c], [wrappersFile, generated.wrappers]];
if (process.argv.includes('--check')) {
  const stale = outputs.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
  for (const [file] of stale) {
    console.error(`gen-boundary: ${path.relative(root, file)} is not current: run \`node scripts/gen-boundary.mjs\` and commit it`);
  }
  if (stale.length) process.exit(1);
  console.log(`gen-boundary: ${outputs.map(([f]) => path.relative(root, f)).join(', ')} are current`);
} else {
  for (const [file, text] of outputs) {
    writeFileSync(file, text);
    console.log(`gen-boundary: wrote ${path.relative(root, file)} (${text.length} bytes)`);
  }
}
