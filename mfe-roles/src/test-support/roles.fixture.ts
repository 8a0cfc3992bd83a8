// Roles and user roles as the API answers them.
import type { Role, UserRole } from 'shared-auth';

export const wikiRole: Role = {
  id: 7,
  name: 'Wiki Editors',
  shortName: 'wiki_editors',
  urn: 'urn:mace:surf.nl:test:wiki_editors',
  description: 'Write and review the research wiki.',
  defaultExpiryDays: 365,
  applicationMaps: [
    {
      id: 'app-wiki',
      'name:en': 'Research Wiki',
      'name:nl': 'Onderzoekswiki',
      'OrganizationName:en': 'Harderwijk University',
      'OrganizationName:nl': 'Universiteit Harderwijk',
      landingPage: 'https://wiki.example.org/start',
    },
  ],
  applicationUsages: [
    {
      application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
      landingPage: 'https://wiki.example.org/start',
    },
  ],
  userRoleCount: 3,
  overrideSettingsAllowed: false,
  enforceEmailEquality: false,
  eduIDOnly: false,
  applicationName: 'Research Wiki (Harderwijk University)',
  unknownInManage: false,
};

export const goneRole: Role = {
  ...wikiRole,
  id: 8,
  name: 'Legacy Archive Readers',
  applicationMaps: [{ id: 'app-gone', unknown: true }],
  applicationUsages: [{ application: { manageId: 'app-gone', manageType: 'saml20_sp' } }],
  unknownInManage: true,
};

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

export function userRole(id: number, name: string, extra: Partial<UserRole> = {}): UserRole {
  return {
    id,
    user_id: 100 + id,
    role: wikiRole,
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.org`,
    schac_home_organization: 'example.org',
    authority: 'GUEST',
    createdAt: now() - 10 * DAY,
    endDate: now() + 100 * DAY,
    ...extra,
  };
}

export const soon = () => now() + 5 * DAY;
