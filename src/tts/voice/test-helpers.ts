/** Shared helpers for the voice codec tests (seeded, so failures reproduce). */
import { StreamingDecoder, type DecodedUtterance, type StreamingEvent } from './index.js';

/** mulberry32: small seeded PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Gaussian white noise (Box-Muller). */
export function gaussianNoise(length: number, sigma: number, seed: number): Float32Array {
  const r = rng(seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const u = Math.max(r(), 1e-12);
    out[i] = sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
  }
  return out;
}

export function rms(pcm: Float32Array): number {
  let e = 0;
  for (const v of pcm) e += v * v;
  return Math.sqrt(e / pcm.length);
}

/** Adds white noise at the given SNR (relative to the RMS of the whole signal). */
export function addNoise(pcm: Float32Array, snrDb: number, seed: number): Float32Array {
  const sigma = rms(pcm) / 10 ** (snrDb / 20);
  const noise = gaussianNoise(pcm.length, sigma, seed);
  return pcm.map((v, i) => v + noise[i]);
}

export { concatFloat32 as concat } from '../../audio/decode.js';

export function silence(seconds: number, rate: number): Float32Array {
  return new Float32Array(Math.round(seconds * rate));
}

/** Feeds the decoder in blocks of `blockSeconds` and returns all events, end() included. */
export function streamDecode(pcm: Float32Array, rate: number, blockSeconds = 0.02): StreamingEvent[] {
  const dec = new StreamingDecoder(rate);
  const block = Math.max(1, Math.round(blockSeconds * rate));
  const events: StreamingEvent[] = [];
  for (let i = 0; i < pcm.length; i += block) events.push(...dec.push(pcm.subarray(i, i + block)));
  events.push(...dec.end());
  return events;
}

export function utterancesOf(events: StreamingEvent[]): DecodedUtterance[] {
  const out: DecodedUtterance[] = [];
  for (const e of events) if (e.type === 'utterance') out.push(e.utterance);
  return out;
}
