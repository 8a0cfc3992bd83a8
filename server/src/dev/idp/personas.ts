/**
 * The people of the development identity provider. Their subs are what the dev seed gives roles to; the
 * `incomplete` persona lacks required attributes on purpose (the missing-attributes page).
 */
import { DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT, DEFAULT_ORGANIZATION_GUID_PREFIX } from '../../config.js';

export const PERSONA_USERNAMES = [
  'admin',
  'institution-admin',
  'application-manager',
  'manager',
  'inviter',
  'guest',
  'incomplete',
] as const;
export type PersonaUsername = (typeof PERSONA_USERNAMES)[number];

/** The organisation GUID of "Universiteit Harderwijk" in the registry; the institution admin's. */
export const HARDERWIJK_ORGANIZATION_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';

/** OIDC claims as the dev IdP releases them. */
export interface PersonaClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  eduperson_principal_name?: string;
  schac_home_organization?: string;
  eduperson_entitlement?: string[];
}

export interface Persona {
  username: string;
  /** One line on the dev IdP's login page. */
  description: string;
  claims: PersonaClaims;
}

function person(
  username: PersonaUsername,
  given: string,
  family: string,
  description: string,
  extra: Partial<PersonaClaims> = {},
): Persona {
  return {
    username,
    description,
    claims: {
      sub: `urn:collab:person:example.org:${username}`,
      email: `${username}@example.org`,
      given_name: given,
      family_name: family,
      name: `${given} ${family}`,
      eduperson_principal_name: `${username}@example.org`,
      schac_home_organization: 'example.org',
      ...extra,
    },
  };
}

export const PERSONAS: readonly Persona[] = [
  person('admin', 'Ada', 'Admin', 'super user'),
  person('institution-admin', 'Iris', 'Institution', 'institution admin of Universiteit Harderwijk', {
    eduperson_entitlement: [
      DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT,
      `${DEFAULT_ORGANIZATION_GUID_PREFIX}${HARDERWIJK_ORGANIZATION_GUID}`,
    ],
  }),
  // Application manager of the library (granted by the dev seed as an accepted invitation would).
  person('application-manager', 'Abel', 'Application', 'application manager of the university library'),
  person('manager', 'Max', 'Manager', 'manager of a role'),
  person('inviter', 'Ivo', 'Inviter', 'inviter for a role'),
  person('guest', 'Gina', 'Guest', 'guest of a role'),
  {
    username: 'incomplete',
    description: 'lacks required attributes',
    claims: {
      sub: 'urn:collab:person:example.org:incomplete',
      email: 'incomplete@example.org',
      given_name: 'Ina',
      name: 'Ina',
    },
  },
];

export function personaByUsername(username: string): Persona | undefined {
  return PERSONAS.find((p) => p.username === username);
}

/**
 * The person behind a login name: a persona by username or e-mail, otherwise a new person with that
 * e-mail (a bare name becomes <name>@example.org); the sub is derived from the e-mail so it is stable.
 */
export function resolveLogin(input: string): Persona {
  const value = input.trim().toLowerCase();
  const known = PERSONAS.find((p) => p.username === value || p.claims.email === value);
  if (known) return known;
  const email = value.includes('@') ? value : `${value}@example.org`;
  const [local, domain] = email.split('@');
  const words = local.split(/[._-]+/).filter(Boolean);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const given = cap(words[0] ?? local);
  const family = words.length > 1 ? words.slice(1).map(cap).join(' ') : 'Example';
  return {
    username: email,
    description: 'new person',
    claims: {
      sub: `urn:collab:person:${domain}:${local}`,
      email,
      given_name: given,
      family_name: family,
      name: `${given} ${family}`,
      eduperson_principal_name: email,
      schac_home_organization: domain,
    },
  };
}
