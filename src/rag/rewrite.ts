/**
 * `enable_rewrite_search_query`: a deterministic stand-in for the upstream's LLM query rewrite.
 *
 * 1. Normalise: drop harakat and tatweel, punctuation and question scaffolding (ما هي، كيف، هل، what is,
 *    how do I, please…), collapse spaces.
 * 2. Expand: each glossary entry whose every term occurs in the query appends its other-language
 *    equivalent (إجازة سنوية → annual leave, VPN → الشبكة الافتراضية الخاصة…), so an Arabic question can
 *    reach an English document and the reverse.
 * 3. Instructions: phrases quoted in `rewrite_search_query_instructions` ("…", “…” or «…») are
 *    appended as they are; the rest of the instructions is not interpreted.
 *
 * The rewritten query is what is searched (and what answers quote against); the admin search log
 * (`GET /_emulator/orgs/{id}/rag/searches`) shows it.
 */
import { tokenize } from './engine/normalize.js';

const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g;

const SCAFFOLDING = new Set(
  (
    'ما ماذا هي هو كيف كيفية هل متى أين اين لماذا كم أي اي من فضلك لو سمحت أريد اريد أود اود ممكن يمكنني أستطيع استطيع ' +
    'what whats how when where why which who is are was do does did can could i we you please tell me show find about the a an'
  ).split(' '),
);

/** [Arabic, English] pairs; matching is on normalised index terms, so ال/و prefixes and spelling vary freely. */
const GLOSSARY: readonly (readonly [string, string])[] = [
  ['إجازة سنوية', 'annual leave'],
  ['إجازة مرضية', 'sick leave'],
  ['إجازة', 'leave'],
  ['عمل عن بعد', 'remote work'],
  ['راتب', 'salary'],
  ['مصروفات', 'expenses'],
  ['سفر', 'travel'],
  ['سياسة', 'policy'],
  ['خصوصية', 'privacy'],
  ['الاحتفاظ بالبيانات', 'data retention'],
  ['بيانات', 'data'],
  ['كلمة المرور', 'password'],
  ['التحقق الثنائي', 'MFA'],
  ['المصادقة متعددة العوامل', 'multi-factor authentication'],
  ['رمز التحقق', 'OTP'],
  ['تصيد', 'phishing'],
  ['الشبكة الافتراضية الخاصة', 'VPN'],
  ['واي فاي', 'Wi-Fi'],
  ['راوتر', 'router'],
  ['جهاز التوجيه', 'router'],
  ['شريحة', 'SIM'],
  ['شريحة إلكترونية', 'eSIM'],
  ['تجوال', 'roaming'],
  ['الجيل الخامس', '5G'],
  ['تغطية', 'coverage'],
  ['فاتورة', 'invoice'],
  ['دفع', 'payment'],
  ['استرداد', 'refund'],
  ['تحويل', 'transfer'],
  ['رقم الآيبان', 'IBAN'],
  ['الدفع اللاتلامسي', 'NFC'],
  ['نقاط البيع', 'POS'],
  ['رمز الاستجابة السريعة', 'QR code'],
  ['واجهة برمجة التطبيقات', 'API'],
  ['رموز الأخطاء', 'error codes'],
  ['خطأ', 'error'],
  ['مفتاح', 'key'],
  ['نخيل', 'date palm'],
  ['تمر', 'dates'],
  ['تحلية المياه', 'desalination'],
  ['سكة حديد الحجاز', 'Hejaz railway'],
  ['بيان صحفي', 'press release'],
  ['جدة', 'Jeddah'],
  ['تدريب', 'training'],
  ['أمن المعلومات', 'information security'],
];

interface GlossaryEntry {
  terms: [readonly string[], readonly string[]];
  phrases: readonly [string, string];
}

const terms = (s: string): string[] => tokenize(s, { normalize: true, keepStopwords: true });
const ENTRIES: readonly GlossaryEntry[] = GLOSSARY.map((pair) => ({
  terms: [terms(pair[0]), terms(pair[1])],
  phrases: pair,
}));

export interface Rewrite {
  query: string;
  /** Glossary phrases and quoted instruction phrases that were appended, in order. */
  added: string[];
}

/** The searched query; never empty (falls back to the original when normalising removed everything). */
export function rewriteQuery(query: string, instructions: string | undefined): Rewrite {
  const words = query
    .replace(DIACRITICS, '')
    .split(/[^\p{L}\p{M}\p{N}_-]+/u)
    .filter((w) => w !== '' && !SCAFFOLDING.has(w.toLowerCase()));
  const base = words.length > 0 ? words.join(' ') : query.trim();
  const present = new Set(terms(base));
  const added: string[] = [];
  const seen = new Set<string>();
  for (const entry of ENTRIES) {
    for (const side of [0, 1] as const) {
      const other = entry.phrases[1 - side];
      if (entry.terms[side].length === 0 || !entry.terms[side].every((t) => present.has(t))) continue;
      if (entry.terms[1 - side].every((t) => present.has(t)) || seen.has(other)) continue;
      seen.add(other);
      added.push(other);
    }
  }
  for (const quoted of quotedPhrases(instructions ?? '')) {
    const phrase = quoted.trim();
    if (phrase !== '' && !seen.has(phrase)) {
      seen.add(phrase);
      added.push(phrase);
    }
  }
  return { query: [base, ...added].join(' '), added };
}

const QUOTES: Readonly<Record<string, string>> = { '"': '"', '“': '”', '«': '»' };

/** Phrases in "…", “…” or «…», left to right; one pass (an unclosed quote is not searched for again). */
function quotedPhrases(text: string): string[] {
  const out: string[] = [];
  const unclosed = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const close = QUOTES[text[i]];
    if (close === undefined || unclosed.has(close)) continue;
    const end = text.indexOf(close, i + 1);
    if (end === -1) unclosed.add(close);
    else if (end > i + 1) {
      out.push(text.slice(i + 1, end));
      i = end;
    }
  }
  return out;
}
