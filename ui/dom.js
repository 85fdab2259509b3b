// Small DOM helpers: elements are built with textContent only, so no API data is ever parsed as HTML.

/**
 * `h('button', { class: 'x', onclick: fn, 'aria-label': 'Revoke' }, 'Revoke')`. Attributes starting with
 * `on` become listeners; `hidden`, `disabled`, `checked`, `value` are set as properties; null children skip.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (['hidden', 'disabled', 'checked', 'value', 'required'].includes(name)) el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** A table cell holding free text (names, paths, Arabic descriptions): the browser picks the direction. */
export function textCell(text, attrs = {}) {
  return h('td', { dir: 'auto', ...attrs }, text ?? '—');
}

/** Replaces a table body's rows, or shows one "empty" row spanning every column. */
export function fillRows(tbody, rows, emptyText) {
  if (rows.length > 0) {
    tbody.replaceChildren(...rows);
    return;
  }
  const columns = tbody.closest('table')?.querySelectorAll('thead th').length ?? 1;
  tbody.replaceChildren(h('tr', { class: 'empty' }, h('td', { colspan: columns }, emptyText)));
}

export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`dashboard markup has no #${id}`);
  return el;
}

/** `2030-01-01T12:00:00.000Z` → `2030-01-01 12:00:00` (UTC, like the emulator clock). */
export function formatTime(iso) {
  if (!iso) return '—';
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

export function formatNumber(n) {
  if (typeof n !== 'number') return '—';
  return n.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

/** A `<dl>` of label/value pairs; pairs whose value is null or undefined are left out. */
export function facts(pairs, attrs = {}) {
  const items = pairs.filter(([, v]) => v !== null && v !== undefined);
  return h(
    'dl',
    { class: 'facts', ...attrs },
    items.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

/** A `<pre>` of JSON, pretty-printed; a string that is JSON is parsed first, any other string shown as is. */
export function jsonBlock(value, attrs = {}) {
  let text = value;
  if (typeof value === 'string') {
    try {
      text = JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      text = value;
    }
  } else text = JSON.stringify(value, null, 2);
  return h('pre', { class: 'json', dir: 'auto', ...attrs }, text);
}
