import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
import { type FaultChannel, type FaultKind, type FaultParams } from './kinds.js';
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
    journal: {
        rule_id: string;
        kind: string;
        explanation: string;
    };
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
/**
 * Where fault rules are shared with other instances (src/store/shared-faults.ts); null with the memory
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
export declare class FaultStore {
    private readonly deps;
    private rules;
    readonly webhookLog: WebhookFaultRecord[];
    private random;
    /** Null with the memory store: then every path below is exactly the in-process one. */
    replica: FaultReplica | null;
    /** Rules added by this instance alone (config file and boot scenario), as first added: see addLocally(). */
    private localRules;
    private readonly localIds;
    private adding;
    constructor(deps: {
        clock: Clock;
        ids: IdFactory;
        random: Random;
        /** Whether /v1 documents `status` for the operation (any operation when none is named). */
        documents?: (operationId: string | undefined, status: number) => boolean;
    });
    private offContract;
    add(input: FaultRuleInput): FaultRule;
    /**
     * Runs `fn` (the boot's config-file rules and scenario) adding rules to this instance only: every instance
     * reads the same configuration, so sharing them would repeat each once per instance.
     */
    addLocally(fn: () => Promise<void>): Promise<void>;
    /** A rule another instance added (or a reload from the shared store): replaces this copy's rule of that id. */
    putReplicated(rule: FaultRule): void;
    /** Another instance removed the rule, or its shared `times` ran out. */
    removeReplicated(id: string): void;
    /** Another instance cleared every rule. */
    clearReplicated(): void;
    /**
     * Another instance's reset: the shared rules go; this instance's own boot rules start over, as they do
     * after a reset here.
     */
    resetReplicated(): void;
    /** The shared rules as the store has them now (after a reconnect): this instance's own boot rules stay. */
    replaceReplicated(rules: FaultRule[]): void;
    list(): FaultRule[];
    get(id: string): FaultRule | undefined;
    remove(id: string): boolean;
    clear(): void;
    noteWebhookFault(record: WebhookFaultRecord): void;
    reset(): void;
    /**
     * Takes the first active rule of the given channel (and kinds) matching the target, consuming one of
     * its `times`. Probability draws come from the seeded random source, so runs repeat exactly. Synchronous,
     * except with a shared store when the rule found is counted: then one of its `times` is claimed in the
     * shared counter first (a promise), and a rule another instance used up is skipped.
     */
    take(channel: FaultChannel, target: FaultTarget, kinds?: readonly FaultKind[]): TakeResult;
    /** A counted rule whose count is kept in the shared store (not one of this instance's own boot rules). */
    private isShared;
    private find;
    private hit;
    /** Claims counted rules in the shared counter, in order, until one fires or none is left. */
    private claimFrom;
    /** A seeded jitter in [-max, max]. */
    jitter(maxMs: number): number;
    private dropExpired;
}
