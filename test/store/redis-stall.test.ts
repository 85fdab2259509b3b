/**
 * Issue 35, item 3: while Redis stalls (SIGSTOP: connected, answering nothing), a request that needs it answers
 * the documented 502 `upstream_error` once its command times out (2 s), health says `degraded`, and from then
 * on requests answer 502 at once instead of each waiting out the timeout; once Redis answers again (SIGCONT)
 * health says `ok` and requests are served, and nothing the stalled requests sent holds credits.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll } from '../support/cli.js';
import { adminCall, startInstance, type StoreInstance } from '../support/redis.js';
import { AofRedis, redisMissing } from '../chaos/support/aof-redis.js';

const missing = redisMissing();
let redis: AofRedis;
let a: StoreInstance;

interface Health {
  store: { status: string; outbox: number };
}

beforeAll(async () => {
  if (missing) return;
  redis = await AofRedis.start();
  const config = join(mkdtempSync(join(tmpdir(), 'svc-redis-stall-')), 'config.json');
  writeFileSync(config, JSON.stringify({ prices: { tts: { fast: 0.5, standard: 1, high: 2 } } }));
  a = await startInstance({ port: redis.port, url: redis.url, stop: () => redis.stop() }, 'S', config);
}, 60_000);

afterAll(async () => {
  redis?.resume();
  await killAll();
  await redis?.stop();
});

/** A 4-character clip through A: its status, problem detail and how long the answer took (ms). */
async function speak(key: string): Promise<{ status: number; detail?: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${a.base}/tts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: 'مرحب', voice: 'ar-SA-noura' }),
  });
  const body = res.status === 200 ? undefined : ((await res.json()) as { detail: string });
  if (res.status === 200) await res.arrayBuffer();
  return { status: res.status, detail: body?.detail, ms: performance.now() - started };
}

async function health(): Promise<Health> {
  return (await (await fetch(`${a.admin}/health`)).json()) as Health;
}

describe.skipIf(missing)(`while Redis stalls${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it('answers 502 after the 2 s command timeout, then at once while health says degraded; once Redis answers, ok again with nothing held', async () => {
    const org = await adminCall<{ id: string }>(a, 'POST', '/orgs', { name: 'Stall', credits: 8 });
    const key = await adminCall<{ key: string }>(a, 'POST', `/orgs/${org.body.id}/keys`, {
      environment: 'live',
      scopes: ['tts:speak'],
    });
    expect((await speak(key.body.key)).status).toBe(200);
    expect((await health()).store.status).toBe('ok');

    redis.stall();
    try {
      const first = await speak(key.body.key);
      expect(first.status).toBe(502);
      expect(first.ms).toBeGreaterThan(1500);
      expect(first.ms).toBeLessThan(4000);
      expect(first.detail).toMatch(/shared state store .* is unreachable/);
      expect((await health()).store.status).toBe('degraded');
      // Promptly now: the store is known to be stalled.
      const next = await speak(key.body.key);
      expect(next.status).toBe(502);
      expect(next.ms).toBeLessThan(500);
    } finally {
      redis.resume();
    }

    await expect.poll(async () => (await health()).store.status, { timeout: 5000 }).toBe('ok');
    await expect.poll(async () => (await health()).store.outbox, { timeout: 5000 }).toBe(0);
    // 8 credits, 4 spent: whatever the stalled requests sent, which Redis ran when it woke, holds nothing, so one
    // more 4-credit clip fits (a held reservation would refuse it with insufficient_credits).
    expect((await speak(key.body.key)).status).toBe(200);
    const usage = await adminCall<{ balance: { balance: number }; entries: unknown[] }>(
      a,
      'GET',
      `/orgs/${org.body.id}/usage`,
    );
    expect(usage.body.balance.balance).toBe(0);
    expect(usage.body.entries).toHaveLength(2);
  }, 30_000);
});
