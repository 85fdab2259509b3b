import { Mp3Encoder } from '@breezystack/lamejs';
import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { resample } from '../../audio/pcm.js';
import { decode, synthesize } from './index.js';
import { addNoise, concat, silence, streamDecode, utterancesOf } from './test-helpers.js';

/** Encodes with lamejs (the emulator's MP3 encoder). */
function toMp3(pcm: Float32Array, rate: number, kbps: number): Uint8Array {
  const enc = new Mp3Encoder(1, rate, kbps);
  const s16 = Int16Array.from(pcm, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32767))));
  const parts: Uint8Array[] = [];
  for (let i = 0; i < s16.length; i += 1152 * 8) {
    // lamejs returns Int8Array at runtime despite its types: view the same bytes.
    const chunk = enc.encodeBuffer(s16.subarray(i, i + 1152 * 8));
    parts.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  const tail = enc.flush();
  parts.push(new Uint8Array(tail.buffer, tail.byteOffset, tail.byteLength));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function fromMp3(mp3: Uint8Array): Promise<{ pcm: Float32Array; rate: number }> {
  const dec = new MPEGDecoder();
  await dec.ready;
  try {
    const r = dec.decode(mp3);
    return { pcm: r.channelData[0], rate: r.sampleRate };
  } finally {
    dec.free();
  }
}

describe('round trip through lamejs MP3 and mpg123-decoder', () => {
  const text = 'مرحباً بكم، Hello 😀 世界 ١٢٣';
  for (const [rate, kbps] of [
    [8000, 16],
    [16000, 32],
    [24000, 64],
  ] as const) {
    it(`MP3 ${kbps} kbps at ${rate} Hz, then resampled to 8 kHz with 20 dB noise`, async () => {
      const pcm = concat([
        synthesize(text, { voiceIndex: 0, speed: 1, sampleRate: rate }),
        silence(0.2, rate),
        synthesize(text, { voiceIndex: 1, speed: 2, sampleRate: rate }),
        synthesize(text, { voiceIndex: 7, speed: 0.5, sampleRate: rate }),
      ]);
      const back = await fromMp3(toMp3(pcm, rate, kbps));
      expect(back.rate).toBe(rate);
      const direct = decode(back.pcm, rate);
      expect(direct.map((u) => u.text)).toEqual([text, text, text]);
      expect(direct.map((u) => u.voiceIndex)).toEqual([0, 1, 7]);
      expect(direct.map((u) => u.speed)).toEqual([1, 2, 0.5]);
      const narrow = addNoise(resample(back.pcm, rate, 8000), 20, 11);
      for (const got of [decode(narrow, 8000), utterancesOf(streamDecode(narrow, 8000))]) {
        expect(got.map((u) => u.text)).toEqual([text, text, text]);
        expect(got.map((u) => u.voiceIndex)).toEqual([0, 1, 7]);
      }
    });
  }
});
