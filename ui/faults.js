// The fault rule form: its parameter fields follow the chosen kind (the FaultRuleInput schema of
// openapi/admin.yaml), and the rule list shows each rule's own `explanation`.
import { api } from './api.js';
import { byId, fillRows, formatTime, h, textCell } from './dom.js';
import { utcIso } from './forms.js';

// The statuses FaultRuleInput accepts; 502 (upstream_error) is the usual "upstream broke" default.
const ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 502, 504];

/** Every parameter field: label, input type and limits, as in the schema. */
const PARAMS = {
  status: { label: 'Status', options: ERROR_STATUSES, value: '502' },
  code: { label: 'Code', type: 'text', pattern: '[a-z][a-z0-9_]*', placeholder: 'default for the status' },
  detail: { label: 'Detail', type: 'text', maxlength: 1000 },
  retry_after: { label: 'Retry-After (s)', type: 'number', min: 0 },
  latency_ms: { label: 'Latency (ms)', type: 'number', min: 0, max: 600000, value: '1000' },
  jitter_ms: { label: 'Jitter (ms)', type: 'number', min: 0, max: 600000 },
  after_bytes: { label: 'After bytes', type: 'number', min: 0, value: '4096' },
  bytes_per_second: { label: 'Bytes per second', type: 'number', min: 1, value: '1024' },
  close_code: { label: 'Close code', type: 'number', min: 1000, max: 4999, value: '1011' },
  after_frames: { label: 'After frames', type: 'number', min: 0 },
  after_audio_seconds: { label: 'After audio seconds', type: 'number', min: 0, step: 'any' },
  reason: { label: 'Reason', type: 'text', maxlength: 120 },
  delay_ms: { label: 'Delay (ms)', type: 'number', min: 0, max: 600000 },
  length_header: { label: 'Content-Length', options: ['original', 'truncated'], value: 'original' },
  content_type: {
    label: 'Content-Type',
    type: 'text',
    maxlength: 200,
    placeholder: 'text/plain; charset=utf-8',
  },
  fields: { label: 'Extra fields (JSON object)', type: 'text', placeholder: '{"x_emulator_extra": 1}' },
  burst: { label: 'Burst (frames)', type: 'number', min: 1, max: 1000 },
};

/** The closed set of kinds: what each does, its parameters (required first) and whether it matches events. */
const KINDS = {
  error: {
    about: 'answer an error status instead of running the operation',
    params: ['status', 'code', 'detail', 'retry_after'],
    required: ['status'],
  },
  latency: { about: 'delay the answer', params: ['latency_ms', 'jitter_ms'], required: ['latency_ms'] },
  reset: { about: 'reset the TCP connection without answering', params: [] },
  hang: { about: 'never answer', params: [] },
  stream_truncate: { about: 'cut a chunked /tts/stream', params: ['after_bytes'], required: ['after_bytes'] },
  stream_slow: {
    about: 'slow a chunked /tts/stream',
    params: ['bytes_per_second'],
    required: ['bytes_per_second'],
  },
  ws_close: {
    about: 'close an open WebSocket',
    params: ['close_code', 'after_frames', 'after_audio_seconds', 'reason'],
    required: ['close_code'],
  },
  job_stuck: { about: 'leave STT and RAG jobs processing forever', params: [] },
  job_fail: { about: 'fail STT and RAG jobs', params: ['code', 'detail'] },
  webhook_delay: { about: 'hold each delivery attempt', params: ['delay_ms'], webhook: true },
  webhook_duplicate: { about: 'send every attempt twice', params: [], webhook: true },
  webhook_out_of_order: {
    about: 'hold a delivery so later events overtake it',
    params: ['delay_ms'],
    webhook: true,
  },
  webhook_wrong_secret: { about: 'sign with a wrong secret', params: [], webhook: true },
  webhook_stale_timestamp: { about: 'sign with a stale timestamp', params: ['delay_ms'], webhook: true },
  html_error: { about: 'answer an HTML error page, as a load balancer would', params: ['status'] },
  truncate_json: {
    about: 'cut a 2xx JSON answer',
    params: ['after_bytes', 'length_header'],
  },
  empty_body: { about: 'send a 2xx JSON answer with an empty body', params: [] },
  wrong_content_type: { about: 'send a 2xx JSON answer with another Content-Type', params: ['content_type'] },
  omit_optional: { about: 'leave out every optional field of a 2xx JSON answer', params: [] },
  extra_fields: { about: 'add unknown fields to JSON answers and WebSocket frames', params: ['fields'] },
  ws_stall: { about: 'keep a WebSocket open but send nothing more', params: ['after_frames'] },
  ws_frame_delay: {
    about: 'hold each server WebSocket frame',
    params: ['delay_ms', 'burst', 'after_frames'],
    required: ['delay_ms'],
  },
};

/** Every field of FaultMatch. `webhook: true` fields only mean something for the webhook kinds. */
const MATCH = {
  operation: { label: 'Operation', list: 'operation-ids', placeholder: 'e.g. rag.search' },
  method: { label: 'Method', options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  path: { label: 'Path', placeholder: '/v1/rag/*' },
  org_id: { label: 'Organization', list: 'org-ids' },
  key_id: { label: 'Key ID', list: 'key-ids', placeholder: 'key_…' },
  environment: { label: 'Key environment', options: ['live', 'test'] },
  mode: { label: 'RAG mode', options: ['retrieve', 'answer', 'analyze'] },
  scope: { label: 'Scope header', placeholder: 'X-Emulator-Scope' },
  sandbox: { label: 'Sandbox', list: 'sandbox-ids', placeholder: 'sbx_…' },
  event: { label: 'Webhook event', list: 'event-kinds', placeholder: 'job.completed', webhook: true },
};
const EVENT_KINDS = [
  'ping',
  'job.completed',
  'rag.job.completed',
  'quota.threshold',
  'invoice.finalized',
  'key.compromised',
];

function matchField(name) {
  const spec = MATCH[name];
  const id = `fault-match-${name.replace('_', '-')}`;
  const input = spec.options
    ? h(
        'select',
        { id, name: `match.${name}` },
        h('option', { value: '' }, 'any'),
        spec.options.map((o) => h('option', { value: o }, o)),
      )
    : h('input', { id, name: `match.${name}`, type: 'text', list: spec.list, placeholder: spec.placeholder });
  return h('div', { class: 'field', 'data-match': name }, h('label', { for: id }, spec.label), input);
}

const TIME_FIELDS = new Set(['active_from', 'active_until']);
const NUMBER_FIELDS = new Set([
  'times',
  'probability',
  'ttl_seconds',
  ...Object.keys(PARAMS).filter(
    (p) => PARAMS[p].type === 'number' || typeof PARAMS[p].options?.[0] === 'number',
  ),
]);
const JSON_FIELDS = new Set(['fields']);

function paramField(name) {
  const spec = PARAMS[name];
  const id = `fault-${name}`;
  const input = spec.options
    ? h(
        'select',
        { id, name },
        spec.options.map((o) =>
          h('option', { value: String(o), selected: String(o) === spec.value }, String(o)),
        ),
      )
    : h('input', {
        id,
        name,
        type: spec.type,
        min: spec.min,
        max: spec.max,
        step: spec.step ?? (spec.type === 'number' ? '1' : undefined),
        pattern: spec.pattern,
        maxlength: spec.maxlength,
        placeholder: spec.placeholder,
        value: spec.value ?? '',
      });
  return h('div', { class: 'field', 'data-param': name }, h('label', { for: id }, spec.label), input);
}

/** A JSON parameter; a typo is shown beside the form rather than sent. */
function parseJsonField(name, value) {
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`${PARAMS[name].label}: not valid JSON`);
  }
}

/** When the rule applies beyond its match (the explanation already names the match): window and chance. */
function describeWhen(f) {
  const parts = [];
  if (f.active_from) parts.push(`from ${formatTime(f.active_from)}`);
  if (f.active_until) parts.push(`until ${formatTime(f.active_until)}`);
  if (f.probability !== undefined && f.probability !== 1) parts.push(`${f.probability * 100}% of matches`);
  return parts.length ? parts.join(' · ') : 'always';
}

export function createFaultsPanel({ report, onChange }) {
  const form = byId('fault-form');
  const kindSelect = byId('fault-kind');
  const about = byId('fault-kind-about');
  const paramsBox = byId('fault-params');
  const errorOut = byId('fault-error');
  const tbody = byId('faults-body');

  kindSelect.replaceChildren(...Object.keys(KINDS).map((k) => h('option', { value: k }, k)));
  paramsBox.replaceChildren(...Object.keys(PARAMS).map(paramField));
  byId('fault-match').replaceChildren(...Object.keys(MATCH).map(matchField));
  byId('event-kinds').replaceChildren(...EVENT_KINDS.map((e) => h('option', { value: e })));
  const eventField = byId('fault-match-event').closest('.field');

  function showKind() {
    const kind = KINDS[kindSelect.value];
    about.textContent = kind.about;
    for (const field of paramsBox.querySelectorAll('[data-param]')) {
      const used = kind.params.includes(field.dataset.param);
      field.hidden = !used;
      const input = field.querySelector('input, select');
      // Disabled fields are neither validated nor sent.
      input.disabled = !used;
      input.required = used && (kind.required ?? []).includes(field.dataset.param);
    }
    paramsBox.closest('fieldset').hidden = kind.params.length === 0;
    eventField.hidden = !kind.webhook;
    byId('fault-match-event').disabled = !kind.webhook;
  }
  kindSelect.addEventListener('change', showKind);
  showKind();

  function body() {
    const data = new FormData(form);
    const rule = { kind: kindSelect.value };
    const match = {};
    for (const [name, raw] of data.entries()) {
      const value = String(raw).trim();
      if (value === '' || name === 'kind') continue;
      const typed = NUMBER_FIELDS.has(name)
        ? Number(value)
        : TIME_FIELDS.has(name)
          ? utcIso(value)
          : JSON_FIELDS.has(name)
            ? parseJsonField(name, value)
            : value;
      if (name.startsWith('match.')) match[name.slice(6)] = typed;
      else rule[name] = typed;
    }
    if (Object.keys(match).length > 0) rule.match = match;
    return rule;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    errorOut.textContent = '';
    let input;
    try {
      input = body();
    } catch (err) {
      errorOut.textContent = err.message;
      return;
    }
    api('POST', '/faults', input)
      .then((rule) => {
        report(`Added fault ${rule.id}: ${rule.explanation}`);
        return refresh();
      })
      .catch((err) => {
        errorOut.textContent = err.message;
        report(err);
      });
  });

  async function remove(id) {
    await api('DELETE', `/faults/${encodeURIComponent(id)}`);
    report(`Removed fault ${id}`);
    await refresh();
  }

  async function refresh() {
    const { faults } = await api('GET', '/faults');
    fillRows(
      tbody,
      faults.map((f) =>
        h(
          'tr',
          { 'data-fault-id': f.id },
          h('td', {}, h('code', {}, f.id)),
          h('td', {}, f.kind),
          textCell(f.explanation),
          textCell(describeWhen(f)),
          textCell(f.description),
          h('td', { class: 'num' }, f.remaining === null ? '∞' : String(f.remaining)),
          h('td', { class: 'num' }, String(f.hits)),
          h('td', {}, formatTime(f.expires_at)),
          h(
            'td',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'danger',
                'aria-label': `Remove fault ${f.id}`,
                onclick: () => remove(f.id).catch(report),
              },
              'Remove',
            ),
          ),
        ),
      ),
      'No fault rules: every call behaves normally.',
    );
    onChange?.(faults);
  }

  return { refresh };
}
