// Every rule that compares ids refuses when an id it compares is missing: `undefined === undefined`
// must never read as "the same user" or "the same role".
import { allowedAuthoritiesForInvitation } from './invitation.js';
import { isKnownId, sameId } from './ids.js';
import { heldAuthority } from './role-access.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import { mayDeleteToken } from './tokens.js';
import type { Role, User } from './types.js';
import { mayDeleteUser, visibleProfile } from './users.js';

/** The value without its `id`, as a payload that lacks one would arrive. */
function withoutId<T extends { id: unknown }>(value: T): T {
  const { id: _id, ...rest } = value;
  return rest as unknown as T;
}

describe('sameId', () => {
  it('matches only two known, equal ids', () => {
    expect(sameId(1, 1)).toBe(true);
    expect(sameId('a', 'a')).toBe(true);
    expect(sameId(1, 2)).toBe(false);
    expect(sameId(undefined, undefined)).toBe(false);
    expect(sameId(null, null)).toBe(false);
    expect(sameId(Number.NaN, Number.NaN)).toBe(false);
    expect(sameId('', '')).toBe(false);
    expect(isKnownId(0)).toBe(true);
    expect(isKnownId(Infinity)).toBe(false);
  });
});

describe('rules refuse when an id they compare is missing', () => {
  const role = makeRole(7, []);
  const ghostRole = withoutId(makeRole(8, []));

  it('mayDeleteUser: a super user without id, or a target without id, deletes nobody', () => {
    const superUser = makeUser({ superUser: true });
    expect(mayDeleteUser(superUser, makeUser())).toBe(true);
    expect(mayDeleteUser(withoutId(superUser), makeUser())).toBe(false);
    expect(mayDeleteUser(superUser, withoutId(makeUser()))).toBe(false);
    expect(mayDeleteUser(withoutId(superUser), withoutId(makeUser()))).toBe(false);
  });

  it('visibleProfile: a viewer without id does not see another one without id as itself', () => {
    const viewer = withoutId(makeUser({ userRoles: [holding(role, 'GUEST')] }));
    const other = withoutId(makeUser({ name: 'Other', userRoles: [holding(role, 'GUEST')] }));
    expect(visibleProfile(viewer, other)).toBeNull();
  });

  it('visibleProfile: a managed role without id shares nothing with another role without id', () => {
    const viewer = makeUser({ userRoles: [holding(ghostRole, 'MANAGER')] });
    const other = makeUser({ userRoles: [holding(withoutId(makeRole(9, [])), 'GUEST')] });
    expect(visibleProfile(viewer, other)).toBeNull();
    const managed = makeUser({ userRoles: [holding(role, 'MANAGER')] });
    const member = makeUser({ userRoles: [holding(role, 'GUEST')] });
    expect(visibleProfile(managed, member)?.userRoles.map((ur) => ur.role.id)).toEqual([7]);
  });

  it('mayDeleteToken: a token without owner is not the own token of a user without id', () => {
    const manager = makeUser({ authority: 'MANAGER', userRoles: [holding(role, 'MANAGER')] });
    expect(mayDeleteToken(manager, { ownerId: manager.id })).toBe(true);
    expect(mayDeleteToken(withoutId(manager), {})).toBe(false);
    expect(mayDeleteToken(withoutId(manager), { ownerId: null })).toBe(false);
  });

  it('heldAuthority: a role without id is held by nobody', () => {
    const holder = makeUser({ userRoles: [holding(ghostRole, 'MANAGER')] });
    expect(heldAuthority(holder, undefined as unknown as number)).toBeNull();
    expect(heldAuthority(makeUser({ userRoles: [holding(role, 'MANAGER')] }), 7)).toBe('MANAGER');
  });

  it('allowedAuthoritiesForInvitation: a selected role without id is not one the user holds', () => {
    // An institution admin holding a role without id must not count as holding a selected role
    // without id (which would take its institution-admin choices away), nor get that role's level.
    const admin = makeUser({
      institutionAdmin: true,
      apps: ['app-a'],
      userRoles: [holding(ghostRole, 'INVITER')],
    });
    const selected = withoutId(makeRole(10, ['app-a'])) as Pick<Role, 'id'> & Partial<Role>;
    expect(allowedAuthoritiesForInvitation(admin, [selected])).toEqual([
      'INSTITUTION_ADMIN',
      'MANAGER',
      'INVITER',
      'GUEST',
    ]);
    const member: User = makeUser({ userRoles: [holding(ghostRole, 'MANAGER')] });
    expect(allowedAuthoritiesForInvitation(member, [withoutId(makeRole(11, []))])).toEqual([]);
  });
});
