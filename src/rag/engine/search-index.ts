/**
 * In-memory BM25 index over chunks, one instance per tenant.
 *
 * Own inverted index (typed-array posting lists) rather than MiniSearch: we
 * need an absolute score mapping, pre-filters on document attributes and
 * exact control of tie-breaking, and a flat layout keeps 100k-chunk queries
 * in the low milliseconds.
 *
 * Scoring. raw(chunk) = Σ_t idf(t)·tf·(k1+1)/(tf + k1·(1 − b + b·len/avgLen))
 *                      + TITLE_BOOST · Σ_{t ∈ title} idf(t)
 * over the distinct query terms t, with idf(t) = ln(1 + (N − df + 0.5)/(df + 0.5)).
 * r = raw / Σ_t idf(t) is the idf-weighted term evidence (r ≈ 1 when every
 * query term occurs once in an average-length chunk; unknown query terms
 * count in the denominator, so partial matches score lower). The reported
 * score is r / (r + SCORE_HALF), rounded to 6 decimals for output (ranking
 * uses the exact value, then documentId, chunkId): in [0, 1), monotone in
 * raw for a query, independent of the other results (no divide-by-top), so a
 * `min_score` means the same thing for every query. 0.5 = half the query's
 * evidence present; ≈ 0.67 = all terms once; > 0.8 = repeated or title hits.
 *
 * Speed: term-at-a-time with MaxScore pruning — rare terms first; once the
 * remaining terms' upper bounds cannot lift an unseen chunk above the current
 * k-th score (or min_score), common terms only update known candidates
 * (binary search in their sorted posting lists) instead of scanning them.
 */
import { scriptLanguage } from './language.js';
import { toMetadataMap } from './metadata-filter.js';
import { tokenize } from './normalize.js';
import { chunkFilter } from './search-filters.js';
import { lowerBound, MinHeap, Postings, TopK, type Candidate } from './search-structures.js';
import type {
  DocRecord,
  IndexedChunkInput,
  IndexedDocumentInput,
  IndexStats,
  SearchHit,
  SearchIndexOptions,
  SearchOptions,
} from './search-types.js';

const K1 = 1.2;
const B = 0.75;
const TITLE_BOOST = 0.5;
const SCORE_HALF = 0.5;

export class SearchIndex {
  private readonly normalize: boolean;
  private readonly exhaustive: boolean;
  private readonly postings = new Map<string, Postings>();
  /** term → ordinals of documents whose title contains it. */
  private readonly titlePostings = new Map<string, number[]>();
  private readonly docs = new Map<string, DocRecord>();
  private readonly docByOrdinal: (DocRecord | undefined)[] = [];
  // Per chunk ordinal (slots of removed chunks stay as holes; ordinals are never reused).
  // Empty until the first chunk: a tenant with no documents (a new sandbox's) holds no arrays (issue 24).
  private chunkDoc = new Uint32Array(0);
  private chunkLen = new Uint32Array(0);
  private readonly chunkIds: string[] = [];
  private readonly chunkTexts: string[] = [];
  private readonly chunkLang: (string | undefined)[] = [];
  /** k1·(1 − b + b·len/avgLen) per chunk, recomputed lazily after the index changes. */
  private lenNorm = new Float64Array(0);
  private lenNormValid = false;
  private liveChunks = 0;
  private totalLen = 0;
  private textBytes = 0;
  private postingCount = 0;
  // Query scratch space, reused to avoid allocating per query.
  private acc = new Float64Array(0);
  private docTitle = new Float64Array(0);

  constructor(options: SearchIndexOptions = {}) {
    this.normalize = options.normalize ?? true;
    this.exhaustive = options.exhaustive ?? false;
  }

  private terms(text: string): string[] {
    return tokenize(text, { normalize: this.normalize });
  }

  /** Adds a document; an existing document with the same id is replaced. */
  addDocument(input: IndexedDocumentInput): void {
    if (this.docs.has(input.documentId)) this.removeDocument(input.documentId);
    const title = input.title ?? '';
    const doc: DocRecord = {
      ordinal: this.docByOrdinal.length,
      documentId: input.documentId,
      title,
      titleTerms: new Set(this.terms(title)),
      fileType: input.fileType,
      language: input.language,
      metadata: toMetadataMap(input.metadata),
      chunkOrdinals: [],
      bytes: 0,
    };
    this.docByOrdinal.push(doc);
    this.docs.set(doc.documentId, doc);
    for (const t of doc.titleTerms) {
      const list = this.titlePostings.get(t);
      if (list === undefined) this.titlePostings.set(t, [doc.ordinal]);
      else list.push(doc.ordinal);
    }
    this.lenNormValid = false;
    for (const chunk of input.chunks) this.addChunk(doc, chunk);
  }

  private addChunk(doc: DocRecord, chunk: IndexedChunkInput): void {
    const id = this.chunkIds.length;
    this.ensureChunkCapacity(id + 1);
    let length: number;
    let distinct: number;
    let lang: string;
    const counted = this.normalize ? chunk.terms : undefined;
    if (counted !== undefined) {
      for (let i = 0; i < counted.termIds.length; i++)
        this.post(counted.vocabulary[counted.termIds[i]], id, counted.counts[i]);
      ({ length, lang } = counted);
      distinct = counted.termIds.length;
    } else {
      const terms = this.terms(chunk.text);
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [term, n] of tf) this.post(term, id, n);
      length = terms.length;
      distinct = tf.size;
      lang = scriptLanguage(chunk.text);
    }
    this.chunkDoc[id] = doc.ordinal;
    this.chunkLen[id] = length;
    this.chunkIds.push(chunk.chunkId);
    this.chunkTexts.push(chunk.text);
    this.chunkLang.push(lang === 'und' ? undefined : lang);
    doc.chunkOrdinals.push(id);
    doc.bytes += chunk.text.length * 2;
    this.liveChunks++;
    this.totalLen += length;
    this.textBytes += chunk.text.length * 2;
    this.postingCount += distinct;
  }

  private post(term: string, chunkOrdinal: number, tf: number): void {
    let p = this.postings.get(term);
    if (p === undefined) {
      p = new Postings();
      this.postings.set(term, p);
    }
    p.add(chunkOrdinal, tf);
  }

  private ensureChunkCapacity(n: number): void {
    if (n <= this.chunkDoc.length) return;
    const size = Math.max(n, this.chunkDoc.length * 2, 256);
    const grow = (a: Uint32Array) => {
      const b = new Uint32Array(size);
      b.set(a);
      return b;
    };
    this.chunkDoc = grow(this.chunkDoc);
    this.chunkLen = grow(this.chunkLen);
    this.acc = new Float64Array(size);
  }

  /** Removes a document and its chunks; returns whether it existed. */
  removeDocument(documentId: string): boolean {
    const doc = this.docs.get(documentId);
    if (doc === undefined) return false;
    const dead = new Set(doc.chunkOrdinals);
    const touched = new Set<string>();
    // Re-tokenising the stored text tells us exactly which posting lists hold the chunks.
    for (const id of doc.chunkOrdinals) {
      for (const t of this.terms(this.chunkTexts[id])) touched.add(t);
      this.liveChunks--;
      this.totalLen -= this.chunkLen[id];
      this.chunkTexts[id] = '';
      this.chunkLen[id] = 0;
    }
    for (const term of touched) {
      const p = this.postings.get(term);
      if (p === undefined) continue;
      const before = p.length;
      p.compact((id) => dead.has(id));
      this.postingCount -= before - p.length;
      if (p.length === 0) this.postings.delete(term);
    }
    for (const t of doc.titleTerms) {
      const list = this.titlePostings.get(t)?.filter((o) => o !== doc.ordinal);
      if (list === undefined || list.length === 0) this.titlePostings.delete(t);
      else this.titlePostings.set(t, list);
    }
    this.lenNormValid = false;
    this.textBytes -= doc.bytes;
    this.docs.delete(documentId);
    this.docByOrdinal[doc.ordinal] = undefined;
    return true;
  }

  hasDocument(documentId: string): boolean {
    return this.docs.has(documentId);
  }

  /** The text of a document's chunks, in the order they were added; undefined when it is not indexed. */
  documentChunks(documentId: string): string[] | undefined {
    return this.docs.get(documentId)?.chunkOrdinals.map((ordinal) => this.chunkTexts[ordinal]);
  }

  stats(): IndexStats {
    return {
      documents: this.docs.size,
      chunks: this.liveChunks,
      approximateBytes:
        this.textBytes + this.postingCount * 6 + this.postings.size * 96 + this.chunkIds.length * 80,
    };
  }

  private refreshLenNorm(): void {
    if (this.lenNormValid && this.lenNorm.length >= this.chunkIds.length) return;
    const avgLen = this.totalLen / Math.max(1, this.liveChunks) || 1;
    if (this.lenNorm.length < this.chunkDoc.length) this.lenNorm = new Float64Array(this.chunkDoc.length);
    for (let id = 0; id < this.chunkIds.length; id++)
      this.lenNorm[id] = K1 * (1 - B + (B * this.chunkLen[id]) / avgLen);
    this.lenNormValid = true;
  }

  search(opts: SearchOptions): SearchHit[] {
    const topK = Math.max(0, Math.floor(opts.topK));
    if (topK === 0 || this.liveChunks === 0) return [];
    let qTerms = [...new Set(this.terms(opts.query))];
    if (qTerms.length === 0 && this.normalize)
      qTerms = [...new Set(tokenize(opts.query, { normalize: true, keepStopwords: true }))];
    if (qTerms.length === 0) return [];
    this.refreshLenNorm();

    const n = this.liveChunks;
    const terms = qTerms
      .map((t) => {
        const p = this.postings.get(t);
        const df = p?.length ?? 0;
        return { term: t, p, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) };
      })
      // Rarest first (code-unit order breaks idf ties, for determinism).
      .sort((a, b) => b.idf - a.idf || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    const idfMass = terms.reduce((a, t) => a + t.idf, 0);
    const toScore = (raw: number) => {
      const r = raw / idfMass;
      return Math.round((r / (r + SCORE_HALF)) * 1e6) / 1e6;
    };
    const minScore = opts.minScore ?? 0;
    // Raw score below which the rounded score is certainly < minScore (inverse of the mapping).
    const m = Math.min(minScore - 5e-7, 1 - 1e-9);
    const minRaw = m <= 0 ? 0 : ((SCORE_HALF * m) / (1 - m)) * idfMass * (1 - 1e-9);
    const filter = chunkFilter(opts, this.docs, this.docByOrdinal, this.chunkDoc, this.chunkLang);
    const titleBonus = this.titleBonuses(terms);
    let maxTitle = 0;
    for (const v of titleBonus.values()) maxTitle = Math.max(maxTitle, v);
    const docTitle = this.docTitleScratch(titleBonus);

    const acc = this.acc;
    const lenNorm = this.lenNorm;
    const touched: number[] = [];
    // Upper bound of what terms i.. can still add to a chunk (BM25 tf factor < k1 + 1).
    const rest = terms.map((_, i) => terms.slice(i).reduce((a, t) => a + t.idf * (K1 + 1), 0) + maxTitle);
    let collecting = true;
    terms.forEach(({ p, idf }, i) => {
      if (p === undefined) return;
      if (collecting && !this.exhaustive && i > 0 && touched.length > 0) {
        const kth = touched.length >= topK ? this.kthRaw(touched, docTitle, topK) : 0;
        if (rest[i] < Math.max(kth, minRaw)) collecting = false;
      }
      const { ids, tfs, length } = p;
      if (collecting) {
        for (let j = 0; j < length; j++) {
          const id = ids[j];
          if (filter !== undefined && !filter(id)) continue;
          const tf = tfs[j];
          if (acc[id] === 0) touched.push(id);
          acc[id] += (idf * tf * (K1 + 1)) / (tf + lenNorm[id]);
        }
      } else if (touched.length * 16 < length) {
        for (const id of touched) {
          const j = lowerBound(ids, length, id);
          if (j < length && ids[j] === id) acc[id] += (idf * tfs[j] * (K1 + 1)) / (tfs[j] + lenNorm[id]);
        }
      } else {
        for (let j = 0; j < length; j++) {
          const id = ids[j];
          if (acc[id] !== 0) acc[id] += (idf * tfs[j] * (K1 + 1)) / (tfs[j] + lenNorm[id]);
        }
      }
    });
    // A title-only match still surfaces the document through its first chunk.
    if (titleBonus.size > 0) {
      const docsWithBody = new Set<number>();
      for (const id of touched) docsWithBody.add(this.chunkDoc[id]);
      for (const ordinal of titleBonus.keys()) {
        const first = this.docByOrdinal[ordinal]?.chunkOrdinals[0];
        if (first === undefined || docsWithBody.has(ordinal) || (filter !== undefined && !filter(first)))
          continue;
        touched.push(first);
      }
    }

    // Rank by the exact raw score (ties: documentId, chunkId); round only for output.
    const top = new TopK(topK, (a, b) => this.compareHits(a, b));
    for (const id of touched) {
      const raw = acc[id] + docTitle[this.chunkDoc[id]];
      acc[id] = 0;
      if (raw <= 0 || raw < minRaw) continue;
      top.offer({ id, score: raw });
    }
    for (const ordinal of titleBonus.keys()) docTitle[ordinal] = 0;
    const hits: SearchHit[] = [];
    for (const { id, score: raw } of top.sorted()) {
      const score = toScore(raw);
      if (score < minScore) continue;
      const doc = this.docByOrdinal[this.chunkDoc[id]]!;
      hits.push({
        documentId: doc.documentId,
        chunkId: this.chunkIds[id],
        score,
        text: this.chunkTexts[id],
        title: doc.title,
      });
    }
    return hits;
  }

  /** Title bonuses spread into a per-document scratch array (cleared by the caller). */
  private docTitleScratch(titleBonus: ReadonlyMap<number, number>): Float64Array {
    if (this.docTitle.length < this.docByOrdinal.length)
      this.docTitle = new Float64Array(Math.max(64, this.docByOrdinal.length * 2));
    for (const [ordinal, bonus] of titleBonus) this.docTitle[ordinal] = bonus;
    return this.docTitle;
  }

  /** Title evidence per document ordinal: TITLE_BOOST · Σ idf of query terms in the title. */
  private titleBonuses(terms: readonly { term: string; idf: number }[]): Map<number, number> {
    const bonus = new Map<number, number>();
    for (const { term, idf } of terms) {
      for (const ordinal of this.titlePostings.get(term) ?? [])
        bonus.set(ordinal, (bonus.get(ordinal) ?? 0) + TITLE_BOOST * idf);
    }
    return bonus;
  }

  /** k-th largest (accumulated + title) raw score among candidates; a lower bound of the final k-th. */
  private kthRaw(touched: readonly number[], docTitle: Float64Array, k: number): number {
    const heap = new MinHeap(k);
    for (const id of touched) heap.offer(this.acc[id] + docTitle[this.chunkDoc[id]]);
    return heap.min();
  }

  /** Higher score first; ties by documentId, then chunkId (code-unit order, locale-independent). */
  private compareHits(a: Candidate, b: Candidate): number {
    if (a.score !== b.score) return b.score - a.score;
    const da = this.docByOrdinal[this.chunkDoc[a.id]]!.documentId;
    const db = this.docByOrdinal[this.chunkDoc[b.id]]!.documentId;
    if (da !== db) return da < db ? -1 : 1;
    const ca = this.chunkIds[a.id];
    const cb = this.chunkIds[b.id];
    return ca === cb ? a.id - b.id : ca < cb ? -1 : 1;
  }
}
