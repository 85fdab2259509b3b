/**
 * What CI waits on and reads at start: boot state (`GET /_emulator/health`), the demo credentials
 * (`GET /_emulator/demo`, `--keys-file PATH`).
 */
import { writeFileSync } from 'node:fs';
import type { DemoKeys, HealthCore } from '../contract/admin-types.js';
import type { DemoState } from './demo-state.js';

/**
 * What CI waits on (`status`, `ready`, and each area's boot work: `indexing`, `ready`, `failed` or `disabled`)
 * and the demo organization's credentials (the body of `GET /_emulator/demo` and of `--keys-file`) are the
 * document's (`Health`, `DemoKeys`), see contract/admin-types.ts.
 */
export type { HealthCore as EmulatorHealth, DemoKeys };

export function demoKeys(
  demo: DemoState,
  urls: { baseUrl?: string; adminUrl?: string; caFile?: string | null } = {},
): DemoKeys {
  return {
    org_id: demo.orgId,
    base_url: urls.baseUrl ?? null,
    admin_url: urls.adminUrl ?? null,
    ...(urls.caFile ? { ca_file: urls.caFile } : {}),
    keys: { ...demo.keys },
    key_ids: { ...demo.keyIds },
  };
}

/**
 * Writes the demo credentials for CI: dotenv when the name ends in `.env`, JSON otherwise. Owner-only
 * permissions, because the file holds full keys.
 */
export function writeKeysFile(path: string, keys: DemoKeys): void {
  const text = path.endsWith('.env')
    ? [
        `SVC_BASE_URL=${keys.base_url ?? ''}`,
        `SVC_ADMIN_URL=${keys.admin_url ?? ''}`,
        ...(keys.ca_file ? [`SVC_CA_FILE=${keys.ca_file}`, `NODE_EXTRA_CA_CERTS=${keys.ca_file}`] : []),
        `SVC_ORG_ID=${keys.org_id}`,
        `SVC_LIVE_KEY=${keys.keys.live}`,
        `SVC_TEST_KEY=${keys.keys.test}`,
        '',
      ].join('\n')
    : `${JSON.stringify(keys, null, 2)}\n`;
  writeFileSync(path, text, { mode: 0o600 });
}
