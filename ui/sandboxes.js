// The sandboxes panel: list, create, reset and delete sandboxes, pick one, and drive the picked one's own
// clock. Picking tells the page (onPick), which makes the journal, deliveries, keys and usage follow it.
import { api } from './api.js';
import { showClock } from './clock.js';
import { byId, fillRows, formatTime, h, textCell } from './dom.js';
import { allChecked, formBody } from './forms.js';

const at = (id) => `/sandboxes/${encodeURIComponent(id)}`;

export function createSandboxesPanel({ report, onPick, onChanged }) {
  let sandboxes = [];
  let picked = null;
  // The "set to" field follows the clock until the user types in it: a refresh landing while they type (every
  // clock call refreshes the list and the clock) must not put the old time back under their cursor.
  let setNowTyped = false;
  byId('sandbox-set-now').addEventListener('input', () => (setNowTyped = true));

  function clockLabel(s) {
    if (!s.clock) return "the emulator's";
    return `${s.clock.mode} ${formatTime(s.clock.now)}`;
  }

  function action(label, text, onclick, danger = false) {
    return h(
      'button',
      { type: 'button', class: danger ? 'danger' : undefined, 'aria-label': label, onclick },
      text,
    );
  }

  function render() {
    fillRows(
      byId('sandboxes-body'),
      sandboxes.map((s) =>
        h(
          'tr',
          {
            'data-sandbox-id': s.id,
            class: s.id === picked?.id ? 'selected' : undefined,
            'aria-current': s.id === picked?.id ? 'true' : undefined,
          },
          h('td', {}, h('code', {}, s.id)),
          textCell(s.name),
          h('td', {}, h('code', {}, s.org_id)),
          h('td', {}, clockLabel(s)),
          h('td', {}, formatTime(s.created_at)),
          h('td', { class: 'actions' }, [
            s.id === picked?.id ? '' : action(`Pick sandbox ${s.id}`, 'Pick', () => pick(s)),
            action(`Reset sandbox ${s.id}`, 'Reset', () => reset(s)),
            action(`Delete sandbox ${s.id}`, 'Delete', () => remove(s), true),
          ]),
        ),
      ),
      'No sandboxes. Create one here or with POST /_emulator/sandboxes.',
    );
    byId('sandbox-picked').textContent = picked ? `sandbox ${picked.id}` : 'all organizations';
    byId('sandbox-picked').className = picked ? 'badge live' : 'badge';
    byId('sandbox-unpick').hidden = !picked;
  }

  async function refresh() {
    ({ sandboxes } = await api('GET', '/sandboxes'));
    // The fault form's `match.sandbox` offers them.
    byId('sandbox-ids').replaceChildren(...sandboxes.map((s) => h('option', { value: s.id }, s.name)));
    if (picked) {
      const still = sandboxes.find((s) => s.id === picked.id);
      if (!still) return setPicked(null);
      picked = still;
    }
    render();
    await refreshClock();
  }

  function setPicked(s) {
    if (s?.id !== picked?.id) setNowTyped = false;
    picked = s;
    render();
    onPick(s);
    return refreshClock();
  }

  function pick(s) {
    setPicked(s)
      .then(() => report(`Showing sandbox ${s.id} (organization ${s.org_id})`))
      .catch(report);
  }

  function reset(s) {
    api('POST', `${at(s.id)}/reset`)
      .then(() => {
        report(`Reset sandbox ${s.id}: back to the state it was created in`);
        onChanged();
        return refresh();
      })
      .catch(report);
  }

  function remove(s) {
    api('DELETE', at(s.id))
      .then(() => {
        report(`Deleted sandbox ${s.id} and all of its state`);
        onChanged();
        return refresh();
      })
      .catch(report);
  }

  // ---- the picked sandbox's clock

  function showSandboxClock(c) {
    showClock('sandbox-clock', c);
    if (!setNowTyped) byId('sandbox-set-now').value = c.now.slice(0, 19);
  }

  async function refreshClock() {
    const panel = byId('sandbox-clock-panel');
    panel.hidden = !picked;
    if (!picked) return;
    byId('sandbox-clock-id').textContent = picked.id;
    // Without a clock of its own, a set or an advance here gives it one (a copy of the emulator's).
    const own = Boolean(picked.clock);
    byId('sandbox-clock-none').hidden = own;
    for (const id of ['sandbox-clock-mode', 'sandbox-clock-now', 'sandbox-clock-timers'])
      byId(id).hidden = !own;
    if (own) showSandboxClock(await api('GET', `${at(picked.id)}/clock`));
  }

  function clockCall(path, body, message) {
    const id = picked.id;
    api('POST', `${at(id)}${path}`, body)
      .then((clock) => {
        showSandboxClock(clock);
        report(message(clock));
        onChanged();
        return refresh();
      })
      .catch(report);
  }

  byId('sandbox-advance-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const seconds = Number(byId('sandbox-advance-amount').value) * Number(byId('sandbox-advance-unit').value);
    clockCall(
      '/clock/advance',
      { seconds },
      (c) => `Advanced sandbox ${picked.id} by ${seconds} s to ${formatTime(c.now)}`,
    );
  });

  byId('sandbox-set-form').addEventListener('submit', (event) => {
    event.preventDefault();
    // The time field follows the clock: it is sent only when typed in (a running clock is already past it).
    // datetime-local has no zone: the page shows and sets UTC, like the emulator's clock.
    const body = formBody(event.target);
    if (!setNowTyped) delete body.now;
    setNowTyped = false;
    byId('sandbox-set-mode').value = '';
    byId('sandbox-set-scale').value = '';
    clockCall(
      '/clock',
      body,
      (c) => `Set the clock of sandbox ${picked.id}: ${c.mode} at ${formatTime(c.now)}`,
    );
  });

  // A tenant state is for an entitled organization only.
  byId('sandbox-rag-entitled').addEventListener('change', (event) => {
    byId('sandbox-rag-state').disabled = !event.target.checked;
  });

  byId('sandbox-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target;
    const body = formBody(form);
    // Every scope and every event checked is the default; events without a URL make no endpoint.
    if (allChecked(form, 'scopes')) delete body.scopes;
    if (body.webhook && allChecked(form, 'webhook.events')) delete body.webhook.events;
    if (body.webhook && !body.webhook.url) delete body.webhook;
    api('POST', '/sandboxes', body)
      .then(async (s) => {
        form.reset();
        byId('sandbox-rag-state').disabled = false;
        await refresh();
        onChanged();
        await setPicked(sandboxes.find((x) => x.id === s.id) ?? s);
        report(`Created sandbox ${s.id}: live key ${s.keys.live.key} (shown this once)`);
      })
      .catch(report);
  });

  byId('sandbox-unpick').addEventListener('click', () => {
    setPicked(null)
      .then(() => report('Showing every organization'))
      .catch(report);
  });

  return { refresh, picked: () => picked };
}
