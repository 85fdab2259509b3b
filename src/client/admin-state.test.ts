/** The client's state operations on the wire: the query, the gzip upload's encoding, and a refused load. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AdminApiError, createAdminClient } from './admin-client.js';

function recording(answer: () => Response) {
  const sent: Request[] = [];
  const client = createAdminClient({
    adminUrl: 'http://emulator.test/_emulator',
    adminToken: 'tok',
    fetch: async (request) => {
      sent.push(request);
      return answer();
    },
  });
  return { sent, client };
}

describe('admin.state', () => {
  it('sends org, sandbox and include as the query, with the admin token', async () => {
    const { sent, client } = recording(() => Response.json({ format: 'svc-emulator-state' }));
    await client.getState({ sandbox: 'sbx_a', include: ['journal', 'secrets'] });
    await client.state.bytes({ org: 'org_a' });
    expect(sent.map((r) => new URL(r.url).search)).toEqual([
      '?sandbox=sbx_a&include=journal%2Csecrets',
      '?org=org_a',
    ]);
    expect(sent[0].headers.get('x-admin-token')).toBe('tok');
  });

  it('names gzip bytes as such and sends JSON as it is', async () => {
    const answer = { scope: { kind: 'emulator' }, org_ids: [], includes: [] };
    const { sent, client } = recording(() => Response.json(answer));
    const doc = '{"format":"svc-emulator-state"}';
    expect(await client.putState(gzipSync(doc))).toEqual(answer);
    await client.putState(doc);
    expect(sent.map((r) => [r.method, r.headers.get('content-encoding')])).toEqual([
      ['PUT', 'gzip'],
      ['PUT', null],
    ]);
    expect(await sent[1].text()).toBe(doc);
  });

  it('a refused load throws the problem', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Unprocessable',
      status: 422,
      code: 'invalid_state',
      detail: '/scope/kind: bad',
    };
    const { client } = recording(() => Response.json(problem, { status: 422 }));
    const err = await client
      .putState({ format: 'svc-emulator-state', version: 1, scope: { kind: 'emulator' }, orgs: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ status: 422, code: 'invalid_state', detail: '/scope/kind: bad' });
  });
});
