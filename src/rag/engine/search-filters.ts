/** The per-query filters of the BM25 index (search-index.ts): document ids, file type and metadata, then language. */
import { matchesMetadata, toMetadataMap } from './metadata-filter.js';
import type { DocRecord, SearchOptions } from './search-types.js';

/** Per-query chunk filter (document filters + language), or undefined when nothing is filtered. */
export function chunkFilter(
  opts: SearchOptions,
  docs: ReadonlyMap<string, DocRecord>,
  docByOrdinal: readonly (DocRecord | undefined)[],
  chunkDoc: Uint32Array,
  chunkLang: readonly (string | undefined)[],
): ((id: number) => boolean) | undefined {
  const allowed = allowedDocs(opts, docs, docByOrdinal);
  const lang =
    opts.language === undefined || opts.language === 'auto' || opts.language === 'none'
      ? undefined
      : opts.language;
  if (allowed === undefined && lang === undefined) return undefined;
  const langOk = new Uint8Array(docByOrdinal.length);
  docByOrdinal.forEach((d, i) => {
    if (lang !== undefined && d?.language === lang) langOk[i] = 1;
  });
  return (id) => {
    const d = chunkDoc[id];
    if (allowed !== undefined && allowed[d] === 0) return false;
    return lang === undefined || langOk[d] === 1 || chunkLang[id] === lang;
  };
}

/** Which documents pass the document-level filters (undefined = all). */
function allowedDocs(
  opts: SearchOptions,
  docs: ReadonlyMap<string, DocRecord>,
  docByOrdinal: readonly (DocRecord | undefined)[],
): Uint8Array | undefined {
  const ids = opts.documentIds;
  const fileType = opts.fileType;
  const filters = opts.metadataFilters === undefined ? undefined : toMetadataMap(opts.metadataFilters);
  if (ids === undefined && fileType === undefined && (filters === undefined || filters.size === 0))
    return undefined;
  const allowed = new Uint8Array(docByOrdinal.length);
  const candidates = ids === undefined ? docs.values() : ids.map((id) => docs.get(id));
  for (const doc of candidates) {
    if (doc === undefined) continue;
    if (fileType !== undefined && doc.fileType !== fileType) continue;
    if (filters !== undefined && !matchesMetadata(filters, doc.metadata)) continue;
    allowed[doc.ordinal] = 1;
  }
  return allowed;
}
