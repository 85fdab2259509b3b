export class SharedScenarios {
    store;
    target;
    constructor(store) {
        this.store = store;
        store.onMessage((m) => this.receive(m));
        store.onResync(() => this.load());
    }
    get k() {
        return { registered: this.store.key('scenarios:registered'), active: this.store.key('scenarios:active') };
    }
    /** The keys a reset deletes. */
    keyNames() {
        return Object.values(this.k);
    }
    /** Binds the emulator's side (scenarios.ts `scenarioTarget`) and loads what Redis has. */
    async open(target) {
        this.target = target;
        await this.load();
    }
    async load() {
        const [all, active] = await this.store.run(() => Promise.all([this.store.redis.hgetall(this.k.registered), this.store.redis.get(this.k.active)]));
        for (const json of Object.values(all))
            this.target?.put(JSON.parse(json));
        if (active)
            this.target?.setActive(JSON.parse(active));
    }
    assertWritable() {
        this.store.assertAvailable();
    }
    registered(scenario) {
        this.store.track(this.store.redis
            .multi()
            .hset(this.k.registered, scenario.name, JSON.stringify(scenario))
            .publish(this.store.channel, this.store.message('scenario', scenario))
            .exec());
    }
    applied(active) {
        this.store.track(this.store.redis
            .multi()
            .set(this.k.active, JSON.stringify(active))
            .publish(this.store.channel, this.store.message('scenario.applied', active))
            .exec());
    }
    receive(m) {
        switch (m.type) {
            case 'scenario':
                this.target?.put(m.data);
                return;
            case 'scenario.applied':
                this.target?.setActive(m.data);
                return;
            case 'reset':
                this.target?.reset();
                return;
        }
    }
}
