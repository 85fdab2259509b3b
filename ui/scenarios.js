// Scenarios: the list with an Apply button each, and the header's state of play: which scenario is
// active (`active_scenario` in GET /health), how many fault rules are on, and a "Clear faults" button.
import { api } from './api.js';
import { byId, formatTime, h } from './dom.js';

export function createScenariosPanel({ report, onApplied }) {
  const badge = byId('scenario-badge');
  const faultsBadge = byId('faults-badge');

  async function refreshBadge() {
    const health = await api('GET', '/health');
    const active = health.active_scenario ?? null;
    if (active) {
      badge.textContent = `scenario: ${active.name}`;
      badge.className = 'badge scenario-on';
      badge.title = `applied at ${formatTime(active.applied_at)} (emulator clock); POST /_emulator/reset undoes it`;
    } else {
      badge.textContent = 'no scenario';
      badge.className = 'badge';
      badge.title = 'No scenario applied since start-up or the last reset';
    }
  }

  /** Called with the fault list whenever the fault panel refreshes. */
  function showFaultCount(faults) {
    faultsBadge.textContent = `${faults.length} fault rule${faults.length === 1 ? '' : 's'}`;
    faultsBadge.className = faults.length > 0 ? 'badge faults-on' : 'badge';
    byId('faults-clear').disabled = faults.length === 0;
  }

  async function refresh() {
    const { scenarios } = await api('GET', '/scenarios');
    byId('scenario-list').replaceChildren(
      ...scenarios.map((s) =>
        h(
          'li',
          { 'data-scenario': s.name },
          h('div', {}, h('strong', {}, s.name), h('p', { dir: 'auto', class: 'subtle' }, s.description)),
          h(
            'button',
            { type: 'button', 'aria-label': `Apply scenario ${s.name}`, onclick: () => apply(s.name) },
            'Apply',
          ),
        ),
      ),
    );
    await refreshBadge();
  }

  function apply(name) {
    api('POST', `/scenarios/${encodeURIComponent(name)}`)
      .then((result) => {
        report(`Applied scenario ${name} (${result.steps.length} steps)`);
        return onApplied();
      })
      .catch(report);
  }

  byId('faults-clear').addEventListener('click', () => {
    api('DELETE', '/faults')
      .then(() => {
        report('Cleared every fault rule');
        return onApplied();
      })
      .catch(report);
  });

  return { refresh, refreshBadge, showFaultCount };
}
