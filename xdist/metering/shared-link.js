import { quotaProductOf } from './quotas.js';
export class SharedLink {
    parts;
    rebuild;
    versions = new Map();
    constructor(parts, 
    /** Rebuilds Metering's structures (another instance's reset). */
    rebuild) {
        this.parts = parts;
        this.rebuild = rebuild;
    }
    /** A new entry (`from` undefined) or a refund, written to the store; `reservationId`: what it settles. */
    usage(shared, entry, from, reservationId) {
        const { balances, quotas, thresholds, maxEntriesPerOrg } = this.parts();
        const orgId = entry.orgId;
        const q = quotaProductOf(entry.product);
        const windowStart = q ? quotas.status(orgId, q).windowStart : 0;
        const grant = balances.grantOf(orgId);
        if (from) {
            shared.refund(entry, from, { grant, windowStart });
            return;
        }
        shared.charge(entry, {
            reservationId,
            grant,
            quotaProduct: q,
            quota: q ? quotas.quotaOf(orgId, q) : 0,
            windowStart,
            maxEntries: maxEntriesPerOrg,
            percents: thresholds.thresholdPercents,
        });
    }
    /** Closes the period once across instances (`end`: at its end; null: now, through the admin API). */
    async close(shared, orgId, end) {
        const { periods, balances } = this.parts();
        if (end !== null && !(await shared.claimClose(orgId, end))) {
            periods.roll(orgId);
            return null;
        }
        const invoice = await periods.closeWith(orgId, () => shared.takePeriod(orgId, balances.grantOf(orgId)));
        shared.saveInvoice(invoice);
        return invoice;
    }
    applyBalance(orgId, state) {
        if (state.version < (this.versions.get(orgId) ?? 0))
            return;
        this.versions.set(orgId, state.version);
        const { version: _version, ...figures } = state;
        this.parts().balances.apply(orgId, figures);
    }
    applyQuotaUsed(orgId, product, windowStart, used) {
        this.parts().quotas.setUsed(orgId, product, windowStart, used);
    }
    applyQuota(orgId, product, quota) {
        this.parts().quotas.setQuota(orgId, product, quota);
    }
    applyKeyLimit(keyId, rule) {
        this.parts().rateLimiter.applyKeyLimit(keyId, rule);
    }
    thresholdsClaimed(entry, percents) {
        const { balances, quotas, periods, thresholds } = this.parts();
        const orgId = entry.orgId;
        const q = quotaProductOf(entry.product);
        for (const pct of percents) {
            if (entry.environment === 'live')
                thresholds.emitCredits(balances.get(orgId), periods.current(orgId), pct);
            else if (q)
                thresholds.emitQuota(orgId, quotas.status(orgId, q), pct);
        }
    }
    periodClosed(orgId) {
        this.parts().periods.roll(orgId);
    }
    dropShared() {
        const { periods, rateLimiter } = this.parts();
        periods.reset();
        rateLimiter.clearKeyLimits();
        this.forget();
        this.rebuild();
    }
    /** Forgets the balance versions seen (a reset, here or elsewhere). */
    forget() {
        this.versions.clear();
    }
}
