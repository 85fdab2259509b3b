/**
 * The two emulators of a snapshot property run: the same options (seed, frozen clock, signatures on clock
 * time so a retry's bytes do not depend on the wall clock), each on 127.0.0.1 port 0, plus the state
 * transfer through the public surface (GET and PUT /_emulator/state).
 */
import type { EmulatorOptions } from '../../../src/app/config.js';
import { createEmulator, type Emulator } from '../../../src/app/emulator.js';
import { bytes, call, type Api } from './api.js';
import type { Model } from './ops.js';

const generous = { limit: 1_000_000, windowSeconds: 60 };

export const PAIR_OPTIONS: EmulatorOptions = {
  seed: 'snapshot-property',
  logLevel: 'silent',
  clockMode: 'frozen',
  clockStart: '2031-01-31T12:00:00.000Z',
  demoCorpus: false,
  signatureTime: 'clock',
  rateLimits: { live: generous, test: generous },
  // Short synthetic clips: 1 s answers at once, 3-5 s become jobs.
  stt: { syncMaxSeconds: 2 },
  taskTimeoutMs: 60_000,
};

export interface Running extends Api {
  emulator: Emulator;
}

export async function startOne(options: EmulatorOptions = {}): Promise<Running> {
  const emulator = await createEmulator({ ...PAIR_OPTIONS, ...options });
  const { baseUrl } = await emulator.listen(0, '127.0.0.1');
  return { emulator, origin: new URL(baseUrl).origin };
}

/** What a fresh emulator starts with: the demo organization and its two keys. */
export function freshModel(r: Running): Model {
  const { orgId, keys, keyIds } = r.emulator.demo;
  return {
    orgs: [orgId],
    keys: [
      { id: keyIds.live, key: keys.live, orgId, revoked: false },
      { id: keyIds.test, key: keys.test, orgId, revoked: false },
    ],
    sandboxes: [],
    jobs: [],
    docs: [],
    searches: [],
  };
}

export const STATE_PATH = '/_emulator/state?include=secrets';

export async function exportState(api: Api): Promise<Buffer> {
  const res = await bytes(api, STATE_PATH);
  if (res.status !== 200)
    throw new Error(`export: ${res.status} ${res.bytes.toString('utf8').slice(0, 500)}`);
  return res.bytes;
}

export async function loadState(api: Api, document: Buffer): Promise<unknown> {
  const res = await call(api, 'PUT', '/_emulator/state', {
    raw: document,
    headers: { 'content-type': 'application/json' },
  });
  if (res.status !== 200) throw new Error(`load: ${res.status} ${JSON.stringify(res.body).slice(0, 800)}`);
  return res.body;
}
