import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonData } from './json-data.js';

describe('jsonData', () => {
  it('is JSON.parse(JSON.stringify(value)), key order included', () => {
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: 'small' },
        fc.constant(undefined),
        fc.constant(null),
        fc.boolean(),
        fc.double(),
        fc.string(),
        fc.date({ noInvalidDate: true }),
        fc.array(tie('any')),
        fc.dictionary(fc.string(), tie('any')),
      ),
    })).any;
    fc.assert(
      fc.property(value, (v) => {
        if (v === undefined) return;
        const expected: unknown = JSON.parse(JSON.stringify(v));
        expect(JSON.stringify(jsonData(v))).toBe(JSON.stringify(expected));
        expect(jsonData(v)).toStrictEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('copies: changing the copy leaves the original', () => {
    const original = { list: [{ a: 1 }], nested: { b: 'x' } };
    const copy = jsonData(original) as typeof original;
    copy.list[0].a = 2;
    copy.nested.b = 'y';
    expect(original).toEqual({ list: [{ a: 1 }], nested: { b: 'x' } });
  });
});
