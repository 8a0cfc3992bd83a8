import { allowedAuthoritiesForInvitation, invitationStatus, isInvitationExpired } from './invitation.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import type { Authority, InvitationStatus, Role, User } from './types.js';

const roleA = makeRole(1, ['app-a']);
const roleB = makeRole(2, ['app-b']);
const roleC = makeRole(3, ['app-c']);

const ALL: Authority[] = [
  'SUPER_USER',
  'INSTITUTION_ADMIN',
  'APPLICATION_MANAGER',
  'MANAGER',
  'INVITER',
  'GUEST',
];
const BUT_SUPER: Authority[] = ['INSTITUTION_ADMIN', 'APPLICATION_MANAGER', 'MANAGER', 'INVITER', 'GUEST'];
// APPLICATION_MANAGER invitations name applications, not roles: never offered once a role is chosen.
const ALL_FOR_ROLES = ALL.filter((authority) => authority !== 'APPLICATION_MANAGER');
const BUT_SUPER_FOR_ROLES = BUT_SUPER.filter((authority) => authority !== 'APPLICATION_MANAGER');

describe('allowedAuthoritiesForInvitation', () => {
  const institutionAdmin = makeUser({ institutionAdmin: true, apps: ['app-a'] });
  const institutionAdminHolding = makeUser({
    institutionAdmin: true,
    apps: ['app-a'],
    userRoles: [holding(roleA, 'GUEST'), holding(roleB, 'INVITER')],
  });
  const manager = makeUser({ userRoles: [holding(roleA, 'MANAGER'), holding(roleB, 'INVITER')] });
  const inviter = makeUser({ userRoles: [holding(roleA, 'INVITER')] });
  const guest = makeUser({ userRoles: [holding(roleA, 'GUEST')] });

  const cases: Array<[string, User | null, Role[], Authority[]]> = [
    ['super user, no roles chosen', makeUser({ superUser: true }), [], ALL],
    ['super user, a role chosen', makeUser({ superUser: true }), [roleC], ALL_FOR_ROLES],
    ['institution admin with apps, no roles chosen', institutionAdmin, [], BUT_SUPER],
    ['institution admin with apps, own app role chosen', institutionAdmin, [roleA], BUT_SUPER_FOR_ROLES],
    [
      'institution admin holding a chosen role of its app',
      institutionAdminHolding,
      [roleA],
      ['MANAGER', 'INVITER', 'GUEST'],
    ],
    ['institution admin holding a chosen role elsewhere', institutionAdminHolding, [roleB], ['GUEST']],
    ['institution admin, a role of another application chosen', institutionAdmin, [roleC], []],
    ['institution admin, own and foreign roles chosen', institutionAdmin, [roleA, roleC], []],
    [
      'institution admin, a role chosen by id only',
      institutionAdmin,
      [{ id: 99 } as Role],
      BUT_SUPER_FOR_ROLES,
    ],
    ['institution admin, a loaded role without applications', institutionAdmin, [makeRole(4, [])], []],
    [
      'institution admin, own app role and a role without applications',
      institutionAdmin,
      [roleA, makeRole(4, [])],
      [],
    ],
    ['institution admin without apps', makeUser({ institutionAdmin: true }), [], []],
    ['manager, no roles chosen', manager, [], ['INVITER', 'GUEST']],
    ['manager, managed role chosen', manager, [roleA], ['INVITER', 'GUEST']],
    ['manager, managed and invited roles chosen', manager, [roleA, roleB], ['GUEST']],
    ['manager, a role not held chosen', manager, [roleA, roleC], []],
    ['inviter, no roles chosen', inviter, [], ['GUEST']],
    ['inviter, own role chosen', inviter, [roleA], ['GUEST']],
    ['guest', guest, [roleA], []],
    ['no roles at all', makeUser(), [], []],
    ['no user', null, [], []],
  ];
  test.each(cases)('%s', (_name, user, roles, expected) => {
    expect(allowedAuthoritiesForInvitation(user, roles)).toEqual(expected);
  });

  test('roles chosen by id only are matched against the user roles', () => {
    expect(allowedAuthoritiesForInvitation(manager, [{ id: roleA.id }])).toEqual(['INVITER', 'GUEST']);
  });
});

describe('invitation status', () => {
  const now = Date.UTC(2026, 0, 10);
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const cases: Array<[string, InvitationStatus, number, InvitationStatus]> = [
    ['open, expiring tomorrow', 'OPEN', seconds(now + 86_400_000), 'OPEN'],
    ['open, expired yesterday', 'OPEN', seconds(now - 86_400_000), 'EXPIRED'],
    ['open, expired a second ago', 'OPEN', seconds(now) - 1, 'EXPIRED'],
    ['open, expiring right now', 'OPEN', seconds(now), 'OPEN'],
    ['accepted, past its expiry', 'ACCEPTED', seconds(now - 86_400_000), 'ACCEPTED'],
    ['expired by the server', 'EXPIRED', seconds(now + 86_400_000), 'EXPIRED'],
  ];
  test.each(cases)('%s', (_name, status, expiryDate, expected) => {
    expect(invitationStatus({ status, expiryDate }, now)).toBe(expected);
    expect(invitationStatus({ status, expiryDate }, new Date(now))).toBe(expected);
  });

  test('expiry uses the clock when no time is given', () => {
    expect(isInvitationExpired({ expiryDate: seconds(Date.now()) - 60 })).toBe(true);
    expect(isInvitationExpired({ expiryDate: seconds(Date.now()) + 60 })).toBe(false);
  });
});
