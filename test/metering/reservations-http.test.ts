/**
 * Issue 12: credits and test quotas cannot be overspent by concurrent requests (reserved at the precheck,
 * settled at the charge, released on failure), and a response with a 5xx status is never billed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { putTenant } from '../rag/helpers.js';
import { Clock } from '../../src/core/clock.js';

let t: TestEmulator;
let baseUrl: string;

beforeAll(async () => {
  t = await buildEmulator({ seed: 'reservations', prices: { tts: { fast: 0.5, standard: 1, high: 2 } } });
  baseUrl = (await t.emulator.listen(0, '127.0.0.1')).baseUrl;
});
afterAll(() => t.emulator.close());

/** Fires `n` TTS requests of 4 characters (4 credits each at the test price) at once over real HTTP. */
async function burst(key: string, n: number): Promise<{ status: number; requestId: string }[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(`${baseUrl}/tts`, {
        method: 'POST',
        headers: { Authorization: bearer(key), 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: 'مرحب', voice: 'ar-SA-noura' }),
      });
      await res.arrayBuffer();
      return { status: res.status, requestId: res.headers.get('x-request-id')! };
    }),
  );
}

describe('concurrent requests against a small balance', () => {
  it('40 concurrent 4-credit clips on 40 credits: 10 served, the rest 429, the balance never below zero, one billed entry per served request', async () => {
    const org = await createOrg(t.app, { name: 'Tight', credits: 40 });
    const key = await createKey(t.app, org.id, { scopes: ['tts:speak'] });
    const results = await burst(key.key, 40);

    const served = results.filter((r) => r.status === 200);
    expect(served).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(30);
    const billing = await request(t.app).get(`/_emulator/orgs/${org.id}/billing`).expect(200);
    expect(billing.body.balance.balance).toBe(0);

    const usage = await request(t.app)
      .get(`/_emulator/orgs/${org.id}/usage`)
      .query({ limit: 1000 })
      .expect(200);
    const billed = (usage.body.entries as { request_id: string; status: string; amount: number }[]).filter(
      (e) => e.status === 'billed',
    );
    expect(billed.map((e) => e.request_id).sort()).toEqual(served.map((r) => r.requestId).sort());
    expect(billed.every((e) => e.amount === 4)).toBe(true);
  });

  it('the same for a test key: 40 concurrent clips on a 40-character daily quota serve 10, and the quota is never overrun', async () => {
    const org = await createOrg(t.app, { name: 'Quota' });
    await request(t.app)
      .patch(`/_emulator/orgs/${org.id}/billing`)
      .send({ test_quotas: { tts: 40 } })
      .expect(200);
    const key = await createKey(t.app, org.id, { scopes: ['tts:speak'], environment: 'test' });
    const results = await burst(key.key, 40);

    const served = results.filter((r) => r.status === 200);
    expect(served).toHaveLength(10);
    const billing = await request(t.app).get(`/_emulator/orgs/${org.id}/billing`).expect(200);
    expect(billing.body.test_quotas.find((q: { product: string }) => q.product === 'tts')).toMatchObject({
      used: 40,
      quota: 40,
    });
    const usage = await request(t.app)
      .get(`/_emulator/orgs/${org.id}/usage`)
      .query({ limit: 1000 })
      .expect(200);
    const counted = (usage.body.entries as { request_id: string; reason: string }[]).filter(
      (e) => e.reason === 'test_key',
    );
    expect(counted.map((e) => e.request_id).sort()).toEqual(served.map((r) => r.requestId).sort());
  });

  it('a request refused after its precheck gives its reservation back: the next request is served', async () => {
    // One 1,000-byte upload costs exactly the balance (0.5 credits per MB).
    const org = await createOrg(t.app, { name: 'Release', credits: 0.0005, rag_entitled: true });
    await request(t.app).put(`/_emulator/orgs/${org.id}/rag`).send({ state: 'ready' }).expect(200);
    const key = await createKey(t.app, org.id, { scopes: ['rag:query'] });
    const send = (bytes: Buffer, name: string) =>
      request(t.app)
        .post('/v1/rag/documents')
        .set('Authorization', bearer(key.key))
        .field('title', name)
        .attach('file', bytes, name);
    // Bytes of no supported type pass the precheck (which reserves the cost) and are then refused.
    const garbage = Buffer.alloc(1000, 0);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
    const refused = await send(garbage, 'blob.bin');
    expect(refused.status).toBe(422);
    const accepted = await send(Buffer.from('ا'.repeat(500)), 'ok.txt');
    expect(accepted.status).toBe(202);
  });
});

describe('a 5xx answer is never billed', () => {
  it('a handler that fails after recording usage answers 500 and the ledger keeps nothing billed for it', async () => {
    const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
    const r = await buildEmulator({ seed: 'five-hundred' }, { clock });
    try {
      await putTenant({ ...r, clock }, r.orgId, { state: 'ready' });
      const before = (await request(r.app).get(`/_emulator/orgs/${r.orgId}/billing`)).body.balance
        .balance as number;
      // Force a failure inside the handler, right after the usage was recorded.
      const record = r.emulator.part('metering').record.bind(r.emulator.part('metering'));
      const spy = vi.spyOn(r.emulator.part('metering'), 'record').mockImplementation((principal, usage) => {
        record(principal, usage);
        throw new Error('disk full after billing');
      });
      const res = await request(r.app)
        .post('/v1/rag/search')
        .set('Authorization', bearer(r.keys.live))
        .send({ query: 'الفاتورة', mode: 'answer' });
      spy.mockRestore();
      expect(res.status).toBe(500);
      const requestId = res.headers['x-request-id'];
      const usage = await request(r.app)
        .get(`/_emulator/orgs/${r.orgId}/usage`)
        .query({ limit: 1000 })
        .expect(200);
      const mine = (usage.body.entries as { request_id: string; status: string }[]).filter(
        (e) => e.request_id === requestId,
      );
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((e) => e.status !== 'billed')).toBe(true);
      expect((await request(r.app).get(`/_emulator/orgs/${r.orgId}/billing`)).body.balance.balance).toBe(
        before,
      );
    } finally {
      await r.emulator.close();
    }
  });
});
