/**
 * Contract checks of proxied traffic, with the compiled contract the emulator already has: requests with
 * the operations' own validators, responses and frames with the ContractChecker of the self-check. Each
 * violation names where it is, the rule broken and the offending value.
 */
import type { ValidateFunction } from 'ajv';
import type { CompiledOperation } from '../contract/compile.js';
import { describeAjvError } from '../contract/ajv-errors.js';
import {
  ContractChecker,
  offendingValue,
  type ContractViolation,
  type ResponseFacts,
} from '../contract/response-check.js';
import { GATEWAY_DOC_ID } from '../contract/documents.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { ContractViolation as Violation } from '../contract/admin-types.js';

/** Where an exchange broke openapi/gateway.yaml, as the journal shows it (`ContractViolation`). */
export type { Violation };

export class ProxyContract {
  private readonly checker: ContractChecker;

  constructor(contract: Contract) {
    this.checker = new ContractChecker(contract.validators, [
      { id: GATEWAY_DOC_ID, doc: contract.gatewayDocument, routes: contract.gateway, prefix: '/v1' },
    ]);
  }

  /** The request as the caller sent it: path and query parameters, and the JSON body or multipart fields. */
  checkRequest(
    op: CompiledOperation | undefined,
    input: {
      params: Record<string, string>;
      query: Record<string, unknown>;
      body?: unknown;
      bodyError?: string;
    },
  ): Violation[] {
    if (!op) return [];
    const found: Violation[] = [];
    const check = (validate: ValidateFunction | undefined, data: unknown, where: string) => {
      if (!validate || validate(structuredClone(data))) return;
      const error = validate.errors![0];
      found.push({
        where: `request ${where}${error.instancePath}`,
        rule: describeAjvError(error, where),
        value: compact(offendingValue(error)),
      });
    };
    check(op.validateParams, input.params, 'path');
    check(op.validateQuery, input.query, 'query');
    if (input.bodyError) found.push({ where: 'request body', rule: input.bodyError, value: null });
    else if (op.bodyKind !== 'none' && input.body !== undefined) check(op.validateBody, input.body, 'body');
    return found;
  }

  checkResponse(
    op: CompiledOperation | undefined,
    method: string,
    path: string,
    facts: ResponseFacts,
  ): Violation[] {
    this.checker.checkResponse(op, method, path, facts);
    return this.drain((v) =>
      v.pointer !== undefined ? `response body${v.pointer}` : `response ${facts.status}`,
    );
  }

  checkFrame(
    op: CompiledOperation | undefined,
    data: string,
    from: 'server' | 'client',
    index: number,
  ): Violation[] {
    if (!op) return [];
    this.checker.checkFrame(op, data, from);
    return this.drain(() => `${from} frame ${index}`);
  }

  /** The checker reports into its own list; each check is synchronous, so what is there now is this check's. */
  private drain(where: (v: ContractViolation) => string): Violation[] {
    return this.checker.violations
      .splice(0)
      .map((v) => ({ where: where(v), rule: v.problem, value: compact(v.value) }));
  }
}

/** Values kept on a journal entry stay small: a large one is described, not copied. */
const VALUE_LIMIT_CHARS = 500;

function compact(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text !== undefined && text.length > VALUE_LIMIT_CHARS
    ? `${text.slice(0, VALUE_LIMIT_CHARS)}… (${text.length} characters)`
    : value;
}
