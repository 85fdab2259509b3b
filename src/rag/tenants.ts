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
import type { OrgClocks } from '../core/clocks.js';
import { ApiError } from '../core/errors.js';
import type { RagTenantState as TenantState, RagTenantView as TenantView } from '../contract/admin-types.js';
import type { TenantRecords } from './rag-state.js';

/** A tenant's phase and its admin view are the document's (`RagTenantState`, `RagTenant.tenant`). */
export type { TenantState, TenantView };

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
  /** With Redis: the revision of the version stored there (redis-tenants.ts); absent in memory. */
  rev?: number;
}

export interface TenantUpdate {
  state?: TenantState;
  hold?: boolean;
  durations?: Partial<TenantDurations>;
}

/** The tenant rules over the area's tenant records (rag-state.ts), in memory or shared through Redis. */
export class TenantManager {
  constructor(
    /** A tenant's phases run on its organization's clock (its sandbox's own, or the emulator's). */
    private readonly clocks: Pick<OrgClocks, 'for'>,
    private readonly defaults: TenantDurations,
    private readonly tenants: TenantRecords,
  ) {}

  has(orgId: string): boolean {
    return this.tenants.get(orgId) !== undefined;
  }

  /** Starts provisioning a tenant for a newly entitled organization (no-op when one exists). */
  provision(orgId: string): void {
    this.create(orgId, 'not_provisioned');
  }

  /**
   * A ready tenant from now on (boot of the demo organization), made in one write so that no other instance
   * ever reads it as not provisioned; with a shared store, one already there stays as it is.
   */
  provisionReady(orgId: string): void {
    if (this.tenants.madeElsewhere(orgId)) return;
    if (!this.create(orgId, 'ready')) this.update(orgId, { state: 'ready' });
  }

  /** A new tenant in `state` since now; false when the organization has one. */
  private create(orgId: string, state: 'not_provisioned' | 'ready'): boolean {
    if (this.tenants.get(orgId) !== undefined) return false;
    const now = this.clocks.for(orgId).now();
    const tenant: Tenant = {
      orgId,
      state,
      since: now,
      resuming: false,
      hold: false,
      lastActivityAt: now,
      durations: { ...this.defaults },
    };
    this.tenants.create(tenant);
    return true;
  }

  /**
   * The gate every RAG call passes: a ready tenant records the activity; otherwise a 409 with Retry-After
   * (integer seconds until the next state). An idle tenant starts resuming and answers `rag_provisioning`.
   */
  admit(orgId: string): void {
    const t = this.tenants.get(orgId);
    if (t === undefined) throw new Error(`no RAG tenant for ${orgId}`);
    const now = this.clocks.for(orgId).now();
    this.settle(t, now);
    if (t.state === 'ready') {
      t.lastActivityAt = now;
      this.tenants.touch(t);
      return;
    }
    if (t.state === 'idle' && !t.hold) {
      t.state = 'provisioning';
      t.resuming = true;
      t.since = now;
      this.tenants.save(t);
    }
    const retryAfter = this.retryAfterSeconds(t, now);
    if (t.state === 'not_provisioned') {
      throw new ApiError(
        'rag_not_provisioned',
        `the organization's RAG tenant is not provisioned yet; provisioning starts in about ${retryAfter} s`,
        { 'Retry-After': retryAfter },
      );
    }
    const what = t.resuming || t.state === 'idle' ? 'resuming from idle' : 'being provisioned';
    throw new ApiError(
      'rag_provisioning',
      `the organization's RAG tenant is ${what}; retry in about ${retryAfter} s`,
      {
        'Retry-After': retryAfter,
      },
    );
  }

  state(orgId: string): TenantState | undefined {
    const t = this.tenants.get(orgId);
    if (t === undefined) return undefined;
    this.settle(t, this.clocks.for(orgId).now());
    return t.state;
  }

  view(orgId: string): TenantView | undefined {
    const t = this.tenants.get(orgId);
    if (t === undefined) return undefined;
    const now = this.clocks.for(orgId).now();
    this.settle(t, now);
    const next = t.hold ? undefined : this.nextTransition(t);
    return {
      org_id: orgId,
      state: t.state,
      since: new Date(t.since).toISOString(),
      resuming: t.resuming,
      hold: t.hold,
      next_state: next?.state ?? null,
      next_state_at: next === undefined ? null : new Date(next.at).toISOString(),
      last_activity_at: new Date(t.lastActivityAt).toISOString(),
      durations: {
        not_provisioned_seconds: t.durations.notProvisionedSeconds,
        provisioning_seconds: t.durations.provisioningSeconds,
        idle_after_seconds: t.durations.idleAfterSeconds,
        resume_seconds: t.durations.resumeSeconds,
      },
    };
  }

  /** Admin: new durations apply to the current phase too; a forced state starts now. */
  update(orgId: string, patch: TenantUpdate): void {
    this.provision(orgId);
    const t = this.tenants.get(orgId)!;
    const now = this.clocks.for(orgId).now();
    this.settle(t, now);
    if (patch.durations) t.durations = { ...t.durations, ...stripUndefined(patch.durations) };
    if (patch.hold !== undefined) t.hold = patch.hold;
    if (patch.state !== undefined) {
      t.state = patch.state;
      t.since = now;
      t.resuming = false;
      if (patch.state === 'ready') t.lastActivityAt = now;
    }
    this.settle(t, now);
    this.tenants.save(t);
  }

  /** Entitlement revoked: the tenant keeps its data and goes idle (a later grant resumes it). */
  suspend(orgId: string): void {
    const t = this.tenants.get(orgId);
    if (t === undefined) return;
    t.state = 'idle';
    t.since = this.clocks.for(orgId).now();
    t.resuming = false;
    this.tenants.save(t);
  }

  private nextTransition(t: Tenant): { state: TenantState; at: number } | undefined {
    const d = t.durations;
    switch (t.state) {
      case 'not_provisioned':
        return { state: 'provisioning', at: t.since + d.notProvisionedSeconds * 1000 };
      case 'provisioning':
        return {
          state: 'ready',
          at: t.since + (t.resuming ? d.resumeSeconds : d.provisioningSeconds) * 1000,
        };
      case 'ready':
        return { state: 'idle', at: t.lastActivityAt + d.idleAfterSeconds * 1000 };
      case 'idle':
        return undefined;
    }
  }

  /** Applies every transition that became due by `now`. */
  private settle(t: Tenant, now: number): void {
    if (t.hold) return;
    for (;;) {
      const next = this.nextTransition(t);
      if (next === undefined || next.at > now) return;
      t.state = next.state;
      t.since = next.at;
      if (next.state === 'ready') {
        t.resuming = false;
        t.lastActivityAt = next.at;
      }
    }
  }

  private retryAfterSeconds(t: Tenant, now: number): number {
    const next = this.nextTransition(t);
    const d = t.durations;
    // A held state has no scheduled end: advertise the nominal length of its phase.
    const ms =
      t.hold || next === undefined
        ? (t.state === 'not_provisioned'
            ? d.notProvisionedSeconds
            : t.resuming
              ? d.resumeSeconds
              : d.provisioningSeconds) * 1000
        : next.at - now;
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
