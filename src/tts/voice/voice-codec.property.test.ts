import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, synthesize } from './index.js';
import { streamDecode, utterancesOf } from './test-helpers.js';

const codePoint = (from: number, to: number): fc.Arbitrary<string> =>
  fc.integer({ min: from, max: to }).map((cp) => String.fromCodePoint(cp));

/** Arabic, ASCII, emoji, CJK, runs of spaces, and now and then any code point at all. */
const unit: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: codePoint(0x0600, 0x06ff) },
  { weight: 4, arbitrary: codePoint(0x20, 0x7e) },
  { weight: 2, arbitrary: codePoint(0x1f300, 0x1faff) },
  { weight: 2, arbitrary: codePoint(0x4e00, 0x9fff) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 6 }).map((n) => ' '.repeat(n)) },
  { weight: 1, arbitrary: codePoint(0, 0x10ffff) },
);

const RATES = [8000, 16000, 22050, 24000] as const;

describe('property: any text round-trips', () => {
  it('through PCM at any rate, speed and voice (whole and streamed)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 30 }),
        fc.constantFrom(...RATES),
        fc.integer({ min: 10, max: 40 }).map((i) => i / 20),
        fc.integer({ min: 0, max: 7 }),
        (text, rate, speed, voiceIndex) => {
          const pcm = synthesize(text, { voiceIndex, speed, sampleRate: rate });
          const whole = decode(pcm, rate);
          expect(whole.map((u) => u.text)).toEqual([text]);
          expect(whole[0].voiceIndex).toBe(voiceIndex);
          expect(whole[0].speed).toBe(speed);
          expect(utterancesOf(streamDecode(pcm, rate)).map((u) => u.text)).toEqual([text]);
        },
      ),
      { seed: 20240611, numRuns: 100 },
    );
  });

  it('keeps long runs of spaces (beyond the silent-run limit)', () => {
    const text = `a${' '.repeat(100)}b${' '.repeat(33)}`;
    const rate = 8000;
    const u = decode(synthesize(text, { voiceIndex: 0, speed: 2, sampleRate: rate }), rate);
    expect(u.map((x) => x.text)).toEqual([text]);
    expect(u[0].words.map((w) => w.word)).toEqual(['a', 'b']);
  });
});
