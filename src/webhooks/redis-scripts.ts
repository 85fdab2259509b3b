/**
 * Lua scripts of the shared webhook queue (src/webhooks/redis-deliveries.ts). Each runs atomically in Redis,
 * so two instances can never both claim one attempt, and an attempt's outcome is written only by the
 * instance that still holds its lease.
 *
 * A delivery is kept in four hashes keyed by its id: `base` (its fixed fields, JSON), `body` (the envelope
 * exactly as signed), `state` (`SERIES|STATUS|NEXT_ATTEMPT_AT`), `attempts` (the logged attempts, one JSON
 * per line, the newest last). `order` lists the deliveries newest last (score: a counter); `due` holds the
 * attempts to make (member `ID|SERIES`, score: the emulator-clock ms it is due); `leases` holds the
 * attempts being made (member → the holder, `INSTANCE#PID`). No script decodes JSON: they only join lines.
 */

/** KEYS: base, body, state, attempts, order, seq, due. ARGV: id, base json, body, due ms, list limit, channel, message. */
export const WEBHOOK_ENQUEUE = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[3], ARGV[1], '1|pending|')
redis.call('ZADD', KEYS[5], redis.call('INCR', KEYS[6]), ARGV[1])
local over = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[5])
if over > 0 then
  local popped = redis.call('ZPOPMIN', KEYS[5], over)
  for i = 1, #popped, 2 do
    local st = redis.call('HGET', KEYS[3], popped[i])
    if not st or not string.find(st, '|pending|', 1, true) then
      for k = 1, 4 do redis.call('HDEL', KEYS[k], popped[i]) end
    end
  end
end
redis.call('ZADD', KEYS[7], ARGV[4], ARGV[1] .. '|1')
redis.call('PUBLISH', ARGV[6], ARGV[7])
return 1`;

/**
 * Takes up to ARGV[2] attempts due by ARGV[1], leased to ARGV[3]. KEYS: due, leases, base, body, state,
 * attempts. Returns a flat list: member, base, body, state, attempts for each attempt taken.
 */
export const WEBHOOK_CLAIM = `
local members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, m in ipairs(members) do
  redis.call('ZREM', KEYS[1], m)
  local id = string.match(m, '^(.*)|')
  local base = redis.call('HGET', KEYS[3], id)
  local st = redis.call('HGET', KEYS[5], id)
  if base and st then
    redis.call('HSET', KEYS[2], m, ARGV[3])
    table.insert(out, m)
    table.insert(out, base)
    table.insert(out, redis.call('HGET', KEYS[4], id) or '')
    table.insert(out, st)
    table.insert(out, redis.call('HGET', KEYS[6], id) or '')
  end
end
return out`;

/**
 * Logs an attempt, if its lease is still held by ARGV[2] (a reset or a takeover drops it). The status and
 * the next attempt change only when the series is still the current one (a redelivery started a new one).
 * KEYS: state, leases, due, order, base, body, attempts. ARGV: member, holder, id, series, attempt json,
 * status, next attempt ISO or '', next due ms or '', attempts kept, channel, message prefix.
 * Returns {state, attempts}, or nil when the lease was gone.
 */
export const WEBHOOK_FINISH = `
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return false end
redis.call('HDEL', KEYS[2], ARGV[1])
local st = redis.call('HGET', KEYS[1], ARGV[3])
if not st then return false end
local att = redis.call('HGET', KEYS[7], ARGV[3]) or ''
if att == '' then att = ARGV[5] else att = att .. '\\n' .. ARGV[5] end
local n = select(2, string.gsub(att, '\\n', '')) + 1
while n > tonumber(ARGV[9]) do
  att = string.sub(att, string.find(att, '\\n', 1, true) + 1)
  n = n - 1
end
local series = tonumber(string.match(st, '^(%d+)|'))
if series == tonumber(ARGV[4]) then
  st = series .. '|' .. ARGV[6] .. '|' .. ARGV[7]
  if ARGV[8] ~= '' then redis.call('ZADD', KEYS[3], ARGV[8], ARGV[1]) end
end
if not string.find(st, '|pending|', 1, true) and not redis.call('ZSCORE', KEYS[4], ARGV[3]) then
  for _, k in ipairs({KEYS[1], KEYS[5], KEYS[6], KEYS[7]}) do redis.call('HDEL', k, ARGV[3]) end
else
  redis.call('HSET', KEYS[1], ARGV[3], st)
  redis.call('HSET', KEYS[7], ARGV[3], att)
end
local list = (string.gsub(att, '\\n', ','))
redis.call('PUBLISH', ARGV[10], ARGV[11] .. '{"id":"' .. ARGV[3] .. '","state":"' .. st .. '","attempts":[' .. list .. ']}}')
return {st, att}`;

/**
 * A new series of attempts, its first due at once; a retry of the old series still waiting is dropped.
 * KEYS: state, due, attempts. ARGV: id, due ms, channel, message prefix. Returns {state, attempts}, or nil.
 */
export const WEBHOOK_REDELIVER = `
local st = redis.call('HGET', KEYS[1], ARGV[1])
if not st then return false end
local series = tonumber(string.match(st, '^(%d+)|'))
redis.call('ZREM', KEYS[2], ARGV[1] .. '|' .. series)
series = series + 1
st = series .. '|pending|'
redis.call('HSET', KEYS[1], ARGV[1], st)
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1] .. '|' .. series)
local att = redis.call('HGET', KEYS[3], ARGV[1]) or ''
local list = (string.gsub(att, '\\n', ','))
redis.call('PUBLISH', ARGV[3], ARGV[4] .. '{"id":"' .. ARGV[1] .. '","state":"' .. st .. '","attempts":[' .. list .. ']}}')
return {st, att}`;

/** An attempt whose holder is gone goes back to the queue. KEYS: leases, due. ARGV: member, holder, due ms. Returns 1 if taken back. */
export const WEBHOOK_RECLAIM = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 1`;
