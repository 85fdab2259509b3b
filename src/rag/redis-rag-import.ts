/**
 * One organization's RAG export written back to Redis (issue 25, snapshots; redis-rag.ts calls it): the
 * documents in the export's order with their text (the chunks alone: the term counts are left to each
 * instance's index build, redis-rag-text.ts), the jobs,
 * and the tenant under a new revision, in one transaction of RAG_IMPORT calls, batched so that no command
 * grows huge; the last call moves the org's version and publishes it, as every other write does.
 */
import type { RedisStore } from '../store/redis-store.js';
import { storedJob, type RagOrgExport } from './rag-export.js';
import { documentOf, importedJobs, importedTenant, textLanguage } from './rag-import.js';
import { ragRedis } from './redis-rag-scripts.js';
import { bareText } from './redis-rag-text.js';
import type { Tenant } from './tenants.js';

/** Documents go in script calls of about this many characters each. */
const BATCH_CHARS = 8 * 1024 * 1024;

export interface OrgImportTarget {
  orgId: string;
  /** The per-org keys in the scripts' order (1..8), then the tenants hash. */
  keys: string[];
  /** The first ARGV of every RAG script: org id, channel, the `rag.changed` event's prefix. */
  head: string[];
}

/** Writes the export; resolves to the tenant as stored (with its revision), if the export has one. */
export async function writeRagOrg(
  store: RedisStore,
  data: RagOrgExport,
  target: OrgImportTarget,
): Promise<Tenant | undefined> {
  const batches: string[][] = [];
  let batch: string[] = [];
  let size = 0;
  for (const exported of data.documents) {
    const doc = documentOf(exported);
    const docJson = JSON.stringify(doc);
    const text = exported.text;
    const textJson = text === null ? '' : JSON.stringify(bareText(textLanguage(exported), text.chunks));
    batch.push(doc.documentId, docJson, textJson);
    size += docJson.length + textJson.length;
    if (size < BATCH_CHARS) continue;
    batches.push(batch);
    batch = [];
    size = 0;
  }
  batches.push(batch);
  const tenant = importedTenant(target.orgId, data);
  const jobs = importedJobs(data).flatMap((j) => [j.jobId, JSON.stringify(storedJob(j))]);
  const last = batches.length - 1;
  const redis = ragRedis(store.redis);
  const results = await store.run(() => {
    const multi = redis.multi() as unknown as {
      svcRagImport(...args: (string | number)[]): unknown;
      exec(): Promise<[Error | null, unknown][] | null>;
    };
    batches.forEach((b, i) => {
      const end =
        i === last
          ? ['1', tenant === undefined ? '' : JSON.stringify(tenant), store.messageHead('rag.tenant')]
          : ['', '', ''];
      const tail = i === last ? jobs : [];
      multi.svcRagImport(...target.keys, ...target.head, ...end, b.length / 3, ...b, ...tail);
    });
    return multi.exec();
  });
  const replies = (results ?? []).map(([err, value]) => {
    if (err) throw err;
    return value;
  });
  const stored = replies[last] as string | null;
  return stored ? (JSON.parse(stored) as Tenant) : undefined;
}
