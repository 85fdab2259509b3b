/** Proxy mode over HTTP: forwarding with the caller's key, contract checks, faults first, upstream failures, piping. */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from '../../src/http/context.js';
import { startEmulator } from '../../src/app/library.js';
import { spyHandler } from '../support/emulator.js';
import { auth, json, startPair, type Pair } from './support.js';

let pair: Pair;
beforeAll(async () => {
  pair = await startPair();
});
afterAll(() => pair.close());

const lastEntry = async (path: string) => {
  const entry = await pair.proxy.admin.requests.waitFor({ path });
  return entry as typeof entry & {
    proxied?: boolean;
    contract_violations?: { where: string; rule: string; value: unknown }[];
  };
};

describe('forwarding', () => {
  it('answers as the upstream does, with the caller key passed through, and journals the exchange as proxied', async () => {
    const key = pair.upstream.keys.test;
    const body = JSON.stringify({ text: 'مرحبا بكم', voice: 'ar-SA-noura' });
    const direct = await fetch(`${pair.upstream.baseUrl}/tts`, { method: 'POST', headers: json(key), body });
    const proxied = await fetch(`${pair.proxy.baseUrl}/tts`, { method: 'POST', headers: json(key), body });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    expect(proxied.headers.get('ratelimit-limit')).toBe(direct.headers.get('ratelimit-limit'));
    expect(Buffer.from(await proxied.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(
      true,
    );

    const upstreamEntries = await pair.upstream.emulator.part('journal').list({ path: '/v1/tts' });
    expect(upstreamEntries).toHaveLength(2);
    expect(upstreamEntries[1].key_id).toBe(pair.upstream.emulator.demo.keyIds.test);
    const entry = await lastEntry('/v1/tts');
    expect(entry).toMatchObject({
      status: 200,
      proxied: true,
      operation_id: 'tts.speak',
      environment: 'test',
      contract_violations: [],
    });
    expect(entry.key).toMatch(/^svc_test_…/);
  });

  it('passes problems back with their code and X-Request-Id, and keeps admin and the dashboard local', async () => {
    const res = await fetch(`${pair.proxy.baseUrl}/rag/search`, {
      method: 'POST',
      headers: json(pair.upstream.keys.test),
      body: '{"query": ""}',
    });
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { code: string; request_id: string };
    expect(problem.code).toBe('validation_failed');
    expect(res.headers.get('x-request-id')).toBe(problem.request_id);
    const entry = await lastEntry('/v1/rag/search');
    expect(entry.code).toBe('validation_failed');
    expect(entry.request_id).toBe(problem.request_id);
    // The request broke the contract (query minLength 1): recorded where, which rule, and the value.
    expect(entry.contract_violations).toEqual([
      expect.objectContaining({ where: 'request body/query', value: '' }),
    ]);
    expect((await fetch(`${pair.proxy.adminUrl}/health`)).status).toBe(200);
    expect((await fetch(`${pair.proxy.adminUrl}/ui`)).status).toBe(200);
  });
});

describe('contract checks of the upstream', () => {
  it('records each violation of the upstream answer on the journal entry and counts it in the client report', async () => {
    // The test-only hook: the upstream answers with a wrong type and an undocumented field.
    pair.upstream.emulator.handlers.set(
      'rag.search',
      spyHandler(async (ctx) =>
        sendJson(ctx, 200, {
          mode: 'retrieve',
          results: [{ document_id: 'doc_1', score: 'high' }],
          search_time_ms: 3,
        }),
      ),
    );
    const scope = 'contract-violations';
    const res = await fetch(`${pair.proxy.baseUrl}/rag/search`, {
      method: 'POST',
      headers: { ...json(pair.upstream.keys.test), 'X-Emulator-Scope': scope },
      body: JSON.stringify({ query: 'إجازة' }),
    });
    expect(res.status).toBe(200);
    const entry = (await pair.proxy.admin.requests.waitFor({ scope })) as any;
    expect(entry.contract_violations).toEqual([
      {
        where: 'response body/results/0/score',
        rule: expect.stringContaining('results[0].score must be a number (got string)'),
        value: 'high',
      },
    ]);

    const report = (await (await fetch(`${pair.proxy.adminUrl}/report?scope=${scope}`)).json()) as any;
    expect(report.summary.contract_violations).toBe(1);
    const check = report.groups[0].checks.find((c: any) => c.id === 'follows_contract');
    expect(check.status).toBe('fail');
    expect(check.findings[0].request_ids).toEqual([entry.request_id]);
  });
});

describe('faults and upstream failures', () => {
  it('applies faults before forwarding: the upstream never sees the request', async () => {
    const scope = 'proxy-fault';
    await pair.proxy.admin.faults.add({
      kind: 'error',
      status: 502,
      code: 'upstream_error',
      times: 1,
      match: { operation: 'tts.speak', scope },
    } as any);
    const before = (await pair.upstream.emulator.part('journal').list({ path: '/v1/tts' })).length;
    const res = await fetch(`${pair.proxy.baseUrl}/tts`, {
      method: 'POST',
      headers: { ...json(pair.upstream.keys.test), 'X-Emulator-Scope': scope },
      body: JSON.stringify({ text: 'مرحبا', voice: 'ar-SA-noura' }),
    });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe('upstream_error');
    expect(await pair.upstream.emulator.part('journal').list({ path: '/v1/tts' })).toHaveLength(before);
    expect((await pair.proxy.admin.requests.waitFor({ scope })).fault).toBeTruthy();
  });

  it('answers 502 upstream_error when the upstream cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    const proxy = await startEmulator({
      port: 0,
      logLevel: 'silent',
      proxyTo: `http://127.0.0.1:${port}/v1`,
    });
    try {
      const res = await fetch(`${proxy.baseUrl}/tts`, {
        method: 'POST',
        headers: json(pair.upstream.keys.test),
        body: '{}',
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { code: string; detail: string }).code).toBe('upstream_error');
    } finally {
      await proxy.close();
    }
  });

  it('answers 504 upstream_timeout when the upstream stays silent past the timeout', async () => {
    await pair.upstream.admin.faults.add({
      kind: 'hang',
      times: 1,
      match: { operation: 'rag.search' },
    } as any);
    const proxy = await startEmulator({
      port: 0,
      logLevel: 'silent',
      proxyTo: pair.upstream.baseUrl,
      proxyTimeoutMs: 300,
    });
    try {
      const res = await fetch(`${proxy.baseUrl}/rag/search`, {
        method: 'POST',
        headers: json(pair.upstream.keys.test),
        body: '{"query":"x"}',
      });
      expect(res.status).toBe(504);
      expect(((await res.json()) as { code: string }).code).toBe('upstream_timeout');
    } finally {
      await proxy.close();
    }
  });

  it('refuses a --proxy-to that is not a base URL ending in /v1', async () => {
    await expect(
      startEmulator({ port: 0, logLevel: 'silent', proxyTo: 'http://127.0.0.1:1/api' }),
    ).rejects.toThrow(/ending in \/v1/);
  });
});

describe('streaming', () => {
  it('pipes /tts/stream chunk by chunk: the first bytes arrive while the upstream is still sending', async () => {
    await pair.upstream.admin.faults.add({
      kind: 'stream_slow',
      bytes_per_second: 2000,
      times: 1,
      match: { operation: 'tts.stream' },
    } as any);
    const controller = new AbortController();
    const res = await fetch(`${pair.proxy.baseUrl}/tts/stream`, {
      method: 'POST',
      headers: json(pair.upstream.keys.test),
      body: JSON.stringify({
        text: 'مرحبا بكم في خدمة العملاء، كيف يمكنني مساعدتك اليوم؟',
        voice: 'ar-SA-noura',
      }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    // The upstream journals a request when its response ends: it has not ended yet.
    expect(await pair.upstream.emulator.part('journal').list({ path: '/v1/tts/stream' })).toHaveLength(0);
    controller.abort();
    await reader.cancel().catch(() => {});
    await pair.upstream.admin.requests.waitFor({ path: '/v1/tts/stream' });
  });

  it('passes an unknown /v1 route to the upstream and its 404 back', async () => {
    const res = await fetch(`${pair.proxy.baseUrl}/nope`, { headers: auth(pair.upstream.keys.test) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('route_not_found');
  });
});
