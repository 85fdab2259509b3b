/**
 * `analyze` mode: a two-pass, extractive analysis over the retrieved hits.
 *
 * Pass 1 (per document): group hits by document, keep each document's key
 * sentences (verbatim, cited with the hit's 1-based result position).
 * Pass 2 (synthesis): terms shared by several documents (themes), query
 * terms several documents agree on, and query terms no document covers (gaps).
 *
 * workSeconds models how long a real multi-pass analysis would take:
 *   5 + 1.5 · documents + characters / 2000, clamped to [5, 30], 1 decimal.
 * It is deterministic and non-decreasing in both inputs; the HTTP layer waits
 * that long on its injectable clock.
 */
import { tokenize } from './normalize.js';
import {
  answerLanguage,
  compareSentences,
  NOT_FOUND,
  queryTerms,
  RELEVANCE_FLOOR,
  relevantSentences,
  sentenceKey,
  type AnswerLanguage,
  type HitLike,
  type ScoredSentence,
} from './sentences.js';

export interface AnalyzeOptions {
  language?: string;
}

export interface AnalysisResult {
  answer: string;
  citations: number[];
  workSeconds: number;
  documentsAnalyzed: number;
}

export const MIN_WORK_SECONDS = 5;
export const MAX_WORK_SECONDS = 30;

export function workSecondsFor(documents: number, characters: number): number {
  const raw = MIN_WORK_SECONDS + 1.5 * documents + characters / 2000;
  return Math.round(Math.min(MAX_WORK_SECONDS, Math.max(MIN_WORK_SECONDS, raw)) * 10) / 10;
}

const LABELS: Record<AnswerLanguage, Record<string, string>> = {
  ar: {
    findings: 'النتائج حسب المستند:',
    synthesis: 'التحليل المشترك:',
    themes: 'موضوعات مشتركة بين المستندات',
    agree: 'مصطلحات السؤال التي تتناولها عدة مستندات',
    single: 'تستند النتائج إلى مستند واحد فقط؛ لا يمكن مقارنة المصادر.',
    gaps: 'لم تتناول المستندات',
    none: 'لا توجد',
    untitled: 'مستند',
  },
  en: {
    findings: 'Findings by document:',
    synthesis: 'Synthesis:',
    themes: 'Themes shared across documents',
    agree: 'Query terms addressed by several documents',
    single: 'The findings rest on a single document; sources cannot be compared.',
    gaps: 'Not addressed by the documents',
    none: 'none',
    untitled: 'Document',
  },
};

const SENTENCES_PER_DOCUMENT = 2;
const MAX_THEMES = 5;

interface DocGroup {
  documentId: string;
  title: string;
  hits: { hit: HitLike; position: number }[];
}

function groupByDocument(hits: readonly HitLike[]): DocGroup[] {
  const groups = new Map<string, DocGroup>();
  hits.forEach((hit, i) => {
    if (hit.score < RELEVANCE_FLOOR) return;
    let g = groups.get(hit.documentId);
    if (g === undefined) {
      g = { documentId: hit.documentId, title: hit.title ?? '', hits: [] };
      groups.set(hit.documentId, g);
    }
    g.hits.push({ hit, position: i + 1 });
  });
  return [...groups.values()];
}

export function analyze(
  query: string,
  hits: readonly HitLike[],
  options: AnalyzeOptions = {},
): AnalysisResult {
  const lang = answerLanguage(query, options.language);
  const L = LABELS[lang];
  const terms = queryTerms(query);
  const groups = groupByDocument(hits);
  const characters = groups.reduce((n, g) => n + g.hits.reduce((m, h) => m + h.hit.text.length, 0), 0);
  const workSeconds = workSecondsFor(groups.length, characters);

  // Pass 1: per-document findings. Sentences are scored against the full hit list
  // so their citation is the hit's position in the results.
  const findings: { group: DocGroup; sentences: ScoredSentence[] }[] = [];
  for (const group of groups) {
    const sentences = relevantSentences(terms, hits)
      .filter((s) => hits[s.citation - 1].documentId === group.documentId)
      .sort(compareSentences);
    const picked: ScoredSentence[] = [];
    const seen = new Set<string>();
    for (const s of sentences) {
      const key = sentenceKey(s.text);
      if (seen.has(key)) continue;
      seen.add(key);
      picked.push(s);
      if (picked.length === SENTENCES_PER_DOCUMENT) break;
    }
    if (picked.length > 0) findings.push({ group, sentences: picked });
  }
  if (findings.length === 0)
    return { answer: NOT_FOUND[lang], citations: [], workSeconds, documentsAnalyzed: groups.length };

  const lines: string[] = [L.findings];
  findings.forEach(({ group, sentences }, i) => {
    const name = group.title.trim() !== '' ? group.title.trim() : `${L.untitled} ${group.documentId}`;
    lines.push(`${i + 1}. ${name}`);
    for (const s of sentences) lines.push(`   - ${s.text} [${s.citation}]`);
  });

  // Pass 2: synthesis across documents.
  const sep = lang === 'ar' ? '، ' : ', ';
  const coverage = termsCoveredBy(groups, terms, surfaceWords(query));
  lines.push('', L.synthesis);
  if (groups.length < 2) {
    lines.push(`- ${L.single}`);
  } else {
    const themes = sharedThemes(groups, new Set(terms));
    lines.push(`- ${L.themes}: ${themes.length > 0 ? themes.join(sep) : L.none}`);
    const agreed = coverage.filter((c) => c.docs >= 2).map((c) => c.surface);
    lines.push(`- ${L.agree}: ${agreed.length > 0 ? agreed.join(sep) : L.none}`);
  }
  const gaps = coverage.filter((c) => c.docs === 0).map((c) => c.surface);
  if (gaps.length > 0) lines.push(`- ${L.gaps}: ${gaps.join(sep)}`);

  const citations = [...new Set(findings.flatMap((f) => f.sentences.map((s) => s.citation)))].sort(
    (a, b) => a - b,
  );
  return { answer: lines.join('\n'), citations, workSeconds, documentsAnalyzed: groups.length };
}

/** Index terms of a group's hit texts → a readable surface word for each (first occurrence). */
function groupTerms(group: DocGroup): Map<string, string> {
  const out = new Map<string, string>();
  for (const { hit } of group.hits) {
    for (const word of hit.text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
      const [term] = tokenize(word, { normalize: true });
      if (term !== undefined && term.length >= 3 && !out.has(term)) out.set(term, word);
    }
  }
  return out;
}

/** Non-query terms present in ≥ 2 documents, most widespread first, then by code-unit order. */
function sharedThemes(groups: DocGroup[], exclude: ReadonlySet<string>): string[] {
  const counts = new Map<string, { docs: number; surface: string }>();
  for (const g of groups) {
    for (const [term, surface] of groupTerms(g)) {
      if (exclude.has(term) || /^\d+$/.test(term)) continue;
      const c = counts.get(term);
      if (c === undefined) counts.set(term, { docs: 1, surface });
      else c.docs++;
    }
  }
  return [...counts.entries()]
    .filter(([, c]) => c.docs >= 2)
    .sort(([ta, a], [tb, b]) => b.docs - a.docs || (ta < tb ? -1 : ta > tb ? 1 : 0))
    .slice(0, MAX_THEMES)
    .map(([, c]) => c.surface);
}

/** Index term → the query's own spelling of it. */
function surfaceWords(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of query.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
    const [term] = tokenize(word, { normalize: true, keepStopwords: true });
    if (term !== undefined && !out.has(term)) out.set(term, word);
  }
  return out;
}

/** For each query term: how many documents' hits contain it. */
function termsCoveredBy(
  groups: DocGroup[],
  terms: readonly string[],
  surfaces: ReadonlyMap<string, string>,
): { surface: string; docs: number }[] {
  const perGroup = groups.map(
    (g) => new Set(g.hits.flatMap(({ hit }) => tokenize(hit.text, { normalize: true }))),
  );
  return terms.map((t) => ({ surface: surfaces.get(t) ?? t, docs: perGroup.filter((s) => s.has(t)).length }));
}
