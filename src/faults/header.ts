/**
 * Per-request faults (`--fault-header`): `X-Emulator-Fault: <kind>; name=value; …` on a /v1 request (on a
 * WebSocket upgrade also `?_emulator_fault=<urlencoded value>`). The value becomes a FaultRuleInput, checked
 * by the same compiled schema as `POST /_emulator/faults`, and rides on the request to `FaultStore.take`
 * (FaultTarget.requestRule): nothing is stored, no id is drawn.
 */
import type { IncomingMessage } from 'node:http';
import type { ValidateFunction } from 'ajv';
import { assertValid } from '../contract/compile.js';
import type { Contract } from '../contract/emulator-contract.js';
import { ApiError } from '../core/errors.js';
import { kindApplies, kindNeeds, operationShapes } from './applicability.js';
import { KIND_CHANNEL, type FaultKind } from './kinds.js';
import type { FaultRule, FaultRuleInput, FaultStore } from './store.js';

export const FAULT_HEADER = 'x-emulator-fault';
export const FAULT_QUERY = '_emulator_fault';
/** Longer than any sensible rule; checked before any parsing. */
export const FAULT_HEADER_MAX = 2048;
/** Fields that choose which requests a stored rule hits, or how often: meaningless for one request. */
const REFUSED = ['match', 'times', 'probability', 'active_from', 'active_until', 'ttl_seconds'];
const NUMBER = /^-?\d{1,15}(?:\.\d{1,15})?$/;

const RULE = Symbol('requestFaultRule');

/** The per-request rule a request carries (undefined: none, or the option is off). */
export function requestFaultRule(req: IncomingMessage): FaultRule | undefined {
  return (req as any)[RULE];
}

function refuse(detail: string): never {
  throw new ApiError('invalid_fault_header', detail);
}

/** Splits `<kind>; a=1; b="x y"` in one pass (no regex over the whole value: linear on hostile input). */
export function splitFaultHeader(value: string): { kind: string; params: [string, string][] } {
  if (value.length > FAULT_HEADER_MAX)
    refuse(`X-Emulator-Fault must be at most ${FAULT_HEADER_MAX} characters (got ${value.length})`);
  const parts = value.split(';');
  const kind = parts[0].trim();
  const params: [string, string][] = [];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i].trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) refuse(`X-Emulator-Fault parameter '${part.slice(0, 40)}' must be name=value`);
    let v = part.slice(eq + 1).trim();
    if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    params.push([part.slice(0, eq).trim(), v]);
  }
  return { kind, params };
}

export interface FaultHeaderParser {
  /**
   * Parses and validates a header value; throws 422 `invalid_fault_header`, also for a kind that cannot act
   * on `operationId` (the request's operation, when known: not in proxy mode, not for an unknown route).
   */
  parse(value: string, operationId?: string): FaultRule;
  /** Reads the header (and, for a WebSocket upgrade, the query parameter, which it removes from req.url). */
  attach(req: IncomingMessage, websocket: boolean, operationId?: string): void;
}

export function createFaultHeaderParser(contract: Contract, faults: FaultStore): FaultHeaderParser {
  const props: Record<string, { type?: string }> =
    contract.adminDocument.components?.schemas?.FaultRuleInput?.properties ?? {};
  const validate = contract.admin.operations.find((o) => o.operationId === 'admin.addFault')
    ?.validateBody as ValidateFunction;

  function convert(name: string, raw: string): unknown {
    const type = props[name]?.type;
    if (type === 'integer' || type === 'number') {
      if (!NUMBER.test(raw))
        refuse(`X-Emulator-Fault \`${name}\` must be a number (got '${raw.slice(0, 40)}')`);
      return Number(raw);
    }
    if (type === 'object') {
      try {
        return JSON.parse(raw);
      } catch {
        refuse(`X-Emulator-Fault \`${name}\` must be a JSON object (got '${raw.slice(0, 40)}')`);
      }
    }
    return raw;
  }

  const operations = operationShapes(contract.gatewayDocument);

  function parse(value: string, operationId?: string): FaultRule {
    const { kind, params } = splitFaultHeader(value);
    if (kind === '' || kind.includes('='))
      refuse('X-Emulator-Fault must start with the fault kind, e.g. `error; status=502`');
    const input: Record<string, unknown> = { kind };
    for (const [name, raw] of params) {
      if (REFUSED.includes(name))
        refuse(`X-Emulator-Fault \`${name}\` is not allowed: the header applies to this one request only`);
      if (name === 'kind' || !Object.hasOwn(props, name))
        refuse(
          `X-Emulator-Fault has an unknown parameter \`${name.slice(0, 40)}\`; known: ${Object.keys(props)
            .filter((p) => p !== 'kind' && !REFUSED.includes(p))
            .join(', ')}`,
        );
      if (Object.hasOwn(input, name)) refuse(`X-Emulator-Fault gives \`${name}\` twice`);
      input[name] = convert(name, raw);
    }
    try {
      assertValid(validate, input, 'X-Emulator-Fault');
    } catch (err) {
      if (err instanceof ApiError) refuse(err.detail ?? err.message);
      throw err;
    }
    // A delivery is not a request: webhook kinds need a stored rule (POST /_emulator/faults) to match it.
    if (KIND_CHANNEL[kind as FaultKind] === 'webhook')
      refuse(
        `X-Emulator-Fault \`${kind}\` acts on webhook deliveries, which carry no request header; add it as a rule with POST /_emulator/faults`,
      );
    const op = operations.find((o) => o.operationId === operationId);
    if (op && !kindApplies(kind as FaultKind, op))
      refuse(
        `X-Emulator-Fault \`${kind}\` cannot apply to ${op.operationId} (${op.method} ${op.path}): ${kindNeeds(kind as FaultKind)}`,
      );
    return faults.requestRule(input as unknown as FaultRuleInput);
  }

  return {
    parse,
    attach(req, websocket, operationId) {
      let value = req.headers[FAULT_HEADER];
      if (websocket && req.url?.includes(FAULT_QUERY)) {
        const [path, query] = splitUrl(req.url);
        const search = new URLSearchParams(query);
        const fromQuery = search.get(FAULT_QUERY);
        search.delete(FAULT_QUERY);
        const rest = search.toString();
        req.url = rest ? `${path}?${rest}` : path;
        if (fromQuery !== null && value === undefined) value = fromQuery;
      }
      if (value === undefined) return;
      if (Array.isArray(value)) value = value.join(', ');
      (req as any)[RULE] = parse(value, operationId);
    },
  };
}

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q < 0 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}
