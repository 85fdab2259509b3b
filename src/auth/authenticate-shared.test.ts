/**
 * Authentication with a shared store, through the OrgReplica seam: a key this instance has not heard of is
 * asked for before it is refused; a known key never waits. (test/store runs the same against real Redis.)
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { IdFactory, Random } from '../core/random.js';
import { OrgStore, type OrgReplica } from '../orgs/store.js';
import { authenticateApiKey } from './authenticate.js';

function stores() {
  const deps = {
    clock: new Clock({ mode: 'frozen', startAt: 0 }),
    ids: new IdFactory('s'),
    random: new Random('s'),
  };
  return {
    here: new OrgStore(deps),
    elsewhere: new OrgStore({ ...deps, ids: new IdFactory('other'), random: new Random('other') }),
  };
}

function replicaOf(here: OrgStore, elsewhere: OrgStore, asked: string[]): OrgReplica {
  return {
    assertWritable() {},
    orgCreated() {},
    orgUpdated() {},
    keyCreated() {},
    keyRevoked() {},
    async fetchByHash(hex) {
      asked.push(hex);
      const key = elsewhere.listKeys('org_x').find((k) => k.hash.toString('hex') === hex);
      if (key) {
        here.applyRemote({ org: elsewhere.getOrg('org_x')! });
        here.applyRemote({ key: { ...key } });
      }
    },
    async fetchKey() {},
  };
}

const request = (key: string) =>
  ({ headers: { authorization: `Bearer ${key}` }, url: '/v1/tts' }) as IncomingMessage;

describe('authentication with a shared store', () => {
  it('a key created on another instance is looked up before it is refused, then known without a lookup', async () => {
    const { here, elsewhere } = stores();
    elsewhere.createOrg({ id: 'org_x' });
    const { secret, record } = elsewhere.createKey('org_x', { environment: 'live', scopes: ['tts:speak'] });
    const asked: string[] = [];
    here.replica = replicaOf(here, elsewhere, asked);

    const first = authenticateApiKey(request(secret), here);
    expect(first).toBeInstanceOf(Promise);
    expect((await first).keyId).toBe(record.id);
    const second = authenticateApiKey(request(secret), here);
    expect(second).not.toBeInstanceOf(Promise);
    expect(asked).toHaveLength(1);
  });

  it('a key nobody has is refused 401 invalid_api_key after the lookup; without a replica there is none', async () => {
    const { here, elsewhere } = stores();
    elsewhere.createOrg({ id: 'org_x' });
    const unknown = new OrgStore({ clock: new Clock(), ids: new IdFactory('u'), random: new Random('u') });
    unknown.createOrg({ id: 'org_u' });
    const { secret } = unknown.createKey('org_u', { environment: 'test', scopes: ['tts:speak'] });
    const asked: string[] = [];
    here.replica = replicaOf(here, elsewhere, asked);
    await expect(authenticateApiKey(request(secret), here)).rejects.toMatchObject({
      code: 'invalid_api_key',
    });
    expect(asked).toHaveLength(1);

    here.replica = null;
    expect(() => authenticateApiKey(request(secret), here)).toThrow(
      expect.objectContaining({ code: 'invalid_api_key' }),
    );
  });

  it('a revocation from another instance refuses the key and tells listeners (the socket teardown hook)', () => {
    const { here } = stores();
    here.createOrg({ id: 'org_x' });
    const { secret, record } = here.createKey('org_x', { environment: 'live', scopes: ['tts:speak'] });
    const revoked: string[] = [];
    here.onEvent((e) => e.type === 'key.revoked' && revoked.push(e.key.id));
    here.applyRemote({ revoked: { keyId: record.id, at: '2030-01-01T00:00:00.000Z', reason: 'revoked' } });
    expect(revoked).toEqual([record.id]);
    expect(() => authenticateApiKey(request(secret), here)).toThrow(
      expect.objectContaining({ code: 'api_key_revoked' }),
    );
  });
});
