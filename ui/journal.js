// The live request journal: long-polls `GET /requests?after=<cursor>&wait=25` in a loop until paused.
// Filters (the picked sandbox, status class, operation, scope, fault) apply to the entries the page holds, and the panel shows
// the same query for the admin API; a row opens the detail drawer.
import { AdminUnauthorized, api, delay } from './api.js';
import { byId, fillRows, formatTime, h, textCell } from './dom.js';

/** Entries kept in the page (the journal itself keeps more); filters search these. */
const MAX_ENTRIES = 500;
/** Rows drawn at once. */
const MAX_ROWS = 200;

function statusClass(status) {
  if (status === null || status === undefined) return 'none';
  return `${Math.floor(status / 100)}xx`;
}

function statusCss(status) {
  const c = statusClass(status);
  if (c === 'none' || c === '5xx') return 'status-5xx';
  return c === '4xx' ? 'status-4xx' : 'status-ok';
}

function faultMarker(fault) {
  return h(
    'span',
    { class: 'fault-marker', title: fault.explanation },
    `fault: ${fault.kind}`,
    h('span', { class: 'visually-hidden' }, ` (${fault.explanation})`),
  );
}

export function createJournalPanel({ report, onEntries, onStopped, onOpen }) {
  const tbody = byId('journal-body');
  const toggle = byId('journal-live');
  const state = byId('journal-state');
  const filters = {
    status: byId('filter-status'),
    operation: byId('filter-operation'),
    scope: byId('filter-scope'),
    fault: byId('filter-fault'),
  };
  let entries = [];
  let cursor = null;
  let controller = null;
  let openId = null;
  /** The sandbox picked in the sandboxes panel: only its organization's entries, and those of its scope. */
  let sandbox = null;

  function matches(e) {
    const f = {
      status: filters.status.value,
      operation: filters.operation.value,
      scope: filters.scope.value.trim(),
      fault: filters.fault.value,
    };
    if (sandbox && e.org_id !== sandbox.org_id && e.scope !== sandbox.id) return false;
    if (f.status && statusClass(e.status) !== f.status) return false;
    if (f.operation && e.operation_id !== f.operation) return false;
    if (f.scope && e.scope !== f.scope) return false;
    if (f.fault === '*' && !e.fault) return false;
    if (f.fault === '-' && e.fault) return false;
    if (f.fault && !['*', '-'].includes(f.fault) && e.fault?.rule_id !== f.fault) return false;
    return true;
  }

  /** The same filter as an admin API call, in the journal's query names. */
  function apiQuery() {
    const q = new URLSearchParams();
    if (sandbox) q.set('sandbox', sandbox.id);
    if (filters.status.value && filters.status.value !== 'none') q.set('status', filters.status.value);
    if (filters.operation.value) q.set('operation_id', filters.operation.value);
    if (filters.scope.value.trim()) q.set('scope', filters.scope.value.trim());
    if (!['', '*', '-'].includes(filters.fault.value)) q.set('fault_rule', filters.fault.value);
    const text = q.toString();
    return `GET /_emulator/requests${text ? `?${text}` : ''}`;
  }

  function row(e) {
    const open = () => {
      openId = e.request_id;
      render();
      onOpen(e);
    };
    return h(
      'tr',
      {
        'data-request-id': e.request_id,
        class: ['clickable', e.fault ? 'faulted' : '', e.request_id === openId ? 'open' : '']
          .filter(Boolean)
          .join(' '),
        tabindex: '0',
        title: 'Open the details of this request',
        onclick: open,
        onkeydown: (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            open();
          }
        },
      },
      h('td', {}, h('time', { datetime: e.time }, formatTime(e.time))),
      h('td', {}, e.kind === 'websocket' ? 'WS' : e.method),
      textCell(e.path, { class: 'path' }),
      h('td', {}, e.operation_id ?? '—'),
      h('td', { class: `num ${statusCss(e.status)}` }, e.status === null ? '—' : String(e.status)),
      h('td', {}, e.code ?? '—'),
      h('td', {}, e.key ? h('code', {}, e.key) : '—'),
      textCell(e.scope),
      h('td', { class: 'num' }, e.duration_ms === null ? '—' : `${e.duration_ms} ms`),
      h('td', {}, e.fault ? faultMarker(e.fault) : ''),
    );
  }

  /** Keeps the fault choices in step with the rules seen in the journal, without losing the selection. */
  function refreshFaultChoices() {
    const selected = filters.fault.value;
    const rules = new Map();
    for (const e of entries) if (e.fault) rules.set(e.fault.rule_id, e.fault.kind);
    const have = new Set([...filters.fault.options].map((o) => o.value));
    for (const [id, kind] of rules) {
      if (!have.has(id)) filters.fault.append(h('option', { value: id }, `rule ${id} (${kind})`));
    }
    const scopes = new Set(entries.map((e) => e.scope).filter(Boolean));
    byId('scope-values').replaceChildren(...[...scopes].map((s) => h('option', { value: s })));
    filters.fault.value = selected;
  }

  function render() {
    refreshFaultChoices();
    const shown = entries.filter(matches);
    const filtered = shown.length !== entries.length;
    fillRows(
      tbody,
      shown.slice(0, MAX_ROWS).map(row),
      filtered
        ? 'No request matches these filters.'
        : 'No /v1 requests yet. Call the API and they appear here.',
    );
    byId('journal-count').textContent = filtered
      ? `${shown.length} of ${entries.length} requests`
      : `${entries.length} request${entries.length === 1 ? '' : 's'}`;
    byId('journal-query').textContent = apiQuery();
  }

  function setLive(live) {
    toggle.setAttribute('aria-pressed', String(live));
    toggle.textContent = live ? 'Pause' : 'Resume live';
    state.textContent = live ? 'live' : 'paused';
    state.className = live ? 'badge live' : 'badge';
  }

  async function loop(signal) {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const query = new URLSearchParams({ wait: '25', limit: String(MAX_ENTRIES) });
        if (cursor) query.set('after', cursor);
        const { requests } = await api('GET', `/requests?${query}`, undefined, { signal });
        failures = 0;
        if (requests.length === 0) continue;
        cursor = requests[requests.length - 1].request_id;
        // A cursor that fell out of the journal returns everything again: keep each request once.
        const seen = new Set(entries.map((e) => e.request_id));
        const fresh = requests.filter((e) => !seen.has(e.request_id)).reverse();
        entries = [...fresh, ...entries].slice(0, MAX_ENTRIES);
        render();
        onEntries?.(fresh);
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof AdminUnauthorized) {
          stop();
          return;
        }
        failures += 1;
        report(err);
        await delay(Math.min(30_000, 1000 * 2 ** failures), signal);
      }
    }
  }

  function start() {
    if (controller) return;
    controller = new AbortController();
    setLive(true);
    void loop(controller.signal);
  }

  function stop() {
    controller?.abort();
    controller = null;
    setLive(false);
    onStopped?.();
  }

  async function clear() {
    await api('DELETE', '/requests');
    entries = [];
    cursor = null;
    render();
    report('Journal cleared');
  }

  toggle.addEventListener('click', () => (controller ? stop() : start()));
  byId('journal-clear').addEventListener('click', () => void clear().catch(report));
  const form = byId('journal-filters');
  form.addEventListener('input', render);
  form.addEventListener('change', render);
  form.addEventListener('submit', (event) => event.preventDefault());
  // A reset button clears the fields after its event: render on the next turn.
  form.addEventListener('reset', () => setTimeout(render));
  window.addEventListener('pagehide', () => controller?.abort());
  render();

  return {
    start,
    stop,
    /** Forgets which row is open (the drawer closed). */
    closed() {
      openId = null;
      render();
    },
    /** The journal entry with this id, if the page holds it. */
    find: (id) => entries.find((e) => e.request_id === id),
    /** Shows only the entries of this sandbox (null: every entry). */
    setSandbox(s) {
      sandbox = s;
      render();
    },
    setOperations(ids) {
      const selected = filters.operation.value;
      filters.operation.replaceChildren(
        h('option', { value: '' }, 'any'),
        ...ids.map((id) => h('option', { value: id }, id)),
      );
      filters.operation.value = selected;
    },
  };
}
