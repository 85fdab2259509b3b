/**
 * Soak (issue 8): `--requests` (default 200 000) mostly cheap requests against one emulator in this process,
 * in rounds of `--every` (default 10 000); after each round RSS and heapUsed are sampled (after a full GC when
 * run with --expose-gc). The mix, per connection in turn: ws-token (201), RAG retrieve (200), a wrong key (401),
 * an invalid search body (400/422), RAG retrieve again. Memory must stay bounded: the journal keeps 1000 entries,
 * the ledger 10 000 per organization, ws-tokens live 60 s of clock time.
 * Run: npx tsx --expose-gc bench/soak.bench.ts [--requests 200000] [--every 10000] [--connections 32]
 */
import autocannon from 'autocannon';
import { createEmulator } from '../src/app/emulator.js';
import { argNumber, load1, mib, runAutocannon } from './lib.js';

const TOTAL = argNumber('requests', 200_000);
const EVERY = argNumber('every', 10_000);
const CONNECTIONS = argNumber('connections', 32);
/** Statuses the mix asks for; anything else is an error. */
const EXPECTED = new Set([200, 201, 400, 401, 422]);

interface Sample {
  requests: number;
  rss: number;
  heapUsed: number;
  journal: number;
  load: string;
}

function sample(requests: number, journal: number): Sample {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { requests, rss: m.rss, heapUsed: m.heapUsed, journal, load: load1() };
}

async function main(): Promise<void> {
  const emulator = await createEmulator({
    logLevel: 'silent',
    seed: 'soak-bench',
    rateLimits: { live: { limit: 1e9, windowSeconds: 60 } },
    demo: { credits: 1e12 },
  });
  await emulator.ready();
  const { baseUrl } = await emulator.listen(0, '127.0.0.1');
  const good = { Authorization: `Bearer ${emulator.demo.keys.live}`, 'Content-Type': 'application/json' };
  const bad = {
    Authorization: `Bearer svc_live_${'A'.repeat(32)}000000`,
    'Content-Type': 'application/json',
  };
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/v1/auth/ws-token',
      headers: good,
      body: JSON.stringify({ scopes: ['stt:transcribe'] }),
    },
    {
      method: 'POST',
      path: '/v1/rag/search',
      headers: good,
      body: JSON.stringify({ query: 'annual leave policy', top_k: 5 }),
    },
    { method: 'POST', path: '/v1/rag/search', headers: bad, body: JSON.stringify({ query: 'x' }) },
    {
      method: 'POST',
      path: '/v1/rag/search',
      headers: good,
      body: JSON.stringify({ query: '', top_k: 1000 }),
    },
    {
      method: 'POST',
      path: '/v1/rag/search',
      headers: good,
      body: JSON.stringify({ query: 'كلمة المرور', mode: 'retrieve' }),
    },
  ];
  const origin = baseUrl.replace(/\/v1$/, '');
  const statuses: Record<number, number> = {};
  let errors = 0;
  const samples: Sample[] = [sample(0, 0)];
  let done = 0;
  const t0 = performance.now();
  while (done < TOTAL) {
    const amount = Math.min(EVERY, TOTAL - done);
    const r = await runAutocannon(
      { url: origin, connections: CONNECTIONS, amount, requests, timeout: 30 },
      (status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!EXPECTED.has(status)) errors++;
      },
    );
    errors += r.errors + r.timeouts;
    done += amount;
    const s = sample(done, (await emulator.part('journal').list()).length);
    samples.push(s);
    console.error(`  ${done} requests: RSS ${mib(s.rss)}, heap ${mib(s.heapUsed)}, load ${s.load}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `## Soak: ${TOTAL} requests, ${CONNECTIONS} connections, ${seconds.toFixed(0)} s (${(TOTAL / seconds).toFixed(0)} req/s)`,
  );
  console.log(`statuses ${JSON.stringify(statuses)}; errors ${errors}`);
  console.log('| requests | RSS | heapUsed | journal entries | load |\n|---|---|---|---|---|');
  for (const s of samples)
    console.log(`| ${s.requests} | ${mib(s.rss)} | ${mib(s.heapUsed)} | ${s.journal} | ${s.load} |`);
  // Bounded: the second half of the run must not keep growing. Compare the mean heap of the last quarter with
  // the middle sample; a leak of even 100 bytes per request would add ~10 MiB over 100 000 requests.
  const mid = samples[Math.floor(samples.length / 2)].heapUsed;
  const tail = samples.slice(-Math.max(1, Math.floor(samples.length / 4)));
  const tailHeap = tail.reduce((a, s) => a + s.heapUsed, 0) / tail.length;
  const growth = tailHeap - mid;
  const bounded = growth < 8 * 1048576;
  console.log(`heap growth, middle → last quarter: ${mib(growth)} (${bounded ? 'bounded' : 'GROWING'})`);
  await emulator.close();
  console.log(
    `\nRESULT soak: ${errors === 0 && bounded ? 'ok' : `${errors} errors, ${bounded ? 'bounded' : 'memory growing'}`}`,
  );
  process.exitCode = errors === 0 && bounded ? 0 : 1;
}

await main();
