/**
 * Lua scripts for the fault rules in Redis (redis-fault-rules.ts): firing and removing one rule, and those of
 * one organization. Every rule stays in the
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

/**
 * Fires a counted fault rule once, across every instance: takes one of its `times` if any is left and tells
 * the others what is left (a StoreMessage `fault.claimed`, from ARGV[4]); the last one taken removes the rule
 * and tells the others that instead. KEYS: counters hash, rules hash, places hash. ARGV: rule id, channel,
 * removal message, instance id. Returns what is left after this hit, or -1 when none was left.
 */
export const FAULT_CLAIM = `
local left = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if left <= 0 then return -1 end
left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left == 0 then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('HDEL', KEYS[3], ARGV[1])
  redis.call('PUBLISH', ARGV[2], ARGV[3])
else
  redis.call('PUBLISH', ARGV[2], '{"from":' .. cjson.encode(ARGV[4]) .. ',"type":"fault.claimed","data":' .. cjson.encode({id = ARGV[1], left = left}) .. '}')
end
return left`;

/**
 * Removes a fault rule, its counter and place, and its entry in its organization's set
 * (above), and tells the others. KEYS: rules hash, counters hash, orgs set, places hash.
 * ARGV: rule id, channel, message, prefix of an organization's set. Returns 1 if it was there.
 */
export const FAULT_REMOVE = `
local json = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
local rule = json and cjson.decode(json)
local org = rule and rule.match.org_id
if type(org) ~= 'string' or org == '' then org = rule and rule.sandbox_org_id end
if type(org) == 'string' and org ~= '' then
  redis.call('SREM', ARGV[4] .. org, ARGV[1])
  if redis.call('SCARD', ARGV[4] .. org) == 0 then redis.call('SREM', KEYS[3], org) end
end
redis.call('PUBLISH', ARGV[2], ARGV[3])
if json then return 1 end
return 0`;

/** The scripts as ioredis commands (defined in RedisFaultRules.open). */
export interface FaultScripts {
  svcFaultClaim(
    left: string,
    rules: string,
    places: string,
    id: string,
    channel: string,
    removal: string,
    from: string,
  ): Promise<number>;
  svcFaultRemove(...args: string[]): Promise<number>;
  svcFaultsClearOrg(...args: string[]): Promise<number>;
  svcFaultsClear(...args: string[]): Promise<number>;
  svcFaultsReadOrg(rules: string, left: string, org: string): Promise<string[]>;
  svcFaultsOrgs(rules: string, orgs: string, prefix: string): Promise<string[]>;
}
