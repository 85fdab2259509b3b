/**
 * Lua scripts of the billing state in Redis (redis-billing.ts): each runs atomically in Redis, so two
 * instances racing on one organization's credits, quota, ledger entry or threshold cannot both win. Every key
 * holds one organization's state (its id is in the key), so each script touches one organization only.
 * Amounts and quantities are integers in millionths (credits are kept to 6 decimals, roundCredits), so
 * HINCRBY adds them exactly. A balance hash has the fields b (balance), g (period grant), gp (granted in
 * the period), c (consumed in the period), v (version, +1 on every change), d (1 once the ledger cap dropped
 * an entry). Every change to a balance publishes it on the events channel (`billing.balance`).
 */

/** Shared helpers, prepended to the scripts that need them. */
const PRELUDE = `
local function init(bal, grant)
  if redis.call('EXISTS', bal) == 0 then
    redis.call('HSET', bal, 'b', grant, 'g', grant, 'gp', grant, 'c', 0, 'v', 0)
  end
end
local function publish(bal, org, channel, from)
  redis.call('HINCRBY', bal, 'v', 1)
  local s = redis.call('HMGET', bal, 'b', 'g', 'gp', 'c', 'v')
  redis.call('PUBLISH', channel, '{"from":' .. cjson.encode(from) .. ',"type":"billing.balance","data":' .. cjson.encode({org = org, s = s}) .. '}')
  return s
end
local function held(key, kind, now, instances, seenSince)
  local sum = 0
  local all = redis.call('HGETALL', key)
  local alive = {}
  for i = 1, #all, 2 do
    local k, a, e, owner = string.match(all[i + 1], '^([^|]*)|([^|]*)|([^|]*)|?(.*)$')
    -- A reservation's lease: its owner's heartbeat. An instance that died holds nothing once it lapses.
    local live = true
    if owner ~= '' then
      if alive[owner] == nil then
        local seen = redis.call('ZSCORE', instances, owner)
        alive[owner] = seen ~= false and tonumber(seen) >= seenSince
      end
      live = alive[owner]
    end
    if tonumber(e) < now or not live then redis.call('HDEL', key, all[i])
    elseif k == kind then sum = sum + tonumber(a) end
  end
  return sum
end
`;

/**
 * Checks and reserves (decision M-R1, across instances; billing-state.ts `refuses`). KEYS: balance, held,
 * quota window, the organization's quotas, the instances' heartbeats.
 * ARGV: reservation id, kind ('credits' or a quota product), amount, wall now ms, wall expiry ms, grant (for
 * an organization not seen yet), default quota, org id, owner (instance id), wall ms since which an owner's
 * heartbeat must have been seen. A reservation is `kind|amount|expiry|owner`: one whose owner's heartbeat
 * lapsed, or past its expiry, is dropped here (decisions R-L1). Live: refused when the cost exceeds the
 * balance less what is held (or nothing is available for a free request); test: when the quota is used or
 * held up, or this quantity would overrun it. Returns {1 reserved | 0 refused, balance or used, held, quota}.
 */
export const BILLING_RESERVE = `${PRELUDE}
local amount = tonumber(ARGV[3])
local h = held(KEYS[2], ARGV[2], tonumber(ARGV[4]), KEYS[5], tonumber(ARGV[10]))
local entry = ARGV[2] .. '|' .. ARGV[3] .. '|' .. ARGV[5] .. '|' .. ARGV[9]
if ARGV[2] == 'credits' then
  init(KEYS[1], ARGV[6])
  local balance = tonumber(redis.call('HGET', KEYS[1], 'b'))
  local available = balance - h
  local refused
  if amount > 0 then refused = amount > available else refused = available <= 0 end
  if refused then return {0, balance, h, 0} end
  if amount > 0 then redis.call('HSET', KEYS[2], ARGV[1], entry) end
  return {1, balance, h, 0}
end
local limit = tonumber(redis.call('HGET', KEYS[4], ARGV[2]) or ARGV[7])
local used = tonumber(redis.call('HGET', KEYS[3], ARGV[2]) or '0')
local u = used + h
if u >= limit or u + amount > limit then return {0, used, h, limit} end
if amount > 0 then redis.call('HSET', KEYS[2], ARGV[1], entry) end
return {1, used, h, limit}`;

/**
 * One ledger entry: settles its reservation, debits the balance (billed) or counts the test quota, appends
 * the entry (the newest `max` are kept per organization), adds to the aggregates and the period's usage, and
 * claims the thresholds crossed (SET NX: each fires once across instances, the marker naming the entry that
 * claimed it). At most once per entry id (its idempotency key): an entry the ledger holds already is not
 * applied again, and the figures and thresholds of its first application are returned (decisions R-I1). KEYS: balance, held, quota
 * window, ledger list, entries hash, refunds hash, aggregates, period usage, the organization's quotas. ARGV: reservation
 * id ('' = none), entry id, entry json, kind ('billed', 'live' for a live entry not billed, 'test' for
 * test-key usage, 'none'), amount, quantity, quota product, aggregate field prefix, max entries, grant,
 * default quota, org id, channel, instance id, percents (comma-separated), product, the threshold markers'
 * prefix (a credits marker adds the balance's period number p, +1 at each close, so a period closed early
 * through any instance starts with fresh thresholds everywhere). Returns {b, g, gp, c, v, quota used, quota,
 * fired percents comma-separated}.
 */
export const BILLING_CHARGE = `${PRELUDE}
if ARGV[1] ~= '' then redis.call('HDEL', KEYS[2], ARGV[1]) end
local function markerOf()
  local marker = ARGV[17]
  if ARGV[4] ~= 'test' then marker = marker .. (redis.call('HGET', KEYS[1], 'p') or '0') .. ':' end
  return marker
end
if redis.call('HEXISTS', KEYS[5], ARGV[2]) == 1 then
  -- Sent again (its first reply was lost): it landed once; the thresholds it claimed are still its own.
  local s = redis.call('HMGET', KEYS[1], 'b', 'g', 'gp', 'c', 'v')
  local fired = {}
  local marker = markerOf()
  for pct in string.gmatch(ARGV[15], '[^,]+') do
    if redis.call('GET', marker .. pct) == ARGV[2] then table.insert(fired, pct) end
  end
  local used = -1
  local limit = 0
  if ARGV[4] == 'test' then
    used = tonumber(redis.call('HGET', KEYS[3], ARGV[7]) or '0')
    limit = tonumber(redis.call('HGET', KEYS[9], ARGV[7]) or ARGV[11])
  end
  return {s[1], s[2], s[3], s[4], s[5], tostring(used), tostring(limit), table.concat(fired, ',')}
end
init(KEYS[1], ARGV[10])
local amount, qty = tonumber(ARGV[5]), tonumber(ARGV[6])
redis.call('LPUSH', KEYS[4], ARGV[2])
redis.call('HSET', KEYS[5], ARGV[2], ARGV[3])
while redis.call('LLEN', KEYS[4]) > tonumber(ARGV[9]) do
  local old = redis.call('RPOP', KEYS[4])
  redis.call('HDEL', KEYS[5], old)
  redis.call('HDEL', KEYS[6], old)
  redis.call('HSET', KEYS[1], 'd', 1)
end
redis.call('HINCRBY', KEYS[7], ARGV[8] .. '|n', 1)
redis.call('HINCRBY', KEYS[7], ARGV[8] .. '|q', qty)
redis.call('HINCRBY', KEYS[7], ARGV[8] .. '|a', amount)
local ratio = -1
local used = -1
local limit = 0
if ARGV[4] == 'billed' then
  redis.call('HINCRBY', KEYS[1], 'b', 0 - amount)
  redis.call('HINCRBY', KEYS[1], 'c', amount)
  redis.call('HINCRBY', KEYS[8], ARGV[16] .. '|q', qty)
  redis.call('HINCRBY', KEYS[8], ARGV[16] .. '|a', amount)
end
if ARGV[4] == 'billed' or ARGV[4] == 'live' then
  local gp = tonumber(redis.call('HGET', KEYS[1], 'gp'))
  if gp > 0 then ratio = tonumber(redis.call('HGET', KEYS[1], 'c')) / gp * 100 end
elseif ARGV[4] == 'test' then
  used = redis.call('HINCRBY', KEYS[3], ARGV[7], qty)
  if used < 0 then
    redis.call('HSET', KEYS[3], ARGV[7], 0)
    used = 0
  end
  limit = tonumber(redis.call('HGET', KEYS[9], ARGV[7]) or ARGV[11])
  if limit > 0 then ratio = used / limit * 100 end
end
local fired = {}
if ratio >= 0 then
  local marker = markerOf()
  for pct in string.gmatch(ARGV[15], '[^,]+') do
    if ratio >= tonumber(pct) and redis.call('SET', marker .. pct, ARGV[2], 'NX') then table.insert(fired, pct) end
  end
end
local s = publish(KEYS[1], ARGV[12], ARGV[13], ARGV[14])
return {s[1], s[2], s[3], s[4], s[5], tostring(used), tostring(limit), table.concat(fired, ',')}`;

/**
 * Refunds a billed or test-key entry once across instances (the first refund wins, HSETNX): gives the credits
 * or the test quota back and moves the entry's aggregates to `refunded`. The entry's figures are read from the
 * ledger itself. KEYS: balance, quota window, refunds hash, aggregates, period usage, entries hash. ARGV: entry
 * id, refund json, org id, channel, instance id, grant. Returns {-1} when the entry is not in the ledger,
 * {-2, entry json} when it is refunded already or not refundable, else {1, entry json, b, g, gp, c, v}.
 */
export const BILLING_REFUND = `${PRELUDE}
local json = redis.call('HGET', KEYS[6], ARGV[1])
if not json then return {-1} end
local e = cjson.decode(json)
local testKey = e.status == 'not_billed' and e.reason == 'test_key'
if (e.status ~= 'billed' and not testKey) or redis.call('HSETNX', KEYS[3], ARGV[1], ARGV[2]) == 0 then return {-2, json} end
local function micro(x)
  if x >= 0 then return string.format('%d', math.floor(x * 1e6 + 0.5)) end
  return string.format('%d', -math.floor(-x * 1e6 + 0.5))
end
local amount, qty = micro(e.amount), micro(e.quantity)
-- Negated as 0 - x: -x of a zero is -0, which reaches HINCRBY as "-0" and is refused (a test-key refund).
local prefix = e.environment .. '|' .. e.product
redis.call('HINCRBY', KEYS[4], prefix .. '|' .. e.status .. '|n', -1)
redis.call('HINCRBY', KEYS[4], prefix .. '|' .. e.status .. '|q', 0 - qty)
redis.call('HINCRBY', KEYS[4], prefix .. '|' .. e.status .. '|a', 0 - amount)
redis.call('HINCRBY', KEYS[4], prefix .. '|refunded|n', 1)
redis.call('HINCRBY', KEYS[4], prefix .. '|refunded|q', qty)
redis.call('HINCRBY', KEYS[4], prefix .. '|refunded|a', amount)
init(KEYS[1], ARGV[6])
if e.status == 'billed' then
  redis.call('HINCRBY', KEYS[1], 'b', amount)
  redis.call('HINCRBY', KEYS[1], 'c', 0 - amount)
  redis.call('HINCRBY', KEYS[5], e.product .. '|q', 0 - qty)
  redis.call('HINCRBY', KEYS[5], e.product .. '|a', 0 - amount)
else
  local q = e.product
  if q == 'stt_realtime' then q = 'stt' end
  if q ~= 'rag_storage' and redis.call('HINCRBY', KEYS[2], q, 0 - qty) < 0 then redis.call('HSET', KEYS[2], q, 0) end
end
local s = publish(KEYS[1], ARGV[3], ARGV[4], ARGV[5])
return {1, json, s[1], s[2], s[3], s[4], s[5]}`;

/**
 * An admin change of an organization's credits. KEYS: balance. ARGV: grant (for an organization not seen
 * yet, unless a new period grant is given: it starts with that one), new period grant (''), new balance ('': a top-up or withdrawal of the difference), credits to add
 * (''), org id, channel, instance id. Returns {b, g, gp, c, v}.
 */
export const BILLING_ADJUST = `${PRELUDE}
if ARGV[2] ~= '' then init(KEYS[1], ARGV[2]) else init(KEYS[1], ARGV[1]) end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'g', ARGV[2]) end
local add = 0
if ARGV[3] ~= '' then add = tonumber(ARGV[3]) - tonumber(redis.call('HGET', KEYS[1], 'b')) end
if ARGV[4] ~= '' then add = tonumber(ARGV[4]) end
if add ~= 0 then
  redis.call('HINCRBY', KEYS[1], 'b', add)
  redis.call('HINCRBY', KEYS[1], 'gp', add)
end
return publish(KEYS[1], ARGV[5], ARGV[6], ARGV[7])`;

/**
 * The end of a billing period, once across instances: takes the period's usage (the invoice lines) and
 * starts the shared balance over at the grant; the period number p goes up. KEYS: balance, period usage.
 * ARGV: grant, org id, channel, instance id. Returns {{b, g, gp, c, v}, {field, value, ...}}.
 */
export const BILLING_TAKE_PERIOD = `${PRELUDE}
init(KEYS[1], ARGV[1])
local lines = redis.call('HGETALL', KEYS[2])
redis.call('DEL', KEYS[2])
local g = redis.call('HGET', KEYS[1], 'g')
redis.call('HSET', KEYS[1], 'b', g, 'gp', g, 'c', 0)
redis.call('HINCRBY', KEYS[1], 'p', 1)
return {publish(KEYS[1], ARGV[2], ARGV[3], ARGV[4]), lines}`;
