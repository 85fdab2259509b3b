/**
 * Issue 17, webhooks while Redis is down (docs/scaling.md): admin calls that change endpoints or emit
 * answer 502 `upstream_error` before changing anything; a job accepted before the outage completes once Redis
 * is back and the shared clock passes its time, and its event is delivered once. Redis keeps its data across the outage
 * here (a SAVE before it stops), as a Redis that was only unreachable does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { noise, transcribe, wav } from '../stt/support.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-redis-kept-'));
let redis: TestRedis;
let t: TestEmulator;
let clock: Clock;
let receiver: Receiver;

async function until(condition: () => boolean): Promise<void> {
  await expect.poll(condition, { timeout: 10_000 }).toBe(true);
}

beforeAll(async () => {
  redis = await startRedis(undefined, dir);
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator(
    { store: redis.url, instanceId: 'solo', demoCorpus: false, stt: { syncMaxSeconds: 2 } },
    { clock },
  );
  receiver = await startReceiver();
});
afterAll(async () => {
  await t?.emulator.close();
  await receiver?.close();
  await redis?.stop();
});

describe('webhooks while Redis is down', () => {
  it('endpoint changes, test events and redeliveries answer 502 and change nothing; a job event is delivered once Redis is back', async () => {
    const endpoints = `/_emulator/orgs/${t.orgId}/webhook-endpoints`;
    const ep = await request(t.app)
      .post(endpoints)
      .send({ url: receiver.url, events: ['job.completed', 'invoice.finalized'] });
    expect(ep.status).toBe(201);
    const secret = ep.body.secret as string;
    const trigger = { org_id: t.orgId, event: 'invoice.finalized', livemode: true };
    const before = await request(t.app).post('/_emulator/webhooks/trigger').send(trigger);
    expect(before.status).toBe(202);
    await until(() => receiver.received.length === 1);
    const job = await transcribe(t.app, t.keys.live, wav(noise(3)));
    expect(job.status).toBe(202);

    const client = new Redis(redis.url);
    await client.save();
    client.disconnect();
    await redis.stop();
    await until(() => t.emulator.store.status() === 'unreachable');

    const refused = [
      await request(t.app)
        .post(endpoints)
        .send({ url: receiver.url, events: ['ping'] }),
      await request(t.app).delete(`${endpoints}/${ep.body.id}`),
      await request(t.app).post('/_emulator/webhooks/trigger').send(trigger),
      await request(t.app).post(`/_emulator/webhooks/deliveries/${before.body.delivery_ids[0]}/redeliver`),
    ];
    for (const res of refused) {
      expect(res.status).toBe(502);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('upstream_error');
    }
    const listed = await request(t.app).get(endpoints);
    expect(listed.body.endpoints.map((e: { id: string }) => e.id)).toEqual([ep.body.id]);

    // The clock is shared too: it cannot be moved while Redis is away, so the job cannot fall due meanwhile.
    expect((await request(t.app).post('/_emulator/clock/advance').send({ seconds: 2 })).status).toBe(502);
    expect(
      (await request(t.app).get('/_emulator/webhooks/deliveries?event=job.completed')).body.deliveries,
    ).toEqual([]);
    expect(receiver.received).toHaveLength(1);

    redis = await startRedis(redis.port, dir);
    await until(() => t.emulator.store.status() === 'ok');
    expect((await request(t.app).post('/_emulator/clock/advance').send({ seconds: 2 })).status).toBe(200);
    await until(() => receiver.received.length === 2);
    const hook = receiver.received[1];
    expect(hook.json).toMatchObject({
      event: 'job.completed',
      data: { job_id: job.body.job_id, status: 'completed' },
    });
    expect(verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), secret)).toBe(true);
    const done = await request(t.app).get(
      '/_emulator/webhooks/deliveries?event=job.completed&status=delivered&wait=10',
    );
    expect(done.body.deliveries).toMatchObject([
      { status: 'delivered', attempts: [{ attempt: 1, status_code: 200 }] },
    ]);
    expect(receiver.received).toHaveLength(2);
  });
});
