/**
 * The Lua scripts of STT jobs in Redis (redis-jobs.ts). An organization's jobs are a hash under
 * `stt:org:{org}:` and the organizations that have jobs a set, so a reset or the admin list reaches every
 * organization without a scan.
 */

/**
 * Completes an STT job once: only if its record is still there (no reset since) and no instance completed
 * it before. KEYS: the organization's jobs hash, its completed hash, the job's input key, its outcome key.
 * ARGV: job id, final record json, instance id. Returns 1 when this call completed the job (its billing and
 * event are this caller's), else 0.
 */
export const STT_COMPLETE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[3]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('DEL', KEYS[3], KEYS[4])
return 1`;

/** Every organization's job records. KEYS: the set of organizations. ARGV: the prefix of an organization's keys. */
export const STT_LIST = `
local out = {}
for _, org in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for _, json in ipairs(redis.call('HVALS', ARGV[1] .. org .. ':jobs')) do out[#out + 1] = json end
end
return out`;

/**
 * Drops every organization's jobs, with the audio and outcome kept beside them (a reset). KEYS: the set of
 * organizations. ARGV: the prefix of an organization's keys.
 */
export const STT_CLEAR = `
for _, org in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local p = ARGV[1] .. org .. ':'
  for _, id in ipairs(redis.call('HKEYS', p .. 'jobs')) do redis.call('DEL', p .. 'input:' .. id, p .. 'outcome:' .. id) end
  redis.call('DEL', p .. 'jobs', p .. 'completed')
end
redis.call('DEL', KEYS[1])
return 1`;

/**
 * Drops one organization's jobs, with the audio and outcome kept beside them (`perOrg.reset`), and tells the
 * other instances which of them were still processing (`stt.org-reset`), so they stop those decodings.
 * KEYS: the set of organizations. ARGV: the prefix of an organization's keys, the organization, the channel,
 * the event's JSON up to the list of job ids (the script appends it and closes the event). Returns the ids
 * of the jobs that were processing (not in the completed hash).
 */
export const STT_CLEAR_ORG = `
local p = ARGV[1] .. ARGV[2] .. ':'
local processing = {}
for _, id in ipairs(redis.call('HKEYS', p .. 'jobs')) do
  redis.call('DEL', p .. 'input:' .. id, p .. 'outcome:' .. id)
  if redis.call('HEXISTS', p .. 'completed', id) == 0 then processing[#processing + 1] = id end
end
redis.call('DEL', p .. 'jobs', p .. 'completed')
redis.call('SREM', KEYS[1], ARGV[2])
if #processing > 0 then redis.call('PUBLISH', ARGV[3], ARGV[4] .. cjson.encode(processing) .. '}}') end
return processing`;
