/**
 * Compiles an OpenAPI 3.1 document, once at start-up, into a route table with one ajv validator per
 * operation part (JSON body, multipart fields, path parameters, query). Handlers receive input that is
 * already valid, with schema defaults applied; no rule is written a second time by hand.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { ApiError } from '../core/errors.js';
import { describeAjvError, firstMeaningfulError } from './ajv-errors.js';
import type { OpenApiDocument } from './documents.js';
import { ajvOptions } from './options.js';
import { bundledValidators, operationKey, schemaKey, type OperationPart } from './standalone.js';

/**
 * ajv and ajv-formats, loaded on the first run-time compile. The bundled CLI validates with the code generated
 * at build time (./standalone.ts) and loads them only for what has none (the contract self-check, a stale
 * build), so they stay out of the bundle and off its start-up.
 */
function loadAjv(): { Ajv2020: typeof Ajv2020; addFormats: (ajv: Ajv2020) => Ajv2020 } {
  const require = createRequire(import.meta.url);
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const formats = require('ajv-formats') as { default: (ajv: Ajv2020) => Ajv2020 };
  return { Ajv2020: Ajv, addFormats: formats.default };
}

/** `stream`: the handler reads the body itself as it arrives (`x-body-stream` in the document: PUT /state). */
export type BodyKind = 'json' | 'multipart' | 'stream' | 'none';

export interface CompiledOperation {
  operationId: string;
  method: string;
  path: string;
  regex: RegExp;
  paramNames: string[];
  /** Scopes required; `null` when the operation has no API-key security (admin). */
  scopes: string[] | null;
  websocket: boolean;
  bodyKind: BodyKind;
  bodyRequired: boolean;
  fileFields: string[];
  /** Multipart text fields holding JSON (`encoding: {field: {contentType: application/json}}`). */
  jsonFields: string[];
  validateBody?: ValidateFunction;
  validateParams?: ValidateFunction;
  validateQuery?: ValidateFunction;
  /** The query parameters the operation declares (the admin router refuses any other). */
  queryNames: string[];
  raw: Record<string, any>;
}

export type RouteMatch =
  | { kind: 'match'; operation: CompiledOperation; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Validators {
  /** For JSON bodies: no type coercion. */
  json: Ajv2020;
  /** For multipart fields, path and query parameters, which arrive as strings. */
  coercing: Ajv2020;
  /** The validator generated at build time for a key of ./standalone.ts, when there is one (bundled CLI). */
  prebuilt(key: string): ValidateFunction | undefined;
}

/**
 * The two ajv instances, each created on first use: adding the documents to one costs tens of milliseconds
 * (ajv walks them for ids and anchors), and a run that never validates a multipart field, a path or a query
 * never pays for the coercing one. Start-up pays for neither (docs/decisions.md, "Issue 15: start-up").
 */
export function createValidators(
  documents: Record<string, OpenApiDocument>,
  options: { source?: boolean; prebuilt?: (key: string) => ValidateFunction | undefined } = {},
): Validators {
  const make = (coerceTypes: boolean) => {
    const { Ajv2020: Ajv, addFormats } = loadAjv();
    // `code.source` keeps each function's source for ajv's standaloneCode (the build only).
    const ajv = new Ajv({
      ...ajvOptions(coerceTypes),
      ...(options.source ? { code: { source: true } } : {}),
    });
    addFormats(ajv);
    for (const [id, doc] of Object.entries(documents)) ajv.addSchema(doc, id);
    return ajv;
  };
  let json: Ajv2020 | undefined;
  let coercing: Ajv2020 | undefined;
  const prebuilt = options.prebuilt ?? bundledValidators(documents);
  return {
    get json() {
      return (json ??= make(false));
    },
    get coercing() {
      return (coercing ??= make(true));
    },
    prebuilt,
  };
}

export class RouteTable {
  readonly operations: CompiledOperation[];
  private readonly byId = new Map<string, CompiledOperation>();

  constructor(operations: CompiledOperation[]) {
    this.operations = operations;
    for (const op of operations) this.byId.set(op.operationId, op);
  }

  get(operationId: string): CompiledOperation | undefined {
    return this.byId.get(operationId);
  }

  /**
   * Whether the operation lists `status` among its responses (exactly, as `4XX`/`5XX`, or `default`); with no
   * operation, whether any operation of the document does.
   */
  documents(operationId: string | undefined, status: number): boolean {
    const listed = (op: CompiledOperation) => {
      const responses: Record<string, unknown> = op.raw.responses ?? {};
      return String(status) in responses || `${String(status)[0]}XX` in responses || 'default' in responses;
    };
    if (operationId === undefined) return this.operations.some(listed);
    const op = this.byId.get(operationId);
    return op !== undefined && listed(op);
  }

  match(method: string, path: string): RouteMatch {
    const allowed: string[] = [];
    for (const op of this.operations) {
      const m = op.regex.exec(path);
      if (!m) continue;
      if (op.method === method.toUpperCase() || (method.toUpperCase() === 'HEAD' && op.method === 'GET')) {
        const params: Record<string, string> = {};
        op.paramNames.forEach((name, i) => (params[name] = safeDecode(m[i + 1])));
        return { kind: 'match', operation: op, params };
      }
      allowed.push(op.method);
    }
    return allowed.length
      ? { kind: 'method_not_allowed', allowed: [...new Set(allowed)] }
      : { kind: 'not_found' };
  }

  /** A readable list of the routes, for "unknown route" problems. */
  describe(): string {
    return this.operations.map((op) => `${op.method} ${op.path}`).join(', ');
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError('validation_failed', `path segment '${segment}' is not valid percent-encoding`);
  }
}

/** A JSON pointer from path segments (`/` and `~` escaped). */
export function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Follows local `#/...` references until a real node. */
export function resolveRef(doc: OpenApiDocument, node: any): any {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((acc: any, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

export function compileDocument(
  doc: OpenApiDocument,
  docId: string,
  validators: Validators,
  options: { basePath: string },
): RouteTable {
  const operations: CompiledOperation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const paramNames: string[] = [];
      const pattern = path
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{([^}]+)\}/g, (_m, name: string) => {
          paramNames.push(name);
          return '([^/]+)';
        });
      const regex = new RegExp(`^${options.basePath.replace(/\//g, '\\/')}${pattern}\\/?$`);
      const security: Record<string, string[]>[] | undefined = raw.security ?? doc.security;
      const scopes =
        security && security.length > 0 && Object.keys(security[0]).length > 0
          ? Object.values(security[0])[0]
          : null;

      const op: CompiledOperation = {
        operationId: raw.operationId,
        method: method.toUpperCase(),
        path: options.basePath + path,
        regex,
        paramNames,
        scopes,
        websocket: Boolean(raw['x-websocket']),
        bodyKind: 'none',
        bodyRequired: false,
        fileFields: [],
        jsonFields: [],
        queryNames: [],
        raw,
      };

      const body = resolveRef(doc, raw.requestBody);
      if (body?.content && raw['x-body-stream']) {
        op.bodyKind = 'stream';
        op.bodyRequired = Boolean(body.required);
      } else if (body?.content) {
        op.bodyRequired = Boolean(body.required);
        const ref = `${docId}#${pointer('', 'paths', path, method, 'requestBody', 'content')}`;
        if (body.content['application/json']) {
          op.bodyKind = 'json';
          lazy(op, 'validateBody', validators, operationKey(docId, op.operationId, 'body'), () =>
            validators.json.compile({ $ref: `${ref}/${pointer('application/json')}/schema` }),
          );
        } else if (body.content['multipart/form-data']) {
          op.bodyKind = 'multipart';
          const schema = resolveRef(doc, body.content['multipart/form-data'].schema);
          op.fileFields = Object.entries<Record<string, any>>(schema?.properties ?? {})
            .filter(([, s]) => s.contentMediaType || s.format === 'binary')
            .map(([name]) => name);
          op.jsonFields = Object.entries<Record<string, any>>(
            body.content['multipart/form-data'].encoding ?? {},
          )
            .filter(([, e]) => /^application\/json\b/.test(e.contentType ?? ''))
            .map(([name]) => name);
          lazy(op, 'validateBody', validators, operationKey(docId, op.operationId, 'body'), () =>
            validators.coercing.compile({ $ref: `${ref}/${pointer('multipart/form-data')}/schema` }),
          );
        }
      }

      const parameters = [...(item.parameters ?? []), ...(raw.parameters ?? [])].map((p) =>
        resolveRef(doc, p),
      );
      const group = (where: string) => {
        const list = parameters.filter((p) => p.in === where);
        if (list.length === 0) return undefined;
        return () =>
          validators.coercing.compile({
            type: 'object',
            properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
            required: list.filter((p) => p.required).map((p) => p.name),
          });
      };
      op.queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name as string);
      const params = group('path');
      const query = group('query');
      if (params)
        lazy(op, 'validateParams', validators, operationKey(docId, op.operationId, 'params'), params);
      if (query) lazy(op, 'validateQuery', validators, operationKey(docId, op.operationId, 'query'), query);
      operations.push(op);
    }
  }
  // Literal paths before templated ones, so /rag/documents never matches /rag/documents/{id} wrongly.
  operations.sort((a, b) => a.paramNames.length - b.paramNames.length);
  return new RouteTable(operations);
}

/**
 * Defines a validator loaded (generated at build time) or compiled on first use and kept: start-up pays only
 * for the operations a run actually calls (compiling all of them up front cost most of the boot time).
 */
function lazy(
  op: CompiledOperation,
  property: 'validateBody' | 'validateParams' | 'validateQuery',
  validators: Validators,
  key: string,
  compile: () => ValidateFunction,
): void {
  let compiled: ValidateFunction | undefined;
  Object.defineProperty(op, property, {
    enumerable: true,
    get: () => (compiled ??= validators.prebuilt(key) ?? compile()),
  });
}

/** The parts of an operation that have a validator, with the property holding it. */
export const OPERATION_PARTS: readonly {
  part: OperationPart;
  property: 'validateBody' | 'validateParams' | 'validateQuery';
}[] = [
  { part: 'body', property: 'validateBody' },
  { part: 'params', property: 'validateParams' },
  { part: 'query', property: 'validateQuery' },
];

/** A named schema of a document, e.g. a WebSocket frame: generated at build time, else compiled. */
export function compileSchema(validators: Validators, docId: string, schemaName: string): ValidateFunction {
  return (
    validators.prebuilt(schemaKey(docId, schemaName)) ??
    validators.json.compile({ $ref: `${docId}#/components/schemas/${schemaName}` })
  );
}

/**
 * A validator compiled on its first call, for schemas most runs never use (WebSocket frames): compiling the
 * realtime frames up front was a quarter of the start-up time.
 */
export function lazyValidator(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

/** Runs a validator; on failure throws 422 `validation_failed` naming the field and the rule. */
export function assertValid(validate: ValidateFunction, data: unknown, root: string): void {
  if (validate(data)) return;
  const errors = validate.errors ?? [];
  throw new ApiError('validation_failed', describeAjvError(firstMeaningfulError(errors), root));
}
