// Users of the token tests, shaped as GET /api/v1/users/me answers them.
import type { Authority, User } from 'shared-auth';

const ORGANISATION_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';

function withRole(id: number, authority: Authority): User {
  return {
    id,
    name: `${authority} user`,
    superUser: false,
    institutionAdmin: false,
    authority,
    userRoles: [
      {
        id: id * 10,
        authority,
        role: {
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
        },
      },
    ],
  };
}

export const superUser: User = {
  id: 1,
  name: 'Admin',
  superUser: true,
  institutionAdmin: false,
  userRoles: [],
};
export const institutionAdmin: User = {
  id: 2,
  name: 'Institution admin',
  superUser: false,
  institutionAdmin: true,
  organizationGUID: ORGANISATION_GUID,
  userRoles: [],
};
export const institutionAdminWithoutOrganisation: User = {
  ...institutionAdmin,
  id: 3,
  organizationGUID: null,
};
export const manager = withRole(4, 'MANAGER');
export const inviter = withRole(5, 'INVITER');
export const guest = withRole(6, 'GUEST');
export const noMember: User = { id: 7, superUser: false, institutionAdmin: false, userRoles: [] };
