/** At most 10,000 sandboxes per emulator (decision SB7): the next create is 409 `sandbox_limit`, changing nothing. */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_LIMIT } from '../../src/sandboxes/index.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ seed: 'sandbox-limit', demoCorpus: false, workers: 0 });
});
afterAll(() => t.emulator.close());

it('refuses the sandbox past 10,000 with 409 sandbox_limit, and takes one again after a delete', async () => {
  expect(SANDBOX_LIMIT).toBe(10_000);
  // All but the last through the library (the same service as the admin API), to keep the test short.
  for (let i = 0; i < SANDBOX_LIMIT - 1; i++)
    await t.emulator.part('sandboxes').create({ rag_entitled: false });
  const last = await request(t.app).post('/_emulator/sandboxes').send({});
  expect(last.status, last.text).toBe(201);

  const orgsBefore = (await request(t.app).get('/_emulator/orgs')).body.organizations.length;
  const refused = await request(t.app).post('/_emulator/sandboxes').send({ name: 'one too many' });
  expect(expectProblem(refused, 409, 'sandbox_limit').detail).toContain('10000');
  expect((await request(t.app).get('/_emulator/orgs')).body.organizations).toHaveLength(orgsBefore);
  expect(t.emulator.part('sandboxes').list()).toHaveLength(SANDBOX_LIMIT);

  expect((await request(t.app).delete(`/_emulator/sandboxes/${last.body.id}`)).status).toBe(204);
  expect((await request(t.app).post('/_emulator/sandboxes').send({})).status).toBe(201);
}, 60_000);
