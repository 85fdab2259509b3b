/**
 * The in-process library: `startEmulator()` for Node test suites, `createApp()` for supertest.
 */
import { createServer } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { parseApiKey } from '../../src/core/api-keys.js';
import { createApp, startEmulator, type RunningEmulator } from '../../src/index.js';

const started: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((r) => r.close()));
});

async function start(options: Parameters<typeof startEmulator>[0] = {}): Promise<RunningEmulator> {
  const running = await startEmulator({ port: 0, logLevel: 'silent', ...options });
  started.push(running);
  return running;
}

/** Whether something can listen on the port now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('startEmulator', () => {
  it('{ port: 0 } listens on a free port and returns the base URL, admin URL and demo keys', async () => {
    const running = await start();
    expect(running.port).toBeGreaterThan(0);
    expect(running.baseUrl).toBe(`http://127.0.0.1:${running.port}/v1`);
    expect(running.adminUrl).toBe(`http://127.0.0.1:${running.port}/_emulator`);
    expect(parseApiKey(running.keys.live)).toMatchObject({ ok: true, environment: 'live' });
    expect(parseApiKey(running.keys.test)).toMatchObject({ ok: true, environment: 'test' });
    expect(running.orgId).toBe(running.emulator.demo.orgId);

    const health = await fetch(`${running.adminUrl}/health`);
    expect(health.status).toBe(200);
    const minted = await fetch(`${running.baseUrl}/auth/ws-token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${running.keys.test}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['stt:transcribe'] }),
    });
    expect(minted.status).toBe(201);
  });

  it('close() frees the port', async () => {
    const running = await startEmulator({ port: 0 });
    expect(await portIsFree(running.port)).toBe(false);
    await running.close();
    expect(await portIsFree(running.port)).toBe(true);
  });

  it('close() ends open keep-alive connections instead of waiting for them', async () => {
    const running = await startEmulator({ port: 0 });
    const res = await fetch(`${running.adminUrl}/health`, { headers: { Connection: 'keep-alive' } });
    await res.arrayBuffer();
    await running.close();
    expect(await portIsFree(running.port)).toBe(true);
  });

  it('the same seed gives the same keys; a different seed gives different keys', async () => {
    const [a, b, c] = await Promise.all([
      start({ seed: 'lib-a' }),
      start({ seed: 'lib-a' }),
      start({ seed: 'lib-b' }),
    ]);
    expect(a.port).not.toBe(b.port);
    expect(b.keys).toEqual(a.keys);
    expect(c.keys.live).not.toBe(a.keys.live);
    expect(c.keys.test).not.toBe(a.keys.test);
  });

  it('two emulators are isolated from each other', async () => {
    const [a, b] = await Promise.all([start({ seed: 'iso' }), start({ seed: 'iso' })]);
    const created = await fetch(`${a.adminUrl}/orgs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"only in a"}',
    });
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`${a.adminUrl}/orgs/${id}`)).status).toBe(200);
    expect((await fetch(`${b.adminUrl}/orgs/${id}`)).status).toBe(404);
  });

  it('a busy port rejects with EADDRINUSE and leaves nothing running', async () => {
    const running = await start();
    await expect(startEmulator({ port: running.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});

describe('createApp', () => {
  it('returns a booted Express app for supertest, with its emulator', async () => {
    const app = await createApp({ seed: 'lib-app' });
    try {
      const res = await request(app)
        .post('/v1/auth/ws-token')
        .set('Authorization', `Bearer ${app.emulator.demo.keys.live}`)
        .send({ scopes: ['rag:query'] });
      expect(res.status).toBe(201);
    } finally {
      await app.emulator.close();
    }
  });
});
