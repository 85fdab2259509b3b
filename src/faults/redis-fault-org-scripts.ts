/**
 * Lua scripts for the fault rules of one organization in Redis (redis-fault-rules.ts). Every rule stays in the
 * one hash `faults` (id → JSON) with its count in `fault-left`: matching, firing and removing address a rule
 * by its id alone, and every instance loads them all. A rule that matches one organization (`ruleOrg`)
 * is also listed in that organization's set `faults:org:{org}`, written in the transaction that adds the rule,
 * and the organizations with such a set are in `faults:orgs`: what lists, exports and resets one organization
 * without reading the other rules. Removing a rule takes it out of its set; the last firing of a counted rule
 * (on the request path) does not, so a set may name a rule that is gone, and readers skip it.
 */

/** The next number of the rules' writes and resets (OwnWrites), after the generation. KEYS[5]: counter, KEYS[6]: generation. */
const NEXT = `
local function next_number()
  return tonumber(redis.call('GET', KEYS[6]) or '0') * 4294967296 + redis.call('INCR', KEYS[5])
end`;

/**
 * Drops one organization's rules, their counts and places, and tells every instance. KEYS: rules, counts, the
 * org's set, orgs, counter, generation, places. ARGV: org, channel, the event up to its number. Returns the
 * number.
 */
export const FAULTS_CLEAR_ORG = `${NEXT}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  redis.call('HDEL', KEYS[1], id)
  redis.call('HDEL', KEYS[2], id)
  redis.call('HDEL', KEYS[7], id)
end
redis.call('DEL', KEYS[3])
redis.call('SREM', KEYS[4], ARGV[1])
local n = next_number()
redis.call('PUBLISH', ARGV[2], ARGV[3] .. n .. '}}')
return n`;

/**
 * Every rule, count and place and the organizations' sets, and tells the others (a clear or a reset). The
 * counters go only with a reset (ARGV[4] = '1'), which moved the generation first: after a clear, numbers
 * must still grow. KEYS: rules, counts, orgs, counter, places, places' counter. ARGV: prefix of an org's set,
 * channel, message, reset.
 */
export const FAULTS_CLEAR = `
for _, org in ipairs(redis.call('SMEMBERS', KEYS[3])) do redis.call('DEL', ARGV[1] .. org) end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[5])
if ARGV[4] == '1' then redis.call('DEL', KEYS[4], KEYS[6]) end
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`;

/** One organization's rules, each with its count ('' when it has none). KEYS: rules, counts, the org's set. */
export const FAULTS_READ_ORG = `
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  local json = redis.call('HGET', KEYS[1], id)
  if json then
    table.insert(out, json)
    table.insert(out, redis.call('HGET', KEYS[2], id) or '')
  end
end
return out`;

/** The organizations that have a rule still there. KEYS: rules, orgs. ARGV: prefix of an org's set. */
export const FAULTS_ORGS = `
local out = {}
for _, org in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  for _, id in ipairs(redis.call('SMEMBERS', ARGV[1] .. org)) do
    if redis.call('HEXISTS', KEYS[1], id) == 1 then
      table.insert(out, org)
      break
    end
  end
end
return out`;

/**
 * A rule's place (fault-rules-state.ts, ExportedRule), written with the rule and published with it, so every
 * instance orders the rules alike. KEYS: places' counter, places. ARGV: id, the place of a loaded rule ('' for a
 * new one: the next number), channel, the event up to the place. Returns the place.
 */
export const FAULT_PLACE = `
local n = tonumber(ARGV[2])
if n then
  if tonumber(redis.call('GET', KEYS[1]) or '0') < n then redis.call('SET', KEYS[1], n) end
else
  n = redis.call('INCR', KEYS[1])
end
redis.call('HSET', KEYS[2], ARGV[1], n)
redis.call('PUBLISH', ARGV[3], ARGV[4] .. n .. '}}')
return n`;
