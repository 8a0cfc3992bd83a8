// Edges of the access rules that mutation testing found unheld (issue 57): each case states one rule.
import { sameId, isKnownId } from './ids.js';
import { allowedAuthoritiesForInvitation, mayGrantApplicationManager } from './invitation.js';
import { mayDeleteToken, mayOpenTokens, showsTokensMenuLink, tokenColumnsFor } from './tokens.js';
import { mayManageApplicationManagers, visibleProfile } from './users.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';

describe('ids: a missing id never matches', () => {
  it('knows finite numbers and non-empty strings only', () => {
    expect([1, 0, 'x'].map(isKnownId)).toEqual([true, true, true]);
    expect([NaN, Infinity, '', undefined, null, {}].map(isKnownId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('matches two equal known ids, never one known id with a missing one', () => {
    expect(sameId(7, 7)).toBe(true);
    expect(sameId(7, undefined)).toBe(false);
    expect(sameId(undefined, 7)).toBe(false);
    expect(sameId('', '')).toBe(false);
    expect(sameId(NaN, NaN)).toBe(false);
  });
});

describe('tokens', () => {
  const wiki = makeRole(1, ['app-wiki']);

  it('opens no tokens page for nobody, a guest or a user without a role', () => {
    expect(mayOpenTokens(null)).toBe(false);
    expect(mayOpenTokens(makeUser({ userRoles: [holding(wiki, 'GUEST')] }))).toBe(false);
    expect(mayOpenTokens(makeUser({ authority: '' }))).toBe(false);
    expect(mayOpenTokens(makeUser({ userRoles: [holding(wiki, 'INVITER')] }))).toBe(true);
  });

  it('shows the menu link to inviters, managers and application managers only', () => {
    expect(showsTokensMenuLink(null)).toBe(false);
    expect(showsTokensMenuLink(makeUser({ userRoles: [holding(wiki, 'INVITER')] }))).toBe(true);
    expect(showsTokensMenuLink(makeUser({ userRoles: [holding(wiki, 'MANAGER')] }))).toBe(true);
    expect(showsTokensMenuLink(makeUser({ managedApps: ['app-wiki'] }))).toBe(true);
    expect(showsTokensMenuLink(makeUser({ superUser: true }))).toBe(false);
    expect(showsTokensMenuLink(makeUser({ userRoles: [holding(wiki, 'GUEST')] }))).toBe(false);
  });

  it('lets nobody without a tokens page delete a token, and others only their own', () => {
    const inviter = makeUser({ userRoles: [holding(wiki, 'INVITER')] });
    expect(mayDeleteToken(null, { ownerId: 1 })).toBe(false);
    expect(mayDeleteToken(inviter, { ownerId: inviter.id })).toBe(true);
    expect(mayDeleteToken(inviter, { ownerId: null })).toBe(false);
    expect(mayDeleteToken(makeUser({ superUser: true }), { ownerId: 1 })).toBe(true);
  });

  it('shows the owner and the super-user flag to super users, the organisation to all but inviters, managers and application managers', () => {
    expect(tokenColumnsFor(makeUser({ superUser: true }))).toEqual({
      owner: true,
      superUserToken: true,
      organizationGUID: true,
    });
    expect(tokenColumnsFor(makeUser({ institutionAdmin: true, apps: ['app-wiki'] }))).toEqual({
      owner: false,
      superUserToken: false,
      organizationGUID: true,
    });
    for (const user of [
      makeUser({ userRoles: [holding(wiki, 'INVITER')] }),
      makeUser({ userRoles: [holding(wiki, 'MANAGER')] }),
      makeUser({ managedApps: ['app-wiki'] }),
    ]) {
      expect(tokenColumnsFor(user)).toEqual({ owner: false, superUserToken: false, organizationGUID: false });
    }
    expect(tokenColumnsFor(null)).toEqual({ owner: false, superUserToken: false, organizationGUID: true });
  });
});

describe('users', () => {
  it('lets a super user, or an institution admin of an organisation with applications, manage application managers', () => {
    expect(mayManageApplicationManagers(null)).toBe(false);
    expect(mayManageApplicationManagers(makeUser({ superUser: true }))).toBe(true);
    expect(
      mayManageApplicationManagers(
        makeUser({ institutionAdmin: true, organizationGUID: 'org', apps: ['a'] }),
      ),
    ).toBe(true);
    expect(
      mayManageApplicationManagers(makeUser({ institutionAdmin: true, organizationGUID: 'org', apps: [] })),
    ).toBe(false);
    expect(
      mayManageApplicationManagers(makeUser({ institutionAdmin: true, organizationGUID: null, apps: ['a'] })),
    ).toBe(false);
    expect(
      mayManageApplicationManagers(
        makeUser({ institutionAdmin: false, organizationGUID: 'org', apps: ['a'] }),
      ),
    ).toBe(false);
  });

  describe('visibleProfile', () => {
    const wiki = makeRole(1, ['app-wiki']);
    const mail = makeRole(2, ['app-mail']);
    const other = makeUser({
      userRoles: [holding(wiki, 'GUEST'), holding(mail, 'GUEST')],
      applications: [{ id: 'x' }],
    });

    it('shows the whole profile to a super user and to the person themselves', () => {
      expect(visibleProfile(makeUser({ superUser: true }), other)).toBe(other);
      expect(visibleProfile(other, other)).toBe(other);
      expect(visibleProfile({ ...makeUser(), id: other.id }, other)).toBe(other);
    });

    it("shows a manager only the roles it runs, without applications; an inviter's or a guest's role shows nothing", () => {
      const manager = makeUser({ userRoles: [holding(wiki, 'MANAGER')] });
      expect(visibleProfile(manager, other)).toEqual({
        ...other,
        userRoles: [other.userRoles[0]],
        roles: [wiki],
        applications: [],
      });
      expect(
        visibleProfile(makeUser({ userRoles: [holding(wiki, 'INSTITUTION_ADMIN')] }), other)?.roles,
      ).toEqual([wiki]);
      expect(visibleProfile(makeUser({ userRoles: [holding(wiki, 'INVITER')] }), other)).toBeNull();
      expect(visibleProfile(makeUser({ userRoles: [holding(wiki, 'GUEST')] }), other)).toBeNull();
      expect(visibleProfile(makeUser(), other)).toBeNull();
    });

    it('shows an institution admin or an application manager the roles on their applications', () => {
      expect(visibleProfile(makeUser({ institutionAdmin: true, apps: ['app-mail'] }), other)?.roles).toEqual([
        mail,
      ]);
      expect(visibleProfile(makeUser({ managedApps: ['app-wiki'] }), other)?.roles).toEqual([wiki]);
    });

    it('reads a role without application usages as opening none', () => {
      const bare = makeRole(3, [], { applicationUsages: undefined });
      const viewer = makeUser({ institutionAdmin: true, apps: ['app-wiki'] });
      expect(visibleProfile(viewer, makeUser({ userRoles: [holding(bare, 'GUEST')] }))).toBeNull();
    });

    it('does not match roles without an id', () => {
      const nameless = makeRole(undefined as unknown as number, []);
      const viewer = makeUser({ userRoles: [holding(nameless, 'MANAGER')] });
      expect(visibleProfile(viewer, makeUser({ userRoles: [holding(nameless, 'GUEST')] }))).toBeNull();
    });
  });
});

describe('invitation: who may invite or grant what', () => {
  const wiki = makeRole(1, []);
  const mail = makeRole(2, []);

  it('offers below the weakest of the selected roles the inviter holds, whatever their order', () => {
    const user = makeUser({ userRoles: [holding(wiki, 'MANAGER'), holding(mail, 'INVITER')] });
    expect(allowedAuthoritiesForInvitation(user, [wiki, mail])).toEqual(['GUEST']);
    expect(allowedAuthoritiesForInvitation(user, [mail, wiki])).toEqual(['GUEST']);
    expect(allowedAuthoritiesForInvitation(user, [wiki])).toEqual(['INVITER', 'GUEST']);
  });

  it('reads a membership without its role as holding nothing', () => {
    const user = makeUser({
      userRoles: [{ id: 5, authority: 'MANAGER' } as never, holding(wiki, 'MANAGER')],
    });
    expect(allowedAuthoritiesForInvitation(user, [wiki])).toEqual(['INVITER', 'GUEST']);
    expect(allowedAuthoritiesForInvitation(user, [mail])).toEqual([]);
  });

  it('lets nobody, and no one but an institution admin of them or a super user, grant application managers', () => {
    expect(mayGrantApplicationManager(null, ['app-wiki'])).toBe(false);
    expect(mayGrantApplicationManager(makeUser({ superUser: true }), [])).toBe(false);
    expect(
      mayGrantApplicationManager(makeUser({ institutionAdmin: false, apps: ['app-wiki'] }), ['app-wiki']),
    ).toBe(false);
    expect(
      mayGrantApplicationManager(makeUser({ institutionAdmin: true, apps: ['app-wiki'] }), ['app-wiki']),
    ).toBe(true);
  });
});
