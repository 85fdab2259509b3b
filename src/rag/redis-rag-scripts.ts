/**
 * Lua scripts of the RAG state in Redis (rag/redis-rag.ts, rag/redis-tenants.ts). Every change to an
 * organization's documents or jobs runs in one script that also moves the org's version: the next value of one
 * global counter (`rag:seq`, never reset, so a version never comes back after a reset) and publishes
 * `rag.changed`. An instance whose cached version differs reloads the org (rag/redis-rag.ts, read).
 *
 * Every RAG key but `rag:seq` and `rag:gens` carries the store's generation (RedisStore.scopedKey), so a reset
 * retires them all at once; `rag:gens` lists the generations' organization sets, for RAG_CLEAR to delete the
 * retired ones.
 *
 * The per-org keys share KEYS positions in every script: 1 seq, 2 ver, 3 orgs set, 4 docs hash, 5 text
 * hash, 6 jobs hash, 7 order zset, 8 gens set. The first ARGV are always: org id, channel, message prefix (the
 * event's JSON up to `"ver":`; the script appends the version and closes it).
 */
import type { Redis } from 'ioredis';
import { defineOnce } from '../store/redis-scripts.js';

const BUMP = `
local function bump()
  local seq = redis.call('INCR', KEYS[1])
  redis.call('SET', KEYS[2], seq)
  redis.call('SADD', KEYS[3], ARGV[1])
  redis.call('SADD', KEYS[8], KEYS[3])
  redis.call('PUBLISH', ARGV[2], ARGV[3] .. seq .. '}}')
  return seq
end
local function processing(json)
  return json and string.find(json, '"status":"processing"', 1, true) ~= nil
end
`;

/** A new upload. ARGV 4..: document id, document json, text json, job id, job json. Returns the version. */
export const RAG_ACCEPT = `${BUMP}
local seq = bump()
redis.call('HSET', KEYS[4], ARGV[4], ARGV[5])
redis.call('HSET', KEYS[5], ARGV[4], ARGV[6])
redis.call('HSET', KEYS[6], ARGV[7], ARGV[8])
redis.call('ZADD', KEYS[7], seq, ARGV[4])
return seq`;

/** A job still processing gets a new record (its ledger entry, an injected failure). ARGV 4..: job id, job json. Returns 1 if written. */
export const RAG_JOB_PUT = `${BUMP}
if not processing(redis.call('HGET', KEYS[6], ARGV[4])) then return 0 end
redis.call('HSET', KEYS[6], ARGV[4], ARGV[5])
bump()
return 1`;

/**
 * A job's outcome, written only if the job is still processing and its document still there (a delete or
 * another instance may have got there first). ARGV 4..: document id, document json, job id, job json, '1'
 * to drop the extracted text (a failed job). Returns the version, or 0 when nothing was written.
 */
export const RAG_FINISH = `${BUMP}
if not processing(redis.call('HGET', KEYS[6], ARGV[6])) then return 0 end
if redis.call('HEXISTS', KEYS[4], ARGV[4]) == 0 then return 0 end
redis.call('HSET', KEYS[6], ARGV[6], ARGV[7])
redis.call('HSET', KEYS[4], ARGV[4], ARGV[5])
if ARGV[8] == '1' then redis.call('HDEL', KEYS[5], ARGV[4]) end
return bump()`;

/**
 * Deletes a document; a demo-corpus document (built by every instance, never stored) leaves a tombstone
 * instead. Jobs of the document still processing fail. ARGV 4..: document id, tombstone json ('' for a
 * stored document), then pairs of job id and failed job json. Returns nil when the document was already
 * gone, else {version, ids of the jobs failed...}.
 */
export const RAG_DELETE = `${BUMP}
if ARGV[5] == '' then
  if redis.call('HDEL', KEYS[4], ARGV[4]) == 0 then return false end
else
  if redis.call('HGET', KEYS[4], ARGV[4]) == ARGV[5] then return false end
  redis.call('HSET', KEYS[4], ARGV[4], ARGV[5])
end
redis.call('HDEL', KEYS[5], ARGV[4])
redis.call('ZREM', KEYS[7], ARGV[4])
local out = {}
for i = 6, #ARGV - 1, 2 do
  if processing(redis.call('HGET', KEYS[6], ARGV[i])) then
    redis.call('HSET', KEYS[6], ARGV[i], ARGV[i + 1])
    table.insert(out, ARGV[i])
  end
end
table.insert(out, 1, tostring(bump()))
return out`;

/**
 * One batch of an organization's state as a load puts it back (redis-rag-import.ts); the batches of one org
 * run in one transaction. KEYS: the per-org keys (1..8), the tenants hash. ARGV 4..: '1' on the last batch,
 * the tenant json without `rev` ('' for none; last batch only), the `rag.tenant` event prefix, the number n of
 * documents, n triples of document id, document json and text json ('' when none is kept), then pairs of
 * job id and job json. Documents are ordered as given (scores after every version so far). The last batch
 * writes the tenant under a new revision (as RAG_TENANT_PUT) and moves the org's version; it returns the
 * tenant as stored, or false.
 */
export const RAG_IMPORT = `${BUMP}
local n = tonumber(ARGV[7])
local top = redis.call('INCRBY', KEYS[1], n)
for i = 0, n - 1 do
  local a = 8 + i * 3
  redis.call('HSET', KEYS[4], ARGV[a], ARGV[a + 1])
  if ARGV[a + 2] ~= '' then redis.call('HSET', KEYS[5], ARGV[a], ARGV[a + 2]) end
  redis.call('ZADD', KEYS[7], top - n + 1 + i, ARGV[a])
end
for i = 8 + n * 3, #ARGV - 1, 2 do redis.call('HSET', KEYS[6], ARGV[i], ARGV[i + 1]) end
if ARGV[4] ~= '1' then return false end
local tenant = false
if ARGV[5] ~= '' then
  tenant = '{"rev":' .. redis.call('INCR', KEYS[1]) .. ',' .. string.sub(ARGV[5], 2)
  redis.call('HSET', KEYS[9], ARGV[1], tenant)
  redis.call('PUBLISH', ARGV[2], ARGV[6] .. tenant .. '}')
end
bump()
return tenant`;

/**
 * After a reset: deletes the RAG keys of every generation but the current one. KEYS: gens set. ARGV: the
 * current generation's orgs set (`…g<n>:rag:orgs`; a generation's other keys share its prefix).
 */
export const RAG_CLEAR = `
for _, orgs in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if orgs ~= ARGV[1] then
    local p = string.sub(orgs, 1, -5)
    for _, org in ipairs(redis.call('SMEMBERS', orgs)) do
      local o = p .. 'org:' .. org .. ':'
      redis.call('DEL', o .. 'docs', o .. 'text', o .. 'jobs', o .. 'order', o .. 'ver')
    end
    redis.call('DEL', orgs, p .. 'tenants')
    redis.call('SREM', KEYS[1], orgs)
  end
end
return 1`;

/**
 * Removes one organization (`perOrg.reset`): its documents, text, jobs, order and tenant. The demo corpus is
 * never stored, so its documents (ARGV 5..: the ones the calling instance built, and the tombstones already
 * there) are left as tombstones, which hide them from every instance, one started later too; then the org's
 * version moves, else it is deleted with the org's other keys. Publishes `rag.org-reset` with the revision
 * (the next `rag:seq`) before which the org's tenant writes are dropped. KEYS: the per-org keys (1..8), the
 * tenants hash. ARGV: org id, channel, event prefix (the event's JSON up to `"rev":`), tombstone json, the
 * demo-corpus ids. Returns {revision, ids of the jobs that were processing...}.
 */
export const RAG_CLEAR_ORG = `
local processing = {}
local jobs = redis.call('HGETALL', KEYS[6])
for i = 1, #jobs, 2 do
  if string.find(jobs[i + 1], '"status":"processing"', 1, true) then processing[#processing + 1] = jobs[i] end
end
local hidden = {}
local docs = redis.call('HGETALL', KEYS[4])
for i = 1, #docs, 2 do
  if docs[i + 1] == ARGV[4] then hidden[#hidden + 1] = docs[i] end
end
for i = 5, #ARGV do hidden[#hidden + 1] = ARGV[i] end
redis.call('DEL', KEYS[4], KEYS[5], KEYS[6], KEYS[7])
redis.call('HDEL', KEYS[9], ARGV[1])
local seq = redis.call('INCR', KEYS[1])
if #hidden > 0 then
  for _, id in ipairs(hidden) do redis.call('HSET', KEYS[4], id, ARGV[4]) end
  redis.call('SET', KEYS[2], seq)
  redis.call('SADD', KEYS[3], ARGV[1])
  redis.call('SADD', KEYS[8], KEYS[3])
else
  redis.call('DEL', KEYS[2])
  redis.call('SREM', KEYS[3], ARGV[1])
end
redis.call('PUBLISH', ARGV[2], ARGV[3] .. seq .. '}}')
table.insert(processing, 1, tostring(seq))
return processing`;

/**
 * The organizations that hold something stored: a tenant, a job or a document (tombstones alone are not).
 * KEYS: the generation's orgs set, tenants hash. ARGV: the prefix of an org's keys, tombstone json.
 */
export const RAG_ORG_IDS = `
local out = {}
local listed = {}
for _, org in ipairs(redis.call('HKEYS', KEYS[2])) do
  listed[org] = true
  out[#out + 1] = org
end
for _, org in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if not listed[org] then
    local p = ARGV[1] .. org .. ':'
    local holds = redis.call('HLEN', p .. 'jobs') > 0
    if not holds then
      for _, json in ipairs(redis.call('HVALS', p .. 'docs')) do
        if json ~= ARGV[2] then
          holds = true
          break
        end
      end
    end
    if holds then out[#out + 1] = org end
  end
end
return out`;

/**
 * A tenant written under the next value of `rag:seq` as its revision, and published as `rag.tenant`: an instance
 * applies a tenant only if its revision is newer than the one it holds, so replies and events that cross on
 * the two connections (commands and subscriber) cannot put an older state back. KEYS: seq, tenants hash, gens
 * set, the generation's orgs set (only named, in gens). ARGV: org id, tenant json without `rev`, '1' to write only if the org has none, channel, message prefix (the
 * event's JSON up to `"data":`). Returns the tenant as stored: the one written, or the one already there.
 */
export const RAG_TENANT_PUT = `
if ARGV[3] == '1' then
  local stored = redis.call('HGET', KEYS[2], ARGV[1])
  if stored then return stored end
end
local json = '{"rev":' .. redis.call('INCR', KEYS[1]) .. ',' .. string.sub(ARGV[2], 2)
redis.call('SADD', KEYS[3], KEYS[4])
redis.call('HSET', KEYS[2], ARGV[1], json)
redis.call('PUBLISH', ARGV[4], ARGV[5] .. json .. '}')
return json`;

type Keyed = (...args: (string | number)[]) => Promise<unknown>;

/** The connection with the RAG scripts as commands (defined once per connection). */
export type RagRedis = Redis & {
  svcRagAccept: Keyed;
  svcRagJobPut: Keyed;
  svcRagFinish: Keyed;
  svcRagDelete: Keyed;
  svcRagClear: Keyed;
  svcRagClearOrg: Keyed;
  svcRagOrgIds: Keyed;
  svcRagImport: Keyed;
  svcRagTenantPut: (...args: string[]) => Promise<string>;
};

export function ragRedis(redis: Redis): RagRedis {
  defineOnce(redis, 'svcRagAccept', 8, RAG_ACCEPT);
  defineOnce(redis, 'svcRagJobPut', 8, RAG_JOB_PUT);
  defineOnce(redis, 'svcRagFinish', 8, RAG_FINISH);
  defineOnce(redis, 'svcRagDelete', 8, RAG_DELETE);
  defineOnce(redis, 'svcRagClear', 1, RAG_CLEAR);
  defineOnce(redis, 'svcRagClearOrg', 9, RAG_CLEAR_ORG);
  defineOnce(redis, 'svcRagOrgIds', 2, RAG_ORG_IDS);
  defineOnce(redis, 'svcRagImport', 9, RAG_IMPORT);
  defineOnce(redis, 'svcRagTenantPut', 4, RAG_TENANT_PUT);
  return redis as RagRedis;
}
