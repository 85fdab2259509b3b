/**
 * Lua scripts of the Redis store: each runs atomically on the server, so two instances racing on the same
 * key, token or window cannot both win. KEYS and ARGV are documented per script. The areas' own scripts live
 * beside their Redis code and are defined on the connection with defineOnce.
 */

import type { Redis } from 'ioredis';

/** Defines a script as a command of the connection, once (the connection lives as long as the store). */
export function defineOnce(redis: Redis, name: string, numberOfKeys: number, lua: string): void {
  if (!(name in redis)) redis.defineCommand(name, { numberOfKeys, lua });
}

/**
 * Claims one due item of the work queue for this instance. First, leases run out or held by an instance
 * whose heartbeat is gone go back to the due set. Then the first due item this instance may run (no
 * preferred instance, this one, or a preferred one that is gone) leaves the due set and gets a lease.
 * KEYS: due (zset, emulator ms), items (hash), leases (zset, wall ms), owners (hash), prefer (hash),
 * attempts (hash), instances (zset of heartbeats, wall ms). ARGV: emulator now, wall now, lease ms, instance
 * id, heartbeat window ms. Returns {member, item json, attempt} or {'', '', 0, next due after now or -1}.
 */
export const WORK_CLAIM = `
local wall = tonumber(ARGV[2])
local seenAfter = wall - tonumber(ARGV[5])
local function alive(id)
  if not id or id == '' then return false end
  if id == ARGV[4] then return true end
  local seen = redis.call('ZSCORE', KEYS[7], id)
  return seen ~= false and seen ~= nil and tonumber(seen) >= seenAfter
end
local leased = redis.call('ZRANGE', KEYS[3], 0, -1, 'WITHSCORES')
for i = 1, #leased, 2 do
  local m = leased[i]
  local owner = redis.call('HGET', KEYS[4], m)
  if tonumber(leased[i + 1]) <= wall or not alive(owner) then
    redis.call('ZREM', KEYS[3], m)
    redis.call('HDEL', KEYS[4], m)
    if redis.call('HEXISTS', KEYS[2], m) == 1 then redis.call('ZADD', KEYS[1], ARGV[1], m) end
  end
end
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 200)
for _, m in ipairs(due) do
  local json = redis.call('HGET', KEYS[2], m)
  if not json then
    redis.call('ZREM', KEYS[1], m)
  else
    local prefer = redis.call('HGET', KEYS[5], m)
    if not prefer or prefer == ARGV[4] or not alive(prefer) then
      redis.call('ZREM', KEYS[1], m)
      redis.call('ZADD', KEYS[3], wall + tonumber(ARGV[3]), m)
      redis.call('HSET', KEYS[4], m, ARGV[4])
      return {m, json, redis.call('HINCRBY', KEYS[6], m, 1)}
    end
  end
end
local nxt = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
if #nxt == 0 then return {'', '', 0, -1} end
return {'', '', 0, nxt[2]}`;
