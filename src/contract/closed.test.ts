import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { closeDocument } from './closed.js';
import type { OpenApiDocument } from './documents.js';
import { compileContract, contractCheckerFor, liveCheckers } from './emulator-contract.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/thing': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      Thing: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', properties: { name: { type: 'string' } } },
        ],
        properties: {
          nested: { type: 'object', properties: { a: { type: 'integer' } } },
          metadata: { type: 'object' },
          data: { anyOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object' }] },
          kind: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Base' }] },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

function validator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(document, 'doc');
  return ajv.compile({ $ref: 'doc#/paths/~1thing/get/responses/200/content/application~1json/schema' });
}

describe('closeDocument', () => {
  const closed = validator(closeDocument(doc));
  const open = validator(doc);

  it('refuses a field declared nowhere, at the top and inside, where the open document took it', () => {
    for (const body of [
      { id: 'x', extra: 1 },
      { id: 'x', nested: { a: 1, b: 2 } },
      { id: 'x', kind: { id: 'y', extra: true } },
    ]) {
      expect(open(body), JSON.stringify(body)).toBe(true);
      expect(closed(body), JSON.stringify(body)).toBe(false);
      expect(closed.errors?.map((e) => e.keyword)).toContain('unevaluatedProperties');
    }
  });

  it('sees the fields an allOf member and a $ref declare, and leaves free-form objects open', () => {
    expect(closed({ id: 'x', name: 'n', nested: { a: 1 }, kind: null })).toBe(true);
    expect(closed({ id: 'x', metadata: { anything: [1, { deep: true }] } })).toBe(true);
    // A branch that takes any object keeps the field open (a webhook's data given by the user).
    expect(closed({ id: 'x', data: { id: 'y', whatever: 1 } })).toBe(true);
  });

  it('changes a copy: the document the emulator validates requests with stays as it is', () => {
    const before = JSON.stringify(doc);
    closeDocument(doc);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('holds admin answers to the document: an organization sent with a field admin.yaml lacks is a violation', () => {
    const contract = compileContract();
    const checker = contractCheckerFor(contract)!;
    liveCheckers.delete(checker);
    const org = {
      id: 'org_x',
      name: 'X',
      rag_entitled: false,
      created_at: '2026-11-29T00:00:00.000Z',
      keys: [],
      credits: {
        balance: 1,
        period_grant: 1,
        granted_in_period: 1,
        consumed_in_period: 0,
        period_start: '2026-11-01T00:00:00.000Z',
        period_end: '2026-12-01T00:00:00.000Z',
      },
    };
    const answer = (body: object) =>
      checker.checkResponse(contract.admin.get('admin.getOrg'), 'GET', '/_emulator/orgs/org_x', {
        status: 200,
        contentType: 'application/json; charset=utf-8',
        headers: { 'x-request-id': 'req_1' },
        body: JSON.stringify(body),
      });
    answer(org);
    expect(checker.violations).toEqual([]);
    answer({ ...org, surprise: 1 });
    expect(
      checker.violations.map((v) => v.problem),
      JSON.stringify(checker.violations),
    ).toEqual([expect.stringMatching(/: surprise is not declared/)]);
  });
});
