/**
 * Issue 24's proof: eight workers (threads, each a test file's stand-in) against one emulator, each in its own
 * sandbox with its own frozen clock. Each spends its credits, advances its clock by days (a job's completion,
 * webhook retries, an invoice at the month end), resets its sandbox in the middle and does it all again. Every
 * figure is derived from the documented rules (prices, retry schedule W4, job timing S10, periods M4/M6), and
 * every worker must see exactly them: no worker sees another's data or time, and the global clock never
 * moves. The same test runs against two instances over Redis (admin through one, /v1 through the other).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { defaultPrices } from '../../src/metering/prices.js';
import { killAll } from '../support/cli.js';
import { startInstance, startRedis, type StoreInstance, type TestRedis } from '../support/redis.js';

const WORKERS = 8;
const CREDITS = 100;
const START = '2031-01-31T12:00:00.000Z';
const WORKER = new URL('./support/parallel-worker.mjs', import.meta.url);

interface WorkerInput {
  adminUrls: string[];
  baseUrls: string[];
}

function runWorker(input: WorkerInput, index: number): Promise<any> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { ...input, index, adminToken: null, start: START, credits: CREDITS },
    });
    worker.once('message', (m: { ok: boolean; result?: unknown; error?: string }) => {
      void worker.terminate();
      if (m.ok) resolve(m.result);
      else reject(new Error(`worker ${index}: ${m.error}`));
    });
    worker.once('error', reject);
  });
}

/** What every worker must observe in each run of its story, from the documented rules alone. */
function expectedStory() {
  const at = (seconds: number) => new Date(Date.parse(START) + seconds * 1000).toISOString();
  const sttCost = 90 * defaultPrices.stt;
  const ttsCost = 500 * defaultPrices.tts.high;
  const served = Math.floor(CREDITS / ttsCost);
  const periodEnd = '2031-02-01T00:00:00.000Z';
  return {
    jobBefore: 'processing',
    clock: [at(60), at(60 + 86_400), at(60 + 2 * 86_400), at(60 + 3 * 86_400)],
    job: { status: 'completed', duration_seconds: 90 },
    invoice: { period_start: '2031-01-01T00:00:00.000Z', period_end: periodEnd, total: sttCost },
    tts: [...Array<number>(served).fill(200), '429 insufficient_credits'],
    balance: CREDITS - served * ttsCost,
    ledger: [`stt billed ${sttCost}`, ...Array<string>(served).fill(`tts billed ${ttsCost}`)].sort(),
    thresholds: [50, 80, 100],
    deliveryStatuses: [
      'invoice.finalized delivered',
      'job.completed delivered',
      ...Array<string>(3).fill('quota.threshold delivered'),
    ].sort(),
  };
}

function checkStory(observed: any, orgId: string): void {
  const want = expectedStory();
  expect(observed.jobBefore).toBe(want.jobBefore);
  expect(observed.clock).toEqual(want.clock);
  expect(observed.job).toEqual(want.job);
  expect(observed.invoices).toHaveLength(1);
  expect(observed.invoices[0]).toMatchObject(want.invoice);
  expect(observed.tts).toEqual(want.tts);
  expect(observed.balance).toBe(want.balance);
  expect(observed.ledger).toEqual(want.ledger);
  expect(observed.thresholds).toEqual(want.thresholds);
  expect(observed.deliveryStatuses).toEqual(want.deliveryStatuses);
  // Each failing delivery was attempted three times (two 500s, then 200), on the sandbox's clock.
  const failing = observed.deliveries.filter((d: string) => !d.startsWith('quota.threshold'));
  expect(failing.map((d: string) => d.replace(/ \S+ /, ' '))).toEqual([
    'invoice.finalized 500,500,200',
    'job.completed 500,500,200',
  ]);
  const jobCreatedAt = observed.deliveries.find((d: string) => d.startsWith('job.completed')).split(' ')[1];
  expect(Date.parse(jobCreatedAt)).toBe(Date.parse(START) + 9_000);
  const invoiceCreatedAt = observed.deliveries.find((d: string) => d.startsWith('invoice')).split(' ')[1];
  expect(invoiceCreatedAt).toBe('2031-02-01T00:00:00.000Z');
  // The journal filtered by the sandbox holds this organization's requests only.
  expect(observed.journalOrgs).toEqual([orgId]);
}

async function proveParallel(input: WorkerInput, globalClock: () => Promise<unknown>): Promise<void> {
  const before = await globalClock();
  const results = await Promise.all(Array.from({ length: WORKERS }, (_, i) => runWorker(input, i)));
  expect(new Set(results.map((r) => r.orgId)).size).toBe(WORKERS);
  for (const r of results) {
    checkStory(r.first, r.orgId);
    checkStory(r.second, r.orgId);
    // The reset put everything back as created: same keys and org, the clock at its start, nothing spent.
    expect(r.afterReset).toEqual({
      sameKeys: true,
      sameOrg: true,
      clock: START,
      balance: CREDITS,
      ledger: 0,
      oldJob: 404,
      deliveries: 0,
    });
    // Repeating the story gives the same observations (run counts aside, the journal keeps both runs).
    const { journalCount: _a, ...first } = r.first;
    const { journalCount: _b, ...second } = r.second;
    expect(second).toEqual(first);
    expect(r.gone).toBe(404);
    expect(r.keyAfterDelete).toBe(401);
  }
  expect(await globalClock()).toEqual(before);
}

describe('eight workers in parallel, each in its own sandbox (memory store)', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await createEmulator({
      seed: 'parallel',
      logLevel: 'silent',
      clockMode: 'frozen',
      demoCorpus: false,
    });
    await emu.listen(0);
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('gives every worker exactly the documented figures, twice, with nothing seen across sandboxes', async () => {
    const { baseUrl, adminUrl } = emu.urls!;
    await proveParallel({ adminUrls: [adminUrl], baseUrls: [baseUrl] }, () =>
      fetch(`${adminUrl}/clock`).then((r) => r.json()),
    );
  }, 120_000);
});

describe('eight workers in parallel over two instances sharing Redis', () => {
  let redis: TestRedis;
  let a: StoreInstance;
  let b: StoreInstance;
  beforeAll(async () => {
    redis = await startRedis();
    const config = join(mkdtempSync(join(tmpdir(), 'svc-parallel-')), 'config.json');
    writeFileSync(config, JSON.stringify({ seed: 'parallel', clockMode: 'frozen' }));
    a = await startInstance(redis, 'par-a', config, []);
    b = await startInstance(redis, 'par-b', config, []);
  }, 60_000);
  afterAll(async () => {
    await killAll();
    await redis?.stop();
  });

  it('gives the same figures when admin calls go through one instance and /v1 through the other', async () => {
    await proveParallel({ adminUrls: [a.admin, b.admin], baseUrls: [a.base, b.base] }, () =>
      fetch(`${a.admin}/clock`).then((r) => r.json()),
    );
  }, 180_000);
});
