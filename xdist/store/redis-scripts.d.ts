/**
 * Lua scripts of the Redis store: each runs atomically on the server, so two instances racing on the same
 * key, token or window cannot both win. KEYS and ARGV are documented per script.
 */
/** Insert if absent, keep an index, publish. KEYS: hash, index hash. ARGV: id, json, index field ('' = none), channel, message. Returns 1 if inserted. */
export declare const PUT_NEW = "\nif redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end\nif ARGV[3] ~= '' then redis.call('HSET', KEYS[2], ARGV[3], ARGV[1]) end\nredis.call('PUBLISH', ARGV[4], ARGV[5])\nreturn 1";
/** The first revocation wins. KEYS: revoked hash. ARGV: key id, revocation json, channel, message. Returns the revocation in force. */
export declare const REVOKE = "\nif redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then\n  redis.call('PUBLISH', ARGV[3], ARGV[4])\n  return ARGV[2]\nend\nreturn redis.call('HGET', KEYS[1], ARGV[1])";
/** A key by the hash of its secret, with its revocation and organization. KEYS: keyhash, keys, revoked, orgs. ARGV: hash hex. */
export declare const LOOKUP_BY_HASH = "\nlocal id = redis.call('HGET', KEYS[1], ARGV[1])\nif not id then return nil end\nlocal key = redis.call('HGET', KEYS[2], id)\nif not key then return nil end\nlocal org = redis.call('HGET', KEYS[4], string.match(key, '\"orgId\":\"([^\"]*)\"'))\nreturn {key, redis.call('HGET', KEYS[3], id) or '', org or ''}";
/**
 * One request against a fixed window: counted only while under the limit (a refusal does not count).
 * KEYS: window counter. ARGV: limit, ttl ms. Returns {allowed 0|1, count}.
 */
export declare const RATE_HIT = "\nlocal count = tonumber(redis.call('GET', KEYS[1]) or '0')\nif count >= tonumber(ARGV[1]) then return {0, count} end\ncount = redis.call('INCR', KEYS[1])\nif count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end\nreturn {1, count}";
/**
 * Fires a counted fault rule once, across every instance: takes one of its `times` if any is left; the
 * last one taken removes the rule and tells the others. KEYS: counters hash, rules hash. ARGV: rule id,
 * channel, removal message. Returns what is left after this hit, or -1 when none was left.
 */
export declare const FAULT_CLAIM = "\nlocal left = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')\nif left <= 0 then return -1 end\nleft = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)\nif left == 0 then\n  redis.call('HDEL', KEYS[2], ARGV[1])\n  redis.call('PUBLISH', ARGV[2], ARGV[3])\nend\nreturn left";
/** Removes a fault rule and its counter, and tells the others. KEYS: rules hash, counters hash. ARGV: rule id, channel, message. Returns 1 if it was there. */
export declare const FAULT_REMOVE = "\nlocal removed = redis.call('HDEL', KEYS[1], ARGV[1])\nredis.call('HDEL', KEYS[2], ARGV[1])\nredis.call('PUBLISH', ARGV[2], ARGV[3])\nreturn removed";
