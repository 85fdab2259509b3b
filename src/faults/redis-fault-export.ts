/** The fault rules' state export read from Redis (redis-fault-rules.ts): one organization's, or the shared ones. */
import type { RedisStore } from '../store/redis-store.js';
import { rulesExport, type FaultRulesExport } from './fault-rules-state.js';
import { faultKeys, faultRedis } from './redis-fault-keys.js';
import { ruleOrg } from './rule-life.js';
import type { FaultRule } from './store.js';

/** The rules of one organization with their counts and places (undefined when it has none). */
export async function exportOrgRules(
  store: RedisStore,
  orgId: string,
): Promise<FaultRulesExport | undefined> {
  const k = faultKeys(store);
  const redis = faultRedis(store);
  const flat = await store.run(() => redis.svcFaultsReadOrg(k.rules, k.left, k.org(orgId)));
  const rules: FaultRule[] = [];
  for (let i = 0; i < flat.length; i += 2) rules.push(withCount(flat[i], flat[i + 1]));
  if (rules.length === 0) return undefined;
  const places = await store.run(() => redis.hmget(k.places, ...rules.map((r) => r.id)));
  return rulesExport(rules, (id) => placeIn(places[rules.findIndex((r) => r.id === id)]));
}

/** The rules that match no one organization, with their counts and places. */
export async function exportSharedRules(store: RedisStore): Promise<FaultRulesExport | undefined> {
  const k = faultKeys(store);
  const redis = faultRedis(store);
  const [rules, left, places] = await store.run(() =>
    Promise.all([redis.hgetall(k.rules), redis.hgetall(k.left), redis.hgetall(k.places)]),
  );
  return rulesExport(
    Object.entries(rules)
      .map(([id, json]) => withCount(json, left[id] ?? ''))
      .filter((rule) => ruleOrg(rule) === undefined),
    (id) => placeIn(places[id]),
  );
}

/** A rule as stored, with its shared count ('' when it has none). */
function withCount(json: string, left: string): FaultRule {
  const rule = JSON.parse(json) as FaultRule;
  if (rule.remaining !== null) rule.remaining = Number(left || 0);
  return rule;
}

/** A place as Redis keeps it (0 when none: a rule written before places were kept). */
function placeIn(value: string | null | undefined): number {
  return value ? Number(value) : 0;
}
