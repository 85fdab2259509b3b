/** Shared helpers of the RAG HTTP tests: a frozen-clock emulator, uploads, admin tenant calls. */
import request from 'supertest';
import { Clock } from '../../src/core/clock.js';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';

export interface RagTest extends TestEmulator {
  clock: Clock;
}

export async function buildRagEmulator(options: Parameters<typeof buildEmulator>[0] = {}): Promise<RagTest> {
  const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2025-03-01T09:00:00Z') });
  // A worker thread running the TypeScript sources compiles pdf.js and the engine through tsx on its first
  // task, which on a loaded machine can pass the default 8 s budget; tests of the budget set their own.
  const t = await buildEmulator({ seed: 'rag-tests', taskTimeoutMs: 60_000, ...options }, { clock });
  return { ...t, clock };
}

/** A new entitled organization whose tenant is already ready, and a live key for it. */
export async function readyOrg(
  t: RagTest,
  name = 'Acme',
): Promise<{ orgId: string; key: string; testKey: string }> {
  const org = await createOrg(t.app, { name, rag_entitled: true });
  await putTenant(t, org.id, { state: 'ready' });
  const live = await createKey(t.app, org.id, { scopes: ['rag:query'] });
  const test = await createKey(t.app, org.id, { scopes: ['rag:query'], environment: 'test' });
  return { orgId: org.id, key: live.key, testKey: test.key };
}

export async function putTenant(t: RagTest, orgId: string, body: Record<string, unknown>): Promise<any> {
  const res = await request(t.app).put(`/_emulator/orgs/${orgId}/rag`).send(body);
  if (res.status !== 200) throw new Error(`PUT rag tenant failed: ${res.status} ${res.text}`);
  return res.body;
}

export function search(t: RagTest, key: string, body: Record<string, unknown>): request.Test {
  return request(t.app).post('/v1/rag/search').set('Authorization', bearer(key)).send(body);
}

export function upload(
  t: RagTest,
  key: string,
  file: { bytes: Uint8Array | string; name: string },
  fields: Record<string, string> = { title: file.name },
): request.Test {
  const req = request(t.app).post('/v1/rag/documents').set('Authorization', bearer(key));
  for (const [k, v] of Object.entries(fields)) void req.field(k, v);
  return req.attach('file', Buffer.from(file.bytes), file.name);
}

/** Advances the clock past every indexing job of a small upload. */
export async function finishJobs(t: RagTest, seconds = 60): Promise<void> {
  await t.clock.advance(seconds * 1000);
}

export function get(t: RagTest, key: string, path: string): request.Test {
  return request(t.app).get(path).set('Authorization', bearer(key));
}
