// silk-status.mjs -- the binding's one status check: every export that returns a silk_status (or
// a value >= 0 / a status < 0) goes through checkStatus, which returns the value or throws the
// error the status stands for, naming what the engine refused: the option its silk_error_detail
// names (def setters, createWorld, setSize, addPolygon), the argument the caller passed, or, with
// nothing to name, the status's own message (silk_status_string).
import { STATUS, FIELDS } from './silk-boundary.mjs';
import { camel } from './silk-checks.mjs';

/** Status name -> code ('SILK_ERR_STATE' -> -7). */
export const STATUS_OF = Object.freeze(Object.fromEntries(Object.entries(STATUS).map(([code, { name }]) => [name, Number(code)])));

/** The JS error class of each engine status: a wrong kind of argument is a TypeError, a bad
 *  value a RangeError, a call the world's state or the bytes do not allow a plain Error. */
const ERROR_CLASS = Object.freeze({
  SILK_ERR_NULL: TypeError, SILK_ERR_DEF: TypeError, SILK_ERR_KIND: TypeError,
  SILK_ERR_STATE: Error, SILK_ERR_FORMAT: Error, SILK_ERR_UNSUPPORTED: Error,
});
const ERROR_OF = Object.freeze(Object.fromEntries(Object.entries(STATUS)
  .filter(([code]) => Number(code) < 0)
  .map(([code, { name }]) => [code, ERROR_CLASS[name] ?? RangeError])));

const NOTHING = Object.freeze({});

/**
 * Returns `result` when it is >= 0; else throws the error its status stands for. `how` says
 * what the message can name (all optional):
 *   world   the world whose silk_error_detail the call wrote (read here); `values` then gives
 *           the values passed, by option name, for the message's "got"
 *   detail  the address of a silk_error_detail the call filled (the create calls)
 *   def     [struct, address, names, given]: the def the call was given, so the message names
 *           the option as the caller spelled it (names: option -> C field) and the value it held
 *   arg, value   the one argument the engine checked, named when nothing else is
 */
export function checkStatus(silk, where, result, how = NOTHING) {
  if (result >= 0) return result;
  const Kind = ERROR_OF[result] ?? Error;
  let detail = how.detail;
  if (how.world !== undefined) {
    how.world._x.silk_js_last_error_detail(how.world._ptr, silk._detail);
    detail = silk._detail;
  }
  if (detail !== undefined) {
    const d = silk._readStruct('silk_error_detail', detail);
    const field = d.field ? silk._string(d.field) : '';
    // a def's detail names its field; a call's is its own only when it carries this status
    const own = how.def !== undefined || d.status === result;
    if (field && own) {
      const rule = d.rule ? silk._string(d.rule) : '';
      let option = how.spelled ?? camel(field); // `spelled`: the caller's name for it
      let got;
      if (how.def !== undefined) {
        const [struct, p, names, given = {}] = how.def;
        // the option's name as the caller spelled it (relaxPasses or its verlet-js name, step)
        const options = Object.keys(names).filter((k) => names[k] === field);
        option = options.find((k) => k in given) ?? options[0] ?? option;
        const known = FIELDS[struct].find(([f]) => f === field);
        if (known) silk._heap();
        got = known ? silk._readField(known[1], p + known[2]) : undefined;
      } else if (how.values !== undefined) {
        got = how.values[option];
      }
      const shown = Array.isArray(got) ? `[${got.join(', ')}]` : got;
      throw new Kind(`${where}: ${option} ${rule}${got === undefined ? '' : `, got ${shown}`}`);
    }
  }
  const message = silk._string(silk.exports.silk_js_status_string(result));
  // running out of memory is the world's size, not the argument's fault: do not blame it
  if (how.arg !== undefined && result !== STATUS_OF.SILK_ERR_NOMEM) {
    throw new Kind(`${where}: ${how.arg} was refused by the engine (${message}), got ${how.value}`);
  }
  throw new Kind(`${where}: ${message}`);
}
