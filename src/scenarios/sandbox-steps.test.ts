/** The rewriting rules of a scenario applied to a sandbox (docs/sandboxes.md, "Scoping"), table by table. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import { stepsForSandbox, type SandboxTarget } from './sandbox-steps.js';
import type { Scenario } from './scenarios.js';

const target: SandboxTarget = {
  id: 'sbx_a',
  orgId: 'org_a',
  ownClock: false,
  keys: [
    { id: 'key_live', environment: 'live' },
    { id: 'key_test', environment: 'test' },
  ],
  demoOrgId: 'org_demo',
};
const scenario = (steps: Scenario['steps']): Scenario => ({ name: 's', description: 'd', steps });
const rewrite = (step: Scenario['steps'][number], t = target) => stepsForSandbox(scenario([step]), t);

function refusal(step: Scenario['steps'][number], t = target): string {
  try {
    rewrite(step, t);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('scenario_not_scopable');
    return (err as ApiError).detail!;
  }
  throw new Error('not refused');
}

describe('a scenario step applied to a sandbox', () => {
  it.each([
    ['/orgs/org_demo/billing', '/orgs/org_a/billing'],
    ['/orgs/org_a/rag', '/orgs/org_a/rag'],
    ['/orgs/org_demo', '/orgs/org_a'],
  ])('%s goes to %s', (path, scoped) => {
    expect(rewrite({ method: 'PATCH', path, body: { balance: 0 } })).toEqual([
      { method: 'PATCH', path: scoped, body: { balance: 0 } },
    ]);
  });

  it('a fault rule gets match.sandbox, and loses an org_id naming the demo organization', () => {
    const body = { kind: 'error', status: 502, match: { org_id: 'org_demo', path: '/v1/*' } };
    expect(rewrite({ method: 'POST', path: '/faults', body })).toEqual([
      { method: 'POST', path: '/faults', body: { ...body, match: { path: '/v1/*', sandbox: 'sbx_a' } } },
    ]);
    expect(body.match.org_id).toBe('org_demo'); // the scenario itself is not changed
  });

  it("the default rate limits become per-key limits of the sandbox's keys, by environment", () => {
    const body = { live: { limit: 5, window_seconds: 10 } };
    expect(rewrite({ method: 'PATCH', path: '/rate-limits', body })).toEqual([
      { method: 'PUT', path: '/keys/key_live/rate-limit', body: { limit: 5, window_seconds: 10 } },
    ]);
  });

  it("clock moves go to the sandbox's own clock, and are refused without one", () => {
    const step = { method: 'POST' as const, path: '/clock/advance', body: { seconds: 5 } };
    expect(rewrite(step, { ...target, ownClock: true })).toEqual([
      { ...step, path: '/sandboxes/sbx_a/clock/advance' },
    ]);
    expect(refusal(step)).toMatch(/step 1 \(POST \/clock\/advance\) moves the emulator's clock/);
  });

  it('a body org_id of the demo organization becomes the sandbox organization', () => {
    const step = {
      method: 'POST' as const,
      path: '/webhooks/trigger',
      body: { org_id: 'org_demo', event: 'ping' },
    };
    expect(rewrite(step)).toEqual([{ ...step, body: { org_id: 'org_a', event: 'ping' } }]);
  });

  it.each([
    [{ method: 'PATCH' as const, path: '/orgs/org_b/billing' }, 'acts on organization org_b'],
    [
      { method: 'POST' as const, path: '/faults', body: { kind: 'reset', match: { org_id: 'org_b' } } },
      'org_b',
    ],
    [
      { method: 'POST' as const, path: '/faults', body: { kind: 'reset', match: { sandbox: 'sbx_b' } } },
      'sbx_b',
    ],
    [{ method: 'PATCH' as const, path: '/prices', body: {} }, 'acts on the whole emulator'],
    [{ method: 'DELETE' as const, path: '/faults' }, 'acts on the whole emulator'],
    [{ method: 'POST' as const, path: '/stt/scripts', body: { queue: 1 } }, 'acts on the whole emulator'],
  ])('refuses %j', (step, why) => {
    expect(refusal(step)).toContain(why);
  });

  it('refuses the whole scenario when any step cannot be scoped, naming that step', () => {
    const steps: Scenario['steps'] = [
      { method: 'PATCH', path: '/orgs/org_demo/billing', body: { balance: 0 } },
      { method: 'POST', path: '/reset' },
    ];
    expect(() => stepsForSandbox(scenario(steps), target)).toThrow(/step 2 \(POST \/reset\)/);
  });
});
