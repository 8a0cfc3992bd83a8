import { mayOpenTokens, tokenColumnsFor } from './tokens.rules';
import * as personas from './test-support/personas';

describe('token rules', () => {
  it.each([
    ['superUser', true],
    ['institutionAdmin', true],
    ['manager', true],
    ['inviter', true],
    ['guest', false],
    ['noMember', false],
  ] as const)('/tokens for %s: %s', (persona, allowed) => {
    expect(mayOpenTokens(personas[persona])).toBe(allowed);
  });

  it('shows nothing to a missing user', () => {
    expect(mayOpenTokens(null)).toBe(false);
  });

  it('gives owner and super-user columns to super users only, and hides the GUID for inviters and managers', () => {
    expect(tokenColumnsFor(personas.superUser)).toEqual({
      owner: true,
      superUserToken: true,
      organizationGUID: true,
    });
    expect(tokenColumnsFor(personas.institutionAdmin)).toEqual({
      owner: false,
      superUserToken: false,
      organizationGUID: true,
    });
    expect(tokenColumnsFor(personas.manager).organizationGUID).toBe(false);
    expect(tokenColumnsFor(personas.inviter).organizationGUID).toBe(false);
  });
});
