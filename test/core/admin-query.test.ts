/**
 * Issue 37, defect 5: an admin operation refuses a query parameter openapi/admin.yaml does not declare for it,
 * with a 422 naming the parameter and the ones that exist (before, `GET /_emulator/stt/jobs?sandbox=x` answered
 * every organization's jobs as if the filter had applied). Nothing runs: a refused reset resets nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ demoCorpus: false });
});
afterAll(() => t.emulator.close());

describe('undeclared query parameters on admin operations', () => {
  it.each([
    [
      '/_emulator/stt/jobs?sandbox=sbx_x',
      'query parameter `sandbox` is not accepted by GET /_emulator/stt/jobs (accepted: org_id)',
    ],
    [
      '/_emulator/requests?limt=5',
      'query parameter `limt` is not accepted by GET /_emulator/requests; did you mean `limit`? (accepted: org_id, key_id, path, operation_id, status, code, fault_rule, scope, sandbox, since, limit, after, wait)',
    ],
    [
      '/_emulator/orgs?sandbox=sbx_x',
      'query parameter `sandbox` is not accepted by GET /_emulator/orgs (it accepts no query parameters)',
    ],
  ])('GET %s → 422', async (url, detail) => {
    const res = await request(t.app).get(url);
    expect(expectProblem(res, 422, 'validation_failed').detail).toBe(detail);
  });

  it('a refused POST changes nothing', async () => {
    const org = await request(t.app).post('/_emulator/orgs').send({ name: 'survives' });
    expect(org.status).toBe(201);
    const res = await request(t.app).post('/_emulator/reset?org_id=x');
    expect(expectProblem(res, 422, 'validation_failed').detail).toBe(
      'query parameter `org_id` is not accepted by POST /_emulator/reset (it accepts no query parameters)',
    );
    expect((await request(t.app).get(`/_emulator/orgs/${(org.body as { id: string }).id}`)).status).toBe(200);
  });

  it('declared parameters are still accepted', async () => {
    expect((await request(t.app).get(`/_emulator/stt/jobs?org_id=${t.orgId}`)).status).toBe(200);
    expect((await request(t.app).get('/_emulator/requests?limit=5')).status).toBe(200);
    expect((await request(t.app).get('/_emulator/health?ready=1')).status).toBe(200);
  });
});
