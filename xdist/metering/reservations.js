const NONE = [];
export class Reservations {
    byOwner = new WeakMap();
    credits = new Map();
    quota = new Map();
    reservedCredits(orgId) {
        return this.credits.get(orgId) ?? 0;
    }
    reservedQuota(orgId, product) {
        return this.quota.get(`${orgId}|${product}`) ?? 0;
    }
    reserve(owner, r) {
        let owned = this.byOwner.get(owner);
        if (!owned)
            this.byOwner.set(owner, (owned = { list: [], held: false }));
        owned.list.push(r);
        this.adjust(r, 1);
    }
    /** Removes the owner's oldest reservation for the product (the charge is about to replace it). */
    settle(owner, product) {
        const owned = this.byOwner.get(owner);
        const i = owned?.list.findIndex((r) => r.product === product) ?? -1;
        if (!owned || i < 0)
            return undefined;
        const [r] = owned.list.splice(i, 1);
        this.adjust(r, -1);
        return r;
    }
    /** Keeps the owner's reservations past the end of its request (an async job will settle them). */
    hold(owner) {
        const owned = this.byOwner.get(owner);
        if (owned)
            owned.held = true;
    }
    /** The end of a request or session: gives back what was reserved and not charged (unless held). */
    release(owner, force = false) {
        const owned = this.byOwner.get(owner);
        if (!owned || (owned.held && !force))
            return NONE;
        for (const r of owned.list)
            this.adjust(r, -1);
        this.byOwner.delete(owner);
        return owned.list;
    }
    adjust(r, sign) {
        if (r.credits > 0)
            bump(this.credits, r.orgId, sign * r.credits);
        if (r.quotaProduct && r.quantity > 0)
            bump(this.quota, `${r.orgId}|${r.quotaProduct}`, sign * r.quantity);
    }
}
function bump(map, key, delta) {
    const next = Math.round(((map.get(key) ?? 0) + delta) * 1e6) / 1e6;
    if (next <= 0)
        map.delete(key);
    else
        map.set(key, next);
}
