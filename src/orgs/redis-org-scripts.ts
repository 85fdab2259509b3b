/**
 * Lua scripts of organizations and API keys in Redis (redis-orgs.ts): each runs atomically on the server, so
 * two instances revoking one key cannot both win.
 */

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
