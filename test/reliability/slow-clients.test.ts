/**
 * Slow clients must not hold the server (issue 8): slowloris headers, a stream nobody reads, and a webhook
 * receiver that never answers. Assertions are about behaviour (served, dropped, bounded), with generous
 * bounds on time so a loaded machine does not fail them.
 */
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { IdFactory, Random } from '../../src/core/random.js';
import { SERVER_TIMEOUTS, createEmulator, type Emulator } from '../../src/app/emulator.js';
import { WebhookEngine } from '../../src/webhooks/index.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function listening(): Promise<{ emulator: Emulator; server: Server; port: number }> {
  const emulator = await createEmulator({ seed: 'slow-clients', logLevel: 'silent' });
  const { server, port } = await emulator.listen(0, '127.0.0.1');
  cleanups.push(() => emulator.close());
  return { emulator, server, port };
}

function openSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  cleanups.push(() => void socket.destroy());
  return once(socket, 'connect').then(() => socket);
}

async function health(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/_emulator/health`);
  await res.arrayBuffer();
  return res.status;
}

describe('slow clients', () => {
  it('uses the documented header and request timeouts', async () => {
    const { server } = await listening();
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
  });

  it('keeps serving other clients while slowloris sockets trickle headers, and drops them after the header timeout', async () => {
    const { server, port } = await listening();
    server.headersTimeout = 1_000; // shortened for the test; the check interval is the production one (1 s)
    const header = Buffer.from(
      `GET /_emulator/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(500)}`,
    );
    const sockets = await Promise.all(Array.from({ length: 20 }, () => openSocket(port)));
    // Dropped either way counts: a reset emits 'error' before 'close', which would make events.once reject.
    const closed = sockets.map((s) => new Promise<void>((resolve) => s.once('close', () => resolve())));
    let i = 0;
    const trickle = setInterval(() => {
      for (const s of sockets) if (!s.destroyed) s.write(header.subarray(i, i + 1));
      i = (i + 1) % header.length;
    }, 20);
    cleanups.push(() => clearInterval(trickle));
    for (let n = 0; n < 5; n++) expect(await health(port)).toBe(200);
    await Promise.all(closed);
    expect(sockets.every((s) => s.destroyed)).toBe(true);
    expect(await health(port)).toBe(200);
  });

  it('keeps serving while a client never reads a /v1/tts/stream response', async () => {
    const { emulator, port } = await listening();
    const body = JSON.stringify({
      text: 'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ '.repeat(8),
      voice: 'ar-SA-noura',
    });
    const sockets = await Promise.all(Array.from({ length: 3 }, () => openSocket(port)));
    for (const s of sockets) {
      s.pause(); // never read: the server's writes back up
      s.write(
        `POST /v1/tts/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.demo.keys.live}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    for (let n = 0; n < 5; n++) expect(await health(port)).toBe(200);
    const token = await fetch(`http://127.0.0.1:${port}/v1/auth/ws-token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emulator.demo.keys.live}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['stt:transcribe'] }),
    });
    expect(token.status).toBe(201);
  });

  it('a client that hangs up halfway through a JSON body: the handler never runs, nothing is billed, and the server goes on', async () => {
    const { emulator, server, port } = await listening();
    const body = JSON.stringify({ text: 'مرحبا بكم', voice: 'ar-SA-noura' });
    // The bytes sent are a whole JSON object; the declared length adds trailing spaces that never come, so
    // a server that took what it had at the hang-up as the body would render and bill it.
    const declared = Buffer.byteLength(body) + 20;
    const socket = await openSocket(port);
    const arrived = once(server, 'request');
    socket.write(
      `POST /v1/tts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.demo.keys.live}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n${body}`,
    );
    const recorded = emulator.part('journal').waitFor({ path: '/v1/tts' }, 10_000);
    await arrived;
    socket.destroy();
    const entry = await recorded;
    // A whole request after it is served; by then the cut one has not reached its handler nor been billed.
    const whole = await fetch(`http://127.0.0.1:${port}/v1/tts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emulator.demo.keys.live}`, 'Content-Type': 'application/json' },
      body,
    });
    await whole.arrayBuffer();
    expect(whole.status).toBe(200);
    expect(await emulator.part('journal').find(entry!.request_id)).toMatchObject({
      operation_id: 'tts.speak',
      ledger_entry_ids: [],
      timings: { handler_ms: null },
    });
  });

  it('bounds memory for a webhook receiver that accepts and never answers: attempts time out and settled deliveries are forgotten', async () => {
    const hanging = new Set<ServerResponse>();
    const receiver = createServer((_req, res) => void hanging.add(res));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    cleanups.push(() => receiver.closeAllConnections());
    const engine = new WebhookEngine({
      clock: new Clock({ mode: 'frozen' }),
      ids: new IdFactory('hang'),
      random: new Random('hang'),
      logLimit: 20,
      attemptTimeoutMs: 200,
      retryScheduleMs: [],
    });
    cleanups.push(() => engine.reset());
    engine.endpoints.create('org_a', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      events: ['ping'],
    });
    const last = Array.from({ length: 200 }, (_, n) =>
      engine.emit('org_a', 'ping', { n }, { livemode: false }),
    ).at(-1)!;
    const settled = await engine.waitFor({ deliveryId: last.deliveryIds[0], status: 'failed' }, 25_000);
    expect(settled?.attempts[0].error).toMatch(/timeout/);
    expect((await engine.deliveries()).length).toBeLessThanOrEqual(20);
    // Settled deliveries that left the list are not kept anywhere else either.
    const state = (engine as unknown as { state: { deliveries: { internals: Map<string, unknown> } } }).state;
    expect(state.deliveries.internals.size).toBeLessThanOrEqual(20);
  });
});
