/**
 * Fault rules: what to break, where, and how often. A rule matches on operation, method/path, org, key,
 * environment, RAG mode and the `X-Emulator-Scope` test scope; it applies the next `times` matches, with a
 * seeded `probability`, within an optional clock-time window, and expires (a rule of one organization on that
 * organization's clock, rule-life.ts).
 */
import { pathPatternMatches } from '../core/path-pattern.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory, Random } from '../core/random.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { FaultRulesState } from './fault-rules-state.js';
import { isActive, ruleOrg } from './rule-life.js';
import type { FaultMatch, FaultRule, FaultRuleInput } from '../contract/admin-types.js';
import {
  explainFault,
  KIND_CHANNEL,
  OFF_CONTRACT_KINDS,
  type FaultChannel,
  type FaultKind,
} from './kinds.js';

/**
 * A rule's match, the body that makes a rule and the rule itself (its `off_contract`, and `sandbox_org_id` of a
 * rule with `match.sandbox`, included) are the document's (`FaultMatch`, `FaultRuleInput`, `FaultRule`).
 */
export type { FaultMatch, FaultRule, FaultRuleInput } from '../contract/admin-types.js';

/** What is known about the thing a fault might hit. */
export interface FaultTarget {
  operation?: string;
  method?: string;
  path?: string;
  orgId?: string;
  keyId?: string;
  environment?: 'live' | 'test';
  mode?: string;
  scope?: string | null;
  event?: string;
  /** A rule for this one request (`X-Emulator-Fault`, src/faults/header.ts): taken before stored rules. */
  requestRule?: FaultRule;
}

export interface FaultHit {
  rule: FaultRule;
  /** For the journal: which rule did what. */
  journal: { rule_id: string; kind: string; explanation: string; source?: 'header' };
  /** The hit answers a status the hit operation does not document. */
  offContract: boolean;
}

/** A webhook attempt a fault changed, kept for the client report (did the receiver accept a forgery?). */
export interface WebhookFaultRecord {
  delivery_id: string;
  series: number;
  attempt: number;
  kind: FaultKind;
  rule_id: string;
}

const WEBHOOK_LOG_LIMIT = 1000;
/** The id of every per-request rule (`X-Emulator-Fault`): not a stored rule's. */
export const REQUEST_RULE_ID = 'header';

export type TakeResult = FaultHit | null | Promise<FaultHit | null>;

/**
 * The rules (FaultRulesState, in memory or shared through Redis) and how a request meets them: matching,
 * probability draws, off-contract checks, and the log of webhook attempts the faults changed (per instance).
 */
export class FaultStore {
  readonly webhookLog: WebhookFaultRecord[] = [];
  private random: Random;
  private adding: 'shared' | 'local' = 'shared';

  constructor(
    private readonly state: FaultRulesState,
    private readonly deps: {
      /** A rule of an organization follows its clock; the others the emulator's (`clocks.global`). */
      clocks: Pick<OrgClocks, 'for'>;
      ids: IdFactory;
      random: Random;
      /** Whether /v1 documents `status` for the operation (any operation when none is named). */
      documents?: (operationId: string | undefined, status: number) => boolean;
    },
  ) {
    this.random = deps.random.fork('faults');
  }

  private offContract(kind: FaultKind, status: number | undefined, operationId: string | undefined): boolean {
    if (OFF_CONTRACT_KINDS.has(kind)) return true;
    if (kind !== 'error' || status === undefined || !this.deps.documents) return false;
    return !this.deps.documents(operationId, status);
  }

  /** Throws 502 `upstream_error` while a shared store is unreachable, before anything changes. */
  assertWritable(): void {
    this.state.assertWritable();
  }

  /** `sandboxOrgId`: the organization of `match.sandbox`, which the caller resolved (SandboxLookup). */
  add(input: FaultRuleInput, sandboxOrgId?: string): FaultRule {
    const rule = this.build(input, this.deps.ids.next('fault', 12));
    if (input.match?.sandbox !== undefined) rule.sandbox_org_id = sandboxOrgId;
    if (this.adding === 'local') this.state.addLocal(rule);
    else this.state.add(rule);
    return rule;
  }

  /** A rule for one request (`X-Emulator-Fault`): never stored, no id drawn. */
  requestRule(input: FaultRuleInput): FaultRule {
    return this.build(input, REQUEST_RULE_ID, ' (this request only: X-Emulator-Fault header)');
  }

  private build(input: FaultRuleInput, id: string, which?: string): FaultRule {
    const now = this.deps.clocks.for(input.match?.org_id).now();
    const expiresAt = input.ttl_seconds !== undefined ? now + input.ttl_seconds * 1000 : null;
    const offContract = this.offContract(input.kind, input.status, input.match?.operation);
    const where = input.match?.operation ?? 'any /v1 operation';
    return {
      ...input,
      id,
      match: { ...(input.match ?? {}) },
      remaining: input.times ?? null,
      hits: 0,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt !== null ? new Date(expiresAt).toISOString() : null,
      explanation: `${explainFault(input.kind, input)}${which ?? describeMatch(input.match, input.times)}${offContract ? (OFF_CONTRACT_KINDS.has(input.kind) ? '; off contract: the specification does not allow this answer' : `; off contract: ${where} does not document ${input.status}`) : ''}`,
      off_contract: offContract,
    };
  }

  /**
   * Runs `fn` (the boot's config-file rules and scenario) adding rules to this instance only: every instance
   * reads the same configuration, so sharing them would repeat each once per instance.
   */
  async addLocally(fn: () => Promise<void>): Promise<void> {
    this.adding = 'local';
    try {
      await fn();
    } finally {
      this.adding = 'shared';
    }
  }

  /** The time a rule is judged at: its organization's clock's now. Read only for rules with a time limit. */
  private readonly ruleNow = (rule: FaultRule): number => this.deps.clocks.for(ruleOrg(rule)).now();

  list(): FaultRule[] {
    this.state.prune(this.ruleNow);
    return [...this.state.rules()];
  }

  get(id: string): FaultRule | undefined {
    return this.state.get(id);
  }

  remove(id: string): MaybePromise<boolean> {
    return this.state.remove(id);
  }

  clear(): void {
    this.state.clear();
  }

  noteWebhookFault(record: WebhookFaultRecord): void {
    this.webhookLog.push(record);
    if (this.webhookLog.length > WEBHOOK_LOG_LIMIT)
      this.webhookLog.splice(0, this.webhookLog.length - WEBHOOK_LOG_LIMIT);
  }

  /** This instance's part: the rules themselves are a state unit of their own, reset with the others. */
  reset(): void {
    this.webhookLog.length = 0;
    this.random.reset();
  }

  /**
   * Takes the first active rule of the given channel (and kinds) matching the target, consuming one of
   * its `times`. Probability draws come from the seeded random source, so runs repeat exactly. Synchronous,
   * except with a shared store when the rule found is counted: then one of its `times` is claimed in the
   * shared counter first (a promise), and a rule another instance used up is skipped.
   */
  take(channel: FaultChannel, target: FaultTarget, kinds?: readonly FaultKind[]): TakeResult {
    const own = target.requestRule;
    if (own !== undefined && KIND_CHANNEL[own.kind] === channel && (!kinds || kinds.includes(own.kind)))
      return this.hit(own, target);
    this.state.prune(this.ruleNow);
    return this.takeFrom(this.state.rules(), 0, channel, target, kinds);
  }

  private takeFrom(
    rules: readonly FaultRule[],
    from: number,
    channel: FaultChannel,
    target: FaultTarget,
    kinds: readonly FaultKind[] | undefined,
  ): TakeResult {
    const found = this.find(rules, from, channel, target, kinds);
    if (found < 0) return null;
    const rule = rules[found];
    if (rule.remaining === null) return this.hit(rule, target);
    // Used up elsewhere: look further on, in the rules as they are now (they may have changed meanwhile).
    const fire = (left: number) =>
      left >= 0 ? this.hit(rule, target) : this.takeAfter(rule, channel, target, kinds);
    return andThen(this.state.claim(rule), fire);
  }

  private takeAfter(
    rule: FaultRule,
    channel: FaultChannel,
    target: FaultTarget,
    kinds: readonly FaultKind[] | undefined,
  ): TakeResult {
    const rules = this.state.rules();
    return this.takeFrom(rules, rules.indexOf(rule) + 1, channel, target, kinds);
  }

  private find(
    rules: readonly FaultRule[],
    from: number,
    channel: FaultChannel,
    target: FaultTarget,
    kinds: readonly FaultKind[] | undefined,
  ): number {
    for (let i = from; i < rules.length; i++) {
      const rule = rules[i];
      if (KIND_CHANNEL[rule.kind] !== channel) continue;
      if (kinds && !kinds.includes(rule.kind)) continue;
      if (rule.remaining !== null && rule.remaining <= 0) continue;
      if (!isActive(rule, this.ruleNow)) continue;
      if (!matches(rule, target)) continue;
      if (rule.probability !== undefined && this.random.next() >= rule.probability) continue;
      return i;
    }
    return -1;
  }

  /** The rule fires: its `times` were already taken (FaultRulesState.claim). */
  private hit(rule: FaultRule, target: FaultTarget): FaultHit {
    rule.hits++;
    return {
      rule,
      journal:
        rule.id === REQUEST_RULE_ID
          ? { rule_id: rule.id, kind: rule.kind, explanation: rule.explanation, source: 'header' }
          : { rule_id: rule.id, kind: rule.kind, explanation: rule.explanation },
      offContract: this.offContract(rule.kind, rule.status, target.operation),
    };
  }

  /** Whether any rule of the channel exists (unexpired): lets the answer path skip all fault work without one. */
  hasChannel(channel: FaultChannel): boolean {
    for (const rule of this.state.rules()) if (KIND_CHANNEL[rule.kind] === channel) return true;
    return false;
  }

  /** A seeded jitter in [-max, max]. */
  jitter(maxMs: number): number {
    return Math.round((this.random.next() * 2 - 1) * maxMs);
  }
}

function matches(rule: FaultRule, t: FaultTarget): boolean {
  const m = rule.match;
  if (m.operation && m.operation !== t.operation) return false;
  if (m.method && m.method.toUpperCase() !== t.method?.toUpperCase()) return false;
  if (m.path) {
    const path = t.path ?? '';
    if (!pathPatternMatches(m.path, path)) return false;
  }
  if (m.org_id && m.org_id !== t.orgId) return false;
  if (m.key_id && m.key_id !== t.keyId) return false;
  if (m.environment && m.environment !== t.environment) return false;
  if (m.mode && m.mode !== t.mode) return false;
  if (m.scope && m.scope !== t.scope) return false;
  if (m.sandbox && t.orgId !== rule.sandbox_org_id && t.scope !== m.sandbox) return false;
  if (m.event && m.event !== t.event) return false;
  return true;
}

function describeMatch(m: FaultMatch | undefined, times: number | undefined): string {
  const parts = Object.entries(m ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  const how =
    times === undefined
      ? 'every matching call'
      : times === 1
        ? 'the next matching call'
        : `the next ${times} matching calls`;
  return parts.length ? ` (${how}, when ${parts.join(', ')})` : ` (${how})`;
}
