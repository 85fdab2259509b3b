/**
 * Everything a user can read back after a sequence (admin reads without the journal, /v1 polls, the same
 * searches again), and the wait for webhook attempts on the wire, for the snapshot property test.
 */
import type { Emulator } from '../../../src/app/emulator.js';
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
 * (`nextAttemptAt`) still ahead. The first attempts start on a later turn of the event loop, so this is awaited after
 * every call; each round waits for the receiver's next request or a short tick, within a deadline. It reads
 * the engine in process, not `GET /_emulator/webhooks/deliveries`: every HTTP request takes a request id from
 * the emulator's counters, which are part of the state, and the number of polls is not the same on A and B.
 * With Redis an event can still be on its way to the list (a period's close is claimed in a round trip
 * first, then its delivery written): the store's writes in flight are awaited, and the answer must hold for
 * a few rounds in a row.
 */
export async function settle(r: Api & { emulator: Emulator }, sink: Sink): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (let quiet = 0; quiet < QUIET_ROUNDS;) {
    await r.emulator.store.settled();
    const pending = await r.emulator.part('webhooks').deliveries({ status: 'pending', limit: 1000 });
    // With Redis a retry whose time the clock has reached is claimed on a later turn, not as the clock moves.
    const now = (orgId: string) => r.emulator.part('clocks').for(orgId).now();
    const onTheWire = (d: { orgId: string; nextAttemptAt?: string }) =>
      d.nextAttemptAt === undefined || Date.parse(d.nextAttemptAt) <= now(d.orgId);
    quiet = pending.some(onTheWire) || (r.emulator.store.shared && (await dueWork(r, now))) ? 0 : quiet + 1;
    if (Date.now() > deadline) throw new Error('webhook attempts or due work still running after 10 s');
    await Promise.race([sink.next(), new Promise((resolve) => setTimeout(resolve, 5))]);
  }
}

/**
 * Whether a job's completion is due but not done yet. With Redis, due work runs from the shared queue on a
 * later turn, after the clock has moved (with the memory store, as the clock moves). Read from the state's
 * export, the one place the due times show (an admin read: it takes no request id of the state's).
 */
async function dueWork(api: Api, now: (orgId: string) => number): Promise<boolean> {
  const { status, body } = await call(api, 'GET', '/_emulator/state');
  if (status !== 200) throw new Error(`export during settle: ${status}`);
  const orgs = (body as { orgs: Record<string, Record<string, any>> }).orgs;
  return Object.entries(orgs).some(([orgId, org]) => {
    const due = (at: string | null | undefined) => typeof at === 'string' && Date.parse(at) <= now(orgId);
    const stt = (org.stt_jobs?.jobs ?? []) as { status: string; due_at: string | null }[];
    const rag = (org.rag?.jobs ?? []) as { status: string; due_at: string | null }[];
    return (
      stt.some((j) => j.status === 'processing' && due(j.due_at)) ||
      rag.some((j) => j.status === 'processing' && due(j.due_at))
    );
  });
}

/** Rounds in a row with no attempt on the wire before `settle` returns. */
const QUIET_ROUNDS = 3;
