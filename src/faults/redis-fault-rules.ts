/**
 * Fault rules in Redis: a rule added, removed or cleared through any instance's admin API is written and
 * published before the answer; each instance keeps the rules at hand, updated from the events channel, so
 * matching a request stays a synchronous lookup (a rule applies on another instance when its event arrives).
 * A counted rule (`times`) keeps its count in Redis, and firing it takes one atomically (FAULT_CLAIM below):
 * it fires at most `times` times across all instances. Rules from the configuration file and the boot
 * scenario stay per instance (addLocal), since every instance reads them.
 */
import type { Redis } from 'ioredis';
import { OwnWrites } from '../store/own-writes.js';
import { eventForAll, type RedisStore, type StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import type { StateProblem } from '../store/state-unit.js';
import {
  checkRules,
  importedRules,
  ownAfterOrgReset,
  RulePlaces,
  type FaultRulesExport,
  type FaultRulesState,
  type OrgFaultRules,
} from './fault-rules-state.js';
import { exportOrgRules, exportSharedRules } from './redis-fault-export.js';
import { faultKeys, faultRedis, type FaultKeys } from './redis-fault-keys.js';
import {
  FAULT_CLAIM,
  FAULT_PLACE,
  FAULT_REMOVE,
  FAULTS_CLEAR,
  FAULTS_CLEAR_ORG,
  FAULTS_ORGS,
  FAULTS_READ_ORG,
  type FaultScripts,
} from './redis-fault-scripts.js';
import { claimHere, isSpent, ruleOrg, type RuleNow } from './rule-life.js';
import type { FaultRule } from './store.js';

/** The event of one organization's reset, for every instance, the one it went through too. */
const ORG_RESET = 'faults.org-reset';

/** A rule as its `fault` event carries it: with its place (RulePlaces), set by the script that publishes it. */
interface RuleEvent {
  rule: FaultRule;
  place: number;
}

export class RedisFaultRules implements FaultRulesState {
  readonly name = 'faults';
  /** This instance's own rules (config file, boot scenario), as they are now and as they were added. */
  private own: FaultRule[] = [];
  private ownAsAdded: FaultRule[] = [];
  /** The shared rules at hand, by place (in the order they were added, or as loaded). */
  private shared: FaultRule[] = [];
  /** The shared rules' places, as Redis numbered them (FAULT_PLACE). */
  private readonly places = new RulePlaces();
  private all: readonly FaultRule[] = [];
  /** The rules of one organization added through this instance, against that organization's resets. */
  private readonly sentHere = new OwnWrites();

  readonly perOrg: OrgFaultRules = {
    ids: () => this.store.run(() => this.redis.svcFaultsOrgs(this.k.rules, this.k.orgs, this.k.org(''))),
    reset: (orgId) => this.resetOrg(orgId),
    export: (orgId) => exportOrgRules(this.store, orgId),
    import: (_orgId, data) => this.importRules(data),
    check: (orgId, data) => checkRules(data, orgId),
  };

  constructor(private readonly store: RedisStore) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get redis(): Redis & FaultScripts {
    return faultRedis(this.store);
  }

  /** The keys of the rules (redis-fault-keys.ts). */
  private get k(): FaultKeys {
    return faultKeys(this.store);
  }

  async open(): Promise<void> {
    const redis = this.store.redis;
    defineOnce(redis, 'svcFaultClaim', 3, FAULT_CLAIM);
    defineOnce(redis, 'svcFaultRemove', 4, FAULT_REMOVE);
    defineOnce(redis, 'svcFaultsClearOrg', 7, FAULTS_CLEAR_ORG);
    defineOnce(redis, 'svcFaultsClear', 6, FAULTS_CLEAR);
    defineOnce(redis, 'svcFaultsReadOrg', 3, FAULTS_READ_ORG);
    defineOnce(redis, 'svcFaultsOrgs', 2, FAULTS_ORGS);
    await this.load();
  }

  exportShared(): Promise<FaultRulesExport | undefined> {
    return exportSharedRules(this.store);
  }

  importShared(data: unknown): Promise<void> {
    return this.importRules(data);
  }

  checkShared(data: unknown): StateProblem | null {
    return checkRules(data, undefined);
  }

  /** The shared rules with their shared counts (at open and after a reconnect): this instance's own stay. */
  private async load(): Promise<void> {
    const [rules, left, places] = await this.store.run(() =>
      Promise.all([
        this.redis.hgetall(this.k.rules),
        this.redis.hgetall(this.k.left),
        this.redis.hgetall(this.k.places),
      ]),
    );
    const hits = new Map(this.shared.map((r) => [r.id, r.hits]));
    this.sentHere.clear();
    this.places.clear();
    for (const [id, place] of Object.entries(places)) this.places.set(id, Number(place));
    this.shared = this.places.sorted(
      Object.values(rules).map((json) => {
        const rule = JSON.parse(json) as FaultRule;
        if (rule.remaining !== null) rule.remaining = Number(left[rule.id] ?? 0);
        // Hits are counted per instance.
        rule.hits = hits.get(rule.id) ?? 0;
        return rule;
      }),
    );
    this.changed();
  }

  rules(): readonly FaultRule[] {
    return this.all;
  }

  get(id: string): FaultRule | undefined {
    return this.all.find((r) => r.id === id);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  add(rule: FaultRule): void {
    this.store.assertAvailable();
    this.shared.push(rule);
    this.changed();
    this.store.track(this.write(rule, undefined));
  }

  /**
   * Puts back the rules of an export (issue 25) as added through this instance, written and told to the others
   * in one pipeline (one transaction per rule, as an add), resolved once all are written.
   */
  private async importRules(data: unknown): Promise<void> {
    this.store.assertAvailable();
    const imported = importedRules(data);
    for (const { rule, place } of imported) this.places.set(rule.id, place);
    this.shared = this.places.sorted([...this.shared, ...imported.map((i) => i.rule)]);
    this.changed();
    await this.store.run(() => Promise.all(imported.map(({ rule, place }) => this.write(rule, place))));
  }

  /**
   * A rule into Redis with its count (and its organization's set) and its place (`place` for a loaded one,
   * the next number for a new one), and its event for the other instances.
   */
  private write(rule: FaultRule, place: number | undefined): Promise<unknown> {
    const k = this.k;
    const tx = this.redis.multi().hset(k.rules, rule.id, JSON.stringify(rule));
    if (rule.remaining !== null) tx.hset(k.left, rule.id, rule.remaining);
    const orgId = ruleOrg(rule);
    // Last in the transaction: numbers the rule and publishes it with its number.
    const event = this.store.message('fault', { rule, place: null });
    const placed = (t: typeof tx) =>
      t.eval(
        FAULT_PLACE,
        2,
        ...[k.placeSeq, k.places],
        ...[rule.id, place ?? '', this.store.channel, event.slice(0, event.lastIndexOf('null'))],
      );
    const numbered = (replies: [Error | null, unknown][] | null) => {
      const n = Number(replies?.at(-1)?.[1]);
      if (Number.isFinite(n) && n > 0) this.places.set(rule.id, n);
    };
    if (orgId === undefined) return placed(tx).exec().then(numbered);
    // Numbered in the same transaction (generation, counter: NEXT in redis-fault-scripts.ts), against
    // a reset of its organization through another instance.
    this.sentHere.sent(orgId, rule.id);
    tx.sadd(k.org(orgId), rule.id).sadd(k.orgs, orgId).get(this.store.generationKey).incr(k.seq);
    return placed(tx)
      .exec()
      .then((replies) => {
        numbered(replies);
        const [gen, seq] = (replies ?? []).slice(-3, -1).map(([, v]) => Number(v ?? 0));
        if (!this.sentHere.written(orgId, rule.id, gen * 4294967296 + seq)) this.dropShared(rule.id);
      });
  }

  addLocal(rule: FaultRule): void {
    this.own.push(rule);
    this.ownAsAdded.push(structuredClone(rule));
    this.changed();
  }

  remove(id: string): boolean | Promise<boolean> {
    this.store.assertAvailable();
    if (this.own.some((r) => r.id === id)) {
      this.own = this.own.filter((r) => r.id !== id);
      this.changed();
      return true;
    }
    const here = this.dropShared(id);
    this.places.delete(id);
    const message = this.store.message('fault.removed', { id });
    // Redis decides: a rule added through another instance whose event has not arrived yet is removed too.
    const k = this.k;
    return this.store
      .run(() =>
        this.redis.svcFaultRemove(
          ...[k.rules, k.left, k.orgs, k.places],
          ...[id, this.store.channel, message, k.org('')],
        ),
      )
      .then((removed) => removed === 1 || here);
  }

  clear(): void {
    this.store.assertAvailable();
    this.own = [];
    this.shared = [];
    this.places.clear();
    this.changed();
    this.store.track(this.deleteAll(this.store.message('faults.cleared', {}), false));
  }

  /** Every rule and what lists them by organization, with the event that tells the others. */
  private deleteAll(message: string, reset: boolean): Promise<number> {
    const k = this.k;
    return this.redis.svcFaultsClear(
      ...[k.rules, k.left, k.orgs, k.seq, k.places, k.placeSeq],
      ...[k.org(''), this.store.channel, message, reset ? '1' : '0'],
    );
  }

  claim(rule: FaultRule): number | Promise<number> {
    if (this.own.includes(rule)) return claimHere(rule);
    const removal = this.store.message('fault.removed', { id: rule.id });
    return this.store
      .run(() =>
        this.redis.svcFaultClaim(
          this.k.left,
          this.k.rules,
          this.k.places,
          rule.id,
          this.store.channel,
          removal,
          this.store.instanceId,
        ),
      )
      .then((left) => {
        rule.remaining = Math.max(left, 0);
        return left;
      });
  }

  prune(now: RuleNow): void {
    if (!this.all.some((r) => isSpent(r, now))) return;
    this.own = this.own.filter((r) => !isSpent(r, now));
    this.shared = this.shared.filter((r) => !isSpent(r, now));
    this.changed();
  }

  /** POST /_emulator/reset here: the shared rules go for every instance; this instance's own are added again at boot. */
  async reset(): Promise<void> {
    this.own = [];
    this.ownAsAdded = [];
    this.shared = [];
    this.sentHere.clear();
    this.places.restart();
    this.changed();
    // Sent after the store's `reset` message: a rule another instance added in between is dropped there too.
    await this.store.run(() => this.deleteAll(this.store.message('faults.reset', {}), true));
  }

  /**
   * One organization's rules, for every instance (one script). Its event comes back here too, in the
   * channel's order: the rules at hand drop them there, where a rule added through another instance just
   * before the reset has arrived, and one added just after has not. When the script's answer comes first,
   * they drop them then as well (OwnWrites.heard).
   */
  private async resetOrg(orgId: string): Promise<void> {
    const k = this.k;
    const event = eventForAll(ORG_RESET, { orgId, n: null });
    const n = await this.store.run(() =>
      this.redis.svcFaultsClearOrg(
        ...[k.rules, k.left, k.org(orgId), k.orgs, k.seq, this.store.generationKey, k.places],
        ...[orgId, this.store.channel, event.slice(0, event.lastIndexOf('null'))],
      ),
    );
    if (!this.sentHere.heard(orgId, n)) this.dropOrg(orgId, n);
  }

  /**
   * The organization's reset numbered `n`: its shared rules at hand go, but for those added through this
   * instance after it; this instance's own rules that match it start over as they were added.
   */
  private dropOrg(orgId: string, n: number): void {
    const stays = this.sentHere.reset(orgId, n);
    this.shared = this.shared.filter((r) => ruleOrg(r) !== orgId || stays(r.id));
    this.own = ownAfterOrgReset(this.own, this.ownAsAdded, orgId);
    this.changed();
  }

  private dropShared(id: string): boolean {
    const before = this.shared.length;
    this.shared = this.shared.filter((r) => r.id !== id);
    if (this.shared.length === before) return false;
    this.changed();
    return true;
  }

  /** A new array for rules(): a lookup that awaited a claim goes on over the array it started with. */
  private changed(): void {
    this.all = [...this.own, ...this.shared];
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'fault': {
        const { rule, place } = m.data as RuleEvent;
        this.places.set(rule.id, place);
        const i = this.shared.findIndex((r) => r.id === rule.id);
        if (i >= 0) this.shared[i] = rule;
        else this.shared = this.places.sorted([...this.shared, rule]);
        this.changed();
        return;
      }
      case 'fault.claimed': {
        const { id, left } = m.data as { id: string; left: number };
        const rule = this.shared.find((r) => r.id === id);
        // Counts only go down: an older message arriving late changes nothing.
        if (rule && rule.remaining !== null) rule.remaining = Math.min(rule.remaining, left);
        return;
      }
      case 'fault.removed':
        this.dropShared((m.data as { id: string }).id);
        return;
      case 'faults.cleared':
        this.own = [];
        this.shared = [];
        this.places.clear();
        this.sentHere.clear();
        this.changed();
        return;
      case ORG_RESET: {
        const { orgId, n } = m.data as { orgId: string; n: number };
        this.dropOrg(orgId, n);
        return;
      }
      case 'faults.reset':
        // Another instance's reset: this instance's own rules start over, as after a reset here.
        this.own = this.ownAsAdded.map((r) => structuredClone(r));
        this.shared = [];
        this.places.restart();
        this.sentHere.clear();
        this.changed();
        return;
    }
  }
}
