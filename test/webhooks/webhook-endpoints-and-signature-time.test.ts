/**
 * Issue 12, webhooks: `t=` is the wall-clock time of the attempt, so a Stripe-style receiver accepts
 * deliveries however far the emulator clock was moved; endpoint URLs follow documented rules; registering
 * an endpoint pings that endpoint only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(
  options: Parameters<typeof buildEmulator>[0] = {},
): Promise<{ e: TestEmulator; r: Receiver }> {
  const e = await buildEmulator({ seed: 'signature-time', ...options });
  const r = await startReceiver();
  cleanup.push(
    () => e.emulator.close(),
    () => r.close(),
  );
  return { e, r };
}

/**
 * A receiver's verifier written the way Stripe's libraries do it, independent of the emulator's code: parse
 * `t` and every `v1`, HMAC-SHA-256 of "<t>.<raw body>", constant-time compare, and reject a timestamp more
 * than `tolerance` seconds from the receiver's own clock.
 */
function stripeStyleVerify(
  rawBody: string,
  header: string,
  secret: string,
  tolerance = 300,
): 'ok' | 'bad_signature' | 'outside_tolerance' {
  const items = header.split(',').map((kv) => kv.split('='));
  const t = Number(items.find(([k]) => k === 't')?.[1]);
  const signatures = items.filter(([k]) => k === 'v1').map(([, v]) => v);
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  const matched = signatures.some((s) => s.length === 64 && timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!Number.isInteger(t) || !matched) return 'bad_signature';
  return Math.abs(Math.floor(Date.now() / 1000) - t) > tolerance ? 'outside_tolerance' : 'ok';
}

async function register(e: TestEmulator, url: string, events = ['ping', 'job.completed']) {
  return request(e.app).post(`/_emulator/orgs/${e.orgId}/webhook-endpoints`).send({ url, events });
}

/** Registers an endpoint, moves the emulator clock a day ahead, triggers an event and returns its delivery. */
async function deliveryADayAhead(options: Parameters<typeof setup>[0] = {}) {
  const { e, r } = await setup(options);
  const pinged = r.next();
  const endpoint = (await register(e, r.url)).body as { secret: string };
  await pinged;
  await request(e.app).post('/_emulator/clock/advance').send({ seconds: 86_400 }).expect(200);
  const next = r.next();
  await request(e.app)
    .post('/_emulator/webhooks/trigger')
    .send({ org_id: e.orgId, event: 'job.completed' })
    .expect(202);
  return { hook: await next, endpoint };
}

describe('signature time', () => {
  it('after the clock moves a day ahead, a Stripe-style verifier at 300 s still accepts the delivery (t= is wall time)', async () => {
    const { hook, endpoint } = await deliveryADayAhead();
    expect(stripeStyleVerify(hook.rawBody, String(hook.headers['svc-signature']), endpoint.secret)).toBe(
      'ok',
    );
    // The envelope keeps emulator time: a day ahead of the wall clock.
    expect(Date.parse(hook.json.createdAt as string) - Date.now()).toBeGreaterThan(86_000_000);
  });

  it('--signature-time clock signs with emulator time, which that verifier then rejects as outside its tolerance', async () => {
    const { hook, endpoint } = await deliveryADayAhead({ signatureTime: 'clock' });
    expect(stripeStyleVerify(hook.rawBody, String(hook.headers['svc-signature']), endpoint.secret)).toBe(
      'outside_tolerance',
    );
    expect(
      stripeStyleVerify(hook.rawBody, String(hook.headers['svc-signature']), endpoint.secret, 2 * 86_400),
    ).toBe('ok');
  });
});

describe('endpoint URL rules', () => {
  const long = `http://127.0.0.1/${'a'.repeat(2100)}`;
  it.each([
    ['file:', 'file:///etc/passwd', 'http or https'],
    ['javascript:', 'javascript:alert(1)', 'http or https'],
    ['gopher:', 'gopher://127.0.0.1:70/x', 'http or https'],
    ['data:', 'data:text/plain,hello', 'http or https'],
    ['ftp:', 'ftp://127.0.0.1/x', 'http or https'],
    ['user and password', 'http://user:secret@127.0.0.1/hooks', 'user name or password'],
    ['user name only', 'http://user@127.0.0.1/hooks', 'user name or password'],
    ['2,100 characters', long, 'at most 2048 characters'],
    ['100 KB', `http://127.0.0.1/${'b'.repeat(100 * 1024)}`, 'at most 2048 characters'],
    ['port 99999', 'http://127.0.0.1:99999/hooks', 'port from 1 to 65535'],
    ['port 0', 'http://127.0.0.1:0/hooks', 'port from 1 to 65535'],
  ])('a URL with %s → 422 naming the rule', async (_name, url, rule) => {
    const { e } = await setup();
    const problem = expectProblem(await register(e, url), 422, 'validation_failed');
    expect(problem.detail).toContain('url');
    expect(problem.detail).toContain(rule);
    const list = await request(e.app).get(`/_emulator/orgs/${e.orgId}/webhook-endpoints`).expect(200);
    expect(list.body.endpoints).toEqual([]);
  });

  it('accepts http and https URLs with a port, up to 2048 characters', async () => {
    const { e } = await setup();
    for (const url of [
      'https://127.0.0.1:8443/hooks',
      `http://127.0.0.1:9/${'c'.repeat(2048 - 'http://127.0.0.1:9/'.length)}`,
    ]) {
      expect((await register(e, url, ['job.completed'])).status).toBe(201);
    }
  });
});

describe('registration ping', () => {
  it('registering a second endpoint pings only the new one', async () => {
    const { e, r } = await setup();
    const second = await startReceiver();
    cleanup.push(() => second.close());
    const firstPing = r.next();
    const a = (await register(e, r.url)).body as { id: string };
    expect((await firstPing).json.data.endpoint_id).toBe(a.id);

    const secondPing = second.next();
    const b = (await register(e, second.url)).body as { id: string };
    expect((await secondPing).json.data.endpoint_id).toBe(b.id);

    const pingsOf = async (endpointId: string) =>
      (
        await request(e.app)
          .get('/_emulator/webhooks/deliveries')
          .query({ event: 'ping', endpoint_id: endpointId })
      ).body.deliveries as unknown[];
    expect(await pingsOf(a.id)).toHaveLength(1);
    expect(await pingsOf(b.id)).toHaveLength(1);
    expect(r.received).toHaveLength(1);
  });
});
