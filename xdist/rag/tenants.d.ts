/**
 * RAG tenant lifecycle per organization, over clock time.
 *
 *   entitlement granted → not_provisioned (notProvisionedSeconds) → provisioning (provisioningSeconds) → ready
 *   ready, no RAG call for idleAfterSeconds → idle
 *   idle, next RAG call → provisioning (resumeSeconds, the call itself answers 409) → ready
 *
 * States are computed lazily from the phase start and the clock, so `clock.advance`, `clock.set` and
 * `--time-scale` all move tenants without timers. A forced state (admin) starts that phase now; with
 * `hold` it stays until changed.
 */
import type { Clock } from '../core/clock.js';
export type TenantState = 'not_provisioned' | 'provisioning' | 'ready' | 'idle';
export interface TenantDurations {
    notProvisionedSeconds: number;
    provisioningSeconds: number;
    idleAfterSeconds: number;
    resumeSeconds: number;
}
export interface Tenant {
    orgId: string;
    state: TenantState;
    /** Clock ms when the current phase began. */
    since: number;
    /** `provisioning` after idle lasts resumeSeconds instead of provisioningSeconds. */
    resuming: boolean;
    hold: boolean;
    lastActivityAt: number;
    durations: TenantDurations;
}
export interface TenantView {
    org_id: string;
    state: TenantState;
    since: string;
    resuming: boolean;
    hold: boolean;
    next_state: TenantState | null;
    next_state_at: string | null;
    last_activity_at: string;
    durations: {
        not_provisioned_seconds: number;
        provisioning_seconds: number;
        idle_after_seconds: number;
        resume_seconds: number;
    };
}
export interface TenantUpdate {
    state?: TenantState;
    hold?: boolean;
    durations?: Partial<TenantDurations>;
}
/** Tenants in a shared store (src/store/shared-rag.ts); null with the memory store. */
export interface TenantReplica {
    /** A tenant created here: stored unless another instance stored one first (then that one is applied here). */
    created(tenant: Tenant): void;
    changed(tenant: Tenant): void;
}
export declare class TenantManager {
    private readonly clock;
    private readonly defaults;
    private tenants;
    replica: TenantReplica | null;
    /** With a replica: the last activity time written, per org. */
    private readonly sharedActivity;
    /** With a replica: orgs whose tenant came from the shared store (another instance made it). */
    private readonly fromStore;
    constructor(clock: Clock, defaults: TenantDurations);
    has(orgId: string): boolean;
    /** Starts provisioning a tenant for a newly entitled organization (no-op when one exists). */
    provision(orgId: string): void;
    /** A ready tenant from now on (boot of the demo organization); with a shared store, one already there stays as it is. */
    provisionReady(orgId: string): void;
    /**
     * The gate every RAG call passes: a ready tenant records the activity; otherwise a 409 with Retry-After
     * (integer seconds until the next state). An idle tenant starts resuming and answers `rag_provisioning`.
     */
    admit(orgId: string): void;
    state(orgId: string): TenantState | undefined;
    view(orgId: string): TenantView | undefined;
    /** Admin: new durations apply to the current phase too; a forced state starts now. */
    update(orgId: string, patch: TenantUpdate): void;
    /** Entitlement revoked: the tenant keeps its data and goes idle (a later grant resumes it). */
    suspend(orgId: string): void;
    reset(): void;
    /** A tenant as another instance wrote it; the later of the two activity times is kept. */
    applyRemote(tenant: Tenant): void;
    private nextTransition;
    /** Applies every transition that became due by `now`. */
    private settle;
    private retryAfterSeconds;
}
