import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonishValue } from '../../test/support/json-values.js';
import { canonical } from '../store/state-unit.js';
import { canonicalPieces } from './writer.js';

describe('canonicalPieces', () => {
  it('joined, is JSON.stringify(canonical(value)) at every depth', () => {
    fc.assert(
      fc.property(jsonishValue, fc.integer({ min: 0, max: 4 }), (v, depth) => {
        if (v === undefined) return;
        expect([...canonicalPieces(v, depth)].join('')).toBe(JSON.stringify(canonical(v)));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts a section into its items: no piece holds two documents', () => {
    const text = 'نص '.repeat(2000);
    const section = { documents: Array.from({ length: 50 }, (_, i) => ({ id: `doc_${i}`, text })) };
    const pieces = [...canonicalPieces(section, 3)];
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(text.length + 100);
    expect(pieces.join('')).toBe(JSON.stringify(canonical(section)));
  });
});
