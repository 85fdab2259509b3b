/**
 * An organization's section of a state document (issue 25), read back: the rules the schema cannot state
 * (`check`), and the records an import puts back, shared by the memory and Redis implementations.
 */
import type { StateProblem } from '../store/state-unit.js';
import type { ApiKeyRecord, OrgExport } from './org-state.js';

/**
 * What `perOrg.check` refuses in an `orgs` section the schema accepted: an organization or key of another
 * id than the entry's, a key id or secret hash twice, or a revocation with only one of its two fields.
 */
export function checkOrgSection(orgId: string, data: unknown): StateProblem | null {
  const section = data as OrgExport;
  if (section.org.id !== orgId)
    return { path: '/org/id', message: `must be the organization's id ${orgId} (got ${section.org.id})` };
  const ids = new Set<string>();
  const hashes = new Set<string>();
  for (const [i, key] of section.keys.entries()) {
    if (key.orgId !== orgId)
      return { path: `/keys/${i}/orgId`, message: `must be ${orgId}, the organization the key is under` };
    if (ids.has(key.id)) return { path: `/keys/${i}/id`, message: `key ${key.id} appears twice` };
    if (hashes.has(key.hash))
      return { path: `/keys/${i}/hash`, message: 'another key of this organization has the same hash' };
    if ((key.revokedAt === null) !== (key.revokedReason === null))
      return {
        path: `/keys/${i}/${key.revokedAt === null ? 'revokedAt' : 'revokedReason'}`,
        message: 'revokedAt and revokedReason are both null or both set',
      };
    ids.add(key.id);
    hashes.add(key.hash);
  }
  return null;
}

/** The records of an exported section, in their order (new objects: the export stays the caller's). */
export function importedKeys(section: OrgExport): ApiKeyRecord[] {
  return section.keys.map((key) => ({ ...key, scopes: [...key.scopes], hash: Buffer.from(key.hash, 'hex') }));
}
