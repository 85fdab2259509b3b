import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { describeAjvError, fieldName, firstMeaningfulError } from './ajv-errors.js';
import { createValidators } from './compile.js';

// The ajv instance the emulator validates JSON bodies with (verbose, formats, no coercion).
const ajv = createValidators({}).json;

function errorsOf(schema: object, data: unknown): ErrorObject[] {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  return validate.errors ?? [];
}

function describeFirst(schema: object, data: unknown, root = 'body'): string {
  return describeAjvError(firstMeaningfulError(errorsOf(schema, data)), root);
}

describe('fieldName', () => {
  it.each([
    ['', 'body', 'body'],
    ['/text', 'body', 'text'],
    ['/document_ids/0', 'body', 'document_ids[0]'],
    ['/metadata_filters/a~1b/c~0d', 'body', 'metadata_filters.a/b.c~d'],
    ['/segments/2/words/10', 'body', 'segments[2].words[10]'],
    ['/0', 'body', 'body[0]'],
    ['/0/name', 'config', 'config[0].name'],
  ])('%s under %s → %s', (path, root, expected) => {
    expect(fieldName(path, root)).toBe(expected);
  });
});

describe('describeAjvError names the field and the rule', () => {
  const object = (properties: object, extra: object = {}) => ({ type: 'object', properties, ...extra });

  it.each<[string, object, unknown, string]>([
    ['required', object({ text: {} }, { required: ['text'] }), {}, 'text is required'],
    [
      'nested required',
      object({ meta: object({ a: {} }, { required: ['a'] }) }),
      { meta: {} },
      'meta.a is required',
    ],
    [
      'unknown field',
      object({ a: {}, b: {} }, { additionalProperties: false }),
      { c: 1 },
      'c is not an allowed field (allowed: a, b)',
    ],
    [
      'maxLength counts code points',
      object({ t: { type: 'string', maxLength: 2 } }),
      { t: '😀😀😀' },
      't must be at most 2 characters (got 3)',
    ],
    [
      'minLength, singular',
      object({ t: { type: 'string', minLength: 1 } }),
      { t: '' },
      't must be at least 1 character long',
    ],
    [
      'minLength, plural',
      object({ t: { type: 'string', minLength: 3 } }),
      { t: 'ab' },
      't must be at least 3 characters long',
    ],
    [
      'range',
      object({ s: { type: 'number', minimum: 0.5, maximum: 2 } }),
      { s: 3 },
      's must be between 0.5 and 2 (got 3)',
    ],
    ['minimum only', object({ n: { type: 'number', minimum: 0 } }), { n: -1 }, 'n must be >= 0 (got -1)'],
    ['maximum only', object({ n: { type: 'number', maximum: 10 } }), { n: 11 }, 'n must be <= 10 (got 11)'],
    [
      'exclusiveMinimum',
      object({ n: { type: 'number', exclusiveMinimum: 0 } }),
      { n: 0 },
      'n must be > 0 (got 0)',
    ],
    [
      'exclusiveMaximum',
      object({ n: { type: 'number', exclusiveMaximum: 1 } }),
      { n: 1 },
      'n must be < 1 (got 1)',
    ],
    ['type, integer', object({ k: { type: 'integer' } }), { k: 1.5 }, 'k must be an integer (got number)'],
    ['type, object', object({ m: { type: 'object' } }), { m: [] }, 'm must be an object (got array)'],
    ['type, null shown', object({ s: { type: 'string' } }), { s: null }, 's must be a string (got null)'],
    [
      'enum',
      object({ q: { enum: ['fast', 'high'] } }),
      { q: 'slow' },
      "q must be one of fast, high (got 'slow')",
    ],
    ['const', object({ type: { const: 'start' } }), { type: 'stop' }, "type must be 'start' (got 'stop')"],
    [
      'pattern',
      object({ l: { type: 'string', pattern: '^[a-z]{2}$' } }),
      { l: 'ARA' },
      "l must match ^[a-z]{2}$ (got 'ARA')",
    ],
    [
      'format',
      object({ u: { type: 'string', format: 'date-time' } }),
      { u: 'x' },
      "u must be a valid date-time (got 'x')",
    ],
    ['minItems', object({ s: { type: 'array', minItems: 1 } }), { s: [] }, 's must have at least 1 item'],
    [
      'maxItems',
      object({ s: { type: 'array', maxItems: 2 } }),
      { s: [1, 2, 3] },
      's must have at most 2 items',
    ],
    [
      'array item',
      object({ ids: { type: 'array', items: { type: 'string' } } }),
      { ids: ['a', 2] },
      'ids[1] must be a string (got integer)',
    ],
    ['the root itself', { type: 'object' }, [], 'body must be an object (got array)'],
  ])('%s', (_name, schema, data, message) => {
    expect(describeFirst(schema, data)).toBe(message);
  });

  it('shortens long strings it quotes', () => {
    const message = describeFirst(object({ q: { enum: ['a'] } }), { q: 'x'.repeat(100) });
    expect(message).toBe(`q must be one of a (got '${'x'.repeat(40)}…')`);
  });

  it('uses the given root name', () => {
    expect(describeFirst({ type: 'integer' }, 'x', 'port')).toBe('port must be an integer (got string)');
  });

  it('names both duplicate items', () => {
    expect(describeFirst(object({ s: { type: 'array', uniqueItems: true } }), { s: ['a', 'b', 'a'] })).toBe(
      's must not contain duplicate items (items 0 and 2 are equal)',
    );
  });
});

describe('firstMeaningfulError', () => {
  it('explains an if/then failure by the then rule, not by "must match then schema"', () => {
    const schema = {
      type: 'object',
      properties: { flag: { type: 'boolean' }, instructions: { type: 'string' } },
      if: { properties: { flag: { const: true } }, required: ['flag'] },
      then: { required: ['instructions'] },
    };
    const validate = new Ajv2020({ strict: false, allErrors: true, verbose: true }).compile(schema);
    expect(validate({ flag: true })).toBe(false);
    const errors = validate.errors ?? [];
    expect(errors.map((e) => e.keyword).sort()).toEqual(['if', 'required']);
    expect(describeAjvError(firstMeaningfulError(errors))).toBe('instructions is required');
    expect(describeAjvError(firstMeaningfulError([...errors].reverse()))).toBe('instructions is required');
  });

  it('falls back to the first error when every error is a combinator', () => {
    const errors = [
      { keyword: 'oneOf', instancePath: '', schemaPath: '#/oneOf', params: {} },
    ] as ErrorObject[];
    expect(firstMeaningfulError(errors)).toBe(errors[0]);
  });
});
