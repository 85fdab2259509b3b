import { describe, expect, it } from 'vitest';
import { stateSectionValidator } from '../support/state-schema.js';

describe('stateSectionValidator', () => {
  it('validates against one component of admin.yaml, $refs resolved, errors as strings', () => {
    const validate = stateSectionValidator('StateOrg');
    // StateOrg requires the orgs section and allows no unknown section.
    expect(validate({ orgs: {}, 'no-such-unit': {} })).toEqual([
      '/ must NOT have additional properties (no-such-unit)',
    ]);
    expect(validate({})).toEqual(["/ must have required property 'orgs'"]);
  });

  it('refuses a component the document does not have', () => {
    expect(() => stateSectionValidator('StateNoSuchThing')).toThrow(/no component StateNoSuchThing/);
  });
});
