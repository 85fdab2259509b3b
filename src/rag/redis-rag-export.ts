/** One organization's RAG export read from Redis (issue 25, snapshots; redis-rag.ts calls it). */
import type { RedisStore } from '../store/redis-store.js';
import {
  exportedDocument,
  orgExport,
  type ExportedDocument,
  type RagOrgExport,
  type StoredJob,
} from './rag-export.js';
import { ragOrgKeys, TOMBSTONE } from './redis-rag-keys.js';
import { ragRedis } from './redis-rag-scripts.js';
import type { BareText, StoredText } from './redis-rag-text.js';
import type { OrgRagState, RagDocumentRecord } from './store.js';
import type { Tenant } from './tenants.js';

type StoredDocument = RagDocumentRecord;

/**
 * The org's stored state in one transaction; the demo corpus from this instance (its cache of the org in
 * `orgs`, less what is hidden) first, then the stored documents in the order they were stored, as a reload
 * puts them in the cache.
 */
export async function exportRagOrg(
  store: RedisStore,
  orgId: string,
  tenantsKey: string,
  orgs: ReadonlyMap<string, OrgRagState>,
): Promise<RagOrgExport | undefined> {
  const k = ragOrgKeys(store, orgId);
  const results = await store.run(() =>
    ragRedis(store.redis)
      .multi()
      .hgetall(k.docs)
      .hgetall(k.jobs)
      .hgetall(k.text)
      .hget(tenantsKey, orgId)
      .zrange(k.order, 0, -1)
      .exec(),
  );
  const [docs, jobs, texts, tenant, order] = (results ?? []).map(([err, value]) => {
    if (err) throw err;
    return value;
  }) as [Record<string, string>, Record<string, string>, Record<string, string>, string | null, string[]];
  const documents: ExportedDocument[] = [];
  const cached = orgs.get(orgId);
  for (const d of cached?.documents.values() ?? []) {
    if (d.builtin && docs[d.documentId] === undefined)
      documents.push(exportedDocument(d, cached!.index.documentChunks(d.documentId), undefined));
  }
  const ordered = new Set(order);
  for (const id of [...order, ...Object.keys(docs).filter((id) => !ordered.has(id))]) {
    const json = docs[id];
    if (json === undefined || json === TOMBSTONE) continue;
    const text = texts[id] === undefined ? undefined : (JSON.parse(texts[id]) as StoredText | BareText);
    const chunks = text?.chunks.map((c) => c.text);
    documents.push(exportedDocument(JSON.parse(json) as StoredDocument, chunks, text?.language));
  }
  const stored = Object.values(jobs).map((json) => JSON.parse(json) as StoredJob);
  return orgExport(tenant === null ? undefined : (JSON.parse(tenant) as Tenant), documents, stored);
}
