/**
 * Whether this instance's own writes to a copy it keeps at hand survive the reset of their organization
 * (`perOrg.reset`) through Redis. The other instances' writes reach the copy as events, in the channel's
 * order, so their reset event drops exactly those made before it. This instance's own writes are in the copy
 * at once, before Redis has ordered them against a reset made through another instance, and their answer and
 * the reset's event come on two connections in either order. So each own write and each reset takes the next
 * number of one counter in Redis, and the higher number came later.
 */
export class OwnWrites {
  /** Per organization, this instance's writes by entry id: their number, undefined until Redis answered. */
  private readonly writes = new Map<string, Map<string, number | undefined>>();
  /** Per organization, the number of the last reset heard of. */
  private readonly resets = new Map<string, number>();

  /** A write of the entry sent to Redis (already in the copy at hand). */
  sent(orgId: string, id: string): void {
    let org = this.writes.get(orgId);
    if (!org) this.writes.set(orgId, (org = new Map()));
    org.set(id, undefined);
  }

  /** Redis numbered the write `seq`: false when a reset heard of came after it (the entry is gone). */
  written(orgId: string, id: string, seq: number): boolean {
    const reset = this.resets.get(orgId);
    if (reset !== undefined && seq <= reset) {
      this.forget(orgId, id);
      return false;
    }
    this.writes.get(orgId)?.set(id, seq);
    return true;
  }

  /**
   * The organization's reset numbered `seq` is heard of: whether an entry of it in the copy stays (an own write
   * that Redis has not answered yet, or made after the reset). Every other entry goes.
   */
  reset(orgId: string, seq: number): (id: string) => boolean {
    this.resets.set(orgId, Math.max(seq, this.resets.get(orgId) ?? 0));
    const org = this.writes.get(orgId);
    for (const [id, n] of org ?? []) if (n !== undefined && n <= seq) org!.delete(id);
    return (id) => org?.has(id) ?? false;
  }

  /**
   * Whether the reset `seq` of the organization (or a later one) was heard of already. The instance a reset
   * went through drops the organization's entries when Redis answers, unless the reset's event came first:
   * the events after it (writes made after the reset) may have come too, and stay.
   */
  heard(orgId: string, seq: number): boolean {
    return (this.resets.get(orgId) ?? -1) >= seq;
  }

  /** The entry is gone otherwise (deleted). */
  forget(orgId: string, id: string): void {
    this.writes.get(orgId)?.delete(id);
  }

  /** Everything is gone (a whole reset) or read again from Redis (a load): nothing is left to compare. */
  clear(): void {
    this.writes.clear();
    this.resets.clear();
  }
}
