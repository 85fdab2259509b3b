/**
 * One organization's keys of an area in Redis, for the per-organization admin operations (issue 23 item 2:
 * list, reset, export). The area keeps each organization's state under keys that name it,
 * `g{gen}:<area>:org:<id>:<part>`, and no index of them: keeping one would cost a command on every /v1
 * request that writes (a precheck, a charge, a rate-limit hit). These operations are rare, so they find the
 * keys with SCAN and MATCH (never KEYS); reset and export scan inside one script, so they are atomic against
 * the writers of every other instance (a write lands wholly before or wholly after). The scan blocks Redis
 * while it walks the key space: an organization's many entries live in a few hashes, not in keys of their own.
 *
 * Organization ids carry no `:` (`org_` and letters and digits, or the demo's `org_demo`), so the id is the
 * text up to the next `:`.
 */
import type { Redis } from 'ioredis';
import type { RedisStore } from './redis-store.js';
import { defineOnce } from './redis-scripts.js';

/**
 * Every key matching a pattern with its type and contents, read in one atomic step. ARGV: the MATCH pattern.
 * Returns {{key, type, contents}, ...}: a hash as {field, value, ...}, a list in order, a string as {value};
 * other types as {} (the areas keep none under an organization).
 */
const ORG_KEYS_DUMP = `
local out, seen, cursor = {}, {}, '0'
repeat
  local page = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
  cursor = page[1]
  for _, key in ipairs(page[2]) do
    if not seen[key] then
      seen[key] = true
      local t = redis.call('TYPE', key)['ok']
      local v = {}
      if t == 'hash' then v = redis.call('HGETALL', key)
      elseif t == 'list' then v = redis.call('LRANGE', key, 0, -1)
      elseif t == 'string' then v = {redis.call('GET', key)} end
      out[#out + 1] = {key, t, v}
    end
  end
until cursor == '0'
return out`;

/**
 * Deletes every key matching a pattern and tells the other instances, in one atomic step. ARGV: the MATCH
 * pattern, the events channel, the event ('' for none). Returns the number of keys deleted.
 */
const ORG_KEYS_DROP = `
local n, cursor = 0, '0'
repeat
  local page = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
  cursor = page[1]
  for _, key in ipairs(page[2]) do n = n + redis.call('UNLINK', key) end
until cursor == '0'
if ARGV[3] ~= '' then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
return n`;

interface OrgKeyScripts {
  svcOrgKeysDump(pattern: string): Promise<[string, string, string[]][]>;
  svcOrgKeysDrop(pattern: string, channel: string, event: string): Promise<number>;
}

/** A key's type and contents as ORG_KEYS_DUMP read them. */
export interface DumpedKey {
  type: string;
  /** A hash as [field, value, ...], a list in order, a string as [value]. */
  value: string[];
}

export class OrgKeys {
  constructor(
    private readonly store: RedisStore,
    /** The area's name in its keys (`billing`, `rl`). */
    private readonly area: string,
  ) {}

  /** The key of one part of an organization's state, in the current generation. Costs no command. */
  key(orgId: string, part: string): string {
    return this.store.scopedKey(`${this.area}:org:${orgId}:${part}`);
  }

  /** The organizations that have any key in the current generation. */
  async ids(): Promise<string[]> {
    const prefix = this.store.scopedKey(`${this.area}:org:`);
    const ids = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await this.store.run(() =>
        this.store.redis.scan(cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 1000),
      );
      for (const key of keys) ids.add(key.slice(prefix.length, key.indexOf(':', prefix.length)));
      cursor = next;
    } while (cursor !== '0');
    return [...ids];
  }

  /** The organization's keys, by their part (the key less `…:org:<id>:`), read in one atomic step. */
  async dump(orgId: string): Promise<Map<string, DumpedKey>> {
    const prefix = this.key(orgId, '');
    const rows = await this.store.run(() => this.scripts.svcOrgKeysDump(`${globEscape(prefix)}*`));
    return new Map(rows.map(([key, type, value]) => [key.slice(prefix.length), { type, value }]));
  }

  /**
   * Deletes the organization's keys and publishes `event` (a StoreMessage, from RedisStore.message) in the
   * same step, so the other instances hear of it after every write that landed before it, and before any
   * that lands after.
   */
  drop(orgId: string, event = ''): Promise<number> {
    const pattern = `${globEscape(this.key(orgId, ''))}*`;
    return this.store.run(() => this.scripts.svcOrgKeysDrop(pattern, this.store.channel, event));
  }

  /** Deletes the area's keys of the current generation, every organization's (a whole reset), in one step. */
  dropAll(): Promise<number> {
    const pattern = `${globEscape(this.store.scopedKey(`${this.area}:`))}*`;
    return this.store.run(() => this.scripts.svcOrgKeysDrop(pattern, this.store.channel, ''));
  }

  /** Defined on first use: these run long after open(), and only when asked. */
  private get scripts(): OrgKeyScripts {
    const redis = this.store.redis;
    defineOnce(redis, 'svcOrgKeysDump', 0, ORG_KEYS_DUMP);
    defineOnce(redis, 'svcOrgKeysDrop', 0, ORG_KEYS_DROP);
    return redis as Redis & OrgKeyScripts;
  }
}

/** `text` as a MATCH pattern that matches it literally. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** A hash as DumpedKey holds it ([field, value, ...]) as an object. */
export function hashOf(key: DumpedKey | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const v = key?.type === 'hash' ? key.value : [];
  for (let i = 0; i < v.length; i += 2) out[v[i]] = v[i + 1];
  return out;
}
