import type { Environment } from './types.js';

interface Observed {
  current: number;
  max: number;
}

/** The spec's storage rule: metered as the maximum bytes stored per period, per org and environment. */
export class StorageMeter {
  private readonly orgs = new Map<string, Map<Environment, Observed>>();

  observe(orgId: string, bytesStored: number, environment: Environment = 'live'): number {
    if (!Number.isFinite(bytesStored) || bytesStored < 0) {
      throw new RangeError(`bytesStored must be a finite number >= 0 (got ${bytesStored})`);
    }
    let envs = this.orgs.get(orgId);
    if (!envs) this.orgs.set(orgId, (envs = new Map()));
    const o = envs.get(environment) ?? { current: 0, max: 0 };
    o.current = bytesStored;
    o.max = Math.max(o.max, bytesStored);
    envs.set(environment, o);
    return o.max;
  }

  maxInPeriod(orgId: string, environment: Environment = 'live'): number {
    return this.orgs.get(orgId)?.get(environment)?.max ?? 0;
  }

  /** Returns each environment's maximum and starts the next period at what is stored now. */
  closePeriod(orgId: string): { environment: Environment; maxBytes: number }[] {
    const out: { environment: Environment; maxBytes: number }[] = [];
    for (const [environment, o] of this.orgs.get(orgId) ?? []) {
      if (o.max > 0) out.push({ environment, maxBytes: o.max });
      o.max = o.current;
    }
    return out;
  }

  drop(orgId: string): void {
    this.orgs.delete(orgId);
  }

  reset(): void {
    this.orgs.clear();
  }
}
