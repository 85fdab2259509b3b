/**
 * Fault rules: what to break, where, and how often. A rule matches on operation, method/path, org, key,
 * environment, RAG mode and the `X-Emulator-Scope` test scope; it applies the next `times` matches, with a
 * seeded `probability`, within an optional clock-time window, and expires.
 */
import { pathPatternMatches } from '../core/path-pattern.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
import { explainFault, KIND_CHANNEL, type FaultChannel, type FaultKind, type FaultParams } from './kinds.js';

export interface FaultMatch {
  operation?: string;
  method?: string;
  /** Exact path or prefix ending in `*` (e.g. `/v1/rag/*`). */
  path?: string;
  org_id?: string;
  key_id?: string;
  environment?: 'live' | 'test';
  mode?: string;
  scope?: string;
  /** For webhook faults: the event kind. */
  event?: string;
}

export interface FaultRuleInput extends FaultParams {
  kind: FaultKind;
  match?: FaultMatch;
  times?: number;
  probability?: number;
  active_from?: string;
  active_until?: string;
  ttl_seconds?: number;
  description?: string;
}

export interface FaultRule extends FaultRuleInput {
  id: string;
  /**
   * An `error` rule whose status the matched operation does not document (with no `match.operation`: that no
   * /v1 operation documents). Allowed, so QA can send what a load balancer sends; the journal marks each hit.
   */
  off_contract: boolean;
  match: FaultMatch;
  remaining: number | null;
  hits: number;
  created_at: string;
  expires_at: string | null;
  explanation: string;
}

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
}

export interface FaultHit {
  rule: FaultRule;
  /** For the journal: which rule did what. */
  journal: { rule_id: string; kind: string; explanation: string };
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

/**
 * Where fault rules are shared with other instances (src/faults/redis-faults.ts); null with the memory
 * store. Changes made here are written and published; a counted rule's `times` is consumed in the shared
 * counter, so it fires at most `times` times across all instances.
 */
export interface FaultReplica {
  /** Throws 502 `upstream_error` while the shared store is unreachable, before anything changes. */
  assertWritable(): void;
  added(rule: FaultRule): void;
  removed(id: string): void;
  cleared(): void;
  /** Consumes one of the rule's `times`: what is left after it, or -1 when none was left. */
  claim(id: string): Promise<number>;
}

export type TakeResult = FaultHit | null | Promise<FaultHit | null>;

export class FaultStore {
  private rules: FaultRule[] = [];
  readonly webhookLog: WebhookFaultRecord[] = [];
  private random: Random;
  /** Null with the memory store: then every path below is exactly the in-process one. */
  replica: FaultReplica | null = null;
  /** Rules added by this instance alone (config file and boot scenario), as first added: see addLocally(). */
  private localRules: FaultRule[] = [];
  private readonly localIds = new Set<string>();
  private adding: 'shared' | 'local' = 'shared';

  constructor(
    private readonly deps: {
      clock: Clock;
      ids: IdFactory;
      random: Random;
      /** Whether /v1 documents `status` for the operation (any operation when none is named). */
      documents?: (operationId: string | undefined, status: number) => boolean;
    },
  ) {
    this.random = deps.random.fork('faults');
  }

  private offContract(kind: FaultKind, status: number | undefined, operationId: string | undefined): boolean {
    if (kind !== 'error' || status === undefined || !this.deps.documents) return false;
    return !this.deps.documents(operationId, status);
  }

  add(input: FaultRuleInput): FaultRule {
    const now = this.deps.clock.now();
    const expiresAt = input.ttl_seconds !== undefined ? now + input.ttl_seconds * 1000 : null;
    const offContract = this.offContract(input.kind, input.status, input.match?.operation);
    const where = input.match?.operation ?? 'any /v1 operation';
    const rule: FaultRule = {
      ...input,
      id: this.deps.ids.next('fault', 12),
      match: { ...(input.match ?? {}) },
      remaining: input.times ?? null,
      hits: 0,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt !== null ? new Date(expiresAt).toISOString() : null,
      explanation: `${explainFault(input.kind, input)}${describeMatch(input.match, input.times)}${offContract ? `; off contract: ${where} does not document ${input.status}` : ''}`,
      off_contract: offContract,
    };
    this.rules.push(rule);
    if (this.adding === 'local') {
      this.localRules.push({ ...rule, match: { ...rule.match } });
      this.localIds.add(rule.id);
    } else this.replica?.added(rule);
    return rule;
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

  /** A rule another instance added (or a reload from the shared store): replaces this copy's rule of that id. */
  putReplicated(rule: FaultRule): void {
    const i = this.rules.findIndex((r) => r.id === rule.id);
    if (i >= 0) this.rules[i] = rule;
    else this.rules.push(rule);
  }

  /** Another instance removed the rule, or its shared `times` ran out. */
  removeReplicated(id: string): void {
    this.rules = this.rules.filter((r) => r.id !== id);
  }

  /** Another instance cleared every rule. */
  clearReplicated(): void {
    this.rules = [];
  }

  /**
   * Another instance's reset: the shared rules go; this instance's own boot rules start over, as they do
   * after a reset here.
   */
  resetReplicated(): void {
    this.rules = this.localRules.map((r) => ({ ...r, match: { ...r.match } }));
  }

  /** The shared rules as the store has them now (after a reconnect): this instance's own boot rules stay. */
  replaceReplicated(rules: FaultRule[]): void {
    this.rules = [...this.rules.filter((r) => this.localIds.has(r.id)), ...rules];
  }

  list(): FaultRule[] {
    this.dropExpired();
    return [...this.rules];
  }

  get(id: string): FaultRule | undefined {
    return this.rules.find((r) => r.id === id);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    const removed = this.rules.length < before;
    if (removed) this.replica?.removed(id);
    return removed;
  }

  clear(): void {
    this.rules = [];
    this.replica?.cleared();
  }

  noteWebhookFault(record: WebhookFaultRecord): void {
    this.webhookLog.push(record);
    if (this.webhookLog.length > WEBHOOK_LOG_LIMIT) this.webhookLog.splice(0, this.webhookLog.length - WEBHOOK_LOG_LIMIT);
  }

  reset(): void {
    // The shared rules are cleared by the shared reset (src/store/shared-state.ts), not one by one.
    this.rules = [];
    this.localRules = [];
    this.localIds.clear();
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
    this.dropExpired();
    const found = this.find(channel, target, kinds, 0);
    if (found < 0) return null;
    const rule = this.rules[found];
    if (!this.replica || !this.isShared(rule)) return this.hit(rule, target);
    return this.claimFrom(found, channel, target, kinds, this.replica);
  }

  /** A counted rule whose count is kept in the shared store (not one of this instance's own boot rules). */
  private isShared(rule: FaultRule): boolean {
    return rule.remaining !== null && !this.localIds.has(rule.id);
  }

  private find(channel: FaultChannel, target: FaultTarget, kinds: readonly FaultKind[] | undefined, from: number): number {
    const now = this.deps.clock.now();
    for (let i = from; i < this.rules.length; i++) {
      const rule = this.rules[i];
      if (KIND_CHANNEL[rule.kind] !== channel) continue;
      if (kinds && !kinds.includes(rule.kind)) continue;
      if (rule.remaining !== null && rule.remaining <= 0) continue;
      if (rule.active_from && now < Date.parse(rule.active_from)) continue;
      if (rule.active_until && now >= Date.parse(rule.active_until)) continue;
      if (!matches(rule.match, target)) continue;
      if (rule.probability !== undefined && this.random.next() >= rule.probability) continue;
      return i;
    }
    return -1;
  }

  private hit(rule: FaultRule, target: FaultTarget): FaultHit {
    if (rule.remaining !== null) rule.remaining--;
    rule.hits++;
    return {
      rule,
      journal: { rule_id: rule.id, kind: rule.kind, explanation: rule.explanation },
      offContract: this.offContract(rule.kind, rule.status, target.operation),
    };
  }

  /** Claims counted rules in the shared counter, in order, until one fires or none is left. */
  private async claimFrom(
    index: number,
    channel: FaultChannel,
    target: FaultTarget,
    kinds: readonly FaultKind[] | undefined,
    replica: FaultReplica,
  ): Promise<FaultHit | null> {
    let rule = this.rules[index];
    for (;;) {
      const left = await replica.claim(rule.id);
      if (left >= 0) {
        // The shared count, less this hit (hit() takes it off).
        rule.remaining = left + 1;
        return this.hit(rule, target);
      }
      // Used up elsewhere: skip it, and look further on from where it stood (it may have moved meanwhile).
      rule.remaining = 0;
      const at = this.rules.indexOf(rule);
      const next = this.find(channel, target, kinds, at >= 0 ? at + 1 : 0);
      if (next < 0) return null;
      rule = this.rules[next];
      if (!this.isShared(rule)) return this.hit(rule, target);
    }
  }

  /** A seeded jitter in [-max, max]. */
  jitter(maxMs: number): number {
    return Math.round((this.random.next() * 2 - 1) * maxMs);
  }

  private dropExpired(): void {
    const now = this.deps.clock.now();
    this.rules = this.rules.filter(
      (r) => (!r.expires_at || Date.parse(r.expires_at) > now) && !(r.remaining !== null && r.remaining <= 0),
    );
  }
}

function matches(m: FaultMatch, t: FaultTarget): boolean {
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
  if (m.event && m.event !== t.event) return false;
  return true;
}

function describeMatch(m: FaultMatch | undefined, times: number | undefined): string {
  const parts = Object.entries(m ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  const how = times === undefined ? 'every matching call' : times === 1 ? 'the next matching call' : `the next ${times} matching calls`;
  return parts.length ? ` (${how}, when ${parts.join(', ')})` : ` (${how})`;
}
