/**
 * Both MP3 encoders (`--mp3-encoder wasm|lamejs`) through the public surface: valid MP3 at every tier's
 * rate and bitrate, read by ffprobe, byte-identical across runs and processes, and exact through the STT
 * round trip (the 1105-sample encoder delay compensated, word timings equal to the WAV's).
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAMEJS_ENCODER_DELAY, MP3_ENCODERS, QUALITY_TIERS, decodeAudio } from '../../src/audio/index.js';
import { parseMpegFrameHeader } from '../../src/audio/formats.js';
import { HAS_FFMPEG, ffprobe } from '../../src/audio/test-support/ffmpeg.js';
import { utteranceDuration } from '../../src/tts/voice/index.js';
import { transcribe } from '../stt/support.js';
import { killAll, runCli } from '../support/cli.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { VOICE, arabicText, decodeClip, postTts } from './support.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

afterEach(killAll);

describe.each(MP3_ENCODERS)('MP3 encoder %s', (encoder) => {
  let t: TestEmulator;
  beforeAll(async () => {
    // The clip cache off: every request here renders, so "byte-identical across runs" compares two renders.
    t = await buildEmulator({ seed: `tts-${encoder}`, mp3Encoder: encoder, ttsCacheMb: 0 });
  });
  afterAll(() => t.emulator.close());

  it.each(Object.entries(QUALITY_TIERS))(
    'quality %s: the tier rate and bitrate, delay 1105, the text decoded back exactly',
    async (quality, tier) => {
      const text = arabicText(40);
      const res = await postTts(t.app, t.keys.live, { text, voice: VOICE, quality }, 'audio/mpeg');
      expect(res.status).toBe(200);
      const mp3 = res.body as Buffer;
      const h = parseMpegFrameHeader(mp3, 0)!;
      expect({ rate: h.sampleRate, kbps: h.bitrateKbps, channels: h.channels }).toEqual({
        rate: tier.sampleRate,
        kbps: tier.mp3Kbps,
        channels: 1,
      });
      const d = await decodeAudio(mp3);
      expect(d.codecDelaySamples).toBe(LAMEJS_ENCODER_DELAY);
      const pcmSamples = Math.round(utteranceDuration(text, 1, tier.sampleRate) * tier.sampleRate);
      expect(d.pcm!.length).toBeGreaterThanOrEqual(pcmSamples + LAMEJS_ENCODER_DELAY);
      expect(d.pcm!.length).toBeLessThan(pcmSamples + LAMEJS_ENCODER_DELAY + 2 * h.samplesPerFrame);
      expect((await decodeClip(mp3)).utterances.map((u) => u.text)).toEqual([text]);
    },
  );

  it('STT round trip: the MP3 transcribes to the text with the same word timings as the WAV (delay compensated)', async () => {
    const text = 'مرحبا بكم في خدمة العملاء';
    const body = { text, voice: VOICE, quality: 'standard' };
    const [mp3, wav] = [
      (await postTts(t.app, t.keys.live, body)).body as Buffer,
      (await postTts(t.app, t.keys.live, body, 'audio/wav')).body as Buffer,
    ];
    const fields = { word_timestamps: 'true' };
    const [fromMp3, fromWav] = [
      await transcribe(t.app, t.keys.live, mp3, { fields }),
      await transcribe(t.app, t.keys.live, wav, { fields }),
    ];
    expect(fromMp3.status).toBe(200);
    expect(fromMp3.body.text).toBe(text);
    const a = fromWav.body.words as { start: number; end: number }[];
    const b = fromMp3.body.words as { start: number; end: number }[];
    expect(b).toHaveLength(a.length);
    for (let i = 0; i < a.length; i++) expect(Math.abs(a[i].start - b[i].start)).toBeLessThan(0.005);
  });

  it.skipIf(!HAS_FFMPEG)('is read by ffprobe at the tier rate with the expected duration', async () => {
    for (const [quality, tier] of Object.entries(QUALITY_TIERS)) {
      const text = arabicText(30);
      const pcmSeconds = utteranceDuration(text, 1, tier.sampleRate);
      const mp3 = (await postTts(t.app, t.keys.live, { text, voice: VOICE, quality }, 'audio/mpeg'))
        .body as Buffer;
      const p = ffprobe(mp3, 'mp3');
      expect({ codec: p.codecName, rate: p.sampleRate, channels: p.channels }).toEqual({
        codec: 'mp3',
        rate: tier.sampleRate,
        channels: 1,
      });
      expect(p.duration).toBeGreaterThanOrEqual(pcmSeconds);
      expect(p.duration - pcmSeconds).toBeLessThanOrEqual(
        (LAMEJS_ENCODER_DELAY + 1152) / tier.sampleRate + 0.001,
      );
    }
  });

  it(
    'is byte-identical across runs, between the stream and the clip, and in another process',
    { timeout: 120_000 },
    async () => {
      const body = { text: 'النص نفسه يعطي الصوت نفسه', voice: 'ar-EG-omar', speed: 1.1, quality: 'high' };
      const first = (await postTts(t.app, t.keys.live, body)).body as Buffer;
      expect(sha((await postTts(t.app, t.keys.live, body)).body as Buffer)).toBe(sha(first));

      const cli = runCli(['--port', '0', '--log-level', 'silent', '--mp3-encoder', encoder]);
      const baseUrl = /(http:\/\/\S+\/v1)/.exec(await cli.line(/ready at/))![1];
      const key = (await cli.line(/demo live key:/)).split(': ')[1].trim();
      const post = (path: string) =>
        fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { Authorization: bearer(key), 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      const clip = await post('/tts');
      expect(clip.status).toBe(200);
      expect(sha(Buffer.from(await clip.arrayBuffer()))).toBe(sha(first));
      const stream = await post('/tts/stream');
      expect(sha(Buffer.from(await stream.arrayBuffer()))).toBe(sha(first));
    },
  );
});

it('the two encoders write different bytes, so the choice is real', async () => {
  const [a, b] = await Promise.all(
    MP3_ENCODERS.map((mp3Encoder) => buildEmulator({ seed: 'x', mp3Encoder })),
  );
  try {
    const body = { text: 'مرحبا', voice: VOICE };
    const [x, y] = [
      (await postTts(a.app, a.keys.live, body)).body as Buffer,
      (await postTts(b.app, b.keys.live, body)).body as Buffer,
    ];
    expect(x.equals(y)).toBe(false);
  } finally {
    await Promise.all([a.emulator.close(), b.emulator.close()]);
  }
});
