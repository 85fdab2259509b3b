import { afterAll, describe, expect, it } from 'vitest';
import { QUALITY_TIERS } from '../audio/index.js';
import { ApiError } from '../http/errors.js';
import type { Metering } from '../metering/index.js';
import { countCharacters, TtsService } from './service.js';
import { VoiceCatalogue } from './voices.js';
import { WorkerPool } from '../workers/pool.js';

const voices = VoiceCatalogue.load();
const workers = new WorkerPool({ size: 1, timeMs: 30_000 });
const service = new TtsService(voices, {} as Metering, workers);
const lamejs = new TtsService(voices, {} as Metering, workers, { mp3Encoder: 'lamejs' });
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
    expect(u).toMatchObject({ speed: 1, quality: 'standard', sampleRate: QUALITY_TIERS.standard.sampleRate, characters: 5 });
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

describe('VoiceCatalogue', () => {
  it('refuses two voices on the same codec voice index', () => {
    const [a, b] = voices.voices;
    expect(() => new VoiceCatalogue([a, { ...b, voiceIndex: a.voiceIndex }])).toThrow(/used twice/);
  });
});
