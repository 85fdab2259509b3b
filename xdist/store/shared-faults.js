export class SharedFaults {
    store;
    faults;
    constructor(store, faults) {
        this.store = store;
        this.faults = faults;
        store.onMessage((m) => this.receive(m));
        store.onResync(() => this.load());
    }
    get k() {
        return { rules: this.store.key('faults'), left: this.store.key('fault-left') };
    }
    /** The keys a reset deletes. */
    keyNames() {
        return [this.k.rules, this.k.left];
    }
    /** The shared rules into the local copy, with their shared counts. */
    async load() {
        const [rules, left] = await this.store.run(() => Promise.all([this.store.redis.hgetall(this.k.rules), this.store.redis.hgetall(this.k.left)]));
        const list = Object.values(rules).map((json) => {
            const rule = JSON.parse(json);
            if (rule.remaining !== null)
                rule.remaining = Number(left[rule.id] ?? 0);
            return rule;
        });
        this.faults.replaceReplicated(list.sort((x, y) => x.created_at.localeCompare(y.created_at)));
    }
    assertWritable() {
        this.store.assertAvailable();
    }
    added(rule) {
        const tx = this.store.redis.multi().hset(this.k.rules, rule.id, JSON.stringify(rule));
        if (rule.remaining !== null)
            tx.hset(this.k.left, rule.id, rule.remaining);
        this.store.track(tx.publish(this.store.channel, this.store.message('fault', rule)).exec());
    }
    removed(id) {
        const message = this.store.message('fault.removed', { id });
        this.store.track(this.store.redis.svcFaultRemove(this.k.rules, this.k.left, id, this.store.channel, message));
    }
    cleared() {
        this.store.track(this.store.redis
            .multi()
            .del(this.k.rules, this.k.left)
            .publish(this.store.channel, this.store.message('faults.cleared', {}))
            .exec());
    }
    claim(id) {
        const message = this.store.message('fault.removed', { id });
        return this.store.run(() => this.store.redis.svcFaultClaim(this.k.left, this.k.rules, id, this.store.channel, message));
    }
    receive(m) {
        switch (m.type) {
            case 'fault':
                this.faults.putReplicated(m.data);
                return;
            case 'fault.removed':
                this.faults.removeReplicated(m.data.id);
                return;
            case 'faults.cleared':
                this.faults.clearReplicated();
                return;
            case 'reset':
                this.faults.resetReplicated();
                return;
        }
    }
}
