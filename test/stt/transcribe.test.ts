/** POST /v1/stt/transcriptions: intake, the round trip of the emulator's own voice, fallback, billing. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/contract/documents.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import {
  TEXT_AR,
  TEXT_EN,
  VOICES,
  concat,
  ffmpeg,
  ffprobeDuration,
  hasFfmpeg,
  mp3,
  noise,
  resample,
  speech,
  tone,
  transcribe,
  wav,
} from './support.js';

const docs = loadDocuments();
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(docs.gateway, 'gateway');
const validateResult = ajv.compile({ $ref: 'gateway#/components/schemas/SttResult' });
const expectResult = (body: unknown): void => {
  expect(validateResult(body), JSON.stringify(validateResult.errors)).toBe(true);
};

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ seed: 'stt-transcribe', stt: { maxUploadBytes: 2 * 1024 * 1024 } });
});
afterAll(async () => {
  await t.emulator.close();
});

const sttEntries = async (requestId: string) =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId })).filter((e) => e.requestId === requestId);

describe("round trip: the emulator's own voice comes back as the exact text", () => {
  it.each([8000, 16000, 22050, 24000, 44100])('WAV at %i Hz', async (rate) => {
    const res = await transcribe(t.app, t.keys.live, wav(speech(TEXT_AR, rate), rate));
    expect(res.status).toBe(200);
    expectResult(res.body);
    expect(res.body.text).toBe(TEXT_AR);
    expect(res.body.language).toBe('ar');
    expect(res.body.segments).toHaveLength(1);
    expect(res.body.segments[0]).not.toHaveProperty('speaker');
    expect(res.body).not.toHaveProperty('words');
  });

  it('WAV resampled from 24 kHz to 8 kHz, and stereo', async () => {
    const at24 = speech(TEXT_AR, 24000);
    const res = await transcribe(t.app, t.keys.live, wav(resample(at24, 24000, 8000), 8000));
    expect(res.body.text).toBe(TEXT_AR);
    if (hasFfmpeg) {
      const stereo = ffmpeg(wav(at24, 24000), 'wav', 'wav', ['-ac', '2', '-ar', '48000']);
      expect((await transcribe(t.app, t.keys.live, stereo)).body.text).toBe(TEXT_AR);
    }
  });

  it.each([
    [16000, 32],
    [22050, 64],
    [24000, 96],
  ])('MP3 at %i Hz, %i kbps, with timestamps compensated for the encoder delay', async (rate, kbps) => {
    const pcm = speech(TEXT_AR, rate, VOICES.fahad, 0.5);
    const [fromWav, fromMp3] = await Promise.all([
      transcribe(t.app, t.keys.live, wav(pcm, rate), { fields: { word_timestamps: 'true' } }),
      transcribe(t.app, t.keys.live, await mp3(pcm, rate, kbps), { fields: { word_timestamps: 'true' } }),
    ]);
    expect(fromMp3.status).toBe(200);
    expect(fromMp3.body.text).toBe(TEXT_AR);
    expectResult(fromMp3.body);
    // Same word timings as the WAV within 5 ms: the 1105-sample delay (46-69 ms) was taken off.
    const a = fromWav.body.words as { start: number; end: number }[];
    const b = fromMp3.body.words as { start: number; end: number }[];
    expect(b).toHaveLength(a.length);
    for (let i = 0; i < a.length; i++) expect(Math.abs(a[i].start - b[i].start)).toBeLessThan(0.005);
  });

  it('MP3 made by ffmpeg from the WAV, resampled to 8 kHz', async () => {
    if (!hasFfmpeg) return;
    const file = ffmpeg(wav(speech(TEXT_AR, 24000), 24000), 'wav', 'mp3', ['-ar', '8000', '-b:a', '32k']);
    const res = await transcribe(t.app, t.keys.live, file);
    expect(res.body.text).toBe(TEXT_AR);
  });

  it('diarizes two voices, each its own speaker named by its voice id, with per-word timings', async () => {
    const pcm = concat(speech(TEXT_AR, 16000, VOICES.noura), speech('شكرا جزيلا لك', 16000, VOICES.fahad));
    const res = await transcribe(t.app, t.keys.live, wav(pcm), {
      fields: { diarize: 'true', word_timestamps: 'true' },
    });
    expect(res.status).toBe(200);
    expectResult(res.body);
    expect(res.body.text).toBe(`${TEXT_AR} شكرا جزيلا لك`);
    expect(res.body.segments.map((s: any) => [s.id, s.speaker, s.text])).toEqual([
      [0, 'ar-SA-noura', TEXT_AR],
      [1, 'ar-SA-fahad', 'شكرا جزيلا لك'],
    ]);
    const words = res.body.words as {
      word: string;
      segment_id: number;
      speaker: string;
      start: number;
      end: number;
      confidence: number;
    }[];
    expect(words.map((w) => w.word)).toEqual([...TEXT_AR.split(' '), 'شكرا', 'جزيلا', 'لك']);
    expect(words.at(-1)).toMatchObject({ segment_id: 1, speaker: 'ar-SA-fahad', confidence: 1 });
    for (let i = 1; i < words.length; i++) expect(words[i].start).toBeGreaterThanOrEqual(words[i - 1].end);
    expect(res.body.segments[1].start).toBeGreaterThan(res.body.segments[0].end);
  });

  it('language: auto detects Latin text as en; an explicit code is echoed; model is accepted', async () => {
    const file = wav(speech(TEXT_EN));
    expect((await transcribe(t.app, t.keys.live, file)).body).toMatchObject({
      text: TEXT_EN,
      language: 'en',
    });
    const res = await transcribe(t.app, t.keys.live, file, {
      fields: { language: 'fr', model: 'whisper-large-v3' },
    });
    expect(res.body).toMatchObject({ text: TEXT_EN, language: 'fr' });
  });
});

describe('intake and billing by decoded seconds', () => {
  it('duration_seconds is the decoded duration, matching ffprobe, and is exactly what is billed', async () => {
    const pcm = speech(TEXT_AR, 22050);
    const files: [string, Buffer][] = [
      ['wav', wav(pcm, 22050)],
      ['mp3', await mp3(pcm, 22050, 64)],
    ];
    for (const [ext, file] of files) {
      const res = await transcribe(t.app, t.keys.live, file, { fileName: `clip.${ext}` });
      expect(res.status).toBe(200);
      if (hasFfmpeg)
        expect(Math.abs(res.body.duration_seconds - ffprobeDuration(file, ext))).toBeLessThan(0.03);
      const entries = await sttEntries(res.body.request_id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        product: 'stt',
        quantity: res.body.duration_seconds,
        unit: 'audio_seconds',
        status: 'billed',
      });
      expect(entries[0].amount).toBeGreaterThan(0);
    }
  });

  it('recognises the format from the bytes, not the file name', async () => {
    const res = await transcribe(t.app, t.keys.live, wav(speech(TEXT_AR)), { fileName: 'song.mp3' });
    expect(res.body.text).toBe(TEXT_AR);
  });

  it('M4A: decoded duration from the container, matching ffprobe; fallback text', async () => {
    if (!hasFfmpeg) return;
    const file = ffmpeg(wav(noise(3)), 'wav', 'm4a', ['-c:a', 'aac', '-b:a', '64k']);
    const res = await transcribe(t.app, t.keys.live, file);
    expect(res.status).toBe(200);
    expect(Math.abs(res.body.duration_seconds - ffprobeDuration(file, 'm4a'))).toBeLessThan(0.03);
    expect(res.body.text.length).toBeGreaterThan(0);
  });

  it('a test key gets the result and a not-billed ledger entry', async () => {
    const res = await transcribe(t.app, t.keys.test, wav(speech(TEXT_AR)));
    expect(res.status).toBe(200);
    const [entry] = await sttEntries(res.body.request_id);
    expect(entry).toMatchObject({
      environment: 'test',
      quantity: res.body.duration_seconds,
      amount: 0,
      livemode: false,
    });
  });

  it.each([
    ['unsupported_audio_format', Buffer.from('%PDF-1.7 this is not audio at all, just a document')],
    ['unsupported_audio_format', Buffer.from('OggS\0\x02' + '\0'.repeat(200))],
    ['audio_truncated', wav(speech(TEXT_AR)).subarray(0, 30)],
    [
      'audio_truncated',
      (() => {
        const f = wav(speech(TEXT_AR));
        f.writeUInt32LE(f.length * 2, 40);
        return f;
      })(),
    ],
    [
      'audio_corrupt',
      (() => {
        const f = Buffer.from(wav(speech(TEXT_AR)));
        f.write('junk', 36);
        return f;
      })(),
    ],
  ])('%s: 422, and nothing in the ledger', async (code, file) => {
    const before = (await t.emulator.part('metering').entries({ orgId: t.orgId })).length;
    const res = await transcribe(t.app, t.keys.live, file);
    expectProblem(res, 422, code);
    expect(await t.emulator.part('metering').entries({ orgId: t.orgId })).toHaveLength(before);
  });

  it('a truncated MP3 is audio_truncated', async () => {
    const file = await mp3(speech(TEXT_AR), 16000, 32);
    expectProblem(
      await transcribe(t.app, t.keys.live, file.subarray(0, file.length - 17)),
      422,
      'audio_truncated',
    );
  });

  it('a file over the upload limit is 422 file_too_large', async () => {
    const res = await transcribe(t.app, t.keys.live, Buffer.alloc(2 * 1024 * 1024 + 1));
    expectProblem(res, 422, 'file_too_large');
  });

  it('a missing file is 422 and unknown fields are ignored', async () => {
    const res = await (
      await import('supertest')
    )
      .default(t.app)
      .post('/v1/stt/transcriptions')
      .set('Authorization', `Bearer ${t.keys.live}`)
      .field('language', 'ar');
    expectProblem(res, 422, 'validation_failed');
    const ok = await transcribe(t.app, t.keys.live, wav(speech(TEXT_AR)), { fields: { temperature: '0.2' } });
    expect(ok.status).toBe(200);
  });
});

describe('fallback: foreign audio gets deterministic Arabic', () => {
  it('same audio, same transcript; different audio, different transcript', async () => {
    const a = wav(noise(6, 16000, 7));
    const b = wav(noise(6, 16000, 8));
    const [r1, r2, r3] = [
      await transcribe(t.app, t.keys.live, a),
      await transcribe(t.app, t.keys.live, a),
      await transcribe(t.app, t.keys.live, b),
    ];
    expectResult(r1.body);
    expect(r1.body.text).toBe(r2.body.text);
    expect(r1.body.text).not.toBe(r3.body.text);
    expect(r1.body.language).toBe('ar');
    expect(r1.body.text).toMatch(/^[\u0600-\u06ff ]+$/u);
  });

  it('its length follows the duration (about 2.2 words per second), with segments and words spread over it', async () => {
    const res = await transcribe(t.app, t.keys.live, wav(tone(20, 440)), {
      fields: { word_timestamps: 'true', diarize: 'true' },
    });
    expectResult(res.body);
    const words = res.body.words as { start: number; end: number; segment_id: number; speaker: string }[];
    expect(words).toHaveLength(44);
    expect(res.body.text.split(' ')).toHaveLength(44);
    expect(res.body.segments).toHaveLength(4);
    expect(res.body.segments[0].speaker).toBe('speaker_0');
    expect(words[0].start).toBeLessThan(0.5);
    expect(words.at(-1)!.end).toBeGreaterThan(19.5);
    expect(words.at(-1)!.end).toBeLessThanOrEqual(20);
  });

  it('silence transcribes to nothing (and is still billed by its duration)', async () => {
    const res = await transcribe(t.app, t.keys.live, wav(new Float32Array(16000 * 3)));
    expect(res.body).toMatchObject({ text: '', segments: [], duration_seconds: 3 });
    expect((await sttEntries(res.body.request_id))[0].quantity).toBe(3);
  });

  it('the seed is the SHA-256 of the uploaded bytes: changing one sample changes the text', async () => {
    const pcm = noise(2, 16000, 3);
    const a = wav(pcm);
    pcm[1000] += 0.01;
    const b = wav(pcm);
    expect(createHash('sha256').update(a).digest('hex')).not.toBe(
      createHash('sha256').update(b).digest('hex'),
    );
    const [ra, rb] = [await transcribe(t.app, t.keys.live, a), await transcribe(t.app, t.keys.live, b)];
    expect(ra.body.text).not.toBe(rb.body.text);
    expect(ra.body.text.split(' ')).toHaveLength(rb.body.text.split(' ').length);
  });
});
