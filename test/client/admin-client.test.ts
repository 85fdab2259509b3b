/**
 * The typed admin client against a real emulator on port 0, used the way a test suite would use it:
 * `emu.admin.*` for control and inspection, plain `fetch` for the client under test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AdminApiError,
  AdminWaitTimeoutError,
  createAdminClient,
  startEmulator,
  type RunningEmulator,
} from '../../src/index.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

function mintWsToken(
  emu: RunningEmulator,
  key: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${emu.baseUrl}/auth/ws-token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ scopes: ['stt:transcribe'] }),
  });
}

describe('emu.admin against a running emulator', () => {
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'admin-client-tests', logLevel: 'silent' });
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    await emu.admin.reset();
  });

  it('answers health', async () => {
    await expect(emu.admin.health()).resolves.toMatchObject({ status: 'ok' });
  });

  it('creates an organization and keys, lists them, and a revoked key stops working', async () => {
    const org = await emu.admin.orgs.create({ name: 'Acme', credits: 50 });
    expect(org).toMatchObject({ name: 'Acme', rag_entitled: false, keys: [] });
    const created = await emu.admin.keys.create(org.id, {
      environment: 'test',
      scopes: ['stt:transcribe'],
      name: 'ci',
    });
    expect(created.key).toMatch(/^svc_test_/);

    const { keys } = await emu.admin.keys.list(org.id);
    expect(keys.map((k) => k.id)).toEqual([created.id]);
    expect((await emu.admin.orgs.list()).organizations.map((o) => o.id)).toContain(org.id);
    await expect(emu.admin.orgs.update(org.id, { name: 'Acme 2' })).resolves.toMatchObject({
      name: 'Acme 2',
    });

    expect((await mintWsToken(emu, created.key)).status).toBe(201);
    await emu.admin.keys.revoke(created.id);
    const refused = await mintWsToken(emu, created.key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('api_key_revoked');
  });

  it('throws AdminApiError with the problem for an unknown organization', async () => {
    const err = await emu.admin.orgs.get('org_missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ status: 404, code: 'not_found' });
    expect((err as AdminApiError).requestId).toMatch(/\S/);
  });

  it('throws AdminApiError 422 naming the field when a body breaks the schema', async () => {
    // The cast stands in for an untyped caller: the schema, not the type, is what the server enforces.
    const err = (await emu.admin.faults
      .add({ kind: 'error' } as never)
      .catch((e: unknown) => e)) as AdminApiError;
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err.status).toBe(422);
    expect(err.detail).toMatch(/status/);
  });

  it('adds a fault that makes the next /v1 call fail, marks it in the journal, then removes it', async () => {
    const rule = await emu.admin.faults.add({
      kind: 'error',
      status: 502,
      code: 'upstream_error',
      retry_after: 2,
      times: 1,
      match: { operation: 'auth.createWsToken' },
    });
    expect(rule.explanation).toMatch(/502/);
    await expect(emu.admin.faults.get(rule.id)).resolves.toMatchObject({ id: rule.id, remaining: 1 });

    const failed = await mintWsToken(emu, emu.keys.test);
    expect(failed.status).toBe(502);
    expect(failed.headers.get('retry-after')).toBe('2');
    expect(((await failed.json()) as { code: string }).code).toBe('upstream_error');
    expect((await mintWsToken(emu, emu.keys.test)).status).toBe(201);

    const { requests } = await emu.admin.requests.list({ operation_id: 'auth.createWsToken', status: 502 });
    expect(requests).toHaveLength(1);
    expect(requests[0].fault).toMatchObject({ rule_id: rule.id, kind: 'error' });

    const other = await emu.admin.faults.add({ kind: 'latency', latency_ms: 1, match: { scope: 'nobody' } });
    expect((await emu.admin.faults.list()).faults.map((f) => f.id)).toEqual([other.id]);
    await emu.admin.faults.remove(other.id);
    await emu.admin.faults.clear();
    expect((await emu.admin.faults.list()).faults).toEqual([]);
  });

  it('freezes and advances the clock', async () => {
    const frozen = await emu.admin.clock.freeze();
    expect(frozen.mode).toBe('frozen');
    const advanced = await emu.admin.clock.advance(90);
    expect(advanced.now_ms - frozen.now_ms).toBe(90_000);
    await expect(emu.admin.clock.get()).resolves.toMatchObject({ mode: 'frozen', now_ms: advanced.now_ms });
    await emu.admin.clock.set({ mode: 'real' });
  });

  it('requests.waitFor resolves when the awaited request arrives', async () => {
    const waiting = emu.admin.requests.waitFor(
      { operation_id: 'auth.createWsToken', scope: 'wait-test' },
      { timeoutSeconds: 10 },
    );
    const res = await mintWsToken(emu, emu.keys.test, { 'X-Emulator-Scope': 'wait-test' });
    expect(res.status).toBe(201);
    const entry = await waiting;
    expect(entry).toMatchObject({
      operation_id: 'auth.createWsToken',
      scope: 'wait-test',
      status: 201,
      method: 'POST',
    });
    expect(entry.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('requests.waitFor throws a timeout error that says what it waited for', async () => {
    const err = await emu.admin.requests
      .waitFor({ scope: 'never-used' }, { timeoutSeconds: 0.05 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminWaitTimeoutError);
    expect((err as Error).message).toMatch(/no request matching \{"scope":"never-used"\}/);
  });

  describe('webhooks', () => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });

    it('registers an endpoint, waits for the ping and a triggered event, redelivers, deletes', async () => {
      const endpoint = await emu.admin.webhooks.endpoints.create(emu.orgId, {
        url: receiver.url,
        events: ['ping', 'invoice.finalized'],
      });
      expect(endpoint.secret).toMatch(/^whsec_/);
      const ping = await emu.admin.webhooks.waitFor(
        { endpoint_id: endpoint.id, event: 'ping', status: 'delivered' },
        { timeoutSeconds: 10 },
      );
      expect(ping.attempts[0]).toMatchObject({ status_code: 200 });
      expect(receiver.received.map((h) => (h.json as { event: string }).event)).toContain('ping');

      const triggered = await emu.admin.webhooks.trigger({ org_id: emu.orgId, event: 'invoice.finalized' });
      expect(triggered.delivery_ids).toHaveLength(1);
      const deliveryId = triggered.delivery_ids[0];
      const delivered = await emu.admin.webhooks.waitFor(
        { event: 'invoice.finalized', status: 'delivered' },
        { timeoutSeconds: 10 },
      );
      expect(delivered.id).toBe(deliveryId);
      await expect(emu.admin.webhooks.delivery(deliveryId)).resolves.toMatchObject({ status: 'delivered' });

      const again = receiver.next();
      await emu.admin.webhooks.redeliver(deliveryId);
      expect(((await again).json as { event: string }).event).toBe('invoice.finalized');
      expect(
        (await emu.admin.webhooks.deliveries({ endpoint_id: endpoint.id })).deliveries.length,
      ).toBeGreaterThanOrEqual(2);

      expect((await emu.admin.webhooks.endpoints.list(emu.orgId)).endpoints.map((e) => e.id)).toEqual([
        endpoint.id,
      ]);
      await emu.admin.webhooks.endpoints.delete(emu.orgId, endpoint.id);
      expect((await emu.admin.webhooks.endpoints.list(emu.orgId)).endpoints).toEqual([]);
    });
  });

  it('reads usage, billing, prices and rate limits', async () => {
    const org = await emu.admin.orgs.create({ name: 'Metered', credits: 40 });
    const created = await emu.admin.keys.create(org.id, { environment: 'live', scopes: ['tts:speak'] });
    expect((await emu.admin.usage(org.id)).entries).toEqual([]);

    const { voices } = await emu.admin.voices.list();
    const spoken = await fetch(`${emu.baseUrl}/tts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${created.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'مرحبا', voice: voices[0].id }),
    });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    const usage = await emu.admin.usage(org.id, { product: 'tts' });
    expect(usage.entries).toHaveLength(1);
    expect(usage.entries[0]).toMatchObject({ product: 'tts', status: 'billed', key_id: created.id });
    const afterSpeech = (usage.balance as { balance: number }).balance;
    expect(afterSpeech).toBeLessThan(40);

    await emu.admin.billing.update(org.id, { add_credits: 2 });
    expect((await emu.admin.billing.get(org.id)).balance).toMatchObject({ balance: afterSpeech + 2 });
    const invoice = await emu.admin.billing.closePeriod(org.id);
    expect((await emu.admin.billing.invoices(org.id)).invoices).toEqual([invoice]);

    const prices = await emu.admin.prices.get();
    await expect(emu.admin.prices.update({ stt: 0.07 })).resolves.toMatchObject({ stt: 0.07 });
    await emu.admin.prices.update(prices);

    await expect(
      emu.admin.keys.setRateLimit(created.id, { limit: 3, window_seconds: 10 }),
    ).resolves.toMatchObject({ limit: 3 });
    await emu.admin.keys.clearRateLimit(created.id);
    await expect(emu.admin.rateLimits.get()).resolves.toHaveProperty('live');
  });

  it('applies a scenario, and reset undoes it', async () => {
    const { scenarios } = await emu.admin.scenarios.list();
    expect(scenarios.map((s) => s.name)).toContain('upstream-outage');
    const applied = await emu.admin.scenarios.apply('upstream-outage');
    expect(applied.steps).toHaveLength(4);
    expect((await emu.admin.faults.list()).faults).toHaveLength(4);
    // ws-token minting keeps working during the outage, so clients can tell auth from outage.
    expect((await mintWsToken(emu, emu.keys.test)).status).toBe(201);
    await emu.admin.reset();
    expect((await emu.admin.faults.list()).faults).toEqual([]);
  });
});

describe('an emulator with an admin token', () => {
  const adminToken = 'admin-client-token';
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'admin-client-tests', logLevel: 'silent', adminToken });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('emu.admin carries the token', async () => {
    await expect(emu.admin.faults.list()).resolves.toEqual({ faults: [] });
  });

  it('a client without the token gets AdminApiError 401, except on health', async () => {
    const anonymous = createAdminClient({ adminUrl: emu.adminUrl });
    await expect(anonymous.health()).resolves.toMatchObject({ status: 'ok' });
    const err = await anonymous.faults.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ status: 401, code: 'admin_unauthorized' });
  });

  it('a client with a wrong token is refused too', async () => {
    const wrong = createAdminClient({ adminUrl: emu.adminUrl, adminToken: 'not-the-token' });
    await expect(wrong.clock.get()).rejects.toMatchObject({
      status: 401,
      detail: 'the admin token is wrong',
    });
  });
});
