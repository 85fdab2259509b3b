import { describe, expect, it } from 'vitest';
import { decodeAudio } from './decode.js';
import { LAMEJS_ENCODER_DELAY } from './encode.js';
import { id3v2Size, parseMpegFrameHeader } from './formats.js';
import { decodeError } from './test-support/decode-error.js';
import {
  HAS_FFMPEG,
  ffmpegDecodedSamples,
  ffmpegFixture,
  ffprobe,
  ffprobeHasAudio,
} from './test-support/ffmpeg.js';

describe.skipIf(!HAS_FFMPEG)('decodeAudio against ffmpeg/ffprobe', () => {
  const rates = [8000, 16000, 44100] as const;
  const layouts = [1, 2] as const;
  const cases = rates.flatMap((sampleRate) => layouts.map((channels) => ({ sampleRate, channels })));

  it.each(cases)(
    'WAV $sampleRate Hz, $channels ch: duration within 0.03 s of ffprobe',
    async ({ sampleRate, channels }) => {
      const buf = ffmpegFixture({
        sampleRate,
        channels,
        seconds: 3.7,
        signal: 'chirp',
        codecArgs: ['-c:a', 'pcm_s16le'],
        ext: 'wav',
      });
      const p = ffprobe(buf, 'wav');
      const d = await decodeAudio(buf);
      expect(d).toMatchObject({ format: 'wav', sampleRate, channels });
      expect(Math.abs(d.durationSeconds - p.duration)).toBeLessThan(0.03);
      expect(d.pcm!.length).toBe(ffmpegDecodedSamples(buf, 'wav'));
    },
  );

  it.each(cases)(
    'MP3 (libmp3lame) $sampleRate Hz, $channels ch: within 0.03 s of ffmpeg',
    async ({ sampleRate, channels }) => {
      const buf = ffmpegFixture({
        sampleRate,
        channels,
        seconds: 3.7,
        signal: 'chirp',
        codecArgs: ['-c:a', 'libmp3lame', '-b:a', '64k'],
        ext: 'mp3',
      });
      const p = ffprobe(buf, 'mp3');
      const d = await decodeAudio(buf);
      expect(d).toMatchObject({
        format: 'mp3',
        sampleRate: p.sampleRate,
        channels: p.channels,
        codecDelaySamples: 0,
      });
      expect(p.channels).toBe(channels);
      // The LAME tag lets both decoders trim delay and padding: the decoded duration is the source's.
      // (ffprobe's container duration counts every frame, so the decoded length is the fair comparison.)
      const ffSeconds = ffmpegDecodedSamples(buf, 'mp3') / sampleRate;
      expect(Math.abs(d.durationSeconds - ffSeconds)).toBeLessThan(0.03);
      expect(d.durationSeconds).toBeCloseTo(3.7, 2);
    },
  );

  it.each(cases)(
    'MP3 without a LAME tag $sampleRate Hz, $channels ch: delay reported, within 0.03 s of ffprobe',
    async ({ sampleRate, channels }) => {
      const buf = ffmpegFixture({
        sampleRate,
        channels,
        seconds: 3.7,
        codecArgs: ['-c:a', 'libmp3lame', '-b:a', '64k', '-write_xing', '0'],
        ext: 'mp3',
      });
      const p = ffprobe(buf, 'mp3');
      const d = await decodeAudio(buf);
      expect(d.codecDelaySamples).toBe(LAMEJS_ENCODER_DELAY);
      expect(Math.abs(d.durationSeconds - p.duration)).toBeLessThan(0.03);
      expect(Math.abs(d.durationSeconds - ffmpegDecodedSamples(buf, 'mp3') / sampleRate)).toBeLessThan(0.03);
    },
  );

  it.each(cases)(
    'M4A (aac) $sampleRate Hz, $channels ch: duration within 0.03 s of ffprobe',
    async ({ sampleRate, channels }) => {
      const buf = ffmpegFixture({
        sampleRate,
        channels,
        seconds: 3.7,
        signal: 'chirp',
        codecArgs: ['-c:a', 'aac'],
        ext: 'm4a',
      });
      const p = ffprobe(buf, 'm4a');
      const d = await decodeAudio(buf);
      expect(d).toMatchObject({ format: 'm4a', sampleRate, channels, pcm: null, codecDelaySamples: 0 });
      expect(Math.abs(d.durationSeconds - p.duration)).toBeLessThan(0.03);
    },
  );

  it('truncated files get audio_truncated (WAV, MP3, M4A with moov last and first)', async () => {
    const w = ffmpegFixture({
      sampleRate: 16000,
      channels: 1,
      seconds: 2,
      codecArgs: ['-c:a', 'pcm_s16le'],
      ext: 'wav',
    });
    expect(await decodeError(w.subarray(0, Math.floor(w.length * 0.6)))).toBe('audio_truncated');
    const m = ffmpegFixture({
      sampleRate: 16000,
      channels: 1,
      seconds: 2,
      codecArgs: ['-c:a', 'libmp3lame', '-b:a', '32k'],
      ext: 'mp3',
    });
    // Cut 10 bytes into the first frame that starts past 60 % of the file.
    let off = id3v2Size(m);
    while (off < m.length * 0.6) off += parseMpegFrameHeader(m, off)!.frameLength;
    expect(await decodeError(m.subarray(0, off + 10))).toBe('audio_truncated');
    const a = ffmpegFixture({
      sampleRate: 16000,
      channels: 1,
      seconds: 2,
      codecArgs: ['-c:a', 'aac'],
      ext: 'm4a',
    });
    for (const f of [0.3, 0.6, 0.95])
      expect(await decodeError(a.subarray(0, Math.floor(a.length * f)))).toBe('audio_truncated');
    const fast = ffmpegFixture({
      sampleRate: 16000,
      channels: 1,
      seconds: 2,
      codecArgs: ['-c:a', 'aac', '-movflags', '+faststart'],
      ext: 'm4a',
    });
    for (const f of [0.3, 0.6, 0.95])
      expect(await decodeError(fast.subarray(0, Math.floor(fast.length * f)))).toBe('audio_truncated');
  });

  it('an M4A whose track box overruns the moov box → audio_corrupt', async () => {
    const a = Buffer.from(
      ffmpegFixture({ sampleRate: 16000, channels: 1, seconds: 1, codecArgs: ['-c:a', 'aac'], ext: 'm4a' }),
    );
    expect((await decodeAudio(a)).format).toBe('m4a');
    const trak = a.indexOf('trak', 0, 'ascii');
    expect(trak).toBeGreaterThan(0);
    a.writeUInt32BE(0x00ffffff, trak - 4);
    expect(await decodeError(a)).toBe('audio_corrupt');
  });

  it('an MP4 without an audio track → audio_corrupt', async () => {
    const video = ffmpegFixture({
      sampleRate: 16000,
      channels: 1,
      seconds: 1,
      inputArgs: ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5:duration=1'],
      codecArgs: ['-map', '1:v', '-c:v', 'mpeg4'],
      ext: 'mp4',
    });
    expect(ffprobeHasAudio(video)).toBe(false);
    expect(await decodeError(video)).toBe('audio_corrupt');
  });
});
