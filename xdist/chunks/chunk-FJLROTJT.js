import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/rag/engine/errors.ts
var DocumentError = class extends Error {
  constructor(code, message, options) {
    super(message, options);
    this.code = code;
    this.details = options?.details;
  }
  code;
  name = "DocumentError";
  /** Plain data for the caller, e.g. which limit was exceeded (crosses the worker-thread boundary). */
  details;
};

// src/rag/engine/chunk.ts
var DEFAULT_CHUNK_SIZE = 800;
var DEFAULT_CHUNK_OVERLAP = 150;
var BREAKS = [
  /\n\s*\n/g,
  // paragraph
  /[.!?؟؛…]["'”’)\]]*\s|\n/g,
  // sentence or line
  /[،,;:]\s/g,
  // clause
  /\s/g
  // word
];
function lastBreak(text, from, to, re) {
  const window = text.slice(from, to);
  let best = -1;
  re.lastIndex = 0;
  for (let m = re.exec(window); m !== null; m = re.exec(window)) {
    best = from + m.index + m[0].length;
    if (m[0].length === 0) re.lastIndex++;
  }
  return best;
}
function firstBreak(text, from, to, re) {
  re.lastIndex = 0;
  const m = re.exec(text.slice(from, to));
  return m === null ? -1 : from + m.index + m[0].length;
}
function isSpace(ch) {
  return ch !== void 0 && /\s/.test(ch);
}
function chunkText(text, options = {}) {
  const size = options.size ?? DEFAULT_CHUNK_SIZE;
  const overlap = options.overlap ?? DEFAULT_CHUNK_OVERLAP;
  if (!Number.isInteger(size) || size < 1) throw new RangeError("chunk size must be a positive integer");
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size) {
    throw new RangeError("chunk overlap must be an integer in [0, size)");
  }
  const chunks = [];
  let pos = 0;
  while (pos < text.length) {
    while (pos < text.length && isSpace(text[pos])) pos++;
    if (pos >= text.length) break;
    let end = Math.min(pos + size, text.length);
    if (end < text.length) {
      const minEnd = pos + Math.floor(size / 2);
      for (const re of BREAKS) {
        const b = lastBreak(text, minEnd, end, re);
        if (b > minEnd) {
          end = b;
          break;
        }
      }
    }
    let trimmedEnd = end;
    while (trimmedEnd > pos && isSpace(text[trimmedEnd - 1])) trimmedEnd--;
    chunks.push({ index: chunks.length, text: text.slice(pos, trimmedEnd), start: pos, end: trimmedEnd });
    if (end >= text.length) break;
    pos = nextStart(text, pos, end, overlap);
  }
  return chunks;
}
function nextStart(text, prevStart, end, overlap) {
  if (overlap === 0) return end;
  const from = Math.max(prevStart + 1, end - overlap);
  for (const re of BREAKS.slice(0, 2)) {
    const b = firstBreak(text, from, end, re);
    if (b !== -1 && b < end) return b;
  }
  const w = from > 0 && !isSpace(text[from - 1]) ? firstBreak(text, from, end, BREAKS[3]) : from;
  return w === -1 || w >= end ? from : w;
}

// node_modules/stemmer/index.js
var step2list = {
  ational: "ate",
  tional: "tion",
  enci: "ence",
  anci: "ance",
  izer: "ize",
  bli: "ble",
  alli: "al",
  entli: "ent",
  eli: "e",
  ousli: "ous",
  ization: "ize",
  ation: "ate",
  ator: "ate",
  alism: "al",
  iveness: "ive",
  fulness: "ful",
  ousness: "ous",
  aliti: "al",
  iviti: "ive",
  biliti: "ble",
  logi: "log"
};
var step3list = {
  icate: "ic",
  ative: "",
  alize: "al",
  iciti: "ic",
  ical: "ic",
  ful: "",
  ness: ""
};
var consonant = "[^aeiou]";
var vowel = "[aeiouy]";
var consonants = "(" + consonant + "[^aeiouy]*)";
var vowels = "(" + vowel + "[aeiou]*)";
var gt0 = new RegExp("^" + consonants + "?" + vowels + consonants);
var eq1 = new RegExp(
  "^" + consonants + "?" + vowels + consonants + vowels + "?$"
);
var gt1 = new RegExp("^" + consonants + "?(" + vowels + consonants + "){2,}");
var vowelInStem = new RegExp("^" + consonants + "?" + vowel);
var consonantLike = new RegExp("^" + consonants + vowel + "[^aeiouwxy]$");
var sfxLl = /ll$/;
var sfxE = /^(.+?)e$/;
var sfxY = /^(.+?)y$/;
var sfxIon = /^(.+?(s|t))(ion)$/;
var sfxEdOrIng = /^(.+?)(ed|ing)$/;
var sfxAtOrBlOrIz = /(at|bl|iz)$/;
var sfxEED = /^(.+?)eed$/;
var sfxS = /^.+?[^s]s$/;
var sfxSsesOrIes = /^.+?(ss|i)es$/;
var sfxMultiConsonantLike = /([^aeiouylsz])\1$/;
var step2 = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
var step3 = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
var step4 = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
function stemmer(value) {
  let result = String(value).toLowerCase();
  if (result.length < 3) {
    return result;
  }
  let firstCharacterWasLowerCaseY = false;
  if (result.codePointAt(0) === 121) {
    firstCharacterWasLowerCaseY = true;
    result = "Y" + result.slice(1);
  }
  if (sfxSsesOrIes.test(result)) {
    result = result.slice(0, -2);
  } else if (sfxS.test(result)) {
    result = result.slice(0, -1);
  }
  let match;
  if (match = sfxEED.exec(result)) {
    if (gt0.test(match[1])) {
      result = result.slice(0, -1);
    }
  } else if ((match = sfxEdOrIng.exec(result)) && vowelInStem.test(match[1])) {
    result = match[1];
    if (sfxAtOrBlOrIz.test(result)) {
      result += "e";
    } else if (sfxMultiConsonantLike.test(result)) {
      result = result.slice(0, -1);
    } else if (consonantLike.test(result)) {
      result += "e";
    }
  }
  if ((match = sfxY.exec(result)) && vowelInStem.test(match[1])) {
    result = match[1] + "i";
  }
  if ((match = step2.exec(result)) && gt0.test(match[1])) {
    result = match[1] + step2list[match[2]];
  }
  if ((match = step3.exec(result)) && gt0.test(match[1])) {
    result = match[1] + step3list[match[2]];
  }
  if (match = step4.exec(result)) {
    if (gt1.test(match[1])) {
      result = match[1];
    }
  } else if ((match = sfxIon.exec(result)) && gt1.test(match[1])) {
    result = match[1];
  }
  if ((match = sfxE.exec(result)) && (gt1.test(match[1]) || eq1.test(match[1]) && !consonantLike.test(match[1]))) {
    result = match[1];
  }
  if (sfxLl.test(result) && gt1.test(result)) {
    result = result.slice(0, -1);
  }
  if (firstCharacterWasLowerCaseY) {
    result = "y" + result.slice(1);
  }
  return result;
}

// src/rag/engine/normalize.ts
var DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
var CHAR_MAP = new Map([
  ["\u0623", "\u0627"],
  // أ → ا
  ["\u0625", "\u0627"],
  // إ → ا
  ["\u0622", "\u0627"],
  // آ → ا
  ["\u0671", "\u0627"],
  // ٱ → ا
  ["\u0649", "\u064A"],
  // ى → ي
  ["\u0629", "\u0647"],
  // ة → ه
  ["\u0624", "\u0648"],
  // ؤ → و
  ["\u0626", "\u064A"],
  // ئ → ي
  ["\u06CC", "\u064A"],
  // ی (Persian yeh) → ي
  ["\u06A9", "\u0643"],
  // ک (keheh) → ك
  ...Array.from({ length: 10 }, (_, d) => [String.fromCharCode(1632 + d), String(d)]),
  ...Array.from({ length: 10 }, (_, d) => [String.fromCharCode(1776 + d), String(d)])
]);
var MAPPED_CHARS = new RegExp(`[${[...CHAR_MAP.keys()].join("")}]`, "g");
function normalizeArabic(text) {
  return text.replace(DIACRITICS, "").replace(MAPPED_CHARS, (c) => CHAR_MAP.get(c) ?? c);
}
var ARTICLE_PREFIXES = ["\u0648\u0627\u0644", "\u0628\u0627\u0644", "\u0643\u0627\u0644", "\u0641\u0627\u0644", "\u0644\u0644", "\u0627\u0644"];
var SUFFIXES_2 = ["\u0627\u062A", "\u0648\u0646", "\u064A\u0646", "\u0627\u0646", "\u0647\u0627", "\u0647\u0645", "\u0647\u0646", "\u0643\u0645", "\u0646\u0627", "\u064A\u0647"];
function stemArabic(word) {
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
    if ((c === "\u0648" || c === "\u0641") && w.length >= 4) w = w.slice(1);
    else if ((c === "\u0628" || c === "\u0643" || c === "\u0644") && w.length >= 5) w = w.slice(1);
  }
  if (w.length >= 5) {
    for (const s of SUFFIXES_2) {
      if (w.endsWith(s)) return w.slice(0, -2);
    }
  }
  if (w.length >= 4 && w.endsWith("\u0647")) return w.slice(0, -1);
  return w;
}
var AR_STOPWORDS_RAW = [
  "\u0641\u064A",
  "\u0645\u0646",
  "\u0625\u0644\u0649",
  "\u0627\u0644\u0649",
  "\u0639\u0644\u0649",
  "\u0639\u0646",
  "\u0645\u0639",
  "\u0647\u0630\u0627",
  "\u0647\u0630\u0647",
  "\u0630\u0644\u0643",
  "\u062A\u0644\u0643",
  "\u0627\u0644\u062A\u064A",
  "\u0627\u0644\u0630\u064A",
  "\u0627\u0644\u0630\u064A\u0646",
  "\u0623\u0646",
  "\u0625\u0646",
  "\u0623\u0648",
  "\u062B\u0645",
  "\u0643\u0644",
  "\u0645\u0627",
  "\u0644\u0627",
  "\u0644\u0645",
  "\u0644\u0646",
  "\u0642\u062F",
  "\u0647\u0648",
  "\u0647\u064A",
  "\u0647\u0645",
  "\u0643\u0627\u0646",
  "\u0643\u0627\u0646\u062A",
  "\u064A\u0643\u0648\u0646",
  "\u0648",
  "\u0641",
  "\u0628",
  "\u0644",
  "\u0643",
  "\u0623\u064A",
  "\u0628\u064A\u0646",
  "\u0639\u0646\u062F",
  "\u062D\u062A\u0649",
  "\u0625\u0630\u0627",
  "\u0643\u0645\u0627",
  "\u0644\u0643\u0646",
  "\u0628\u0639\u062F",
  "\u0642\u0628\u0644",
  "\u0645\u0646\u0630",
  "\u0639\u0644\u064A\u0647",
  "\u0641\u064A\u0647",
  "\u0641\u064A\u0647\u0627",
  "\u0628\u0647",
  "\u0628\u0647\u0627",
  "\u0644\u0647",
  "\u0644\u0647\u0627",
  "\u0647\u0644",
  "\u0643\u064A\u0641",
  "\u0645\u062A\u0649",
  "\u0623\u064A\u0646",
  "\u0645\u0627\u0630\u0627",
  "\u0644\u0645\u0627\u0630\u0627",
  "\u0647\u0646\u0627\u0643",
  "\u0623\u064A\u0636\u0627"
];
var EN_STOPWORDS = [
  "a",
  "an",
  "the",
  "and",
  "or",
  "but",
  "of",
  "to",
  "in",
  "on",
  "at",
  "for",
  "with",
  "by",
  "from",
  "as",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "it",
  "its",
  "this",
  "that",
  "these",
  "those",
  "i",
  "you",
  "he",
  "she",
  "we",
  "they",
  "do",
  "does",
  "did",
  "not",
  "no",
  "can",
  "will",
  "would",
  "what",
  "which",
  "who",
  "whom",
  "how",
  "when",
  "where",
  "why",
  "if",
  "then",
  "so",
  "than",
  "there",
  "about",
  "into",
  "has",
  "have",
  "had",
  "my",
  "our",
  "your",
  "their",
  "me",
  "us",
  "them"
];
var STOPWORDS = /* @__PURE__ */ new Set([...AR_STOPWORDS_RAW.map(normalizeArabic), ...EN_STOPWORDS]);
var RAW_TOKEN = /[\p{L}\p{M}\p{N}]+/gu;
var NORM_TOKEN = /[\p{L}\p{N}]+/gu;
var ARABIC_LETTER = /[\u0621-\u064A]/;
var NEEDS_NFKC = /[^\t\n\r -~\u0600-\u06FF\u200C-\u200F\u2013-\u201D]/;
var LATIN_WORD = /^[a-z]+$/;
var STEM_CACHE_MAX = 2e5;
var stemCache = /* @__PURE__ */ new Map();
function stemToken(token) {
  const hit = stemCache.get(token);
  if (hit !== void 0) return hit;
  let out = token;
  if (ARABIC_LETTER.test(token)) out = stemArabic(token);
  else if (LATIN_WORD.test(token) && token.length > 2) out = stemmer(token);
  if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
  stemCache.set(token, out);
  return out;
}
function tokenize(text, options) {
  if (!options.normalize) return text.toLowerCase().match(RAW_TOKEN) ?? [];
  const folded = NEEDS_NFKC.test(text) ? text.normalize("NFKC") : text;
  const prepared = normalizeArabic(folded.toLowerCase());
  const out = [];
  for (const m of prepared.matchAll(NORM_TOKEN)) {
    const token = m[0];
    if (!options.keepStopwords && STOPWORDS.has(token)) continue;
    const stem = stemToken(token);
    if (stem.length > 0) out.push(stem);
  }
  return out;
}

// src/rag/engine/language.ts
function isArabicLetter(c) {
  return c >= 1568 && c <= 1610 || c >= 1646 && c <= 1747 || c >= 1786 && c <= 1791 || c >= 1872 && c <= 1919 || c >= 2208 && c <= 2303 || c >= 64336 && c <= 65023 || c >= 65136 && c <= 65276;
}
var LETTER = new RegExp("\\p{L}", "u");
var PERSIAN_URDU = /[\u067E\u0686\u0698\u06AF\u06CC\u0679\u0688\u0691\u06BA\u06D2]/gu;
var AR_COMMON = new Set(
  ["\u0641\u064A", "\u0645\u0646", "\u0625\u0644\u0649", "\u0639\u0644\u0649", "\u0639\u0646", "\u0623\u0646", "\u0647\u0630\u0627", "\u0647\u0630\u0647", "\u0627\u0644\u062A\u064A", "\u0627\u0644\u0630\u064A", "\u0645\u0639", "\u0643\u0627\u0646", "\u0644\u0627", "\u0645\u0627", "\u0647\u0648", "\u0647\u064A", "\u0623\u0648", "\u062B\u0645", "\u0642\u062F", "\u0643\u0644", "\u0628\u064A\u0646", "\u0639\u0646\u062F"].map(
    normalizeArabic
  )
);
var EN_COMMON = /* @__PURE__ */ new Set([
  "the",
  "and",
  "of",
  "to",
  "in",
  "is",
  "are",
  "for",
  "with",
  "on",
  "that",
  "this",
  "it",
  "be",
  "by",
  "as",
  "or",
  "an",
  "a",
  "was",
  "were",
  "from",
  "at",
  "not",
  "have",
  "has",
  "what",
  "how",
  "which",
  "can"
]);
var SHORT_TEXT_WORDS = 4;
var MIN_COMMON_RATIO = 0.05;
function countScripts(sample) {
  let arabic = 0;
  let latin = 0;
  let letters = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 65) continue;
    if (c >= 65 && c <= 90 || c >= 97 && c <= 122 || c >= 192 && c <= 591 && c !== 215 && c !== 247) {
      latin++;
      letters++;
    } else if (isArabicLetter(c)) {
      arabic++;
      letters++;
    } else if (c > 591 && LETTER.test(sample[i])) {
      letters++;
    }
  }
  return { arabic, latin, letters };
}
function scriptLanguage(text) {
  const { arabic, latin, letters } = countScripts(text);
  if (letters === 0) return "und";
  return arabic / letters >= 0.6 ? "ar" : latin / letters >= 0.6 ? "en" : "und";
}
function detectLanguage(text) {
  const sample = text.length > 2e4 ? text.slice(0, 2e4) : text;
  const { arabic, latin, letters } = countScripts(sample);
  if (letters === 0) return "und";
  const words = normalizeArabic(sample.toLowerCase()).match(/[\p{L}]+/gu) ?? [];
  if (arabic / letters >= 0.6) {
    const persian = sample.match(PERSIAN_URDU)?.length ?? 0;
    const common = words.filter((w) => AR_COMMON.has(w)).length;
    if (persian > 0 && persian / arabic > 0.02 && common / Math.max(1, words.length) < 2 * MIN_COMMON_RATIO) return "und";
    if (words.length < SHORT_TEXT_WORDS) return "ar";
    return common / words.length >= MIN_COMMON_RATIO || persian === 0 ? "ar" : "und";
  }
  if (latin / letters >= 0.6) {
    if (words.length < SHORT_TEXT_WORDS) return "en";
    const common = words.filter((w) => EN_COMMON.has(w)).length;
    return common / words.length >= MIN_COMMON_RATIO ? "en" : "und";
  }
  return "und";
}

// src/rag/engine/prepare.ts
function prepareText(text, options = {}) {
  const ids = /* @__PURE__ */ new Map();
  const vocabulary = [];
  const chunks = chunkText(text, options).map((chunk) => {
    const terms = tokenize(chunk.text, { normalize: true });
    const tf = /* @__PURE__ */ new Map();
    for (const term of terms) {
      let id = ids.get(term);
      if (id === void 0) {
        id = vocabulary.length;
        vocabulary.push(term);
        ids.set(term, id);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    const termIds = new Uint32Array(tf.size);
    const counts = new Uint16Array(tf.size);
    let i = 0;
    for (const [id, n] of tf) {
      termIds[i] = id;
      counts[i] = Math.min(n, 65535);
      i++;
    }
    return { index: chunk.index, text: chunk.text, termIds, counts, length: terms.length, lang: scriptLanguage(chunk.text) };
  });
  return { language: detectLanguage(text), vocabulary, chunks };
}
function chunkTerms(prepared, chunk) {
  return { vocabulary: prepared.vocabulary, termIds: chunk.termIds, counts: chunk.counts, length: chunk.length, lang: chunk.lang };
}

// src/rag/engine/limits.ts
var DEFAULT_DOCUMENT_LIMITS = {
  maxTextBytes: 8 * 1024 * 1024,
  maxPdfPages: 2e3,
  maxPdfDecodedBytes: 64 * 1024 * 1024,
  maxArchiveBytes: 50 * 1024 * 1024,
  maxArchiveRatio: 100,
  maxArchiveEntries: 1e3
};
function tooComplex(limit, value, found) {
  return new DocumentError("document_too_complex", `the document exceeds rag.${limit} = ${value} (${found})`, {
    details: { limit: `rag.${limit}`, value }
  });
}
var TextBudget = class {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }
  maxBytes;
  parts = [];
  bytes = 0;
  add(text) {
    if (text === "") return;
    this.bytes += Buffer.byteLength(text, "utf8");
    if (this.bytes > this.maxBytes) throw tooComplex("maxTextBytes", this.maxBytes, "more extracted text than that");
    this.parts.push(text);
  }
  empty() {
    return this.bytes === 0;
  }
  text() {
    return this.parts.join("");
  }
};
function checkTextSize(text, maxBytes) {
  if (text.length > maxBytes || text.length * 3 > maxBytes && Buffer.byteLength(text, "utf8") > maxBytes) {
    throw tooComplex("maxTextBytes", maxBytes, "more extracted text than that");
  }
  return text;
}

export {
  DocumentError,
  DEFAULT_DOCUMENT_LIMITS,
  tooComplex,
  TextBudget,
  checkTextSize,
  tokenize,
  scriptLanguage,
  detectLanguage,
  prepareText,
  chunkTerms
};
