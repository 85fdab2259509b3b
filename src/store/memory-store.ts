import type { InstanceInfo, StateStore } from './state-store.js';

/**
 * The embedded default: state stays in this process's own structures (OrgStore, WsTokenStore,
 * RateLimiter...), exactly as before the seam existed. Nothing to connect, nothing pending, one instance.
 */
export class MemoryStore implements StateStore {
  readonly kind = 'memory' as const;
  readonly shared = false;
  readonly description = 'memory';
  readonly answers = undefined;
  private readonly startedAt = new Date().toISOString();

  constructor(readonly instanceId: string) {}

  async open(): Promise<void> {}
  async close(): Promise<void> {}

  assertAvailable(): void {}

  status(): 'ok' {
    return 'ok';
  }

  owed(): number {
    return 0;
  }

  settled(): undefined {
    return undefined;
  }

  async beginReset(): Promise<void> {}
  async endReset(): Promise<void> {}

  instances(self: { baseUrl: string | null }): InstanceInfo[] {
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
