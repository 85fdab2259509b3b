/**
 * Values as JSON data holds them, and what a state unit's export may hold besides (undefined members, dates),
 * nested, for property tests of code that must match JSON.stringify.
 */
import fc from 'fast-check';

export const jsonishValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
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
