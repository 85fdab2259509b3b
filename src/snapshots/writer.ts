/**
 * The state document, written as it is read (decision ST-W1): the header, then one organization at a time, one
 * section at a time, each written only once the previous one drained (backpressure), so a large state never
 * exists as one string. Canonical: keys sorted, compact JSON, one organization per line; the same state
 * gives the same bytes.
 */
import { ApiError } from '../core/errors.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import { storeSettled, type StateStore } from '../store/index.js';
import { canonical, type StateUnit, type StateUnits } from '../store/state-unit.js';
import {
  STATE_FORMAT,
  STATE_VERSION,
  type DocumentScope,
  type IncludeFlag,
  type SaveOptions,
} from './format.js';
import { sectionShape } from './naming.js';
import { Yielder } from './parse.js';

export interface WriterDeps {
  units: StateUnits;
  store: Pick<StateStore, 'settled'>;
  sandboxes: SandboxLookup;
}

/** The unit that holds organizations themselves: an organization exists when it holds something for it. */
function orgsUnit(units: StateUnits): StateUnit & { perOrg: NonNullable<StateUnit['perOrg']> } {
  const unit = units.list().find((u) => u.name === 'orgs');
  if (!unit?.perOrg) throw new Error('no orgs state unit');
  return unit as StateUnit & { perOrg: NonNullable<StateUnit['perOrg']> };
}

/** What a save holds: the whole state, or one organization (named, or through its sandbox). 404 when unknown. */
export async function resolveScope(deps: WriterDeps, options: SaveOptions): Promise<DocumentScope> {
  if (options.org === undefined && options.sandbox === undefined) return { kind: 'emulator' };
  let orgId = options.org;
  if (options.sandbox !== undefined) {
    const ofSandbox = await deps.sandboxes.orgOf(options.sandbox);
    if (orgId !== undefined && orgId !== ofSandbox)
      throw new ApiError(
        'validation_failed',
        `org and sandbox name different organizations (the sandbox ${options.sandbox} is ${ofSandbox}'s); give one of them`,
      );
    orgId = ofSandbox;
  }
  await storeSettled(deps.store);
  if ((await orgsUnit(deps.units).perOrg.export(orgId!)) === undefined)
    throw new ApiError('not_found', `no organization ${orgId}`);
  const sandbox = options.sandbox ?? deps.sandboxes.sandboxOf(orgId!);
  return sandbox === undefined
    ? { kind: 'organization', org_id: orgId! }
    : { kind: 'organization', org_id: orgId!, sandbox_id: sandbox };
}

export function includesOf(options: SaveOptions): IncludeFlag[] {
  const out: IncludeFlag[] = [];
  if (options.journal) out.push('journal');
  if (options.secrets) out.push('secrets');
  return out;
}

/** Writes `text`, resolving once `out` can take more (or at once when it can). */
function write(out: NodeJS.WritableStream, text: string | Buffer): Promise<void> | undefined {
  if (out.write(text)) return undefined;
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (err) reject(err instanceof Error ? err : new Error('the output failed'));
      else resolve();
    };
    const onDrain = () => done();
    const onError = (err: unknown) => done(err);
    const onClose = () => done(new Error('the output closed before the state document was written'));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

/**
 * Streams the document of `scope` into `out` (without ending it). Units with an include flag are left out
 * unless asked; an organization the `orgs` unit does not hold (only journal entries left of it) is left out,
 * since no load could put it back.
 */
export async function writeDocument(
  deps: WriterDeps,
  out: NodeJS.WritableStream,
  scope: DocumentScope,
  options: SaveOptions,
): Promise<void> {
  const includes = includesOf(options);
  const exportOptions = { secrets: options.secrets === true };
  const units = [...deps.units.list()]
    .filter((u) => !u.includeFlag || includes.includes(u.includeFlag))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const orgs = orgsUnit(deps.units);
  const yielder = new Yielder();
  // Every instance's writes issued so far are in the store before anything is read (units with writes kept
  // behind, the journal, raise their own barrier in their export).
  await storeSettled(deps.store);
  const ids = scope.kind === 'emulator' ? [...(await orgs.perOrg.ids())].sort(compare) : [scope.org_id];
  await write(
    out,
    `{"format":${JSON.stringify(STATE_FORMAT)},"includes":${JSON.stringify(includes)},"orgs":{`,
  );
  let first = true;
  for (const id of ids) {
    const org = await orgs.perOrg.export(id, exportOptions);
    if (org === undefined) continue;
    let pending = `${first ? '' : ','}\n${JSON.stringify(id)}:{`;
    first = false;
    let firstSection = true;
    for (const unit of units) {
      if (!unit.perOrg) continue;
      const data = unit === orgs ? org : await unit.perOrg.export(id, exportOptions);
      if (data === undefined) continue;
      await writeSection(
        out,
        `${pending}${firstSection ? '' : ','}${JSON.stringify(unit.name)}:`,
        sectionShape('StateOrg', unit.name).toDocument(data, ''),
        yielder,
      );
      pending = '';
      firstSection = false;
    }
    await write(out, `${pending}}`);
    await yielder.tick();
  }
  await write(out, `${first ? '' : '\n'}},"scope":${JSON.stringify(canonical(scope))},`);
  if (scope.kind === 'emulator') {
    let pending = '"shared":{';
    let firstSection = true;
    for (const unit of units) {
      const data = await unit.exportShared?.(exportOptions);
      if (data === undefined) continue;
      await writeSection(
        out,
        `${pending}${firstSection ? '' : ','}${JSON.stringify(unit.name)}:`,
        sectionShape('StateShared', unit.name).toDocument(data, ''),
        yielder,
      );
      pending = '';
      firstSection = false;
    }
    await write(out, `${pending}},`);
  }
  await write(out, `"version":${STATE_VERSION}}\n`);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Characters gathered before a write, encoded at once: fewer, larger writes (a socket given many small strings
 * spent more in `writev` than the stringifying took).
 */
const WRITE_BATCH = 256 * 1024;

/**
 * One section after `head`, as `JSON.stringify(canonical(data))` gives it, written in pieces: the members of
 * its objects and the items of its arrays down to SPLIT_DEPTH levels are made one at a time, with turns of
 * the event loop given back between them (a section of ten thousand documents is not one long block).
 */
async function writeSection(
  out: NodeJS.WritableStream,
  head: string,
  data: unknown,
  yielder: Yielder,
): Promise<void> {
  let batch = head;
  for (const piece of canonicalPieces(data, SPLIT_DEPTH)) {
    batch += piece;
    if (batch.length < WRITE_BATCH) continue;
    await write(out, Buffer.from(batch, 'utf8'));
    batch = '';
    await yielder.tick();
  }
  if (batch) await write(out, Buffer.from(batch, 'utf8'));
}

/**
 * The keys in the order `canonical` leaves them: sorted, and then as an object holds them (array-index keys
 * first, ascending), which is the order JSON.stringify writes.
 */
function canonicalKeys(value: object): string[] {
  const order: Record<string, true> = {};
  for (const key of Object.keys(value).sort(compare)) order[key] = true;
  return Object.keys(order);
}

/** How deep a section is cut into pieces: the section, its lists, their items. */
const SPLIT_DEPTH = 3;

/** The canonical JSON of `value` (keys sorted, undefined members left out) in pieces, down to `depth` levels. */
export function* canonicalPieces(value: unknown, depth: number): Generator<string> {
  if (depth === 0 || value === null || typeof value !== 'object') {
    yield JSON.stringify(canonical(value)) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item: unknown = value[i];
      if (item === undefined || typeof item === 'function') yield 'null';
      else yield* canonicalPieces(item, depth - 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of canonicalKeys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* canonicalPieces(v, depth - 1);
  }
  yield '}';
}
