// The users and roles of the front end's component tests, shaped as GET /api/v1/users/me answers them: one
// set for every package (`test-support/personas`; tooling/jest/web.config.cjs and tsconfig.base.json map the
// name). A package that needs its managers, inviters and guests to hold its own roles calls personasHolding.
import type { Authority, Role, User } from 'shared-auth';

export const ORGANISATION_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';

/** A role with one application (`app-<id>`), as the API answers it; `extra` overrides any field. */
export function role(id: number, name: string, extra: Partial<Role> = {}): Role {
  const manageId = `app-${id}`;
  return {
    id,
    name,
    shortName: name.toLowerCase().replace(/\W+/g, '_'),
    urn: `urn:test:${id}`,
    description: `About ${name}`,
    defaultExpiryDays: 365,
    applicationMaps: [{ id: manageId, 'name:en': `${name} app`, 'OrganizationName:en': 'Harderwijk' }],
    applicationUsages: [{ application: { manageId, manageType: 'saml20_sp' }, landingPage: 'https://x.org' }],
    overrideSettingsAllowed: false,
    enforceEmailEquality: false,
    eduIDOnly: false,
    ...extra,
  };
}

/** The role the managers, inviters and guests hold unless a package gives its own (personasHolding). */
export const RESEARCH_ROLE: Role = role(1, 'Research', {
  shortName: 'research',
  urn: 'urn:research',
  description: '',
  applicationMaps: [],
  applicationUsages: [],
});

/**
 * One user of each kind; the managers, inviters and guests hold every role of `roles` (the guest only the
 * first).
 */
export function personasHolding(roles: Role | Role[]) {
  const held = Array.isArray(roles) ? roles : [roles];
  const holding = (id: number, authority: Authority, of: Role[]): User => ({
    id,
    name: `${authority.toLowerCase()} user`,
    email: `${authority.toLowerCase()}@example.org`,
    superUser: false,
    institutionAdmin: false,
    authority,
    userRoles: of.map((r, index) => ({ id: id * 10 + index, authority, role: r })),
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
    superUser: {
      id: 1,
      name: 'Ada Admin',
      superUser: true,
      institutionAdmin: false,
      authority: 'SUPER_USER',
      userRoles: [],
    } as User,
    institutionAdmin,
    institutionAdminWithoutApplications: { ...institutionAdmin, id: 3, applications: [] } as User,
    institutionAdminWithoutOrganisation: { ...institutionAdmin, id: 3, organizationGUID: null } as User,
    manager: holding(4, 'MANAGER', held),
    inviter: holding(5, 'INVITER', held),
    guest: holding(6, 'GUEST', held.slice(0, 1)),
    /** Logged in, no role, no right. */
    noMember: { id: 7, name: 'Newcomer', superUser: false, institutionAdmin: false, userRoles: [] } as User,
    /** Manages an application (by an accepted invitation), holds no role. */
    applicationManager: {
      id: 8,
      name: 'Abe Application',
      superUser: false,
      institutionAdmin: false,
      managedApplications: [{ id: 'app-wiki' }],
      userRoles: [],
    } as User,
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
  applicationManager,
} = personasHolding(RESEARCH_ROLE);
