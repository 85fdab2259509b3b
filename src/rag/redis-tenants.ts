/**
 * RAG tenants in Redis: one hash of the current generation, one record per organization. Each instance keeps a
 * copy, so the gate on every RAG call stays a local check. A write takes the next `rag:seq` as the tenant's
 * revision and is published as `rag.tenant`; an instance applies only a revision newer than the one it holds
 * (TenantCopies), so a reply and an event that cross on the two connections cannot put an older state back.
 *
 * The tenants stay one hash with a field per organization, not a key per organization: listing keys per
 * organization would cost the tenant write (made by the RAG gate) one more command, to index them, or a scan
 * at open. An organization's tenant is its field: `perOrg.reset` deletes it in its script (redis-rag.ts).
 */
import type { RedisStore } from '../store/redis-store.js';
import type { TenantRecords } from './rag-state.js';
import { ragRedis, type RagRedis } from './redis-rag-scripts.js';
import type { Tenant } from './tenants.js';

/** A ready tenant's activity is written at most once per this many clock ms. */
const ACTIVITY_SHARE_MS = 1000;

/** The local copy of the shared tenants, and the rule by which a stored version replaces the one held. */
export class TenantCopies {
  private readonly tenants = new Map<string, Tenant>();
  /** Orgs whose tenant came from Redis (made, or last written, through any instance). */
  private readonly fromStore = new Set<string>();
  /** Orgs reset (`perOrg.reset`) at a revision: a tenant stored before it is of the reset organization. */
  private readonly droppedAt = new Map<string, number>();

  get(orgId: string): Tenant | undefined {
    return this.tenants.get(orgId);
  }

  set(tenant: Tenant): void {
    this.tenants.set(tenant.orgId, tenant);
  }

  fromElsewhere(orgId: string): boolean {
    return this.fromStore.has(orgId);
  }

  /**
   * A tenant as Redis holds it; the later of the two activity times is kept. One whose revision is not newer
   * than the one held here is older news (a reply or event that crossed a newer one) and is ignored.
   */
  apply(stored: Tenant): void {
    if (stored.rev !== undefined && stored.rev <= (this.droppedAt.get(stored.orgId) ?? -Infinity)) return;
    const local = this.tenants.get(stored.orgId);
    this.fromStore.add(stored.orgId);
    if (local?.rev !== undefined && stored.rev !== undefined && stored.rev <= local.rev) return;
    this.tenants.set(stored.orgId, {
      ...stored,
      lastActivityAt: Math.max(stored.lastActivityAt, local?.lastActivityAt ?? -Infinity),
    });
  }

  /**
   * The org was reset at revision `rev`: a tenant written before it goes, and a reply or event of one is
   * ignored. One written after it (its reply came before the reset's event) stays; one written here whose
   * reply has not come yet goes, and comes back with its reply if it was written after.
   */
  drop(orgId: string, rev: number): void {
    this.droppedAt.set(orgId, Math.max(rev, this.droppedAt.get(orgId) ?? -Infinity));
    const held = this.tenants.get(orgId)?.rev;
    if (held !== undefined && held > rev) return;
    this.tenants.delete(orgId);
    this.fromStore.delete(orgId);
  }

  clear(): void {
    this.tenants.clear();
    this.fromStore.clear();
    this.droppedAt.clear();
  }
}

export class RedisTenants implements TenantRecords {
  private readonly copies = new TenantCopies();
  /** The last activity time written, per org. */
  private readonly sharedActivity = new Map<string, number>();

  constructor(private readonly store: RedisStore) {}

  private get redis(): RagRedis {
    return ragRedis(this.store.redis);
  }

  /** The tenants hash of the current generation (the orgs set is named with it, for RAG_CLEAR). */
  private get keys(): string[] {
    return [
      this.store.key('rag:seq'),
      this.store.scopedKey('rag:tenants'),
      this.store.key('rag:gens'),
      this.store.scopedKey('rag:orgs'),
    ];
  }

  get(orgId: string): Tenant | undefined {
    return this.copies.get(orgId);
  }

  create(tenant: Tenant): void {
    if (this.copies.get(tenant.orgId) !== undefined) return;
    this.copies.set(tenant);
    this.put(tenant, true);
  }

  save(tenant: Tenant): void {
    this.copies.set(tenant);
    this.put(tenant, false);
  }

  touch(tenant: Tenant): void {
    if (tenant.lastActivityAt - (this.sharedActivity.get(tenant.orgId) ?? -Infinity) < ACTIVITY_SHARE_MS)
      return;
    this.sharedActivity.set(tenant.orgId, tenant.lastActivityAt);
    this.put(tenant, false);
  }

  madeElsewhere(orgId: string): boolean {
    return this.copies.fromElsewhere(orgId);
  }

  /** A `rag.tenant` event of another instance. */
  apply(stored: Tenant): void {
    this.copies.apply(stored);
  }

  /** At open, and after the subscriber was away (events may have been missed): every tenant in Redis. */
  async load(): Promise<void> {
    const all = await this.store.run(() => this.redis.hgetall(this.keys[1]));
    for (const json of Object.values(all)) this.copies.apply(JSON.parse(json) as Tenant);
  }

  clear(): void {
    this.copies.clear();
    this.sharedActivity.clear();
  }

  /** One organization reset at revision `rev` (`perOrg.reset`, through any instance). */
  drop(orgId: string, rev: number): void {
    this.copies.drop(orgId, rev);
    this.sharedActivity.delete(orgId);
  }

  /** The hash of the current generation's tenants, one field per organization. */
  get hashKey(): string {
    return this.keys[1];
  }

  /**
   * Writes the tenant under a new revision (only if none is stored, for a new one), then applies what Redis
   * holds: an instance that lost the race to create it takes the winner's. Tracked: the call that made the
   * change answers once it is in Redis.
   */
  private put(tenant: Tenant, onlyIfNew: boolean): void {
    this.store.assertAvailable();
    const { rev: _rev, ...rest } = tenant;
    const prefix = this.store.messageHead('rag.tenant');
    const gen = this.store.generation;
    const put = this.redis.svcRagTenantPut(
      ...this.keys,
      tenant.orgId,
      JSON.stringify(rest),
      onlyIfNew ? '1' : '',
      this.store.channel,
      prefix,
    );
    // A reply that comes back after a reset belongs to the generation it retired.
    this.store.track(
      put.then((json) => gen === this.store.generation && this.copies.apply(JSON.parse(json) as Tenant)),
    );
  }
}
