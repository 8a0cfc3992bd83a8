/**
 * A small in-memory registry for tests of the plumbing: two applications of Universiteit Harderwijk and
 * one of another organisation.
 */
import type { ApplicationMap, Institution } from 'shared-auth/rules';
import { HARDERWIJK_ORGANIZATION_GUID } from '../dev-idp/personas.js';
import type { RegistryPort } from '../plugins/ports.js';

export const TEST_APPLICATIONS: Array<ApplicationMap & { organizationGUID: string }> = [
  {
    id: 'app-wiki',
    'name:en': 'Wiki',
    'name:nl': 'Wiki',
    'OrganizationName:en': 'Universiteit Harderwijk',
    logo: 'https://static.example.org/wiki.png',
    url: 'https://wiki.example.org',
    organizationGUID: HARDERWIJK_ORGANIZATION_GUID,
  },
  {
    id: 'app-mail',
    'name:en': 'Mail',
    'name:nl': 'Post',
    'OrganizationName:en': 'Universiteit Harderwijk',
    url: 'https://mail.example.org',
    organizationGUID: HARDERWIJK_ORGANIZATION_GUID,
  },
  {
    id: 'app-other',
    'name:en': 'Elsewhere',
    'OrganizationName:en': 'Other University',
    url: 'https://elsewhere.example.org',
    organizationGUID: '00000000-0000-0000-0000-000000000000',
  },
];

export const HARDERWIJK: Institution = {
  'name:en': 'Universiteit Harderwijk',
  'name:nl': 'Universiteit Harderwijk',
};

export const testRegistry: RegistryPort = {
  async applicationsByManageIds(ids) {
    return TEST_APPLICATIONS.filter((app) => ids.includes(app.id)).map(
      ({ organizationGUID: _guid, ...app }) => app,
    );
  },
  async applicationsOfOrganization(guid) {
    return TEST_APPLICATIONS.filter((app) => app.organizationGUID === guid).map(
      ({ organizationGUID: _guid, ...app }) => app,
    );
  },
  async institutionOfOrganization(guid) {
    return guid === HARDERWIJK_ORGANIZATION_GUID ? HARDERWIJK : null;
  },
};
