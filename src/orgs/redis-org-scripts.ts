/**
 * Lua scripts of organizations and API keys in Redis (redis-orgs.ts): each change is written and published
 * in one step, so two instances making the same organization or key, or revoking one key, cannot both win.
 * Layout, in the store's generation: `orgs` (sorted set of ids, in the order they were made), `org:{id}`
 * (hash: `org`, `key:{keyId}`, `order:{keyId}` (the keys' order), `keys` (how many), `revoked:{keyId}`),
 * `keyhash` (hash of the secret's SHA-256 → key id), `keyorg` (key id → org id).
 * The org hashes are named from a prefix in ARGV (a key's organization is known only inside the script):
 * fine on one Redis, which is what the emulator supports.
 */

/**
 * An organization, unless one with its id is there. KEYS: orgs set, org hash. ARGV: org id, json, channel,
 * message. Returns the organization as stored (the one written, or the one already there).
 */
export const ORG_PUT_NEW = `
local stored = redis.call('HGET', KEYS[2], 'org')
if stored then return stored end
redis.call('HSET', KEYS[2], 'org', ARGV[2])
redis.call('ZADD', KEYS[1], redis.call('ZCARD', KEYS[1]) + 1, ARGV[1])
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
 * keyorg. ARGV: key id, json, hash hex, org id, channel, message. Returns the key as stored.
 */
export const KEY_PUT_NEW = `
local field = 'key:' .. ARGV[1]
local stored = redis.call('HGET', KEYS[1], field)
if stored then return stored end
redis.call('HSET', KEYS[1], field, ARGV[2], 'order:' .. ARGV[1], redis.call('HINCRBY', KEYS[1], 'keys', 1))
redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return ARGV[2]`;

/** The first revocation wins. KEYS: org hash. ARGV: key id, revocation json, channel, message. Returns the revocation in force. */
export const KEY_REVOKE = `
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

/** Everything of one generation, for a reset. KEYS: orgs set, keyhash, keyorg. ARGV: org hash prefix. */
export const ORGS_DROP = `
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do redis.call('DEL', ARGV[1] .. id) end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return 1`;
