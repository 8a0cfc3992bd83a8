// APPLICATION_MANAGER (issue 53): rights per registry application, between INSTITUTION_ADMIN and MANAGER.
import { applicationManagerOwnsRole, mayUseApplicationInRole } from './applications.js';
import { authorityRank, effectiveAuthority, highestAuthority, isUserAllowed } from './authority.js';
import {
  showsApplicationManagersHomeTab,
  showsApplicationUsersTab,
  showsApplicationsTab,
  showsUsersTab,
} from './home-tabs.js';
import { allowedAuthoritiesForInvitation, mayGrantApplicationManager } from './invitation.js';
import { allowedToEditRole, allowedToRenewUserRole, mayInviteForRole } from './permissions.js';
import {
  mayChangeRoleApplications,
  mayCreateRole,
  mayReadRole,
  mayViewRoleMembers,
  roleVisibility,
} from './role-access.js';
import { sortRolesForUser } from './roles.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import { mayOpenTokens, showsTokensMenuLink } from './tokens.js';
import { AUTHORITIES } from './types.js';
import { mayManageApplicationManagers, mayOpenSystem, visibleProfile } from './users.js';

const wiki = makeRole(1, ['app-wiki']);
const wikiAndMail = makeRole(2, ['app-wiki', 'app-mail']);
const mail = makeRole(3, ['app-mail']);
const noApps = makeRole(4, []);
const appManager = makeUser({ managedApps: ['app-wiki'] });

describe('the ladder knows APPLICATION_MANAGER', () => {
  test('between INSTITUTION_ADMIN and MANAGER', () => {
    expect(AUTHORITIES).toEqual([
      'SUPER_USER',
      'INSTITUTION_ADMIN',
      'APPLICATION_MANAGER',
      'MANAGER',
      'INVITER',
      'GUEST',
    ]);
    expect(authorityRank('APPLICATION_MANAGER')).toBe(3);
  });

  test('an application manager is one in every reading of the authority', () => {
    expect(effectiveAuthority(appManager, true)).toBe('APPLICATION_MANAGER');
    expect(highestAuthority(appManager)).toBe('APPLICATION_MANAGER');
    expect(highestAuthority({ ...appManager, authority: 'GUEST' })).toBe('APPLICATION_MANAGER');
    expect(isUserAllowed(appManager, 'MANAGER')).toBe(true);
    expect(isUserAllowed(appManager, 'APPLICATION_MANAGER')).toBe(true);
    expect(isUserAllowed(appManager, 'INSTITUTION_ADMIN')).toBe(false);
    // An institution admin with applications stays one; without applications the manager right shows.
    const both = makeUser({ institutionAdmin: true, apps: ['app-x'], managedApps: ['app-wiki'] });
    expect(highestAuthority(both)).toBe('INSTITUTION_ADMIN');
    const adminWithout = makeUser({ institutionAdmin: true, managedApps: ['app-wiki'] });
    expect(effectiveAuthority(adminWithout, true)).toBe('APPLICATION_MANAGER');
    // No managed applications: no application manager.
    expect(highestAuthority(makeUser({ managedApplications: [] }))).toBe('No member');
  });
});

describe('the roles of their applications', () => {
  test('sees, edits, deletes and invites for a role all of whose applications are theirs', () => {
    expect(applicationManagerOwnsRole(appManager, wiki)).toBe(true);
    expect(mayReadRole(appManager, wiki)).toBe(true);
    expect(mayViewRoleMembers(appManager, wiki)).toBe(true);
    expect(allowedToEditRole(appManager, wiki)).toBe(true);
    expect(mayChangeRoleApplications(appManager, wiki)).toBe(true);
    expect(mayInviteForRole(appManager, wiki)).toBe(true);
    expect(allowedAuthoritiesForInvitation(appManager, [wiki])).toEqual(['MANAGER', 'INVITER', 'GUEST']);
    for (const authority of ['MANAGER', 'INVITER', 'GUEST'] as const) {
      expect(allowedToRenewUserRole(appManager, holding(wiki, authority, { userInfo: { id: -1 } }))).toBe(
        true,
      );
    }
  });

  test('a role that also opens another application: seen, not theirs to change', () => {
    expect(applicationManagerOwnsRole(appManager, wikiAndMail)).toBe(false);
    expect(mayReadRole(appManager, wikiAndMail)).toBe(true);
    expect(mayViewRoleMembers(appManager, wikiAndMail)).toBe(true);
    expect(allowedToEditRole(appManager, wikiAndMail)).toBe(false);
    expect(mayChangeRoleApplications(appManager, wikiAndMail)).toBe(false);
    expect(mayInviteForRole(appManager, wikiAndMail)).toBe(false);
    expect(allowedAuthoritiesForInvitation(appManager, [wikiAndMail])).toEqual([]);
    expect(allowedAuthoritiesForInvitation(appManager, [wiki, wikiAndMail])).toEqual([]);
    expect(allowedToRenewUserRole(appManager, holding(wikiAndMail, 'GUEST', { userInfo: { id: -1 } }))).toBe(
      false,
    );
  });

  test('nothing else: other roles, roles without applications, the system area, users', () => {
    for (const role of [mail, noApps]) {
      expect(mayReadRole(appManager, role)).toBe(false);
      expect(mayViewRoleMembers(appManager, role)).toBe(false);
      expect(allowedToEditRole(appManager, role)).toBe(false);
      expect(mayChangeRoleApplications(appManager, role)).toBe(false);
      expect(mayInviteForRole(appManager, role)).toBe(false);
    }
    expect(mayOpenSystem(appManager)).toBe(false);
    expect(showsUsersTab(appManager)).toBe(false);
    expect(mayManageApplicationManagers(appManager)).toBe(false);
    expect(mayGrantApplicationManager(appManager, ['app-wiki'])).toBe(false);
    expect(allowedAuthoritiesForInvitation(appManager, [wiki])).not.toContain('APPLICATION_MANAGER');
  });

  test('their role list: their applications, marked APPLICATION_MANAGER where all are theirs', () => {
    expect(roleVisibility(appManager)).toEqual({
      all: false,
      roleIds: [],
      organizationGUID: null,
      applicationIds: ['app-wiki'],
    });
    const sorted = sortRolesForUser(appManager, [wiki, wikiAndMail]);
    expect(sorted.map((role) => [role.id, role.authority])).toEqual([
      [1, 'APPLICATION_MANAGER'],
      [2, undefined],
    ]);
  });

  test('creates roles, on their applications only', () => {
    expect(mayCreateRole(appManager)).toBe(true);
    expect(mayUseApplicationInRole(appManager, 'app-wiki')).toBe(true);
    expect(mayUseApplicationInRole(appManager, 'app-mail')).toBe(false);
    expect(mayCreateRole(makeUser({ userRoles: [holding(wiki, 'MANAGER')] }))).toBe(false);
  });

  test('sees the roles another user holds on their applications, and only those', () => {
    const other = makeUser({ userRoles: [holding(wiki, 'GUEST'), holding(mail, 'GUEST')] });
    expect(visibleProfile(appManager, other)?.userRoles.map((ur) => ur.role.id)).toEqual([1]);
    expect(visibleProfile(appManager, makeUser({ userRoles: [holding(mail, 'GUEST')] }))).toBeNull();
  });
});

describe('home tabs and tokens follow', () => {
  test('applications and their users, no application managers tab, the tokens link', () => {
    expect(showsApplicationsTab(appManager)).toBe(true);
    expect(showsApplicationUsersTab(appManager)).toBe(true);
    expect(showsApplicationManagersHomeTab(appManager)).toBe(false);
    expect(mayOpenTokens(appManager)).toBe(true);
    expect(showsTokensMenuLink(appManager)).toBe(true);
  });
});

describe('who makes an application manager', () => {
  const admin = makeUser({ institutionAdmin: true, organizationGUID: 'g', apps: ['app-wiki', 'app-mail'] });
  test('a super user of any application; an institution admin of their own organisation only', () => {
    expect(mayGrantApplicationManager(makeUser({ superUser: true }), ['app-else'])).toBe(true);
    expect(mayGrantApplicationManager(admin, ['app-wiki'])).toBe(true);
    expect(mayGrantApplicationManager(admin, ['app-wiki', 'app-else'])).toBe(false);
    expect(mayGrantApplicationManager(admin, [])).toBe(false);
    expect(
      mayGrantApplicationManager(makeUser({ userRoles: [holding(wiki, 'MANAGER')] }), ['app-wiki']),
    ).toBe(false);
    expect(allowedAuthoritiesForInvitation(admin, [])).toContain('APPLICATION_MANAGER');
    expect(allowedAuthoritiesForInvitation(makeUser({ superUser: true }), [])).toContain(
      'APPLICATION_MANAGER',
    );
  });

  test('super users and institution admins with applications list and remove them', () => {
    expect(mayManageApplicationManagers(makeUser({ superUser: true }))).toBe(true);
    expect(mayManageApplicationManagers(admin)).toBe(true);
    expect(showsApplicationManagersHomeTab(admin)).toBe(true);
    expect(mayManageApplicationManagers(makeUser({ institutionAdmin: true, organizationGUID: 'g' }))).toBe(
      false,
    );
  });
});
