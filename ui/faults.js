// The fault rule form: its parameter fields follow the chosen kind (the FaultRuleInput schema of
// openapi/admin.yaml), and the rule list shows each rule's own `explanation`.
import { api } from './api.js';
import { byId, fillRows, formatTime, h, textCell } from './dom.js';

const ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504];

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
};

const MATCH_FIELDS = ['operation', 'path', 'org_id', 'scope', 'environment', 'event'];
const NUMBER_FIELDS = new Set([
  'times',
  'probability',
  'ttl_seconds',
  ...Object.keys(PARAMS).filter((p) => PARAMS[p].type === 'number' || PARAMS[p].options),
]);

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

export function createFaultsPanel({ report, onChange }) {
  const form = byId('fault-form');
  const kindSelect = byId('fault-kind');
  const about = byId('fault-kind-about');
  const paramsBox = byId('fault-params');
  const eventField = byId('fault-match-event').closest('.field');
  const errorOut = byId('fault-error');
  const tbody = byId('faults-body');

  kindSelect.replaceChildren(...Object.keys(KINDS).map((k) => h('option', { value: k }, k)));
  paramsBox.replaceChildren(...Object.keys(PARAMS).map(paramField));

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
      const typed = NUMBER_FIELDS.has(name) ? Number(value) : value;
      if (name.startsWith('match.')) match[name.slice(6)] = typed;
      else rule[name] = typed;
    }
    if (Object.keys(match).length > 0) rule.match = match;
    return rule;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    errorOut.textContent = '';
    api('POST', '/faults', body())
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

  return { refresh, matchFields: MATCH_FIELDS };
}
