import { describe, expect, it } from 'vitest';
import { chunkTerms, prepareText } from './prepare.js';
import { SearchIndex } from './search-index.js';

// Mixed Arabic/English text with repeated terms, diacritics, presentation forms and an English paragraph,
// so that chunk languages, term counts and NFKC folding all play a part.
const TEXTS: Record<string, string> = {
  leave:
    'يحق للموظف الحصول على إِجَازَةٌ سنوية مدتها ثلاثون يوما. تقدم طلبات الإجازة عبر النظام. '.repeat(30) +
    '\n\nAnnual leave requests are approved by the manager within five working days.',
  school: 'افتتحت المدرسة الجديدة في الحي. والمدرسة تستقبل الطلاب من جميع الأعمار. ﻻ رسوم للتسجيل. '.repeat(
    25,
  ),
  security:
    'All employees must change their passwords every ninety days. Running security scans is mandatory. '.repeat(
      20,
    ),
};
const QUERIES = [
  'اجازة سنوية',
  'المدرسة الطلاب',
  'password security scans',
  'leave manager',
  'لا رسوم',
  'ninety days employees',
  'غير موجود',
];

function build(prepared: boolean): SearchIndex {
  const index = new SearchIndex();
  for (const [documentId, text] of Object.entries(TEXTS)) {
    const p = prepareText(text, { size: 300, overlap: 50 });
    index.addDocument({
      documentId,
      title: documentId,
      chunks: p.chunks.map((c) => ({
        chunkId: `${documentId}:${c.index}`,
        text: c.text,
        ...(prepared ? { terms: chunkTerms(p, c) } : {}),
      })),
    });
  }
  return index;
}

describe('prepareText (indexing terms counted off the event loop)', () => {
  it('gives an index that ranks and scores exactly like one that tokenises the chunks itself', () => {
    const counted = build(true);
    const tokenised = build(false);
    expect(counted.stats()).toEqual(tokenised.stats());
    for (const query of QUERIES) {
      expect(counted.search({ query, topK: 10 }), query).toEqual(tokenised.search({ query, topK: 10 }));
    }
    expect(counted.search({ query: 'اجازة سنوية', topK: 3 })[0].documentId).toBe('leave');
  });

  it('labels the document and each chunk with its language', () => {
    const p = prepareText(TEXTS.leave, { size: 300, overlap: 50 });
    expect(p.language).toBe('ar');
    expect(p.chunks[0].lang).toBe('ar');
    expect(p.chunks.at(-1)!.lang).toBe('en');
    // One vocabulary for the document: a term repeated across chunks appears in it once.
    expect(new Set(p.vocabulary).size).toBe(p.vocabulary.length);
  });
});
