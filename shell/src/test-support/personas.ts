// Session users of the dev personas (common brief), as the shell's tests see them.
import type { Authority, Role, User, UserRole } from 'shared-auth';

let nextId = 1;

export function role(id: number, name: string, extra: Partial<Role> = {}): Role {
  return {
    id,
    name,
    shortName: name.toLowerCase().replace(/\s+/g, '_'),
    urn: `urn:mace:example.org:${id}`,
    description: `${name} gives access to the wiki`,
    defaultExpiryDays: 365,
    applicationMaps: [{ id: 'wiki' }],
    applicationUsages: [{ application: { manageId: 'wiki', manageType: 'saml20_sp' } }],
    overrideSettingsAllowed: false,
    enforceEmailEquality: false,
    eduIDOnly: false,
    ...extra,
  };
}

function holding(roleOf: Role, authority: Authority): UserRole {
  return { id: nextId++, role: roleOf, authority };
}

function user(username: string, extra: Partial<User>): User {
  return {
    id: nextId++,
    name: username.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    email: `${username}@example.org`,
    sub: `urn:collab:person:example.org:${username}`,
    schacHomeOrganization: 'example.org',
    superUser: false,
    institutionAdmin: false,
    userRoles: [],
    ...extra,
  };
}

export const personas = {
  superUser: () => user('admin', { superUser: true, authority: 'SUPER_USER' }),
  institutionAdmin: () =>
    user('institution-admin', {
      institutionAdmin: true,
      organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
      applications: [{ id: 'wiki' }, { id: 'calendar' }],
    }),
  applicationManager: () => user('application-manager', { managedApplications: [{ id: 'wiki' }] }),
  manager: () =>
    user('manager', { authority: 'MANAGER', userRoles: [holding(role(11, 'Wiki editors'), 'MANAGER')] }),
  inviter: () =>
    user('inviter', { authority: 'INVITER', userRoles: [holding(role(12, 'Wiki readers'), 'INVITER')] }),
  guest: () => user('guest', { authority: 'GUEST', userRoles: [holding(role(13, 'Wiki guests'), 'GUEST')] }),
  noRoles: () => user('newcomer', {}),
};
