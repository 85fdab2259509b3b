/**
 * Text normalisation and tokenisation for the RAG index (Arabic + English).
 *
 * Arabic text varies in spelling far more than it varies in meaning: the same
 * word appears with or without harakat, with different alef forms, with a
 * clitic conjunction/preposition/article glued on. Queries and documents are
 * run through the same pipeline so that these variants meet on one index term.
 */
import { stemmer } from 'stemmer';

// Harakat and other combining marks (U+064B–U+065F), superscript alef (U+0670),
// Quranic annotation marks (U+0610–U+061A, U+06D6–U+06DC, U+06DF–U+06E8, U+06EA–U+06ED)
// and tatweel (U+0640). Removing them never changes which word is meant for search.
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
// Single-character substitutions (alef forms, alef maqsura, teh marbuta, hamza
// carriers, Persian yeh/keheh that leak into Arabic text, Arabic-Indic/Persian digits).
const CHAR_MAP: ReadonlyMap<string, string> = new Map([
  ['\u0623', '\u0627'], // أ → ا
  ['\u0625', '\u0627'], // إ → ا
  ['\u0622', '\u0627'], // آ → ا
  ['\u0671', '\u0627'], // ٱ → ا
  ['\u0649', '\u064A'], // ى → ي
  ['\u0629', '\u0647'], // ة → ه
  ['\u0624', '\u0648'], // ؤ → و
  ['\u0626', '\u064A'], // ئ → ي
  ['\u06CC', '\u064A'], // ی (Persian yeh) → ي
  ['\u06A9', '\u0643'], // ک (keheh) → ك
  ...Array.from({ length: 10 }, (_, d) => [String.fromCharCode(0x0660 + d), String(d)] as [string, string]),
  ...Array.from({ length: 10 }, (_, d) => [String.fromCharCode(0x06f0 + d), String(d)] as [string, string]),
]);
const MAPPED_CHARS = new RegExp(`[${[...CHAR_MAP.keys()].join('')}]`, 'g');

/** Orthographic normalisation of Arabic text; non-Arabic characters are left as they are. */
export function normalizeArabic(text: string): string {
  return text.replace(DIACRITICS, '').replace(MAPPED_CHARS, (c) => CHAR_MAP.get(c) ?? c);
}

// Clitic prefixes, longest first. "لل" is ل + ال with the alef elided (للمدرسة).
const ARTICLE_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
// Suffixes (after normalisation, so ة is already ه). Plurals/duals and attached pronouns.
const SUFFIXES_2 = ['ات', 'ون', 'ين', 'ان', 'ها', 'هم', 'هن', 'كم', 'نا', 'يه'];

/**
 * Light stemming in the spirit of Larkey's light10: strip one clitic prefix and
 * one suffix, never leaving fewer than 3 letters (2 for the article case would
 * merge too many short words). Conservative on purpose: over-stemming Arabic
 * merges unrelated roots, under-stemming only costs some recall.
 */
export function stemArabic(word: string): string {
  let w = word;
  let stripped = false;
  for (const p of ARTICLE_PREFIXES) {
    if (w.startsWith(p) && w.length - p.length >= 3) {
      w = w.slice(p.length);
      stripped = true;
      break;
    }
  }
  if (!stripped) {
    const c = w[0];
    // و/ف are conjunctions (frequent, stem must keep ≥ 3 letters); ب/ك/ل are
    // prepositions that also begin many nouns, so they need a longer remainder.
    if ((c === 'و' || c === 'ف') && w.length >= 4) w = w.slice(1);
    else if ((c === 'ب' || c === 'ك' || c === 'ل') && w.length >= 5) w = w.slice(1);
  }
  if (w.length >= 5) {
    for (const s of SUFFIXES_2) {
      if (w.endsWith(s)) return w.slice(0, -2);
    }
  }
  if (w.length >= 4 && w.endsWith('ه')) return w.slice(0, -1);
  return w;
}

const AR_STOPWORDS_RAW = [
  'في',
  'من',
  'إلى',
  'الى',
  'على',
  'عن',
  'مع',
  'هذا',
  'هذه',
  'ذلك',
  'تلك',
  'التي',
  'الذي',
  'الذين',
  'أن',
  'إن',
  'أو',
  'ثم',
  'كل',
  'ما',
  'لا',
  'لم',
  'لن',
  'قد',
  'هو',
  'هي',
  'هم',
  'كان',
  'كانت',
  'يكون',
  'و',
  'ف',
  'ب',
  'ل',
  'ك',
  'أي',
  'بين',
  'عند',
  'حتى',
  'إذا',
  'كما',
  'لكن',
  'بعد',
  'قبل',
  'منذ',
  'عليه',
  'فيه',
  'فيها',
  'به',
  'بها',
  'له',
  'لها',
  'هل',
  'كيف',
  'متى',
  'أين',
  'ماذا',
  'لماذا',
  'هناك',
  'أيضا',
];
const EN_STOPWORDS = [
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'of',
  'to',
  'in',
  'on',
  'at',
  'for',
  'with',
  'by',
  'from',
  'as',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  'do',
  'does',
  'did',
  'not',
  'no',
  'can',
  'will',
  'would',
  'what',
  'which',
  'who',
  'whom',
  'how',
  'when',
  'where',
  'why',
  'if',
  'then',
  'so',
  'than',
  'there',
  'about',
  'into',
  'has',
  'have',
  'had',
  'my',
  'our',
  'your',
  'their',
  'me',
  'us',
  'them',
];
/** Stopwords in normalised (not stemmed) form. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...AR_STOPWORDS_RAW.map(normalizeArabic),
  ...EN_STOPWORDS,
]);

export interface TokenizeOptions {
  /** Full pipeline (NFKC, Arabic normalisation, stopwords, stemming). `false` = lowercase + split only. */
  normalize: boolean;
  /** Keep stopwords (used when a query consists only of stopwords). Default false. */
  keepStopwords?: boolean;
}

// Letters, digits and combining marks stay inside one token; the raw mode keeps
// harakat attached so that the comparison without normalisation is honest.
const RAW_TOKEN = /[\p{L}\p{M}\p{N}]+/gu;
const NORM_TOKEN = /[\p{L}\p{N}]+/gu;
const ARABIC_LETTER = /[\u0621-\u064A]/;
const NEEDS_NFKC = /[^\t\n\r -~\u0600-\u06FF\u200C-\u200F\u2013-\u201D]/;
const LATIN_WORD = /^[a-z]+$/;

// Stemming dominates tokenisation time; vocabularies are Zipfian so a bounded memo pays off.
const STEM_CACHE_MAX = 200_000;
const stemCache = new Map<string, string>();

function stemToken(token: string): string {
  const hit = stemCache.get(token);
  if (hit !== undefined) return hit;
  let out = token;
  if (ARABIC_LETTER.test(token)) out = stemArabic(token);
  else if (LATIN_WORD.test(token) && token.length > 2) out = stemmer(token);
  if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
  stemCache.set(token, out);
  return out;
}

/** Splits text into index terms. Deterministic; the same function serves documents and queries. */
export function tokenize(text: string, options: TokenizeOptions): string[] {
  if (!options.normalize) return text.toLowerCase().match(RAW_TOKEN) ?? [];
  // NFKC folds presentation forms and ligatures (PDF extraction); skipped when
  // the text is only ASCII + the basic Arabic block, where it cannot change
  // anything the rest of the pipeline keeps (it is a large share of indexing time).
  const folded = NEEDS_NFKC.test(text) ? text.normalize('NFKC') : text;
  const prepared = normalizeArabic(folded.toLowerCase());
  const out: string[] = [];
  // `match` gives the tokens as strings; `matchAll` allocated a match object per token (a hot spot).
  for (const token of prepared.match(NORM_TOKEN) ?? []) {
    if (!options.keepStopwords && STOPWORDS.has(token)) continue;
    const stem = stemToken(token);
    if (stem.length > 0) out.push(stem);
  }
  return out;
}
