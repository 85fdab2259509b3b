// Webhook deliveries: one row per delivery with its attempts; "Details" shows the payload as sent, each
// attempt's signature header and outcome, and each series of attempts (a redelivery starts a new one).
import { api } from './api.js';
import { byId, facts, fillRows, formatNumber, formatTime, h, jsonBlock, textCell } from './dom.js';

function outcome(a) {
  return a.status_code !== null && a.status_code !== undefined
    ? String(a.status_code)
    : `error: ${a.error ?? 'no answer'}`;
}

function ok(a) {
  return typeof a.status_code === 'number' && a.status_code >= 200 && a.status_code < 300;
}

function seriesTitle(series) {
  return series === 1 ? 'Series 1 · first delivery' : `Series ${series} · redelivered`;
}

/** The compact attempt list of a row, with a separator where a redelivered series starts. */
export function attemptList(d) {
  if (d.attempts.length === 0) return 'none yet';
  const items = [];
  let series = null;
  for (const a of d.attempts) {
    const s = a.series ?? 1;
    if (series !== null && s !== series)
      items.push(h('li', { class: 'series-sep', role: 'separator' }, `redelivered · series ${s}`));
    series = s;
    items.push(
      h(
        'li',
        { class: ok(a) ? 'ok' : 'failed' },
        `#${a.attempt} ${outcome(a)} · ${formatNumber(a.latency_ms)} ms · ${formatTime(a.at)}`,
      ),
    );
  }
  return h('ol', { class: 'attempts' }, items);
}

function attemptsBySeries(d) {
  const groups = new Map();
  for (const a of d.attempts) {
    const s = a.series ?? 1;
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s).push(a);
  }
  // A redelivery whose first attempt has not run yet is a series with no attempts: show it too.
  if (d.series && !groups.has(d.series)) groups.set(d.series, []);
  return groups;
}

function attemptTable(attempts, payload) {
  if (attempts.length === 0) return h('p', { class: 'subtle' }, 'No attempt yet in this series.');
  return h(
    'table',
    { class: 'attempt-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['#', 'Time', 'Outcome', 'Latency', 'Signature header (SVC-Signature)'].map((t) =>
          h('th', { scope: 'col' }, t),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      attempts.map((a) =>
        h(
          'tr',
          { class: ok(a) ? 'ok' : 'failed', 'data-attempt': `${a.series ?? 1}.${a.attempt}` },
          h('td', {}, `#${a.attempt}`),
          h('td', {}, formatTime(a.at)),
          h('td', { class: ok(a) ? 'status-ok' : 'status-5xx' }, outcome(a)),
          h('td', { class: 'num' }, `${formatNumber(a.latency_ms)} ms`),
          h(
            'td',
            {},
            h('code', { class: 'signature' }, a.signature_header ?? '—'),
            // Only when this attempt sent other bytes than the payload shown above.
            a.request_body && a.request_body !== payload
              ? h('details', {}, h('summary', {}, 'body sent'), jsonBlock(a.request_body))
              : null,
          ),
        ),
      ),
    ),
  );
}

/** Everything about one delivery: the payload as sent (signed bytes), then every attempt, series by series. */
export function deliveryDetail(d) {
  const payload = d.attempts[0]?.request_body ?? JSON.stringify(d.envelope);
  return h(
    'div',
    { class: 'delivery-detail', 'data-delivery-id': d.id },
    facts([
      ['Delivery', h('code', {}, d.id)],
      ['Event', `${d.event} · ${d.event_id}`],
      ['Endpoint', h('code', {}, d.endpoint_id)],
      ['URL', d.url],
      ['Status', h('span', { class: `badge ${d.status}` }, d.status)],
      ['Next attempt', d.next_attempt_at ? formatTime(d.next_attempt_at) : null],
    ]),
    h('h4', {}, 'Payload'),
    jsonBlock(payload, { class: 'json payload' }),
    [...attemptsBySeries(d)].map(([series, attempts]) =>
      h(
        'section',
        { class: 'series', 'data-series': series, 'aria-label': seriesTitle(series) },
        h('h4', {}, seriesTitle(series)),
        attemptTable(attempts, payload),
      ),
    ),
  );
}

export function createDeliveriesPanel({ report }) {
  const tbody = byId('deliveries-body');
  /** The sandbox picked in the sandboxes panel (null: every organization). */
  let sandbox = null;
  const open = new Set();

  function redeliver(d) {
    api('POST', `/webhooks/deliveries/${encodeURIComponent(d.id)}/redeliver`)
      .then(() => {
        report(`Redelivering ${d.id}`);
        return refresh();
      })
      .catch(report);
  }

  function toggle(id) {
    if (open.has(id)) open.delete(id);
    else open.add(id);
    refresh().catch(report);
  }

  function rows(d) {
    const expanded = open.has(d.id);
    const main = h(
      'tr',
      { 'data-delivery-id': d.id },
      h('td', {}, formatTime(d.created_at)),
      h('td', {}, d.event),
      h('td', {}, h('code', {}, d.org_id)),
      textCell(d.url, { class: 'path' }),
      h('td', {}, h('span', { class: `badge ${d.status}` }, d.status)),
      h('td', {}, attemptList(d)),
      h('td', {}, formatTime(d.next_attempt_at)),
      h(
        'td',
        { class: 'actions' },
        h(
          'button',
          {
            type: 'button',
            'aria-expanded': String(expanded),
            'aria-label': `Details of ${d.event} ${d.id}`,
            onclick: () => toggle(d.id),
          },
          expanded ? 'Hide' : 'Details',
        ),
        h(
          'button',
          { type: 'button', 'aria-label': `Redeliver ${d.event} ${d.id}`, onclick: () => redeliver(d) },
          'Redeliver',
        ),
      ),
    );
    if (!expanded) return [main];
    const columns = 8;
    return [main, h('tr', { class: 'detail-row' }, h('td', { colspan: columns }, deliveryDetail(d)))];
  }

  async function refresh() {
    const query = new URLSearchParams({ limit: '50' });
    if (sandbox) query.set('sandbox', sandbox.id);
    const { deliveries } = await api('GET', `/webhooks/deliveries?${query}`);
    fillRows(
      tbody,
      deliveries.flatMap(rows),
      sandbox
        ? `No webhook deliveries of sandbox ${sandbox.id}.`
        : 'No webhook deliveries. Register an endpoint (POST /_emulator/orgs/{id}/webhook-endpoints) to see them here.',
    );
  }

  function setSandbox(s) {
    sandbox = s;
    return refresh();
  }

  byId('deliveries-refresh').addEventListener('click', () => void refresh().catch(report));
  return { refresh, setSandbox };
}
