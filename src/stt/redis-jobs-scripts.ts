/** The Lua script of shared STT jobs (issue 17): a job is completed once, whichever instance gets there first. */

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
