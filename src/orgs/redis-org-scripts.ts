/**
 * Lua scripts of organizations and API keys in Redis (redis-orgs.ts), and the form they are stored in: each
 * change is written and published in one step, so two instances making the same organization or key, or
 * revoking one key, cannot both win.
 * Layout, in the store's generation: `orgs` (sorted set of ids, in the order they were made), `org:{id}`
 * (hash: `org`, `key:{keyId}`, `order:{keyId}` (the keys' order), `keys` (how many), `revoked:{keyId}`),
 * `keyhash` (hash of the secret's SHA-256 → key id), `keyorg` (key id → org id), `orgs:removed` (the ids
 * removed one by one, so an instance that missed the event drops them when it reloads; a Redis restarted
 * empty holds none, and the instances keep what they have). The two indexes span organizations because a
 * request's key is looked up before its organization is known; an organization's entries in them are found
 * from the keys in its hash (ORG_REMOVE).
 * The org hashes are named from a prefix in ARGV (a key's organization is known only inside the script):
 * fine on one Redis, which is what the emulator supports.
 */
import type { ApiKeyRecord, Organization } from './org-state.js';

/**
 * An organization, unless one with its id is there. KEYS: orgs set, org hash. ARGV: org id, json, channel,
 * message. Returns the organization as stored (the one written, or the one already there).
 */
export const ORG_PUT_NEW = `
local stored = redis.call('HGET', KEYS[2], 'org')
if stored then return stored end
redis.call('HSET', KEYS[2], 'org', ARGV[2])
-- After the last one's score, not the count: an organization removed (perOrg.reset) leaves a gap.
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]
redis.call('ZADD', KEYS[1], (tonumber(last) or 0) + 1, ARGV[1])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return ARGV[2]`;

/** A change of an organization that is there. KEYS: org hash. ARGV: json, channel, message. Returns 1 if written. */
export const ORG_UPDATE = `
if redis.call('HEXISTS', KEYS[1], 'org') == 0 then return 0 end
redis.call('HSET', KEYS[1], 'org', ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`;

/**
 * A key under its organization, unless one with its id is there, and its indexes. KEYS: org hash, keyhash,
 * keyorg. ARGV: key id, json, hash hex, org id, channel, message. Returns the key as stored, or nil when the
 * organization is gone (removed through another instance a moment before: its key must not outlive it).
 */
export const KEY_PUT_NEW = `
if redis.call('HEXISTS', KEYS[1], 'org') == 0 then return nil end
local field = 'key:' .. ARGV[1]
local stored = redis.call('HGET', KEYS[1], field)
if stored then return stored end
redis.call('HSET', KEYS[1], field, ARGV[2], 'order:' .. ARGV[1], redis.call('HINCRBY', KEYS[1], 'keys', 1))
redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return ARGV[2]`;

/**
 * The first revocation wins. KEYS: org hash. ARGV: key id, revocation json, channel, message. Returns the
 * revocation in force, or nil when the key is gone with its organization.
 */
export const KEY_REVOKE = `
if redis.call('HEXISTS', KEYS[1], 'key:' .. ARGV[1]) == 0 then return nil end
local field = 'revoked:' .. ARGV[1]
if redis.call('HSETNX', KEYS[1], field, ARGV[2]) == 1 then
  redis.call('PUBLISH', ARGV[3], ARGV[4])
  return ARGV[2]
end
return redis.call('HGET', KEYS[1], field)`;

/**
 * A key by the hash of its secret, or by id, with its organization and revocation. KEYS: keyhash, keyorg.
 * ARGV: org hash prefix (`…org:`), hash hex ('' to find by id), key id. Returns {org, key, revocation}
 * (each nil when absent), or nil when no such key.
 */
export const KEY_FIND = `
local id = ARGV[3]
if ARGV[2] ~= '' then id = redis.call('HGET', KEYS[1], ARGV[2]) end
if not id then return nil end
local org = redis.call('HGET', KEYS[2], id)
if not org then return nil end
return redis.call('HMGET', ARGV[1] .. org, 'org', 'key:' .. id, 'revoked:' .. id)`;

/** Everything of one generation, for a reset. KEYS: orgs set, keyhash, keyorg, removed set. ARGV: org hash prefix. */
export const ORGS_DROP = `
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do redis.call('DEL', ARGV[1] .. id) end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return 1`;

/**
 * One organization and its keys, with their entries in the indexes, and the event that makes every other
 * instance drop them from its copy, in one step: a key written or revoked through another instance lands
 * either before (and goes with it) or after (and is refused: KEY_PUT_NEW, KEY_REVOKE). KEYS: orgs set, org
 * hash, keyhash, keyorg, removed set. ARGV: org id, channel, message. Returns 1, or 0 (and tells no one) if it
 * was not there.
 */
export const ORG_REMOVE = `
local fields = redis.call('HGETALL', KEYS[2])
if #fields == 0 then return 0 end
for i = 1, #fields, 2 do
  if string.sub(fields[i], 1, 4) == 'key:' then
    local id = string.sub(fields[i], 5)
    local hash = cjson.decode(fields[i + 1]).hash
    if redis.call('HGET', KEYS[3], hash) == id then redis.call('HDEL', KEYS[3], hash) end
    redis.call('HDEL', KEYS[4], id)
  end
end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[5], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`;

/**
 * One organization with its keys, as a state document holds it (issue 25), into a generation that holds
 * nothing for it (the loader reset it), with the event that gives every other instance the same copy.
 * KEYS: orgs set, org hash, keyhash, keyorg. ARGV: org id, org json, channel, message, then per key in order:
 * key id, stored json, hash hex, revocation json ('' when none). Returns 1.
 */
export const ORG_IMPORT = `
redis.call('HSET', KEYS[2], 'org', ARGV[2])
local n = 0
for i = 5, #ARGV, 4 do
  n = n + 1
  local id = ARGV[i]
  redis.call('HSET', KEYS[2], 'key:' .. id, ARGV[i + 1], 'order:' .. id, n)
  if ARGV[i + 3] ~= '' then redis.call('HSET', KEYS[2], 'revoked:' .. id, ARGV[i + 3]) end
  redis.call('HSET', KEYS[3], ARGV[i + 2], id)
  redis.call('HSET', KEYS[4], id, ARGV[1])
end
redis.call('HSET', KEYS[2], 'keys', n)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]
  redis.call('ZADD', KEYS[1], (tonumber(last) or 0) + 1, ARGV[1])
end
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1`;

/** A key as Redis keeps it: the hash in hex, the revocation beside it (`revoked:{keyId}`). */
export interface StoredKey extends Omit<ApiKeyRecord, 'hash' | 'revokedAt' | 'revokedReason'> {
  hash: string;
}
export interface Revocation {
  at: string;
  reason: string;
}

export interface OrgScripts {
  svcOrgImport(
    orgs: string,
    org: string,
    keyhash: string,
    keyorg: string,
    id: string,
    json: string,
    channel: string,
    message: string,
    ...keys: string[]
  ): Promise<number>;
  svcOrgPutNew(
    orgs: string,
    org: string,
    id: string,
    json: string,
    channel: string,
    message: string,
  ): Promise<string>;
  svcOrgUpdate(org: string, json: string, channel: string, message: string): Promise<number>;
  svcKeyPutNew(
    org: string,
    keyhash: string,
    keyorg: string,
    id: string,
    json: string,
    hashHex: string,
    orgId: string,
    channel: string,
    message: string,
  ): Promise<string | null>;
  svcKeyRevoke(
    org: string,
    id: string,
    json: string,
    channel: string,
    message: string,
  ): Promise<string | null>;
  svcKeyFind(
    keyhash: string,
    keyorg: string,
    prefix: string,
    hashHex: string,
    keyId: string,
  ): Promise<[string | null, string | null, string | null] | null>;
  svcOrgsDrop(
    orgs: string,
    keyhash: string,
    keyorg: string,
    removed: string,
    prefix: string,
  ): Promise<number>;
  svcOrgRemove(
    orgs: string,
    org: string,
    keyhash: string,
    keyorg: string,
    removed: string,
    id: string,
    channel: string,
    message: string,
  ): Promise<number>;
}

/** An organization's hash, read: undefined when it holds no organization. */
export interface StoredOrg {
  org: Organization;
  /** In the order they were made. */
  keys: StoredKey[];
  revocations: [string, Revocation][];
}

export function storedOrg(fields: Record<string, string>): StoredOrg | undefined {
  if (!fields.org) return undefined;
  const keys = Object.entries(fields)
    .filter(([field]) => field.startsWith('key:'))
    .map(([field, json]) => ({ json, order: Number(fields[`order:${field.slice('key:'.length)}`]) }))
    .sort((x, y) => x.order - y.order)
    .map(({ json }) => JSON.parse(json) as StoredKey);
  const revocations = Object.entries(fields)
    .filter(([field]) => field.startsWith('revoked:'))
    .map(([field, json]): [string, Revocation] => [
      field.slice('revoked:'.length),
      JSON.parse(json) as Revocation,
    ]);
  return { org: JSON.parse(fields.org) as Organization, keys, revocations };
}

export function storedKey(key: ApiKeyRecord): StoredKey {
  const { hash, revokedAt: _at, revokedReason: _reason, ...rest } = key;
  return { ...rest, hash: hash.toString('hex') };
}

export function keyOf(json: string): ApiKeyRecord {
  return recordOf(JSON.parse(json) as StoredKey);
}

export function recordOf(stored: StoredKey): ApiKeyRecord {
  return { ...stored, hash: Buffer.from(stored.hash, 'hex'), revokedAt: null, revokedReason: null };
}

export function revocationFields(json: string): Pick<ApiKeyRecord, 'revokedAt' | 'revokedReason'> {
  const r = JSON.parse(json) as Revocation;
  return { revokedAt: r.at, revokedReason: r.reason };
}
