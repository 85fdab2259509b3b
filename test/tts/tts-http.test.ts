/**
 * POST /v1/tts through the public surface: the whole clip, negotiated by Accept, valid for independent
 * decoders (ffprobe) and for the emulator's own STT decoder, metered by code points at the tier's rate.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAMEJS_ENCODER_DELAY, QUALITY_TIERS } from '../../src/audio/index.js';
import { HAS_FFMPEG, ffprobe } from '../../src/audio/test-support/ffmpeg.js';
import { Clock } from '../../src/core/clock.js';
import { createEmulator } from '../../src/app/emulator.js';
import { utteranceDuration } from '../../src/tts/voice/index.js';
import { killAll, runCli } from '../support/cli.js';
import { bearer, buildEmulator, createKey, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { SHORT_TEXT, VOICE, arabicText, decodeClip, newScope, postTts, settled } from './support.js';

const clock = new Clock({ mode: 'frozen' });
let t: TestEmulator;
let voices: { id: string }[];

beforeAll(async () => {
  t = await buildEmulator({ seed: 'tts-http' }, { clock });
  voices = (await request(t.app).get('/_emulator/voices')).body.voices as { id: string }[];
});
afterAll(() => t.emulator.close());
afterEach(killAll);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('POST /v1/tts formats', () => {
  it('answers MP3 by default with exact Content-Type and Content-Length, and the clip decodes back to its text and voice', async () => {
    const res = await postTts(t.app, t.keys.live, { text: SHORT_TEXT, voice: voices[2].id });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect(res.headers.vary).toMatch(/Accept/);
    const clip = await decodeClip(res.body as Buffer);
    expect(clip.format).toBe('mp3');
    expect(clip.utterances.map((u) => [u.text, u.voiceIndex])).toEqual([[SHORT_TEXT, 2]]);
  });

  it.each([
    ['audio/wav', 'audio/wav'],
    ['audio/wave', 'audio/wav'],
    ['audio/x-wav', 'audio/wav'],
    ['audio/mpeg;q=0.5, audio/wav', 'audio/wav'],
    ['audio/wav;q=0.5, audio/mpeg', 'audio/mpeg'],
    ['*/*', 'audio/mpeg'],
    ['text/html', 'audio/mpeg'],
  ])('Accept %j gives %s', async (accept, contentType) => {
    const res = await postTts(
      t.app,
      t.keys.live,
      { text: SHORT_TEXT, voice: VOICE, quality: 'fast' },
      accept,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(contentType);
    const clip = await decodeClip(res.body as Buffer);
    expect(clip.format).toBe(contentType === 'audio/wav' ? 'wav' : 'mp3');
    expect(clip.utterances.map((u) => u.text)).toEqual([SHORT_TEXT]);
  });

  it('follows the speed: the clip at speed 2 is shorter than at 0.5, by the documented pace', async () => {
    const text = arabicText(40);
    const at = async (speed: number) => {
      const res = await postTts(
        t.app,
        t.keys.live,
        { text, voice: VOICE, speed, quality: 'fast' },
        'audio/wav',
      );
      return ((res.body as Buffer).length - 44) / 2 / QUALITY_TIERS.fast.sampleRate;
    };
    const [slow, fast] = [await at(0.5), await at(2)];
    expect(slow).toBeCloseTo(utteranceDuration(text, 0.5, QUALITY_TIERS.fast.sampleRate), 6);
    expect(fast).toBeCloseTo(utteranceDuration(text, 2, QUALITY_TIERS.fast.sampleRate), 6);
    // 40 data characters at 14 per second × speed, plus fixed framing.
    expect(slow - fast).toBeCloseTo(43 / 14 / 0.5 - 43 / 14 / 2, 1);
  });
});

describe.skipIf(!HAS_FFMPEG)('POST /v1/tts output read by ffprobe', () => {
  it.each(Object.entries(QUALITY_TIERS))(
    'quality %s: MP3 and WAV at the tier rate, with the expected duration',
    async (quality, tier) => {
      const text = arabicText(30);
      const pcmSeconds = utteranceDuration(text, 1.25, tier.sampleRate);
      const mp3 = await postTts(
        t.app,
        t.keys.live,
        { text, voice: VOICE, speed: 1.25, quality },
        'audio/mpeg',
      );
      const p = ffprobe(mp3.body as Buffer, 'mp3');
      expect({ codec: p.codecName, rate: p.sampleRate, channels: p.channels }).toEqual({
        codec: 'mp3',
        rate: tier.sampleRate,
        channels: 1,
      });
      // No Xing/LAME tag: decoders keep lamejs's encoder delay; the last frame is padded.
      expect(p.duration).toBeGreaterThanOrEqual(pcmSeconds);
      expect(p.duration - pcmSeconds).toBeLessThanOrEqual(
        (LAMEJS_ENCODER_DELAY + 1152) / tier.sampleRate + 0.001,
      );
      const bitrate = ((mp3.body as Buffer).length * 8) / p.duration / 1000;
      expect(Math.abs(bitrate - tier.mp3Kbps)).toBeLessThan(tier.mp3Kbps * 0.05);

      const wav = await postTts(
        t.app,
        t.keys.live,
        { text, voice: VOICE, speed: 1.25, quality },
        'audio/wav',
      );
      const w = ffprobe(wav.body as Buffer, 'wav');
      expect({ codec: w.codecName, rate: w.sampleRate, channels: w.channels }).toEqual({
        codec: 'pcm_s16le',
        rate: tier.sampleRate,
        channels: 1,
      });
      expect(w.duration).toBeCloseTo(pcmSeconds, 4);
    },
  );
});

describe('POST /v1/tts determinism', () => {
  it(
    'gives byte-identical audio for the same request, in another emulator with another seed, and in another process',
    { timeout: 120_000 },
    async () => {
      const body = { text: 'النص نفسه يعطي الصوت نفسه', voice: 'ar-EG-omar', speed: 1.1, quality: 'high' };
      const first = (await postTts(t.app, t.keys.live, body)).body as Buffer;
      const again = (await postTts(t.app, t.keys.live, body)).body as Buffer;
      expect(sha(again)).toBe(sha(first));

      const other = await createEmulator({ seed: 'another-seed', logLevel: 'silent' });
      try {
        expect(sha((await postTts(other.app, other.demo.keys.live, body)).body as Buffer)).toBe(sha(first));
      } finally {
        await other.close();
      }

      const cli = runCli(['--port', '0', '--log-level', 'silent']);
      const ready = await cli.line(/ready at/);
      const baseUrl = /(http:\/\/\S+\/v1)/.exec(ready)![1];
      const key = (await cli.line(/demo live key:/)).split(': ')[1].trim();
      const res = await fetch(`${baseUrl}/tts`, {
        method: 'POST',
        headers: { Authorization: bearer(key), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(first));
    },
  );
});

describe('POST /v1/tts validation and errors', () => {
  it('rejects an unknown voice with 422 unknown_voice listing every valid id', async () => {
    const res = await postTts(t.app, t.keys.live, { text: SHORT_TEXT, voice: 'ar-SA-nobody' });
    const problem = expectProblem(
      { ...res, body: JSON.parse((res.body as Buffer).toString('utf8')) },
      422,
      'unknown_voice',
    );
    for (const v of voices) expect(problem.detail).toContain(v.id);
  });

  it.each([
    [{ text: arabicText(501), voice: VOICE }, 'text'],
    [{ text: '', voice: VOICE }, 'text'],
    [{ text: SHORT_TEXT, voice: '' }, 'voice'],
    [{ text: SHORT_TEXT, voice: VOICE, speed: 3 }, 'speed'],
    [{ text: SHORT_TEXT, voice: VOICE, quality: 'ultra' }, 'quality'],
    [{ text: SHORT_TEXT, voice: VOICE, format: 'wav' }, 'format'],
    [{ voice: VOICE }, 'text'],
  ])('%j is 422 validation_failed naming %s', async (body, field) => {
    const res = await postTts(t.app, t.keys.live, body);
    const problem = expectProblem(
      { ...res, body: JSON.parse((res.body as Buffer).toString('utf8')) },
      422,
      'validation_failed',
    );
    expect(problem.detail).toContain(field);
  });

  it('counts characters as code points: 500 emoji are accepted (1000 UTF-16 units)', async () => {
    const text = '😀'.repeat(500);
    const scope = newScope();
    const res = await postTts(
      t.app,
      t.keys.test,
      { text, voice: VOICE, quality: 'fast', speed: 2 },
      'audio/wav',
      scope,
    );
    expect(res.status).toBe(200);
    await settled(t.emulator, scope);
    const entry = (
      await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts', limit: 1 })
    )[0];
    expect(entry.quantity).toBe(500);
  });

  it('needs an API key (401) with the tts:speak scope (403)', async () => {
    const none = await request(t.app).post('/v1/tts').send({ text: SHORT_TEXT, voice: VOICE });
    expectProblem(none, 401, 'missing_api_key');
    const sttOnly = await createKey(t.app, t.orgId, { scopes: ['stt:transcribe'] });
    const res = await request(t.app)
      .post('/v1/tts')
      .set('Authorization', bearer(sttOnly.key))
      .send({ text: SHORT_TEXT, voice: VOICE });
    expectProblem(res, 403, 'insufficient_scope');
  });
});

describe('POST /v1/tts metering', () => {
  it('bills a live key by code points at the tier rate and debits the balance', async () => {
    const text = 'سلام 🇸🇦';
    const rate = t.emulator.part('metering').priceTable().tts.high;
    const before = (await t.emulator.part('metering').balance(t.orgId)).balance;
    const scope = newScope();
    const res = await postTts(t.app, t.keys.live, { text, voice: VOICE, quality: 'high' }, undefined, scope);
    expect(res.status).toBe(200);
    await settled(t.emulator, scope);
    const [entry] = await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts', limit: 1 });
    expect(entry).toMatchObject({
      status: 'billed',
      quantity: [...text].length,
      mode: 'high',
      requestId: res.headers['x-request-id'],
    });
    expect(entry.amount).toBeCloseTo([...text].length * rate, 6);
    expect((await t.emulator.part('metering').balance(t.orgId)).balance).toBeCloseTo(
      before - entry.amount,
      6,
    );
  });

  it('records a test key as not billed', async () => {
    const scope = newScope();
    const res = await postTts(t.app, t.keys.test, { text: SHORT_TEXT, voice: VOICE }, undefined, scope);
    expect(res.status).toBe(200);
    await settled(t.emulator, scope);
    const [entry] = await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts', limit: 1 });
    expect(entry).toMatchObject({
      status: 'not_billed',
      reason: 'test_key',
      amount: 0,
      requestId: res.headers['x-request-id'],
    });
  });

  it('refuses before synthesis with 429 insufficient_credits, Retry-After and RateLimit headers, and records nothing', async () => {
    const org = await request(t.app).post('/_emulator/orgs').send({ name: 'poor' });
    const key = await createKey(t.app, org.body.id as string, { scopes: ['tts:speak'] });
    t.emulator.part('metering').setBalance(org.body.id as string, 0.001);
    const res = await postTts(t.app, key.key, { text: SHORT_TEXT, voice: VOICE });
    const problem = expectProblem(
      { ...res, body: JSON.parse((res.body as Buffer).toString('utf8')) },
      429,
      'insufficient_credits',
    );
    expect(problem.detail).toMatch(/credits/);
    for (const h of ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
      expect(res.headers[h], h).toMatch(/^\d+$/);
    }
    expect(await t.emulator.part('metering').entries({ orgId: org.body.id as string })).toEqual([]);
  });
});

describe('GET /_emulator/voices', () => {
  it('lists at least six Arabic voices with id, name, gender, dialect and locale, usable in /v1/tts', async () => {
    expect(voices.length).toBeGreaterThanOrEqual(6);
    const res = await request(t.app).get('/_emulator/voices');
    for (const v of res.body.voices as Record<string, string>[]) {
      expect(Object.keys(v).sort()).toEqual(['description', 'dialect', 'gender', 'id', 'locale', 'name']);
      expect(v.locale).toMatch(/^ar-/);
    }
    const last = voices[voices.length - 1].id;
    expect(
      (await postTts(t.app, t.keys.test, { text: SHORT_TEXT, voice: last, quality: 'fast' }, 'audio/wav'))
        .status,
    ).toBe(200);
  });
});
