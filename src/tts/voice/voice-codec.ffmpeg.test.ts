import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { float32ToS16le, s16leToFloat32 } from '../../audio/pcm.js';
import { decode, synthesize } from './index.js';
import { addNoise, concat, silence, streamDecode, utterancesOf } from './test-helpers.js';

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

/** Raw s16le mono at `rate` → MP3 at `kbps` → decoded and resampled by ffmpeg to s16le at `outRate`. */
function throughMp3(pcm: Float32Array, rate: number, kbps: number, outRate: number): Float32Array {
  const run = (args: string[], input: Buffer): Buffer => {
    const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], {
      input,
      maxBuffer: 1 << 28,
    });
    if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
    return r.stdout;
  };
  const mp3 = run(
    [
      '-f',
      's16le',
      '-ar',
      String(rate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-b:a',
      `${kbps}k`,
      '-f',
      'mp3',
      'pipe:1',
    ],
    float32ToS16le(pcm),
  );
  const raw = run(['-i', 'pipe:0', '-ar', String(outRate), '-ac', '1', '-f', 's16le', 'pipe:1'], mp3);
  return s16leToFloat32(raw);
}

describe.skipIf(!hasFfmpeg)('round trip through ffmpeg MP3', () => {
  const text = 'مرحباً بكم، Hello 😀 世界 ١٢٣';
  for (const [rate, kbps] of [
    [16000, 32],
    [24000, 64],
  ] as const) {
    it(`MP3 ${kbps} kbps from ${rate} Hz, resampled to 8 kHz, plus 20 dB noise`, () => {
      const pcm = concat([
        synthesize(text, { voiceIndex: 2, speed: 1, sampleRate: rate }),
        silence(0.3, rate),
        synthesize(text, { voiceIndex: 3, speed: 2, sampleRate: rate }),
      ]);
      const back = addNoise(throughMp3(pcm, rate, kbps, 8000), 20, 5);
      for (const got of [decode(back, 8000), utterancesOf(streamDecode(back, 8000))]) {
        expect(got.map((u) => u.text)).toEqual([text, text]);
        expect(got.map((u) => u.voiceIndex)).toEqual([2, 3]);
      }
    });
  }
});
