/**
 * Issue 17: how long after the revoke call's answer on instance A a WebSocket on instance B that uses the key
 * closes (4001), two in-process emulators over a real Redis (redis-server started on a free port).
 * Run: npx tsx bench/shared-revocation.bench.ts [--rounds 20]
 */
import WebSocket from 'ws';
import { createEmulator } from '../src/app/emulator.js';
import { startRedis } from '../test/support/redis.js';
import { argNumber, fmt, load1, summarize } from './lib.js';

const ROUNDS = argNumber('rounds', 20);
const redis = await startRedis();
const options = { store: redis.url, demoCorpus: false, workers: 0, logLevel: 'silent' as const };
const a = await createEmulator({ ...options, instanceId: 'bench-a' });
const b = await createEmulator({ ...options, instanceId: 'bench-b' });
const A = await a.listen(0, '127.0.0.1');
const B = await b.listen(0, '127.0.0.1');
const samples: number[] = [];
try {
  for (let i = 0; i < ROUNDS; i++) {
    const res = await fetch(`${A.adminUrl}/orgs/org_demo/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ environment: 'live', scopes: ['tts:speak'] }),
    });
    const key = (await res.json()) as { id: string; key: string };
    const ws = new WebSocket(`${B.baseUrl.replace('http', 'ws')}/tts/realtime`, {
      headers: { Authorization: `Bearer ${key.key}` },
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', () => resolve(performance.now())));
    await fetch(`${A.adminUrl}/keys/${key.id}`, { method: 'DELETE' });
    const answered = performance.now();
    samples.push((await closed) - answered);
  }
} finally {
  await a.close();
  await b.close();
  await redis.stop();
}
const s = summarize(samples);
console.log(
  `socket on B closed after the revoke answer on A: n ${s.n}, p50 ${fmt(s.p50)}, p90 ${fmt(s.p90)}, max ${fmt(s.max)} (load ${load1()})`,
);
