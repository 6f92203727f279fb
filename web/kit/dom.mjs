// dom.mjs -- the one DOM helper the page's controls, the lab scenes and <silk-demo> share (each
// had its own copy). Imports nothing.

/** document.createElement(tag) with its properties set and its children appended (null and
 *  undefined children are skipped, so a part can be left out inline). */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}
