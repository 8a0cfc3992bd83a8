import {
  showsApplicationUsersTab,
  showsApplicationsTab,
  showsRolesTab,
  showsTokensTab,
  showsUsersTab,
} from './home-tabs.js';
import type { User } from './types.js';

function user(extra: Partial<User>): User {
  return { id: 1, superUser: false, institutionAdmin: false, userRoles: [], ...extra };
}

const superUser = user({ superUser: true });
const institutionAdmin = user({
  institutionAdmin: true,
  organizationGUID: 'guid-1',
  applications: [{ id: 'wiki' }],
});
const adminWithoutApplications = user({
  institutionAdmin: true,
  organizationGUID: 'guid-1',
  applications: [],
});
const adminWithoutOrganisation = user({
  institutionAdmin: true,
  organizationGUID: null,
  applications: [{ id: 'wiki' }],
});
const superUserAndAdmin = user({
  superUser: true,
  institutionAdmin: true,
  organizationGUID: 'g',
  applications: [{ id: 'x' }],
});
const manager = user({ authority: 'MANAGER' });
const adminWithoutOrganisationOrApps = user({ institutionAdmin: true, organizationGUID: null });

type Rule = (u: User | null) => boolean;
const cases: [string, User | null, Record<string, boolean>][] = [
  [
    'super user',
    superUser,
    { roles: true, users: true, applications: true, applicationUsers: false, tokens: true },
  ],
  [
    'institution admin with applications',
    institutionAdmin,
    { roles: true, users: false, applications: true, applicationUsers: true, tokens: true },
  ],
  [
    'institution admin without applications',
    adminWithoutApplications,
    { roles: true, users: false, applications: false, applicationUsers: false, tokens: true },
  ],
  [
    'institution admin without organisation',
    adminWithoutOrganisation,
    { roles: true, users: false, applications: false, applicationUsers: false, tokens: false },
  ],
  [
    'super user who is also institution admin',
    superUserAndAdmin,
    { roles: true, users: true, applications: true, applicationUsers: false, tokens: true },
  ],
  [
    'institution admin without organisation or applications',
    adminWithoutOrganisationOrApps,
    { roles: true, users: false, applications: false, applicationUsers: false, tokens: false },
  ],
  [
    'manager',
    manager,
    { roles: true, users: false, applications: false, applicationUsers: false, tokens: false },
  ],
  [
    'nobody logged in',
    null,
    { roles: false, users: false, applications: false, applicationUsers: false, tokens: false },
  ],
];
const rules: Record<string, Rule> = {
  roles: showsRolesTab,
  users: showsUsersTab,
  applications: showsApplicationsTab,
  applicationUsers: showsApplicationUsersTab,
  tokens: showsTokensTab,
};

describe('home tabs (spec §2 Home tabs)', () => {
  it.each(cases)('%s', (_name, who, expected) => {
    const shown = Object.fromEntries(Object.entries(rules).map(([tab, rule]) => [tab, rule(who)]));
    expect(shown).toEqual(expected);
  });
});
