import { describe, expect, it } from 'vitest';
import { normalizeArabic, stemArabic, STOPWORDS, tokenize } from './normalize.js';

const N = { normalize: true } as const;

describe('normalizeArabic', () => {
  it('removes harakat, shadda, sukun and superscript alef', () => {
    expect(normalizeArabic('مَدْرَسَةٌ')).toBe('مدرسه');
    expect(normalizeArabic('هٰذا')).toBe('هذا');
  });
  it('removes tatweel and Quranic marks', () => {
    expect(normalizeArabic('كتـــاب')).toBe('كتاب');
    expect(normalizeArabic('الرحيم\u06DA')).toBe('الرحيم');
  });
  it('unifies alef forms', () => {
    expect(normalizeArabic('أ إ آ ٱ ا')).toBe('ا ا ا ا ا');
  });
  it('maps alef maqsura to yeh and teh marbuta to heh', () => {
    expect(normalizeArabic('مستشفى')).toBe('مستشفي');
    expect(normalizeArabic('جامعة')).toBe('جامعه');
  });
  it('maps hamza on waw/yeh to the bare letters', () => {
    expect(normalizeArabic('مؤتمر')).toBe('موتمر');
    expect(normalizeArabic('رئيس')).toBe('رييس');
  });
  it('converts Arabic-Indic and Persian digits to ASCII', () => {
    expect(normalizeArabic('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });
  it('leaves Latin text alone', () => {
    expect(normalizeArabic('Hello World 42')).toBe('Hello World 42');
  });
});

describe('stemArabic / tokenize', () => {
  it('strips article and conjunction prefixes to a common stem', () => {
    const stem = tokenize('مدرسة', N)[0];
    for (const w of ['المدرسة', 'والمدرسة', 'بالمدرسة', 'للمدرسة', 'فالمدرسة', 'كالمدرسة']) {
      expect(tokenize(w, N)).toEqual([stem]);
    }
  });
  it('keeps short words intact', () => {
    expect(stemArabic('ولد')).toBe('ولد');
    expect(stemArabic('الم')).toBe('الم');
    expect(stemArabic('كتاب')).toBe('كتاب');
  });
  it('strips plural suffixes conservatively', () => {
    expect(tokenize('المعلمون', N)).toEqual(tokenize('معلم', N));
    expect(tokenize('الموظفين', N)).toEqual(tokenize('موظف', N));
  });
  it('is invariant to diacritics, alef forms and digits', () => {
    expect(tokenize('إِدَارَةُ الْمَوَارِدِ ٢٠٢٤', N)).toEqual(tokenize('ادارة الموارد 2024', N));
  });
  it('stems English with Porter and lowercases', () => {
    expect(tokenize('Running', N)).toEqual(tokenize('run', N));
    expect(tokenize('POLICIES', N)).toEqual(tokenize('policy', N));
  });
  it('drops stopwords in both languages', () => {
    expect(tokenize('the policy of the company', N)).toEqual(tokenize('policy company', N));
    expect(tokenize('في المدرسة من هذا', N)).toEqual(tokenize('المدرسة', N));
    expect(STOPWORDS.has('الي')).toBe(true); // إلى, normalised
  });
  it('keepStopwords keeps them', () => {
    expect(tokenize('the', { normalize: true, keepStopwords: true })).toEqual(['the']);
  });
  it('normalize:false only lowercases and splits (diacritics stay attached)', () => {
    expect(tokenize('Running والمَدرسة', { normalize: false })).toEqual(['running', 'والمَدرسة']);
  });
  it('folds Arabic presentation forms (NFKC)', () => {
    expect(tokenize('\uFEE3\uFEAE\uFEA3\uFE92\uFE8E', N)).toEqual(tokenize('مرحبا', N));
  });
});
