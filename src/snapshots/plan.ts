/**
 * Pass 1 of a load (decision ST-L2): the spooled document read once, member by member, every part checked
 * (validate.ts) and nothing changed. What it keeps for pass 2 is the header, the shared sections and where
 * each organization's bytes are in the file: peak memory is one member at a time, not the document.
 */
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { ApiError } from '../core/errors.js';
import { jsonPointer, type SnapshotLimits } from './format.js';
import { assertUtf8, parseMember, Yielder } from './parse.js';
import { shapeOf } from './naming.js';
import { JsonScanner } from './scanner.js';
import type { Header, StateChecker } from './validate.js';

export interface Plan {
  header: Header;
  /**
   * Each organization's entry: its id and its bytes' offsets in the file, in document order, and its sections
   * as pass 1 parsed and checked them while `keepParsedBytes` lasts (pass 2 imports them without decoding the bytes
   * again; the others are read back from the file).
   */
  orgs: { id: string; start: number; end: number; parsed?: unknown }[];
  /** Every API key the document holds (its id and hash), with where it is: ids and hashes are global. */
  keys: PlannedKey[];
}

export interface PlannedKey {
  orgId: string;
  index: number;
  id: string;
  hash: string;
}

/** The keys of one organization's sections (already schema-checked), for the load's global-id checks. */
function keysOf(orgId: string, data: unknown): PlannedKey[] {
  const keys = (data as { orgs?: { keys?: { id: string; hash: string }[] } }).orgs?.keys ?? [];
  return keys.map((k, index) => ({ orgId, index, id: k.id, hash: k.hash }));
}

/**
 * The ids the emulator addresses without their organization (the admin API's `/webhooks/deliveries/{id}` and
 * `/faults/{id}`; a job's or an endpoint's id in events and indexes that span organizations), by section and
 * list: each may appear once in the whole document.
 */
const GLOBAL_IDS = [
  { section: 'webhook_deliveries', list: 'deliveries', field: 'id', kind: 'webhook delivery' },
  { section: 'webhook_endpoints', list: 'endpoints', field: 'id', kind: 'webhook endpoint' },
  { section: 'faults', list: 'rules', field: 'id', kind: 'fault rule' },
  { section: 'stt_jobs', list: 'jobs', field: 'job_id', kind: 'STT job' },
] as const;

/**
 * Records the ids of GLOBAL_IDS in `sections` (one organization's, or the shared ones) at `base`; an id seen
 * before elsewhere in the document is refused, naming both places.
 */
function claimGlobalIds(seen: Map<string, string>, base: string[], sections: unknown): void {
  for (const { section, list, field, kind } of GLOBAL_IDS) {
    const items = (sections as Record<string, Record<string, unknown> | undefined>)[section]?.[list];
    if (!Array.isArray(items)) continue;
    for (const [index, item] of items.entries()) {
      const id = (item as Record<string, unknown>)[field];
      if (typeof id !== 'string') continue;
      const at = jsonPointer([...base, section, list, String(index), field]);
      const first = seen.get(`${kind}:${id}`);
      if (first)
        throw new ApiError(
          'invalid_state',
          `${at}: the ${kind} id ${id} is already at ${first}; a ${kind}'s id is unique across organizations`,
        );
      seen.set(`${kind}:${id}`, at);
    }
  }
}

/** A key id or hash twice in the document (in two organizations, or twice in one) is refused. */
function checkKeysUnique(keys: PlannedKey[]): void {
  const seen = new Map<string, PlannedKey>();
  for (const k of keys)
    for (const [field, value] of [
      ['id', k.id],
      ['hash', k.hash],
    ] as const) {
      const first = seen.get(`${field}:${value}`);
      if (first)
        throw new ApiError(
          'invalid_state',
          `${jsonPointer(['orgs', k.orgId, 'orgs', 'keys', String(k.index), field])}: the key ${field} is already that of /orgs/${first.orgId}/orgs/keys/${first.index}; a key's id and hash are unique across organizations`,
        );
      seen.set(`${field}:${value}`, k);
    }
}

const READ_CHUNK = 256 * 1024;

/**
 * Version 1's names (decision ST-N1): read in any document, since its version comes last, and refused once the
 * header says it is version 2 or later, naming the first one found.
 */
class Spelling {
  private first: { path: string; doc: string } | undefined;
  readonly hear = (path: string, doc: string): void => {
    this.first ??= { path, doc };
  };

  check(version: number): void {
    if (version < 2 || !this.first) return;
    const { path, doc } = this.first;
    const name = path.slice(path.lastIndexOf('/') + 1);
    throw new ApiError(
      'invalid_state',
      `${path}: is not a name of a version ${version} document; it spells it ${doc} (${name} is version 1's spelling)`,
    );
  }
}

/** One organization's sections in the document's spelling (a version 1 one's renamed, and heard). */
function orgToDocument(data: unknown, orgId: string, spelling?: Spelling): unknown {
  const at = jsonPointer(['orgs', orgId]);
  return version1Shapes(shapeOf('StateOrg').toDocument(data, at, spelling?.hear), at, spelling?.hear);
}

/**
 * The one shape version 2 changed besides names: a sandbox's options name the RAG entitlement and the tenant's
 * state as `POST /orgs` and `PUT /orgs/{id}/rag` do (`rag_entitled`, `rag: {state}`), where version 1 held
 * `rag: {entitled, tenant}`.
 */
function version1Shapes(data: unknown, at: string, hear?: (path: string, doc: string) => void): unknown {
  const sandbox = (data as { sandboxes?: { sandbox?: { options?: unknown } } } | null)?.sandboxes?.sandbox;
  const options = sandbox?.options as Record<string, unknown> | undefined;
  const rag = options?.rag as { entitled?: unknown; tenant?: unknown } | null | undefined;
  if (options && rag && typeof rag === 'object' && 'entitled' in rag && !('rag_entitled' in options)) {
    hear?.(`${at}/sandboxes/sandbox/options/rag/entitled`, 'rag_entitled, and rag.tenant as rag.state');
    options.rag_entitled = rag.entitled;
    options.rag = rag.tenant === null ? null : { state: rag.tenant };
  }
  return data;
}

/** One organization's sections as read back for pass 2: in the units' spelling, whatever the version. */
export function orgSections(data: unknown, orgId: string): Record<string, unknown> {
  return shapeOf('StateOrg').fromDocument(orgToDocument(data, orgId)) as Record<string, unknown>;
}

function twice(segments: string[]): ApiError {
  return new ApiError('invalid_state', `${jsonPointer(segments)}: appears twice in the document`);
}

export async function readPlan(file: string, checker: StateChecker, limits: SnapshotLimits): Promise<Plan> {
  const yielder = new Yielder();
  let sawOrgs = false;
  const scanner = new JsonScanner({
    maxDepth: limits.maxDepth,
    maxMemberBytes: limits.maxMemberBytes,
    checkKeys: true,
    split: (depth, path) => {
      if (depth === 1) return true;
      if (depth !== 2 || path[0] !== 'orgs') return false;
      sawOrgs = true;
      return true;
    },
  });
  const top = new Map<string, unknown>();
  const orgs: Plan['orgs'] = [];
  const keys: PlannedKey[] = [];
  const seen = new Set<string>();
  const globalIds = new Map<string, string>();
  let kept = 0;
  // An organization's problem waits for the header: a newer version or another format is the better answer.
  let orgProblem: ApiError | undefined;
  const spelling = new Spelling();
  for await (const chunk of createReadStream(file, { highWaterMark: READ_CHUNK })) {
    for (const m of scanner.push(chunk as Buffer)) {
      if (m.path.length === 2) {
        const id = m.path[1];
        if (seen.has(id)) throw twice(m.path);
        seen.add(id);
        const entry: Plan['orgs'][number] = { id, start: m.start, end: m.end };
        orgs.push(entry);
        if (orgProblem) continue;
        try {
          assertUtf8(m.bytes, m.path);
          const parsed = await parseMember(m.bytes, m.path, yielder, limits.maxDepth);
          const data = await checker.org(id, orgToDocument(parsed, id, spelling), yielder);
          keys.push(...keysOf(id, data));
          claimGlobalIds(globalIds, ['orgs', id], data);
          if (kept + m.bytes.length <= limits.keepParsedBytes) {
            kept += m.bytes.length;
            entry.parsed = data;
          }
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          orgProblem = err;
        }
      } else {
        const key = m.path[0];
        if (top.has(key)) throw twice(m.path);
        assertUtf8(m.bytes, m.path);
        const value = await parseMember(m.bytes, m.path, yielder, limits.maxDepth);
        top.set(
          key,
          key === 'shared' ? shapeOf('StateShared').toDocument(value, '/shared', spelling.hear) : value,
        );
      }
    }
    await yielder.tick();
  }
  scanner.end();
  const header = checker.header(
    Object.fromEntries(top),
    orgs.map((o) => o.id),
    sawOrgs,
  );
  spelling.check(header.version);
  if (orgProblem) throw orgProblem;
  if (header.shared)
    header.shared = shapeOf('StateShared').fromDocument(header.shared) as Record<string, unknown>;
  checker.shared(header.shared);
  claimGlobalIds(globalIds, ['shared'], header.shared ?? {});
  checkKeysUnique(keys);
  return { header, orgs, keys };
}

/** One organization's bytes, read back from the file for pass 2. */
export async function readRange(handle: FileHandle, start: number, end: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(end - start);
  let done = 0;
  while (done < bytes.length) {
    const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
    if (bytesRead === 0) throw new Error('the spooled state document is shorter than when it was read');
    done += bytesRead;
  }
  return bytes;
}
