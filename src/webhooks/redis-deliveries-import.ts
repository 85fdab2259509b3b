/**
 * One organization's deliveries written back to Redis (issue 25; redis-deliveries.ts calls it), in the layout
 * of redis-scripts.ts: each delivery's four fields in its organization's hash, its organization in `org-of`,
 * the listed ones in the list at their places (`seq`, which numbers new ones, raised to the highest). Nothing
 * is made due: `resume` puts the pending ones in their lane's due set after the load.
 */
import type { RedisStore } from '../store/redis-store.js';
import { importedDelivery, type WebhookDeliveriesExport } from './deliveries-state.js';
import { baseOf, type DeliveryKeys } from './redis-delivery-codec.js';

/** `seq` raised to ARGV[1] when lower. */
const RAISE = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

/** One transaction with every delivery. */
export async function writeDeliveries(
  store: RedisStore,
  k: DeliveryKeys,
  orgId: string,
  data: WebhookDeliveriesExport,
): Promise<void> {
  const hash = k.hash(orgId);
  const tx = store.redis.multi().sadd(k.orgs, orgId);
  for (const exported of data.deliveries) {
    const d = importedDelivery(orgId, exported);
    const fields: string[] = [
      `base:${d.id}`,
      JSON.stringify(baseOf(d)),
      `body:${d.id}`,
      exported.body,
      `state:${d.id}`,
      `${d.series}|${d.status}|${d.nextAttemptAt ?? ''}`,
    ];
    // No attempts is no field, as a new delivery has (WEBHOOK_FINISH appends to one that exists).
    if (d.attempts.length > 0)
      fields.push(`attempts:${d.id}`, d.attempts.map((a) => JSON.stringify(a)).join('\n'));
    tx.hset(hash, ...fields).hset(k.orgOf, d.id, orgId);
    if (exported.place !== undefined) tx.zadd(k.order, exported.place, d.id);
  }
  const highest = Math.max(0, ...data.deliveries.map((d) => d.place ?? 0));
  if (highest > 0) tx.eval(RAISE, 1, k.seq, highest);
  const results = await store.run(() => tx.exec());
  for (const [err] of results ?? []) if (err) throw err;
}

/** The due-set entries (score, member) of an export's pending deliveries: at `nextAttemptAt`, else `now`. */
export function dueEntries(data: WebhookDeliveriesExport | undefined, now: number): (string | number)[] {
  return (data?.deliveries ?? [])
    .filter((d) => d.status === 'pending')
    .flatMap((d) => [d.nextAttemptAt ? Date.parse(d.nextAttemptAt) : now, `${d.id}|${d.series}`]);
}
