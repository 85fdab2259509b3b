/**
 * The client covers the whole admin API: every operationId of openapi/admin.yaml has a method, and calling
 * that method sends that operation's method and path. Also: how answers and errors come back.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AdminApiError, AdminWaitTimeoutError, createAdminClient, type AdminClient } from './admin-client.js';

/** operationId → the client method that reaches it (the check below sends each call and compares). */
const METHOD_FOR_OPERATION: Record<string, (c: AdminClient) => Promise<unknown>> = {
  'admin.health': (c) => c.health(),
  'admin.reset': (c) => c.reset(),
  'admin.openapi': (c) => c.openapi.gateway(),
  'admin.adminOpenapi': (c) => c.openapi.admin(),
  'admin.createOrg': (c) => c.orgs.create({ name: 'x' }),
  'admin.listOrgs': (c) => c.orgs.list(),
  'admin.getOrg': (c) => c.orgs.get('org_1'),
  'admin.updateOrg': (c) => c.orgs.update('org_1', { name: 'y' }),
  'admin.createKey': (c) => c.keys.create('org_1', { environment: 'test', scopes: ['tts:speak'] }),
  'admin.listKeys': (c) => c.keys.list('org_1'),
  'admin.revokeKey': (c) => c.keys.revoke('key_1'),
  'admin.leakKey': (c) => c.keys.leak('key_1'),
  'admin.setKeyRateLimit': (c) => c.keys.setRateLimit('key_1', { limit: 1, window_seconds: 1 }),
  'admin.clearKeyRateLimit': (c) => c.keys.clearRateLimit('key_1'),
  'admin.listRequests': (c) => c.requests.list({ path: '/v1/tts' }),
  'admin.clearRequests': (c) => c.requests.clear(),
  'admin.getRequest': (c) => c.requests.get('req_1'),
  'admin.getRequestAudio': (c) => c.requests.audio('req_1'),
  'admin.getClock': (c) => c.clock.get(),
  'admin.setClock': (c) => c.clock.freeze(),
  'admin.advanceClock': (c) => c.clock.advance(5),
  'admin.createSandbox': (c) => c.sandboxes.create({ name: 'x' }),
  'admin.listSandboxes': (c) => c.sandboxes.list(),
  'admin.getSandbox': (c) => c.sandboxes.get('sbx_1'),
  'admin.deleteSandbox': (c) => c.sandboxes.delete('sbx_1'),
  'admin.resetSandbox': (c) => c.sandboxes.reset('sbx_1'),
  'admin.getSandboxClock': (c) => c.sandboxes.clock.get('sbx_1'),
  'admin.setSandboxClock': (c) => c.sandboxes.clock.set('sbx_1', { mode: 'frozen' }),
  'admin.advanceSandboxClock': (c) => c.sandboxes.clock.advance('sbx_1', 5),
  'admin.getUsage': (c) => c.usage('org_1', { product: 'tts' }),
  'admin.getUsageLedger': (c) => c.ledger({ sandbox: 'sbx_1', product: 'tts' }),
  'admin.getBilling': (c) => c.billing.get('org_1'),
  'admin.updateBilling': (c) => c.billing.update('org_1', { balance: 0 }),
  'admin.closePeriod': (c) => c.billing.closePeriod('org_1'),
  'admin.listInvoices': (c) => c.billing.invoices('org_1'),
  'admin.getPrices': (c) => c.prices.get(),
  'admin.updatePrices': (c) => c.prices.update({}),
  'admin.getRateLimits': (c) => c.rateLimits.get(),
  'admin.updateRateLimits': (c) => c.rateLimits.update({}),
  'admin.createWebhookEndpoint': (c) =>
    c.webhooks.endpoints.create('org_1', { url: 'http://127.0.0.1:1/h', events: ['ping'] }),
  'admin.listWebhookEndpoints': (c) => c.webhooks.endpoints.list('org_1'),
  'admin.deleteWebhookEndpoint': (c) => c.webhooks.endpoints.delete('org_1', 'we_1'),
  'admin.listDeliveries': (c) => c.webhooks.deliveries({ status: 'failed' }),
  'admin.getDelivery': (c) => c.webhooks.delivery('wd_1'),
  'admin.redeliver': (c) => c.webhooks.redeliver('wd_1'),
  'admin.triggerEvent': (c) => c.webhooks.trigger({ org_id: 'org_1', event: 'ping' }),
  'admin.listVoices': (c) => c.voices.list(),
  'admin.getTtsCache': (c) => c.ttsCache.stats(),
  'admin.getLatency': (c) => c.latency(),
  'admin.clearTtsCache': (c) => c.ttsCache.clear(),
  'admin.addFault': (c) => c.faults.add({ kind: 'error', status: 502 }),
  'admin.listFaults': (c) => c.faults.list(),
  'admin.getFault': (c) => c.faults.get('fault_1'),
  'admin.removeFault': (c) => c.faults.remove('fault_1'),
  'admin.clearFaults': (c) => c.faults.clear(),
  'admin.getRagTenant': (c) => c.rag.tenant('org_1'),
  'admin.updateRagTenant': (c) => c.rag.updateTenant('org_1', { state: 'ready' }),
  'admin.listRagSearches': (c) => c.rag.searches('org_1'),
  'admin.listScenarios': (c) => c.scenarios.list(),
  'admin.applyScenario': (c) => c.scenarios.apply('upstream-outage'),
  'admin.createScenario': (c) => c.scenarios.create({ name: 'mine', description: 'x', steps: [] }),
  'admin.demo': (c) => c.demo(),
  'admin.drift': (c) => c.drift.json({ recordings: '/tmp/none' }),
  'admin.createSttScript': (c) => c.stt.scripts.create({ queue: 1, text: 'x' }),
  'admin.listSttScripts': (c) => c.stt.scripts.list({ org_id: 'org_1' }),
  'admin.clearSttScripts': (c) => c.stt.scripts.clear(),
  'admin.deleteSttScript': (c) => c.stt.scripts.delete('stt_script_1'),
  'admin.listSttJobs': (c) => c.stt.jobs(),
  'admin.createRagScript': (c) => c.rag.scripts.create({ query: 'q', results: [] }),
  'admin.listRagScripts': (c) => c.rag.scripts.list({ org_id: 'org_1' }),
  'admin.clearRagScripts': (c) => c.rag.scripts.clear(),
  'admin.deleteRagScript': (c) => c.rag.scripts.delete('rscr_1'),
  'admin.createTtsScript': (c) => c.tts.scripts.create({ duration_seconds: 2 }),
  'admin.listTtsScripts': (c) => c.tts.scripts.list({ org_id: 'org_1' }),
  'admin.clearTtsScripts': (c) => c.tts.scripts.clear(),
  'admin.deleteTtsScript': (c) => c.tts.scripts.delete('tscr_1'),
  'admin.report': (c) => c.report.json(),
  'admin.getState': (c) => c.getState({ org: 'org_1', include: ['journal'] }),
  'admin.putState': (c) =>
    c.putState({ format: 'svc-emulator-state', version: 1, scope: { kind: 'emulator' }, orgs: {} }),
  'admin.ui': (c) => c.ui.page(),
  'admin.uiAsset': (c) => c.ui.asset('app.js'),
};

interface Operation {
  operationId: string;
  method: string;
  path: string;
}

function adminOperations(): Operation[] {
  const doc = parse(readFileSync(new URL('../../openapi/admin.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === 'object' && typeof op.operationId === 'string') {
        ops.push({ operationId: op.operationId, method: method.toUpperCase(), path });
      }
    }
  }
  return ops;
}

/** A fetch that records what it was sent and answers 200 `{}` (or the given answer). */
function recordingFetch(answer: () => Response = () => Response.json({})) {
  const sent: Request[] = [];
  return {
    sent,
    fetch: async (request: Request) => {
      sent.push(request);
      return answer();
    },
  };
}

function templateToRegExp(path: string): RegExp {
  return new RegExp(`^/_emulator${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

describe('the admin client covers openapi/admin.yaml', () => {
  const operations = adminOperations();

  it('has a method for every operationId', () => {
    const missing = operations.map((o) => o.operationId).filter((id) => !(id in METHOD_FOR_OPERATION));
    expect(
      missing,
      `operations of openapi/admin.yaml with no client method: add them to AdminClient and to this map`,
    ).toEqual([]);
  });

  it('names no operation the document does not have', () => {
    const known = new Set(operations.map((o) => o.operationId));
    expect(Object.keys(METHOD_FOR_OPERATION).filter((id) => !known.has(id))).toEqual([]);
  });

  it.each(operations.filter((o) => o.operationId in METHOD_FOR_OPERATION))(
    '$operationId is reached by its method ($method $path)',
    async ({ operationId, method, path }) => {
      const rec = recordingFetch();
      const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
      await METHOD_FOR_OPERATION[operationId](client);
      expect(rec.sent).toHaveLength(1);
      const sent = rec.sent[0];
      expect(sent.method).toBe(method);
      expect(new URL(sent.url).pathname).toMatch(templateToRegExp(path));
    },
  );
});

describe('AdminClient', () => {
  it('sends the sandbox filters and the scenario sandbox as query parameters', async () => {
    const rec = recordingFetch();
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    await client.ledger({ sandbox: 'sbx_a' });
    await client.faults.list({ sandbox: 'sbx_a' });
    await client.scenarios.apply('upstream-outage', { sandbox: 'sbx_a' });
    await client.requests.list({ sandbox: 'sbx_a' });
    await client.webhooks.deliveries({ sandbox: 'sbx_a' });
    await client.report.json({ sandbox: 'sbx_a' });
    expect(
      rec.sent.map((r) => new URL(r.url)).map((u) => [u.pathname, u.searchParams.get('sandbox')]),
    ).toEqual([
      ['/_emulator/usage', 'sbx_a'],
      ['/_emulator/faults', 'sbx_a'],
      ['/_emulator/scenarios/upstream-outage', 'sbx_a'],
      ['/_emulator/requests', 'sbx_a'],
      ['/_emulator/webhooks/deliveries', 'sbx_a'],
      ['/_emulator/report', 'sbx_a'],
    ]);
  });

  it('sends the admin token as X-Admin-Token, and extra headers', async () => {
    const rec = recordingFetch();
    const client = createAdminClient({
      adminUrl: 'http://emulator.test/_emulator',
      adminToken: 's3cret-token',
      headers: { 'X-Emulator-Scope': 'suite-a' },
      fetch: rec.fetch,
    });
    await client.faults.list();
    expect(rec.sent[0].headers.get('x-admin-token')).toBe('s3cret-token');
    expect(rec.sent[0].headers.get('x-emulator-scope')).toBe('suite-a');
  });

  it('turns a problem answer into an AdminApiError with status, code and detail', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      code: 'not_found',
      detail: 'no fault rule fault_9',
      request_id: 'req_1',
    };
    const rec = recordingFetch(
      () =>
        new Response(JSON.stringify(problem), {
          status: 404,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    );
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    const err = await client.faults.get('fault_9').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({
      status: 404,
      code: 'not_found',
      detail: 'no fault rule fault_9',
      requestId: 'req_1',
      problem,
    });
    expect((err as Error).message).toBe(
      'GET /_emulator/faults/fault_9 answered 404 not_found: no fault rule fault_9',
    );
  });

  it('keeps a body that is not a problem', async () => {
    const rec = recordingFetch(() => new Response('bad gateway', { status: 502 }));
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    const err = (await client.health().catch((e: unknown) => e)) as AdminApiError;
    expect(err).toMatchObject({ status: 502, code: undefined, problem: undefined, body: 'bad gateway' });
  });

  it('resolves 204 answers with undefined', async () => {
    const rec = recordingFetch(() => new Response(null, { status: 204 }));
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    await expect(client.faults.clear()).resolves.toBeUndefined();
  });

  it('requests.waitFor long-polls with wait and the filter, and returns the first entry', async () => {
    const entry = {
      request_id: 'req_7',
      kind: 'http',
      time: '2030-01-01T00:00:00.000Z',
      method: 'POST',
      path: '/v1/tts',
      status: 503,
    };
    const rec = recordingFetch(() => Response.json({ requests: [entry] }));
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    await expect(
      client.requests.waitFor({ path: '/v1/tts', status: 503 }, { timeoutSeconds: 5 }),
    ).resolves.toEqual(entry);
    const url = new URL(rec.sent[0].url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      path: '/v1/tts',
      status: '503',
      wait: expect.stringMatching(/^[45](\.\d+)?$/),
    });
  });

  it('requests.waitFor throws a timeout error that names the filter and the newest entries', async () => {
    let calls = 0;
    const rec = recordingFetch(() =>
      Response.json({
        requests:
          calls++ === 0
            ? []
            : [
                {
                  request_id: 'r',
                  kind: 'http',
                  time: 't',
                  method: 'GET',
                  path: '/v1/stt/jobs/x',
                  status: 404,
                },
              ],
      }),
    );
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    const err = await client.requests
      .waitFor({ operation_id: 'tts.create' }, { timeoutSeconds: 0 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminWaitTimeoutError);
    expect((err as Error).message).toBe(
      'requests.waitFor: no request matching {"operation_id":"tts.create"} was recorded within 0 s (the newest entries: GET /v1/stt/jobs/x 404)',
    );
  });

  it('webhooks.waitFor polls again after an empty long-poll slice', async () => {
    const delivery = { id: 'wd_1', status: 'delivered' };
    let calls = 0;
    const rec = recordingFetch(() => Response.json({ deliveries: calls++ === 0 ? [] : [delivery] }));
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    await expect(client.webhooks.waitFor({ status: 'delivered' }, { timeoutSeconds: 30 })).resolves.toEqual(
      delivery,
    );
    expect(rec.sent).toHaveLength(2);
  });

  it('report.junit asks for format=junit and returns the XML text', async () => {
    const rec = recordingFetch(
      () => new Response('<testsuites/>', { headers: { 'Content-Type': 'application/xml' } }),
    );
    const client = createAdminClient({ adminUrl: 'http://emulator.test/_emulator', fetch: rec.fetch });
    await expect(client.report.junit({ scope: 's' })).resolves.toBe('<testsuites/>');
    expect(new URL(rec.sent[0].url).searchParams.get('format')).toBe('junit');
  });
});
