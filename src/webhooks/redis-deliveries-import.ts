/**
 * One organization's deliveries written back to Redis (issue 25; redis-deliveries.ts calls it), in the layout
 * of redis-scripts.ts: each delivery's four fields in its organization's hash, its organization in `org-of`,
 * the listed ones at the end of the list in their order (numbers taken from `seq` at once). Nothing is made
 * due: `resume` puts the pending ones in their lane's due set after the load.
 */
import type { RedisStore } from '../store/redis-store.js';
import { importedDelivery, type WebhookDeliveriesExport } from './deliveries-state.js';
import { baseOf, type DeliveryKeys } from './redis-delivery-codec.js';

/** Two round trips: the list's numbers, then one transaction with every delivery. */
export async function writeDeliveries(
  store: RedisStore,
  k: DeliveryKeys,
  orgId: string,
  data: WebhookDeliveriesExport,
): Promise<void> {
  const listed = data.deliveries.filter((d) => d.listed).length;
  const top = listed === 0 ? 0 : await store.run(() => store.redis.incrby(k.seq, listed));
  let place = top - listed;
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
    if (exported.listed) tx.zadd(k.order, ++place, d.id);
  }
  const results = await store.run(() => tx.exec());
  for (const [err] of results ?? []) if (err) throw err;
}

/** The due-set entries (score, member) of an export's pending deliveries: at `nextAttemptAt`, else `now`. */
export function dueEntries(data: WebhookDeliveriesExport | undefined, now: number): (string | number)[] {
  return (data?.deliveries ?? [])
    .filter((d) => d.status === 'pending')
    .flatMap((d) => [d.nextAttemptAt ? Date.parse(d.nextAttemptAt) : now, `${d.id}|${d.series}`]);
}
