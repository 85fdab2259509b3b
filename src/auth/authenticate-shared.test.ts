/**
 * Authentication with a shared store, through the OrgState seam: a key this instance has not heard of is
 * asked for before it is refused; a known key never waits. (test/orgs and test/store run the same against
 * real Redis.)
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { IdFactory, Random } from '../core/random.js';
import type { MaybePromise } from '../core/maybe.js';
import { MemoryOrgState } from '../orgs/memory-orgs.js';
import type { ApiKeyRecord, OrgState } from '../orgs/org-state.js';
import { OrgStore } from '../orgs/store.js';
import { authenticateApiKey } from './authenticate.js';

/** A shared store's state as the Redis implementation is one: a local copy, and a miss is asked of `elsewhere`. */
class SharedCopy implements OrgState {
  readonly name = 'orgs';
  readonly asked: string[] = [];
  /** Where another instance's changes are applied, as the Redis implementation does from their events. */
  readonly local = new MemoryOrgState();

  constructor(private readonly elsewhere: OrgStore) {}

  findKeyByHash(hex: string): MaybePromise<ApiKeyRecord | undefined> {
    const known = this.local.findKeyByHash(hex);
    if (known) return known;
    this.asked.push(hex);
    return Promise.resolve().then(() => {
      const key = this.elsewhere.listKeys('org_x').find((k) => k.hash.toString('hex') === hex);
      if (key) {
        this.local.applyOrg({ ...this.elsewhere.getOrg('org_x')! });
        this.local.applyKey({ ...key });
      }
      return this.local.findKeyByHash(hex);
    });
  }

  findKey = (keyId: string) => this.local.findKey(keyId);
  assertWritable = () => this.local.assertWritable();
  onEvent: OrgState['onEvent'] = (listener) => this.local.onEvent(listener);
  getOrg = (orgId: string) => this.local.getOrg(orgId);
  listOrgs = () => this.local.listOrgs();
  addOrg: OrgState['addOrg'] = (org) => this.local.addOrg(org);
  updateOrg: OrgState['updateOrg'] = (orgId, patch) => this.local.updateOrg(orgId, patch);
  getKey = (keyId: string) => this.local.getKey(keyId);
  listKeys = (orgId: string) => this.local.listKeys(orgId);
  addKey: OrgState['addKey'] = (key) => this.local.addKey(key);
  revokeKey: OrgState['revokeKey'] = (keyId, at, reason) => this.local.revokeKey(keyId, at, reason);
  readonly perOrg = this.local.perOrg;
  reset = () => this.local.reset();
}

const deps = () => ({
  clock: new Clock({ mode: 'frozen', startAt: 0 }),
  ids: new IdFactory('s'),
  random: new Random('s'),
});

function stores() {
  const elsewhere = new OrgStore(new MemoryOrgState(), {
    ...deps(),
    ids: new IdFactory('other'),
    random: new Random('other'),
  });
  const state = new SharedCopy(elsewhere);
  return { here: new OrgStore(state, deps()), state, elsewhere };
}

const request = (key: string) =>
  ({ headers: { authorization: `Bearer ${key}` }, url: '/v1/tts' }) as IncomingMessage;

describe('authentication with a shared store', () => {
  it('a key created on another instance is looked up before it is refused, then known without a lookup', async () => {
    const { here, state, elsewhere } = stores();
    elsewhere.createOrg({ id: 'org_x' });
    const { secret, record } = elsewhere.createKey('org_x', { environment: 'live', scopes: ['tts:speak'] });

    const first = authenticateApiKey(request(secret), here);
    expect(first).toBeInstanceOf(Promise);
    expect((await first).keyId).toBe(record.id);
    const second = authenticateApiKey(request(secret), here);
    expect(second).not.toBeInstanceOf(Promise);
    expect(state.asked).toHaveLength(1);
  });

  it('a key nobody has is refused 401 invalid_api_key after the lookup; without a shared store there is none', async () => {
    const { here, state, elsewhere } = stores();
    elsewhere.createOrg({ id: 'org_x' });
    const unknown = new OrgStore(new MemoryOrgState(), {
      clock: new Clock(),
      ids: new IdFactory('u'),
      random: new Random('u'),
    });
    unknown.createOrg({ id: 'org_u' });
    const { secret } = unknown.createKey('org_u', { environment: 'test', scopes: ['tts:speak'] });
    await expect(authenticateApiKey(request(secret), here)).rejects.toMatchObject({
      code: 'invalid_api_key',
    });
    expect(state.asked).toHaveLength(1);

    const alone = new OrgStore(new MemoryOrgState(), deps());
    expect(() => authenticateApiKey(request(secret), alone)).toThrow(
      expect.objectContaining({ code: 'invalid_api_key' }),
    );
  });

  it('a revocation from another instance refuses the key and tells listeners (the socket teardown hook)', () => {
    const { here, state } = stores();
    here.createOrg({ id: 'org_x' });
    const { secret, record } = here.createKey('org_x', { environment: 'live', scopes: ['tts:speak'] });
    const revoked: string[] = [];
    here.onEvent((e) => e.type === 'key.revoked' && revoked.push(e.key.id));
    // How the Redis implementation applies another instance's revocation to its local copy.
    state.local.revokeKey(record.id, '2030-01-01T00:00:00.000Z', 'revoked');
    expect(revoked).toEqual([record.id]);
    expect(() => authenticateApiKey(request(secret), here)).toThrow(
      expect.objectContaining({ code: 'api_key_revoked' }),
    );
  });
});
