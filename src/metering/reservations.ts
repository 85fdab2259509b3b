/**
 * Credits and test quota held between a precheck and the charge (decision M-R1). Without them, requests that
 * pass the precheck together could all be served on a balance that pays for one: 40 concurrent 4-credit clips
 * on 40 credits served 11. The precheck reserves the expected amount, `record` settles it (the charge takes its
 * place in the same synchronous step), and the end of the request or session releases what is left.
 *
 * Reservations belong to the principal object of one request or WebSocket session (a fresh object each
 * time), so they need no request id threaded through the product areas.
 */
import type { QuotaProduct } from './quotas.js';
import type { Principal, Product } from './types.js';

export interface Reservation {
  orgId: string;
  product: Product;
  /** Live keys: credits held. */
  credits: number;
  /** Test keys: quota held, in the product's unit. */
  quotaProduct: QuotaProduct | undefined;
  quantity: number;
  /** The reservation in the shared store (issue 17), if any. */
  sharedId?: string;
}

interface Owned {
  list: Reservation[];
  /** Kept past the end of the request: an async job settles it when it completes or fails. */
  held: boolean;
}

const NONE: readonly Reservation[] = [];

export class Reservations {
  private readonly byOwner = new WeakMap<Principal, Owned>();
  private readonly credits = new Map<string, number>();
  private readonly quota = new Map<string, number>();

  reservedCredits(orgId: string): number {
    return this.credits.get(orgId) ?? 0;
  }

  reservedQuota(orgId: string, product: QuotaProduct): number {
    return this.quota.get(`${orgId}|${product}`) ?? 0;
  }

  reserve(owner: Principal, r: Reservation): void {
    let owned = this.byOwner.get(owner);
    if (!owned) this.byOwner.set(owner, (owned = { list: [], held: false }));
    owned.list.push(r);
    this.adjust(r, 1);
  }

  /** Removes the owner's oldest reservation for the product (the charge is about to replace it). */
  settle(owner: Principal, product: Product): Reservation | undefined {
    const owned = this.byOwner.get(owner);
    const i = owned?.list.findIndex((r) => r.product === product) ?? -1;
    if (!owned || i < 0) return undefined;
    const [r] = owned.list.splice(i, 1);
    this.adjust(r, -1);
    return r;
  }

  /** Keeps the owner's reservations past the end of its request (an async job will settle them). */
  hold(owner: Principal): void {
    const owned = this.byOwner.get(owner);
    if (owned) owned.held = true;
  }

  /** The end of a request or session: gives back what was reserved and not charged (unless held). */
  release(owner: Principal, force = false): readonly Reservation[] {
    const owned = this.byOwner.get(owner);
    if (!owned || (owned.held && !force)) return NONE;
    for (const r of owned.list) this.adjust(r, -1);
    this.byOwner.delete(owner);
    return owned.list;
  }

  private adjust(r: Reservation, sign: 1 | -1): void {
    if (r.credits > 0) bump(this.credits, r.orgId, sign * r.credits);
    if (r.quotaProduct && r.quantity > 0) bump(this.quota, `${r.orgId}|${r.quotaProduct}`, sign * r.quantity);
  }
}

function bump(map: Map<string, number>, key: string, delta: number): void {
  const next = Math.round(((map.get(key) ?? 0) + delta) * 1e6) / 1e6;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}
