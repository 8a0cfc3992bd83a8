// The users of the front end's component tests, shaped as GET /api/v1/users/me answers them: one set for
// every package (`test-support/personas`; tooling/jest/web.config.cjs and tsconfig.base.json map the name).
import type { Authority, Role, User } from 'shared-auth';

export const ORGANISATION_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';

/** The role the managers, inviters and guests hold unless a package gives its own (personasHolding). */
export const RESEARCH_ROLE: Role = {
  id: 1,
  name: 'Research',
  shortName: 'research',
  urn: 'urn:research',
  description: '',
  defaultExpiryDays: 365,
  applicationMaps: [],
  applicationUsages: [],
  overrideSettingsAllowed: false,
  enforceEmailEquality: false,
  eduIDOnly: false,
};

/** One user of each kind; the managers, inviters and guests hold `role`. */
export function personasHolding(role: Role) {
  const holding = (id: number, authority: Authority): User => ({
    id,
    name: `${authority.toLowerCase()} user`,
    superUser: false,
    institutionAdmin: false,
    authority,
    userRoles: [{ id: id * 10, authority, role }],
  });
  const institutionAdmin: User = {
    id: 2,
    name: 'Iris Institution',
    superUser: false,
    institutionAdmin: true,
    organizationGUID: ORGANISATION_GUID,
    institution: { 'name:en': 'Harderwijk University', 'name:nl': 'Universiteit Harderwijk' },
    applications: [{ id: 'app-wiki', 'name:en': 'Research Wiki' }],
    userRoles: [],
  };
  return {
    superUser: { id: 1, name: 'Ada Admin', superUser: true, institutionAdmin: false, userRoles: [] } as User,
    institutionAdmin,
    institutionAdminWithoutApplications: { ...institutionAdmin, id: 3, applications: [] } as User,
    institutionAdminWithoutOrganisation: { ...institutionAdmin, id: 3, organizationGUID: null } as User,
    manager: holding(4, 'MANAGER'),
    inviter: holding(5, 'INVITER'),
    guest: holding(6, 'GUEST'),
    noMember: { id: 7, superUser: false, institutionAdmin: false, userRoles: [] } as User,
  };
}

export const {
  superUser,
  institutionAdmin,
  institutionAdminWithoutApplications,
  institutionAdminWithoutOrganisation,
  manager,
  inviter,
  guest,
  noMember,
} = personasHolding(RESEARCH_ROLE);
