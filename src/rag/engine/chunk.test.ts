import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, DEFAULT_CHUNK_OVERLAP, DEFAULT_CHUNK_SIZE } from './chunk.js';

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i % 7}. `;

describe('chunkText', () => {
  it('exports the defaults', () => {
    expect(DEFAULT_CHUNK_SIZE).toBe(800);
    expect(DEFAULT_CHUNK_OVERLAP).toBe(150);
  });
  it('returns one chunk for short text and none for blank text', () => {
    expect(chunkText('Hello world.')).toEqual([{ index: 0, text: 'Hello world.', start: 0, end: 12 }]);
    expect(chunkText('  \n ')).toEqual([]);
  });
  it('breaks at sentence boundaries, respects size and overlaps', () => {
    const text = Array.from({ length: 80 }, (_, i) => sentence(i)).join('');
    const chunks = chunkText(text, { size: 300, overlap: 60 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const [i, c] of chunks.entries()) {
      expect(c.index).toBe(i);
      expect(c.text).toBe(text.slice(c.start, c.end));
      expect(c.text.length).toBeLessThanOrEqual(300);
      if (i < chunks.length - 1) expect(c.text.endsWith('.')).toBe(true);
      if (i > 0) {
        expect(c.start).toBeLessThan(chunks[i - 1].end); // overlap
        expect(chunks[i - 1].end - c.start).toBeLessThanOrEqual(60);
        expect(c.text.startsWith('Sentence')).toBe(true); // starts at a sentence
      }
    }
    expect(chunks.at(-1)!.end).toBe(text.trimEnd().length);
  });
  it('prefers paragraph breaks and knows Arabic punctuation', () => {
    const para = 'أ'.repeat(250) + '.\n\n' + 'ب'.repeat(100);
    expect(chunkText(para, { size: 300, overlap: 0 })[0].text).toBe('أ'.repeat(250) + '.');
    const ar = 'كلمة '.repeat(40) + 'هل هذا سؤال؟ ' + 'نص '.repeat(60);
    const first = chunkText(ar, { size: 300, overlap: 0 })[0];
    expect(first.text.endsWith('؟')).toBe(true);
  });
  it('hard-cuts text without any break', () => {
    const chunks = chunkText('x'.repeat(1000), { size: 400, overlap: 100 });
    expect(chunks.map((c) => c.text.length)).toEqual([400, 400, 400]);
    expect(chunks[1].start).toBe(300);
  });
  it('rejects bad options', () => {
    expect(() => chunkText('abc', { size: 0 })).toThrow(RangeError);
    expect(() => chunkText('abc', { size: 10, overlap: 10 })).toThrow(RangeError);
  });
  it('property: chunks cover the text in order and always make progress', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '\n', 'م', '،', '؟'), maxLength: 3000 }),
        fc.integer({ min: 20, max: 400 }),
        (text, size) => {
          const overlap = Math.floor(size / 4);
          const chunks = chunkText(text, { size, overlap });
          let prevStart = -1;
          let prevEnd = 0;
          for (const c of chunks) {
            expect(c.text).toBe(text.slice(c.start, c.end));
            expect(c.start).toBeGreaterThan(prevStart);
            expect(c.end - c.start).toBeLessThanOrEqual(size);
            // No gap between consecutive chunks except whitespace.
            expect(text.slice(prevEnd, c.start).trim()).toBe('');
            prevStart = c.start;
            prevEnd = Math.max(prevEnd, c.end);
          }
          expect(text.slice(prevEnd).trim()).toBe('');
        },
      ),
      { numRuns: 300 },
    );
  });
});
