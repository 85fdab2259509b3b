import { describe, expect, it } from 'vitest';
import { analyze, MAX_WORK_SECONDS, MIN_WORK_SECONDS, workSecondsFor } from './analyze.js';
import { composeAnswer } from './answer.js';
import { SearchIndex } from './search-index.js';
import { NOT_FOUND, splitSentences } from './sentences.js';

function index(): SearchIndex {
  const idx = new SearchIndex();
  const add = (documentId: string, title: string, text: string) =>
    idx.addDocument({ documentId, title, chunks: [{ chunkId: `${documentId}:0`, text }] });
  add(
    'leave',
    'سياسة الإجازات',
    'يحق للموظف إجازة سنوية مدتها ثلاثون يوما. تقدم طلبات الإجازة قبل أسبوعين. يعمل المكتب من الأحد إلى الخميس.',
  );
  add(
    'hr-faq',
    'أسئلة الموارد البشرية',
    'الإجازة المرضية تتطلب تقريرا طبيا. الإجازة السنوية لا تنقل إلى العام التالي. الرواتب تصرف شهريا.',
  );
  add(
    'security',
    'Security',
    'Passwords expire every ninety days. Security training is annual. The office opens at eight.',
  );
  add(
    'travel',
    'Travel',
    'Annual travel budgets are approved in January. Security of travellers is the priority. Flights are booked centrally.',
  );
  return idx;
}

/** Every "sentence [n]" pair must quote hit n verbatim. */
function expectGrounded(answer: string, hits: { text: string }[]): void {
  const parts = [...answer.matchAll(/(.+?) \[(\d+)\]/gs)];
  expect(parts.length).toBeGreaterThan(0);
  for (const [, sentence, n] of parts) {
    const pos = Number(n);
    expect(pos).toBeGreaterThanOrEqual(1);
    expect(pos).toBeLessThanOrEqual(hits.length);
    const cleaned = sentence.replace(/^\s*(-|\d+\.\s.*\n\s*-)\s*/s, '').trim();
    expect(splitSentences(hits[pos - 1].text)).toContain(cleaned);
  }
}

describe('composeAnswer', () => {
  it('quotes relevant sentences from the hits with their result positions', () => {
    const query = 'كم مدة الإجازة السنوية؟';
    const hits = index().search({ query, topK: 5 });
    const { answer, citations } = composeAnswer(query, hits, { language: 'auto' });
    expectGrounded(answer, hits);
    expect(answer).toContain('يحق للموظف إجازة سنوية مدتها ثلاثون يوما.');
    expect(answer).not.toContain('يعمل المكتب');
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c >= 1 && c <= hits.length)).toBe(true);
    for (const c of citations) expect(answer).toContain(`[${c}]`);
  });
  it('works in English and is deterministic', () => {
    const query = 'when do passwords expire';
    const hits = index().search({ query, topK: 5 });
    const a = composeAnswer(query, hits);
    expect(a.answer).toBe('Passwords expire every ninety days. [1]');
    expect(a.citations).toEqual([1]);
    expect(composeAnswer(query, hits)).toEqual(a);
  });
  it('answers honestly when nothing relevant was retrieved', () => {
    expect(composeAnswer('ما هي سياسة السفر؟', [])).toEqual({ answer: NOT_FOUND.ar, citations: [] });
    expect(composeAnswer('What is the travel policy?', [])).toEqual({ answer: NOT_FOUND.en, citations: [] });
    const weak = [
      { documentId: 'x', chunkId: 'x:0', score: 0.05, text: 'The travel policy is strict.', title: '' },
    ];
    expect(composeAnswer('travel policy', weak).answer).toBe(NOT_FOUND.en);
    const unrelated = [
      { documentId: 'x', chunkId: 'x:0', score: 0.9, text: 'Nothing to see here.', title: '' },
    ];
    expect(composeAnswer('travel policy', unrelated).answer).toBe(NOT_FOUND.en);
    expect(composeAnswer('travel policy', [], { language: 'ar' }).answer).toBe(NOT_FOUND.ar);
  });
});

describe('analyze', () => {
  it('reports per-document findings and a synthesis, grounded and cited', () => {
    const query = 'الإجازة السنوية';
    const hits = index().search({ query, topK: 5 });
    const result = analyze(query, hits, { language: 'ar' });
    expect(result.answer).toContain('النتائج حسب المستند:');
    expect(result.answer).toContain('سياسة الإجازات');
    expect(result.answer).toContain('أسئلة الموارد البشرية');
    expect(result.answer).toContain('التحليل المشترك:');
    expect(result.documentsAnalyzed).toBe(2);
    expect(result.citations.every((c) => c >= 1 && c <= hits.length)).toBe(true);
    for (const line of result.answer.split('\n').filter((l) => /\[\d+\]$/.test(l))) {
      const [, sentence, n] = /^\s*- (.+) \[(\d+)\]$/.exec(line)!;
      expect(splitSentences(hits[Number(n) - 1].text)).toContain(sentence);
    }
  });
  it('names agreements and gaps in English', () => {
    const query = 'annual security unicorns';
    const hits = index().search({ query, topK: 5 });
    const { answer } = analyze(query, hits, { language: 'en' });
    expect(answer).toMatch(/Query terms addressed by several documents: .*security/);
    expect(answer).toContain('Not addressed by the documents: unicorns');
  });
  it('workSeconds stays within 5–30 and grows with input', () => {
    const idx = index();
    const small = analyze('passwords', idx.search({ query: 'passwords', topK: 5 }));
    const large = analyze(
      'annual security الإجازة',
      idx.search({ query: 'annual security الإجازة', topK: 10 }),
    );
    expect(small.workSeconds).toBeGreaterThanOrEqual(MIN_WORK_SECONDS);
    expect(large.workSeconds).toBeGreaterThan(small.workSeconds);
    expect(large.workSeconds).toBeLessThanOrEqual(MAX_WORK_SECONDS);
    expect(workSecondsFor(0, 0)).toBe(5);
    expect(workSecondsFor(1, 800)).toBe(6.9);
    expect(workSecondsFor(100, 1e6)).toBe(30);
    for (let d = 0; d < 30; d++)
      expect(workSecondsFor(d + 1, 1000)).toBeGreaterThanOrEqual(workSecondsFor(d, 1000));
  });
  it('no relevant hits → honest message, minimum work', () => {
    const r = analyze('travel policy', []);
    expect(r).toEqual({ answer: NOT_FOUND.en, citations: [], workSeconds: 5, documentsAnalyzed: 0 });
  });
  it('is deterministic', () => {
    const hits = index().search({ query: 'annual', topK: 5 });
    expect(analyze('annual', hits)).toEqual(analyze('annual', hits));
  });
});
