import { showsTokensTab } from './home-tabs.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import { mayDeleteToken, mayOpenTokens, showsTokensMenuLink, tokenColumnsFor } from './tokens.js';

const research = makeRole(1, []);
const personas = {
  superUser: makeUser({ superUser: true }),
  institutionAdmin: makeUser({ institutionAdmin: true, organizationGUID: 'org-1' }),
  institutionAdminWithoutOrganisation: makeUser({ institutionAdmin: true, organizationGUID: null }),
  manager: makeUser({ authority: 'MANAGER', userRoles: [holding(research, 'MANAGER')] }),
  inviter: makeUser({ authority: 'INVITER', userRoles: [holding(research, 'INVITER')] }),
  guest: makeUser({ authority: 'GUEST', userRoles: [holding(research, 'GUEST')] }),
  noMember: makeUser(),
};

describe('token visibility rules', () => {
  it.each([
    ['superUser', true],
    ['institutionAdmin', true],
    ['institutionAdminWithoutOrganisation', false],
    ['manager', false],
    ['inviter', false],
    ['guest', false],
  ] as const)('home tab for %s: %s', (persona, shown) => {
    expect(showsTokensTab(personas[persona])).toBe(shown);
  });

  it.each([
    ['superUser', false],
    ['institutionAdmin', false],
    ['manager', true],
    ['inviter', true],
    ['guest', false],
    ['noMember', false],
  ] as const)('user-menu link for %s: %s', (persona, shown) => {
    expect(showsTokensMenuLink(personas[persona])).toBe(shown);
  });

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

  it('lets a super user delete any token and everyone else only their own', () => {
    const ownedBy = (id: number) => ({ ownerId: id });
    expect(mayDeleteToken(personas.superUser, ownedBy(personas.manager.id))).toBe(true);
    expect(mayDeleteToken(personas.superUser, { ownerId: null })).toBe(true);
    expect(mayDeleteToken(personas.manager, ownedBy(personas.manager.id))).toBe(true);
    expect(mayDeleteToken(personas.manager, ownedBy(personas.inviter.id))).toBe(false);
    expect(mayDeleteToken(personas.manager, { ownerId: null })).toBe(false);
    expect(mayDeleteToken(personas.guest, ownedBy(personas.guest.id))).toBe(false);
    expect(mayDeleteToken(null, { ownerId: null })).toBe(false);
  });

  it('shows nothing to a missing user', () => {
    expect(showsTokensTab(null)).toBe(false);
    expect(showsTokensMenuLink(null)).toBe(false);
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
