import { createHmac } from 'node:crypto';
import request from 'supertest';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { openWs, refusedUpgrade } from '../support/ws.js';

describe('fault rules through the admin API', () => {
  let t: TestEmulator;
  let clock: Clock;
  beforeEach(async () => {
    clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-06-01T00:00:00Z') });
    t = await buildEmulator({ seed: 'fault-tests' }, { clock });
  });
  afterEach(() => t.emulator.close());

  const addFault = async (body: object) => {
    const res = await request(t.app).post('/_emulator/faults').send(body);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; explanation: string };
  };
  const mint = (scope?: string) => {
    const r = request(t.app).post('/v1/auth/ws-token').set('Authorization', `Bearer ${t.keys.live}`);
    if (scope) void r.set('X-Emulator-Scope', scope);
    return r.send({ scopes: ['tts:speak'] });
  };

  it('answers an injected error with the chosen status and code, once, and marks the journal', async () => {
    const rule = await addFault({
      kind: 'error',
      status: 502,
      code: 'upstream_error',
      times: 1,
      match: { operation: 'auth.createWsToken' },
    });
    expect(rule.explanation).toContain('502 upstream_error');
    const failed = await mint();
    expectProblem(failed, 502, 'upstream_error');
    expect((await mint()).status).toBe(201);
    const journal = await request(t.app).get('/_emulator/requests').query({ status: 502 });
    expect(journal.body.requests[0].fault).toMatchObject({ rule_id: rule.id, kind: 'error' });
    // Used-up rules leave the list.
    expect((await request(t.app).get('/_emulator/faults')).body.faults).toEqual([]);
  });

  it('injects 429 with all four rate-limit headers and 409 with Retry-After', async () => {
    await addFault({ kind: 'error', status: 429, retry_after: 7, times: 1 });
    const limited = await mint();
    expectProblem(limited, 429, 'rate_limited');
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.headers['ratelimit-reset']).toBe('7');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['ratelimit-limit'])).toBeGreaterThan(0);
    await addFault({ kind: 'error', status: 409, code: 'rag_not_provisioned', times: 1 });
    const conflict = await mint();
    expectProblem(conflict, 409, 'rag_not_provisioned');
    expect(Number(conflict.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('matches on the test scope header so parallel tests do not disturb each other', async () => {
    await addFault({ kind: 'error', status: 500, match: { scope: 'test-a' } });
    expectProblem(await mint('test-a'), 500, 'internal_error');
    expect((await mint('test-b')).status).toBe(201);
    expect((await mint()).status).toBe(201);
  });

  it('applies a probability from the seeded random source, the same way on every run', async () => {
    const run = async () => {
      const e = await buildEmulator({ seed: 'probability' });
      await request(e.app).post('/_emulator/faults').send({ kind: 'error', status: 502, probability: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push(
          (
            await request(e.app)
              .post('/v1/auth/ws-token')
              .set('Authorization', `Bearer ${e.keys.live}`)
              .send({ scopes: ['tts:speak'] })
          ).status,
        );
      }
      await e.emulator.close();
      return statuses;
    };
    const first = await run();
    expect(first).toEqual(await run());
    expect(first.filter((s) => s === 502).length).toBeGreaterThan(2);
    expect(first.filter((s) => s === 201).length).toBeGreaterThan(2);
  });

  it('expires after ttl_seconds and honours an active window, in clock time', async () => {
    await addFault({ kind: 'error', status: 500, ttl_seconds: 30 });
    expect((await mint()).status).toBe(500);
    await clock.advance(30_000);
    expect((await mint()).status).toBe(201);
    await addFault({
      kind: 'error',
      status: 504,
      active_from: new Date(clock.now() + 10_000).toISOString(),
      active_until: new Date(clock.now() + 20_000).toISOString(),
    });
    expect((await mint()).status).toBe(201);
    await clock.advance(10_000);
    expect((await mint()).status).toBe(504);
    await clock.advance(10_000);
    expect((await mint()).status).toBe(201);
  });

  it('delays by at least the latency and resets or hangs connections', async () => {
    const { baseUrl } = await t.emulator.listen(0);
    const post = (signal?: AbortSignal) =>
      fetch(`${baseUrl}/auth/ws-token`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${t.keys.live}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ scopes: ['tts:speak'] }),
        signal,
      });
    await addFault({ kind: 'latency', latency_ms: 150, times: 1 });
    const started = performance.now();
    expect((await post()).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    await addFault({ kind: 'reset', times: 1 });
    const reset = await post().catch(
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(reset).toBe('ECONNRESET');

    const hang = await addFault({ kind: 'hang', times: 2 });
    const controller = new AbortController();
    const hung = post(controller.signal).catch((err: Error) => err.name);
    // The hang holds the request until the client gives up: wait until the rule has caught it, then give up.
    for (let i = 0; i < 1000; i++) {
      const rule = await request(t.app).get(`/_emulator/faults/${hang.id}`);
      if (rule.body.hits === 1) break;
    }
    const waiting = request(t.app).get('/_emulator/requests').query({ code: 'hang', wait: 10 });
    controller.abort();
    expect(await hung).toBe('AbortError');
    expect((await waiting).body.requests[0].fault.kind).toBe('hang');
  });

  it('validates rules: kind-specific parameters are required and unknown kinds refused', async () => {
    expectProblem(
      await request(t.app).post('/_emulator/faults').send({ kind: 'error' }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).post('/_emulator/faults').send({ kind: 'ws_close' }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).post('/_emulator/faults').send({ kind: 'meteor' }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).post('/_emulator/faults').send({ kind: 'error', status: 399 }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).post('/_emulator/faults').send({ kind: 'error', status: 600 }),
      422,
      'validation_failed',
    );
    expectProblem(await request(t.app).delete('/_emulator/faults/fault_nope'), 404, 'not_found');
  });

  describe('WebSocket faults', () => {
    let wsBase: string;
    beforeEach(async () => {
      // An echo session stands in for a product protocol: the faults act in the gateway, before any handler logic.
      t.emulator.wsHandlers.set('stt.realtime', (ws) =>
        ws.on('message', (m, isBinary) => ws.send(m, { binary: isBinary })),
      );
      const { baseUrl } = await t.emulator.listen(0);
      wsBase = baseUrl.replace('http', 'ws');
    });
    const auth = () => ({ Authorization: `Bearer ${t.keys.live}` });

    it('refuses the upgrade with an injected error', async () => {
      await addFault({
        kind: 'error',
        status: 502,
        code: 'upstream_error',
        match: { operation: 'stt.realtime' },
      });
      const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [], auth());
      expectProblem(refusal, 502, 'upstream_error');
    });

    it('closes a session with the chosen code after N frames', async () => {
      await addFault({
        kind: 'ws_close',
        close_code: 4000,
        after_frames: 4,
        match: { operation: 'stt.realtime' },
      });
      const ws = await openWs(`${wsBase}/stt/realtime`, [], auth());
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      ws.send('{"type":"start"}');
      ws.send(Buffer.alloc(640), { binary: true });
      expect(await closed).toBe(4000);
    });

    it('closes after N seconds of PCM at the start frame sample rate', async () => {
      await addFault({ kind: 'ws_close', close_code: 1011, after_audio_seconds: 1 });
      const ws = await openWs(`${wsBase}/stt/realtime`, [], auth());
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      let sentSeconds = 0;
      ws.on('message', () => undefined);
      ws.send(JSON.stringify({ type: 'start', sample_rate: 8000 }));
      const frame = Buffer.alloc(8000 * 2 * 0.1); // 100 ms at 8 kHz
      const pump = () => {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(frame, { binary: true });
        sentSeconds += 0.1;
        setImmediate(pump);
      };
      pump();
      expect(await closed).toBe(1011);
      expect(sentSeconds).toBeGreaterThanOrEqual(1);
    });
  });

  describe('webhook faults', () => {
    let receiver: Receiver;
    beforeEach(async () => {
      receiver = await startReceiver();
    });
    afterEach(() => receiver.close());

    const register = async () =>
      (
        await request(t.app)
          .post(`/_emulator/orgs/${t.orgId}/webhook-endpoints`)
          .send({ url: receiver.url, events: ['ping'] })
      ).body as { secret: string };
    const verifies = (header: string, raw: string, secret: string, now: number) => {
      const { t: ts, v1 } = Object.fromEntries(header.split(',').map((kv) => kv.split('='))) as {
        t: string;
        v1: string;
      };
      const fresh = Math.abs(now - Number(ts)) <= 300;
      return fresh && createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex') === v1;
    };

    it('holds a delivery for delay_ms before sending it', async () => {
      await register();
      await request(t.app)
        .get('/_emulator/webhooks/deliveries')
        .query({ event: 'ping', status: 'delivered', wait: 10 });
      await addFault({ kind: 'webhook_delay', delay_ms: 300, times: 1 });
      const hook = receiver.next();
      const started = performance.now();
      await request(t.app).post('/_emulator/webhooks/trigger').send({ org_id: t.orgId, event: 'ping' });
      await hook;
      // A lower bound only: the delivery waited at least the fault's delay.
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    });

    it('sends a held delivery after events emitted later (out of order)', async () => {
      await register();
      await request(t.app)
        .get('/_emulator/webhooks/deliveries')
        .query({ event: 'ping', status: 'delivered', wait: 10 });
      await addFault({ kind: 'webhook_out_of_order', delay_ms: 500, times: 1 });
      const first = receiver.next();
      const second = receiver.next();
      const a = await request(t.app)
        .post('/_emulator/webhooks/trigger')
        .send({ org_id: t.orgId, event: 'ping', data: { n: 1 } });
      await request(t.app)
        .post('/_emulator/webhooks/trigger')
        .send({ org_id: t.orgId, event: 'ping', data: { n: 2 } });
      const arrivals = [(await first).json, (await second).json];
      expect(arrivals.map((e: { data: { n: number } }) => e.data.n)).toEqual([2, 1]);
      expect(arrivals[1].id).toBe(a.body.event.id);
    });

    it('duplicates a delivery', async () => {
      await addFault({ kind: 'webhook_duplicate', times: 1 });
      const first = receiver.next();
      const second = receiver.next();
      await register();
      const [a, b] = await Promise.all([first, second]);
      expect(a.json.id).toBe(b.json.id);
    });

    it('signs with a wrong secret or a stale timestamp, so receivers that verify refuse them', async () => {
      await addFault({ kind: 'webhook_wrong_secret', times: 1 });
      let hook = receiver.next();
      const endpoint = await register();
      let got = await hook;
      expect(
        verifies(
          String(got.headers['svc-signature']),
          got.rawBody,
          endpoint.secret,
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(false);

      await addFault({ kind: 'webhook_stale_timestamp', times: 1 });
      hook = receiver.next();
      await request(t.app).post('/_emulator/webhooks/trigger').send({ org_id: t.orgId, event: 'ping' });
      got = await hook;
      const header = String(got.headers['svc-signature']);
      // t= is wall time (decision I12-3): stale means more than 300 s before the receiver's own clock.
      expect(verifies(header, got.rawBody, endpoint.secret, Math.floor(Date.now() / 1000))).toBe(false);
      // The HMAC itself is right; only the timestamp is too old.
      expect(verifies(header, got.rawBody, endpoint.secret, Number(/t=(\d+)/.exec(header)![1]))).toBe(true);
    });
  });
});
