/**
 * The contract of SttJobsState (jobs-state.ts): the same cases run against the memory implementation and
 * the Redis one (test/stt/jobs-state.test.ts). "Instances" are states over one store: with Redis, separate
 * connections acting as separate emulator processes; in memory, the one state of the process.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sectionSchemaError } from '../../test/support/area-state-schema.js';
import type { DroppedJobs, SttJobRecord, SttJobsState } from './jobs-state.js';

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
    due_at: T2,
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

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const ids = (jobs: SttJobRecord[]) => jobs.map((j) => `${j.org_id}/${j.job_id}`).sort();
const orgIds = async (state: SttJobsState) => [...(await state.perOrg.ids())].sort();

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
      await a.outcomeKnown('org_1', 'job_c1', {
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
    it('lists the organizations that have jobs and exports one as JSON: every job, those in flight with their due time', async () => {
      const inFlight = job('org_pa', 'job_p1', { created_at: T2, due_at: '2030-06-01T00:00:07.000Z' });
      const stuck = job('org_pa', 'job_p2', { due_at: null });
      const first = job('org_pa', 'job_p0');
      const other = job('org_pb', 'job_p3');
      a.accept(inFlight, new Uint8Array([1]));
      b.accept(stuck, null);
      a.accept(first, null);
      b.accept(other, null);
      await h.settled();
      const done = completed(first);
      expect(await b.complete(done)).toBe(true);
      // Opened after the writes: it exports the same as the others.
      const late = await h.instance();
      for (const state of [a, b, late]) {
        expect(await orgIds(state)).toEqual(['org_pa', 'org_pb']);
        const exported = await state.perOrg.export('org_pa');
        // By creation time, then id; nothing of the other organization.
        expect(exported).toEqual({ jobs: [done, stuck, inFlight] });
        expect(JSON.parse(JSON.stringify(exported))).toStrictEqual(exported);
        expect(await state.perOrg.export('org_pb')).toEqual({ jobs: [other] });
        expect(await state.perOrg.export('org_none')).toBeUndefined();
      }
    });

    it("resetting one organization through one instance drops its jobs for every instance, and nothing of another's", async () => {
      const c = await h.instance();
      const d = await h.instance();
      const heard = { c: [] as DroppedJobs[], d: [] as DroppedJobs[] };
      c.onReset((dropped) => dropped && heard.c.push(dropped));
      d.onReset((dropped) => dropped && heard.d.push(dropped));
      const [a1, a2, b1] = [job('org_ra', 'job_ra1'), job('org_ra', 'job_ra2'), job('org_rb', 'job_rb1')];
      a.accept(a1, new Uint8Array([1, 2]));
      b.accept(a2, null);
      a.accept(b1, new Uint8Array([3]));
      await h.settled();
      expect(await a.complete(completed(a2))).toBe(true);
      const before = await d.perOrg.export('org_rb');
      expect(before).toEqual({ jobs: [b1] });

      await c.perOrg.reset('org_ra');
      // Told of the job still processing (its decoding stops, its due completion is cancelled by c).
      expect(heard.c).toEqual([{ orgId: 'org_ra', jobIds: ['job_ra1'], here: true }]);
      await vi.waitFor(() =>
        expect(heard.d).toEqual([expect.objectContaining({ orgId: 'org_ra', jobIds: ['job_ra1'] })]),
      );
      for (const state of [a, b, d]) {
        expect(await orgIds(state)).toEqual(['org_rb']);
        expect(await state.perOrg.export('org_ra')).toBeUndefined();
        expect(await state.get('org_ra', 'job_ra1')).toBeUndefined();
        expect(await state.list('org_ra')).toEqual([]);
        expect(ids(await state.list())).toEqual(['org_rb/job_rb1']);
        expect(await state.leftover('org_ra', 'job_ra1')).toEqual({ audio: null });
        expect(await state.perOrg.export('org_rb')).toEqual(before);
      }
      expect(await b.complete(completed(a1))).toBe(false);
      // Nothing to drop is no error, and tells no one.
      await d.perOrg.reset('org_ra');
      expect(heard.c).toHaveLength(1);

      // The organization works again afterwards.
      const again = job('org_ra', 'job_ra3');
      b.accept(again, null);
      await h.settled();
      expect(await orgIds(a)).toEqual(['org_ra', 'org_rb']);
      expect(await a.perOrg.export('org_ra')).toEqual({ jobs: [again] });
      expect(await a.complete(completed(again))).toBe(true);
    });

    it('writes racing a reset of one organization: the other one intact, a job of the reset one fully there or fully gone', async () => {
      const gone = job('org_xa', 'job_x0');
      const kept = job('org_xb', 'job_x1');
      a.accept(gone, new Uint8Array([1]));
      a.accept(kept, null);
      await h.settled();
      const late = job('org_xa', 'job_x2');
      const other = job('org_xb', 'job_x3');
      const reset = a.perOrg.reset('org_xa');
      b.accept(late, new Uint8Array([2]));
      b.accept(other, null);
      await Promise.all([reset, h.settled()]);
      for (const state of [a, b]) {
        expect(await state.get('org_xa', 'job_x0')).toBeUndefined();
        expect(await state.perOrg.export('org_xb')).toEqual({ jobs: [kept, other] });
        const there = await state.get('org_xa', 'job_x2');
        if (there) {
          expect(there).toEqual(late);
          expect(await state.perOrg.export('org_xa')).toEqual({ jobs: [late] });
          expect(await orgIds(state)).toEqual(['org_xa', 'org_xb']);
        } else {
          expect(await state.perOrg.export('org_xa')).toBeUndefined();
          expect(await orgIds(state)).toEqual(['org_xb']);
          expect(await state.leftover('org_xa', 'job_x2')).toEqual({ audio: null });
        }
      }
    });

    it('an export put back after a reset of its organization exports the same on every instance; a pending job completes from what it keeps, an ended one never again', async () => {
      const org = 'org_import';
      const id = (n: number) => `job_import${String(n).padStart(14, '0')}`;
      const pending = {
        principal: {
          orgId: org,
          keyId: 'key_import',
          keyDisplay: 'sk_live_…abcd',
          environment: 'live' as const,
          livemode: true,
          scopes: ['stt:transcribe' as const],
          via: 'api_key' as const,
        },
        params: { language: 'auto', diarize: false, word_timestamps: false },
        format: 'wav' as const,
        sha256: 'ab'.repeat(32),
        fileName: 'call.wav',
        estimatedSeconds: 30,
      };
      const req = (n: number) => `req_importreq${String(n).padStart(11, '0')}`;
      const decoded = job(org, id(1), { request_id: req(1), pending: { ...pending } });
      const undecoded = job(org, id(2), { request_id: req(2), pending: { ...pending }, created_at: T2 });
      const stuck = job(org, id(3), { request_id: req(3), due_at: null });
      const ended = job(org, id(4), { request_id: req(4) });
      for (const record of [decoded, undecoded, stuck, ended]) a.accept(record, null);
      await h.settled();
      const outcome = { status: 'completed' as const, duration_seconds: 2.5, result: null, error: null };
      await a.outcomeKnown(org, decoded.job_id, outcome);
      const { pending: _p, ...endedRest } = ended;
      const result = { text: 'done', language: 'en', duration_seconds: 2.5, segments: [] };
      expect(await a.complete({ ...completed(endedRest), result })).toBe(true);
      await h.settled();
      const exported = (await a.perOrg.export(org))!;
      expect(exported.jobs.find((j) => j.job_id === decoded.job_id)?.pending?.outcome).toEqual(outcome);
      expect(sectionSchemaError('StateOrgSttJobs', exported)).toBeNull();

      await a.perOrg.reset(org);
      expect(a.perOrg.check!(org, clone(exported))).toBeNull();
      await a.perOrg.import(org, clone(exported));
      await h.settled();
      const late = await h.instance();
      for (const state of [a, b, late]) {
        expect(await state.perOrg.export(org)).toEqual(exported);
        expect(await orgIds(state)).toContain(org);
      }
      expect(await b.leftover(org, decoded.job_id)).toEqual({ outcome, audio: null });
      expect((await b.leftover(org, undecoded.job_id)).outcome).toBeUndefined();
      expect(await b.complete(completed(ended))).toBe(false);
      expect(await b.complete(completed(decoded))).toBe(true);
    });

    it('check names what the schema cannot: another organization, a job twice, a pending part on an ended job', async () => {
      const org = 'org_check';
      const good = { jobs: [job(org, 'job_c1'), completed(job(org, 'job_c2'))] };
      const check = (change: (d: typeof good) => void) => {
        const d = clone(good);
        change(d);
        return a.perOrg.check!(org, d);
      };
      expect(check(() => {})).toBeNull();
      expect(check((d) => (d.jobs[1].org_id = 'org_other'))).toMatchObject({ path: '/jobs/1/org_id' });
      expect(check((d) => d.jobs.push(d.jobs[0]))).toMatchObject({ path: '/jobs/2/job_id' });
      const pending = { params: {}, principal: { orgId: org } } as unknown as SttJobRecord['pending'];
      expect(check((d) => (d.jobs[1].pending = pending))).toMatchObject({ path: '/jobs/1/pending' });
      const foreign = { principal: { orgId: 'org_other' } } as unknown as SttJobRecord['pending'];
      expect(check((d) => (d.jobs[0].pending = foreign))).toMatchObject({
        path: '/jobs/0/pending/principal/orgId',
      });
    });
  });
}
