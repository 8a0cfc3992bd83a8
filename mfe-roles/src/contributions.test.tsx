import { initialSessionState, visibilityRule } from 'shared-auth';
import type { SessionState, User } from 'shared-auth';
import contributions from './contributions';

function session(user: Partial<User>): SessionState {
  return {
    ...initialSessionState,
    authenticated: true,
    user: { id: 1, superUser: false, institutionAdmin: false, userRoles: [], ...user },
  };
}

describe('mfe-roles contributions', () => {
  it('owns the role, application and inviter routes, all behind login', () => {
    expect(contributions.routes.map((route) => [route.path, route.access])).toEqual([
      ['roles/:id/:tab?', 'authenticated'],
      ['role/:id', 'authenticated'],
      ['applications/:manageId', 'authenticated'],
      ['inviter', 'authenticated'],
    ]);
  });

  it('adds home tabs by the visibility rules of spec §2', () => {
    const visibleFor = (user: Partial<User>) =>
      contributions.extensions
        .filter((ext) => ext.slot === 'home.tabs' && visibilityRule(ext.visibleRule)?.(session(user).user))
        .map((ext) => ext.id);
    expect(visibleFor({ superUser: true })).toEqual(['roles', 'users', 'applications']);
    expect(
      visibleFor({ institutionAdmin: true, organizationGUID: 'g', applications: [{ id: 'wiki' }] }),
    ).toEqual(['roles', 'applications', 'applicationUsers']);
    const manager = {
      authority: 'MANAGER',
      userRoles: [{ id: 1, authority: 'MANAGER' as const, role: {} as never }],
    };
    expect(visibleFor(manager)).toEqual(['roles']);
  });

  it("names a guest's roles tab My applications: an entry under the roles tab's id, ordered first", () => {
    const guest = {
      authority: 'GUEST',
      userRoles: [{ id: 1, authority: 'GUEST' as const, role: {} as never }],
    };
    const tabs = contributions.extensions
      .filter((ext) => ext.slot === 'home.tabs' && visibilityRule(ext.visibleRule)?.(session(guest).user))
      .sort((a, b) => a.order - b.order)
      .map((ext) => [ext.id, ext.labelKey]);
    // The shell shows the first entry of an id: the same tab, named My applications.
    expect(tabs).toEqual([
      ['roles', 'tabMyApplications'],
      ['roles', 'tabRoles'],
    ]);
  });

  it('adds the guests and maintainers tabs to the role page for inviters and up', () => {
    const roleTabsFor = (user: Partial<User>) =>
      contributions.extensions
        .filter((ext) => ext.slot === 'role.tabs' && visibilityRule(ext.visibleRule)?.(session(user).user))
        .map((ext) => [ext.id, ext.order]);
    expect(roleTabsFor({ authority: 'INVITER', userRoles: [] })).toEqual([]);
    const inviter = {
      authority: 'INVITER',
      userRoles: [{ id: 1, authority: 'INVITER' as const, role: {} as never }],
    };
    expect(roleTabsFor(inviter)).toEqual([
      ['guests', 10],
      ['maintainers', 30],
    ]);
    expect(roleTabsFor({ superUser: true })).toEqual([
      ['guests', 10],
      ['maintainers', 30],
    ]);
  });
});
