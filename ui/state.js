// State: "Download state" saves the emulator's state document (GET /_emulator/state) as a file, "Load state"
// sends a file to PUT /_emulator/state and shows what was loaded, or the problem that refused it (docs/state.md).
import { ApiProblem, apiBlob, apiUpload } from './api.js';
import { byId, h } from './dom.js';

export function createStatePanel({ report, onLoaded }) {
  const result = byId('state-result');

  function query() {
    const include = ['journal', 'secrets'].filter((name) => byId(`state-include-${name}`).checked);
    return include.length ? `/state?include=${include.join(',')}` : '/state';
  }

  async function download() {
    const blob = await apiBlob(query(), 'application/json');
    const name = `svc-emulator-state-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    report(`State downloaded (${name})`);
  }

  function show(kind, ...children) {
    result.className = `state-result ${kind}`;
    result.replaceChildren(...children);
    result.hidden = false;
  }

  async function load(file) {
    try {
      const loaded = await apiUpload('PUT', '/state', file);
      const scope =
        loaded.scope.kind === 'emulator'
          ? 'the whole emulator'
          : `organization ${loaded.scope.org_id}${loaded.scope.sandbox_id ? ` (sandbox ${loaded.scope.sandbox_id})` : ''}`;
      show(
        'ok',
        h('strong', {}, `Loaded ${file.name}: ${scope}`),
        h('p', {}, `Organizations: ${loaded.org_ids.join(', ') || 'none'}`),
        h('p', {}, `Includes: ${loaded.includes.join(', ') || 'neither journal nor secrets'}`),
      );
      report(`State loaded from ${file.name}`);
      await onLoaded();
    } catch (err) {
      if (!(err instanceof ApiProblem)) throw err;
      const p = err.problem ?? {};
      show(
        'refused',
        h('strong', {}, `Refused: ${file.name} was not loaded, nothing changed`),
        h('p', {}, h('code', {}, `${err.status} ${p.code ?? ''}`), ' ', p.detail ?? p.title ?? ''),
      );
    }
  }

  byId('state-download').addEventListener('click', () => void download().catch(report));
  byId('state-file').addEventListener('change', (event) => {
    const input = event.target;
    const file = input.files?.[0];
    // Cleared once read, so choosing the same file again loads it again.
    if (file)
      load(file)
        .catch(report)
        .finally(() => (input.value = ''));
  });
  return {};
}
