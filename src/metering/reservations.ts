/**
 * What one request or WebSocket session has reserved and charged (decision M-R1). The amounts are held in the
 * billing state (billing-state.ts `reserve`), where every request of the organization counts them; this keeps
 * which reservations belong to whom, so that `record` settles the right one and the end of the request
 * releases the rest, and which entries it charged, so that a 5xx answer refunds them (decision M-R2).
 *
 * They belong to the principal object of one request or session (a fresh object each time), so they need no
 * request id threaded through the product areas, and go with it.
 */
import type { LedgerEntry } from './ledger.js';
import type { Principal, Product } from './types.js';

export interface Reservation {
  /** The reservation in the billing state. */
  id: string;
  orgId: string;
  product: Product;
}

interface Owned {
  list: Reservation[];
  charged: LedgerEntry[];
  /** Kept past the end of the request: an async job settles it when it completes or fails. */
  held: boolean;
}

const NONE: readonly never[] = [];

export class Reservations {
  private readonly byOwner = new WeakMap<Principal, Owned>();

  add(owner: Principal, r: Reservation): void {
    this.owned(owner).list.push(r);
  }

  /** Removes the owner's oldest reservation for the product (the charge is about to settle it). */
  settle(owner: Principal, product: Product): Reservation | undefined {
    const owned = this.byOwner.get(owner);
    const i = owned?.list.findIndex((r) => r.product === product) ?? -1;
    return owned && i >= 0 ? owned.list.splice(i, 1)[0] : undefined;
  }

  charged(owner: Principal, entry: LedgerEntry): void {
    this.owned(owner).charged.push(entry);
  }

  chargedOf(owner: Principal): readonly LedgerEntry[] {
    return this.byOwner.get(owner)?.charged ?? NONE;
  }

  /** Keeps the owner's reservations past the end of its request (an async job will settle them). */
  hold(owner: Principal): void {
    const owned = this.byOwner.get(owner);
    if (owned) owned.held = true;
  }

  /** The end of a request or session: what was reserved and not charged (unless held), to give back. */
  release(owner: Principal, force = false): readonly Reservation[] {
    const owned = this.byOwner.get(owner);
    if (!owned || (owned.held && !force)) return NONE;
    this.byOwner.delete(owner);
    return owned.list;
  }

  private owned(owner: Principal): Owned {
    let owned = this.byOwner.get(owner);
    if (!owned) this.byOwner.set(owner, (owned = { list: [], charged: [], held: false }));
    return owned;
  }
}
