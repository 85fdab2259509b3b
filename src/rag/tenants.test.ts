/**
 * TenantManager with a shared store: what it writes at boot, and which tenant it keeps when the store's
 * replies and events arrive out of order (they come on two connections). The Redis side is in
 * test/store/shared-rag.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import { TenantManager, type Tenant } from './tenants.js';

const START = Date.parse('2030-01-01T00:00:00.000Z');
const DURATIONS = { notProvisionedSeconds: 5, provisioningSeconds: 20, idleAfterSeconds: 900, resumeSeconds: 3 };
const clocks: Clock[] = [];
afterEach(() => {
  for (const c of clocks.splice(0)) c.dispose();
});

function manager(): { tenants: TenantManager; written: Tenant[] } {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  clocks.push(clock);
  const tenants = new TenantManager(clock, DURATIONS);
  const written: Tenant[] = [];
  tenants.replica = { created: (t) => written.push({ ...t }), changed: (t) => written.push({ ...t }) };
  return { tenants, written };
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
    const { tenants } = manager();
    tenants.applyRemote(stored('ready', 7));
    tenants.applyRemote(stored('not_provisioned', 6));
    expect(tenants.state('org_a')).toBe('ready');
    expect(admitCode(tenants)).toBeNull();
  });

  it('a newer revision replaces the one held, the later activity time kept', () => {
    const { tenants } = manager();
    tenants.applyRemote({ ...stored('ready', 3), lastActivityAt: START + 500 });
    tenants.applyRemote({ ...stored('provisioning', 4), hold: true });
    expect(tenants.view('org_a')).toMatchObject({ state: 'provisioning', hold: true, last_activity_at: new Date(START + 500).toISOString() });
    expect(admitCode(tenants)).toBe('rag_provisioning');
  });
});
