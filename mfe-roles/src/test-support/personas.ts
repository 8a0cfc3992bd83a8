// Users of the roles tests, shaped as GET /api/v1/users/me answers them.
import type { Authority, User } from 'shared-auth';
import { wikiRole } from './roles.fixture';

export const ORGANISATION_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';

function holding(id: number, authority: Authority): User {
  return {
    id,
    name: `${authority.toLowerCase()} user`,
    superUser: false,
    institutionAdmin: false,
    authority,
    userRoles: [{ id: id * 10, authority, role: wikiRole }],
  };
}

export const superUser: User = {
  id: 1,
  name: 'Ada Admin',
  superUser: true,
  institutionAdmin: false,
  userRoles: [],
};
export const institutionAdmin: User = {
  id: 2,
  name: 'Iris Institution',
  superUser: false,
  institutionAdmin: true,
  organizationGUID: ORGANISATION_GUID,
  institution: { 'name:en': 'Harderwijk University', 'name:nl': 'Universiteit Harderwijk' },
  applications: [{ id: 'app-wiki', 'name:en': 'Research Wiki' }],
  userRoles: [],
};
export const institutionAdminWithoutApplications: User = { ...institutionAdmin, id: 3, applications: [] };
export const manager = holding(4, 'MANAGER');
export const inviter = holding(5, 'INVITER');
export const guest = holding(6, 'GUEST');
