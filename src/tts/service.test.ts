import { afterAll, describe, expect, it } from 'vitest';
import { QUALITY_TIERS } from '../audio/index.js';
import { ApiError } from '../core/errors.js';
import type { Metering } from '../metering/index.js';
import { countCharacters, TtsService } from './service.js';
import { VoiceCatalogue } from './voices.js';
import { WorkerPool } from '../workers/pool.js';

const voices = VoiceCatalogue.load();
const workers = new WorkerPool({ size: 1, timeMs: 30_000 });
// The clip cache off: each call here renders, so "the stream equals the clip" compares two renders.
const service = new TtsService(voices, {} as Metering, workers, { cacheMb: 0 });
const lamejs = new TtsService(voices, {} as Metering, workers, { mp3Encoder: 'lamejs', cacheMb: 0 });
afterAll(() => workers.close());

describe('countCharacters (D7: one character is one Unicode code point)', () => {
  it.each([
    ['abc', 3],
    ['مرحبا', 5],
    ['😀', 1],
    ['🇸🇦', 2],
    ['e\u0301', 2],
  ])('%j has %i characters', (text, n) => {
    expect(countCharacters(text)).toBe(n);
  });
});

describe('TtsService', () => {
  it('resolves defaults: speed 1, quality standard at the tier rate', () => {
    const u = service.utterance({ text: 'مرحبا', voice: voices.voices[0].id });
    expect(u).toMatchObject({
      speed: 1,
      quality: 'standard',
      sampleRate: QUALITY_TIERS.standard.sampleRate,
      characters: 5,
    });
  });

  it('rejects an unknown voice with 422 unknown_voice naming every valid id', () => {
    let caught: unknown;
    try {
      service.utterance({ text: 'x', voice: 'ar-XX-nobody' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    const err = caught as ApiError;
    expect(err.code).toBe('unknown_voice');
    expect(err.status).toBe(422);
    for (const id of voices.ids()) expect(err.detail).toContain(id);
    expect(err.detail).toContain('ar-XX-nobody');
  });

  it.each([
    ['wasm', service],
    ['lamejs', lamejs],
  ])('streams MP3 (%s) that equals the whole clip byte for byte', async (_, svc) => {
    const u = svc.utterance({ text: 'أهلا وسهلا', voice: voices.voices[1].id, quality: 'fast' });
    const parts: Buffer[] = [];
    for await (const p of svc.mp3Stream(u)) parts.push(p);
    expect(parts.length).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(await svc.mp3Clip(u))).toBe(true);
  });

  it('uses wasm LAME by default; the two encoders write different bytes for the same utterance', async () => {
    expect(service.mp3Encoder).toBe('wasm');
    const u = service.utterance({ text: 'مرحبا', voice: voices.voices[0].id });
    expect((await service.mp3Clip(u)).equals(await lamejs.mp3Clip(u))).toBe(false);
  });

  it('stops streaming at the next slice once the signal aborts, with the abort reason', async () => {
    const u = service.utterance({ text: 'أهلا وسهلا '.repeat(40), voice: voices.voices[0].id });
    const controller = new AbortController();
    const reason = new Error('client left');
    let chunks = 0;
    const run = async () => {
      for await (const _ of service.mp3Stream(u, controller.signal)) {
        chunks++;
        if (chunks === 1) controller.abort(reason);
      }
    };
    await expect(run()).rejects.toBe(reason);
    expect(chunks).toBe(1);
  });

  it('writes a WAV whose sample count is the exact utterance duration', async () => {
    const u = service.utterance({ text: 'مرحبا', voice: voices.voices[0].id, quality: 'high' });
    const wav = await service.wavClip(u);
    expect(wav.length).toBe(44 + 2 * Math.round(u.audioSeconds * u.sampleRate));
  });
});

describe('TtsService with the clip cache', () => {
  /** A stand-in pool whose render yields `chunks` and then, if given, throws `error`; it counts its renders. */
  function fakePool(chunks: number[][], error?: Error) {
    const pool = {
      renders: 0,
      options: { size: 1, timeMs: 1000 },
      async *stream() {
        pool.renders++;
        for (const c of chunks) {
          await Promise.resolve();
          yield new Uint8Array(c);
        }
        if (error) throw error;
      },
    };
    return pool;
  }
  const utter = (svc: TtsService) => svc.utterance({ text: 'مرحبا', voice: voices.voices[0].id });
  const all = async (it: AsyncIterable<Buffer>) => {
    const out: number[][] = [];
    for await (const c of it) out.push([...c]);
    return out;
  };

  it('renders once, then answers the stream in the same chunks and the clip as one buffer', async () => {
    const pool = fakePool([[1, 2], [3], [4, 5, 6]]);
    const svc = new TtsService(voices, {} as Metering, pool as unknown as WorkerPool);
    expect(await all(svc.mp3Stream(utter(svc)))).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect(await all(svc.mp3Stream(utter(svc)))).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect([...(await svc.mp3Clip(utter(svc)))]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pool.renders).toBe(1);
    expect(svc.cache.stats()).toMatchObject({ hits: 2, misses: 1, entries: 1 });
  });

  it('stores nothing from a render that failed, one whose consumer left early, or one whose signal aborted', async () => {
    const failing = fakePool([[1], [2]], new Error('worker died'));
    const svc = new TtsService(voices, {} as Metering, failing as unknown as WorkerPool);
    await expect(all(svc.mp3Stream(utter(svc)))).rejects.toThrow('worker died');
    expect(svc.cache.stats().entries).toBe(0);

    const pool = fakePool([[1], [2], [3]]);
    const left = new TtsService(voices, {} as Metering, pool as unknown as WorkerPool);
    for await (const _ of left.mp3Stream(utter(left))) break;
    const aborted = new AbortController();
    for await (const _ of left.mp3Stream(utter(left), aborted.signal)) aborted.abort();
    expect(left.cache.stats()).toMatchObject({ entries: 0, misses: 2 });
    await left.mp3Clip(utter(left));
    expect(left.cache.stats()).toMatchObject({ entries: 1, misses: 3 });
  });

  it('lets two identical renders under way at once both run, and keeps one entry', async () => {
    const pool = fakePool([[1], [2]]);
    const svc = new TtsService(voices, {} as Metering, pool as unknown as WorkerPool);
    const [a, b] = await Promise.all([svc.mp3Clip(utter(svc)), svc.mp3Clip(utter(svc))]);
    expect(a.equals(b)).toBe(true);
    expect(pool.renders).toBe(2);
    expect(svc.cache.stats()).toMatchObject({ entries: 1, hits: 0, misses: 2 });
  });
});

describe('VoiceCatalogue', () => {
  it('refuses two voices on the same codec voice index', () => {
    const [a, b] = voices.voices;
    expect(() => new VoiceCatalogue([a, { ...b, voiceIndex: a.voiceIndex }])).toThrow(/used twice/);
  });
});
