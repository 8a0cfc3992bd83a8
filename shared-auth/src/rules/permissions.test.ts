import {
  allowedToDeleteInvitation,
  allowedToEditRole,
  allowedToRenewUserRole,
  mayInviteForRole,
  mayManageInvitation,
} from './permissions.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import { AUTHORITIES, type Authority, type User } from './types.js';

// The target role points at app-a; roleA2 shares app-a; roleB is elsewhere.
const roleA = makeRole(1, ['app-a']);
const roleA2 = makeRole(2, ['app-a', 'app-x']);
const roleB = makeRole(3, ['app-b']);
const unknownRole = makeRole(4, ['app-a'], { unknownInManage: true });
const unknownMapRole = makeRole(5, ['app-a'], { applicationMaps: [{ id: 'app-a', unknown: true }] });

const actors: Record<string, User> = {
  superUser: makeUser({ superUser: true }),
  institutionAdminOwner: makeUser({ institutionAdmin: true, apps: ['app-a'] }),
  institutionAdminOther: makeUser({ institutionAdmin: true, apps: ['app-c'] }),
  institutionAdminNoApps: makeUser({ institutionAdmin: true }),
  applicationsWithoutFlag: makeUser({ apps: ['app-a'] }),
  applicationManagerOwner: makeUser({ managedApps: ['app-a'] }),
  applicationManagerOther: makeUser({ managedApps: ['app-c'] }),
  managerSameRole: makeUser({ userRoles: [holding(roleA, 'MANAGER')] }),
  managerSharedApp: makeUser({ userRoles: [holding(roleA2, 'MANAGER')] }),
  managerElsewhere: makeUser({ userRoles: [holding(roleB, 'MANAGER')] }),
  managerElsewhereGuestSame: makeUser({ userRoles: [holding(roleB, 'MANAGER'), holding(roleA, 'GUEST')] }),
  managerElsewhereInviterSame: makeUser({
    userRoles: [holding(roleB, 'MANAGER'), holding(roleA, 'INVITER')],
  }),
  inviterSameRole: makeUser({ userRoles: [holding(roleA, 'INVITER')] }),
  inviterSharedApp: makeUser({ userRoles: [holding(roleA2, 'INVITER')] }),
  guestSameRole: makeUser({ userRoles: [holding(roleA, 'GUEST')] }),
  noRoles: makeUser(),
};

type Row = [actor: string, ...allowed: boolean[]];
// Columns follow the ladder: SUPER_USER, INSTITUTION_ADMIN, APPLICATION_MANAGER, MANAGER, INVITER, GUEST.
const T = true;
const F = false;
const renewMatrix: Row[] = [
  ['superUser', T, T, T, T, T, T],
  ['institutionAdminOwner', F, F, F, T, T, T],
  ['institutionAdminOther', F, F, F, F, F, F],
  ['institutionAdminNoApps', F, F, F, F, F, F],
  ['applicationsWithoutFlag', F, F, F, F, F, F],
  ['applicationManagerOwner', F, F, F, T, T, T],
  ['applicationManagerOther', F, F, F, F, F, F],
  ['managerSameRole', F, F, F, F, T, T],
  ['managerSharedApp', F, F, F, F, T, T],
  ['managerElsewhere', F, F, F, F, F, F],
  ['managerElsewhereGuestSame', F, F, F, F, F, F],
  ['managerElsewhereInviterSame', F, F, F, F, F, T],
  ['inviterSameRole', F, F, F, F, F, T],
  ['inviterSharedApp', F, F, F, F, F, F],
  ['guestSameRole', F, F, F, F, F, F],
  ['noRoles', F, F, F, F, F, F],
];

const renewCases = renewMatrix.flatMap(([actor, ...allowed]) =>
  AUTHORITIES.map((target, i) => [actor, target, allowed[i]] as [string, Authority, boolean]),
);

describe('allowedToRenewUserRole: every actor × every target authority', () => {
  test.each(renewCases)('%s on a %s entry → %p', (actor, target, expected) => {
    const entry = holding(roleA, target, { userInfo: { id: -1 } });
    expect(allowedToRenewUserRole(actors[actor], entry)).toBe(expected);
    // allowSelf changes nothing for somebody else's entry.
    expect(allowedToRenewUserRole(actors[actor], entry, true)).toBe(expected);
  });
});

describe('allowedToRenewUserRole: own entries', () => {
  const manager = actors.managerSameRole;
  const own = manager.userRoles[0];
  test.each([
    ['own entry by user role id, allowSelf', { ...own, userInfo: undefined }, true, true],
    ['own entry by userInfo id, allowSelf', { ...own, id: 9, userInfo: { id: manager.id } }, true, true],
    ['own entry by user_id, allowSelf', { ...own, id: 9, user_id: manager.id }, true, true],
    ['own MANAGER entry without allowSelf', own, false, false],
    ['someone else with the same role id', { ...own, id: 9, userInfo: { id: 77 } }, true, false],
  ])('%s', (_name, entry, allowSelf, expected) => {
    expect(allowedToRenewUserRole(manager, entry, allowSelf)).toBe(expected);
  });

  test('no user may nothing', () => {
    expect(allowedToRenewUserRole(null, holding(roleA, 'GUEST'))).toBe(false);
  });

  test('an unknown target authority is refused', () => {
    const entry = { role: roleA, authority: 'OWNER' as Authority };
    expect(allowedToRenewUserRole(actors.institutionAdminOwner, entry)).toBe(false);
  });
});

describe('allowedToEditRole and mayInviteForRole', () => {
  const matrix: Array<[string, boolean, boolean, boolean]> = [
    // actor, edit roleA, invite roleA (MANAGER), invite roleA with minimum INVITER
    ['superUser', T, T, T],
    ['institutionAdminOwner', T, T, T],
    ['institutionAdminOther', F, F, F],
    ['institutionAdminNoApps', F, F, F],
    ['applicationsWithoutFlag', F, F, F],
    ['applicationManagerOwner', T, T, T],
    ['applicationManagerOther', F, F, F],
    ['managerSameRole', T, T, T],
    ['managerSharedApp', F, F, F],
    ['managerElsewhere', F, F, F],
    ['managerElsewhereGuestSame', F, F, F],
    ['managerElsewhereInviterSame', F, F, T],
    ['inviterSameRole', F, F, T],
    ['inviterSharedApp', F, F, F],
    ['guestSameRole', F, F, F],
    ['noRoles', F, F, F],
  ];
  test.each(matrix)(
    '%s: edit %p, invite %p, invite as inviter %p',
    (actor, edit, invite, inviteAsInviter) => {
      expect(allowedToEditRole(actors[actor], roleA)).toBe(edit);
      expect(mayInviteForRole(actors[actor], roleA)).toBe(invite);
      expect(mayInviteForRole(actors[actor], roleA, 'INVITER')).toBe(inviteAsInviter);
    },
  );

  test.each(Object.keys(actors))('%s never invites for a role unknown in the registry', (actor) => {
    expect(mayInviteForRole(actors[actor], unknownRole)).toBe(false);
    expect(mayInviteForRole(actors[actor], unknownMapRole, 'INVITER')).toBe(false);
  });

  test('a manager of the unknown role may still edit it', () => {
    const user = makeUser({ userRoles: [holding(unknownRole, 'MANAGER')] });
    expect(allowedToEditRole(user, unknownRole)).toBe(true);
    expect(mayInviteForRole(user, unknownRole)).toBe(false);
  });

  test('nobody without a user', () => {
    expect(allowedToEditRole(undefined, roleA)).toBe(false);
    expect(mayInviteForRole(null, roleA)).toBe(false);
  });
});

describe('allowedToDeleteInvitation', () => {
  test.each([
    ['superUser', 'INSTITUTION_ADMIN', [], T],
    ['superUser', 'GUEST', [roleA], T],
    ['institutionAdminOwner', 'MANAGER', [roleA], T],
    ['institutionAdminOwner', 'GUEST', [roleA, roleB], F],
    ['institutionAdminOwner', 'INSTITUTION_ADMIN', [], F],
    ['managerSameRole', 'GUEST', [roleA], T],
    ['managerSameRole', 'INVITER', [roleA], T],
    ['managerSameRole', 'MANAGER', [roleA], F],
    ['managerSameRole', 'GUEST', [roleA, roleB], F],
    ['managerSharedApp', 'GUEST', [roleA, roleA2], T],
    ['inviterSameRole', 'GUEST', [roleA], T],
    ['inviterSameRole', 'INVITER', [roleA], F],
    ['guestSameRole', 'GUEST', [roleA], F],
    ['noRoles', 'GUEST', [], F],
  ] as Array<[string, Authority, (typeof roleA)[], boolean]>)(
    '%s deleting a %s invitation',
    (actor, intendedAuthority, roles, expected) => {
      const invitation = {
        intendedAuthority,
        status: 'OPEN' as const,
        roles: roles.map((role, i) => ({ id: i + 1, role })),
      };
      expect(allowedToDeleteInvitation(actors[actor], invitation)).toBe(expected);
    },
  );

  test('whoever sent an invitation may always take it back', () => {
    const sender = actors.guestSameRole;
    const invitation = {
      intendedAuthority: 'MANAGER' as const,
      status: 'OPEN' as const,
      roles: [{ id: 1, role: roleB }],
    };
    expect(allowedToDeleteInvitation(sender, { ...invitation, inviter: { id: sender.id } })).toBe(true);
    expect(allowedToDeleteInvitation(sender, { ...invitation, inviter: { id: sender.id + 1 } })).toBe(false);
    expect(allowedToDeleteInvitation(sender, { ...invitation, inviter: null })).toBe(false);
  });

  test('decides the same on the role summaries of a search page (id, name, application usages)', () => {
    const summary = ({ id, name, applicationUsages }: typeof roleA) => ({ id, name, applicationUsages });
    const cases: Array<[keyof typeof actors, Authority, (typeof roleA)[]]> = [
      ['institutionAdminOwner', 'MANAGER', [roleA]],
      ['institutionAdminOwner', 'GUEST', [roleA, roleB]],
      ['managerSameRole', 'GUEST', [roleA]],
      ['managerSameRole', 'MANAGER', [roleA]],
      ['managerSharedApp', 'GUEST', [roleA, roleA2]],
      ['inviterSameRole', 'INVITER', [roleA]],
    ];
    for (const [actor, intendedAuthority, roles] of cases) {
      const whole = {
        intendedAuthority,
        status: 'OPEN' as const,
        roles: roles.map((role) => ({ id: role.id, role })),
      };
      const listed = {
        intendedAuthority,
        status: 'OPEN' as const,
        roles: roles.map((role) => ({ id: role.id, role: summary(role) })),
      };
      expect([actor, allowedToDeleteInvitation(actors[actor], listed)]).toEqual([
        actor,
        allowedToDeleteInvitation(actors[actor], whole),
      ]);
    }
    // By the summary's application usages alone: the institution admin owns app-a.
    const listedOnly = {
      intendedAuthority: 'MANAGER' as const,
      status: 'OPEN' as const,
      roles: [{ role: summary(roleA) }],
    };
    expect(allowedToDeleteInvitation(actors.institutionAdminOwner, listedOnly)).toBe(true);
    expect(allowedToDeleteInvitation(actors.managerSameRole, listedOnly)).toBe(false);
  });

  test('never an accepted invitation, whoever asks (its roles were granted)', () => {
    const accepted = {
      intendedAuthority: 'GUEST' as const,
      status: 'ACCEPTED' as const,
      roles: [{ id: 1, role: roleA }],
    };
    const sender = actors.managerSameRole;
    expect(allowedToDeleteInvitation(actors.superUser, accepted)).toBe(false);
    expect(allowedToDeleteInvitation(sender, { ...accepted, inviter: { id: sender.id } })).toBe(false);
    expect(allowedToDeleteInvitation(sender, accepted)).toBe(false);
    // Who may manage it is still answered (a resend of an accepted one is a conflict, not a refusal).
    expect(mayManageInvitation(sender, accepted)).toBe(true);
    expect(allowedToDeleteInvitation(sender, { ...accepted, status: 'OPEN' })).toBe(true);
    expect(allowedToDeleteInvitation(sender, { ...accepted, status: 'EXPIRED' })).toBe(true);
  });

  test('a missing id is nobody: a user without id is no inviter without id', () => {
    const { id: _id, ...withoutId } = actors.guestSameRole;
    const nameless = withoutId as unknown as User;
    const invitation = {
      intendedAuthority: 'MANAGER' as const,
      status: 'OPEN' as const,
      roles: [{ role: roleB }],
    };
    expect(allowedToDeleteInvitation(nameless, { ...invitation, inviter: {} })).toBe(false);
    expect(allowedToDeleteInvitation(nameless, { ...invitation, inviter: { name: 'Someone' } })).toBe(false);
    expect(allowedToDeleteInvitation(nameless, invitation)).toBe(false);
    expect(allowedToDeleteInvitation(actors.guestSameRole, { ...invitation, inviter: {} })).toBe(false);
  });

  test('a role without id is held by nobody, also not through a user role without a role id', () => {
    const { id: _id, ...roleWithoutId } = makeRole(0, []);
    const ghost = roleWithoutId as unknown as typeof roleA;
    const holder = makeUser({ userRoles: [holding(ghost, 'MANAGER')] });
    const invitation = {
      intendedAuthority: 'GUEST' as const,
      status: 'OPEN' as const,
      roles: [{ role: ghost }],
    };
    expect(allowedToDeleteInvitation(holder, invitation)).toBe(false);
    expect(allowedToRenewUserRole(holder, { role: ghost, authority: 'GUEST' })).toBe(false);
    expect(allowedToEditRole(holder, ghost)).toBe(false);
  });
});

describe("acting on one's own entry (allowSelf)", () => {
  test("needs the entry's owner id or entry id to be known and equal", () => {
    const me = makeUser({ userRoles: [holding(roleB, 'GUEST')] });
    const { id: _id, ...anonymous } = me;
    const nameless = anonymous as unknown as User;
    const entry = { role: roleA, authority: 'MANAGER' as const };
    expect(allowedToRenewUserRole(me, { ...entry, user_id: me.id }, true)).toBe(true);
    expect(allowedToRenewUserRole(me, { ...entry, id: me.userRoles[0].id }, true)).toBe(true);
    expect(
      allowedToRenewUserRole(nameless, { ...entry, userInfo: { id: undefined as unknown as number } }, true),
    ).toBe(false);
    expect(allowedToRenewUserRole(nameless, entry, true)).toBe(false);
    const unnumbered = makeUser({ userRoles: [{ role: roleB, authority: 'GUEST' } as never] });
    expect(allowedToRenewUserRole(unnumbered, entry, true)).toBe(false);
  });
});
