/**
 * A scenario applied to a sandbox (`POST /_emulator/scenarios/{name}?sandbox=ID`, issue 24): every step is
 * rewritten to act on the sandbox alone, or the whole scenario is refused (422 `scenario_not_scopable`, naming
 * the step and why) before any step runs. The table of what each built-in scenario does is in docs/sandboxes.md
 * ("Scoping") and docs/decisions.md (SB-S rows).
 */
import type { AdminCall } from '../admin/invoke.js';
import { ApiError } from '../core/errors.js';
import type { Scenario } from './scenarios.js';

/** What a step is rewritten for: the sandbox, its organization, whether it has a clock, its keys. */
export interface SandboxTarget {
  id: string;
  orgId: string;
  ownClock: boolean;
  keys: { id: string; environment: 'live' | 'test' }[];
  /** The organization the package's scenarios name (`org_demo`): read as "the organization acted on". */
  demoOrgId: string;
}

type Step = AdminCall & { body?: Record<string, any> };

export function stepsForSandbox(scenario: Scenario, target: SandboxTarget): AdminCall[] {
  return scenario.steps.flatMap((step, i) => {
    try {
      return scopeStep(step, target);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      throw new ApiError(
        'scenario_not_scopable',
        `scenario '${scenario.name}' cannot be applied to sandbox ${target.id}: step ${i + 1} ` +
          `(${step.method} ${step.path}) ${err.message}`,
      );
    }
  });
}

class Refusal extends Error {}

/** The organization a step names, as the sandbox's; another one is refused. */
function ownOrg(orgId: string, target: SandboxTarget): string {
  if (orgId === target.demoOrgId || orgId === target.orgId) return target.orgId;
  throw new Refusal(`acts on organization ${orgId}, not the sandbox's`);
}

function scopeStep(step: Step, t: SandboxTarget): AdminCall[] {
  const { method, path } = step;
  const body = step.body === undefined ? undefined : structuredClone(step.body);
  const org = /^\/orgs\/([^/]+)(\/.*)?$/.exec(path);
  if (org) return [{ ...step, path: `/orgs/${ownOrg(org[1], t)}${org[2] ?? ''}`, body }];
  if (method === 'GET') return [step];
  if (method === 'POST' && path === '/faults') return [{ ...step, body: faultForSandbox(body ?? {}, t) }];
  if (method === 'POST' && (path === '/clock' || path === '/clock/advance')) {
    if (!t.ownClock)
      throw new Refusal(
        `moves the emulator's clock, which every organization without a clock of its own follows; a sandbox ` +
          `created with "clock": {"mode": "real"} (or frozen, scaled) takes it on its own clock`,
      );
    return [{ ...step, path: `/sandboxes/${t.id}${path}`, body }];
  }
  if (method === 'PATCH' && path === '/rate-limits') {
    // The emulator's default limits, as per-key limits of the sandbox's keys (keys added later keep the defaults).
    return t.keys.flatMap((key) => {
      const rule = body?.[key.environment];
      return rule ? [{ method: 'PUT', path: `/keys/${key.id}/rate-limit`, body: rule }] : [];
    });
  }
  if (body && typeof body.org_id === 'string')
    return [{ ...step, body: { ...body, org_id: ownOrg(body.org_id, t) } }];
  throw new Refusal('acts on the whole emulator, not on one organization');
}

function faultForSandbox(body: Record<string, any>, t: SandboxTarget): Record<string, any> {
  const match: Record<string, unknown> = { ...(body.match ?? {}) };
  if (typeof match.org_id === 'string') {
    ownOrg(match.org_id, t);
    delete match.org_id;
  }
  if (match.sandbox !== undefined && match.sandbox !== t.id)
    throw new Refusal(`names another sandbox (${JSON.stringify(match.sandbox)})`);
  return { ...body, match: { ...match, sandbox: t.id } };
}
