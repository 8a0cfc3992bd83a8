/** The development data set: roles on registry applications, members, invitations (see dev-seed.ts). */
import type { Authority } from 'shared-auth/rules';

export interface SeedRole {
  key: string;
  name: string;
  description: string;
  apps: Array<[manageId: string, manageType: 'saml20_sp' | 'oidc10_rp']>;
  organizationGUID: string | null;
  defaultExpiryDays?: number;
  overrideSettingsAllowed?: boolean;
  enforceEmailEquality?: boolean;
  inviterDisplayName?: string;
}

const HW = 'ad93daef-0911-e511-80d0-005056956c1a';

export const SEED_ROLES: SeedRole[] = [
  {
    key: 'wiki',
    name: 'Research Wiki Editors',
    description: 'Researchers who write and review pages of the research wiki.',
    apps: [['app-wiki', 'saml20_sp']],
    organizationGUID: HW,
    overrideSettingsAllowed: true,
  },
  {
    key: 'lms',
    name: 'Course Teachers',
    description: 'Teachers of the learning environment, with access to the library for course material.',
    apps: [
      ['app-canvas', 'saml20_sp'],
      ['app-library', 'oidc10_rp'],
    ],
    organizationGUID: HW,
    defaultExpiryDays: 180,
  },
  {
    key: 'forge',
    name: 'Code Forge Developers',
    description: 'Developers of research software on the code forge.',
    apps: [['app-gitlab', 'oidc10_rp']],
    organizationGUID: HW,
    inviterDisplayName: 'Research Software Team',
  },
  {
    key: 'library',
    name: 'Library Visitors',
    description: 'External visitors of the university library.',
    apps: [['app-library', 'oidc10_rp']],
    organizationGUID: HW,
    defaultExpiryDays: 30,
    enforceEmailEquality: true,
  },
  {
    key: 'rooster',
    name: 'Timetable Planners',
    description: 'Planners of the Amstel timetable.',
    apps: [['app-rooster', 'saml20_sp']],
    organizationGUID: '4f5e2b8a-1c3d-4e6f-9a0b-7c8d9e0f1a2b',
  },
  {
    key: 'vault',
    name: 'Data Stewards',
    description: 'Stewards of research data in the data vault and the video platform.',
    apps: [
      ['app-datavault', 'oidc10_rp'],
      ['app-video', 'saml20_sp'],
    ],
    organizationGUID: '9e8d7c6b-5a4f-4e3d-2c1b-0a9f8e7d6c5b',
  },
  {
    key: 'legacy',
    name: 'Legacy Archive Readers',
    description: 'Readers of an archive that was removed from the registry.',
    apps: [['app-retired-archive', 'saml20_sp']],
    organizationGUID: HW,
  },
];

export interface SeedPerson {
  sub: string;
  name: string;
  email: string;
}

/** Extra people (not dev-IdP personas) who fill the member lists. */
export const SEED_PEOPLE: SeedPerson[] = [
  'Anna de Vries',
  'Bram Jansen',
  'Carla Bakker',
  'Daan Visser',
  'Eva Smit',
  'Finn Meijer',
  'Greta de Boer',
  'Hugo Mulder',
  'Isa de Groot',
  'Jens Bos',
  'Kim Vos',
  'Lars Peters',
  'Mila Hendriks',
  'Noah van Dijk',
].map((name) => {
  const local = name.toLowerCase().replace(/\s+/g, '.');
  return { sub: `urn:collab:person:example.org:${local}`, name, email: `${local}@example.org` };
});

export interface SeedMembership {
  role: string;
  /** A persona username or an e-mail of SEED_PEOPLE. */
  who: string;
  authority: Authority;
  /** Days from now; null for no end date; negative for already ended. */
  endInDays: number | null;
  guestRoleIncluded?: boolean;
}

export const SEED_MEMBERSHIPS: SeedMembership[] = [
  { role: 'wiki', who: 'manager', authority: 'MANAGER', endInDays: null },
  { role: 'wiki', who: 'inviter', authority: 'INVITER', endInDays: 200, guestRoleIncluded: true },
  { role: 'wiki', who: 'guest', authority: 'GUEST', endInDays: 12 },
  { role: 'lms', who: 'manager', authority: 'MANAGER', endInDays: 365 },
  { role: 'lms', who: 'guest', authority: 'GUEST', endInDays: 90 },
  { role: 'forge', who: 'inviter', authority: 'INVITER', endInDays: null },
  { role: 'library', who: 'guest', authority: 'GUEST', endInDays: 25 },
  { role: 'rooster', who: 'manager', authority: 'MANAGER', endInDays: null },
  { role: 'legacy', who: 'manager', authority: 'MANAGER', endInDays: null },
  ...SEED_PEOPLE.map((p, i): SeedMembership => ({
    role: ['wiki', 'lms', 'forge', 'library', 'vault'][i % 5],
    who: p.email,
    authority: i % 7 === 3 ? 'INVITER' : 'GUEST',
    // A mix: no end date, ending within 30 days, far ahead, and already ended (for the cleanup).
    endInDays: [null, 7, 20, 120, 300, -3, 45][i % 7],
  })),
];

export interface SeedInvitation {
  email: string;
  roles: string[];
  authority: Authority;
  inviter: string;
  /** 'open', 'accepted' or 'expired'. */
  state: 'open' | 'accepted' | 'expired';
  message?: string;
  language?: 'en' | 'nl';
}

export const SEED_INVITATIONS: SeedInvitation[] = [
  {
    email: 'olivia.janssen@example.com',
    roles: ['wiki'],
    authority: 'GUEST',
    inviter: 'manager',
    state: 'open',
    message: 'Welcome to the wiki team!',
  },
  {
    email: 'pieter.dekker@example.com',
    roles: ['wiki'],
    authority: 'INVITER',
    inviter: 'manager',
    state: 'open',
    language: 'nl',
  },
  {
    email: 'quinn.willems@example.com',
    roles: ['lms'],
    authority: 'GUEST',
    inviter: 'manager',
    state: 'open',
  },
  { email: 'rosa.kok@example.com', roles: ['forge'], authority: 'GUEST', inviter: 'inviter', state: 'open' },
  {
    email: 'sem.vandenberg@example.com',
    roles: ['wiki', 'lms'],
    authority: 'MANAGER',
    inviter: 'institution-admin',
    state: 'open',
  },
  {
    email: 'tess.dijkstra@example.com',
    roles: ['library'],
    authority: 'GUEST',
    inviter: 'admin',
    state: 'accepted',
  },
  {
    email: 'udo.smits@example.com',
    roles: ['wiki'],
    authority: 'GUEST',
    inviter: 'manager',
    state: 'expired',
  },
  {
    email: 'vera.vanleeuwen@example.com',
    roles: ['rooster'],
    authority: 'GUEST',
    inviter: 'manager',
    state: 'expired',
  },
  {
    email: 'new.institution.admin@example.org',
    roles: [],
    authority: 'INSTITUTION_ADMIN',
    inviter: 'admin',
    state: 'open',
  },
];

/**
 * Application managers (issue 53): who manages which registry application, granted by an accepted
 * APPLICATION_MANAGER invitation of `inviter`. The library's own role (Library Visitors) is theirs to run;
 * Course Teachers also opens the learning environment, so it is theirs to see, not to change.
 */
export const SEED_APPLICATION_MANAGERS: Array<{
  who: string;
  inviter: string;
  apps: Array<[manageId: string, manageType: 'saml20_sp' | 'oidc10_rp']>;
}> = [{ who: 'application-manager', inviter: 'institution-admin', apps: [['app-library', 'oidc10_rp']] }];
