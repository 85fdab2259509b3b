import { describe, expect, it } from 'vitest';
import { stateSectionValidator } from '../support/state-schema.js';

describe('stateSectionValidator', () => {
  it('validates against one component of admin.yaml, $refs resolved, errors as strings', () => {
    const validate = stateSectionValidator('StateOrg');
    // StateOrg allows no unknown section; its orgs section ($ref StateOrgOrgs) requires `org`.
    const errors = validate({ orgs: {}, 'no-such-unit': {} });
    expect(errors).toContain('/ must NOT have additional properties (no-such-unit)');
    expect(errors).toContain("/orgs must have required property 'org'");
    expect(validate({})).toEqual(["/ must have required property 'orgs'"]);
  });

  it('refuses a component the document does not have', () => {
    expect(() => stateSectionValidator('StateNoSuchThing')).toThrow(/no component StateNoSuchThing/);
  });
});
