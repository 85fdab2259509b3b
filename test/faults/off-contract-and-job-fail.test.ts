/**
 * Issue 12, "Faults and scripts": error faults and scripted STT errors take any status 400-599; a status the
 * operation does not document is marked `off_contract` (rule, explanation, journal entry) and the contract
 * self-check lets it through; `job_fail` fails STT and RAG jobs with the rule's code and detail; the STT script
 * example in docs/products.md works as written.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { putTenant, upload } from '../rag/helpers.js';
import { noise, transcribe, wav } from '../stt/support.js';

let t: TestEmulator;
let clock: Clock;

beforeAll(async () => {
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator({ seed: 'off-contract', stt: { syncMaxSeconds: 2 } }, { clock });
  await putTenant({ ...t, clock }, t.orgId, { state: 'ready' });
});
afterAll(() => t.emulator.close());

const tts = () =>
  request(t.app)
    .post('/v1/tts')
    .set('Authorization', bearer(t.keys.live))
    .send({ text: 'مرحبا', voice: 'ar-SA-noura' });
const journalOf = async (requestId: string) =>
  (
    (await request(t.app).get('/_emulator/requests').query({ path: '/v1' })).body.requests as {
      request_id: string;
      off_contract: boolean;
      status: number;
    }[]
  ).find((e) => e.request_id === requestId);

describe('error faults with any status 400-599', () => {
  it('a 503 on tts.speak is accepted, marked off_contract and explained; two calls answer it, the third is served', async () => {
    const res = await request(t.app)
      .post('/_emulator/faults')
      .send({
        kind: 'error',
        status: 503,
        code: 'service_unavailable',
        match: { operation: 'tts.speak' },
        times: 2,
      });
    expect(res.status).toBe(201);
    expect(res.body.off_contract).toBe(true);
    expect(res.body.explanation).toContain('answer 503 service_unavailable');
    expect(res.body.explanation).toContain('the next 2 matching calls');
    expect(res.body.explanation).not.toContain('every matching call');
    expect(res.body.explanation).toContain('off contract: tts.speak does not document 503');

    for (let i = 0; i < 2; i++) {
      const answer = await tts();
      expectProblem(answer, 503, 'service_unavailable');
      expect(await journalOf(answer.headers['x-request-id'])).toMatchObject({
        status: 503,
        off_contract: true,
      });
    }
    const served = await tts();
    expect(served.status).toBe(200);
    expect(await journalOf(served.headers['x-request-id'])).toMatchObject({ off_contract: false });
  });

  it('a documented status is not off contract', async () => {
    const res = await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'error', status: 502, match: { operation: 'tts.speak' }, times: 1 });
    expect(res.body.off_contract).toBe(false);
    expect(res.body.explanation).toContain('the next matching call');
    const answer = await tts();
    expectProblem(answer, 502, 'upstream_error');
    expect(await journalOf(answer.headers['x-request-id'])).toMatchObject({ off_contract: false });
  });

  it('statuses outside 400-599 are refused', async () => {
    for (const status of [200, 399, 600]) {
      expectProblem(
        await request(t.app).post('/_emulator/faults').send({ kind: 'error', status }),
        422,
        'validation_failed',
      );
    }
  });
});

describe('STT scripts', () => {
  it('a scripted 503 is accepted, marked off_contract on the script and the journal, and not billed', async () => {
    const script = await request(t.app)
      .post('/_emulator/stt/scripts')
      .send({
        org_id: t.orgId,
        queue: 1,
        error: { status: 503, code: 'service_unavailable', detail: 'load balancer says no' },
      });
    expect(script.status).toBe(201);
    expect(script.body.off_contract).toBe(true);
    const billed = (await t.emulator.part('metering').entries({ orgId: t.orgId, status: 'billed' })).length;
    const answer = await transcribe(t.app, t.keys.live, wav(noise(1)));
    const problem = expectProblem(answer, 503, 'service_unavailable');
    expect(problem.detail).toBe('load balancer says no');
    expect(await journalOf(answer.headers['x-request-id'])).toMatchObject({
      status: 503,
      off_contract: true,
    });
    expect(await t.emulator.part('metering').entries({ orgId: t.orgId, status: 'billed' })).toHaveLength(
      billed,
    );
  });

  it("the docs' STT script example works as written", async () => {
    const readme = readFileSync(new URL('../../docs/products.md', import.meta.url), 'utf8');
    const example = /curl -s localhost:4747\/_emulator\/stt\/scripts [^\n]*\\\n\s*-d '([^']+)'/.exec(readme);
    expect(example, 'the docs/products.md example').not.toBeNull();
    const body = JSON.parse(example![1]) as { error: { status: number; code: string } };
    const created = await request(t.app)
      .post('/_emulator/stt/scripts')
      .set('Content-Type', 'application/json')
      .send(example![1]);
    expect(created.status).toBe(201);
    expectProblem(await transcribe(t.app, t.keys.live, wav(noise(1))), body.error.status, body.error.code);
  });
});

describe('job_fail uses the rule code and detail', () => {
  it('an STT job fails with the rule code, status and detail', async () => {
    await request(t.app)
      .post('/_emulator/faults')
      .send({
        kind: 'job_fail',
        code: 'engine_overloaded',
        status: 503,
        detail: 'the STT engine is overloaded',
        times: 1,
        match: { operation: 'stt.transcribe' },
      })
      .expect(201);
    const accepted = await transcribe(t.app, t.keys.live, wav(noise(3)));
    expect(accepted.status).toBe(202);
    await clock.advance(10_000);
    const job = await request(t.app)
      .get(`/v1/stt/jobs/${accepted.body.job_id as string}`)
      .set('Authorization', bearer(t.keys.live));
    expect(job.body).toMatchObject({
      status: 'failed',
      error: { code: 'engine_overloaded', status: 503, detail: 'the STT engine is overloaded' },
    });
  });

  it('a RAG indexing job fails with the rule code and detail (a catalog code keeps its status)', async () => {
    await request(t.app)
      .post('/_emulator/faults')
      .send({
        kind: 'job_fail',
        code: 'upstream_timeout',
        detail: 'the indexer timed out',
        times: 1,
        match: { operation: 'rag.uploadDocument' },
      })
      .expect(201);
    const accepted = await upload({ ...t, clock }, t.keys.live, {
      bytes: 'نص قصير للاختبار',
      name: 'note.txt',
    });
    expect(accepted.status).toBe(202);
    await clock.advance(60_000);
    const job = await request(t.app)
      .get(`/v1/rag/jobs/${accepted.body.job.job_id as string}`)
      .set('Authorization', bearer(t.keys.live));
    expect(job.body).toMatchObject({
      status: 'failed',
      error: { code: 'upstream_timeout', status: 504, detail: 'the indexer timed out' },
    });
  });
});
