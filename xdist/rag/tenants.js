import { ApiError } from '../http/errors.js';
/** With a shared store, a ready tenant's activity is written at most once per this many clock ms. */
const ACTIVITY_SHARE_MS = 1000;
export class TenantManager {
    clock;
    defaults;
    tenants = new Map();
    replica = null;
    /** With a replica: the last activity time written, per org. */
    sharedActivity = new Map();
    /** With a replica: orgs whose tenant came from the shared store (another instance made it). */
    fromStore = new Set();
    constructor(clock, defaults) {
        this.clock = clock;
        this.defaults = defaults;
    }
    has(orgId) {
        return this.tenants.has(orgId);
    }
    /** Starts provisioning a tenant for a newly entitled organization (no-op when one exists). */
    provision(orgId) {
        if (this.tenants.has(orgId))
            return;
        const now = this.clock.now();
        const tenant = {
            orgId,
            state: 'not_provisioned',
            since: now,
            resuming: false,
            hold: false,
            lastActivityAt: now,
            durations: { ...this.defaults },
        };
        this.tenants.set(orgId, tenant);
        this.replica?.created(tenant);
    }
    /** A ready tenant from now on (boot of the demo organization); with a shared store, one already there stays as it is. */
    provisionReady(orgId) {
        if (this.fromStore.has(orgId))
            return;
        this.provision(orgId);
        this.update(orgId, { state: 'ready' });
    }
    /**
     * The gate every RAG call passes: a ready tenant records the activity; otherwise a 409 with Retry-After
     * (integer seconds until the next state). An idle tenant starts resuming and answers `rag_provisioning`.
     */
    admit(orgId) {
        const t = this.tenants.get(orgId);
        if (t === undefined)
            throw new Error(`no RAG tenant for ${orgId}`);
        const now = this.clock.now();
        this.settle(t, now);
        if (t.state === 'ready') {
            t.lastActivityAt = now;
            if (this.replica && now - (this.sharedActivity.get(orgId) ?? -Infinity) >= ACTIVITY_SHARE_MS) {
                this.sharedActivity.set(orgId, now);
                this.replica.changed(t);
            }
            return;
        }
        if (t.state === 'idle' && !t.hold) {
            t.state = 'provisioning';
            t.resuming = true;
            t.since = now;
            this.replica?.changed(t);
        }
        const retryAfter = this.retryAfterSeconds(t, now);
        if (t.state === 'not_provisioned') {
            throw new ApiError('rag_not_provisioned', `the organization's RAG tenant is not provisioned yet; provisioning starts in about ${retryAfter} s`, { 'Retry-After': retryAfter });
        }
        const what = t.resuming || t.state === 'idle' ? 'resuming from idle' : 'being provisioned';
        throw new ApiError('rag_provisioning', `the organization's RAG tenant is ${what}; retry in about ${retryAfter} s`, {
            'Retry-After': retryAfter,
        });
    }
    state(orgId) {
        const t = this.tenants.get(orgId);
        if (t === undefined)
            return undefined;
        this.settle(t, this.clock.now());
        return t.state;
    }
    view(orgId) {
        const t = this.tenants.get(orgId);
        if (t === undefined)
            return undefined;
        const now = this.clock.now();
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
    update(orgId, patch) {
        this.provision(orgId);
        const t = this.tenants.get(orgId);
        const now = this.clock.now();
        this.settle(t, now);
        if (patch.durations)
            t.durations = { ...t.durations, ...stripUndefined(patch.durations) };
        if (patch.hold !== undefined)
            t.hold = patch.hold;
        if (patch.state !== undefined) {
            t.state = patch.state;
            t.since = now;
            t.resuming = false;
            if (patch.state === 'ready')
                t.lastActivityAt = now;
        }
        this.settle(t, now);
        this.replica?.changed(t);
    }
    /** Entitlement revoked: the tenant keeps its data and goes idle (a later grant resumes it). */
    suspend(orgId) {
        const t = this.tenants.get(orgId);
        if (t === undefined)
            return;
        t.state = 'idle';
        t.since = this.clock.now();
        t.resuming = false;
        this.replica?.changed(t);
    }
    reset() {
        this.tenants.clear();
        this.sharedActivity.clear();
        this.fromStore.clear();
    }
    /** A tenant as another instance wrote it; the later of the two activity times is kept. */
    applyRemote(tenant) {
        const local = this.tenants.get(tenant.orgId);
        this.fromStore.add(tenant.orgId);
        this.tenants.set(tenant.orgId, { ...tenant, lastActivityAt: Math.max(tenant.lastActivityAt, local?.lastActivityAt ?? -Infinity) });
    }
    nextTransition(t) {
        const d = t.durations;
        switch (t.state) {
            case 'not_provisioned':
                return { state: 'provisioning', at: t.since + d.notProvisionedSeconds * 1000 };
            case 'provisioning':
                return { state: 'ready', at: t.since + (t.resuming ? d.resumeSeconds : d.provisioningSeconds) * 1000 };
            case 'ready':
                return { state: 'idle', at: t.lastActivityAt + d.idleAfterSeconds * 1000 };
            case 'idle':
                return undefined;
        }
    }
    /** Applies every transition that became due by `now`. */
    settle(t, now) {
        if (t.hold)
            return;
        for (;;) {
            const next = this.nextTransition(t);
            if (next === undefined || next.at > now)
                return;
            t.state = next.state;
            t.since = next.at;
            if (next.state === 'ready') {
                t.resuming = false;
                t.lastActivityAt = next.at;
            }
        }
    }
    retryAfterSeconds(t, now) {
        const next = this.nextTransition(t);
        const d = t.durations;
        // A held state has no scheduled end: advertise the nominal length of its phase.
        const ms = t.hold || next === undefined ? (t.state === 'not_provisioned' ? d.notProvisionedSeconds : t.resuming ? d.resumeSeconds : d.provisioningSeconds) * 1000 : next.at - now;
        return Math.max(1, Math.ceil(ms / 1000));
    }
}
function stripUndefined(o) {
    return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
