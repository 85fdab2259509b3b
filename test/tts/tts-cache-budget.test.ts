/**
 * The TTS clip cache's budget (`--tts-cache-mb` / `ttsCacheMb`): 0 turns it off, a small budget evicts the
 * least recently used clips, and a clip larger than the whole budget is rendered every time.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClipCacheStats } from '../../src/tts/clip-cache.js';
import { killAll, runCli } from '../support/cli.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { VOICE, arabicText, newScope, postTts, settled } from './support.js';

async function stats(t: TestEmulator): Promise<ClipCacheStats> {
  const res = await request(t.app).get('/_emulator/tts/cache');
  expect(res.status).toBe(200);
  return res.body as ClipCacheStats;
}

async function speak(t: TestEmulator, text: string): Promise<Buffer> {
  const scope = newScope();
  const res = await postTts(t.app, t.keys.live, { text, voice: VOICE, quality: 'fast' }, undefined, scope);
  expect(res.status).toBe(200);
  await settled(t.emulator, scope);
  return res.body as Buffer;
}

describe('ttsCacheMb: 0 (--tts-cache-mb 0)', () => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await buildEmulator({ seed: 'tts-cache-off', ttsCacheMb: 0 });
  });
  afterAll(() => t.emulator.close());

  it('renders every request again: the same bytes, no hit, nothing stored', async () => {
    const text = 'بلا ذاكرة مؤقتة';
    const first = await speak(t, text);
    const second = await speak(t, text);
    expect(second.equals(first)).toBe(true);
    expect(await stats(t)).toEqual({
      enabled: false,
      max_bytes: 0,
      bytes: 0,
      entries: 0,
      hits: 0,
      misses: 2,
      evictions: 0,
    });
    const charges = await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts' });
    expect(charges.map((e) => [e.status, e.quantity])).toEqual([
      ['billed', 15],
      ['billed', 15],
    ]);
  });
});

describe('a small budget', () => {
  // 0.02 MiB = 20,971 bytes: three short "fast" clips (about 5.9 KB each with their bookkeeping), not four.
  let t: TestEmulator;
  beforeAll(async () => {
    t = await buildEmulator({ seed: 'tts-cache-small', ttsCacheMb: 0.02 });
  });
  afterAll(() => t.emulator.close());

  const [a, b, c, d] = ['مرحبا بكم', 'أهلا وسهلا', 'صباح الخير', 'شكرا جزيلا'];

  it('evicts the least recently used clip, keeps the one read since, and stays within the budget', async () => {
    for (const text of [a, b, c]) await speak(t, text);
    expect(await stats(t)).toMatchObject({ max_bytes: 20_971, entries: 3, misses: 3, hits: 0, evictions: 0 });
    await speak(t, a); // a is now the most recently used; b the least
    await speak(t, d);
    const afterD = await stats(t);
    expect(afterD).toMatchObject({ entries: 3, misses: 4, hits: 1, evictions: 1 });
    expect(afterD.bytes).toBeLessThanOrEqual(afterD.max_bytes);
    await speak(t, a);
    expect(await stats(t)).toMatchObject({ hits: 2, misses: 4 });
    await speak(t, b);
    expect(await stats(t)).toMatchObject({ hits: 2, misses: 5, evictions: 2 });
  });

  it('renders a clip larger than the whole budget every time, evicting nothing for it', async () => {
    const before = await stats(t);
    const long = arabicText(200);
    const first = await speak(t, long);
    expect(first.length).toBeGreaterThan(before.max_bytes);
    expect((await speak(t, long)).equals(first)).toBe(true);
    expect(await stats(t)).toEqual({ ...before, misses: before.misses + 2 });
  });
});

describe('--tts-cache-mb and SVC_EMULATOR_TTS_CACHE_MB', () => {
  afterAll(killAll);

  it('sets the budget from the flag, and refuses a negative one naming the variable', async () => {
    const cli = runCli(['--port', '0', '--log-level', 'silent', '--tts-cache-mb', '1.5']);
    const adminUrl = /(http:\/\/\S+)\/v1/.exec(await cli.line(/ready at/))![1];
    const res = await fetch(`${adminUrl}/_emulator/tts/cache`);
    expect(((await res.json()) as ClipCacheStats).max_bytes).toBe(1.5 * 1024 * 1024);
    const bad = runCli([], { SVC_EMULATOR_TTS_CACHE_MB: '-1' });
    expect((await bad.exited).code).not.toBe(0);
    expect(bad.stderr.join('\n')).toMatch(
      /SVC_EMULATOR_TTS_CACHE_MB must be a number of MiB from 0 to 65536 \(got '-1'\)/,
    );
  });
});
