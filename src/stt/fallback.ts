/**
 * Fallback transcripts for audio that is neither scripted nor the emulator's own speech: deterministic,
 * plausible Arabic (faker's `ar` locale) seeded from the audio's SHA-256, about 2.2 words per second of
 * audio, grouped in segments of at most 11 words with word timings spread evenly over the audio.
 * Silent audio (RMS under -60 dBFS) transcribes to nothing, like a real engine.
 */
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import type { Transcript, TranscriptSegment } from './transcript.js';
import { spreadWords } from './transcript.js';

export const FALLBACK_WORDS_PER_SECOND = 2.2;
export const FALLBACK_WORDS_PER_SEGMENT = 11;
/** RMS of [-1, 1] samples below which audio counts as silence (-60 dBFS). */
export const SILENCE_RMS = 0.001;

// One instance, reseeded before each (synchronous) use. faker is loaded on demand, and only its Arabic build
// (locales ar, then en, then base): the package's main entry evaluates every locale, about 0.6 s of one
// event-loop turn against 0.15 s.
let faker: Faker | undefined;
let loading: Promise<Faker> | undefined;

/** Loads faker once; call (and await) before the first fallback transcript. */
export function loadFaker(): Promise<Faker> {
  loading ??= import('@faker-js/faker/locale/ar').then((m) => (faker = m.faker));
  return loading;
}

function loadedFaker(): Faker {
  if (!faker) throw new Error('faker is not loaded yet: await loadFaker() first');
  return faker;
}

function seedFrom(sha256: Buffer): number[] {
  return [sha256.readUInt32BE(0), sha256.readUInt32BE(4), sha256.readUInt32BE(8), sha256.readUInt32BE(12)];
}

export function wordCountFor(seconds: number): number {
  return Math.max(1, Math.round(seconds * FALLBACK_WORDS_PER_SECOND));
}

/** `count` Arabic words and a confidence for each, the same for the same hash. */
export function fallbackWords(sha256: Buffer, count: number): { words: string[]; confidences: number[] } {
  const faker = loadedFaker();
  faker.seed(seedFrom(sha256));
  const words: string[] = [];
  // faker draws from a few hundred words; drawing in groups keeps its per-call overhead low.
  while (words.length < count)
    words.push(...faker.lorem.words(Math.min(50, count - words.length)).split(' '));
  const confidences = words.map(() => faker.number.float({ min: 0.62, max: 0.97, fractionDigits: 2 }));
  return { words, confidences };
}

/** Segments of words spread over [start, end] (seconds). */
export function fallbackSegments(
  sha256: Buffer,
  start: number,
  end: number,
  count = wordCountFor(end - start),
): TranscriptSegment[] {
  const { words, confidences } = fallbackWords(sha256, count);
  const timed = spreadWords(words, start, end, (i) => confidences[i]);
  const segments: TranscriptSegment[] = [];
  for (let i = 0; i < timed.length; i += FALLBACK_WORDS_PER_SEGMENT) {
    const group = timed.slice(i, i + FALLBACK_WORDS_PER_SEGMENT);
    const mean = group.reduce((a, w) => a + w.confidence, 0) / group.length;
    segments.push({
      start: group[0].start,
      end: group[group.length - 1].end,
      text: group.map((w) => w.word).join(' '),
      confidence: Math.round(mean * 100) / 100,
      speaker: 'speaker_0',
      words: group,
    });
  }
  return segments;
}

export function isSilent(pcm: Float32Array): boolean {
  return rms(pcm) < SILENCE_RMS;
}

export function rms(pcm: Float32Array): number {
  if (pcm.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < pcm.length; i++) sum += pcm[i] * pcm[i];
  return Math.sqrt(sum / pcm.length);
}

/** The whole-file fallback. `silent` null (M4A: no AAC decoder, so unknown) is treated as non-silent. */
export function fallbackTranscript(
  sha256: Buffer,
  durationSeconds: number,
  silent: boolean | null,
): Transcript {
  if (silent === true || durationSeconds <= 0) return { source: 'fallback', text: '', segments: [] };
  const segments = fallbackSegments(sha256, 0, durationSeconds);
  return { source: 'fallback', text: segments.map((s) => s.text).join(' '), segments };
}

export type FallbackEvent =
  | { type: 'partial'; text: string; start: number; end: number }
  | { type: 'final'; segments: TranscriptSegment[] };

/**
 * The realtime fallback: the stream is cut into windows of `windowSeconds`; each non-silent window is
 * finalised `graceSeconds` after it ends (so a voice utterance starting near its end can claim the stream
 * first) with words seeded from the SHA-256 of the window's PCM bytes. With interim results, a partial
 * for the current window is sent every second of audio.
 */
export class FallbackStream {
  private readonly windowSamples: number;
  private readonly graceSamples: number;
  private readonly partialSamples: number;
  private total = 0;
  private windowStart = 0;
  private hash = createHash('sha256');
  private sumSquares = 0;
  private nextPartial: number;
  private pending: { start: number; end: number; sha: Buffer; silent: boolean } | undefined;

  constructor(
    private readonly sampleRate: number,
    private readonly interim: boolean,
    windowSeconds = 5,
    graceSeconds = 1,
  ) {
    this.windowSamples = Math.round(windowSeconds * sampleRate);
    this.graceSamples = Math.round(graceSeconds * sampleRate);
    this.partialSamples = sampleRate;
    this.nextPartial = this.partialSamples;
  }

  /** `pcm` is `bytes` (s16le) as Float32. */
  push(pcm: Float32Array, bytes: Uint8Array): FallbackEvent[] {
    const out: FallbackEvent[] = [];
    let at = 0;
    while (at < pcm.length) {
      const room = this.windowStart + this.windowSamples - this.total;
      const take = Math.min(room, pcm.length - at);
      for (let i = at; i < at + take; i++) this.sumSquares += pcm[i] * pcm[i];
      this.hash.update(bytes.subarray(at * 2, (at + take) * 2));
      this.total += take;
      at += take;
      const inWindow = this.total - this.windowStart;
      if (this.interim && inWindow >= this.nextPartial && inWindow < this.windowSamples) {
        this.nextPartial += this.partialSamples;
        const partial = this.partial();
        if (partial) out.push(partial);
      }
      if (this.pending && this.total >= this.pending.end + this.graceSamples) out.push(...this.release());
      if (inWindow >= this.windowSamples) this.closeWindow();
    }
    return out;
  }

  /** End of stream: the pending window and the current partial window are finalised at once. */
  finish(): FallbackEvent[] {
    const out = this.release();
    if (this.total > this.windowStart) {
      this.closeWindow();
      out.push(...this.release());
    }
    return out;
  }

  private partial(): FallbackEvent | undefined {
    const n = this.total - this.windowStart;
    if (Math.sqrt(this.sumSquares / n) < SILENCE_RMS) return undefined;
    const seconds = n / this.sampleRate;
    const { words } = fallbackWords(this.hash.copy().digest(), wordCountFor(seconds));
    return {
      type: 'partial',
      text: words.join(' '),
      start: this.windowStart / this.sampleRate,
      end: this.total / this.sampleRate,
    };
  }

  private closeWindow(): void {
    const n = this.total - this.windowStart;
    this.pending = {
      start: this.windowStart,
      end: this.total,
      sha: this.hash.digest(),
      silent: Math.sqrt(this.sumSquares / n) < SILENCE_RMS,
    };
    this.windowStart = this.total;
    this.hash = createHash('sha256');
    this.sumSquares = 0;
    this.nextPartial = this.partialSamples;
  }

  private release(): FallbackEvent[] {
    const p = this.pending;
    this.pending = undefined;
    if (!p || p.silent) return [];
    return [
      {
        type: 'final',
        segments: fallbackSegments(p.sha, p.start / this.sampleRate, p.end / this.sampleRate),
      },
    ];
  }
}
