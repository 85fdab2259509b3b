/**
 * The webhook deliveries' state: the queue of attempts and the delivery log, as the webhooks area needs
 * them. The state decides when an attempt is due and which instance makes it, and hands it to the
 * AttemptMaker; memory-deliveries.ts keeps them on this process's clock timers, redis-deliveries.ts in a
 * queue in Redis that every instance claims from.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { OrgStatePart, StateProblem, StateUnit } from '../store/state-unit.js';
import type { DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';

/** One delivery as `perOrg.export` gives it: as stored, its envelope as the exact body that was signed. */
export interface DeliveryExport extends Omit<WebhookDelivery, 'envelope'> {
  body: string;
  /**
   * Its number in the deliveries list, which spans organizations (ordered by it, then by id), present while
   * the list shows it: one pushed out by newer deliveries goes on retrying until it settles. A load puts it
   * back at its number, so the list interleaves organizations as it did (issue 25).
   */
  place?: number;
}

/**
 * One organization's deliveries as `perOrg.export` gives them: those listed, oldest first (the list's order),
 * then those no longer listed but still retrying, by creation time and id. Pending ones carry their next
 * attempt's time (`nextAttemptAt`) when a retry waits; without it, their attempt is due now.
 */
export interface WebhookDeliveriesExport {
  deliveries: DeliveryExport[];
}

export interface OrgDeliveries extends OrgStatePart {
  export(orgId: string): MaybePromise<WebhookDeliveriesExport | undefined>;
}

export interface WebhookDeliveriesState extends StateUnit {
  /**
   * The deliveries per organization: listed, exported, and reset (its queued retries and the outcome of its
   * attempts in flight dropped on every instance, its long-polls woken).
   */
  readonly perOrg: OrgDeliveries;
  /** Throws 502 `upstream_error` while a shared store is away (an admin call that would emit or redeliver). */
  assertWritable(): void;
  /**
   * A new delivery: listed at once, its first attempt due now, made on a later turn of the event loop.
   * Never refused: with a shared store away, it waits in this instance until the store is back.
   */
  add(delivery: WebhookDelivery, body: string): void;
  get(id: string): MaybePromise<WebhookDelivery | undefined>;
  /** Newest first, at most `limit` (default: the log's limit). */
  list(filter?: DeliveryFilter & { limit?: number }): MaybePromise<WebhookDelivery[]>;
  /**
   * The first delivery matching the filter (at once if one exists), or undefined after `timeoutMs` of wall
   * time (a long-poll must end even when the emulator clock is frozen). Rejects when `signal` aborts.
   */
  waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined>;
  /** A fresh series of attempts (same event id), the first due now; undefined for an unknown delivery. */
  redeliver(id: string): MaybePromise<WebhookDelivery | undefined>;
  /** Stops making attempts here (the emulator closes); the stored state is left as it is. */
  stop(): void;
  /**
   * After a load (issue 25): the organization's pending deliveries make their next attempt at its time
   * (`nextAttemptAt`), at once when it has passed or none is set.
   */
  resume(orgId: string): MaybePromise<void>;
}

/** A delivery as exported, from what is stored of it. */
export function deliveryExport(d: WebhookDelivery, body: string, place: number | undefined): DeliveryExport {
  const { envelope: _e, nextAttemptAt, attempts, ...fixed } = d;
  return {
    ...fixed,
    ...(nextAttemptAt ? { nextAttemptAt } : {}),
    attempts: attempts.map((a) => ({ ...a })),
    body,
    ...(place !== undefined ? { place } : {}),
  };
}

/**
 * The export of one organization's deliveries: those listed by their place, then those no longer listed (still
 * retrying) by creation time and id; undefined when there are none.
 */
export function deliveriesExport(items: DeliveryExport[]): WebhookDeliveriesExport | undefined {
  if (items.length === 0) return undefined;
  const rank = (place: number | undefined) => place ?? Infinity;
  items.sort(
    (x, y) => rank(x.place) - rank(y.place) || compare(x.createdAt, y.createdAt) || compare(x.id, y.id),
  );
  return { deliveries: items };
}

/** A delivery of a loaded section as the state keeps it: its envelope parsed from the body that was signed. */
export function importedDelivery(orgId: string, exported: DeliveryExport): WebhookDelivery {
  const { body, place: _place, ...rest } = exported;
  const delivery = JSON.parse(JSON.stringify(rest)) as Omit<WebhookDelivery, 'envelope'>;
  return { ...delivery, orgId, envelope: JSON.parse(body) as WebhookDelivery['envelope'] };
}

/**
 * What the schema cannot say: each delivery is the organization's and listed once (at a place of its own), its body is the JSON of
 * its event (the id, kind and mode it names), a retry time only on a pending one. Its endpoint may be gone
 * (deleted after delivering): deliveries stay listed then, as in the emulator.
 */
export function checkDeliveries(orgId: string, data: WebhookDeliveriesExport): StateProblem | null {
  const seen = new Set<string>();
  const places = new Set<number>();
  for (const [i, d] of data.deliveries.entries()) {
    const at = `/deliveries/${i}`;
    if (d.orgId !== orgId) return { path: `${at}/orgId`, message: `must be ${orgId}` };
    if (seen.has(d.id)) return { path: `${at}/id`, message: 'is listed twice' };
    seen.add(d.id);
    if (d.place !== undefined) {
      if (places.has(d.place)) return { path: `${at}/place`, message: 'is the place of another delivery' };
      places.add(d.place);
    }
    if (d.nextAttemptAt !== undefined && d.status !== 'pending')
      return { path: `${at}/nextAttemptAt`, message: 'only a pending delivery waits for a retry' };
    let envelope: unknown;
    try {
      envelope = JSON.parse(d.body);
    } catch {
      return { path: `${at}/body`, message: 'must be the JSON of the event delivered' };
    }
    const e = envelope as Partial<WebhookDelivery['envelope']> | null;
    if (
      e === null ||
      typeof e !== 'object' ||
      e.id !== d.eventId ||
      e.event !== d.event ||
      e.livemode !== d.livemode
    )
      return {
        path: `${at}/body`,
        message: "must be the event delivered (its id, event and livemode the delivery's)",
      };
  }
  return null;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
