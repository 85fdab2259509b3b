/**
 * Everything a user can read back after a sequence (admin reads without the journal, /v1 polls, the same
 * searches again), and the wait for webhook attempts on the wire, for the snapshot property test.
 */
import type { Emulator } from '../../../src/emulator.js';
import { call, type Api, type Answer } from './api.js';
import type { Model, ModelKey } from './ops.js';
import type { Sink } from './sink.js';

/** The answers, keyed by what was asked, in the order asked. */
export type Reads = [string, { status: number; body: unknown; requestId: string | null }][];

/**
 * Wall time, left out of comparisons after a load: how long an attempt took on the wire (`latency_ms`, in an
 * export `latencyMs`) and the wall instant a clock was last set or advanced (a clock section's `wall`).
 */
const WALL_TIME = new Set(['latency_ms', 'latencyMs', 'wall']);

export function withoutWallTime(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutWallTime);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!WALL_TIME.has(k)) out[k] = withoutWallTime(v);
  return out;
}

function liveKey(m: Model, orgId: string): ModelKey | undefined {
  const keys = m.keys.filter((k) => k.orgId === orgId && !k.revoked);
  return keys.find((k) => k.key.startsWith('svc_live_')) ?? keys[0];
}

/**
 * Request ids are not state (decision SN-P2): after a load each emulator counts on from its own counter, so
 * the ids minted since differ between A and B, and (same seed) B's can even repeat ids the loaded state
 * holds, so they cannot be matched by where they appear either. They are all left out of comparisons.
 */
export function withoutRequestIds(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/req_[0-9A-Za-z]+/g, 'req_…')) as unknown;
}

export async function readAll(api: Api, m: Model): Promise<unknown> {
  const out: Reads = [];
  const get = async (label: string, p: Promise<Answer>) => {
    const a = await p;
    // An emulator's own URLs (a sandbox's base_url) name its port: the one thing B cannot share with A.
    const body = JSON.parse(
      JSON.stringify(a.body ?? null).replaceAll(api.origin, 'http://ORIGIN'),
    ) as unknown;
    out.push([label, { status: a.status, body: withoutWallTime(body), requestId: a.requestId }]);
  };
  const admin = (path: string) => get(`GET ${path}`, call(api, 'GET', `/_emulator${path}`));
  await admin('/orgs');
  await admin('/clock');
  await admin('/faults');
  await admin('/sandboxes');
  await admin('/stt/jobs');
  await admin('/webhooks/deliveries?limit=1000');
  for (const sbx of m.sandboxes) {
    await admin(`/sandboxes/${sbx.id}`);
    await admin(`/sandboxes/${sbx.id}/clock`);
  }
  for (const org of m.orgs) {
    for (const path of [
      '',
      '/keys',
      '/billing',
      '/usage?limit=1000',
      '/invoices',
      '/webhook-endpoints',
      '/rag',
    ])
      await admin(`/orgs/${org}${path}`);
  }
  for (const job of m.jobs) {
    const k = liveKey(m, job.orgId);
    if (k) await get(`GET job ${job.jobId}`, call(api, 'GET', `/v1/stt/jobs/${job.jobId}`, { key: k.key }));
  }
  for (const org of m.orgs) {
    const k = liveKey(m, org);
    if (k)
      await get(`GET documents of ${org}`, call(api, 'GET', '/v1/rag/documents?limit=100', { key: k.key }));
  }
  for (const doc of m.docs) {
    const k = liveKey(m, doc.orgId);
    if (k)
      await get(
        `GET document ${doc.documentId}`,
        call(api, 'GET', `/v1/rag/documents/${doc.documentId}`, { key: k.key }),
      );
  }
  for (const [i, s] of m.searches.entries()) {
    const k = liveKey(m, s.orgId);
    if (k) await get(`search ${i}`, call(api, 'POST', '/v1/rag/search', { key: k.key, body: s.body }));
  }
  return withoutRequestIds(out);
}

/**
 * Waits until no webhook attempt is on the wire: every pending delivery waits for a retry at a clock time
 * (`nextAttemptAt`). The first attempts start on a later turn of the event loop, so this is awaited after
 * every call; each round waits for the receiver's next request or a short tick, within a deadline. It reads
 * the engine in process, not `GET /_emulator/webhooks/deliveries`: every HTTP request takes a request id from
 * the emulator's counters, which are part of the state, and the number of polls is not the same on A and B.
 */
export async function settle(r: { emulator: Emulator }, sink: Sink): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pending = await r.emulator.webhooks.deliveries({ status: 'pending', limit: 1000 });
    if (!pending.some((d) => d.nextAttemptAt === undefined)) return;
    if (Date.now() > deadline) throw new Error('webhook attempts still on the wire after 10 s');
    await Promise.race([sink.next(), new Promise((resolve) => setTimeout(resolve, 5))]);
  }
}
