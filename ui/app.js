// The dashboard: wires each panel to the admin API. Every action is an admin call; nothing is cached
// beyond what is on screen.
import { AdminUnauthorized, api, hasToken, onUnauthorized, setToken } from './api.js';
import { createClockPanel } from './clock.js';
import { createDeliveriesPanel } from './deliveries.js';
import { byId, fillRows, formatNumber, formatTime, h, textCell } from './dom.js';
import { createDrawer } from './drawer.js';
import { createFaultsPanel } from './faults.js';
import { createJournalPanel } from './journal.js';
import { createReportPanel } from './report.js';
import { createSandboxesPanel } from './sandboxes.js';
import { createScenariosPanel } from './scenarios.js';
import { createStatePanel } from './state.js';

let selectedOrg = 'org_demo';
let locked = false;

/** One status line for the page: successes and failures of the last action. */
function report(messageOrError) {
  const status = byId('status');
  if (messageOrError instanceof AdminUnauthorized) return;
  const isError = messageOrError instanceof Error;
  status.textContent = isError ? messageOrError.message : messageOrError;
  status.className = isError ? 'status error' : 'status';
}

// ---- organizations and keys

async function refreshOrgs() {
  const { organizations } = await api('GET', '/orgs');
  if (!organizations.some((o) => o.id === selectedOrg) && organizations.length > 0)
    selectedOrg = organizations[0].id;
  fillRows(
    byId('orgs-body'),
    organizations.map((o) =>
      h(
        'tr',
        {
          'data-org-id': o.id,
          class: o.id === selectedOrg ? 'selected' : undefined,
          'aria-current': o.id === selectedOrg ? 'true' : undefined,
        },
        h('td', {}, h('code', {}, o.id)),
        textCell(o.name),
        h('td', {}, o.rag_entitled ? 'yes' : 'no'),
        h('td', { class: 'num' }, formatNumber(o.credits?.balance)),
        h('td', { class: 'num' }, String(o.keys.filter((k) => !k.revoked_at).length)),
        h(
          'td',
          {},
          h(
            'button',
            {
              type: 'button',
              'aria-label': `Show organization ${o.id}`,
              disabled: o.id === selectedOrg,
              onclick: () => selectOrg(o.id),
            },
            'Show',
          ),
        ),
      ),
    ),
    'No organizations.',
  );
  byId('org-ids').replaceChildren(...organizations.map((o) => h('option', { value: o.id })));
  byId('key-ids').replaceChildren(
    ...organizations.flatMap((o) => o.keys.map((k) => h('option', { value: k.id }, `${k.display} ${o.id}`))),
  );
  const org = organizations.find((o) => o.id === selectedOrg);
  byId('keys-org').textContent = org ? org.name : '—';
  byId('usage-org').textContent = org ? org.name : '—';
  byId('keys-org').setAttribute('dir', 'auto');
  byId('usage-org').setAttribute('dir', 'auto');
  renderKeys(org?.keys ?? []);
}

function renderKeys(keys) {
  fillRows(
    byId('keys-body'),
    keys.map((k) => {
      const label = k.name ?? k.display;
      return h(
        'tr',
        { 'data-key-id': k.id, class: k.revoked_at ? 'revoked' : undefined },
        textCell(k.name),
        h('td', {}, h('code', {}, k.display)),
        h('td', {}, k.environment),
        h('td', {}, k.scopes.join(' ')),
        h(
          'td',
          {},
          k.revoked_at
            ? `revoked${k.revoked_reason ? ` (${k.revoked_reason})` : ''} ${formatTime(k.revoked_at)}`
            : 'active',
        ),
        h(
          'td',
          { class: 'actions' },
          k.revoked_at
            ? ''
            : [
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'danger',
                    'aria-label': `Revoke ${label}`,
                    onclick: () => keyAction('DELETE', `/keys/${k.id}`, `Revoked ${k.display}`),
                  },
                  'Revoke',
                ),
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'danger',
                    'aria-label': `Leak ${label}`,
                    onclick: () =>
                      keyAction(
                        'POST',
                        `/keys/${k.id}/leak`,
                        `Leaked ${k.display}: revoked, key.compromised sent`,
                      ),
                  },
                  'Leak',
                ),
              ],
        ),
      );
    }),
    'No keys yet.',
  );
}

function keyAction(method, path, message) {
  api(method, path)
    .then(() => {
      report(message);
      return Promise.all([refreshOrgs(), refreshDeliveries()]);
    })
    .catch(report);
}

function selectOrg(id) {
  selectedOrg = id;
  byId('new-key').hidden = true;
  Promise.all([refreshOrgs(), refreshUsage()]).catch(report);
}

function setupOrgForms() {
  byId('org-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const body = {};
    const name = byId('org-name').value.trim();
    const credits = byId('org-credits').value;
    if (name) body.name = name;
    if (credits !== '') body.credits = Number(credits);
    if (byId('org-rag').checked) body.rag_entitled = true;
    api('POST', '/orgs', body)
      .then((org) => {
        event.target.reset();
        report(`Created organization ${org.id}`);
        selectOrg(org.id);
      })
      .catch(report);
  });

  byId('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(event.target);
    const body = { environment: data.get('environment'), scopes: data.getAll('scopes') };
    const name = String(data.get('name') ?? '').trim();
    if (name) body.name = name;
    api('POST', `/orgs/${encodeURIComponent(selectedOrg)}/keys`, body)
      .then((key) => {
        // The full key exists only in this answer; it is shown here once and never fetched again.
        byId('new-key-value').textContent = key.key;
        byId('new-key').hidden = false;
        byId('key-name').value = '';
        report(`Created key ${key.display}`);
        return refreshOrgs();
      })
      .catch(report);
  });

  byId('new-key-dismiss').addEventListener('click', () => {
    byId('new-key-value').textContent = '';
    byId('new-key').hidden = true;
  });
  byId('new-key-copy').addEventListener('click', () => {
    navigator.clipboard
      .writeText(byId('new-key-value').textContent)
      .then(() => report('Key copied to the clipboard'))
      .catch(() => report(new Error('the clipboard is not available here; select the key and copy it')));
  });
}

// ---- usage

async function refreshUsage() {
  const usage = await api('GET', `/orgs/${encodeURIComponent(selectedOrg)}/usage?limit=20`);
  const b = usage.balance;
  const facts = [
    ['Balance', formatNumber(b.balance)],
    ['Period grant', formatNumber(b.period_grant)],
    ['Consumed in period', formatNumber(b.consumed_in_period)],
    ['Period ends', formatTime(b.period_end)],
  ];
  for (const [product, byStatus] of Object.entries(usage.totals)) {
    const parts = Object.entries(byStatus).map(
      ([status, t]) => `${status} ${formatNumber(t.amount)} (${t.count})`,
    );
    facts.push([product, parts.join(', ')]);
  }
  byId('balance').replaceChildren(...facts.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
  fillRows(
    byId('usage-body'),
    usage.entries.map((e) =>
      h(
        'tr',
        {},
        h('td', {}, formatTime(e.created_at)),
        h('td', {}, e.mode ? `${e.product} (${e.mode})` : e.product),
        h('td', { class: 'num' }, `${formatNumber(e.quantity)} ${e.unit ?? ''}`),
        h('td', { class: 'num' }, formatNumber(e.amount)),
        h('td', {}, e.reason ? `${e.status} (${e.reason})` : e.status),
        h('td', {}, e.key ? h('code', {}, e.key) : '—'),
      ),
    ),
    'No usage yet.',
  );
}

// ---- operation ids for the fault form

async function loadOperationIds() {
  const doc = await api('GET', '/openapi.json');
  const ids = [];
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) if (op?.operationId) ids.push(op.operationId);
  }
  ids.sort();
  byId('operation-ids').replaceChildren(...ids.map((id) => h('option', { value: id })));
  journal.setOperations(ids);
}

// ---- the page

const scenarios = createScenariosPanel({ report, onApplied: () => refreshAll() });
const faults = createFaultsPanel({ report, onChange: (list) => scenarios.showFaultCount(list) });
const refreshFaults = () => faults.refresh();
const deliveries = createDeliveriesPanel({ report });
// A load replaces what every panel shows.
createStatePanel({ report, onLoaded: () => refreshAll() });
const refreshDeliveries = () => deliveries.refresh();
const clock = createClockPanel({
  report,
  onMoved: () => Promise.all([refreshFaults(), refreshDeliveries(), refreshOrgs(), refreshUsage()]),
});
const refreshClock = () => clock.refresh();

// Requests change usage, fault hit counts, deliveries and the report: refresh them as the journal moves, at most once a second.
let followUp = null;
function afterRequests() {
  if (followUp) return;
  followUp = setTimeout(() => {
    followUp = null;
    Promise.all([
      refreshUsage(),
      refreshFaults(),
      refreshDeliveries(),
      refreshOrgs(),
      clientReport.refresh(),
    ]).catch(report);
  }, 300);
}

const drawer = createDrawer({ report, onClose: () => journal.closed() });
const journal = createJournalPanel({ report, onEntries: afterRequests, onOpen: (e) => void drawer.open(e) });
/** Opens the drawer for a request the page may not hold (a report finding can name an older one). */
async function openById(id) {
  const entry =
    journal.find(id) ?? (await api('GET', '/requests?limit=10000')).requests.find((e) => e.request_id === id);
  if (!entry) throw new Error(`request ${id} is no longer in the journal`);
  await drawer.open(entry);
}

const clientReport = createReportPanel({
  report,
  openRequest: (id) => {
    openById(id).catch(report);
  },
});

// Picking a sandbox makes the journal, deliveries, keys and usage follow its organization.
const sandboxes = createSandboxesPanel({
  report,
  onPick: (s) => {
    journal.setSandbox(s);
    if (s) selectOrg(s.org_id);
    deliveries.setSandbox(s).catch(report);
  },
  // A reset, delete or clock move changes the organizations, usage, deliveries and fault rules shown.
  onChanged: () => {
    Promise.all([refreshOrgs(), refreshUsage(), refreshDeliveries(), refreshFaults()]).catch(report);
  },
});

async function refreshAll() {
  await Promise.all([
    sandboxes.refresh(),
    refreshClock(),
    refreshOrgs(),
    refreshUsage(),
    refreshFaults(),
    refreshDeliveries(),
    scenarios.refresh(),
    clientReport.refresh(),
  ]);
}

function lock(reason) {
  locked = true;
  journal.stop();
  const form = byId('token-form');
  form.hidden = false;
  byId('dashboard').setAttribute('inert', '');
  byId('token-reason').textContent = hasToken()
    ? `The admin token was refused (${reason}). Enter the right one.`
    : 'This emulator runs with --admin-token. Enter it to use the dashboard; it is kept in this tab only (session storage).';
  byId('token-input').focus();
}

async function unlock() {
  locked = false;
  byId('token-form').hidden = true;
  byId('dashboard').removeAttribute('inert');
  await Promise.all([refreshAll(), loadOperationIds()]);
  journal.start();
  report('Connected');
}

onUnauthorized((err) => {
  if (!locked) lock(err.message);
});

byId('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  setToken(byId('token-input').value);
  byId('token-input').value = '';
  unlock().catch(report);
});

setupOrgForms();

// In real or scaled mode the clock moves by itself: keep its display current while the page is visible.
setInterval(() => {
  if (!locked && document.visibilityState === 'visible') refreshClock().catch(report);
}, 5000);

unlock().catch(report);
