import type { RedisStore } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import {
  KEY_FIND,
  KEY_PUT_NEW,
  KEY_REVOKE,
  ORGS_DROP,
  ORG_IMPORT,
  ORG_PUT_NEW,
  ORG_REMOVE,
  ORG_UPDATE,
  type OrgScripts,
} from './redis-org-scripts.js';

/** The connection, with this part's scripts defined on it. */
export function orgScripts(store: RedisStore): RedisStore['redis'] & OrgScripts {
  const redis = store.redis;
  defineOnce(redis, 'svcOrgPutNew', 2, ORG_PUT_NEW);
  defineOnce(redis, 'svcOrgUpdate', 1, ORG_UPDATE);
  defineOnce(redis, 'svcKeyPutNew', 3, KEY_PUT_NEW);
  defineOnce(redis, 'svcKeyRevoke', 1, KEY_REVOKE);
  defineOnce(redis, 'svcKeyFind', 2, KEY_FIND);
  defineOnce(redis, 'svcOrgsDrop', 4, ORGS_DROP);
  defineOnce(redis, 'svcOrgRemove', 5, ORG_REMOVE);
  defineOnce(redis, 'svcOrgImport', 4, ORG_IMPORT);
  return redis as RedisStore['redis'] & OrgScripts;
}

/** The Redis keys of a generation. */
export function orgKeys(store: RedisStore, gen: number) {
  const key = (name: string) => store.scopedKey(name, gen);
  const orgPrefix = key('org:');
  return {
    orgs: key('orgs'),
    keyhash: key('keyhash'),
    keyorg: key('keyorg'),
    removed: key('orgs:removed'),
    orgPrefix,
    org: (id: string) => orgPrefix + id,
  };
}
