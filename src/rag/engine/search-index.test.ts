import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk.js';
import { SearchIndex } from './search-index.js';
import type { IndexedDocumentInput } from './search-types.js';

function doc(
  documentId: string,
  text: string,
  extra: Partial<IndexedDocumentInput> = {},
): IndexedDocumentInput {
  return {
    documentId,
    title: extra.title ?? '',
    chunks: chunkText(text, { size: 300, overlap: 50 }).map((c) => ({
      chunkId: `${documentId}:${c.index}`,
      text: c.text,
    })),
    ...extra,
  };
}

function corpus(): SearchIndex {
  const idx = new SearchIndex();
  idx.addDocument(
    doc('leave', 'يحق للموظف الحصول على إجازة سنوية مدتها ثلاثون يوما. تقدم طلبات الإجازة عبر النظام.', {
      title: 'سياسة الإجازات',
      fileType: 'pdf',
      language: 'ar',
      metadata: { dept: 'hr', tags: ['policy', 'leave'], year: 2024 },
    }),
  );
  idx.addDocument(
    doc('school', 'افتتحت المدرسة الجديدة في الحي. والمدرسة تستقبل الطلاب من جميع الأعمار.', {
      title: 'أخبار التعليم',
      fileType: 'docx',
      language: 'ar',
      metadata: { dept: 'edu', tags: ['news'], year: 2023 },
    }),
  );
  idx.addDocument(
    doc(
      'security',
      'All employees must change their passwords every ninety days. Running security scans is mandatory.',
      {
        title: 'Security Handbook',
        fileType: 'markdown',
        language: 'en',
        metadata: { dept: 'it', tags: ['policy'], year: 2024 },
      },
    ),
  );
  idx.addDocument(
    doc(
      'travel',
      'Travel expenses are reimbursed within thirty days. Employees book flights through the travel desk.',
      { title: 'Travel', fileType: 'pdf', language: 'en', metadata: { dept: 'finance', year: '2024' } },
    ),
  );
  return idx;
}

const ids = (hits: { documentId: string }[]) => hits.map((h) => h.documentId);

describe('SearchIndex', () => {
  it('finds the same Arabic document with or without diacritics and with other alef forms', () => {
    const idx = corpus();
    const plain = idx.search({ query: 'اجازة سنوية', topK: 5 });
    expect(plain[0].documentId).toBe('leave');
    for (const q of ['إِجَازَةٌ سَنَوِيَّةٌ', 'أجازة سنويه', 'الإجازة السنوية']) {
      expect(idx.search({ query: q, topK: 5 })[0].documentId).toBe('leave');
    }
  });
  it('matches through prefixes (والمدرسة ↔ مدرسة)', () => {
    const idx = corpus();
    expect(ids(idx.search({ query: 'مدرسة', topK: 5 }))).toEqual(['school']);
    expect(ids(idx.search({ query: 'والمدرسة', topK: 5 }))).toEqual(['school']);
  });
  it('stems English (running ↔ run, passwords ↔ password)', () => {
    const idx = corpus();
    expect(idx.search({ query: 'run password', topK: 5 })[0].documentId).toBe('security');
  });
  it('without normalisation, variants are missed (the comparison baseline)', () => {
    const raw = new SearchIndex({ normalize: false });
    raw.addDocument(doc('school', 'افتتحت المدرسة الجديدة في الحي.'));
    expect(raw.search({ query: 'المدرسة', topK: 5 })).toHaveLength(1);
    expect(raw.search({ query: 'المَدرسة', topK: 5 })).toHaveLength(0);
  });
  it('ranks the document about X first', () => {
    const idx = corpus();
    expect(idx.search({ query: 'travel expenses reimbursed', topK: 5 })[0].documentId).toBe('travel');
    expect(idx.search({ query: 'employees', topK: 5 }).length).toBe(2);
  });
  it('title matches boost and can surface a document alone', () => {
    const idx = corpus();
    const hits = idx.search({ query: 'handbook', topK: 5 });
    expect(ids(hits)).toEqual(['security']);
    expect(hits[0].title).toBe('Security Handbook');
  });
  it('scores are in [0,1], descending, and min_score cuts', () => {
    const idx = corpus();
    const hits = idx.search({ query: 'employees travel security days', topK: 10 });
    expect(hits.length).toBeGreaterThan(1);
    for (const [i, h] of hits.entries()) {
      expect(h.score).toBeGreaterThan(0);
      expect(h.score).toBeLessThan(1);
      if (i > 0) expect(h.score).toBeLessThanOrEqual(hits[i - 1].score);
    }
    const cut = (hits[0].score + hits.at(-1)!.score) / 2;
    const filtered = idx.search({ query: 'employees travel security days', topK: 10, minScore: cut });
    expect(filtered.length).toBeLessThan(hits.length);
    expect(filtered.every((h) => h.score >= cut)).toBe(true);
    expect(idx.search({ query: 'employees', topK: 10, minScore: 1 })).toEqual([]);
  });
  it('a chunk matching more of the query scores higher, independent of other results', () => {
    const idx = corpus();
    const one = idx.search({ query: 'travel', topK: 1 })[0].score;
    const partial = idx.search({ query: 'travel unicorn', topK: 1 })[0].score;
    expect(partial).toBeLessThan(one);
    // Adding an unrelated document does not change an existing hit's score much (absolute mapping, not ÷ top).
    idx.addDocument(doc('other', 'Completely unrelated gardening notes about roses.'));
    expect(Math.abs(idx.search({ query: 'travel', topK: 1 })[0].score - one)).toBeLessThan(0.05);
  });
  it('topK limits and ties break by documentId then chunkId', () => {
    const idx = new SearchIndex();
    for (const id of ['d3', 'd1', 'd2']) idx.addDocument(doc(id, 'identical text about budgets.'));
    const hits = idx.search({ query: 'budgets', topK: 2 });
    expect(ids(hits)).toEqual(['d1', 'd2']);
    expect(hits[0].score).toBe(hits[1].score);
  });
  it('filters: documentIds, language, fileType', () => {
    const idx = corpus();
    const q = { query: 'employees policy إجازة المدرسة', topK: 10 };
    expect(new Set(ids(idx.search({ ...q, documentIds: ['travel', 'school'] })))).toEqual(
      new Set(['travel', 'school']),
    );
    expect(ids(idx.search({ ...q, documentIds: ['nope'] }))).toEqual([]);
    expect(new Set(ids(idx.search({ ...q, language: 'ar' })))).toEqual(new Set(['leave', 'school']));
    expect(new Set(ids(idx.search({ ...q, language: 'en' })))).toEqual(new Set(['security', 'travel']));
    expect(idx.search({ ...q, language: 'auto' }).length).toBe(idx.search({ ...q, language: 'none' }).length);
    expect(ids(idx.search({ ...q, fileType: 'docx' }))).toEqual(['school']);
  });
  it('metadata filters: equality, array values, case-sensitivity, AND across keys', () => {
    const idx = corpus();
    const q = { query: 'employees policy إجازة المدرسة', topK: 10 };
    const m = (metadataFilters: Record<string, unknown>) =>
      new Set(ids(idx.search({ ...q, metadataFilters })));
    expect(m({ dept: 'hr' })).toEqual(new Set(['leave']));
    expect(m({ dept: 'HR' })).toEqual(new Set());
    expect(m({ dept: ['hr', 'it'] })).toEqual(new Set(['leave', 'security']));
    expect(m({ tags: 'policy' })).toEqual(new Set(['leave', 'security']));
    expect(m({ tags: ['news', 'leave'] })).toEqual(new Set(['leave', 'school']));
    expect(m({ year: 2024 })).toEqual(new Set(['leave', 'security'])); // '2024' (string) does not equal 2024
    expect(m({ year: 2024, dept: 'it' })).toEqual(new Set(['security']));
    expect(m({ missing: 'x' })).toEqual(new Set());
    expect(m({})).toEqual(m({}));
  });
  it('__proto__ / constructor keys in filters are harmless', () => {
    const idx = corpus();
    const q = { query: 'employees', topK: 10 };
    const evil = JSON.parse('{"__proto__": {"dept": "hr"}}') as Record<string, unknown>;
    expect(idx.search({ ...q, metadataFilters: evil })).toEqual([]);
    expect(idx.search({ ...q, metadataFilters: { constructor: 'Object' } })).toEqual([]);
    expect(idx.search({ ...q, metadataFilters: { toString: 'x' } })).toEqual([]);
    expect(({} as Record<string, unknown>).dept).toBeUndefined();
    const withProto = new SearchIndex();
    withProto.addDocument(
      doc('p', 'employees everywhere', {
        metadata: JSON.parse('{"__proto__": "yes"}') as Record<string, unknown>,
      }),
    );
    expect(
      ids(
        withProto.search({
          ...q,
          metadataFilters: JSON.parse('{"__proto__": "yes"}') as Record<string, unknown>,
        }),
      ),
    ).toEqual(['p']);
  });
  it('removeDocument removes it from results and stats; re-adding replaces', () => {
    const idx = corpus();
    const before = idx.stats();
    expect(idx.removeDocument('travel')).toBe(true);
    expect(idx.removeDocument('travel')).toBe(false);
    expect(idx.search({ query: 'travel expenses', topK: 5 })).toEqual([]);
    const after = idx.stats();
    expect(after.documents).toBe(before.documents - 1);
    expect(after.chunks).toBeLessThan(before.chunks);
    expect(after.approximateBytes).toBeLessThan(before.approximateBytes);
    idx.addDocument(doc('security', 'Now about travel only.'));
    expect(idx.stats().documents).toBe(3);
    expect(idx.search({ query: 'password', topK: 5 })).toEqual([]);
    expect(ids(idx.search({ query: 'travel', topK: 5 }))).toEqual(['security']);
  });
  it('queries of only stopwords fall back to them; empty queries return nothing', () => {
    const idx = corpus();
    expect(idx.search({ query: '   ', topK: 5 })).toEqual([]);
    expect(idx.search({ query: 'the', topK: 5 })).toEqual([]);
    expect(idx.search({ query: 'عبر', topK: 5 }).length).toBe(1);
  });
  it('is deterministic', () => {
    const a = corpus().search({ query: 'employees days إجازة', topK: 10 });
    const b = corpus().search({ query: 'employees days إجازة', topK: 10 });
    expect(a).toEqual(b);
  });
});

describe('SearchIndex pruning', () => {
  it('property: MaxScore pruning returns exactly the exhaustive top-k', async () => {
    const fc = (await import('fast-check')).default;
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'سلام', 'مدرسة', 'كتاب', 'قلم', 'نور'];
    const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 30 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, fc.constantFrom('', 'alpha report', 'كتاب')), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(0, 0.3, 0.6),
        (docs, query, topK, minScore) => {
          const pruned = new SearchIndex();
          const full = new SearchIndex({ exhaustive: true });
          docs.forEach(([body, title], i) => {
            const input = {
              documentId: `d${i % 7}-${i}`,
              title,
              chunks: [
                { chunkId: 'c0', text: body },
                { chunkId: 'c1', text: `${body} ${body}` },
              ],
            };
            pruned.addDocument(input);
            full.addDocument(input);
          });
          const q = { query: query.join(' '), topK, minScore };
          expect(pruned.search(q)).toEqual(full.search(q));
        },
      ),
      { numRuns: 400 },
    );
  });
});
