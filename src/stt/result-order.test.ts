/** A job result loaded from a snapshot (keys sorted) is written in the order shapeResult writes a fresh one. */
import { describe, expect, it } from 'vitest';
import { canonical } from '../store/state-unit.js';
import { resultInOrder, shapeResult } from './transcript.js';

describe('resultInOrder', () => {
  it('gives a result whose keys were sorted back the bytes of the result as shaped', () => {
    const shaped = shapeResult(
      {
        text: 'مرحبا بكم',
        language: 'ar',
        segments: [
          {
            start: 0,
            end: 1.5,
            text: 'مرحبا بكم',
            confidence: 0.9,
            speaker: 'A',
            words: [{ word: 'مرحبا', start: 0, end: 0.7, confidence: 0.9 }],
          },
        ],
      } as never,
      1.5,
      { language: 'ar', wordTimestamps: true, diarize: true },
    );
    const sorted = canonical(shaped) as typeof shaped;
    expect(JSON.stringify(sorted)).not.toBe(JSON.stringify(shaped));
    expect(JSON.stringify(resultInOrder(sorted))).toBe(JSON.stringify(shaped));
  });
});
