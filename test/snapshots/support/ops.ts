/**
 * The calls of the snapshot property test: random sequences of /v1 and admin calls over a few organizations,
 * as data (fast-check arbitraries), and an interpreter that runs one sequence on an emulator, keeping what it
 * made (organizations, keys, jobs, documents, searches) so the reads afterwards know what to ask for.
 * References are indexes taken modulo what exists when the call runs, so every sequence is runnable.
 */
import fc from 'fast-check';
import { call, type Api } from './api.js';
import type { Sink, SinkPath } from './sink.js';

export type Op =
  | { t: 'createOrg'; rag: boolean; credits: number }
  | { t: 'createKey'; org: number; env: 'live' | 'test' }
  | { t: 'revokeKey'; key: number }
  | { t: 'credits'; org: number; credits: number }
  | { t: 'tts'; key: number; chars: number; quality: 'fast' | 'standard' | 'high' }
  | { t: 'sttSync'; key: number; seed: number }
  | { t: 'sttJob'; key: number; seconds: number; seed: number }
  | { t: 'ragReady'; org: number }
  | { t: 'ragUpload'; key: number; doc: number }
  | { t: 'ragSearch'; key: number; query: number; mode: 'retrieve' | 'answer'; topK: number }
  | { t: 'endpoint'; org: number; path: SinkPath; events: string[] }
  | { t: 'fault'; org: number; kind: 'error' | 'job_fail'; times: number }
  | { t: 'advance'; seconds: number }
  | { t: 'sandbox'; credits: number; path: SinkPath }
  | { t: 'sandboxAdvance'; sandbox: number; seconds: number }
  | { t: 'closePeriod'; org: number }
  | { t: 'trigger'; org: number; event: 'ping' | 'quota.threshold' | 'key.compromised' };

const idx = fc.nat({ max: 7 });
const sinkPath = fc.constantFrom<SinkPath>('ok', 'down', 'flaky');
const EVENTS = ['ping', 'job.completed', 'quota.threshold', 'invoice.finalized', 'key.compromised'];

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('createOrg' as const), rag: fc.boolean(), credits: fc.nat({ max: 500 }) }),
  fc.record({ t: fc.constant('createKey' as const), org: idx, env: fc.constantFrom('live', 'test') }),
  fc.record({ t: fc.constant('revokeKey' as const), key: idx }),
  fc.record({ t: fc.constant('credits' as const), org: idx, credits: fc.nat({ max: 300 }) }),
  fc.record({
    t: fc.constant('tts' as const),
    key: idx,
    chars: fc.integer({ min: 1, max: 120 }),
    quality: fc.constantFrom('fast', 'standard', 'high'),
  }),
  fc.record({ t: fc.constant('sttSync' as const), key: idx, seed: fc.nat({ max: 1000 }) }),
  fc.record({
    t: fc.constant('sttJob' as const),
    key: idx,
    seconds: fc.integer({ min: 3, max: 5 }),
    seed: fc.nat({ max: 1000 }),
  }),
  fc.record({ t: fc.constant('ragReady' as const), org: idx }),
  fc.record({ t: fc.constant('ragUpload' as const), key: idx, doc: fc.nat({ max: 20 }) }),
  fc.record({
    t: fc.constant('ragSearch' as const),
    key: idx,
    query: fc.nat({ max: 5 }),
    mode: fc.constantFrom('retrieve', 'answer'),
    topK: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({
    t: fc.constant('endpoint' as const),
    org: idx,
    path: sinkPath,
    events: fc.subarray(EVENTS, { minLength: 1 }),
  }),
  fc.record({
    t: fc.constant('fault' as const),
    org: idx,
    kind: fc.constantFrom('error', 'job_fail'),
    times: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ t: fc.constant('advance' as const), seconds: fc.constantFrom(1, 5, 30, 600, 7200, 86_400) }),
  fc.record({ t: fc.constant('sandbox' as const), credits: fc.nat({ max: 500 }), path: sinkPath }),
  fc.record({
    t: fc.constant('sandboxAdvance' as const),
    sandbox: idx,
    seconds: fc.constantFrom(5, 600, 86_400),
  }),
  fc.record({ t: fc.constant('closePeriod' as const), org: idx }),
  fc.record({
    t: fc.constant('trigger' as const),
    org: idx,
    event: fc.constantFrom('ping', 'quota.threshold', 'key.compromised'),
  }),
);

export const opsArb = fc.array(opArb, { minLength: 1, maxLength: 20 });

export interface ModelKey {
  id: string;
  key: string;
  orgId: string;
  revoked: boolean;
}

/** What a sequence made, in the order made. */
export interface Model {
  orgs: string[];
  keys: ModelKey[];
  sandboxes: { id: string; orgId: string }[];
  jobs: { orgId: string; jobId: string }[];
  docs: { orgId: string; documentId: string }[];
  searches: { orgId: string; body: Record<string, unknown> }[];
}

const pick = <T>(list: readonly T[], i: number): T | undefined =>
  list.length === 0 ? undefined : list[i % list.length];

const SENTENCES = [
  'سياسة الإجازات السنوية تمنح الموظف ثلاثين يوما مدفوعة الأجر.',
  'يجب تقديم طلب السفر قبل أسبوعين من موعد الرحلة.',
  'تغطي خطة التأمين الطبي الموظف وأسرته داخل المملكة.',
  'The travel policy covers economy flights for trips under six hours.',
  'ساعات العمل من الأحد إلى الخميس من الثامنة حتى الرابعة.',
  'Expense reports are due within thirty days of the purchase.',
];
const QUERIES = ['الإجازات السنوية', 'طلب السفر', 'التأمين الطبي', 'travel policy', 'ساعات العمل', 'expense'];

export function documentText(n: number): string {
  const lines: string[] = [`Document ${n}`];
  for (let i = 0; i < 3 + (n % 4); i++) lines.push(SENTENCES[(n * 7 + i * 3) % SENTENCES.length]);
  return lines.join('\n');
}

/** A mono 8 kHz 16-bit WAV of `seconds` of seeded noise (not silence, so the fallback transcript has words). */
export function noiseWav(seconds: number, seed: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  let x = (seed + 1) * 2654435761;
  for (let i = 0; i < samples; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b.writeInt16LE(Math.round(((x >>> 0) / 4294967296 - 0.5) * 20000), 44 + i * 2);
  }
  return b;
}

/** The statuses the calls answered, in order (a 500 is a crash: the test fails on it). */
export async function runOps(api: Api, sink: Sink, ops: readonly Op[], model: Model): Promise<number[]> {
  const statuses: number[] = [];
  for (const op of ops) statuses.push(await runOp(api, sink, op, model));
  return statuses;
}

async function runOp(api: Api, sink: Sink, op: Op, m: Model): Promise<number> {
  const key = 'key' in op ? pick(m.keys, op.key) : undefined;
  const org = 'org' in op ? pick(m.orgs, op.org) : undefined;
  switch (op.t) {
    case 'createOrg': {
      const res = await call(api, 'POST', '/_emulator/orgs', {
        body: { name: `org ${m.orgs.length}`, rag_entitled: op.rag, credits: op.credits },
      });
      if (res.status === 201) m.orgs.push(res.body.id);
      return res.status;
    }
    case 'createKey': {
      if (!org) return 0;
      return addKey(api, m, org, op.env);
    }
    case 'revokeKey': {
      if (!key) return 0;
      const res = await call(api, 'DELETE', `/_emulator/keys/${key.id}`);
      if (res.status === 200) key.revoked = true;
      return res.status;
    }
    case 'credits':
      if (!org) return 0;
      return (await call(api, 'PATCH', `/_emulator/orgs/${org}`, { body: { credits: op.credits } })).status;
    case 'tts': {
      if (!key) return 0;
      const text = 'مرحبا بكم '.repeat(12).slice(0, op.chars);
      return (
        await call(api, 'POST', '/v1/tts', {
          key: key.key,
          body: { text, voice: 'ar-SA-noura', quality: op.quality },
        })
      ).status;
    }
    case 'sttSync':
    case 'sttJob': {
      if (!key) return 0;
      const form = new FormData();
      const seconds = op.t === 'sttSync' ? 1 : op.seconds;
      form.append('file', new Blob([noiseWav(seconds, op.seed)], { type: 'audio/wav' }), 'clip.wav');
      const res = await call(api, 'POST', '/v1/stt/transcriptions', { key: key.key, form });
      if (res.status === 202) m.jobs.push({ orgId: key.orgId, jobId: res.body.job_id });
      return res.status;
    }
    case 'ragReady':
      if (!org) return 0;
      await call(api, 'PATCH', `/_emulator/orgs/${org}`, { body: { rag_entitled: true } });
      return (await call(api, 'PUT', `/_emulator/orgs/${org}/rag`, { body: { state: 'ready' } })).status;
    case 'ragUpload': {
      if (!key) return 0;
      const form = new FormData();
      form.append('file', new Blob([documentText(op.doc)], { type: 'text/plain' }), `doc-${op.doc}.txt`);
      form.append('title', `Document ${op.doc}`);
      const res = await call(api, 'POST', '/v1/rag/documents', { key: key.key, form });
      if (res.status === 202) m.docs.push({ orgId: key.orgId, documentId: res.body.document.document_id });
      return res.status;
    }
    case 'ragSearch': {
      if (!key) return 0;
      const body = { query: QUERIES[op.query], mode: op.mode, top_k: op.topK };
      m.searches.push({ orgId: key.orgId, body });
      return (await call(api, 'POST', '/v1/rag/search', { key: key.key, body })).status;
    }
    case 'endpoint':
      if (!org) return 0;
      return (
        await call(api, 'POST', `/_emulator/orgs/${org}/webhook-endpoints`, {
          body: { url: sink.url(op.path), events: op.events },
        })
      ).status;
    case 'fault': {
      if (!org) return 0;
      const body =
        op.kind === 'error'
          ? { kind: 'error', status: 502, match: { org_id: org, operation: 'tts.speak' }, times: op.times }
          : { kind: 'job_fail', match: { org_id: org }, times: op.times };
      return (await call(api, 'POST', '/_emulator/faults', { body })).status;
    }
    case 'advance':
      return (await call(api, 'POST', '/_emulator/clock/advance', { body: { seconds: op.seconds } })).status;
    case 'sandbox': {
      const res = await call(api, 'POST', '/_emulator/sandboxes', {
        body: {
          credits: op.credits,
          clock: { mode: 'frozen' },
          webhook: { url: sink.url(op.path) },
        },
      });
      if (res.status !== 201) return res.status;
      m.sandboxes.push({ id: res.body.id, orgId: res.body.org_id });
      m.orgs.push(res.body.org_id);
      for (const env of ['live', 'test'] as const) {
        const k = res.body.keys[env];
        m.keys.push({ id: k.id, key: k.key, orgId: res.body.org_id, revoked: false });
      }
      return res.status;
    }
    case 'sandboxAdvance': {
      const sbx = pick(m.sandboxes, op.sandbox);
      if (!sbx) return 0;
      return (
        await call(api, 'POST', `/_emulator/sandboxes/${sbx.id}/clock/advance`, {
          body: { seconds: op.seconds },
        })
      ).status;
    }
    case 'closePeriod':
      if (!org) return 0;
      return (await call(api, 'POST', `/_emulator/orgs/${org}/billing/close-period`)).status;
    case 'trigger':
      if (!org) return 0;
      return (
        await call(api, 'POST', '/_emulator/webhooks/trigger', { body: { org_id: org, event: op.event } })
      ).status;
  }
}

export async function addKey(api: Api, m: Model, orgId: string, env: 'live' | 'test'): Promise<number> {
  const res = await call(api, 'POST', `/_emulator/orgs/${orgId}/keys`, {
    body: { environment: env, scopes: ['tts:speak', 'stt:transcribe', 'rag:query'] },
  });
  if (res.status === 201) m.keys.push({ id: res.body.id, key: res.body.key, orgId, revoked: false });
  return res.status;
}
