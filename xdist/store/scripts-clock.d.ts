/**
 * Lua scripts of the shared clock and the due-work queue (issue 17): each runs atomically on the server, so
 * two instances changing the clock, or claiming the same due item, cannot both win.
 */
import type { Redis } from 'ioredis';
/** Defines a script as a command of the connection, once (the connection lives as long as the store). */
export declare function defineOnce(redis: Redis, name: string, numberOfKeys: number, lua: string): void;
/**
 * One change to the shared clock, applied to the state in Redis (or to the caller's when none is stored
 * yet), published to every instance. KEYS: clock. ARGV: change json ({advance} | {mode, now, timeScale} |
 * {replace}), the caller's wall ms, the caller's state json, channel, instance id. Returns the new state json
 * (ClockAnchor and a `seq` that orders the changes).
 */
export declare const CLOCK_CHANGE = "\nlocal raw = redis.call('GET', KEYS[1])\nlocal s = cjson.decode(raw or ARGV[3])\nlocal op = cjson.decode(ARGV[1])\nlocal wall = tonumber(ARGV[2])\nlocal seq = tonumber(s.seq or 0)\nif op.replace then\n  s = op.replace\nelse\n  local current = s.virtual\n  if s.mode ~= 'frozen' then\n    local rate = 1\n    if s.mode == 'scaled' then rate = 1 / s.timeScale end\n    current = math.floor(s.virtual + (wall - s.wall) * rate)\n  end\n  s.virtual = current\n  s.wall = wall\n  if op.advance then s.virtual = current + op.advance end\n  if op.timeScale then s.timeScale = op.timeScale end\n  if op.mode then s.mode = op.mode end\n  if op.now then s.virtual = op.now end\nend\ns.seq = seq + 1\nlocal json = cjson.encode(s)\nredis.call('SET', KEYS[1], json)\nredis.call('PUBLISH', ARGV[4], cjson.encode({from = ARGV[5], type = 'clock.changed', data = s}))\nreturn json";
/**
 * Claims one due item of the work queue for this instance. First, leases run out or held by an instance
 * whose heartbeat is gone go back to the due set. Then the first due item this instance may run (no
 * preferred instance, this one, or a preferred one that is gone) leaves the due set and gets a lease.
 * KEYS: due (zset, emulator ms), items (hash), leases (zset, wall ms), owners (hash), prefer (hash),
 * attempts (hash), instances (zset of heartbeats, wall ms). ARGV: emulator now, wall now, lease ms, instance
 * id, heartbeat window ms. Returns {member, item json, attempt} or {'', '', 0, next due after now or -1}.
 */
export declare const WORK_CLAIM = "\nlocal wall = tonumber(ARGV[2])\nlocal seenAfter = wall - tonumber(ARGV[5])\nlocal function alive(id)\n  if not id or id == '' then return false end\n  if id == ARGV[4] then return true end\n  local seen = redis.call('ZSCORE', KEYS[7], id)\n  return seen ~= false and seen ~= nil and tonumber(seen) >= seenAfter\nend\nlocal leased = redis.call('ZRANGE', KEYS[3], 0, -1, 'WITHSCORES')\nfor i = 1, #leased, 2 do\n  local m = leased[i]\n  local owner = redis.call('HGET', KEYS[4], m)\n  if tonumber(leased[i + 1]) <= wall or not alive(owner) then\n    redis.call('ZREM', KEYS[3], m)\n    redis.call('HDEL', KEYS[4], m)\n    if redis.call('HEXISTS', KEYS[2], m) == 1 then redis.call('ZADD', KEYS[1], ARGV[1], m) end\n  end\nend\nlocal due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 200)\nfor _, m in ipairs(due) do\n  local json = redis.call('HGET', KEYS[2], m)\n  if not json then\n    redis.call('ZREM', KEYS[1], m)\n  else\n    local prefer = redis.call('HGET', KEYS[5], m)\n    if not prefer or prefer == ARGV[4] or not alive(prefer) then\n      redis.call('ZREM', KEYS[1], m)\n      redis.call('ZADD', KEYS[3], wall + tonumber(ARGV[3]), m)\n      redis.call('HSET', KEYS[4], m, ARGV[4])\n      return {m, json, redis.call('HINCRBY', KEYS[6], m, 1)}\n    end\n  end\nend\nlocal nxt = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf', 'WITHSCORES', 'LIMIT', 0, 1)\nif #nxt == 0 then return {'', '', 0, -1} end\nreturn {'', '', 0, nxt[2]}";
/**
 * Completes an STT job once: only if its record is still there (no reset since) and no instance completed
 * it before. KEYS: jobs hash, completed hash, input key, outcome key. ARGV: job id, final record json,
 * instance id. Returns 1 when this call completed the job (its billing and event are this caller's), else 0.
 */
export declare const STT_COMPLETE = "\nif redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end\nif redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[3]) == 0 then return 0 end\nredis.call('HSET', KEYS[1], ARGV[1], ARGV[2])\nredis.call('DEL', KEYS[3], KEYS[4])\nreturn 1";
