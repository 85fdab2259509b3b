/**
 * The embedded default: state stays in this process's own structures (OrgStore, WsTokenStore,
 * RateLimiter...), exactly as before the seam existed. Nothing to connect, nothing pending, one instance.
 */
export class MemoryStore {
    instanceId;
    kind = 'memory';
    shared = false;
    description = 'memory';
    startedAt = new Date().toISOString();
    constructor(instanceId) {
        this.instanceId = instanceId;
    }
    async open() { }
    async close() { }
    status() {
        return 'ok';
    }
    settled() {
        return undefined;
    }
    instances(self) {
        const now = new Date().toISOString();
        return [
            {
                id: this.instanceId,
                pid: process.pid,
                base_url: self.baseUrl,
                started_at: this.startedAt,
                last_seen: now,
            },
        ];
    }
}
