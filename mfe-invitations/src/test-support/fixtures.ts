// Users, roles and invitations of the invitation tests, shaped as the server answers them.
import type { Authority, Invitation, Role, User } from 'shared-auth';

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

export const wiki = role(1, 'Wiki Editors', { defaultExpiryDays: 100 });
export const forge = role(2, 'Code Forge', { overrideSettingsAllowed: true });
export const library = role(3, 'Library', { overrideSettingsAllowed: true, enforceEmailEquality: true });

export const superUser: User = {
  id: 1,
  name: 'Ada Admin',
  superUser: true,
  institutionAdmin: false,
  userRoles: [],
};

export function holding(id: number, roles: Array<[Role, Authority]>): User {
  return {
    id,
    name: `User ${id}`,
    superUser: false,
    institutionAdmin: false,
    authority: roles.map(([, authority]) => authority).join(', '),
    userRoles: roles.map(([r, authority], index) => ({ id: id * 100 + index, role: r, authority })),
  };
}

export const manager = holding(4, [
  [wiki, 'MANAGER'],
  [forge, 'MANAGER'],
]);
export const inviter = holding(5, [
  [wiki, 'INVITER'],
  [forge, 'INVITER'],
]);
export const guest = holding(6, [[wiki, 'GUEST']]);

// 15 March 2024, noon UTC: one calendar day in every time zone a test may run in.
export const CREATED = Date.UTC(2024, 2, 15, 12) / 1000;

export function invitation(id: number, extra: Partial<Invitation> = {}): Invitation {
  return {
    id,
    email: `invitee${id}@example.com`,
    intendedAuthority: 'GUEST',
    roles: [{ id: id * 10, role: wiki }],
    message: 'Welcome aboard',
    language: 'en',
    expiryDate: Math.floor(Date.now() / 1000) + 10 * 86400,
    enforceEmailEquality: false,
    eduIDOnly: false,
    guestRoleIncluded: false,
    inviter: { name: 'Max Manager', email: 'max@example.com' },
    createdAt: CREATED,
    status: 'OPEN',
    ...extra,
  };
}
