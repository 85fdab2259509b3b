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
export declare class Reservations {
    private readonly byOwner;
    private readonly credits;
    private readonly quota;
    reservedCredits(orgId: string): number;
    reservedQuota(orgId: string, product: QuotaProduct): number;
    reserve(owner: Principal, r: Reservation): void;
    /** Removes the owner's oldest reservation for the product (the charge is about to replace it). */
    settle(owner: Principal, product: Product): Reservation | undefined;
    /** Keeps the owner's reservations past the end of its request (an async job will settle them). */
    hold(owner: Principal): void;
    /** The end of a request or session: gives back what was reserved and not charged (unless held). */
    release(owner: Principal, force?: boolean): readonly Reservation[];
    private adjust;
}
