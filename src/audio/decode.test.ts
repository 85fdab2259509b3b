import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { parseBuffer } from 'music-metadata';
import { decodeAudio } from './decode.js';
import { LAMEJS_ENCODER_DELAY, encodeMp3, encodeWav } from './encode.js';
import { parseMpegFrameHeader } from './formats.js';
import { decodeError } from './test-support/decode-error.js';

function tone(rate: number, seconds: number, freq = 440, amp = 0.4): Float32Array {
  const pcm = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < pcm.length; i++) pcm[i] = amp * Math.sin((2 * Math.PI * freq * i) / rate);
  return pcm;
}

interface WavSpec {
  tag?: number;
  channels: number;
  rate: number;
  bits: number;
  extensible?: boolean;
  /** Interleaved sample bytes. */
  data: Buffer;
  /** Value written as the data chunk size (defaults to the real size). */
  dataSize?: number;
  /** Extra chunk placed between fmt and data. */
  extraChunk?: Buffer;
}

/** A small independent WAV writer so the tests can produce every layout the decoder claims to read. */
function wav(spec: WavSpec): Buffer {
  const { channels, rate, bits } = spec;
  const tag = spec.tag ?? 1;
  const fmt = Buffer.alloc(spec.extensible ? 40 : 16);
  fmt.writeUInt16LE(spec.extensible ? 0xfffe : tag, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE((rate * channels * bits) / 8, 8);
  fmt.writeUInt16LE((channels * bits) / 8, 12);
  fmt.writeUInt16LE(bits, 14);
  if (spec.extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(bits, 18);
    fmt.writeUInt32LE(channels === 1 ? 4 : 3, 20);
    fmt.writeUInt16LE(tag, 24);
    Buffer.from('000000001000800000aa00389b71', 'hex').copy(fmt, 26);
  }
  const chunk = (id: string, body: Buffer, size = body.length): Buffer => {
    const h = Buffer.alloc(8);
    h.write(id, 0, 'ascii');
    h.writeUInt32LE(size >>> 0, 4);
    return Buffer.concat([h, body, body.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    chunk('fmt ', fmt),
    spec.extraChunk ?? Buffer.alloc(0),
    chunk('data', spec.data, spec.dataSize ?? spec.data.length),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** Interleaves channels and quantises them to the given sample format. */
function samples(chs: Float32Array[], bits: number, float: boolean): Buffer {
  const n = chs[0].length;
  const bytes = bits / 8;
  const out = Buffer.alloc(n * chs.length * bytes);
  let p = 0;
  for (let i = 0; i < n; i++) {
    for (const ch of chs) {
      const v = ch[i];
      if (float && bits === 32) out.writeFloatLE(v, p);
      else if (float) out.writeDoubleLE(v, p);
      else if (bits === 8) out.writeUInt8(Math.round(v * 127) + 128, p);
      else if (bits === 16) out.writeInt16LE(Math.round(v * 32767), p);
      else if (bits === 24) out.writeIntLE(Math.round(v * 8388607), p, 3);
      else out.writeInt32LE(Math.round(v * 2147483647), p);
      p += bytes;
    }
  }
  return out;
}

describe('decodeAudio: WAV', () => {
  const rate = 16000;
  const left = tone(rate, 0.25, 440, 0.5);
  const right = tone(rate, 0.25, 1000, 0.3);

  it.each([
    [8, false, 1 / 64],
    [16, false, 1e-4],
    [24, false, 1e-6],
    [32, false, 1e-6],
    [32, true, 1e-7],
    [64, true, 1e-7],
  ])('%i-bit (float=%s) mono and stereo, plain and extensible', async (bits, float, tol) => {
    for (const extensible of [false, true]) {
      const mono = wav({
        tag: float ? 3 : 1,
        channels: 1,
        rate,
        bits,
        extensible,
        data: samples([left], bits, float),
      });
      const d = await decodeAudio(mono);
      expect(d).toMatchObject({
        format: 'wav',
        sampleRate: rate,
        channels: 1,
        durationSeconds: 0.25,
        codecDelaySamples: 0,
      });
      for (let i = 0; i < left.length; i += 7) expect(Math.abs(d.pcm![i] - left[i])).toBeLessThan(tol);

      const stereo = wav({
        tag: float ? 3 : 1,
        channels: 2,
        rate,
        bits,
        extensible,
        data: samples([left, right], bits, float),
      });
      const s = await decodeAudio(stereo);
      expect(s).toMatchObject({ channels: 2, durationSeconds: 0.25 });
      for (let i = 0; i < left.length; i += 7)
        expect(Math.abs(s.pcm![i] - (left[i] + right[i]) / 2)).toBeLessThan(tol);
    }
  });

  it('skips unknown chunks, including odd-sized ones with a pad byte', async () => {
    const list = Buffer.concat([
      Buffer.from('LIST'),
      Buffer.from([3, 0, 0, 0]),
      Buffer.from('abc'),
      Buffer.alloc(1),
    ]);
    const d = await decodeAudio(
      wav({ channels: 1, rate, bits: 16, data: samples([left], 16, false), extraChunk: list }),
    );
    expect(d.durationSeconds).toBe(0.25);
  });

  it('streaming WAV (data size 0 or 0xFFFFFFFF) uses the bytes present', async () => {
    for (const dataSize of [0, 0xffffffff]) {
      const buf = wav({ channels: 1, rate, bits: 16, data: samples([left], 16, false), dataSize });
      buf.writeUInt32LE(dataSize, 4); // such writers leave the RIFF size unset as well
      // cut mid-sample: the partial sample is dropped
      const d = await decodeAudio(buf.subarray(0, buf.length - 1));
      expect(d.pcm!.length).toBe(left.length - 1);
    }
  });

  it('data chunk shorter than its header claims → audio_truncated', async () => {
    const buf = encodeWav(left, rate);
    expect(await decodeError(buf.subarray(0, buf.length - 100))).toBe('audio_truncated');
    expect(await decodeError(buf.subarray(0, 30))).toBe('audio_truncated'); // cut inside fmt
    expect(await decodeError(buf.subarray(0, 36))).toBe('audio_truncated'); // cut before data
  });

  it('non-PCM codecs → unsupported_audio_format', async () => {
    for (const tag of [0x55 /* MP3 */, 0x06 /* A-law */, 0x02 /* ADPCM */]) {
      const buf = wav({ tag, channels: 1, rate, bits: 16, data: Buffer.alloc(1000) });
      expect(await decodeError(buf)).toBe('unsupported_audio_format');
    }
    expect(await decodeError(wav({ tag: 1, channels: 1, rate, bits: 12, data: Buffer.alloc(1000) }))).toBe(
      'unsupported_audio_format',
    );
  });

  it('zero-length audio and a missing fmt chunk → audio_corrupt', async () => {
    expect(await decodeError(encodeWav(new Float32Array(0), rate))).toBe('audio_corrupt');
    expect(await decodeError(new Uint8Array(0))).toBe('audio_corrupt');
    const noFmt = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([12, 0, 0, 0]),
      Buffer.from('WAVEdata'),
      Buffer.alloc(4),
    ]);
    expect(await decodeError(noFmt)).toBe('audio_corrupt');
  });

  it('agrees with music-metadata on duration', async () => {
    const buf = encodeWav(tone(22050, 3.3), 22050);
    const mm = await parseBuffer(buf);
    expect((await decodeAudio(buf)).durationSeconds).toBeCloseTo(mm.format.duration!, 6);
  });
});

describe('decodeAudio: MP3', () => {
  const rate = 16000;

  it('decodes our encoder output with its 1105-sample delay reported', async () => {
    const pcm = tone(rate, 2);
    const mp3 = await encodeMp3(pcm, rate, 32);
    const d = await decodeAudio(mp3);
    expect(d).toMatchObject({
      format: 'mp3',
      sampleRate: rate,
      channels: 1,
      codecDelaySamples: LAMEJS_ENCODER_DELAY,
    });
    expect(d.durationSeconds).toBe(d.pcm!.length / rate);
    // music-metadata counts whole frames, as we do for a file without a LAME tag.
    const mm = await parseBuffer(mp3);
    expect(Math.abs(d.durationSeconds - mm.format.duration!)).toBeLessThanOrEqual(576 / rate + 1e-9);
  });

  it('cut mid-frame → audio_truncated; cut at a frame boundary → accepted', async () => {
    const mp3 = await encodeMp3(tone(rate, 1), rate, 32);
    const frame = parseMpegFrameHeader(mp3, 0)!.frameLength;
    expect(await decodeError(mp3.subarray(0, mp3.length - 10))).toBe('audio_truncated');
    expect(await decodeError(mp3.subarray(0, 5 * frame + 2))).toBe('audio_truncated'); // inside a header
    const whole = await decodeAudio(mp3.subarray(0, 5 * frame));
    expect(whole.pcm!.length).toBe(5 * 576);
  });

  it('valid frames followed by garbage → audio_corrupt', async () => {
    const mp3 = await encodeMp3(tone(rate, 1), rate, 32);
    const frame = parseMpegFrameHeader(mp3, 0)!.frameLength;
    const garbage = Buffer.from('<html>this is not audio, it is an error page</html>');
    expect(await decodeError(Buffer.concat([mp3, garbage]))).toBe('audio_corrupt');
    // valid first frame (and second, so it sniffs as MP3), then garbage
    expect(await decodeError(Buffer.concat([mp3.subarray(0, 2 * frame), Buffer.alloc(3000, 0x5a)]))).toBe(
      'audio_corrupt',
    );
    expect(
      await decodeError(Buffer.concat([mp3.subarray(0, 2 * frame), garbage, mp3.subarray(2 * frame)])),
    ).toBe('audio_corrupt');
  });

  it('accepts trailing ID3v1/APE tags and zero padding, and a leading ID3v2 tag', async () => {
    const mp3 = await encodeMp3(tone(rate, 1), rate, 32);
    const ref = (await decodeAudio(mp3)).pcm!.length;
    const id3v1 = Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125, 0x20)]);
    const ape = Buffer.concat([Buffer.from('APETAGEX'), Buffer.alloc(24)]);
    const id3v2 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 1, 0]), Buffer.alloc(128)]);
    for (const buf of [
      Buffer.concat([mp3, id3v1]),
      Buffer.concat([mp3, ape, id3v1]),
      Buffer.concat([mp3, Buffer.alloc(500)]),
      Buffer.concat([id3v2, mp3]),
      Buffer.concat([id3v2, Buffer.alloc(100), mp3]), // padding beyond the declared tag size
    ]) {
      expect((await decodeAudio(buf)).pcm!.length).toBe(ref);
    }
  });

  it('an ID3 tag with nothing after it → audio_truncated; with a non-MPEG body → unsupported', async () => {
    const id3v2 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 1, 0]), Buffer.alloc(128)]);
    expect(await decodeError(id3v2)).toBe('audio_truncated');
    expect(await decodeError(id3v2.subarray(0, 60))).toBe('audio_truncated');
    expect(await decodeError(Buffer.concat([id3v2, Buffer.from('fLaC'), Buffer.alloc(2000, 7)]))).toBe(
      'unsupported_audio_format',
    );
  });

  it('decodes a 10-minute 16 kHz mono MP3 faster than 200x real time', async () => {
    const minute = await encodeMp3(tone(rate, 60, 523, 0.3), rate, 32);
    const mp3 = Buffer.concat(Array.from({ length: 10 }, () => minute)); // CBR frames concatenate cleanly
    await decodeAudio(minute); // warm the wasm module
    const t0 = performance.now();
    const d = await decodeAudio(mp3);
    const ms = performance.now() - t0;
    expect(d.durationSeconds).toBeGreaterThan(600);
    expect(600_000 / ms).toBeGreaterThan(200);
  });
});

describe('decodeAudio: unsupported input', () => {
  it('random bytes and a text file → unsupported_audio_format', async () => {
    expect(await decodeError(Buffer.from('Transcribe me please.\nهذا ملف نصي\n'.repeat(50)))).toBe(
      'unsupported_audio_format',
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2048 }), async (bytes) => {
        return (await decodeError(bytes)) === 'unsupported_audio_format';
      }),
      { seed: 99, numRuns: 300 },
    );
  });
});
