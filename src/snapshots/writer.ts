/**
 * The state document, written as it is read (decision ST-W1): the header, then one organization at a time, one
 * section at a time, each written only once the previous one drained (backpressure), so a large state never
 * exists as one string. Canonical: keys sorted, compact JSON, one organization per line; the same state
 * gives the same bytes.
 */
import { ApiError } from '../http/errors.js';
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
function write(out: NodeJS.WritableStream, text: string): Promise<void> | undefined {
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
      await write(
        out,
        `${pending}${firstSection ? '' : ','}${JSON.stringify(unit.name)}:${JSON.stringify(canonical(data))}`,
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
      await write(
        out,
        `${pending}${firstSection ? '' : ','}${JSON.stringify(unit.name)}:${JSON.stringify(canonical(data))}`,
      );
      pending = '';
      firstSection = false;
    }
    await write(out, `${pending}},`);
  }
  await write(out, `"version":${STATE_VERSION}}\n`);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
