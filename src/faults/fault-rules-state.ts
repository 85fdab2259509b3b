/**
 * The fault rules' state (issue 23): the rules the emulator holds, as the operations FaultStore needs. A rule
 * that matches one organization (`match.org_id`, or a sandbox's: `sandbox_org_id`, stored with the rule) belongs
 * to it: listed, exported and reset with that organization (`perOrg`); the others belong to the emulator
 * (`exportShared`). Two implementations: in memory (below) and in Redis (redis-fault-rules.ts, shared by every
 * instance). Both keep the rules at hand, so matching a request is a synchronous lookup; only firing a counted
 * rule may ask Redis (its `times` is shared).
 */
import type { MaybePromise } from '../core/maybe.js';
import type { OrgStatePart, StateProblem, StateUnit } from '../store/state-unit.js';
import { claimHere, isSpent, ruleOrg, type RuleNow } from './rule-life.js';
import type { FaultRule } from './store.js';

/**
 * A rule as exported: as stored, its `remaining` the shared count, without its `hits` (counted per instance),
 * with its `place`: its number in the order the rules were added, which spans organizations and decides
 * which rule matches first (a load puts each rule back at its place; new rules are numbered after it).
 */
export type ExportedRule = Omit<FaultRule, 'hits'> & { place: number };

/**
 * Rules as `perOrg.export` and `exportShared` give them, by place. Only the rules added
 * through the admin API: an instance's own (config file, boot scenario) come from its configuration again at
 * every start and reset.
 */
export interface FaultRulesExport {
  rules: ExportedRule[];
}

export interface OrgFaultRules extends OrgStatePart {
  /**
   * Its rules go for every instance; the instances' own rules that match it start over as they were added,
   * as at a reset.
   */
  reset(orgId: string): MaybePromise<void>;
  export(orgId: string): MaybePromise<FaultRulesExport | undefined>;
  /** Puts the rules back for every instance, each with its count left, its hits at 0 (they are per instance). */
  import(orgId: string, data: unknown): MaybePromise<void>;
  check(orgId: string, data: unknown): StateProblem | null;
}

export interface FaultRulesState extends StateUnit {
  readonly perOrg: OrgFaultRules;
  /** The rules that match no one organization. */
  exportShared(): MaybePromise<FaultRulesExport | undefined>;
  /**
   * The rules to match, in order: this instance's own (config file and boot scenario) first, then the others,
   * each in the order they were added. The same array until the rules change: the caller must not modify it.
   */
  rules(): readonly FaultRule[];
  get(id: string): FaultRule | undefined;
  /** Throws 502 `upstream_error` while a shared store is unreachable, before anything changes. */
  assertWritable(): void;
  /** A rule for every instance sharing the store. */
  add(rule: FaultRule): void;
  /**
   * A rule for this instance alone: every instance reads the same config file and boot scenario, so sharing
   * them would repeat each once per instance. Counted here; another instance's reset brings it back as added.
   */
  addLocal(rule: FaultRule): void;
  /** Whether the rule was there. */
  remove(id: string): MaybePromise<boolean>;
  /** Every rule, this instance's own included (they come back at the next reset). */
  clear(): void;
  /**
   * Takes one of a counted rule's `times` and sets its `remaining`: what is left after it, or -1 when none
   * was left (another instance used it up). Synchronous but for a shared counted rule.
   */
  claim(rule: FaultRule): MaybePromise<number>;
  /** Drops the rules at hand that expired or are used up (`now`: each rule's clock's, rule-life.ts). */
  prune(now: RuleNow): void;
}

/** The memory store: the rules in this process. */
export class MemoryFaultRules implements FaultRulesState {
  readonly name = 'faults';
  private own: FaultRule[] = [];
  private ownAsAdded: FaultRule[] = [];
  private others: FaultRule[] = [];
  private all: readonly FaultRule[] = [];
  /** The added rules' places (ExportedRule), and the highest given. */
  private readonly places = new RulePlaces();

  readonly perOrg: OrgFaultRules = {
    ids: () =>
      new Set(
        this.kept()
          .map(ruleOrg)
          .filter((org) => org !== undefined),
      ),
    reset: (orgId) => {
      this.others = this.others.filter((r) => ruleOrg(r) !== orgId);
      this.own = ownAfterOrgReset(this.own, this.ownAsAdded, orgId);
      this.changed();
    },
    export: (orgId) =>
      rulesExport(
        this.kept().filter((r) => ruleOrg(r) === orgId),
        (id) => this.places.of(id),
      ),
    import: (_orgId, data) => this.importRules(data),
    check: (orgId, data) => checkRules(data, orgId),
  };

  exportShared(): FaultRulesExport | undefined {
    return rulesExport(
      this.kept().filter((r) => ruleOrg(r) === undefined),
      (id) => this.places.of(id),
    );
  }

  importShared(data: unknown): void {
    this.importRules(data);
  }

  checkShared(data: unknown): StateProblem | null {
    return checkRules(data, undefined);
  }

  private importRules(data: unknown): void {
    const imported = importedRules(data);
    for (const { rule, place } of imported) this.places.set(rule.id, place);
    this.others = this.places.sorted([...this.others, ...imported.map((i) => i.rule)]);
    this.changed();
  }

  /** The rules added through the admin API, but those used up (Redis drops them at their last firing). */
  private kept(): FaultRule[] {
    return this.others.filter((r) => r.remaining !== 0);
  }

  rules(): readonly FaultRule[] {
    return this.all;
  }

  get(id: string): FaultRule | undefined {
    return this.all.find((r) => r.id === id);
  }

  assertWritable(): void {}

  add(rule: FaultRule): void {
    this.places.next(rule.id);
    this.others.push(rule);
    this.changed();
  }

  addLocal(rule: FaultRule): void {
    this.own.push(rule);
    this.ownAsAdded.push(structuredClone(rule));
    this.changed();
  }

  remove(id: string): boolean {
    const before = this.all.length;
    this.own = this.own.filter((r) => r.id !== id);
    this.others = this.others.filter((r) => r.id !== id);
    this.places.delete(id);
    this.changed();
    return this.all.length < before;
  }

  clear(): void {
    this.own = [];
    this.ownAsAdded = [];
    this.others = [];
    this.places.clear();
    this.changed();
  }

  claim(rule: FaultRule): number {
    return claimHere(rule);
  }

  prune(now: RuleNow): void {
    if (!this.all.some((r) => isSpent(r, now))) return;
    this.own = this.own.filter((r) => !isSpent(r, now));
    this.others = this.others.filter((r) => !isSpent(r, now));
    this.changed();
  }

  reset(): void {
    this.clear();
    this.places.restart();
  }

  /** A new array for rules(), so a lookup under way goes on over the one it started with. */
  private changed(): void {
    this.all = [...this.own, ...this.others];
  }
}

/** Rules as exported (a copy, plain JSON), by place then id; undefined when there are none. */
export function rulesExport(
  rules: FaultRule[],
  placeOf: (id: string) => number | undefined,
): FaultRulesExport | undefined {
  if (rules.length === 0) return undefined;
  const exported = rules.map(({ hits: _hits, ...rule }) => ({
    ...(JSON.parse(JSON.stringify(rule)) as Omit<FaultRule, 'hits'>),
    place: placeOf(rule.id) ?? 0,
  }));
  exported.sort((x, y) => x.place - y.place || compare(x.id, y.id));
  return { rules: exported };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The rules of an export (issue 25), as stored again: copies with no hits here yet, each with its place. */
export function importedRules(data: unknown): { rule: FaultRule; place: number }[] {
  return (data as FaultRulesExport).rules.map(({ place, ...rule }) => ({
    rule: { ...structuredClone(rule), hits: 0 },
    place,
  }));
}

/**
 * The places of the rules added through the admin API (ExportedRule): the order they match in, across
 * organizations. A new rule is numbered after the highest place given; a loaded one keeps its own.
 */
export class RulePlaces {
  private readonly places = new Map<string, number>();
  private last = 0;

  of(id: string): number | undefined {
    return this.places.get(id);
  }

  next(id: string): number {
    this.places.set(id, ++this.last);
    return this.last;
  }

  set(id: string, place: number): void {
    this.places.set(id, place);
    this.last = Math.max(this.last, place);
  }

  delete(id: string): void {
    this.places.delete(id);
  }

  /** Rules by place, then id; those without one (not heard of yet) last, in their order. */
  sorted(rules: FaultRule[]): FaultRule[] {
    const rank = (r: FaultRule) => this.places.get(r.id) ?? Infinity;
    return rules
      .map((rule, i) => ({ rule, i }))
      .sort((x, y) => rank(x.rule) - rank(y.rule) || compare(x.rule.id, y.rule.id) || x.i - y.i)
      .map((x) => x.rule);
  }

  /** Forgets every place (a clear: numbers go on growing). */
  clear(): void {
    this.places.clear();
  }

  /** Numbers start over (a reset). */
  restart(): void {
    this.places.clear();
    this.last = 0;
  }
}

/**
 * What the schema cannot say about a section of rules: each belongs to the organization of the section (by
 * `match.org_id` or `sandbox_org_id`; none for the shared one), `sandbox_org_id` only with `match.sandbox`,
 * and no id twice.
 */
export function checkRules(data: unknown, orgId: string | undefined): StateProblem | null {
  const seen = new Set<string>();
  const places = new Set<number>();
  const rules = (data as FaultRulesExport).rules;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    if (seen.has(rule.id)) return { path: `/rules/${i}/id`, message: `rule ${rule.id} is listed twice` };
    seen.add(rule.id);
    if (places.has(rule.place)) return { path: `/rules/${i}/place`, message: 'is the place of another rule' };
    places.add(rule.place);
    if ((rule.sandbox_org_id !== undefined) !== (rule.match.sandbox !== undefined))
      return { path: `/rules/${i}/sandbox_org_id`, message: 'goes with match.sandbox, and only with it' };
    if (rule.match.org_id && rule.sandbox_org_id)
      return { path: `/rules/${i}/match/org_id`, message: 'a rule matches org_id or sandbox, not both' };
    const org = ruleOrg(rule);
    if (org !== orgId)
      return orgId === undefined
        ? {
            path: `/rules/${i}/match`,
            message: `a shared rule matches no one organization (this one ${org})`,
          }
        : { path: `/rules/${i}/match`, message: `must belong to ${orgId} (match.org_id or sandbox_org_id)` };
  }
  return null;
}

/**
 * An instance's own rules after the reset of one organization: those that match it as they were added
 * (their counts start over, as at a reset), the others as they are now (one removed stays removed).
 */
export function ownAfterOrgReset(own: FaultRule[], asAdded: FaultRule[], orgId: string): FaultRule[] {
  const now = new Map(own.map((r) => [r.id, r]));
  return asAdded.flatMap((added) => {
    if (ruleOrg(added) === orgId) return [structuredClone(added)];
    const current = now.get(added.id);
    return current ? [current] : [];
  });
}
