/**
 * The contract self-check: every response the emulator sends, and every JSON frame it sends on a
 * WebSocket, is checked against the OpenAPI documents. Off in production; the test suite turns it on
 * (SVC_EMULATOR_CONTRACT_CHECK=1) and fails the test that caused any mismatch.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { pointer, resolveRef, type CompiledOperation, type RouteTable, type Validators } from './compile.js';
import { describeAjvError } from './ajv-errors.js';
import type { OpenApiDocument } from './documents.js';

export interface ContractViolation {
  where: string;
  problem: string;
  /** The offending value and its JSON pointer in the body, when a schema rule failed. */
  value?: unknown;
  pointer?: string;
}

export interface ResponseFacts {
  status: number;
  contentType: string | undefined;
  headers: Record<string, unknown>;
  /** The body as text, when it was captured (JSON responses). */
  body: string | undefined;
  /**
   * A fault rule or an STT script chose a status the operation does not list (`off_contract` on the journal
   * entry): the status check is skipped, the body must still be a Problem.
   */
  offContract?: boolean;
}

const PROBLEM_REF = '#/components/schemas/Problem';

/** Compiled checks by reference, shared by every checker of the same validators (one per emulator in tests). */
const compiledBy = new WeakMap<Validators, Map<string, ValidateFunction>>();

/** A response's declared headers by lower-case name: the name as written and the Header Object, resolved. */
type DeclaredHeaders = Map<string, { name: string; header: any }>;

export class ContractChecker {
  private readonly cache: Map<string, ValidateFunction>;
  readonly violations: ContractViolation[] = [];
  /** Operations that answered at least once (HTTP) or opened a session (WebSocket): the coverage report. */
  readonly seen = new Set<string>();

  constructor(
    private readonly validators: Validators,
    private readonly docs: { id: string; doc: OpenApiDocument; routes: RouteTable; prefix: string }[],
  ) {
    let cache = compiledBy.get(validators);
    if (!cache) compiledBy.set(validators, (cache = new Map()));
    this.cache = cache;
  }

  private compile(ref: string): ValidateFunction {
    let v = this.cache.get(ref);
    if (!v) this.cache.set(ref, (v = this.validators.json.compile({ $ref: ref })));
    return v;
  }

  private find(op: CompiledOperation): { id: string; doc: OpenApiDocument; path: string } | undefined {
    for (const d of this.docs) {
      for (const [path, item] of Object.entries<Record<string, any>>(d.doc.paths ?? {})) {
        if (item[op.method.toLowerCase()]?.operationId === op.operationId)
          return { id: d.id, doc: d.doc, path };
      }
    }
    return undefined;
  }

  /** Checks one HTTP response of an operation (or of no operation: unknown routes must still be Problems). */
  checkResponse(op: CompiledOperation | undefined, method: string, url: string, facts: ResponseFacts): void {
    const where = `${method} ${url} → ${facts.status}`;
    const fail = (problem: string, detail?: Pick<ContractViolation, 'value' | 'pointer'>) =>
      this.violations.push({ where, problem, ...detail });
    const documented = op ? this.documented(op, facts.status) : undefined;
    const headers: DeclaredHeaders = documented ? this.declaredHeaders(documented) : new Map();
    // Decision D14, every answer carries X-Request-Id: the gateway document declares it (required) on each
    // response, checked below with the other declared headers; answers whose response does not declare it
    // (unknown routes, the admin API) are held to it here.
    if (!headers.has('x-request-id') && !facts.headers['x-request-id']) fail('missing X-Request-Id header');
    const isProblem = /^application\/problem\+json/.test(facts.contentType ?? '');
    if (facts.status >= 400 && !isProblem)
      fail(`error response with Content-Type ${facts.contentType ?? 'none'}`);
    if (isProblem && facts.body !== undefined) {
      this.validateJson(`${this.docs[0].id}${PROBLEM_REF}`, facts.body, fail);
      try {
        const body = JSON.parse(facts.body) as { request_id?: string };
        if (body.request_id !== facts.headers['x-request-id'])
          fail('problem request_id differs from X-Request-Id');
      } catch {
        /* reported by validateJson */
      }
    }
    if (!op) return;
    this.seen.add(op.operationId);
    if (!documented) return;
    const { located, responses, key } = documented;
    // 501 marks an operation the emulator does not implement yet; it is not part of the contract.
    if (!key) {
      if (facts.status !== 501 && !facts.offContract)
        fail(`status ${facts.status} is not documented for ${op.operationId}`);
      if (facts.offContract && facts.status >= 400 && facts.body !== undefined)
        this.validateJson(`${this.docs[0].id}${PROBLEM_REF}`, facts.body, fail);
      return;
    }
    for (const [lower, { name, header }] of headers) {
      const value = facts.headers[lower];
      if (value === undefined) {
        if (header?.required === true) fail(`missing required header ${name}`);
        // Spec, Errors: 429 answers carry the RateLimit headers and Retry-After.
        else if (/^(RateLimit-|Retry-After)/.test(name) && facts.status === 429)
          fail(`missing header ${name} on 429`);
        continue;
      }
      const text = Array.isArray(value)
        ? value.join(',')
        : typeof value === 'number'
          ? String(value)
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
      if (header?.schema?.type === 'integer' && !/^\d+$/.test(text))
        fail(`header ${name} must be an integer (got ${text})`);
    }
    const response = resolveRef(located.doc, responses[key]);
    const content: Record<string, any> | undefined = response.content;
    if (!content) return;
    const mediaType = (facts.contentType ?? '').split(';')[0].trim();
    if (!content[mediaType]) {
      fail(
        `Content-Type ${mediaType || 'none'} is not documented for ${op.operationId} ${key} (documented: ${Object.keys(content).join(', ')})`,
      );
      return;
    }
    if (facts.body !== undefined && /json/.test(mediaType)) {
      const ref = `${located.id}#${pointer('', 'paths', located.path, op.method.toLowerCase(), 'responses', key)}`;
      // Follow a response $ref to where its content lives.
      const target = responses[key].$ref ? `${located.id}${responses[key].$ref as string}` : ref;
      this.validateJson(`${target}/content/${pointer(mediaType)}/schema`, facts.body, fail);
    }
  }

  /** Where the documents describe an operation's answer with `status` (`key` undefined: not documented). */
  private documented(op: CompiledOperation, status: number) {
    const located = this.find(op);
    if (!located) return undefined;
    const raw = located.doc.paths[located.path][op.method.toLowerCase()];
    const responses: Record<string, any> = raw.responses ?? {};
    const key = responses[String(status)]
      ? String(status)
      : responses[`${String(status)[0]}XX`]
        ? `${String(status)[0]}XX`
        : responses.default
          ? 'default'
          : undefined;
    return { located, responses, key };
  }

  /** The headers the documented response declares, by lower-case name, resolved. */
  private declaredHeaders({
    located,
    responses,
    key,
  }: NonNullable<ReturnType<ContractChecker['documented']>>): DeclaredHeaders {
    const out: DeclaredHeaders = new Map();
    if (!key) return out;
    const response = resolveRef(located.doc, responses[key]);
    for (const [name, header] of Object.entries<any>(response?.headers ?? {}))
      out.set(name.toLowerCase(), { name, header: resolveRef(located.doc, header) });
    return out;
  }

  /** Checks a JSON frame the server sends on a WebSocket against the operation's documented server frames. */
  sessionOpened(op: CompiledOperation): void {
    this.seen.add(op.operationId);
  }

  /** Checks a JSON frame against the operation's documented server frames (or client frames, for a proxy). */
  checkFrame(op: CompiledOperation, data: string, from: 'server' | 'client' = 'server'): void {
    const located = this.find(op);
    const frames: { $ref: string }[] | undefined =
      located?.doc.paths[located.path][op.method.toLowerCase()]?.['x-websocket']?.[`${from}Frames`];
    if (!located || !frames) return;
    const errors: string[] = [];
    let value: unknown;
    for (const frame of frames) {
      const ok = this.validateJson(`${located.id}${frame.$ref}`, data, (p, detail) => {
        errors.push(p);
        value ??= detail?.value;
      });
      if (ok) return;
    }
    this.violations.push({
      where: `WebSocket ${op.path} ${from} frame`,
      problem: `${data.slice(0, 200)}: ${errors.join('; ')}`,
      value,
    });
  }

  private validateJson(
    ref: string,
    text: string,
    fail: (p: string, detail?: Pick<ContractViolation, 'value' | 'pointer'>) => void,
  ): boolean {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      fail(`body is not JSON: ${text.slice(0, 80)}`);
      return false;
    }
    const validate = this.compile(ref);
    // Schema defaults must not be written into the checked copy: validate a clone.
    if (validate(structuredClone(data))) return true;
    const error = validate.errors![0];
    fail(`body does not match ${ref.split('#')[1]}: ${describeAjvError(error, 'body')}`, {
      value: offendingValue(error),
      pointer: error.instancePath,
    });
    return false;
  }
}

/** What broke a rule: nothing for a missing field, the name of an undocumented one, else the value itself. */
export function offendingValue(error: ErrorObject): unknown {
  if (error.keyword === 'required') return null;
  if (error.keyword === 'additionalProperties')
    return (error.params as { additionalProperty?: string }).additionalProperty ?? null;
  if (error.keyword === 'unevaluatedProperties')
    return (error.params as { unevaluatedProperty?: string }).unevaluatedProperty ?? null;
  return error.data;
}
