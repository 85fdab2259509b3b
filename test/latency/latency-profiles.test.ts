import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/app/config.js';
import { createEmulator } from '../../src/app/emulator.js';
import { REALISTIC_PROFILE } from '../../src/latency/index.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';

interface Entry {
  operation_id: string;
  status: number;
  latency_ms?: number;
}

const open: TestEmulator[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.emulator.close()));
});

async function start(options: Parameters<typeof buildEmulator>[0] = {}): Promise<TestEmulator> {
  const t = await buildEmulator(options);
  open.push(t);
  return t;
}

function profileFile(profile: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'latency-'));
  const file = join(dir, 'profile.json');
  writeFileSync(file, typeof profile === 'string' ? profile : JSON.stringify(profile));
  return file;
}

const mint = (t: TestEmulator) =>
  request(t.app)
    .post('/v1/auth/ws-token')
    .set('Authorization', `Bearer ${t.keys.live}`)
    .send({ scopes: ['tts:speak'] });

const search = (t: TestEmulator, mode: string) =>
  request(t.app)
    .post('/v1/rag/search')
    .set('Authorization', `Bearer ${t.keys.live}`)
    .send({ query: 'VPN', mode });

async function journal(t: TestEmulator): Promise<Entry[]> {
  const res = await request(t.app).get('/_emulator/requests').query({ limit: 100 });
  expect(res.status, res.text).toBe(200);
  // Newest first in the journal view: oldest first here, in request order.
  const entries = (res.body as { requests: Entry[] }).requests;
  const ordered = [...entries].sort((a, b) => (a as any).wall_ms - (b as any).wall_ms);
  return ordered.filter((e) => e.operation_id?.startsWith('auth.') || e.operation_id?.startsWith('rag.'));
}

describe('latency profiles', () => {
  it('instant (the default) adds no latency and records none', async () => {
    const t = await start();
    for (let i = 0; i < 3; i++) expect((await mint(t)).status).toBe(201);
    const entries = await journal(t);
    expect(entries).toHaveLength(3);
    for (const e of entries) expect(e).not.toHaveProperty('latency_ms');
    const view = await request(t.app).get('/_emulator/latency');
    expect(view.status).toBe(200);
    expect(view.body).toEqual({ name: 'instant', operations: {} });
  });

  it('realistic delays stay within the documented bounds and repeat for the same seed', async () => {
    const bound = REALISTIC_PROFILE.operations['auth.createWsToken'].max_ms;
    const sequence = async (seed: string) => {
      const t = await start({ seed, latencyProfile: 'realistic' });
      expect((await request(t.app).get('/_emulator/latency')).body.operations['auth.createWsToken']).toEqual(
        REALISTIC_PROFILE.operations['auth.createWsToken'],
      );
      for (let i = 0; i < 5; i++) {
        const began = performance.now();
        const res = await mint(t);
        expect(res.status).toBe(201);
        const [last] = (await journal(t)).slice(-1);
        // The answer was held at least as long as the journal says (timers never fire early by more than 1 ms).
        expect(performance.now() - began).toBeGreaterThanOrEqual((last.latency_ms ?? 0) - 1);
      }
      const delays = (await journal(t)).map((e) => e.latency_ms);
      for (const d of delays) {
        expect(d).toBeGreaterThan(0);
        expect(d).toBeLessThanOrEqual(bound);
      }
      return delays;
    };
    const first = await sequence('latency-a');
    expect(await sequence('latency-a')).toEqual(first);
    expect(await sequence('latency-b')).not.toEqual(first);
  });

  it('a profile file applies per operation and per RAG mode, with a default for the rest', async () => {
    const fixed = (ms: number) => ({ median_ms: ms, p90_ms: ms, max_ms: ms });
    const file = profileFile({
      name: 'ci',
      default: fixed(3),
      operations: { 'rag.search:retrieve': fixed(5), 'rag.search:answer': fixed(7) },
    });
    const t = await start({ latencyProfile: file });
    await t.emulator.ready();
    expect((await request(t.app).get('/_emulator/latency')).body).toMatchObject({
      name: 'ci',
      default: fixed(3),
      operations: { 'rag.search:answer': fixed(7) },
    });
    expect((await search(t, 'retrieve')).status).toBe(200);
    expect((await search(t, 'answer')).status).toBe(200);
    expect((await mint(t)).status).toBe(201);
    const byOp = (await journal(t)).map((e) => [e.operation_id, e.latency_ms]);
    expect(byOp).toEqual([
      ['rag.search', 5],
      ['rag.search', 7],
      ['auth.createWsToken', 3],
    ]);
  });

  it('without a default, operations the file does not list answer at once', async () => {
    const file = profileFile({ operations: { 'tts.speak': { median_ms: 1, p90_ms: 2, max_ms: 2 } } });
    const t = await start({ latencyProfile: file });
    expect((await mint(t)).status).toBe(201);
    expect((await journal(t))[0]).not.toHaveProperty('latency_ms');
  });

  it('a config file can choose the profile (latencyProfile)', async () => {
    const t = await start({ config: profileFile({ latencyProfile: 'realistic' }) });
    expect((await request(t.app).get('/_emulator/latency')).body.name).toBe('realistic');
  });

  it.each([
    [
      { operations: { 'tts.speak': { median_ms: 10, max_ms: 20 } } },
      /operations\.tts\.speak\.p90_ms is required/,
    ],
    [
      { operations: { 'tts.speak': { median_ms: 10, p90_ms: 5, max_ms: 20 } } },
      /tts\.speak\.p90_ms must not be below median_ms/,
    ],
    [
      { operations: { 'tts.speek': { median_ms: 1, p90_ms: 1, max_ms: 1 } } },
      /unknown operationId tts\.speek/,
    ],
    [{ operations: { 'tts.speak:answer': { median_ms: 1, p90_ms: 1, max_ms: 1 } } }, /mode suffix/],
    [
      { default: { median_ms: -1, p90_ms: 1, max_ms: 1 }, operations: {} },
      /default\.median_ms must be between 0/,
    ],
    ['{"operations":', /not valid JSON/],
  ])('refuses a bad profile file naming the JSON path (%j)', async (profile, message) => {
    const file = profileFile(profile);
    const made = createEmulator({ latencyProfile: file, logLevel: 'silent' });
    await expect(made).rejects.toThrow(ConfigError);
    await expect(made).rejects.toThrow(message);
  });
});
