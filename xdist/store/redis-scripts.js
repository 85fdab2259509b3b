/**
 * Lua scripts of the Redis store: each runs atomically on the server, so two instances racing on the same
 * key, token or window cannot both win. KEYS and ARGV are documented per script.
 */
/** Insert if absent, keep an index, publish. KEYS: hash, index hash. ARGV: id, json, index field ('' = none), channel, message. Returns 1 if inserted. */
export const PUT_NEW = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[2], ARGV[3], ARGV[1]) end
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1`;
/** The first revocation wins. KEYS: revoked hash. ARGV: key id, revocation json, channel, message. Returns the revocation in force. */
export const REVOKE = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('PUBLISH', ARGV[3], ARGV[4])
  return ARGV[2]
end
return redis.call('HGET', KEYS[1], ARGV[1])`;
/** A key by the hash of its secret, with its revocation and organization. KEYS: keyhash, keys, revoked, orgs. ARGV: hash hex. */
export const LOOKUP_BY_HASH = `
local id = redis.call('HGET', KEYS[1], ARGV[1])
if not id then return nil end
local key = redis.call('HGET', KEYS[2], id)
if not key then return nil end
local org = redis.call('HGET', KEYS[4], string.match(key, '"orgId":"([^"]*)"'))
return {key, redis.call('HGET', KEYS[3], id) or '', org or ''}`;
/**
 * One request against a fixed window: counted only while under the limit (a refusal does not count).
 * KEYS: window counter. ARGV: limit, ttl ms. Returns {allowed 0|1, count}.
 */
export const RATE_HIT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return {0, count} end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, count}`;
/**
 * Fires a counted fault rule once, across every instance: takes one of its `times` if any is left; the
 * last one taken removes the rule and tells the others. KEYS: counters hash, rules hash. ARGV: rule id,
 * channel, removal message. Returns what is left after this hit, or -1 when none was left.
 */
export const FAULT_CLAIM = `
local left = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if left <= 0 then return -1 end
left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left == 0 then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('PUBLISH', ARGV[2], ARGV[3])
end
return left`;
/** Removes a fault rule and its counter, and tells the others. KEYS: rules hash, counters hash. ARGV: rule id, channel, message. Returns 1 if it was there. */
export const FAULT_REMOVE = `
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return removed`;
