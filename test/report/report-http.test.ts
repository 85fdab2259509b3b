import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

describe('GET /_emulator/report', () => {
  let t: TestEmulator;
  let receiver: Receiver;
  beforeEach(async () => {
    t = await buildEmulator({ seed: 'report-tests' });
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await t.emulator.close();
    await receiver.close();
  });

  const mint = (scope: string) =>
    request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${t.keys.test}`)
      .set('X-Emulator-Scope', scope)
      .send({ scopes: ['tts:speak'] });

  it('names the requests of a client that hammers after a 429, per test scope, in JSON and JUnit', async () => {
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'error', status: 429, retry_after: 30, times: 1, match: { scope: 'greedy' } });
    const refused = await mint('greedy');
    expect(refused.status).toBe(429);
    const retry = await mint('greedy');
    await mint('polite');

    const json = await request(t.app).get('/_emulator/report');
    expect(json.status).toBe(200);
    const greedy = json.body.groups.find((g: any) => g.group.scope === 'greedy');
    const check = greedy.checks.find((c: any) => c.id === 'honours_retry_after');
    expect(check.status).toBe('fail');
    expect(check.findings[0].request_ids).toEqual([
      refused.headers['x-request-id'],
      retry.headers['x-request-id'],
    ]);
    const polite = json.body.groups.find((g: any) => g.group.scope === 'polite');
    expect(polite.checks.find((c: any) => c.id === 'honours_retry_after').status).toBe('not_applicable');

    const xml = await request(t.app).get('/_emulator/report').query({ format: 'junit', scope: 'greedy' });
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.text).toMatch(/^<\?xml/);
    expect(xml.text).toContain('<failure message=');
    expect(xml.text).toContain(String(retry.headers['x-request-id']));
  });

  it('flags a webhook receiver that accepts a delivery signed with a wrong secret', async () => {
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'webhook_wrong_secret', match: { event: 'ping' } });
    await request(t.app)
      .post(`/_emulator/orgs/${t.orgId}/webhook-endpoints`)
      .send({ url: receiver.url, events: ['ping'] });
    await request(t.app).get('/_emulator/webhooks/deliveries').query({ status: 'delivered', wait: 10 });
    await mint('any');
    const report = await request(t.app).get('/_emulator/report').query({ org_id: t.orgId });
    const check = report.body.groups[0].checks.find((c: any) => c.id === 'verifies_webhook_signatures');
    expect(check.status).toBe('fail');
    expect(check.findings[0].message).toContain('wrong secret');
  });
});
