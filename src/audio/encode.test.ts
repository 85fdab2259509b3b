import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  LAMEJS_ENCODER_DELAY,
  Mp3StreamEncoder,
  QUALITY_TIERS,
  encodeMp3,
  encodeMp3Stream,
  encodeWav,
  warmUpMp3Encoder,
} from './encode.js';
import { decodeAudio } from './decode.js';
import { parseMpegFrameHeader } from './formats.js';
import { HAS_FFMPEG, ffmpegDecodedSamples, ffprobe } from './test-support/ffmpeg.js';

function chirp(rate: number, seconds: number, f0 = 300, f1 = 3000): Float32Array {
  const n = Math.round(rate * seconds);
  const pcm = new Float32Array(n);
  const k = (f1 - f0) / seconds;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    pcm[i] = 0.4 * Math.sin(2 * Math.PI * (f0 * t + 0.5 * k * t * t));
  }
  return pcm;
}

/** Normalised correlation of a and b over [from, to). */
function correlation(a: Float32Array, b: Float32Array, offsetB: number, from: number, to: number): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = from; i < to; i++) {
    const x = a[i];
    const y = b[i + offsetB];
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

function rms(a: Float32Array): number {
  let s = 0;
  for (const v of a) s += v * v;
  return Math.sqrt(s / a.length);
}

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM WAV that decodes back to the samples', async () => {
    const pcm = chirp(16000, 0.5);
    const wav = encodeWav(pcm, 16000);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.length).toBe(44 + pcm.length * 2);
    const d = await decodeAudio(wav);
    expect(d).toMatchObject({
      format: 'wav',
      sampleRate: 16000,
      channels: 1,
      durationSeconds: 0.5,
      codecDelaySamples: 0,
    });
    for (let i = 0; i < pcm.length; i++) expect(Math.abs(d.pcm![i] - pcm[i])).toBeLessThan(1 / 16000);
  });

  it('rejects a bad sample rate', () => {
    expect(() => encodeWav(new Float32Array(10), 0)).toThrow(RangeError);
  });

  it.skipIf(!HAS_FFMPEG)('is accepted by ffprobe with the right rate and exact duration', () => {
    for (const rate of [8000, 16000, 22050, 24000]) {
      const wav = encodeWav(chirp(rate, 1.25), rate);
      const p = ffprobe(wav, 'wav');
      expect(p).toMatchObject({ codecName: 'pcm_s16le', sampleRate: rate, channels: 1 });
      expect(p.duration).toBeCloseTo(1.25, 3);
    }
  });
});

describe('QUALITY_TIERS', () => {
  it.each(Object.entries(QUALITY_TIERS))(
    '%s encodes faithfully (rate kept, audio not silent, delay 1105)',
    async (_name, tier) => {
      const pcm = chirp(tier.sampleRate, 2);
      const mp3 = await encodeMp3(pcm, tier.sampleRate, tier.mp3Kbps);
      const h = parseMpegFrameHeader(mp3, 0)!;
      expect(h.sampleRate).toBe(tier.sampleRate);
      expect(h.bitrateKbps).toBe(tier.mp3Kbps);
      expect(h.channels).toBe(1);
      const d = await decodeAudio(mp3);
      expect(d.sampleRate).toBe(tier.sampleRate);
      expect(d.codecDelaySamples).toBe(LAMEJS_ENCODER_DELAY);
      expect(rms(d.pcm!)).toBeGreaterThan(0.2);
      // Waveform survives, aligned by the encoder delay.
      const c = correlation(pcm, d.pcm!, LAMEJS_ENCODER_DELAY, 2000, pcm.length - 2000);
      expect(c).toBeGreaterThan(0.95);
      // Decoded length: PCM + delay, rounded up to whole frames.
      expect(d.pcm!.length).toBeGreaterThanOrEqual(pcm.length + LAMEJS_ENCODER_DELAY);
      expect(d.pcm!.length).toBeLessThan(pcm.length + LAMEJS_ENCODER_DELAY + 2 * h.samplesPerFrame);
    },
  );

  it.skipIf(!HAS_FFMPEG).each(Object.entries(QUALITY_TIERS))(
    '%s MP3 is accepted by ffprobe: rate, and duration within a frame + delay of the PCM',
    async (_name, tier) => {
      const seconds = 3;
      const mp3 = await encodeMp3(chirp(tier.sampleRate, seconds), tier.sampleRate, tier.mp3Kbps);
      const p = ffprobe(mp3, 'mp3');
      expect(p).toMatchObject({ codecName: 'mp3', sampleRate: tier.sampleRate, channels: 1 });
      const frame = parseMpegFrameHeader(mp3, 0)!.samplesPerFrame / tier.sampleRate;
      const delay = LAMEJS_ENCODER_DELAY / tier.sampleRate;
      expect(p.duration).toBeGreaterThanOrEqual(seconds);
      expect(p.duration - seconds).toBeLessThanOrEqual(frame + delay + 1e-6);
      // ffmpeg decodes exactly as many samples as we do.
      const d = await decodeAudio(mp3);
      expect(ffmpegDecodedSamples(mp3, 'mp3')).toBe(d.pcm!.length);
    },
  );
});

describe('Mp3StreamEncoder', () => {
  it('chunked output equals one-shot output byte for byte', () => {
    const rate = 16000;
    const pcm = chirp(rate, 1.3);
    const one = new Mp3StreamEncoder(rate, 32);
    const whole = Buffer.concat([one.encode(pcm), one.flush()]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 40 }), (sizes) => {
        const enc = new Mp3StreamEncoder(rate, 32);
        const parts: Buffer[] = [];
        let pos = 0;
        for (const s of sizes) {
          if (pos >= pcm.length) break;
          parts.push(enc.encode(pcm.subarray(pos, pos + s)));
          pos += s;
        }
        parts.push(enc.encode(pcm.subarray(pos)), enc.flush());
        return Buffer.concat(parts).equals(whole);
      }),
      { seed: 42, numRuns: 12 },
    );
  });

  it('refuses a pair lamejs would silently resample', () => {
    // 24 kHz at 32 kbps: lamejs writes 16 kHz (or silence) instead.
    const enc = new Mp3StreamEncoder(24000, 32);
    expect(() => {
      enc.encode(chirp(24000, 0.5));
      enc.flush();
    }).toThrow(/cannot encode 24000 Hz at 32 kbps/);
  });

  it('rejects encode after flush and invalid parameters', () => {
    const enc = new Mp3StreamEncoder(16000, 32);
    enc.flush();
    expect(enc.flush().length).toBe(0);
    expect(() => enc.encode(new Float32Array(10))).toThrow(/after flush/);
    expect(() => new Mp3StreamEncoder(16000.5, 32)).toThrow(RangeError);
    expect(() => new Mp3StreamEncoder(16000, 0)).toThrow(RangeError);
  });
});

describe('encodeMp3Stream', () => {
  const rate = 16000;
  const block = 320; // 20 ms

  it('yields bytes before consuming all input and matches encodeMp3', async () => {
    const pcm = chirp(rate, 2);
    let consumed = 0;
    function* blocks(): Generator<Float32Array> {
      for (let i = 0; i < pcm.length; i += block) {
        consumed++;
        yield pcm.subarray(i, i + block);
      }
    }
    const total = Math.ceil(pcm.length / block);
    const parts: Buffer[] = [];
    let consumedAtFirst = -1;
    for await (const part of encodeMp3Stream(blocks(), rate, 32)) {
      if (consumedAtFirst < 0) consumedAtFirst = consumed;
      expect(part.length).toBeGreaterThan(0);
      parts.push(part);
    }
    expect(consumedAtFirst).toBeGreaterThan(0);
    expect(consumedAtFirst).toBeLessThan(total / 4);
    expect(Buffer.concat(parts).equals(await encodeMp3(pcm, rate, 32))).toBe(true);
  });

  it('accepts an async iterable', async () => {
    const pcm = chirp(rate, 1);
    async function* blocks(): AsyncGenerator<Float32Array> {
      for (let i = 0; i < pcm.length; i += 4000) {
        await new Promise((r) => setTimeout(r, 1));
        yield pcm.subarray(i, i + 4000);
      }
    }
    const parts: Buffer[] = [];
    for await (const p of encodeMp3Stream(blocks(), rate, 32)) parts.push(p);
    expect(Buffer.concat(parts).equals(await encodeMp3(pcm, rate, 32))).toBe(true);
  });

  it('stops on abort, throws the abort reason and closes the input', async () => {
    const ac = new AbortController();
    let consumed = 0;
    let closed = false;
    function* blocks(): Generator<Float32Array> {
      try {
        for (;;) {
          consumed++;
          yield chirp(rate, 0.5);
        }
      } finally {
        closed = true;
      }
    }
    let chunks = 0;
    const run = async (): Promise<void> => {
      for await (const _ of encodeMp3Stream(blocks(), rate, 32, ac.signal)) {
        if (++chunks === 1) ac.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
    expect(chunks).toBe(1);
    expect(consumed).toBeLessThan(5);
    expect(closed).toBe(true);
  });

  it('stops promptly when aborted while its async source stalls', async () => {
    const ac = new AbortController();
    async function* stalled(): AsyncGenerator<Float32Array> {
      yield chirp(rate, 0.2);
      await new Promise(() => undefined); // never resolves
    }
    setTimeout(() => ac.abort(), 30);
    const t0 = performance.now();
    const run = async (): Promise<void> => {
      for await (const _ of encodeMp3Stream(stalled(), rate, 32, ac.signal)) {
        /* drain */
      }
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('throws at once for an already aborted signal', async () => {
    const gen = encodeMp3Stream([new Float32Array(100)], rate, 32, AbortSignal.abort());
    await expect(gen.next()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps the event loop responsive while encoding a 70 s utterance', { timeout: 90_000 }, async () => {
    warmUpMp3Encoder();
    const { sampleRate, mp3Kbps } = QUALITY_TIERS.high; // the most work per second of audio
    const pcm = chirp(sampleRate, 70);
    /** Encodes once while a 2 ms interval timer records the longest gap between its ticks. */
    const measure = async (): Promise<{ maxGap: number; ticks: number; elapsed: number; bytes: number }> => {
      const histogram = monitorEventLoopDelay({ resolution: 5 });
      let last = performance.now();
      let maxGap = 0;
      let ticks = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
        ticks++;
      }, 2);
      histogram.enable();
      const t0 = performance.now();
      const mp3 = await encodeMp3(pcm, sampleRate, mp3Kbps);
      const elapsed = performance.now() - t0;
      histogram.disable();
      clearInterval(timer);
      return { maxGap: Math.max(maxGap, histogram.max / 1e6), ticks, elapsed, bytes: mp3.length };
    };
    // Slices target 4 ms. On a loaded CI machine the OS may preempt us for tens of ms, so the best of up
    // to three runs must stay under 100 ms; an encoder that blocks shows one gap of the whole encode
    // (0.7 s or more for 70 s of audio) in every run.
    let best = await measure();
    for (let attempt = 1; attempt < 3 && best.maxGap >= 100; attempt++) {
      const r = await measure();
      if (r.maxGap < best.maxGap) best = r;
    }
    expect(best.bytes).toBeGreaterThan(70 * mp3Kbps * 125 * 0.95);
    expect(best.ticks).toBeGreaterThan(best.elapsed / 50);
    expect(best.maxGap).toBeLessThan(100);
  });
});

describe('warmUpMp3Encoder', () => {
  it('runs every tier and leaves the encoder usable', async () => {
    expect(warmUpMp3Encoder(0.1)).toBeGreaterThan(0);
    const t0 = performance.now();
    expect((await encodeMp3(chirp(16000, 0.5), 16000, 32)).length).toBeGreaterThan(1000);
    // Warm, this takes milliseconds; the bound only catches a pathological regression on a busy CI box.
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
