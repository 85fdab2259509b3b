/**
 * The contract of SttJobsState (jobs-state.ts): the same cases run against the memory implementation and
 * the Redis one (test/stt/jobs-state.test.ts). "Instances" are states over one store: with Redis, separate
 * connections acting as separate emulator processes; in memory, the one state of the process.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SttJobRecord, SttJobsState } from './jobs-state.js';

export interface SttJobsHarness {
  /** A new instance over the shared store (memory: the process's one state), opened. */
  instance(): Promise<SttJobsState>;
  /** Waits until the writes issued so far are in the store (the 202 waits for this). */
  settled(): Promise<void>;
  /**
   * A reset through `state`'s instance as the emulator makes it: the store's own reset first (Redis: its
   * `reset` message to the other instances), then the state's.
   */
  reset(state: SttJobsState): Promise<void>;
}

const T0 = '2030-06-01T00:00:00.000Z';
const T2 = '2030-06-01T00:00:02.000Z';

export function job(orgId: string, jobId: string, extra: Partial<SttJobRecord> = {}): SttJobRecord {
  return {
    job_id: jobId,
    status: 'processing',
    created_at: T0,
    updated_at: T0,
    completed_at: null,
    duration_seconds: 3,
    result: null,
    error: null,
    request_id: `req_${jobId}`,
    org_id: orgId,
    livemode: true,
    ...extra,
  };
}

export function completed(record: SttJobRecord, at = T2): SttJobRecord {
  return {
    ...record,
    status: 'completed',
    updated_at: at,
    completed_at: at,
    duration_seconds: 2.5,
    result: { text: 'done' } as SttJobRecord['result'],
  };
}

const ids = (jobs: SttJobRecord[]) => jobs.map((j) => `${j.org_id}/${j.job_id}`).sort();

export function sttJobsStateContract(kind: string, harness: () => SttJobsHarness): void {
  describe(`SttJobsState (${kind})`, () => {
    let h: SttJobsHarness;
    let a: SttJobsState;
    let b: SttJobsState;

    beforeAll(async () => {
      h = harness();
      a = await h.instance();
      b = await h.instance();
    });
    beforeEach(async () => {
      await a.reset();
    });

    it('a job accepted on one instance is found on another, for its organization only', async () => {
      const record = job('org_1', 'job_a1');
      a.accept(record, new Uint8Array([1, 2, 3]));
      await h.settled();
      expect(await a.get('org_1', 'job_a1')).toEqual(record);
      expect(await b.get('org_1', 'job_a1')).toEqual(record);
      expect(await b.get('org_2', 'job_a1')).toBeUndefined();
      expect(await b.get('org_1', 'job_nope')).toBeUndefined();
    });

    it('lists one organization or all of them', async () => {
      a.accept(job('org_1', 'job_l1'), null);
      b.accept(job('org_1', 'job_l2'), null);
      a.accept(job('org_2', 'job_l3'), null);
      await h.settled();
      expect(ids(await b.list('org_1'))).toEqual(['org_1/job_l1', 'org_1/job_l2']);
      expect(ids(await a.list('org_2'))).toEqual(['org_2/job_l3']);
      expect(await a.list('org_3')).toEqual([]);
      expect(ids(await b.list())).toEqual(['org_1/job_l1', 'org_1/job_l2', 'org_2/job_l3']);
    });

    it('keys jobs by organization: the same id in two organizations is two jobs', async () => {
      a.accept(job('org_1', 'job_same', { request_id: 'req_one' }), null);
      b.accept(job('org_2', 'job_same', { request_id: 'req_two' }), null);
      await h.settled();
      expect((await a.get('org_1', 'job_same'))?.request_id).toBe('req_one');
      expect((await a.get('org_2', 'job_same'))?.request_id).toBe('req_two');
      expect(await a.complete(completed(job('org_2', 'job_same')))).toBe(true);
      expect((await b.get('org_1', 'job_same'))?.status).toBe('processing');
    });

    it('completes a job once; the final record is seen everywhere and nothing is left beside it', async () => {
      const record = job('org_1', 'job_c1');
      a.accept(record, new Uint8Array([1, 2, 3]));
      await h.settled();
      // The outcome is sent without waiting: the same instance completes, so the completion comes after it.
      a.outcomeKnown('org_1', 'job_c1', {
        status: 'completed',
        duration_seconds: 2.5,
        result: null,
        error: null,
      });
      const done = completed(record);
      expect(await a.complete(done)).toBe(true);
      expect(await b.complete(completed(record, '2030-06-01T00:00:09.000Z'))).toBe(false);
      expect(await a.get('org_1', 'job_c1')).toEqual(done);
      expect(await b.list('org_1')).toEqual([done]);
      expect(await a.leftover('org_1', 'job_c1')).toEqual({ audio: null });
    });

    it('a job never accepted, or accepted in another organization, is not completed', async () => {
      a.accept(job('org_1', 'job_c2'), null);
      await h.settled();
      expect(await b.complete(completed(job('org_1', 'job_unknown')))).toBe(false);
      expect(await b.complete(completed(job('org_2', 'job_c2')))).toBe(false);
      expect(await b.get('org_2', 'job_c2')).toBeUndefined();
      expect((await a.get('org_1', 'job_c2'))?.status).toBe('processing');
    });

    it('two instances completing the same job at once: exactly one wins', async () => {
      const records = Array.from({ length: 10 }, (_, i) => job('org_1', `job_race${i}`));
      for (const [i, r] of records.entries()) (i % 2 ? a : b).accept(r, null);
      await h.settled();
      const race = (r: SttJobRecord) => [
        a.complete(completed(r, '2030-06-01T00:00:02.000Z')),
        b.complete(completed(r, '2030-06-01T00:00:03.000Z')),
      ];
      const results = await Promise.all(records.flatMap(race).map((p) => Promise.resolve(p)));
      for (let i = 0; i < records.length; i++)
        expect([results[2 * i], results[2 * i + 1]].filter(Boolean)).toHaveLength(1);
      expect((await a.list('org_1')).map((j) => j.status)).toEqual(Array(10).fill('completed'));
    });

    it('concurrent accepts on two instances are all kept', async () => {
      for (let i = 0; i < 20; i++)
        (i % 2 ? a : b).accept(job(i % 3 ? 'org_1' : 'org_2', `job_many${i}`), null);
      await h.settled();
      expect(await a.list()).toHaveLength(20);
      expect((await b.list('org_2')).length + (await b.list('org_1')).length).toBe(20);
    });

    it("a reset through one instance drops every organization's jobs for all, and each instance hears of it", async () => {
      const dropped = { a: 0, b: 0 };
      const c = await h.instance();
      const d = await h.instance();
      c.onReset(() => dropped.a++);
      d.onReset(() => dropped.b++);
      a.accept(job('org_1', 'job_r1'), new Uint8Array([1]));
      b.accept(job('org_2', 'job_r2'), null);
      await h.settled();
      await h.reset(c);
      expect(await d.get('org_1', 'job_r1')).toBeUndefined();
      expect(await d.list()).toEqual([]);
      expect(await a.complete(completed(job('org_1', 'job_r1')))).toBe(false);
      expect(dropped.a).toBe(1);
      await vi.waitFor(() => expect(dropped.b).toBe(1));
      // Accepting again after a reset works as before.
      b.accept(job('org_1', 'job_r3'), null);
      await h.settled();
      expect(ids(await a.list())).toEqual(['org_1/job_r3']);
    });

    it('an instance that joins late sees the jobs there and resets nothing', async () => {
      let drops = 0;
      a.onReset(() => drops++);
      const record = job('org_1', 'job_late');
      a.accept(record, null);
      await h.settled();
      const late = await h.instance();
      expect(await late.get('org_1', 'job_late')).toEqual(record);
      expect(await late.list()).toEqual([record]);
      expect(await a.get('org_1', 'job_late')).toEqual(record);
      expect(drops).toBe(0);
      expect(await late.complete(completed(record))).toBe(true);
      expect((await a.get('org_1', 'job_late'))?.status).toBe('completed');
    });
  });
}
