/**
 * Lua scripts of the webhooks' Redis state (redis-deliveries.ts, redis-endpoints.ts). Each runs atomically
 * in Redis, so two instances can never both claim one attempt, and an attempt's outcome is written only by
 * the instance that still holds its lease.
 *
 * A delivery belongs to its organization: it is kept in the organization's hash
 * `webhooks:org:{org}:deliveries` under four fields, `base:ID` (its fixed fields, JSON), `body:ID` (the
 * envelope exactly as signed), `state:ID` (`SERIES|STATUS|NEXT_ATTEMPT_AT`) and `attempts:ID` (the logged
 * attempts, one JSON per line, the newest last). Across organizations: `org-of` (id → org), `order` (the
 * listed deliveries newest last, score: a counter), `due` (attempts to make, member `ID|SERIES`, score: the
 * emulator-clock ms it is due), `leases` (attempts being made, member → the holder `INSTANCE#PID`), and the
 * set of organizations that have deliveries. These stay across organizations because the list's limit and
 * the claim of due attempts span them; the organization's hash, written in the same script as each of its
 * entries there, is what finds them for one organization (WEBHOOK_CLEAR_ORG). A script finds an
 * organization's hash from the key prefix and suffix it is given (ARGV), since the organization of a due
 * attempt is known only inside the script. No script decodes JSON: they only join lines.
 */

/**
 * Deletes every organization's keys named in ARGV, then the KEYS. KEYS: the set of organizations, then
 * keys across organizations. ARGV: key prefix, then one suffix per key of an organization.
 */
export const DELETE_ORG_KEYS = `
for _, org in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for i = 2, #ARGV do redis.call('DEL', ARGV[1] .. org .. ARGV[i]) end
end
redis.call('DEL', unpack(KEYS))
return 1`;

/**
 * The organizations of a set that still have their key (what `perOrg.ids` lists: the set is written with
 * every entry, but no script on the way of an event takes an organization out once it has none).
 * KEYS: the set. ARGV: key prefix, suffix.
 */
export const ORGS_WITH_KEY = `
local out = {}
for _, org in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. org .. ARGV[2]) == 1 then table.insert(out, org) end
end
return out`;

/** The fields of one delivery in its organization's hash. */
const FIELDS = `
local function fields(id) return 'base:' .. id, 'body:' .. id, 'state:' .. id, 'attempts:' .. id end`;

/**
 * A new delivery, listed, its first attempt due; once per delivery id (its event's idempotency key): sent
 * again after its reply was lost, a delivery Redis has already is left as it is, attempts and all. KEYS: the
 * org's hash, order, seq, due, org-of, orgs. ARGV: id, org, base json, body, due ms, list limit, channel,
 * message, key prefix, hash suffix. Returns 1, or 0 when it was there already.
 */
export const WEBHOOK_ENQUEUE = `${FIELDS}
local b, y, s = fields(ARGV[1])
if redis.call('HEXISTS', KEYS[1], s) == 1 or redis.call('HEXISTS', KEYS[5], ARGV[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], b, ARGV[3], y, ARGV[4], s, '1|pending|')
redis.call('HSET', KEYS[5], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[6], ARGV[2])
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[1])
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[6])
if over > 0 then
  local popped = redis.call('ZPOPMIN', KEYS[2], over)
  for i = 1, #popped, 2 do
    local id = popped[i]
    local org = redis.call('HGET', KEYS[5], id)
    if org then
      local hash = ARGV[9] .. org .. ARGV[10]
      local st = redis.call('HGET', hash, 'state:' .. id)
      if not st or not string.find(st, '|pending|', 1, true) then
        redis.call('HDEL', hash, fields(id))
        redis.call('HDEL', KEYS[5], id)
      end
    end
  end
end
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1] .. '|1')
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1`;

/**
 * Takes up to ARGV[2] attempts due by ARGV[1], leased to ARGV[3]. KEYS: due, leases, org-of. ARGV: now,
 * max, holder, key prefix, hash suffix. Returns a flat list: member, org, base, body, state, attempts, due
 * time (its score) for each attempt taken.
 */
export const WEBHOOK_CLAIM = `${FIELDS}
local members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for i = 1, #members, 2 do
  local m, score = members[i], members[i + 1]
  redis.call('ZREM', KEYS[1], m)
  local id = string.match(m, '^(.*)|')
  local org = redis.call('HGET', KEYS[3], id)
  if org then
    local got = redis.call('HMGET', ARGV[4] .. org .. ARGV[5], fields(id))
    if got[1] and got[3] then
      redis.call('HSET', KEYS[2], m, ARGV[3])
      table.insert(out, m)
      table.insert(out, org)
      table.insert(out, got[1])
      table.insert(out, got[2] or '')
      table.insert(out, got[3])
      table.insert(out, got[4] or '')
      table.insert(out, score)
    end
  end
end
return out`;

/**
 * Logs an attempt, if its lease is still held by ARGV[2] (a reset or a takeover drops it). The status and
 * the next attempt change only when the series is still the current one (a redelivery started a new one).
 * KEYS: the org's hash, leases, due, order, org-of. ARGV: member, holder, id, series, attempt json,
 * status, next attempt ISO or '', next due ms or '', attempts kept, channel, message prefix.
 * Returns {state, attempts}, or nil when the lease was gone.
 */
export const WEBHOOK_FINISH = `${FIELDS}
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return false end
redis.call('HDEL', KEYS[2], ARGV[1])
local b, y, s, a = fields(ARGV[3])
local st = redis.call('HGET', KEYS[1], s)
if not st then return false end
local base = redis.call('HGET', KEYS[1], b)
local att = redis.call('HGET', KEYS[1], a) or ''
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
  redis.call('HDEL', KEYS[1], b, y, s, a)
  redis.call('HDEL', KEYS[5], ARGV[3])
else
  redis.call('HSET', KEYS[1], s, st, a, att)
end
local list = (string.gsub(att, '\\n', ','))
redis.call('PUBLISH', ARGV[10], ARGV[11] .. '{"id":"' .. ARGV[3] .. '","state":"' .. st .. '","base":' .. base .. ',"attempts":[' .. list .. ']}}')
return {st, att}`;

/**
 * A new series of attempts, its first due at once; a retry of the old series still waiting is dropped.
 * KEYS: org-of, due, order. ARGV: id, due ms, channel, message prefix, key prefix, hash suffix.
 * Returns {base, body, state, attempts}, or nil for a delivery that is not listed.
 */
export const WEBHOOK_REDELIVER = `${FIELDS}
local org = redis.call('HGET', KEYS[1], ARGV[1])
if not org or not redis.call('ZSCORE', KEYS[3], ARGV[1]) then return false end
local hash = ARGV[5] .. org .. ARGV[6]
local got = redis.call('HMGET', hash, fields(ARGV[1]))
local st = got[3]
if not st then return false end
local series = tonumber(string.match(st, '^(%d+)|'))
redis.call('ZREM', KEYS[2], ARGV[1] .. '|' .. series)
series = series + 1
st = series .. '|pending|'
redis.call('HSET', hash, 'state:' .. ARGV[1], st)
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1] .. '|' .. series)
local att = got[4] or ''
local list = (string.gsub(att, '\\n', ','))
redis.call('PUBLISH', ARGV[3], ARGV[4] .. '{"id":"' .. ARGV[1] .. '","state":"' .. st .. '","base":' .. got[1] .. ',"attempts":[' .. list .. ']}}')
return {got[1], got[2] or '', st, att}`;

/**
 * Listed deliveries by id (one round trip for a list or a read). KEYS: org-of, order. ARGV: key prefix,
 * hash suffix, '1' for every field or '0' for base and state only, then the ids. Returns per id: base,
 * body, state, attempts ('' for a field not read, or for a delivery no longer listed).
 */
export const WEBHOOK_READ = `${FIELDS}
local out = {}
for i = 4, #ARGV do
  local id = ARGV[i]
  local org = redis.call('HGET', KEYS[1], id)
  local got = {}
  if org and redis.call('ZSCORE', KEYS[2], id) then
    local b, y, s, a = fields(id)
    if ARGV[3] == '1' then got = redis.call('HMGET', ARGV[1] .. org .. ARGV[2], b, y, s, a)
    else got = redis.call('HMGET', ARGV[1] .. org .. ARGV[2], b, s); got = {got[1], false, got[2], false} end
  end
  for k = 1, 4 do table.insert(out, got[k] or '') end
end
return out`;

/** An attempt whose holder is gone goes back to the queue. KEYS: leases, due. ARGV: member, holder, due ms. Returns 1 if taken back. */
export const WEBHOOK_RECLAIM = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 1`;

/**
 * Drops one organization's deliveries: its hash, and each delivery's place in the list, the queue and the
 * leases (an attempt in flight then logs nothing: WEBHOOK_FINISH finds its lease gone). KEYS: the org's
 * hash, org-of, order, due, leases, orgs. ARGV: org, channel, message. One script, so an attempt claimed or
 * a delivery added at the same time is either dropped whole or not touched.
 */
export const WEBHOOK_CLEAR_ORG = `
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if string.sub(all[i], 1, 6) == 'state:' then
    local id = string.sub(all[i], 7)
    redis.call('HDEL', KEYS[2], id)
    redis.call('ZREM', KEYS[3], id)
    -- A retry of an earlier series is gone from the queue, but its attempt may still be in flight.
    for series = 1, tonumber(string.match(all[i + 1], '^(%d+)|')) do
      redis.call('ZREM', KEYS[4], id .. '|' .. series)
      redis.call('HDEL', KEYS[5], id .. '|' .. series)
    end
  end
end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[6], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`;

/**
 * One organization's deliveries as stored, for its export. KEYS: the org's hash, order. Returns {the hash's
 * fields and values, then per delivery its id and its place in the list ('' when no longer listed)}.
 */
export const WEBHOOK_READ_ORG = `
local all = redis.call('HGETALL', KEYS[1])
local places = {}
for i = 1, #all, 2 do
  if string.sub(all[i], 1, 6) == 'state:' then
    local id = string.sub(all[i], 7)
    table.insert(places, id)
    table.insert(places, redis.call('ZSCORE', KEYS[2], id) or '')
  end
end
return {all, places}`;
