import { describe, expect, it } from 'vitest';
import { costOf, defaultPrices, mergePrices } from './prices.js';

describe('prices', () => {
  it('orders tiers as the spec does', () => {
    expect(defaultPrices.tts.fast).toBeLessThan(defaultPrices.tts.standard);
    expect(defaultPrices.tts.standard).toBeLessThan(defaultPrices.tts.high);
    expect(defaultPrices.rag_search.retrieve).toBeLessThan(defaultPrices.rag_search.answer);
    expect(defaultPrices.rag_search.answer).toBeLessThan(defaultPrices.rag_search.analyze);
  });

  it('merges valid overrides and keeps the rest', () => {
    const p = mergePrices(defaultPrices, { stt: 0.1, tts: { high: 1 } });
    expect(p.stt).toBe(0.1);
    expect(p.tts).toEqual({ fast: 0.01, standard: 0.02, high: 1 });
    expect(p.rag_search).toEqual(defaultPrices.rag_search);
  });

  it('rejects negative, unknown and out-of-order prices with a message naming the field', () => {
    expect(() => mergePrices(defaultPrices, { stt: -1 })).toThrow(
      'price stt must be a finite number >= 0 (got -1)',
    );
    expect(() => mergePrices(defaultPrices, { nope: 1 } as never)).toThrow("unknown price 'nope'");
    expect(() => mergePrices(defaultPrices, { rag_search: { answer: 20 } })).toThrow(
      'rag_search.answer (20) must be lower than rag_search.analyze (10)',
    );
  });

  it('prices uploads per MB of 1 000 000 bytes, prorated', () => {
    expect(costOf(defaultPrices, 'rag_upload', 2_500_000)).toBe(1.25);
    expect(costOf(defaultPrices, 'tts', 100, 'high')).toBe(4);
  });
});
