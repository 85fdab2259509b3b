/**
 * Lua scripts of the shared clock and the due-work queue (issue 17): each runs atomically on the server, so
 * two instances changing the clock, or claiming the same due item, cannot both win.
 */
/** Defines a script as a command of the connection, once (the connection lives as long as the store). */
export function defineOnce(redis, name, numberOfKeys, lua) {
    if (!(name in redis))
        redis.defineCommand(name, { numberOfKeys, lua });
}
/**
 * One change to the shared clock, applied to the state in Redis (or to the caller's when none is stored
 * yet), published to every instance. KEYS: clock. ARGV: change json ({advance} | {mode, now, timeScale} |
 * {replace}), the caller's wall ms, the caller's state json, channel, instance id. Returns the new state json
 * (ClockAnchor and a `seq` that orders the changes).
 */
export const CLOCK_CHANGE = `
local raw = redis.call('GET', KEYS[1])
local s = cjson.decode(raw or ARGV[3])
local op = cjson.decode(ARGV[1])
local wall = tonumber(ARGV[2])
local seq = tonumber(s.seq or 0)
if op.replace then
  s = op.replace
else
  local current = s.virtual
  if s.mode ~= 'frozen' then
    local rate = 1
    if s.mode == 'scaled' then rate = 1 / s.timeScale end
    current = math.floor(s.virtual + (wall - s.wall) * rate)
  end
  s.virtual = current
  s.wall = wall
  if op.advance then s.virtual = current + op.advance end
  if op.timeScale then s.timeScale = op.timeScale end
  if op.mode then s.mode = op.mode end
  if op.now then s.virtual = op.now end
end
s.seq = seq + 1
local json = cjson.encode(s)
redis.call('SET', KEYS[1], json)
redis.call('PUBLISH', ARGV[4], cjson.encode({from = ARGV[5], type = 'clock.changed', data = s}))
return json`;
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
/**
 * Completes an STT job once: only if its record is still there (no reset since) and no instance completed
 * it before. KEYS: jobs hash, completed hash, input key, outcome key. ARGV: job id, final record json,
 * instance id. Returns 1 when this call completed the job (its billing and event are this caller's), else 0.
 */
export const STT_COMPLETE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[3]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('DEL', KEYS[3], KEYS[4])
return 1`;
