import type { Authority, User } from './types';
import { VISIBILITY_RULES, visibilityRule } from './visibility';

function user(extra: Partial<User>): User {
  return { id: 1, superUser: false, institutionAdmin: false, userRoles: [], ...extra };
}

function holding(authority: Authority): User {
  return user({
    authority,
    userRoles: [{ id: 1, authority, role: { id: 1, name: 'Wiki' } as User['userRoles'][number]['role'] }],
  });
}

const people: Record<string, User | null> = {
  superUser: user({ superUser: true, authority: 'SUPER_USER' }),
  adminWithApplications: user({
    institutionAdmin: true,
    organizationGUID: 'guid-1',
    applications: [{ id: 'wiki' }],
  }),
  adminWithoutApplications: user({ institutionAdmin: true, organizationGUID: 'guid-1', applications: [] }),
  adminWithoutOrganisation: user({
    institutionAdmin: true,
    organizationGUID: null,
    applications: [{ id: 'wiki' }],
  }),
  superUserAndAdmin: user({
    superUser: true,
    institutionAdmin: true,
    organizationGUID: 'g',
    applications: [{ id: 'x' }],
  }),
  applicationManager: user({ managedApplications: [{ id: 'wiki' }] }),
  manager: holding('MANAGER'),
  inviter: holding('INVITER'),
  guest: holding('GUEST'),
  nobody: null,
};

// Spec §2 Home tabs and Header: who sees which entry. One row per rule, one column per person above.
const expected: Record<keyof typeof VISIBILITY_RULES, string[]> = {
  loggedIn: Object.keys(people).filter((name) => name !== 'nobody'),
  rolesHomeTab: Object.keys(people).filter((name) => name !== 'nobody'),
  // The roles tab renamed "My applications" for whom it lists its applications (roles-tab's guest list).
  myApplicationsHomeTab: ['adminWithoutApplications', 'guest'],
  usersHomeTab: ['superUser', 'superUserAndAdmin'],
  applicationsHomeTab: ['superUser', 'adminWithApplications', 'superUserAndAdmin', 'applicationManager'],
  applicationUsersHomeTab: ['adminWithApplications', 'applicationManager'],
  applicationManagersHomeTab: ['adminWithApplications'],
  tokensHomeTab: ['superUser', 'adminWithApplications', 'adminWithoutApplications', 'superUserAndAdmin'],
  tokensMenuLink: ['applicationManager', 'manager', 'inviter'],
  superUser: ['superUser', 'superUserAndAdmin'],
  // Without the configuration's consent in the context: nobody (tested with it below).
  performanceSeed: [],
  systemMenuLink: ['superUser', 'superUserAndAdmin'],
  // An institution admin without applications holds no authority to invite with (isUserAllowed).
  mayInvite: [
    'superUser',
    'adminWithApplications',
    'adminWithoutOrganisation',
    'superUserAndAdmin',
    'applicationManager',
    'manager',
    'inviter',
  ],
  inviterHome: ['inviter'],
  // Without a role in the context: nobody (tested with one below).
  mayOpenRole: [],
};

describe('named visibility rules of the remote contract', () => {
  it.each(Object.entries(expected))('%s shows for exactly its people', (name, who) => {
    const rule = visibilityRule(name);
    if (!rule) throw new Error(`no rule ${name}`);
    const shown = Object.entries(people)
      .filter(([, person]) => rule(person))
      .map(([person]) => person);
    expect(shown).toEqual(who);
  });

  it("shows a role card's details link only where the role page opens for the viewer", () => {
    const open = visibilityRule('mayOpenRole')!;
    const wiki = {
      id: 1,
      name: 'Wiki',
      applicationMaps: [{ id: 'wiki' }],
      applicationUsages: [{ application: { manageId: 'wiki', manageType: 'saml20_sp' } }],
    };
    const shown = Object.entries(people)
      .filter(([, person]) => open(person, { roleId: 1, role: wiki }))
      .map(([person]) => person);
    // The rule the role page and its API apply (mayViewRoleMembers): super users, the admins owning the
    // role's application, its application manager, and its inviters and managers.
    expect(shown).toEqual([
      'superUser',
      'adminWithApplications',
      'adminWithoutOrganisation',
      'superUserAndAdmin',
      'applicationManager',
      'manager',
      'inviter',
    ]);
    // An older shell passes only the id: the user's own membership decides.
    expect(open(people.inviter, { roleId: 1 })).toBe(true);
    expect(open(people.guest, { roleId: 1 })).toBe(false);
    expect(open(people.inviter, { roleId: 'x' })).toBe(false);
  });

  it('shows the performance seed tab to super users only where the configuration allows it', () => {
    const seed = visibilityRule('performanceSeed')!;
    expect(seed(people.superUser, { performanceSeedAllowed: true })).toBe(true);
    expect(seed(people.superUser, { performanceSeedAllowed: false })).toBe(false);
    expect(seed(people.manager, { performanceSeedAllowed: true })).toBe(false);
  });

  it('knows no rule by an unknown or inherited name', () => {
    expect(visibilityRule('noSuchRule')).toBeUndefined();
    expect(visibilityRule('toString')).toBeUndefined();
  });
});
