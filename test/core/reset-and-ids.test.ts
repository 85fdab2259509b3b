/**
 * Issue 12, "Reset, ids and time": a reset restores the clock of the start options (or keeps it with
 * `keep_clock`), ids never repeat within a process (yet the same seed and calls give the same ids), and the
 * demo keys survive a reset.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function emulator(options: Parameters<typeof buildEmulator>[0] = {}): Promise<TestEmulator> {
  const e = await buildEmulator(options);
  cleanup.push(() => e.emulator.close());
  return e;
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  cleanup.push(() => r.close());
  return r;
}

describe('POST /_emulator/reset and the clock', () => {
  it('restores the boot clock (mode, scale, wall time) after a scenario left it scaled and an hour ahead', async () => {
    const e = await emulator();
    await request(e.app).post('/_emulator/clock').send({ mode: 'scaled', time_scale: 0.01 }).expect(200);
    await request(e.app).post('/_emulator/clock/advance').send({ seconds: 3600 }).expect(200);
    const before = (await request(e.app).get('/_emulator/clock')).body as { now_ms: number };
    expect(before.now_ms - Date.now()).toBeGreaterThan(3_500_000);

    const res = await request(e.app).post('/_emulator/reset').expect(200);
    expect(res.body.clock).toMatchObject({ mode: 'real', time_scale: 1 });
    expect(Math.abs(res.body.clock.now_ms - Date.now())).toBeLessThan(60_000);
    const health = await request(e.app).get('/_emulator/health').expect(200);
    expect(health.body.clock).toMatchObject({ mode: 'real', time_scale: 1 });
  });

  it('restores --clock-start and a frozen mode exactly', async () => {
    const e = await emulator({ clockMode: 'frozen', clockStart: '2030-01-01T00:00:00Z' });
    await request(e.app).post('/_emulator/clock/advance').send({ seconds: 86_400 }).expect(200);
    const res = await request(e.app).post('/_emulator/reset').expect(200);
    expect(res.body.clock).toMatchObject({ mode: 'frozen', now: '2030-01-01T00:00:00.000Z' });
  });

  it('{"keep_clock": true} keeps the mode, scale and time', async () => {
    const e = await emulator();
    await request(e.app)
      .post('/_emulator/clock')
      .send({ mode: 'frozen', now: '2031-05-01T12:00:00Z' })
      .expect(200);
    const res = await request(e.app).post('/_emulator/reset').send({ keep_clock: true }).expect(200);
    expect(res.body.clock).toMatchObject({ mode: 'frozen', now: '2031-05-01T12:00:00.000Z' });
    // Reset still dropped everything else.
    expect(res.body.status).toBe('reset');
  });
});

describe('ids across resets', () => {
  /** One scripted session: a ping to a real receiver, a 404, then a reset, and the same again. */
  async function session(e: TestEmulator, r: Receiver): Promise<string[]> {
    const ids: string[] = [];
    for (let round = 0; round < 2; round++) {
      const next = r.next();
      const endpoint = await request(e.app)
        .post(`/_emulator/orgs/${e.orgId}/webhook-endpoints`)
        .send({ url: r.url, events: ['ping', 'job.completed'] })
        .expect(201);
      const ping = await next;
      const triggered = r.next();
      const trigger = await request(e.app)
        .post('/_emulator/webhooks/trigger')
        .send({ org_id: e.orgId, event: 'job.completed' })
        .expect(202);
      const event = await triggered;
      const missing = await request(e.app).get('/v1/nope');
      ids.push(
        endpoint.body.id as string,
        ping.json.id as string,
        event.json.id as string,
        ...(trigger.body.delivery_ids as string[]),
        trigger.headers['x-request-id'],
        missing.headers['x-request-id'],
      );
      await request(e.app).post('/_emulator/reset').expect(200);
    }
    return ids;
  }

  it('no event, delivery, endpoint or request id repeats after a reset; the same seed repeats the whole sequence', async () => {
    const a = await emulator({ seed: 'ids-seed' });
    const ids = await session(a, await receiver());
    expect(new Set(ids).size).toBe(ids.length);

    const b = await emulator({ seed: 'ids-seed' });
    expect(await session(b, await receiver())).toEqual(ids);
  });

  it('demo keys (ids and secrets) are the same after a reset and still authenticate', async () => {
    const e = await emulator({ seed: 'demo-keys' });
    const res = await request(e.app).post('/_emulator/reset').expect(200);
    expect(res.body.demo).toEqual({
      org_id: e.orgId,
      keys: e.keys,
      key_ids: e.keyIds,
      webhook_endpoint: null,
    });
    await request(e.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${e.keys.live}`)
      .send({ scopes: ['tts:speak'] })
      .expect(201);
  });

  it('the --webhook-url endpoint keeps its id and secret across resets', async () => {
    const r = await receiver();
    const e = await emulator({ webhookUrl: r.url });
    const endpoint = e.emulator.demo.webhookEndpoint!;
    expect(endpoint.id).toMatch(/^we_/);
    const res = await request(e.app).post('/_emulator/reset').expect(200);
    expect(res.body.demo.webhook_endpoint).toEqual(endpoint);
  });
});

describe('health', () => {
  it('reports the package version and a snake_case clock', async () => {
    const e = await emulator();
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const res = await request(e.app).get('/_emulator/health').expect(200);
    expect(res.body.version).toBe(pkg.version);
    expect(Object.keys(res.body.clock).sort()).toEqual([
      'mode',
      'now',
      'now_ms',
      'pending_timers',
      'time_scale',
    ]);
  });
});
