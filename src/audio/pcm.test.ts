import { describe, expect, it } from 'vitest';
import { float32ToS16le, resample, s16leToFloat32 } from './pcm.js';

function tone(freq: number, rate: number, seconds: number): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = 0.5 * Math.sin((2 * Math.PI * freq * i) / rate);
  return out;
}

function dominantFrequencyPower(pcm: Float32Array, rate: number, freq: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < pcm.length; i++) {
    re += pcm[i] * Math.cos((2 * Math.PI * freq * i) / rate);
    im += pcm[i] * Math.sin((2 * Math.PI * freq * i) / rate);
  }
  return (re * re + im * im) / (pcm.length * pcm.length);
}

describe('pcm', () => {
  it('round-trips s16le within one quantisation step', () => {
    const pcm = Float32Array.from([0, 0.5, -0.5, 0.999, -1]);
    const back = s16leToFloat32(float32ToS16le(pcm));
    for (let i = 0; i < pcm.length; i++) expect(Math.abs(back[i] - pcm[i])).toBeLessThan(1 / 32767);
  });

  it('ignores an odd trailing byte', () => {
    expect(s16leToFloat32(Buffer.from([0, 64, 7])).length).toBe(1);
  });

  it('keeps a 1 kHz tone when resampling 24 kHz to 8 kHz and removes a 6 kHz one', () => {
    const low = resample(tone(1000, 24000, 0.5), 24000, 8000);
    expect(low.length).toBe(4000);
    expect(dominantFrequencyPower(low, 8000, 1000)).toBeGreaterThan(0.05);
    const high = resample(tone(6000, 24000, 0.5), 24000, 8000);
    // 6 kHz would alias to 2 kHz at 8 kHz without the low-pass.
    expect(dominantFrequencyPower(high, 8000, 2000)).toBeLessThan(0.001);
  });
});
