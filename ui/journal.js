// The live request journal: long-polls `GET /requests?after=<cursor>&wait=25` in a loop until paused.
import { AdminUnauthorized, api, delay } from './api.js';
import { byId, fillRows, formatTime, h, textCell } from './dom.js';

const MAX_ROWS = 200;

function statusClass(status) {
  if (status === null) return 'status-none';
  if (status >= 500) return 'status-5xx';
  if (status >= 400) return 'status-4xx';
  return 'status-ok';
}

function row(e) {
  return h(
    'tr',
    { 'data-request-id': e.request_id, class: e.fault ? 'faulted' : undefined },
    h('td', {}, h('time', { datetime: e.time }, formatTime(e.time))),
    h('td', {}, e.kind === 'websocket' ? 'WS' : e.method),
    textCell(e.path, { class: 'path' }),
    h('td', {}, e.operation_id ?? '—'),
    h('td', { class: `num ${statusClass(e.status)}` }, e.status === null ? '—' : String(e.status)),
    h('td', {}, e.code ?? '—'),
    h('td', {}, e.key ? h('code', {}, e.key) : '—'),
    h('td', { class: 'num' }, e.duration_ms === null ? '—' : `${e.duration_ms} ms`),
    h(
      'td',
      {},
      e.fault
        ? h(
            'span',
            { class: 'fault-marker', title: e.fault.explanation },
            `fault: ${e.fault.kind}`,
            h('span', { class: 'visually-hidden' }, ` (${e.fault.explanation})`),
          )
        : '',
    ),
  );
}

export function createJournalPanel({ report, onEntries, onStopped }) {
  const tbody = byId('journal-body');
  const toggle = byId('journal-live');
  const state = byId('journal-state');
  let entries = [];
  let cursor = null;
  let controller = null;

  function render() {
    fillRows(tbody, entries.map(row), 'No /v1 requests yet. Call the API and they appear here.');
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
        const query = new URLSearchParams({ wait: '25', limit: String(MAX_ROWS) });
        if (cursor) query.set('after', cursor);
        const { requests } = await api('GET', `/requests?${query}`, undefined, { signal });
        failures = 0;
        if (requests.length === 0) continue;
        cursor = requests[requests.length - 1].request_id;
        // A cursor that fell out of the journal returns everything again: keep each request once.
        const seen = new Set(entries.map((e) => e.request_id));
        const fresh = requests.filter((e) => !seen.has(e.request_id)).reverse();
        entries = [...fresh, ...entries].slice(0, MAX_ROWS);
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
  window.addEventListener('pagehide', () => controller?.abort());
  render();

  return { start, stop };
}
