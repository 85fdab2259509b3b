/**
 * Lua scripts of the shared webhook queue (src/store/shared-webhooks.ts). Each runs atomically in Redis,
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
export declare const WEBHOOK_ENQUEUE = "\nredis.call('HSET', KEYS[1], ARGV[1], ARGV[2])\nredis.call('HSET', KEYS[2], ARGV[1], ARGV[3])\nredis.call('HSET', KEYS[3], ARGV[1], '1|pending|')\nredis.call('ZADD', KEYS[5], redis.call('INCR', KEYS[6]), ARGV[1])\nlocal over = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[5])\nif over > 0 then\n  local popped = redis.call('ZPOPMIN', KEYS[5], over)\n  for i = 1, #popped, 2 do\n    local st = redis.call('HGET', KEYS[3], popped[i])\n    if not st or not string.find(st, '|pending|', 1, true) then\n      for k = 1, 4 do redis.call('HDEL', KEYS[k], popped[i]) end\n    end\n  end\nend\nredis.call('ZADD', KEYS[7], ARGV[4], ARGV[1] .. '|1')\nredis.call('PUBLISH', ARGV[6], ARGV[7])\nreturn 1";
/**
 * Takes up to ARGV[2] attempts due by ARGV[1], leased to ARGV[3]. KEYS: due, leases, base, body, state,
 * attempts. Returns a flat list: member, base, body, state, attempts for each attempt taken.
 */
export declare const WEBHOOK_CLAIM = "\nlocal members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))\nlocal out = {}\nfor _, m in ipairs(members) do\n  redis.call('ZREM', KEYS[1], m)\n  local id = string.match(m, '^(.*)|')\n  local base = redis.call('HGET', KEYS[3], id)\n  local st = redis.call('HGET', KEYS[5], id)\n  if base and st then\n    redis.call('HSET', KEYS[2], m, ARGV[3])\n    table.insert(out, m)\n    table.insert(out, base)\n    table.insert(out, redis.call('HGET', KEYS[4], id) or '')\n    table.insert(out, st)\n    table.insert(out, redis.call('HGET', KEYS[6], id) or '')\n  end\nend\nreturn out";
/**
 * Logs an attempt, if its lease is still held by ARGV[2] (a reset or a takeover drops it). The status and
 * the next attempt change only when the series is still the current one (a redelivery started a new one).
 * KEYS: state, leases, due, order, base, body, attempts. ARGV: member, holder, id, series, attempt json,
 * status, next attempt ISO or '', next due ms or '', attempts kept, channel, message prefix.
 * Returns {state, attempts}, or nil when the lease was gone.
 */
export declare const WEBHOOK_FINISH = "\nif redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return false end\nredis.call('HDEL', KEYS[2], ARGV[1])\nlocal st = redis.call('HGET', KEYS[1], ARGV[3])\nif not st then return false end\nlocal att = redis.call('HGET', KEYS[7], ARGV[3]) or ''\nif att == '' then att = ARGV[5] else att = att .. '\\n' .. ARGV[5] end\nlocal n = select(2, string.gsub(att, '\\n', '')) + 1\nwhile n > tonumber(ARGV[9]) do\n  att = string.sub(att, string.find(att, '\\n', 1, true) + 1)\n  n = n - 1\nend\nlocal series = tonumber(string.match(st, '^(%d+)|'))\nif series == tonumber(ARGV[4]) then\n  st = series .. '|' .. ARGV[6] .. '|' .. ARGV[7]\n  if ARGV[8] ~= '' then redis.call('ZADD', KEYS[3], ARGV[8], ARGV[1]) end\nend\nif not string.find(st, '|pending|', 1, true) and not redis.call('ZSCORE', KEYS[4], ARGV[3]) then\n  for _, k in ipairs({KEYS[1], KEYS[5], KEYS[6], KEYS[7]}) do redis.call('HDEL', k, ARGV[3]) end\nelse\n  redis.call('HSET', KEYS[1], ARGV[3], st)\n  redis.call('HSET', KEYS[7], ARGV[3], att)\nend\nlocal list = (string.gsub(att, '\\n', ','))\nredis.call('PUBLISH', ARGV[10], ARGV[11] .. '{\"id\":\"' .. ARGV[3] .. '\",\"state\":\"' .. st .. '\",\"attempts\":[' .. list .. ']}}')\nreturn {st, att}";
/**
 * A new series of attempts, its first due at once; a retry of the old series still waiting is dropped.
 * KEYS: state, due, attempts. ARGV: id, due ms, channel, message prefix. Returns {state, attempts}, or nil.
 */
export declare const WEBHOOK_REDELIVER = "\nlocal st = redis.call('HGET', KEYS[1], ARGV[1])\nif not st then return false end\nlocal series = tonumber(string.match(st, '^(%d+)|'))\nredis.call('ZREM', KEYS[2], ARGV[1] .. '|' .. series)\nseries = series + 1\nst = series .. '|pending|'\nredis.call('HSET', KEYS[1], ARGV[1], st)\nredis.call('ZADD', KEYS[2], ARGV[2], ARGV[1] .. '|' .. series)\nlocal att = redis.call('HGET', KEYS[3], ARGV[1]) or ''\nlocal list = (string.gsub(att, '\\n', ','))\nredis.call('PUBLISH', ARGV[3], ARGV[4] .. '{\"id\":\"' .. ARGV[1] .. '\",\"state\":\"' .. st .. '\",\"attempts\":[' .. list .. ']}}')\nreturn {st, att}";
/** An attempt whose holder is gone goes back to the queue. KEYS: leases, due. ARGV: member, holder, due ms. Returns 1 if taken back. */
export declare const WEBHOOK_RECLAIM = "\nif redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end\nredis.call('HDEL', KEYS[1], ARGV[1])\nredis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])\nreturn 1";
