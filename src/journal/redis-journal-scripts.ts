/**
 * The Lua scripts of the Redis journal (redis-journal.ts, whose header describes the keys): each runs
 * atomically on the server, so the bounds and the order hold across instances.
 */

/** Forgets one entry (Lua, shared by the scripts below): `P` is the key prefix, `bytes` the running total. */
const DROP = `
local function drop(P, id)
  local b = redis.call('HGET', P .. 'org-of', id)
  redis.call('ZREM', P .. 'order', id)
  redis.call('HDEL', P .. 'org-of', id)
  if not b then return 0 end
  local org = P .. 'org:' .. b
  local size = tonumber(redis.call('HGET', org, 's:' .. id) or '0')
  redis.call('ZREM', org .. ':order', id)
  redis.call('HDEL', org, 'e:' .. id, 's:' .. id, 'l:' .. id, 'w:' .. id)
  if redis.call('ZCARD', org .. ':order') == 0 then
    redis.call('DEL', org)
    redis.call('SREM', P .. 'orgs', b)
  end
  return size
end`;

/**
 * Appends entries and drops the oldest beyond both bounds (never the newest). ARGV: prefix, capacity, max
 * bytes, channel, message, then per entry request id, organization ('' = none), size, JSON, and the time it
 * was recorded (µs): the order of the list, whatever order the instances' batches arrive in.
 */
export const JOURNAL_ADD = `${DROP}
local P = ARGV[1]
local cap, maxBytes = tonumber(ARGV[2]), tonumber(ARGV[3])
local bytes = tonumber(redis.call('GET', P .. 'bytes') or '0')
for i = 6, #ARGV, 5 do
  local id, b, size, json, at = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2]), ARGV[i + 3], ARGV[i + 4]
  local org = P .. 'org:' .. b
  if redis.call('HSETNX', P .. 'org-of', id, b) == 1 then
    redis.call('ZADD', P .. 'order', at, id)
    redis.call('ZADD', org .. ':order', at, id)
    redis.call('SADD', P .. 'orgs', b)
  else
    bytes = bytes - tonumber(redis.call('HGET', org, 's:' .. id) or '0')
  end
  redis.call('HSET', org, 'e:' .. id, json, 's:' .. id, size)
  local early = P .. 'early:' .. id
  if redis.call('EXISTS', early) == 1 then
    local links = redis.call('HMGET', early, 'l', 'w')
    if links[1] then redis.call('HSET', org, 'l:' .. id, links[1]) end
    if links[2] then redis.call('HSET', org, 'w:' .. id, links[2]) end
    redis.call('DEL', early)
  end
  bytes = bytes + size
end
local n = redis.call('ZCARD', P .. 'order')
while n > 1 and (n > cap or bytes > maxBytes) do
  local oldest = redis.call('ZRANGE', P .. 'order', 0, 0)[1]
  bytes = bytes - drop(P, oldest)
  n = n - 1
end
redis.call('SET', P .. 'bytes', bytes)
if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[4], ARGV[5]) end
return n`;

/**
 * Links an id to a journaled request, once, at most 100 per kind. ARGV: prefix, request id, kind ('l' or 'w'),
 * linked id, ms an early link waits. A request not in the journal yet (its instance has not sent it) gets the
 * link when it arrives (JOURNAL_ADD), if within the wait; one no longer there gets nothing.
 */
export const JOURNAL_LINK = `
local P = ARGV[1]
local b = redis.call('HGET', P .. 'org-of', ARGV[2])
local org, field
if b then
  org, field = P .. 'org:' .. b, ARGV[3] .. ':' .. ARGV[2]
else
  org, field = P .. 'early:' .. ARGV[2], ARGV[3]
  redis.call('PEXPIRE', org, ARGV[5])
end
local list = redis.call('HGET', org, field) or ''
for id in string.gmatch(list, '[^,]+') do if id == ARGV[4] then return 0 end end
local _, count = string.gsub(list, ',', ',')
if list ~= '' and count >= 99 then return 0 end
redis.call('HSET', org, field, list == '' and ARGV[4] or (list .. ',' .. ARGV[4]))
if not b then redis.call('PEXPIRE', org, ARGV[5]) end
return 1`;

/**
 * Reads entries in record order: {json, ledger links, webhook links} per entry, flat. ARGV: prefix, what
 * ('all', 'org' or 'one'), organization or request id, cursor (the request id after which to start; '' = none),
 * horizon (µs: entries recorded later are left for the next read, so a cursor never passes an entry that an
 * instance had not sent yet). Entries recorded in the same µs are in request-id order.
 */
export const JOURNAL_READ = `
local P = ARGV[1]
local ids
if ARGV[2] == 'one' then
  ids = {ARGV[3]}
else
  local order = ARGV[2] == 'all' and (P .. 'order') or (P .. 'org:' .. ARGV[3] .. ':order')
  local from = ARGV[4] ~= '' and redis.call('ZSCORE', P .. 'order', ARGV[4])
  if from then
    ids = {}
    local found = redis.call('ZRANGEBYSCORE', order, from, ARGV[5], 'WITHSCORES')
    for i = 1, #found, 2 do
      if found[i + 1] ~= from or found[i] > ARGV[4] then ids[#ids + 1] = found[i] end
    end
  else
    ids = redis.call('ZRANGEBYSCORE', order, '-inf', ARGV[5])
  end
end
local out = {}
for _, id in ipairs(ids) do
  local b = redis.call('HGET', P .. 'org-of', id)
  if b then
    local v = redis.call('HMGET', P .. 'org:' .. b, 'e:' .. id, 'l:' .. id, 'w:' .. id)
    if v[1] then
      out[#out + 1] = v[1]
      out[#out + 1] = v[2] or ''
      out[#out + 1] = v[3] or ''
    end
  end
end
return out`;

/** Removes one organization's entries (ARGV[2] = 1, its id in ARGV[3]) or all. ARGV: prefix, one, org, channel, message. */
export const JOURNAL_CLEAR = `${DROP}
local P = ARGV[1]
if ARGV[2] == '1' then
  local bytes = tonumber(redis.call('GET', P .. 'bytes') or '0')
  for _, id in ipairs(redis.call('ZRANGE', P .. 'org:' .. ARGV[3] .. ':order', 0, -1)) do
    bytes = bytes - drop(P, id)
  end
  redis.call('SET', P .. 'bytes', bytes)
else
  for _, b in ipairs(redis.call('SMEMBERS', P .. 'orgs')) do
    redis.call('DEL', P .. 'org:' .. b, P .. 'org:' .. b .. ':order')
  end
  redis.call('DEL', P .. 'order', P .. 'org-of', P .. 'orgs', P .. 'bytes')
end
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1`;

export interface JournalScripts {
  svcJournalAdd(...args: (string | number)[]): Promise<number>;
  svcJournalLink(...args: (string | number)[]): Promise<number>;
  svcJournalRead(...args: string[]): Promise<string[]>;
  svcJournalClear(...args: string[]): Promise<number>;
}
