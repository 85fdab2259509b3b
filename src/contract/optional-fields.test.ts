import { describe, expect, it } from 'vitest';
import { omitOptional } from './optional-fields.js';

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
    },
  },
};

describe('omitOptional', () => {
  it('drops what no combined schema requires, through $ref, allOf, oneOf, items and maps', () => {
    const value = {
      id: 1,
      note: 'optional',
      items: [{ a: 1, b: 2 }],
      map: { k: { a: 1, b: 2 } },
      choice: { x: 1, y: 2, z: 3 },
    };
    expect(omitOptional(doc, { $ref: '#/components/schemas/Answer' }, value)).toEqual({
      id: 1,
      items: [{ a: 1 }],
      map: { k: { a: 1 } },
      // x and y are each required by a branch; z by none.
      choice: { x: 1, y: 2 },
    });
  });
});
