// Builders for the rule tests: small users and roles with registry applications.
import type { ApplicationMap, Authority, Role, User, UserRole } from '../types.js';

let nextId = 1000;

export function makeRole(id: number, manageIds: string[], extra: Partial<Role> = {}): Role {
  return {
    id,
    name: `Role ${id}`,
    shortName: `role_${id}`,
    urn: `urn:role:${id}`,
    description: '',
    defaultExpiryDays: 365,
    applicationMaps: manageIds.map((manageId) => ({ id: manageId })),
    applicationUsages: manageIds.map((manageId) => ({ application: { manageId, manageType: 'saml20_sp' } })),
    overrideSettingsAllowed: false,
    enforceEmailEquality: false,
    eduIDOnly: false,
    ...extra,
  };
}

export function holding(role: Role, authority: Authority, extra: Partial<UserRole> = {}): UserRole {
  return { id: nextId++, role, authority, ...extra };
}

/** `apps`: an institution admin's applications; `managedApps`: those the user is application manager of. */
export function makeUser(extra: Partial<User> & { apps?: string[]; managedApps?: string[] } = {}): User {
  const { apps, managedApps, ...rest } = extra;
  const applications: ApplicationMap[] | undefined = apps?.map((id) => ({ id }));
  const managedApplications: ApplicationMap[] | undefined = managedApps?.map((id) => ({ id }));
  return {
    id: nextId++,
    superUser: false,
    institutionAdmin: false,
    userRoles: [],
    applications,
    ...(managedApplications ? { managedApplications } : {}),
    ...rest,
  };
}
