/**
 * TenantManager over the tenant records: what it writes at boot, and which tenant the Redis copy keeps when the
 * store's replies and events arrive out of order (they come on two connections: TenantCopies). The Redis side
 * is in test/rag/rag-state.test.ts and test/rag/shared-rag.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { ApiError } from '../core/errors.js';
import type { TenantRecords } from './rag-state.js';
import { TenantCopies } from './redis-tenants.js';
import { TenantManager, type Tenant } from './tenants.js';

const START = Date.parse('2030-01-01T00:00:00.000Z');
const DURATIONS = {
  notProvisionedSeconds: 5,
  provisioningSeconds: 20,
  idleAfterSeconds: 900,
  resumeSeconds: 3,
};
const clocks: Clock[] = [];
afterEach(() => {
  for (const c of clocks.splice(0)) c.dispose();
});

/** A manager over the local copy of a Redis implementation, recording what it would write. */
function manager(): { tenants: TenantManager; written: Tenant[]; copies: TenantCopies } {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  clocks.push(clock);
  const copies = new TenantCopies();
  const written: Tenant[] = [];
  const write = (t: Tenant) => {
    copies.set(t);
    written.push({ ...t });
  };
  const records: TenantRecords = {
    get: (orgId) => copies.get(orgId),
    create: write,
    save: write,
    touch: () => {},
    madeElsewhere: (orgId) => copies.fromElsewhere(orgId),
  };
  return { tenants: new TenantManager({ for: () => clock }, DURATIONS, records), written, copies };
}

const stored = (state: Tenant['state'], rev: number): Tenant => ({
  orgId: 'org_a',
  state,
  since: START,
  resuming: false,
  hold: false,
  lastActivityAt: START,
  durations: DURATIONS,
  rev,
});

function admitCode(tenants: TenantManager): string | null {
  try {
    tenants.admit('org_a');
    return null;
  } catch (err) {
    return (err as ApiError).code;
  }
}

describe('TenantManager over a shared store', () => {
  it('a boot-ready tenant is written once, already ready: no other instance can read it as not provisioned', () => {
    const { tenants, written } = manager();
    tenants.provisionReady('org_a');
    expect(written.map((t) => t.state)).toEqual(['ready']);
    expect(admitCode(tenants)).toBeNull();
  });

  it('an older revision that arrives after a newer one is ignored', () => {
    const { tenants, copies } = manager();
    copies.apply(stored('ready', 7));
    copies.apply(stored('not_provisioned', 6));
    expect(tenants.state('org_a')).toBe('ready');
    expect(admitCode(tenants)).toBeNull();
  });

  it('a newer revision replaces the one held, the later activity time kept', () => {
    const { tenants, copies } = manager();
    copies.apply({ ...stored('ready', 3), lastActivityAt: START + 500 });
    copies.apply({ ...stored('provisioning', 4), hold: true });
    expect(tenants.view('org_a')).toMatchObject({
      state: 'provisioning',
      hold: true,
      last_activity_at: new Date(START + 500).toISOString(),
    });
    expect(admitCode(tenants)).toBe('rag_provisioning');
  });
});
