/** Where one organization's RAG state lives in Redis (redis-rag.ts), and what marks a deleted demo document. */
import type { RedisStore } from '../store/redis-store.js';

/** What a demo-corpus document deleted through any instance leaves in its org's documents. */
export const TOMBSTONE = '{"tombstone":true}';

export type RagOrgKeys = ReturnType<typeof ragOrgKeys>;

/** The keys of one org, in the order of every script's KEYS (redis-rag-scripts.ts). */
export function ragOrgKeys(store: RedisStore, orgId: string) {
  const key = (name: string) => store.scopedKey(`rag:org:${orgId}:${name}`);
  const all = [
    store.key('rag:seq'),
    key('ver'),
    store.scopedKey('rag:orgs'),
    key('docs'),
    key('text'),
    key('jobs'),
    key('order'),
    store.key('rag:gens'),
  ];
  return { all, ver: all[1], docs: all[3], text: all[4], jobs: all[5], order: all[6] };
}
