/**
 * What a state document must satisfy before anything is loaded (decision ST-L5), in the order a problem is
 * reported: the format and version, the header and shared sections against the schema in openapi/admin.yaml
 * (`StateDocument`), the scope's rules, each organization against `StateOrg`, the cross-unit rule (an entry's
 * key is its `orgs.org.id`), then each unit's own `check`/`checkShared`. The first problem is a 422 naming
 * the JSON pointer of the field and the rule.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { compileSchema, type Validators } from '../contract/compile.js';
import { describeAjvError, firstMeaningfulError } from '../contract/ajv-errors.js';
import { ADMIN_DOC_ID, loadDocuments } from '../contract/documents.js';
import { ApiError } from '../core/errors.js';
import { shapeOf, snakeCase } from './naming.js';
import type { Yielder } from './parse.js';
import type { StateUnits } from '../store/state-unit.js';
import {
  jsonPointer,
  LOADABLE_VERSIONS,
  STATE_FORMAT,
  type DocumentScope,
  type IncludeFlag,
} from './format.js';

export interface Header {
  version: number;
  scope: DocumentScope;
  includes: IncludeFlag[];
  shared: Record<string, unknown> | undefined;
}

/**
 * Validators compiled once per process (per `Validators`, which the contract compiles once): every emulator
 * has its own StateChecker, and ajv keeps whatever it compiled for good, so compiling per checker grew the
 * heap of a process that makes many emulators (a test run) by every load's schemas.
 */
const compiledFor = new WeakMap<Validators, Map<string, ValidateFunction>>();

function once(validators: Validators, key: string, compile: () => ValidateFunction): ValidateFunction {
  let compiled = compiledFor.get(validators);
  if (!compiled) compiledFor.set(validators, (compiled = new Map()));
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = compile()));
  return validate;
}

/** A unit's pointer inside its section (`/keys/0/orgId`) as the document spells it (`/keys/0/org_id`). */
const documentPath = (path: string): string =>
  path
    .split('/')
    .map((s) => (/^[a-z][a-zA-Z0-9]*$/.test(s) ? snakeCase(s) : s))
    .join('/');

const ORG_ID_RULE = 'org_ followed by 1 to 64 letters, digits, _ or -';

function invalid(segments: readonly (string | number)[], message: string): ApiError {
  return new ApiError('invalid_state', `${jsonPointer(segments) || '/'}: ${message}`);
}

function show(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value).slice(0, 60);
}

/** The JSON pointer ajv's error is about (the missing or unknown field itself, not its parent). */
function errorPointer(base: readonly string[], err: ErrorObject): string {
  const extra =
    err.keyword === 'required'
      ? [String(err.params.missingProperty)]
      : err.keyword === 'additionalProperties'
        ? [String(err.params.additionalProperty)]
        : err.keyword === 'propertyNames'
          ? [String(err.params.propertyName)]
          : [];
  return jsonPointer([...base]) + err.instancePath + jsonPointer(extra);
}

export class StateChecker {
  private documentSchema: ValidateFunction | undefined;
  private readonly sectionSchemas = new Map<string, ValidateFunction | undefined>();
  private orgProperties: Record<string, unknown> | undefined;
  private orgIdSchema: ValidateFunction | undefined;

  constructor(
    private readonly validators: Validators,
    private readonly units: StateUnits,
  ) {}

  private schemaCheck(validate: ValidateFunction, data: unknown, base: readonly string[]): void {
    if (validate(data)) return;
    const err = firstMeaningfulError(validate.errors ?? []);
    throw new ApiError(
      'invalid_state',
      `${errorPointer(base, err) || '/'}: ${describeAjvError(err, base.at(-1) ?? 'document')}`,
    );
  }

  /**
   * The document's top-level members (all but `orgs`), and the organization ids it holds in document order.
   * Returns what the load needs; throws the first problem.
   */
  header(top: Record<string, unknown>, orgIds: readonly string[], sawOrgs: boolean): Header {
    if (top.format !== STATE_FORMAT)
      throw invalid(
        ['format'],
        `must be '${STATE_FORMAT}' (got ${show(top.format)}): this is not an svc-emulator state document`,
      );
    const version = top.version;
    if (!Number.isInteger(version))
      throw invalid(['version'], `must be an integer, the format's version (got ${show(version)})`);
    if ((version as number) < LOADABLE_VERSIONS.min || (version as number) > LOADABLE_VERSIONS.max)
      throw new ApiError(
        'unsupported_state_version',
        `/version: the document is version ${String(version)}; this emulator loads versions ${LOADABLE_VERSIONS.min} to ${LOADABLE_VERSIONS.max}${(version as number) > LOADABLE_VERSIONS.max ? ' (a newer emulator wrote it)' : ''}`,
      );
    this.documentSchema ??= once(this.validators, 'StateDocument', () =>
      compileSchema(this.validators, ADMIN_DOC_ID, 'StateDocument'),
    );
    // `orgs` is checked organization by organization; an `orgs` that is no object stays for the schema to refuse.
    this.schemaCheck(this.documentSchema, sawOrgs ? { ...top, orgs: {} } : top, []);
    const scope = top.scope as DocumentScope;
    const shared = top.shared as Record<string, unknown> | undefined;
    if (scope.kind === 'organization') {
      if (scope.org_id === undefined)
        throw invalid(['scope', 'org_id'], 'is required when scope.kind is organization');
      if (shared !== undefined)
        throw invalid(
          ['shared'],
          'must be absent from an organization document (it holds one organization only)',
        );
      const other = orgIds.find((id) => id !== scope.org_id);
      if (other !== undefined || orgIds.length !== 1)
        throw invalid(
          other === undefined ? ['orgs'] : ['orgs', other],
          `an organization document holds exactly the organization scope.org_id names (${scope.org_id})`,
        );
    } else if ('org_id' in scope || 'sandbox_id' in scope) {
      throw invalid(['scope'], 'org_id and sandbox_id belong to scope.kind organization only');
    }
    return {
      version: version as number,
      scope,
      includes: (top.includes as IncludeFlag[] | undefined) ?? [],
      shared,
    };
  }

  /**
   * Each shared section's unit check (after the organizations: the document's order), on the sections in the
   * units' spelling (`fromDocument`).
   */
  shared(shared: Record<string, unknown> | undefined): void {
    for (const [name, data] of Object.entries(shared ?? {})) {
      const unit = this.units.list().find((u) => u.name === name);
      if (!unit?.importShared)
        throw invalid(['shared', name], `this emulator cannot load the ${name} section`);
      const problem = unit.checkShared?.(data);
      if (problem)
        throw new ApiError(
          'invalid_state',
          `${jsonPointer(['shared', name])}${documentPath(problem.path)}: ${problem.message}`,
        );
    }
  }

  /**
   * One section's schema (`StateOrg<Unit>`), compiled on first use. Each is compiled on its own turn of the
   * event loop (ST-L4): compiling `StateOrg` whole held the loop for a second on a busy machine.
   */
  private async sectionSchema(name: string, yielder: Yielder): Promise<ValidateFunction | undefined> {
    if (this.sectionSchemas.has(name)) return this.sectionSchemas.get(name);
    await yielder.turn();
    let validate: ValidateFunction | undefined;
    const schema = `StateOrg${name.replace(/(^|_)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`;
    if (name in this.sectionNames())
      validate = once(this.validators, schema, () => compileSchema(this.validators, ADMIN_DOC_ID, schema));
    this.sectionSchemas.set(name, validate);
    await yielder.turn();
    return validate;
  }

  /** The section names `StateOrg` lists (its properties), read from the document, not compiled. */
  private sectionNames(): Record<string, unknown> {
    const schemas = loadDocuments().admin.components?.schemas as Record<string, { properties?: object }>;
    this.orgProperties ??= (schemas.StateOrg.properties ?? {}) as Record<string, unknown>;
    return this.orgProperties;
  }

  /**
   * One organization's sections, parsed and in the document's spelling: the schema (`StateOrg`, section by
   * section), the cross-unit rule, then each unit's check. Returns the sections in the units' spelling.
   */
  async org(orgId: string, data: unknown, yielder: Yielder): Promise<Record<string, unknown>> {
    const base = ['orgs', orgId];
    // The keys of `orgs` (StateDocument's propertyNames), checked here as the header's check sees none of them.
    // A named schema, so the bundle's prebuilt validator serves (no ajv instance made on the first load).
    this.orgIdSchema ??= once(this.validators, 'StateOrgKey', () =>
      compileSchema(this.validators, ADMIN_DOC_ID, 'StateOrgKey'),
    );
    if (!this.orgIdSchema(orgId))
      throw invalid(base, `is not an organization id: an entry's key must match ${ORG_ID_RULE}`);
    // StateOrg's own rules (an object, `orgs` required, no other names than its sections), then each section.
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw invalid(base, `must be an object, the organization's sections by unit name (got ${show(data)})`);
    for (const name of Object.keys(data))
      if (!(name in this.sectionNames()))
        throw invalid(
          [...base, name],
          `is not a section of an organization (${Object.keys(this.sectionNames()).join(', ')})`,
        );
    if (!('orgs' in data))
      throw invalid([...base, 'orgs'], 'is required: every organization has its orgs section');
    for (const [name, section] of Object.entries(data)) {
      const validate = await this.sectionSchema(name, yielder);
      if (validate) this.schemaCheck(validate, section, [...base, name]);
      await yielder.tick();
    }
    const sections = shapeOf('StateOrg').fromDocument(data) as Record<string, unknown>;
    const org = (sections.orgs as { org?: { id?: unknown } } | undefined)?.org;
    if (org?.id !== orgId)
      throw invalid(
        [...base, 'orgs', 'org', 'id'],
        `must be the organization's own id, the key of its entry in orgs ('${orgId}'; got ${show(org?.id)})`,
      );
    for (const [name, section] of Object.entries(sections)) {
      const unit = this.units.list().find((u) => u.name === name);
      if (!unit?.perOrg?.import)
        throw invalid([...base, name], `this emulator cannot load the ${name} section`);
      await yielder.tick();
      const problem = unit.perOrg.check?.(orgId, section);
      if (problem)
        throw new ApiError(
          'invalid_state',
          `${jsonPointer([...base, name])}${documentPath(problem.path)}: ${problem.message}`,
        );
    }
    return sections;
  }
}
