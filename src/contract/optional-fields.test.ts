import { describe, expect, it } from 'vitest';
import { createValidators } from './compile.js';
import { contractSchemaTest, omitOptional, type OptionalFieldsSource } from './optional-fields.js';

const DOC_ID = 'https://svc-emulator.local/test/optional-fields.yaml';

const doc = {
  components: {
    schemas: {
      Base: { type: 'object', required: ['id'], properties: { id: {}, note: {} } },
      Item: { type: 'object', required: ['a'], properties: { a: {}, b: {} } },
      Answer: {
        allOf: [{ $ref: '#/components/schemas/Base' }],
        properties: {
          items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
          map: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Item' } },
          choice: {
            oneOf: [
              { type: 'object', required: ['x'], properties: { x: {}, y: {} } },
              { type: 'object', required: ['y'], properties: { y: {}, z: {} } },
            ],
          },
        },
        required: ['items', 'map', 'choice'],
      },
      Mode: { type: 'string', enum: ['retrieve', 'answer', 'analyze'] },
      // As RAG's search result: `answer` required in answer and analyze modes only.
      Search: {
        type: 'object',
        required: ['mode', 'results'],
        properties: {
          mode: { $ref: '#/components/schemas/Mode' },
          answer: { type: ['string', 'null'] },
          results: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
          took: { type: 'integer' },
        },
        // (The default only shows that evaluating the condition leaves the answer as it was.)
        if: {
          properties: { mode: { enum: ['answer', 'analyze'] }, took: { default: 0 } },
          required: ['mode'],
        },
        then: { required: ['answer'] },
        else: { required: ['took'] },
      },
      Dependent: {
        type: 'object',
        properties: { card: {}, billing: {}, cvc: {}, extra: {} },
        dependentRequired: { card: ['billing'] },
        dependentSchemas: { billing: { required: ['cvc'] } },
      },
      // Leaving `flag` out (optional) makes the `if` hold: its `then` must still be met by the cut answer.
      Unless: {
        type: 'object',
        properties: { flag: {}, needed: {} },
        if: { not: { required: ['flag'] } },
        then: { required: ['needed'] },
      },
    },
  },
};

const source: OptionalFieldsSource = {
  doc,
  test: contractSchemaTest(createValidators({ [DOC_ID]: doc }, { prebuilt: () => undefined }), DOC_ID),
};
const omit = (name: string, value: unknown) =>
  omitOptional(source, { $ref: `#/components/schemas/${name}` }, value);

describe('omitOptional', () => {
  it('drops what no combined schema requires, through $ref, allOf, oneOf, items and maps', () => {
    const value = {
      id: 1,
      note: 'optional',
      items: [{ a: 1, b: 2 }],
      map: { k: { a: 1, b: 2 } },
      choice: { x: 1, y: 2, z: 3 },
    };
    expect(omit('Answer', value)).toEqual({
      id: 1,
      items: [{ a: 1 }],
      map: { k: { a: 1 } },
      // x and y are each required by a branch; z by none.
      choice: { x: 1, y: 2 },
    });
  });

  it('keeps what an if/then requires when the value meets the if, and what its else requires otherwise', () => {
    const results = [{ a: 1, b: 2 }];
    for (const mode of ['answer', 'analyze'])
      expect(omit('Search', { mode, answer: 'A [1]', results, took: 3 })).toEqual({
        mode,
        answer: 'A [1]',
        results: [{ a: 1 }],
      });
    expect(omit('Search', { mode: 'answer', answer: null, results })).toEqual({
      mode: 'answer',
      answer: null,
      results: [{ a: 1 }],
    });
    // In retrieve mode `answer` is optional again: dropped when present; `else` keeps `took`.
    expect(omit('Search', { mode: 'retrieve', answer: 'A', results, took: 3 })).toEqual({
      mode: 'retrieve',
      results: [{ a: 1 }],
      took: 3,
    });
  });

  it('keeps dependentRequired and dependentSchemas requirements of the properties the value has', () => {
    // card itself is optional; billing stays because the answer had card, cvc because it has billing.
    expect(omit('Dependent', { card: 1, billing: 2, cvc: 3, extra: 4 })).toEqual({ billing: 2, cvc: 3 });
    expect(omit('Dependent', { billing: 2, cvc: 3, extra: 4 })).toEqual({ cvc: 3 });
  });

  it('keeps what a condition requires once the fields it looked at were left out', () => {
    expect(omit('Unless', { flag: true, needed: 1 })).toEqual({ needed: 1 });
  });

  it('evaluates a condition without filling in its defaults on the answer', () => {
    const value = { mode: 'answer', answer: 'x', results: [] };
    omit('Search', value);
    expect(value).toEqual({ mode: 'answer', answer: 'x', results: [] });
  });
});
