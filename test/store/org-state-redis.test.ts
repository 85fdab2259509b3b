/**
 * One organization reset through the emulator's state units with two in-process instances over one Redis
 * (issue 23 item 2): the STT and RAG jobs another instance accepted go for both, with their due work in the
 * shared queue; another organization's jobs and due work stay.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import type { RedisStore } from '../../src/store/redis-store.js';
import { bearer, createKey, createOrg } from '../support/emulator.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { noise, transcribe, wav } from '../stt/support.js';

let redis: TestRedis;
let a: Emulator;
let b: Emulator;

async function start(id: string): Promise<Emulator> {
  const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  return createEmulator(
    {
      store: redis.url,
      instanceId: id,
      demoCorpus: false,
      workers: 0,
      logLevel: 'silent',
      stt: { syncMaxSeconds: 2 },
    },
    { clock },
  );
}

beforeAll(async () => {
  redis = await startRedis();
  a = await start('org-a');
  b = await start('org-b');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

const dueWork = () => (b.store as RedisStore).redis.hkeys('svc-emulator:work:items');

describe('one organization reset over one Redis', () => {
  it('jobs accepted on B go for both instances with their due work when A resets their organization', async () => {
    const org = await createOrg(a.app, { name: 'Sandbox', rag_entitled: true });
    const key = await createKey(a.app, org.id, { scopes: ['stt:transcribe', 'rag:query'] });
    await request(a.app).put(`/_emulator/orgs/${org.id}/rag`).send({ state: 'ready' }).expect(200);

    const job = await transcribe(b.app, key.key, wav(noise(3)));
    expect(job.status).toBe(202);
    const other = await transcribe(b.app, b.demo.keys.live, wav(noise(3)));
    expect(other.status).toBe(202);
    const upload = await request(b.app)
      .post('/v1/rag/documents')
      .set('Authorization', bearer(key.key))
      .field('title', 'notes')
      .attach('file', Buffer.from('The zorvane gateway restarts nightly.'), 'notes.txt');
    expect(upload.status).toBe(202);
    const [sttItem, otherItem, ragItem] = [
      `stt.job/${job.body.job_id}`,
      `stt.job/${other.body.job_id}`,
      `rag.index/${upload.body.job.job_id}`,
    ];
    expect(await dueWork()).toEqual(expect.arrayContaining([sttItem, otherItem, ragItem]));
    for (const on of [a, b])
      expect(Object.keys(await on.state.exportOrg(org.id)).sort()).toEqual(
        expect.arrayContaining(['rag', 'stt_jobs']),
      );

    await a.state.resetOrg(org.id);
    const left = await dueWork();
    expect(left).toContain(otherItem);
    expect(left).not.toContain(sttItem);
    expect(left).not.toContain(ragItem);
    for (const on of [a, b]) {
      const exported = await on.state.exportOrg(org.id);
      expect(exported['stt_jobs']).toBeUndefined();
      expect(exported.rag).toBeUndefined();
      expect(await on.state.orgIds()).toContain(b.demo.orgId);
    }
    expect((await b.state.exportOrg(b.demo.orgId))['stt_jobs']).toMatchObject({
      jobs: expect.arrayContaining([expect.objectContaining({ job_id: other.body.job_id })]),
    });
  });
});
