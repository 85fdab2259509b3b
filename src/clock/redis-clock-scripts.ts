/**
 * The Lua script of the shared clock (issue 17): it runs atomically on the server, so two instances changing
 * the clock cannot both win. It applies the rules of core/clock-anchor.ts (applyChange).
 */

/**
 * One change to a shared clock, applied to the state in Redis (or to the caller's when none is stored yet),
 * published to every instance. KEYS: clock. ARGV: change json ({advance} | {mode, now, timeScale} |
 * {replace}), the caller's wall ms, the caller's state json, channel, instance id, clock id, the token the
 * other instances acknowledge it with. Returns {the new state json (ClockAnchor and a `seq` that orders the
 * changes), the subscribers the message reached}; the message carries the clock id, the state and the token.
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
local reached = redis.call('PUBLISH', ARGV[4], '{"from":' .. cjson.encode(ARGV[5]) .. ',"type":"clock.changed","data":' .. cjson.encode({id = ARGV[6], anchor = s, token = ARGV[7]}) .. '}')
return {json, reached}`;
