import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';

describe('GET /_emulator/report: fault survival', () => {
  let t: TestEmulator;
  beforeEach(async () => {
    t = await buildEmulator({ seed: 'survival-tests' });
  });
  afterEach(() => t.emulator.close());

  const mint = (scope: string) =>
    request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${t.keys.test}`)
      .set('X-Emulator-Scope', scope)
      .send({ scopes: ['tts:speak'] });
  const addFault = async (body: object) =>
    (await request(t.app).post('/_emulator/faults').send(body)).body as { id: string };

  it('marks a fault survived when a later call of the same operation succeeds, and not otherwise', async () => {
    const html = await addFault({ kind: 'html_error', times: 1, match: { scope: 'robust' } });
    const cut = await addFault({ kind: 'empty_body', times: 1, match: { scope: 'fragile' } });
    const faulted = await mint('robust');
    expect(faulted.status).toBe(502);
    const retry = await mint('robust');
    expect(retry.status).toBe(201);
    const broken = await mint('fragile');
    expect(broken.text).toBe('');

    const report = await request(t.app).get('/_emulator/report');
    expect(report.status).toBe(200);
    const group = (scope: string) => report.body.groups.find((g: any) => g.group.scope === scope);
    expect(group('robust').faults).toEqual([
      {
        request_id: faulted.headers['x-request-id'],
        operation_id: 'auth.createWsToken',
        kind: 'html_error',
        rule_id: html.id,
        off_contract: true,
        survived: true,
        recovered_by: retry.headers['x-request-id'],
      },
    ]);
    expect(group('fragile').faults).toMatchObject([
      {
        request_id: broken.headers['x-request-id'],
        kind: 'empty_body',
        rule_id: cut.id,
        survived: false,
        recovered_by: null,
      },
    ]);
    expect(report.body.summary).toMatchObject({ faults: 2, faults_survived: 1 });
  });
});
