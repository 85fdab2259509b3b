/**
 * The cost of the metering stage (rate-limit window + RateLimit headers) on a simple authenticated request:
 * POST /v1/auth/ws-token through the full pipeline (auth, validation, handler), with the stage on and off,
 * driven by autocannon on loopback. Run: npx tsx bench/metering-overhead.bench.ts [seconds]
 */
import autocannon from 'autocannon';
import { createEmulator } from '../src/app/emulator.js';

const seconds = Number(process.argv[2] ?? 10);

async function run(withMetering: boolean): Promise<autocannon.Result> {
  // A rate limit high enough never to refuse, so both runs do the same work but for the stage itself.
  const emulator = await createEmulator({
    logLevel: 'silent',
    rateLimits: { live: { limit: 1e9, windowSeconds: 60 } },
  });
  if (!withMetering) emulator.registry.stages.length = 0;
  const { baseUrl } = await emulator.listen(0, '127.0.0.1');
  const result = await autocannon({
    url: `${baseUrl}/auth/ws-token`,
    method: 'POST',
    connections: 32,
    duration: seconds,
    headers: { Authorization: `Bearer ${emulator.demo.keys.live}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scopes: ['tts:speak'] }),
  });
  await emulator.close();
  return result;
}

async function main(): Promise<void> {
  // Warm-up run so JIT state does not favour the second configuration.
  await run(true);
  const off = await run(false);
  const on = await run(true);
  for (const [name, r] of [
    ['without metering stage', off],
    ['with metering stage', on],
  ] as const) {
    console.log(
      `${name.padEnd(24)} ${r.requests.average.toFixed(0)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}`,
    );
  }
  // The server handles requests one at a time on its event loop, so service time per request = 1 / throughput.
  const overheadUs = 1e6 / on.requests.average - 1e6 / off.requests.average;
  console.log(`overhead per request (service time from throughput): ${overheadUs.toFixed(1)} µs`);
}

await main();
