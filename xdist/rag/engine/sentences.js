/**
 * Sentence selection shared by answer and analyze: both may only quote text
 * that is literally present in the retrieved hits.
 */
import { detectLanguage } from './language.js';
import { tokenize } from './normalize.js';
export const NOT_FOUND = {
    ar: 'لم أجد في المستندات ما يجيب عن هذا السؤال.',
    en: 'I could not find an answer to this question in the documents.',
};
/** Hits scoring below this are treated as noise for answering (see search-index score scale). */
export const RELEVANCE_FLOOR = 0.2;
/** Request language if given, else detected from the query; anything undetermined falls back by script. */
export function answerLanguage(query, requested) {
    if (requested === 'ar' || requested === 'en')
        return requested;
    const detected = detectLanguage(query);
    if (detected !== 'und')
        return detected;
    return /[\u0600-\u06FF]/.test(query) ? 'ar' : 'en';
}
export function queryTerms(query) {
    const terms = tokenize(query, { normalize: true });
    return [...new Set(terms.length > 0 ? terms : tokenize(query, { normalize: true, keepStopwords: true }))];
}
/** Sentences end at . ! ? ؟ ؛ … or a line break; the terminator stays with its sentence. */
export function splitSentences(text) {
    const out = [];
    for (const m of text.matchAll(/[^.!?؟؛…\n]+(?:[.!?؟؛…]+["'”’)\]]*)?/g)) {
        const s = m[0].trim();
        // Fragments without a single letter (numbering, stray punctuation) are not quotable.
        if (/\p{L}/u.test(s))
            out.push(s);
    }
    return out;
}
/** All sentences of the relevant hits that mention at least one query term. */
export function relevantSentences(qTerms, hits) {
    const wanted = new Set(qTerms);
    const out = [];
    hits.forEach((hit, i) => {
        if (hit.score < RELEVANCE_FLOOR)
            return;
        splitSentences(hit.text).forEach((text, order) => {
            const terms = new Set(tokenize(text, { normalize: true }));
            let shared = 0;
            for (const t of wanted)
                if (terms.has(t))
                    shared++;
            if (shared > 0)
                out.push({ text, citation: i + 1, coverage: shared / wanted.size, order, terms });
        });
    });
    return out;
}
/** Best first: coverage, then the hit's rank, then position in the hit. Total order → deterministic. */
export function compareSentences(a, b) {
    return b.coverage - a.coverage || a.citation - b.citation || a.order - b.order;
}
/** Comparison key that ignores spacing and orthographic variants, to drop repeated sentences. */
export function sentenceKey(text) {
    return tokenize(text, { normalize: true, keepStopwords: true }).join(' ');
}
