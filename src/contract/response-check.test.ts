import { describe, expect, it } from 'vitest';
import { compileDocument, createValidators } from './compile.js';
import { GATEWAY_DOC_ID } from './documents.js';
import { compileContract } from './emulator-contract.js';
import { ContractChecker } from './response-check.js';

const DOC_ID = 'https://svc-emulator.local/test/response-check.yaml';

/** One operation whose 200 declares a required header of its own and an optional one. */
const doc = {
  openapi: '3.1.0',
  paths: {
    '/thing': {
      get: {
        operationId: 'thing.get',
        responses: {
          '200': {
            description: 'ok',
            headers: {
              'X-Trace': { $ref: '#/components/headers/X-Trace' },
              'X-Optional': { schema: { type: 'integer' } },
            },
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  },
  components: { headers: { 'X-Trace': { required: true, schema: { type: 'string' } } } },
};

function checker() {
  const validators = createValidators({ [DOC_ID]: doc }, { prebuilt: () => undefined });
  const routes = compileDocument(doc, DOC_ID, validators, { basePath: '' });
  const check = new ContractChecker(validators, [{ id: DOC_ID, doc, routes, prefix: '' }]);
  return { check, op: routes.operations[0] };
}

const json = (headers: Record<string, unknown>, status = 200) => ({
  status,
  contentType: 'application/json',
  headers,
  body: '{}',
});

describe('the contract self-check on response headers', () => {
  it('reports a header the document marks required, read from the document, not a fixed list', () => {
    const { check, op } = checker();
    check.checkResponse(op, 'GET', '/thing', json({ 'x-request-id': 'req_1' }));
    expect(check.violations.map((v) => v.problem)).toEqual(['missing required header X-Trace']);
    // An optional header may be absent; present, it must still match its schema.
    check.violations.length = 0;
    check.checkResponse(op, 'GET', '/thing', json({ 'x-request-id': 'req_1', 'x-trace': 't' }));
    expect(check.violations).toEqual([]);
    check.checkResponse(
      op,
      'GET',
      '/thing',
      json({ 'x-request-id': 'req_1', 'x-trace': 't', 'x-optional': 'x' }),
    );
    expect(check.violations.map((v) => v.problem)).toEqual(['header X-Optional must be an integer (got x)']);
  });

  it('holds answers whose response does not declare X-Request-Id to it (decision D14)', () => {
    const { check } = checker();
    check.checkResponse(undefined, 'GET', '/nowhere', {
      status: 404,
      contentType: 'application/problem+json',
      headers: {},
      body: undefined,
    });
    expect(check.violations.map((v) => v.problem)).toEqual(['missing X-Request-Id header']);
  });

  it('on the gateway: X-Request-Id is required on every answer, and a 429 still needs its RateLimit headers', () => {
    const contract = compileContract();
    const check = new ContractChecker(contract.validators, [
      { id: GATEWAY_DOC_ID, doc: contract.gatewayDocument, routes: contract.gateway, prefix: '/v1' },
    ]);
    const op = contract.gateway.operations.find((o) => o.operationId === 'rag.search')!;
    const problem = (status: number, headers: Record<string, unknown>) => ({
      status,
      contentType: 'application/problem+json',
      headers,
      body: undefined,
    });
    check.checkResponse(op, 'POST', '/v1/rag/search', problem(409, {}));
    expect(check.violations.map((v) => v.problem)).toEqual(['missing required header X-Request-Id']);
    check.violations.length = 0;
    check.checkResponse(op, 'POST', '/v1/rag/search', problem(429, { 'x-request-id': 'req_1' }));
    expect(check.violations.map((v) => v.problem)).toEqual([
      'missing header RateLimit-Limit on 429',
      'missing header RateLimit-Remaining on 429',
      'missing header RateLimit-Reset on 429',
      'missing header Retry-After on 429',
    ]);
  });
});
