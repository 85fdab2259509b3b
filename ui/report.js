// The client report (GET /report): per key or test scope, whether the client under test honoured the
// emulator's guidance, each finding naming the requests behind it; JUnit XML to download for CI.
import { api, apiBlob } from './api.js';
import { byId, facts, h } from './dom.js';

const STATUS_TEXT = { pass: 'pass', fail: 'fail', not_applicable: 'n/a' };

function query(format) {
  const q = new URLSearchParams();
  for (const [name, id] of [
    ['org_id', 'report-org'],
    ['key_id', 'report-key'],
    ['scope', 'report-scope'],
  ]) {
    const value = byId(id).value.trim();
    if (value) q.set(name, value);
  }
  if (format) q.set('format', format);
  const text = q.toString();
  return `/report${text ? `?${text}` : ''}`;
}

function groupName(g) {
  if (g.group.scope) return `scope ${g.group.scope}`;
  return `key ${g.group.key ?? g.group.key_id}`;
}

export function createReportPanel({ report, openRequest }) {
  const out = byId('report-body');

  function requestLink(id) {
    return h(
      'button',
      { type: 'button', class: 'link', 'aria-label': `Open request ${id}`, onclick: () => openRequest(id) },
      id,
    );
  }

  function checkItem(c) {
    return h(
      'li',
      { class: `check check-${c.status}`, 'data-check': c.id },
      h('span', { class: `badge ${c.status}` }, STATUS_TEXT[c.status] ?? c.status),
      ' ',
      h('span', {}, c.title),
      c.findings.length
        ? h(
            'ul',
            { class: 'findings' },
            c.findings.map((f) =>
              h(
                'li',
                {},
                h('span', { dir: 'auto' }, f.message),
                f.request_ids.length
                  ? h('span', { class: 'ids' }, ' · ', f.request_ids.map(requestLink))
                  : null,
              ),
            ),
          )
        : null,
    );
  }

  async function refresh() {
    const data = await api('GET', query());
    const s = data.summary;
    out.replaceChildren(
      facts(
        [
          ['Generated', data.generated_at],
          ['Groups', String(s.groups)],
          ['Checks', `${s.passed} passed · ${s.failed} failed · ${s.not_applicable} not applicable`],
        ],
        { id: 'report-summary' },
      ),
      ...(data.groups.length === 0
        ? [h('p', { class: 'subtle' }, 'No request with an API key yet: nothing to report on.')]
        : data.groups.map((g) =>
            h(
              'section',
              { class: 'report-group', 'aria-label': groupName(g) },
              h('h3', {}, groupName(g), h('span', { class: 'subtle' }, ` · ${g.requests} requests`)),
              h('ul', { class: 'checks' }, g.checks.map(checkItem)),
            ),
          )),
    );
  }

  /** Fetches the JUnit XML (with the admin token) and hands it to the browser as a file. */
  async function download() {
    const blob = await apiBlob(query('junit'), 'application/xml');
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: 'svc-emulator-report.xml', hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    report('JUnit report downloaded (svc-emulator-report.xml)');
  }

  byId('report-form').addEventListener('submit', (event) => {
    event.preventDefault();
    refresh().catch(report);
  });
  byId('report-junit').addEventListener('click', () => void download().catch(report));
  return { refresh };
}
