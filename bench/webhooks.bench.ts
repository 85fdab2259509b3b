/**
 * Webhook delivery throughput: N events emitted at once to one local receiver on port 0, each delivered
 * through the real engine (signing, HTTP POST, 2xx check). Reports events/s and p50/p99 latency from
 * emit() to the receiver's answer being recorded. Run: npx tsx bench/webhooks.bench.ts [events]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Clock } from '../src/core/clock.js';
import { IdFactory, Random } from '../src/core/random.js';
import { WebhookEngine } from '../src/webhooks/index.js';

const total = Number(process.argv[2] ?? 5000);

async function main(): Promise<void> {
  let received = 0;
  let onReceive: (n: number) => void = () => undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received++;
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { n: number } };
      onReceive(envelope.data.n);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const clock = new Clock({ mode: 'frozen' });
  const engine = new WebhookEngine({
    clock,
    ids: new IdFactory('bench'),
    random: new Random('bench'),
    logLimit: total,
  });
  engine.endpoints.create('org_bench', { url: `http://127.0.0.1:${port}/hooks`, events: ['ping'] });

  // Latency: emit() to the receiver having the request (the engine records the 2xx right after).
  const emittedAt: number[] = [];
  const latencies: number[] = [];
  let allReceived: () => void = () => undefined;
  const receivedAll = new Promise<void>((resolve) => (allReceived = resolve));
  onReceive = (n) => {
    latencies.push(performance.now() - emittedAt[n]);
    if (latencies.length === total) allReceived();
  };

  const started = performance.now();
  let emitMs = 0;
  const ids: string[] = [];
  for (let i = 0; i < total; i++) {
    const t = performance.now();
    emittedAt.push(t);
    ids.push(...engine.emit('org_bench', 'ping', { n: i }, { livemode: true }).deliveryIds);
    emitMs += performance.now() - t;
  }
  await receivedAll;
  for (const id of ids) {
    const d = await engine.waitFor({ deliveryId: id, status: 'delivered' }, 30_000);
    if (!d) throw new Error(`delivery ${id} was not delivered`);
  }
  const elapsed = performance.now() - started;

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const failed = (await engine.deliveries({ status: 'failed' })).length;
  console.log(
    JSON.stringify(
      {
        bench: 'webhooks',
        events: total,
        received,
        failed,
        elapsedMs: Math.round(elapsed),
        eventsPerSecond: Math.round((total / elapsed) * 1000),
        emitMeanUs: Math.round((emitMs / total) * 1000),
        latencyP50Ms: Math.round(pct(50)),
        latencyP99Ms: Math.round(pct(99)),
      },
      null,
      2,
    ),
  );
  await engine.reset();
  clock.dispose();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

await main();
