import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonishValue } from '../../test/support/json-values.js';
import { jsonData } from './json-data.js';

describe('jsonData', () => {
  it('is JSON.parse(JSON.stringify(value)), key order included', () => {
    fc.assert(
      fc.property(jsonishValue, (v) => {
        if (v === undefined) return;
        const expected: unknown = JSON.parse(JSON.stringify(v));
        expect(JSON.stringify(jsonData(v))).toBe(JSON.stringify(expected));
        expect(jsonData(v)).toStrictEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('writes -0 as JSON does: 0', () => {
    expect(Object.is(jsonData(-0), 0)).toBe(true);
    expect(Object.is((jsonData({ a: [-0] }) as { a: number[] }).a[0], 0)).toBe(true);
  });

  it('copies: changing the copy leaves the original', () => {
    const original = { list: [{ a: 1 }], nested: { b: 'x' } };
    const copy = jsonData(original) as typeof original;
    copy.list[0].a = 2;
    copy.nested.b = 'y';
    expect(original).toEqual({ list: [{ a: 1 }], nested: { b: 'x' } });
  });
});
