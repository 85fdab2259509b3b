// The detail drawer of one journal entry: what was asked, what was answered, the fault rule that caused
// it, what it billed, the webhook events it caused and their deliveries, and "copy as curl".
// It reads `GET /requests/{id}` and falls back to the list entry where that is not available, so every
// section says plainly when this emulator's journal does not record a detail.
import { ApiProblem, api, apiBlob } from './api.js';
import { curlCommand } from './curl.js';
import { deliveryDetail } from './deliveries.js';
import { byId, facts, formatNumber, formatTime, h, jsonBlock } from './dom.js';

function section(title, ...content) {
  return h('section', { class: 'drawer-section', 'aria-label': title }, h('h3', {}, title), ...content);
}

function note(text) {
  return h('p', { class: 'subtle note' }, text);
}

/** A name/value table of headers or query parameters. */
function pairTable(caption, obj) {
  const rows = Object.entries(obj ?? {});
  if (rows.length === 0) return note(`No ${caption.toLowerCase()}.`);
  return h(
    'table',
    { class: 'pairs' },
    h('caption', { class: 'visually-hidden' }, caption),
    h(
      'tbody',
      {},
      rows.map(([k, v]) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, k),
          h('td', {}, h('code', {}, Array.isArray(v) ? v.join(', ') : String(v))),
        ),
      ),
    ),
  );
}

function bodyBlock(body, truncated, what, format) {
  if (body === null || body === undefined) return note(`No ${what} body.`);
  const cut = truncated ? note(`The journal truncated this ${what} body.`) : null;
  // A body that was not JSON (an empty_body or html_error fault…) is shown as the text it was (body_format text).
  if (format === 'text')
    return body === ''
      ? note(`An empty ${what} body, though its Content-Type said JSON.`)
      : [
          note(`This ${what} body is not JSON; as sent:`),
          h('pre', { class: 'json', dir: 'auto' }, body),
          cut,
        ];
  return [jsonBlock(body), cut];
}

function multipartBlock(mp) {
  const fields = Array.isArray(mp.fields)
    ? mp.fields.map((f) => [f.name, f.value])
    : Object.entries(mp.fields ?? {});
  return [
    h('h4', {}, 'Multipart form'),
    fields.length ? facts(fields.map(([k, v]) => [k, String(v)])) : null,
    (mp.files ?? []).length
      ? h(
          'table',
          { class: 'files' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Field', 'File', 'Type', 'Size', 'SHA-256'].map((t) => h('th', { scope: 'col' }, t)),
            ),
          ),
          h(
            'tbody',
            {},
            mp.files.map((f) =>
              h(
                'tr',
                {},
                h('td', {}, f.field),
                h('td', { dir: 'auto' }, f.name),
                h('td', {}, f.type),
                h('td', { class: 'num' }, `${formatNumber(f.size)} B`),
                h('td', {}, h('code', { class: 'hash' }, f.sha256)),
              ),
            ),
          ),
        )
      : null,
  ];
}

function requestSection(e) {
  const req = e.request;
  if (!req) {
    return section(
      'Request',
      facts([
        ['Method', e.kind === 'websocket' ? 'WebSocket' : e.method],
        ['Path', e.path],
        ['Scope', e.scope],
      ]),
      note('This emulator\u2019s journal records no request headers, query or body.'),
    );
  }
  return section(
    'Request',
    h('h4', {}, 'Headers'),
    pairTable('Request headers', req.headers),
    Object.keys(req.query ?? {}).length
      ? [h('h4', {}, 'Query'), pairTable('Query parameters', req.query)]
      : null,
    req.multipart
      ? multipartBlock(req.multipart)
      : [h('h4', {}, 'Body'), bodyBlock(req.body, req.body_truncated, 'request')],
  );
}

function audioBlock(e, audio, report) {
  const player = h('audio', {
    controls: true,
    preload: 'none',
    hidden: true,
    'aria-label': 'Response audio',
  });
  const out = h('p', { class: 'subtle', role: 'status' });
  const play = h(
    'button',
    {
      type: 'button',
      class: 'play',
      'aria-label': 'Play response audio',
      onclick: () => {
        play.disabled = true;
        apiBlob(`/requests/${encodeURIComponent(e.request_id)}/audio`, audio.type)
          .then((blob) => {
            player.src = URL.createObjectURL(blob);
            player.hidden = false;
            out.textContent = `${formatNumber(blob.size)} bytes loaded`;
            return player.play();
          })
          .catch((err) => {
            play.disabled = false;
            out.textContent =
              err instanceof ApiProblem && err.status === 404
                ? 'Cannot play: this emulator does not serve the audio of journal entries (GET /_emulator/requests/{id}/audio answered 404).'
                : `Cannot play: ${err.message}`;
            if (!(err instanceof ApiProblem && err.status === 404)) report(err);
          });
      },
    },
    '\u25B6 Play',
  );
  return [
    h('h4', {}, 'Audio'),
    facts([
      ['Type', audio.type],
      ['Bytes', formatNumber(audio.bytes)],
      ['Duration', audio.duration_seconds === undefined ? null : `${formatNumber(audio.duration_seconds)} s`],
    ]),
    h('div', { class: 'audio' }, play, player),
    out,
  ];
}

function responseSection(e, report) {
  const res = e.response;
  return section(
    'Response',
    facts([
      ['Status', e.status === null ? 'no answer' : String(e.status)],
      ['Problem code', e.code],
      ['Duration', e.duration_ms === null ? null : `${e.duration_ms} ms`],
      ['Retry-After', e.retry_after],
      ['RateLimit-Remaining', e.ratelimit_remaining],
      [
        'WebSocket',
        e.websocket
          ? `close ${e.websocket.close_code ?? '—'} · ${e.websocket.frames_in} frames in, ${e.websocket.frames_out} out`
          : null,
      ],
      ['Timings', e.timings ? `handler ${e.timings.handler_ms} ms · total ${e.timings.total_ms} ms` : null],
    ]),
    res
      ? [
          h('h4', {}, 'Headers'),
          pairTable('Response headers', res.headers),
          res.audio
            ? audioBlock(e, res.audio, report)
            : [h('h4', {}, 'Body'), bodyBlock(res.body, res.body_truncated, 'response', res.body_format)],
        ]
      : note('This emulator\u2019s journal records no response headers or body.'),
  );
}

async function faultContent(e) {
  if (!e.fault) return note('No fault rule applied: the emulator answered normally.');
  const parts = [
    facts([
      ['Kind', h('span', { class: 'fault-marker' }, e.fault.kind)],
      ['Rule', h('code', {}, e.fault.rule_id)],
      ['Explanation', e.fault.explanation],
    ]),
  ];
  try {
    const rule = await api('GET', `/faults/${encodeURIComponent(e.fault.rule_id)}`);
    const match = Object.entries(rule.match ?? {});
    parts.push(
      h('h4', {}, 'The rule now'),
      facts([
        ['Matches', match.length ? match.map(([k, v]) => `${k}=${v}`).join(' · ') : 'every call'],
        ['Left', rule.remaining === null ? 'unlimited' : String(rule.remaining)],
        ['Hits', String(rule.hits)],
        [
          'Active',
          rule.active_from || rule.active_until
            ? `${formatTime(rule.active_from)} → ${formatTime(rule.active_until)}`
            : null,
        ],
        ['Expires', rule.expires_at ? formatTime(rule.expires_at) : null],
        ['Description', rule.description],
      ]),
    );
  } catch (err) {
    if (!(err instanceof ApiProblem && err.status === 404)) throw err;
    parts.push(note('The rule is no longer active (used up, expired or removed).'));
  }
  return parts;
}

async function ledgerContent(e) {
  if (!e.org_id) return note('No organization was identified: nothing can have been billed.');
  const ids = Array.isArray(e.ledger_entry_ids) ? new Set(e.ledger_entry_ids) : null;
  if (ids && ids.size === 0) return note('No ledger entry: this request was not metered.');
  const q = new URLSearchParams({ limit: '10000' });
  if (e.key_id) q.set('key_id', e.key_id);
  const usage = await api('GET', `/orgs/${encodeURIComponent(e.org_id)}/usage?${q}`);
  const mine = usage.entries.filter((l) => (ids ? ids.has(l.id) : l.request_id === e.request_id));
  if (mine.length === 0) return note('No ledger entry: this request was not metered.');
  return h(
    'table',
    { class: 'ledger' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Entry', 'Product', 'Quantity', 'Amount', 'Status'].map((t) => h('th', { scope: 'col' }, t)),
      ),
    ),
    h(
      'tbody',
      {},
      mine.map((l) =>
        h(
          'tr',
          { 'data-ledger-id': l.id },
          h('td', {}, h('code', {}, l.id)),
          h('td', {}, l.mode ? `${l.product} (${l.mode})` : l.product),
          h('td', { class: 'num' }, `${formatNumber(l.quantity)} ${l.unit ?? ''}`),
          h('td', { class: 'num' }, formatNumber(l.amount)),
          h('td', {}, l.reason ? `${l.status} (${l.reason})` : l.status),
        ),
      ),
    ),
  );
}

async function webhookContent(e) {
  if (!Array.isArray(e.webhook_event_ids))
    return note('This emulator\u2019s journal does not link requests to the webhook events they cause.');
  if (e.webhook_event_ids.length === 0) return note('This request caused no webhook event.');
  const blocks = [];
  for (const id of e.webhook_event_ids) {
    const { deliveries } = await api('GET', `/webhooks/deliveries?event_id=${encodeURIComponent(id)}`);
    blocks.push(
      h(
        'div',
        { class: 'event', 'data-event-id': id },
        h('h4', {}, `Event ${id}`),
        deliveries.length
          ? deliveries.map(deliveryDetail)
          : note('No delivery: no endpoint is registered for this event.'),
      ),
    );
  }
  return blocks;
}

function curlSection(e, report) {
  const { command, notes } = curlCommand(e, window.location.origin);
  const copy = h(
    'button',
    {
      type: 'button',
      disabled: command === null,
      onclick: () =>
        navigator.clipboard
          .writeText(command)
          .then(() => report('curl command copied, with $SVC_API_KEY for the key'))
          .catch(() =>
            report(new Error('the clipboard is not available here; select the command and copy it')),
          ),
    },
    'Copy as curl',
  );
  return section(
    'Replay',
    copy,
    command === null ? null : h('pre', { id: 'drawer-curl', class: 'curl' }, command),
    notes.map(note),
  );
}

/** A section whose content arrives later; a failure shows in place, not as a broken drawer. */
function later(title, load, report) {
  const box = h('div', { class: 'loading' }, note('Loading…'));
  load()
    .then((content) => box.replaceChildren(...[content].flat(2).filter(Boolean)))
    .catch((err) => {
      box.replaceChildren(note(`Could not load: ${err.message}`));
      report(err);
    });
  return section(title, box);
}

export function createDrawer({ report, onClose }) {
  const drawer = byId('drawer');
  const body = byId('drawer-body');
  let current = null;

  function close() {
    if (drawer.hidden) return;
    drawer.hidden = true;
    current = null;
    for (const audio of body.querySelectorAll('audio')) audio.pause();
    body.replaceChildren();
    onClose?.();
  }

  function render(e) {
    byId('drawer-title').textContent = `${e.kind === 'websocket' ? 'WS' : e.method} ${e.path}`;
    byId('drawer-sub').textContent =
      `${e.request_id} · ${formatTime(e.time)} · ${e.status ?? 'no answer'}${e.code ? ` ${e.code}` : ''}`;
    body.replaceChildren(
      facts([
        ['Operation', e.operation_id],
        ['Organization', e.org_id],
        ['Key', e.key ? h('code', {}, e.key) : null],
        ['Environment', e.environment],
      ]),
      later('Fault', () => faultContent(e), report),
      requestSection(e),
      responseSection(e, report),
      later('Ledger entries', () => ledgerContent(e), report),
      later('Webhook events', () => webhookContent(e), report),
      curlSection(e, report),
    );
  }

  async function open(listEntry) {
    current = listEntry.request_id;
    drawer.hidden = false;
    render(listEntry);
    byId('drawer-close').focus();
    let full = null;
    try {
      full = await api('GET', `/requests/${encodeURIComponent(listEntry.request_id)}`);
    } catch (err) {
      // No detail route, or the entry left the journal: the list entry is all there is.
      if (!(err instanceof ApiProblem && [404, 405].includes(err.status))) report(err);
    }
    // The entry itself, or (should the route wrap it) under `entry`.
    const detail = full && !full.request_id && full.entry ? full.entry : full;
    if (detail && current === listEntry.request_id) render({ ...listEntry, ...detail });
  }

  byId('drawer-close').addEventListener('click', close);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  return { open, close };
}
