/**
 * Language identification for the two languages the engine indexes.
 *
 * Only Arabic (`ar`) and English (`en`) are recognised. Everything else —
 * Persian/Urdu (Arabic script), French/German/… (Latin script), CJK, text
 * without letters — is reported as `und` (undetermined), so callers never
 * apply Arabic or English rules to a language they were not designed for.
 */
import { normalizeArabic } from './normalize.js';

export type DetectedLanguage = 'ar' | 'en' | 'und';

function isArabicLetter(c: number): boolean {
  return (
    (c >= 0x0620 && c <= 0x064a) ||
    (c >= 0x066e && c <= 0x06d3) ||
    (c >= 0x06fa && c <= 0x06ff) ||
    (c >= 0x0750 && c <= 0x077f) ||
    (c >= 0x08a0 && c <= 0x08ff) ||
    (c >= 0xfb50 && c <= 0xfdff) ||
    (c >= 0xfe70 && c <= 0xfefc)
  );
}
const LETTER = /\p{L}/u;
// Letters used by Persian/Urdu but not by Arabic.
const PERSIAN_URDU = /[\u067E\u0686\u0698\u06AF\u06CC\u0679\u0688\u0691\u06BA\u06D2]/gu;

const AR_COMMON = new Set(
  [
    'في',
    'من',
    'إلى',
    'على',
    'عن',
    'أن',
    'هذا',
    'هذه',
    'التي',
    'الذي',
    'مع',
    'كان',
    'لا',
    'ما',
    'هو',
    'هي',
    'أو',
    'ثم',
    'قد',
    'كل',
    'بين',
    'عند',
  ].map(normalizeArabic),
);
const EN_COMMON = new Set([
  'the',
  'and',
  'of',
  'to',
  'in',
  'is',
  'are',
  'for',
  'with',
  'on',
  'that',
  'this',
  'it',
  'be',
  'by',
  'as',
  'or',
  'an',
  'a',
  'was',
  'were',
  'from',
  'at',
  'not',
  'have',
  'has',
  'what',
  'how',
  'which',
  'can',
]);

/** Below this many words there is too little text for common-word evidence; script decides alone. */
const SHORT_TEXT_WORDS = 4;
/** Share of common words an English/Arabic text of some length practically always exceeds. */
const MIN_COMMON_RATIO = 0.05;

function countScripts(sample: string): { arabic: number; latin: number; letters: number } {
  let arabic = 0;
  let latin = 0;
  let letters = 0;
  // Char-code ranges instead of a regex per character: this runs on every indexed chunk.
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 0x41) continue;
    if (
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7)
    ) {
      latin++;
      letters++;
    } else if (isArabicLetter(c)) {
      arabic++;
      letters++;
    } else if (c > 0x24f && LETTER.test(sample[i])) {
      letters++;
    }
  }
  return { arabic, latin, letters };
}

/**
 * Script majority only (no word evidence): cheap enough for every chunk at
 * indexing time, where the document's declared language is the main signal
 * and this only labels chunks of mixed documents.
 */
export function scriptLanguage(text: string): DetectedLanguage {
  const { arabic, latin, letters } = countScripts(text);
  if (letters === 0) return 'und';
  return arabic / letters >= 0.6 ? 'ar' : latin / letters >= 0.6 ? 'en' : 'und';
}

/**
 * Script ratio first (the script with ≥ 60 % of the letters wins), then
 * common-word evidence for longer texts, because script alone cannot tell
 * English from French or Arabic from Persian.
 */
export function detectLanguage(text: string): DetectedLanguage {
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text;
  const { arabic, latin, letters } = countScripts(sample);
  if (letters === 0) return 'und';
  const words = normalizeArabic(sample.toLowerCase()).match(/[\p{L}]+/gu) ?? [];
  if (arabic / letters >= 0.6) {
    const persian = sample.match(PERSIAN_URDU)?.length ?? 0;
    const common = words.filter((w) => AR_COMMON.has(w)).length;
    if (persian > 0 && persian / arabic > 0.02 && common / Math.max(1, words.length) < 2 * MIN_COMMON_RATIO)
      return 'und';
    if (words.length < SHORT_TEXT_WORDS) return 'ar';
    return common / words.length >= MIN_COMMON_RATIO || persian === 0 ? 'ar' : 'und';
  }
  if (latin / letters >= 0.6) {
    if (words.length < SHORT_TEXT_WORDS) return 'en';
    const common = words.filter((w) => EN_COMMON.has(w)).length;
    return common / words.length >= MIN_COMMON_RATIO ? 'en' : 'und';
  }
  return 'und';
}
